package tt

import (
	"errors"
	"maps"
	"strings"
	"testing"

	"hexproof/board"
)

// TestTake: Take adds what the destination lacks, never replaces a proved
// band answer by a spent budget nor a spent budget by a smaller one, keeps
// its own counts, and refuses two stores that disagree before writing
// anything (decisions/solve.md K29).
func TestTake(t *testing.T) {
	open := func(name string, facts []Fact, bands []BandAnswer) *Facts {
		t.Helper()
		s, err := OpenBadger(t.TempDir() + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.Close() })
		f := NewFacts(s)
		for _, x := range facts {
			if err := f.Add(x); err != nil {
				t.Fatal(err)
			}
		}
		for _, a := range bands {
			if err := f.AddBand(a); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.Flush(); err != nil {
			t.Fatal(err)
		}
		f.Written, f.BandsWritten = 0, 0
		return f
	}
	fact := func(red, blue uint64, w board.Color) Fact {
		return Fact{Mover: board.Red, Key: Key{Red: red, Blue: blue}, Winner: w, Depth: int(300*red + blue)} // a depth that differs per fact and needs two bytes
	}
	band := func(stones uint64, answer int, budget int64) BandAnswer {
		return BandAnswer{Mover: board.Red, Depth: 4, Stones: stones, Red: 1 << 20, Blue: 1 << 21, Answer: answer, Budget: budget}
	}
	contents := func(f *Facts) (map[Key]Fact, map[uint64]BandAnswer) {
		t.Helper()
		fs, bs := map[Key]Fact{}, map[uint64]BandAnswer{}
		if err := f.Each(func(x Fact) error { fs[x.Key] = x; return nil }); err != nil {
			t.Fatal(err)
		}
		if err := f.EachBand(func(a BandAnswer) error { bs[a.Stones] = a; return nil }); err != nil {
			t.Fatal(err)
		}
		return fs, bs
	}
	dst := open("dst", []Fact{fact(1, 2, board.Red)},
		[]BandAnswer{band(1, BandUnknown, 100), band(2, 5, 3000), band(3, BandUnknown, 500), band(4, BandLost, 10)})
	src := open("src", []Fact{fact(1, 2, board.Red), fact(3, 4, board.Blue)},
		[]BandAnswer{band(1, 3, 50), band(2, BandUnknown, 9000), band(3, BandUnknown, 200), band(4, BandLost, 20),
			band(5, BandLost, 7), band(6, BandUnknown, 40), band(7, 9, 1)})
	nf, nb, err := dst.Take(src)
	if err != nil || nf != 1 || nb != 4 {
		t.Fatalf("Take: %d facts, %d band answers, %v; want 1, 4 (band games 1, 5, 6, 7), nil", nf, nb, err)
	}
	if dst.Written != 0 || dst.BandsWritten != 0 {
		t.Fatalf("Take changed the store's own counts: %d, %d", dst.Written, dst.BandsWritten)
	}
	fs, bs := contents(dst)
	wantF := map[Key]Fact{{1, 2}: fact(1, 2, board.Red), {3, 4}: fact(3, 4, board.Blue)}
	wantB := map[uint64]BandAnswer{1: band(1, 3, 50), 2: band(2, 5, 3000), 3: band(3, BandUnknown, 500), 4: band(4, BandLost, 10),
		5: band(5, BandLost, 7), 6: band(6, BandUnknown, 40), 7: band(7, 9, 1)}
	if !maps.Equal(fs, wantF) || !maps.Equal(bs, wantB) {
		t.Fatalf("after Take:\n facts %v\n bands %v\nwant\n facts %v\n bands %v", fs, bs, wantF, wantB)
	}
	// Taking again adds nothing.
	if nf, nb, err := dst.Take(src); err != nil || nf != 0 || nb != 0 {
		t.Fatalf("Take again: %d, %d, %v; want 0, 0, nil", nf, nb, err)
	}
	// A store that disagrees is refused, and none of its records is taken,
	// not even those read before the disagreement.
	for _, bad := range []*Facts{
		open("badfact", []Fact{fact(0, 1, board.Red), fact(3, 4, board.Red)}, []BandAnswer{band(8, 1, 1)}),
		open("badband", []Fact{fact(0, 1, board.Red)}, []BandAnswer{band(0, 2, 1), band(2, BandLost, 1)}),
	} {
		if _, _, err := dst.Take(bad); err == nil || !strings.Contains(err.Error(), "disagree") {
			t.Fatalf("Take of a store that disagrees: %v", err)
		}
		if fs, bs := contents(dst); !maps.Equal(fs, wantF) || !maps.Equal(bs, wantB) {
			t.Fatalf("a refused Take wrote to the store:\n facts %v\n bands %v", fs, bs)
		}
	}
}

// TestOpenBadgerReadOnly: readers share a store (two solves taking from the
// same finished shard's store at once), a writer excludes them, and a
// reader cannot write.
func TestOpenBadgerReadOnly(t *testing.T) {
	dir := t.TempDir() + "/db"
	w, err := OpenBadger(dir)
	if err != nil {
		t.Fatal(err)
	}
	f := NewFacts(w)
	if err := f.Add(Fact{Mover: board.Blue, Key: Key{Red: 1}, Winner: board.Red}); err != nil {
		t.Fatal(err)
	}
	if err := f.Flush(); err != nil {
		t.Fatal(err)
	}
	var inUse *InUseError
	if _, err := OpenBadgerReadOnly(dir); !errors.As(err, &inUse) {
		t.Fatalf("reading a store open to write: %v; want InUseError", err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r1, err := OpenBadgerReadOnly(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r1.Close()
	r2, err := OpenBadgerReadOnly(dir)
	if err != nil {
		t.Fatalf("a second reader: %v", err)
	}
	defer r2.Close()
	if w, _, ok, err := NewFacts(r2).Winner(board.Blue, Key{Red: 1}); err != nil || !ok || w != board.Red {
		t.Fatalf("the reader's fact: %v %v %v", w, ok, err)
	}
	g := NewFacts(r1)
	if err := g.Add(Fact{Mover: board.Red, Key: Key{Red: 2}, Winner: board.Blue}); err != nil {
		t.Fatal(err)
	}
	if err := g.Flush(); err == nil {
		t.Fatal("a reader wrote to the store")
	}
	if _, err := OpenBadger(dir); !errors.As(err, &inUse) {
		t.Fatalf("writing a store open to read: %v; want InUseError", err)
	}
}
