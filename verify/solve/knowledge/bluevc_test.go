package knowledge

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
)

// TestBlueHSearchSeam pins the sign of K10's base shifts on a case random
// positions rarely reach (docs/decisions/solve.md K10, "A gap in the
// tests"): one Blue stone u = (1,2) on the 7×3 cylinder, next to the seam,
// with y = (7,3) beside it across the seam and x = (1,3), x' = (7,2) beside
// both. The chains u–y and u–x–y (or u–x'–y) close a chain that does not go
// around the cylinder; with a wrong sign on either base shift they get
// different shifts and a semi-ring at y is claimed. One stone and one more
// cannot go around seven columns, so no semi-ring exists at all. The
// positive cases: Blue's stones fill ring 2 of the 3×3 and the 4×3
// cylinders but for one cell, a semi-ring at that cell.
func TestBlueHSearchSeam(t *testing.T) {
	for _, c := range []struct {
		m, n      int
		blue      [][2]int
		ring      bool
		semi      bool
		semiCells [][2]int // the semi-rings' carriers' intersection holds these
	}{
		{m: 7, n: 3, blue: [][2]int{{1, 2}}},
		{m: 7, n: 3, blue: [][2]int{{7, 2}}},
		{m: 3, n: 3, blue: [][2]int{{1, 2}, {2, 2}}, semi: true, semiCells: [][2]int{{3, 2}}},
		{m: 4, n: 3, blue: [][2]int{{1, 2}, {2, 2}, {3, 2}}, semi: true, semiCells: [][2]int{{4, 2}}},
	} {
		b := board.MustNew(c.m, c.n, board.Cylinder)
		a, err := New(b, DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		var blue uint64
		for _, x := range c.blue {
			blue |= 1 << uint(b.Cell(x[0], x[1]))
		}
		live := a.all &^ blue
		ring, semis, semi := a.blueHSearch(blue, live, live, false)
		if ring != c.ring || (semis > 0) != c.semi {
			t.Errorf("%dx%d, blue %v: ring %v, %d semi-rings; want ring %v, semi-rings %v", c.m, c.n, c.blue, ring, semis, c.ring, c.semi)
		}
		for _, x := range c.semiCells {
			if semi&(1<<uint(b.Cell(x[0], x[1]))) == 0 {
				t.Errorf("%dx%d, blue %v: the semi-rings' carriers %b miss %v", c.m, c.n, c.blue, semi, x)
			}
		}
	}
}

// TestBlueHSearchCarriers checks every ring and semi-ring that K10 finds on
// random positions of boards too large for the minimax: with Blue stones on
// the whole carrier (key included), the cells not Blue must no longer join
// ring 1 to ring n. That is what a ring means, and it holds for any
// position with a correct shift; a wrong shift claims closed chains that do
// not go around, whose carriers leave Red a path.
func TestBlueHSearchCarriers(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	per := 400
	if testing.Short() {
		per = 60
	}
	loops := 0
	for _, sz := range [][2]int{{3, 5}, {4, 6}, {5, 6}, {5, 8}, {6, 7}, {7, 7}, {5, 12}, {8, 8}} {
		b := board.MustNew(sz[0], sz[1], board.Cylinder)
		a, err := New(b, DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		var log []uint64
		a.h.loops = &log
		cells := b.All().Cells()
		for i := 0; i < per; i++ {
			rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
			nb, nr := rng.IntN(b.Cells()/3+1), rng.IntN(b.Cells()/4+1)
			var blue, red uint64
			for _, c := range cells[:nb] {
				blue |= 1 << uint(c)
			}
			for _, c := range cells[nb : nb+nr] {
				red |= 1 << uint(c)
			}
			if !a.connects(a.all&^blue, a.top, a.bot) || a.connects(red, a.top, a.bot) {
				continue // the game is over
			}
			live := a.all &^ (blue | red)
			log = log[:0]
			a.blueHSearch(blue, live, live, rng.IntN(2) == 0)
			for _, c := range log {
				loops++
				if a.connects(a.all&^(blue|c), a.top, a.bot) {
					t.Fatalf("%s: blue %b, red %b: a ring or semi-ring with carrier %b leaves red a path when blue holds it all",
						b, blue, red, c)
				}
			}
		}
	}
	t.Logf("%d rings and semi-rings checked", loops)
	if loops < 200 {
		t.Fatalf("only %d rings and semi-rings: too few to test", loops)
	}
}
