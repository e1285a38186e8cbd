package pairing

import (
	"context"
	"math/rand"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
)

var geos = []board.Geometry{board.Cylinder, board.Flat, board.Torus}

// TestGridWinsMatchesBoard: grid's win rules agree with package board's on
// random positions of every board of at most 40 cells, m = 1 and 2 included.
func TestGridWinsMatchesBoard(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, geo := range geos {
		for m := 1; m <= 8; m++ {
			for n := 1; m*n <= 40; n++ {
				b := board.MustNew(m, n, geo)
				g, err := newGrid(m, n, geo)
				if err != nil {
					t.Fatal(err)
				}
				for c := 0; c < g.cells; c++ {
					if len(g.nbr[c]) != b.Neighbours(board.Cell(c)).Count() {
						t.Fatalf("%v cell %d: %d neighbours, board has %d", b, c, len(g.nbr[c]), b.Neighbours(board.Cell(c)).Count())
					}
				}
				for k := 0; k < 300; k++ {
					var p board.Position
					var red, blue set
					density := rng.Float64()
					for c := 0; c < g.cells; c++ {
						switch x := rng.Float64(); {
						case x < density/2:
							p.Red = p.Red.With(board.Cell(c))
							red.add(c)
						case x < density:
							p.Blue = p.Blue.With(board.Cell(c))
							blue.add(c)
						}
					}
					if got, want := g.wins(board.Red, red), b.RedWins(p); got != want {
						t.Fatalf("%v red %v: grid %v, board %v", b, red.cells(), got, want)
					}
					if got, want := g.wins(board.Blue, blue), b.BlueWins(p); got != want {
						t.Fatalf("%v blue %v: grid %v, board %v", b, blue.cells(), got, want)
					}
				}
			}
		}
	}
}

// enumerate decides P and Q by brute force: the opponent's maximal pair-free
// sets are the unpaired cells plus one cell of each pair (monotone rules), so
// P holds iff none of those 2^pairs sets wins for the opponent; Q iff every
// set of one cell per pair wins for the side.
func enumerate(g *grid, side board.Color, pairs [][2]int) (p, q bool) {
	var zone set
	for _, pr := range pairs {
		zone.add(pr[0])
		zone.add(pr[1])
	}
	unpaired := g.all.andNot(zone)
	p, q = true, true
	for mask := 0; mask < 1<<len(pairs); mask++ {
		opp, own := unpaired, set{}
		for k, pr := range pairs {
			x, y := pr[0], pr[1]
			if mask>>k&1 == 1 {
				x, y = y, x
			}
			opp.add(x)
			own.add(y)
		}
		if g.wins(side.Other(), opp) {
			p = false
		}
		if !g.wins(side, own) {
			q = false
		}
	}
	return p, q
}

// check runs the search on one board and pairing and compares with
// enumerate; a found set must be pair-free, inside the board and winning.
func check(t *testing.T, g *grid, side board.Color, pairs [][2]int, what string) {
	t.Helper()
	s := newSearcher(context.Background(), g, side, pairs)
	w, found, _, err := s.search(set{})
	if err != nil {
		t.Fatal(err)
	}
	wantP, wantQ := enumerate(g, side, pairs)
	if found == wantP {
		t.Fatalf("%s: search says P=%v, enumeration %v", what, !found, wantP)
	}
	if found {
		if !g.wins(side.Other(), w) {
			t.Fatalf("%s: returned set %v does not win", what, w.cells())
		}
		for _, pr := range pairs {
			if w.has(pr[0]) && w.has(pr[1]) {
				t.Fatalf("%s: returned set %v holds the pair %v", what, w.cells(), pr)
			}
		}
	}
	if g.geo == board.Torus {
		tr, bad, err := s.transversal(set{}, set{})
		if err != nil {
			t.Fatal(err)
		}
		if bad == wantQ {
			t.Fatalf("%s: transversal search says Q=%v, enumeration %v", what, !bad, wantQ)
		}
		if bad {
			for _, pr := range pairs {
				if tr.has(pr[0]) == tr.has(pr[1]) {
					t.Fatalf("%s: %v is not a transversal (pair %v)", what, tr.cells(), pr)
				}
			}
			if g.wins(side, tr) {
				t.Fatalf("%s: transversal %v wins", what, tr.cells())
			}
		}
	}
}

// TestSearchMatchesEnumerationRegistered: the search agrees with brute force
// for every registered pairing strategy on every board with ≤ 12 pairs.
func TestSearchMatchesEnumerationRegistered(t *testing.T) {
	n := 0
	for _, info := range strategies.All() {
		if info.Pairs == nil {
			continue
		}
		for _, geo := range geos {
			for m := 1; m <= 12; m++ {
				for rows := 1; m*rows <= 30; rows++ {
					if info.Applies(m, rows, geo) != nil {
						continue
					}
					g, _ := newGrid(m, rows, geo)
					var pairs [][2]int
					for _, p := range info.Pairs(m, rows, geo) {
						pairs = append(pairs, [2]int{g.cell(p[0][0], p[0][1]), g.cell(p[1][0], p[1][1])})
					}
					if len(pairs) > 12 {
						continue
					}
					check(t, g, info.Side, pairs, info.Name+" "+geo.String())
					n++
				}
			}
		}
	}
	if n < 30 {
		t.Fatalf("only %d boards", n)
	}
}

// TestSearchMatchesEnumerationRandom: the same on random pairings (random
// disjoint pairs, some cells unpaired) of small boards, both sides.
func TestSearchMatchesEnumerationRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	count := 0
	trials := 600
	if testing.Short() {
		trials = 150
	}
	for k := 0; k < trials; k++ {
		geo := geos[rng.Intn(3)]
		m, n := 1+rng.Intn(6), 1+rng.Intn(6)
		g, _ := newGrid(m, n, geo)
		perm := rng.Perm(g.cells)
		np := min(g.cells/2, 1+rng.Intn(14))
		var pairs [][2]int
		for i := 0; i < np; i++ {
			pairs = append(pairs, [2]int{perm[2*i], perm[2*i+1]})
		}
		side := board.Red
		if rng.Intn(2) == 1 {
			side = board.Blue
		}
		check(t, g, side, pairs, g.geo.String())
		count += len(pairs)
	}
	if count < trials {
		t.Fatalf("only %d pairs over %d trials", count, trials)
	}
	t.Logf("%d trials, %d pairs", trials, count)
}
