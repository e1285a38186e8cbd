package tt

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// TestLayerSet: several workers' batches into one layer set, with budgets
// that force spills or not: the runs handed to the store are sorted and
// duplicate-free, and together hold exactly the distinct keys added; without
// spills they are disjoint.
//
// With checkpoints, what is saved (at the checkpoints between two phases of
// adding, at the end, and when a partition is drained) holds every distinct
// key added so far, each once when nothing is drained. A spill drains every
// partition into one run.
func TestLayerSet(t *testing.T) {
	// A small pendMin merges a partition's pending keys many times per
	// phase, with and without keys already saved.
	defer func(n int) { pendMin = n }(pendMin)
	for _, pendMin = range []int{7, 1 << 14} {
		testLayerSet(t)
	}
}

func testLayerSet(t *testing.T) {
	for _, maxKeys := range []int64{1 << 12, 1 << 14, 1 << 30} {
		var runs, saved [][]Key
		var mu sync.Mutex
		collect := func(into *[][]Key) func([]Key) error {
			return func(run []Key) error {
				mu.Lock()
				defer mu.Unlock()
				if !slices.IsSortedFunc(run, Compare) || len(SortUnique(slices.Clone(run))) != len(run) {
					t.Error("a run is not sorted and duplicate-free")
				}
				*into = append(*into, slices.Clone(run))
				return nil
			}
		}
		ls := NewLayerSet(maxKeys, collect(&runs), collect(&saved))
		var all [4][]Key
		for phase := range 2 {
			var wg sync.WaitGroup
			for w := range all {
				wg.Add(1)
				go func() {
					defer wg.Done()
					rng := rand.New(rand.NewPCG(15+uint64(phase), uint64(w)))
					b := NewBatch(ls)
					for i := 0; i < 15000; i++ {
						k := Key{Red: 1 + uint64(rng.IntN(20000)), Blue: uint64(rng.IntN(4))}
						all[w] = append(all[w], k)
						if err := b.Add(k); err != nil {
							t.Error(err)
						}
					}
					if err := b.Flush(); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			if err := ls.SaveFresh(); err != nil {
				t.Fatal(err)
			}
		}
		if err := ls.Finish(); err != nil {
			t.Fatal(err)
		}
		var want []Key
		for _, a := range all {
			want = append(want, a...)
		}
		want = SortUnique(want)
		for _, c := range []struct {
			what string
			runs [][]Key
		}{{"runs", runs}, {"saved runs", saved}} {
			var union []Key
			total := 0
			for _, r := range c.runs {
				union = append(union, r...)
				total += len(r)
			}
			if got := SortUnique(union); !slices.Equal(got, want) {
				t.Fatalf("budget %d, pendMin %d: %s hold %d distinct keys, want %d", maxKeys, pendMin, c.what, len(got), len(want))
			}
			if maxKeys == 1<<30 && total != len(want) {
				t.Fatalf("no spill, but the %s repeat keys: %d keys for %d distinct", c.what, total, len(want))
			}
		}
		// Only a spill makes a run of more than maxKeys/2 keys (finish's
		// runs are partitions of a set holding at most maxKeys).
		spills := 0
		for _, r := range runs {
			if int64(len(r)) > maxKeys/2 {
				spills++
			}
		}
		if (maxKeys < 1<<30) != (spills > 0) {
			t.Fatalf("budget %d: %d spilled runs", maxKeys, spills)
		}
		// A spill drains the whole set, so each spilled run holds more than
		// maxKeys/2 keys: at most 120,000 keys added / (maxKeys/2) spills,
		// plus finish's run per partition (the store's merge holds a block
		// per run).
		if limit := 1<<partBits + 4*15000*len(all)/int(maxKeys); len(runs) > limit {
			t.Fatalf("budget %d: %d runs, want at most %d", maxKeys, len(runs), limit)
		}
	}
}

// TestMergeInto: the layer set's in-place merge and its subtraction agree
// with MergeUnique and a plain filter, for runs that overlap a little,
// much or not at all, with and without room at the end of the first.
func TestMergeInto(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	run := func(n, spread int) []Key {
		keys := make([]Key, n)
		for i := range keys {
			keys[i] = Key{Red: uint64(r.IntN(spread)), Blue: uint64(r.IntN(3))}
		}
		return SortUnique(keys)
	}
	for i := 0; i < 500; i++ {
		spread := 1 + r.IntN(200)
		a, b := run(r.IntN(60), spread), run(r.IntN(60), spread)
		want := MergeUnique(a, b)
		wantSub := slices.DeleteFunc(slices.Clone(b), func(k Key) bool { return Search(a, k) })
		room := slices.Grow(slices.Clone(a), r.IntN(2*len(b)+1))
		if got := mergeInto(room, slices.Clone(b)); !slices.Equal(got, want) {
			t.Fatalf("case %d: mergeInto(%v, %v) = %v, want %v", i, a, b, got, want)
		}
		if got := subtract(slices.Clone(b), a); !slices.Equal(got, wantSub) {
			t.Fatalf("case %d: subtract(%v, %v) = %v, want %v", i, b, a, got, wantSub)
		}
	}
}
