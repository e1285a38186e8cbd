package tt

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	badger "github.com/dgraph-io/badger/v4"
)

// TestBadgerBlocks: layers of several blocks, written in order (streamed),
// as many overlapping runs of several blocks each (merged), and in order at
// first and then out of order (the streamed part becomes a run), read back
// whole by Scan, with Len, and with Contains true exactly for members — at
// the edges of blocks too.
func TestBadgerBlocks(t *testing.T) {
	s, err := OpenBadger(filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := rand.New(rand.NewPCG(7, 8))
	sorted := SortUnique(wideKeys(r, 3*blockKeys+123))
	var runs [][]Key
	for range 40 {
		runs = append(runs, SortUnique(wideKeys(r, runKeys+500)))
	}
	half := len(sorted) / 2
	for name, adds := range map[string][][]Key{
		"streamed":           {sorted[:1000], sorted[1000:half], sorted[half:]},
		"runs":               runs,
		"streamed then runs": {sorted[:half], sorted[half:], runs[0], runs[1]},
		"empty":              {},
	} {
		w, err := s.Create(7)
		if err != nil {
			t.Fatal(err)
		}
		var all []Key
		for _, keys := range adds {
			all = append(all, keys...)
			if err := w.Add(keys); err != nil {
				t.Fatal(err)
			}
		}
		want := SortUnique(all)
		l, err := w.Finish()
		if err != nil {
			t.Fatal(err)
		}
		if l.Len() != int64(len(want)) {
			t.Fatalf("%s: the finished layer has %d keys, want %d", name, l.Len(), len(want))
		}
		// Read back through a fresh handle, as a resumed run does.
		if l, err = s.Layer(7); err != nil {
			t.Fatal(err)
		}
		if l.Len() != int64(len(want)) {
			t.Fatalf("%s: Len %d, want %d", name, l.Len(), len(want))
		}
		var got []Key
		if err := l.Scan(1000, func(k []Key) error { got = append(got, k...); return nil }); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s: Scan gives %d keys, want the %d of the sorted union", name, len(got), len(want))
		}
		var probes []Key
		for i := 0; i < len(want); i += blockKeys / 2 {
			probes = append(probes, want[i], want[min(i+blockKeys/2-1, len(want)-1)])
		}
		probes = append(probes, Key{}, Key{^uint64(0), ^uint64(0)})
		probes = append(probes, wideKeys(r, 200)...)
		for _, k := range probes {
			in, err := l.Contains(k)
			if err != nil {
				t.Fatal(err)
			}
			if in != Search(want, k) {
				t.Fatalf("%s: Contains(%v) = %v", name, k, in)
			}
		}
		// A finished layer leaves no runs behind.
		if runs := countPrefix(t, s, []byte{prefixRun}); runs != 0 {
			t.Fatalf("%s: %d run blocks left after Finish", name, runs)
		}
	}
}

// wideKeys are n random keys from about 4n values (some repeat).
func wideKeys(r *rand.Rand, n int) []Key {
	out := make([]Key, n)
	for i := range out {
		out[i] = Key{uint64(r.IntN(2 * n)), uint64(r.IntN(2))}
	}
	return out
}

func countPrefix(t *testing.T, s *Badger, p []byte) int {
	t.Helper()
	n := 0
	err := s.db.View(func(txn *badger.Txn) error {
		o := badger.DefaultIteratorOptions
		o.PrefetchValues = false
		o.Prefix = p
		it := txn.NewIterator(o)
		defer it.Close()
		for it.Seek(p); it.ValidForPrefix(p); it.Next() {
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
