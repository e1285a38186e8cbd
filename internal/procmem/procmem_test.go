package procmem

import (
	"os"
	"testing"
)

// TestFigures: on Linux the process's own figures are read and agree with
// each other: the peak is at least the anonymous memory now, the same
// figure is read through /proc/PID, and the machine has memory available.
func TestFigures(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc here")
	}
	hold := make([]byte, 32<<20)
	for i := range hold {
		hold[i] = 1
	}
	anon, _ := RSS()
	peak := PeakRSS()
	if anon < 32<<20 || peak < anon {
		t.Fatalf("anonymous %d, peak %d: want the 32 MiB held, and a peak at least that", anon, peak)
	}
	if got := ProcessKB(os.Getpid(), "VmHWM:"); got < anon {
		t.Fatalf("VmHWM through /proc/PID: %d, below the anonymous %d", got, anon)
	}
	if Available() <= 0 {
		t.Fatal("no available memory read")
	}
	_ = hold[len(hold)-1]
}
