package notions

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

// liveByDefinition is Def. 10.3.2 itself: x is live iff some completed
// colouring (Def. 10.3.1) of p changes its winner with x's colour.
func liveByDefinition(b *board.Board, p board.Position, x board.Cell) bool {
	rest := b.All().AndNot(p.Occupied()).Without(x).Cells()
	for mask := 0; mask < 1<<len(rest); mask++ {
		q := p
		for k, c := range rest {
			if mask>>k&1 == 1 {
				q.Red = q.Red.With(c)
			} else {
				q.Blue = q.Blue.With(c)
			}
		}
		if b.Winner(q.Play(board.Red, x)) != b.Winner(q.Play(board.Blue, x)) {
			return true
		}
	}
	return false
}

// TestLiveMatchesDefinition: Live agrees with Def. 10.3.2 evaluated over
// every completed colouring, on random positions of small cylinders, and its
// search is always exact there.
func TestLiveMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(103, 2))
	dead := 0
	// Small cylinders with 5 to 12 empty cells; then 5×6 and 5×7 with 12 to
	// 15: longer paths, more red groups to bypass a path cell (the walk does
	// not check minimality).
	for _, c := range []struct{ n, tries, empty, spread int }{{2, 150, 13, 8}, {3, 150, 13, 8}, {4, 150, 13, 8}, {6, 60, 15, 4}, {7, 60, 15, 4}} {
		b := board.MustNew(5, c.n, board.Cylinder)
		nt := NewNotions(b)
		for it := 0; it < c.tries; it++ {
			p := testkit.RandomStones(rng, b, b.Cells()-c.empty+rng.IntN(c.spread))
			if b.Winner(p) != board.Empty {
				continue
			}
			for e := testkit.EmptyOf(b, p); e.Any(); {
				x := e.Pop()
				live, proven := nt.Live(p, x)
				want := liveByDefinition(b, p, x)
				if live != want || !proven {
					t.Fatalf("5x%d %s: Live(%s) = %v (proven %v), definition says %v", c.n, b.Picture(p, board.Bit(x)), b.Format(x, board.Thesis), live, proven, want)
				}
				if !want {
					dead++
				}
			}
		}
	}
	if dead == 0 {
		t.Error("no dead cell met: the test checks nothing about them")
	}
	t.Logf("%d dead cells checked", dead)
}

// TestLiveAmongIsLive: LiveAmong, which takes every cell of a found path as
// live without its own search, answers as Live does cell by cell, for random
// candidate sets of random positions on cylinders up to 5×12 (budget-bound
// searches included).
func TestLiveAmongIsLive(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 5))
	dead, shared := 0, 0
	for _, sz := range [][2]int{{5, 6}, {5, 7}, {5, 9}, {5, 12}, {7, 7}, {4, 8}} {
		b := board.MustNew(sz[0], sz[1], board.Cylinder)
		nt := NewNotions(b)
		for it := 0; it < 300; it++ {
			p := testkit.RandomStones(rng, b, 4+rng.IntN(b.Cells()/2))
			if b.Winner(p) != board.Empty {
				continue
			}
			var want, cands board.Bits
			e := testkit.EmptyOf(b, p)
			for s := e; s.Any(); {
				x := s.Pop()
				if live, _ := nt.Live(p, x); live {
					want = want.With(x)
				} else {
					dead++
				}
				if rng.IntN(3) > 0 {
					cands = cands.With(x)
				}
			}
			for _, c := range []board.Bits{e, cands} {
				if got := nt.LiveAmong(p, c); got != want.And(c) {
					t.Fatalf("%s (candidates marked): LiveAmong = %v, Live says %v", b.Picture(p, c), got.Cells(), want.And(c).Cells())
				}
			}
			if want.Count() > 1 {
				shared++
			}
		}
	}
	if dead == 0 || shared == 0 {
		t.Fatalf("%d dead cells, %d positions with two live cells: the test compares too little", dead, shared)
	}
}

// TestTrueRedProvisionalWinBruteForce: TrueRedProvisionalWin agrees with
// trying every set of red bridges whose cells are pairwise disjoint (§6.4's
// true provisional winning path), on random positions with few bridges.
func TestTrueRedProvisionalWinBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(64, 2))
	seen := [2]int{}
	for _, n := range []int{3, 4, 5, 7} {
		b := board.MustNew(5, n, board.Cylinder)
		nt := NewNotions(b)
		for it := 0; it < 3000; it++ {
			// Few red stones, more blue ones: Red's paths then lean on bridges.
			var p board.Position
			for k, reds := 0, 1+rng.IntN(n); k < reds+rng.IntN(2*n); k++ {
				e := testkit.EmptyOf(b, p).Cells()
				if k < reds {
					p.Red = p.Red.With(e[rng.IntN(len(e))])
				} else {
					p.Blue = p.Blue.With(e[rng.IntN(len(e))])
				}
			}
			empty := testkit.EmptyOf(b, p)
			var l BridgeList
			nt.Bridges(p.Red, empty, true, &l)
			if l.N > 12 {
				continue
			}
			want := false
			for set := 0; set < 1<<l.N && !want; set++ {
				var g Groups
				nt.DirectGroups(p.Red, true, &g)
				var used board.Bits
				ok := true
				for k := 0; k < l.N && ok; k++ {
					if set>>k&1 == 0 {
						continue
					}
					if used.And(l.At[k].Cells()).Any() {
						ok = false
					}
					used = used.Or(l.At[k].Cells())
					g.union(nt.Node(l.At[k].Z), nt.Node(l.At[k].W))
				}
				want = ok && g.SameGroup(nt.TopNode(), nt.BottomNode())
			}
			if got := nt.TrueRedProvisionalWin(p.Red, empty); got != want {
				t.Fatalf("5x%d %s: TrueRedProvisionalWin = %v, brute force %v", n, b.Picture(p, board.Bits{}), got, want)
			}
			if want {
				seen[1]++
			} else if nt.RedProvisionalWin(p.Red, empty) {
				seen[0]++ // a provisional winning path, none of them true
			}
		}
	}
	if seen[0] == 0 || seen[1] == 0 {
		t.Errorf("cases met: %d untrue-only, %d true: the test checks too little", seen[0], seen[1])
	}
	t.Logf("%d positions with only untrue provisional winning paths, %d with a true one", seen[0], seen[1])
}
