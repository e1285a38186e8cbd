package tt

import (
	"context"
	"errors"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"hexproof/board"
)

// testFacts is a new store holding facts and bands, flushed, with its
// counts of what it wrote set back to 0; it is closed when the test ends.
func testFacts(t *testing.T, facts []Fact, bands []BandAnswer) *Facts {
	t.Helper()
	s, err := OpenBadger(t.TempDir() + "/db")
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

// TestTake: Take adds what the destination lacks, never replaces a proved
// band answer by a spent budget nor a spent budget by a smaller one, keeps
// its own counts, and refuses two stores that disagree before writing
// anything (decisions/solve.md K29).
func TestTake(t *testing.T) {
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
	dst := testFacts(t, []Fact{fact(1, 2, board.Red)},
		[]BandAnswer{band(1, BandUnknown, 100), band(2, 5, 3000), band(3, BandUnknown, 500), band(4, BandLost, 10)})
	src := testFacts(t, []Fact{fact(1, 2, board.Red), fact(3, 4, board.Blue)},
		[]BandAnswer{band(1, 3, 50), band(2, BandUnknown, 9000), band(3, BandUnknown, 200), band(4, BandLost, 20),
			band(5, BandLost, 7), band(6, BandUnknown, 40), band(7, 9, 1)})
	nf, nb, err := dst.Take(context.Background(), src)
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
	if nf, nb, err := dst.Take(context.Background(), src); err != nil || nf != 0 || nb != 0 {
		t.Fatalf("Take again: %d, %d, %v; want 0, 0, nil", nf, nb, err)
	}
	// A store that disagrees is refused, and none of its records is taken,
	// not even those read before the disagreement.
	for _, bad := range []*Facts{
		testFacts(t, []Fact{fact(0, 1, board.Red), fact(3, 4, board.Red)}, []BandAnswer{band(8, 1, 1)}),
		testFacts(t, []Fact{fact(0, 1, board.Red)}, []BandAnswer{band(0, 2, 1), band(2, BandLost, 1)}),
	} {
		if _, _, err := dst.Take(context.Background(), bad); err == nil || !strings.Contains(err.Error(), "disagree") {
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

// TestUncleanReadOnly: a store copied while its writer has it open (what a
// kill leaves) is refused by a read-only open as *UncleanError, not as a
// damaged store; one open to write recovers it with everything flushed
// before the "kill", and a read-only open then succeeds.
func TestUncleanReadOnly(t *testing.T) {
	dir := t.TempDir() + "/db"
	w, err := OpenBadger(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	f := NewFacts(w)
	for i := range 100 {
		if err := f.Add(Fact{Mover: board.Blue, Key: Key{Red: uint64(i)}, Winner: board.Red, Depth: i}); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Flush(); err != nil {
		t.Fatal(err)
	}
	killed := t.TempDir() + "/killed"
	if err := os.CopyFS(killed, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	var unclean *UncleanError
	if _, err := OpenBadgerReadOnly(killed); !errors.As(err, &unclean) || strings.Contains(err.Error(), "damaged") {
		t.Fatalf("read-only open of a killed writer's store: %v; want an UncleanError", err)
	}
	r, err := OpenBadger(killed)
	if err != nil {
		t.Fatalf("open to write of a killed writer's store: %v", err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	r, err = OpenBadgerReadOnly(killed)
	if err != nil {
		t.Fatalf("read-only open after the recovery: %v", err)
	}
	defer r.Close()
	n := 0
	if err := NewFacts(r).Each(func(x Fact) error {
		if x.Winner != board.Red || x.Depth != int(x.Key.Red) {
			t.Errorf("recovered fact %v", x)
		}
		n++
		return nil
	}); err != nil || n != 100 {
		t.Fatalf("the recovered store holds %d facts (%v), want 100", n, err)
	}
}

// countdown is a context whose Err is nil for its first n calls and
// context.Canceled after: it stops Take at a chosen look at its context.
type countdown struct {
	context.Context
	n int
}

func (c *countdown) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

// TestTakeInterrupted: Take looks at its context on the first record and
// every takeCheck-th after it. Stopped in the check pass it writes nothing;
// stopped in the write pass it has written exactly the new records before
// the stop (its last batch too, which the store's own records leave part
// full), says how many, and a second Take adds the rest (K29,
// "Interrupting a take").
func TestTakeInterrupted(t *testing.T) {
	const n = 3*takeCheck + 10
	own := func(i int) bool { return i%5 == 0 } // the destination's own records
	fact := func(i int) Fact {
		w := board.Red
		if i%3 == 0 {
			w = board.Blue
		}
		return Fact{Mover: board.Red, Key: Key{Red: uint64(i), Blue: 1 << 40}, Winner: w, Depth: i % 1000}
	}
	open := func(keep func(int) bool) *Facts {
		var facts []Fact
		for i := range n {
			if keep(i) {
				facts = append(facts, fact(i))
			}
		}
		return testFacts(t, facts, nil)
	}
	src := open(func(int) bool { return true })
	// count checks that dst holds exactly count facts, each the source's.
	count := func(dst *Facts) int64 {
		t.Helper()
		var got int64
		if err := dst.Each(func(x Fact) error {
			got++
			if i := int(x.Key.Red); x != fact(i) {
				t.Errorf("the store holds %v, the source %v", x, fact(i))
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return got
	}
	// newBefore is the number of records new to the destination among the
	// source's first k (in key order, which is i's order).
	newBefore := func(k int) (c int64) {
		for i := range k {
			if !own(i) {
				c++
			}
		}
		return c
	}
	owned := newBefore(n) - int64(n) // minus the destination's own records
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	// The check pass looks at the context ceil(n/takeCheck) = 4 times.
	for _, c := range []struct {
		name    string
		ctx     context.Context
		written int64
	}{
		{"cancelled before", cancelled, 0},
		{"stopped in the check pass", &countdown{Context: context.Background(), n: 2}, 0},
		{"stopped at the write pass's first look", &countdown{Context: context.Background(), n: 4}, 0},
		{"stopped at the write pass's second look", &countdown{Context: context.Background(), n: 5}, newBefore(takeCheck)},
		{"stopped at the write pass's last look", &countdown{Context: context.Background(), n: 7}, newBefore(3 * takeCheck)},
	} {
		dst := open(own)
		nf, nb, err := dst.Take(c.ctx, src)
		if !errors.Is(err, context.Canceled) || nf != c.written || nb != 0 {
			t.Fatalf("%s: Take gave %d, %d, %v; want %d, 0, context.Canceled", c.name, nf, nb, err, c.written)
		}
		if got := count(dst); got != nf-owned {
			t.Fatalf("%s: the store holds %d facts after taking %d, want %d", c.name, got, nf, nf-owned)
		}
		rest, _, err := dst.Take(context.Background(), src)
		if err != nil || nf+rest != newBefore(n) || count(dst) != n {
			t.Fatalf("%s: the second Take added %d (%v), want %d, and a store of all %d", c.name, rest, err, newBefore(n)-nf, n)
		}
	}
}

// TestTakeMerge: Take walks the destination's facts beside the source's
// (cursor): stepping over short gaps, seeking over long ones. On random
// stores with both (runs of keys only one store holds, of every length up to
// 200) it takes exactly the source's facts the destination lacks, and
// refuses a source that disagrees on any one of the shared facts.
func TestTakeMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 44))
	fact := func(i int) Fact {
		return Fact{Mover: board.Color(1 + i%2), Key: Key{Red: uint64(i / 2), Blue: uint64(i) * 0x9e3779b9}, Winner: board.Color(1 + i/2%2), Depth: i % 300}
	}
	for round := range 6 {
		var mine, theirs []Fact
		inMine, inTheirs := map[int]bool{}, map[int]bool{}
		for i := 0; i < 6000; {
			run := 1 + rng.IntN(200)
			if rng.IntN(4) == 0 {
				run = 1 + rng.IntN(3)
			}
			where := rng.IntN(3) // 0: mine only, 1: theirs only, 2: both
			for j := i; j < i+run; j++ {
				if where != 1 {
					mine = append(mine, fact(j))
					inMine[j] = true
				}
				if where != 0 {
					theirs = append(theirs, fact(j))
					inTheirs[j] = true
				}
			}
			i += run
		}
		dst, src := testFacts(t, mine, nil), testFacts(t, theirs, nil)
		// A source that disagrees on one shared fact is refused.
		var shared []int
		for i := range inTheirs {
			if inMine[i] {
				shared = append(shared, i)
			}
		}
		if len(shared) > 0 {
			bad := slices.Clone(theirs)
			x := fact(shared[rng.IntN(len(shared))])
			x.Winner = board.Red + board.Blue - x.Winner
			bad = append(bad, x) // Add keeps the last of one key
			if _, _, err := dst.Take(context.Background(), testFacts(t, bad, nil)); err == nil || !strings.Contains(err.Error(), "disagree") {
				t.Fatalf("round %d: a source that disagrees on %v was taken: %v", round, x, err)
			}
		}
		nf, _, err := dst.Take(context.Background(), src)
		want := 0
		for i := range inTheirs {
			if !inMine[i] {
				want++
			}
		}
		if err != nil || nf != int64(want) {
			t.Fatalf("round %d: Take gave %d (%v), want %d", round, nf, err, want)
		}
		got := map[Fact]bool{}
		if err := dst.Each(func(x Fact) error { got[x] = true; return nil }); err != nil {
			t.Fatal(err)
		}
		if len(got) != len(inMine)+want {
			t.Fatalf("round %d: the store holds %d facts, want %d", round, len(got), len(inMine)+want)
		}
		for i := range 6000 {
			if (inMine[i] || inTheirs[i]) != got[fact(i)] {
				t.Fatalf("round %d: fact %d: held %v, want %v", round, i, got[fact(i)], inMine[i] || inTheirs[i])
			}
		}
	}
}
