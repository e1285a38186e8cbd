package verify

import (
	"runtime/debug"
	"testing"
)

// TestCollectorSettingsOverlap: runs that overlap (certify's table runs
// several) share the collector's settings: the memory limit is the sum of
// the active runs' budgets plus the fixed share, and the process's own
// settings come back when the last run ends, whatever order they end in.
func TestCollectorSettingsOverlap(t *testing.T) {
	oldGC := debug.SetGCPercent(77)
	oldLimit := debug.SetMemoryLimit(5 << 30)
	defer func() {
		debug.SetGCPercent(oldGC)
		debug.SetMemoryLimit(oldLimit)
	}()
	undoA := CollectorFor(1 << 30)
	if got := debug.SetMemoryLimit(-1); got != 1<<30+fixedShare {
		t.Fatalf("one run: limit %d, want %d", got, 1<<30+fixedShare)
	}
	undoB := CollectorFor(2 << 30)
	if got := debug.SetMemoryLimit(-1); got != 3<<30+fixedShare {
		t.Fatalf("two runs: limit %d, want %d", got, 3<<30+fixedShare)
	}
	undoA()
	if got := debug.SetMemoryLimit(-1); got != 2<<30+fixedShare {
		t.Fatalf("the first ended: limit %d, want %d", got, 2<<30+fixedShare)
	}
	if got := debug.SetGCPercent(-1); got != gcPercent {
		t.Fatalf("a run still active: GC percent %d, want %d", got, gcPercent)
	}
	debug.SetGCPercent(gcPercent)
	undoB()
	if got := debug.SetMemoryLimit(-1); got != 5<<30 {
		t.Fatalf("both ended: limit %d, want the process's 5 GiB", got)
	}
	if got := debug.SetGCPercent(-1); got != 77 {
		t.Fatalf("both ended: GC percent %d, want the process's 77", got)
	}
}
