package tt

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
)

// TestParts: runs saved as parts read back whole and in (segment, run)
// order, only those of the segments asked for and of their own layer; runs
// larger than one block span several; DropParts removes them; and through a
// Hybrid they are written before metadata queued after them.
func TestParts(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "db")
	disk, err := OpenBadgerFresh(dir)
	if err != nil {
		t.Fatal(err)
	}
	h := NewHybrid(disk, 1<<20)
	r := rand.New(rand.NewPCG(1, 2))
	type saved struct {
		d, seg, run int
		keys        []Key
	}
	var all []saved
	for _, d := range []int{4, 6} {
		for seg := range 3 {
			for run := range 2 {
				n := 1 + r.IntN(100)
				if seg == 1 && run == 1 {
					n = 2*fileBlockKeys + 17 // three blocks
				}
				keys := SortUnique(hybridKeys(r, n))
				all = append(all, saved{d, seg, run, keys})
				if err := h.SavePart(d, seg, run, keys); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if err := h.SaveMeta([]byte("after the parts")); err != nil {
		t.Fatal(err)
	}
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	disk, err = OpenBadger(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer disk.Close()
	if m, err := disk.LoadMeta(); err != nil || string(m) != "after the parts" {
		t.Fatalf("meta: %q, %v", m, err)
	}
	for _, d := range []int{4, 6} {
		for segs := 0; segs <= 4; segs++ {
			var got, want []Key
			if err := disk.ScanParts(d, segs, func(keys []Key) error { got = append(got, keys...); return nil }); err != nil {
				t.Fatal(err)
			}
			for _, s := range all {
				if s.d == d && s.seg < segs {
					want = append(want, s.keys...)
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("layer %d, %d segments: %d keys, want the %d of the runs in order", d, segs, len(got), len(want))
			}
		}
	}
	if err := disk.DropParts(); err != nil {
		t.Fatal(err)
	}
	n := 0
	if err := disk.ScanParts(4, 9, func([]Key) error { n++; return nil }); err != nil || n != 0 {
		t.Fatalf("after DropParts: %d runs, %v", n, err)
	}
}
