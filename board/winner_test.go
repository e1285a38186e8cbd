package board

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// boardCache holds one board per size and geometry, so tests that draw random
// sizes do not rebuild symmetry groups again and again.
var boardCache = map[[3]int]*Board{}

func cachedBoard(t testing.TB, m, n int, g Geometry) *Board {
	key := [3]int{m, n, int(g)}
	if b, ok := boardCache[key]; ok {
		return b
	}
	b, err := New(m, n, g)
	if err != nil {
		t.Fatalf("New(%d, %d, %s): %v", m, n, g, err)
	}
	boardCache[key] = b
	return b
}

// randomPosition colours each cell red with probability pr, blue with
// probability pb, and leaves it empty otherwise (any colouring, not only ones
// reachable in play: the win rules are about colourings).
func randomPosition(rng *rand.Rand, b *Board, pr, pb float64) Position {
	var p Position
	for c := Cell(0); int(c) < b.Cells(); c++ {
		x := rng.Float64()
		switch {
		case x < pr:
			p.Red = p.Red.With(c)
		case x < pr+pb:
			p.Blue = p.Blue.With(c)
		}
	}
	return p
}

// randomDensities draws a red and a blue density with pr + pb ≤ 1, from sparse
// positions to complete colourings.
func randomDensities(rng *rand.Rand) (float64, float64) {
	filled := rng.Float64()
	if rng.IntN(4) == 0 {
		filled = 1 // a complete colouring
	}
	share := rng.Float64()
	return filled * share, filled * (1 - share)
}

var geometries = []Geometry{Cylinder, Flat, Torus}

func describe(b *Board, p Position) string {
	return fmt.Sprintf("%s red=%v blue=%v\n%s", b, p.Red.Cells(), p.Blue.Cells(), b.Picture(p, Bits{}))
}

// TestWinnerAgainstDefinitions compares RedWins and BlueWins with the direct
// implementation of Def. 2.1.5, 2.2.2 and 2.3.2 (definitions_test.go) on 100,000
// random positions per geometry (sizes 1..8 × 1..8, so m and n = 1, 2, 3 are
// all drawn often; densities from sparse to complete). On the cylinder this is
// also the cross-check of the Thm. 3.2.2 shortcut that BlueWins uses; see
// TestCylinderShortcutThm322 for the exhaustive version on small boards.
func TestWinnerAgainstDefinitions(t *testing.T) {
	samples := 100_000
	if testing.Short() {
		samples = 10_000
	}
	for _, g := range geometries {
		t.Run(g.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(20261122, uint64(g)))
			var redWins, blueWins, both int
			for s := 0; s < samples; s++ {
				b := cachedBoard(t, 1+rng.IntN(8), 1+rng.IntN(8), g)
				pr, pb := randomDensities(rng)
				p := randomPosition(rng, b, pr, pb)
				gotR, wantR := b.RedWins(p), refRedWins(b, p)
				gotB, wantB := b.BlueWins(p), refBlueWins(b, p)
				if gotR != wantR || gotB != wantB {
					t.Fatalf("sample %d: RedWins=%v (definition %v), BlueWins=%v (definition %v) on %s",
						s, gotR, wantR, gotB, wantB, describe(b, p))
				}
				if wantR {
					redWins++
				}
				if wantB {
					blueWins++
				}
				if wantR && wantB {
					both++
				}
			}
			// Guard against a vacuous comparison: both outcomes must occur often.
			if redWins < samples/10 || blueWins < samples/10 || samples-redWins < samples/10 || samples-blueWins < samples/10 {
				t.Errorf("unbalanced sample: %d red wins, %d blue wins of %d", redWins, blueWins, samples)
			}
			if g != Torus && both != 0 {
				t.Errorf("%d positions where both players win on the %s", both, g)
			}
			t.Logf("%d positions: %d red wins, %d blue wins, %d both", samples, redWins, blueWins, both)
		})
	}
}

// forAllColourings calls f with every colouring of b's cells in {empty, red, blue}.
func forAllColourings(b *Board, f func(Position)) {
	total := 1
	for k := 0; k < b.Cells(); k++ {
		total *= 3
	}
	for code := 0; code < total; code++ {
		var p Position
		x := code
		for c := Cell(0); int(c) < b.Cells(); c++ {
			switch x % 3 {
			case 1:
				p.Red = p.Red.With(c)
			case 2:
				p.Blue = p.Blue.With(c)
			}
			x /= 3
		}
		f(p)
	}
}

// TestCylinderShortcutThm322 checks, on every colouring of every cylinder with
// at most 9 cells (m = 1, 2, 3 and n = 1, 2, 3, among others), that BlueWins —
// which uses the Strong Cylindrical Hex Theorem (thesis Thm. 3.2.2): Blue has a
// winning cycle iff the non-blue cells do not join ring 1 to ring n — agrees
// with Blue's winning cycle in the lifting (Def. 2.2.2). It does the same for
// Red, and for the flat board and the torus.
func TestCylinderShortcutThm322(t *testing.T) {
	maxCells := 9
	if testing.Short() {
		maxCells = 7
	}
	for _, g := range geometries {
		for m := 1; m <= maxCells; m++ {
			for n := 1; m*n <= maxCells; n++ {
				b := cachedBoard(t, m, n, g)
				count := 0
				forAllColourings(b, func(p Position) {
					if b.BlueWins(p) != refBlueWins(b, p) || b.RedWins(p) != refRedWins(b, p) {
						t.Fatalf("BlueWins=%v (definition %v), RedWins=%v (definition %v) on %s",
							b.BlueWins(p), refBlueWins(b, p), b.RedWins(p), refRedWins(b, p), describe(b, p))
					}
					count++
				})
				if g == Cylinder && m <= 3 && n <= 3 {
					t.Logf("%s: all %d colourings agree", b, count)
				}
			}
		}
	}
}

// TestFilledBoardHasOneWinner: a complete colouring of a cylinder or flat board
// has exactly one winner (Thm. 3.2.1, 3.2.2), checked with the package's own
// winner code and with the reference definitions.
func TestFilledBoardHasOneWinner(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 3))
	samples := 20_000
	if testing.Short() {
		samples = 2_000
	}
	for _, g := range []Geometry{Cylinder, Flat} {
		var red, blue int
		for s := 0; s < samples; s++ {
			b := cachedBoard(t, 1+rng.IntN(10), 1+rng.IntN(10), g)
			pr := rng.Float64()
			p := randomPosition(rng, b, pr, 1-pr)
			if p.Occupied() != b.All() {
				t.Fatalf("not a complete colouring: %s", describe(b, p))
			}
			r, bl := b.RedWins(p), b.BlueWins(p)
			if r == bl {
				t.Fatalf("RedWins=%v BlueWins=%v on a complete colouring: %s", r, bl, describe(b, p))
			}
			if w := b.Winner(p); (w == Red) != r || w == Empty {
				t.Fatalf("Winner=%v but RedWins=%v BlueWins=%v", w, r, bl)
			}
			if r != refRedWins(b, p) || bl != refBlueWins(b, p) {
				t.Fatalf("disagrees with the definitions on %s", describe(b, p))
			}
			if r {
				red++
			} else {
				blue++
			}
		}
		if red == 0 || blue == 0 {
			t.Errorf("%s: %d red and %d blue wins; want both to occur", g, red, blue)
		}
	}
}

// pos builds a position from (column, ring) lists.
func pos(t *testing.T, b *Board, red, blue [][2]int) Position {
	t.Helper()
	var p Position
	for _, c := range red {
		x, ok := b.CellAt(c[0], c[1])
		if !ok || p.Occupied().Has(x) {
			t.Fatalf("bad red cell %v on %s", c, b)
		}
		p.Red = p.Red.With(x)
	}
	for _, c := range blue {
		x, ok := b.CellAt(c[0], c[1])
		if !ok || p.Occupied().Has(x) {
			t.Fatalf("bad blue cell %v on %s", c, b)
		}
		p.Blue = p.Blue.With(x)
	}
	return p
}

// checkWins asserts both the package and the reference give the expected result.
func checkWins(t *testing.T, b *Board, p Position, red, blue bool) {
	t.Helper()
	if got := b.RedWins(p); got != red {
		t.Errorf("RedWins = %v, want %v on %s", got, red, describe(b, p))
	}
	if got := b.BlueWins(p); got != blue {
		t.Errorf("BlueWins = %v, want %v on %s", got, blue, describe(b, p))
	}
	if got := refRedWins(b, p); got != red {
		t.Errorf("definition: Red wins = %v, want %v on %s", got, red, describe(b, p))
	}
	if got := refBlueWins(b, p); got != blue {
		t.Errorf("definition: Blue wins = %v, want %v on %s", got, blue, describe(b, p))
	}
}

// isCycleCoveringColumns checks that set induces a single cycle in the board
// graph (connected, every cell with exactly two neighbours in the set), that it
// meets every column, and reports whether it uses an edge across the seam
// between column m and column 1.
func isCycleCoveringColumns(b *Board, set Bits) (cycle, allColumns, seam bool) {
	cycle = b.Component(set, set.First()) == set
	cols := map[int]bool{}
	for _, c := range set.Cells() {
		i, j := b.Coord(c)
		cols[i] = true
		if b.Neighbours(c).And(set).Count() != 2 {
			cycle = false
		}
		for _, d := range refOffsets {
			if i+d[0] >= 1 && i+d[0] <= b.M {
				continue
			}
			if x, ok := b.CellAt(i+d[0], j+d[1]); ok && set.Has(x) {
				seam = true
			}
		}
	}
	return cycle, len(cols) == b.M, seam
}

// TestThesisFig29WrapVersusEncircle reproduces the phenomenon of thesis Fig. 2.9
// on a 4×7 cylinder: (a) a blue cycle that meets every column and crosses the
// seam, but whose lift in S_n closes on its own starting cell, so it only wraps
// around the board and Blue has not won; (b) a blue cycle that, lifted, runs from
// a cell to its copy m columns on, so it encircles the board and Blue has won.
func TestThesisFig29WrapVersusEncircle(t *testing.T) {
	b := MustNew(4, 7, Cylinder)

	// (a) The ring of 8 cells around the two cells (4,4), (1,3) — adjacent across
	// the seam. Lifted, it is the hexagonal loop around (4,4), (5,3): a closed
	// loop in one sheet, touching none of its translates.
	wrap := pos(t, b, nil, [][2]int{{3, 4}, {3, 5}, {4, 3}, {4, 5}, {1, 4}, {1, 2}, {2, 3}, {2, 2}})
	cycle, all, seam := isCycleCoveringColumns(b, wrap.Blue)
	if !cycle || !all || !seam {
		t.Fatalf("(a) is not a seam-crossing blue cycle over every column: cycle=%v all=%v seam=%v", cycle, all, seam)
	}
	checkWins(t, b, wrap, false, false)
	// Filling every other cell red, Red goes round the loop and wins.
	checkWins(t, b, Position{Red: b.All().AndNot(wrap.Blue), Blue: wrap.Blue}, true, false)

	// (b) Five cells (1,3), (2,3), (3,2), (4,2), (4,3): lifted, (1,3) → (2,3) →
	// (3,2) → (4,2) → (4,3) → (5,3), the copy of (1,3) one sheet on.
	enc := pos(t, b, nil, [][2]int{{1, 3}, {2, 3}, {3, 2}, {4, 2}, {4, 3}})
	cycle, all, seam = isCycleCoveringColumns(b, enc.Blue)
	if !cycle || !all || !seam {
		t.Fatalf("(b) is not a seam-crossing blue cycle over every column: cycle=%v all=%v seam=%v", cycle, all, seam)
	}
	checkWins(t, b, enc, false, true)
	// Filling the rest red cannot help Red across the encircling cycle.
	checkWins(t, b, Position{Red: b.All().AndNot(enc.Blue), Blue: enc.Blue}, false, true)
}

// TestThesisFig210SeamGivesRedTheWin reproduces the comparison of thesis
// Fig. 2.5 and 2.10 (§2.2.2): one 3×3 colouring in which Blue has won ordinary
// Hex, while on the cylinder the seam edge (1,1)–(3,2) gives Red a top-to-bottom
// path and Blue's path is not a cycle.
func TestThesisFig210SeamGivesRedTheWin(t *testing.T) {
	red := [][2]int{{1, 1}, {3, 2}, {3, 3}}
	blue := [][2]int{{1, 2}, {2, 2}, {3, 1}}
	flat := MustNew(3, 3, Flat)
	checkWins(t, flat, pos(t, flat, red, blue), false, true)
	cyl := MustNew(3, 3, Cylinder)
	checkWins(t, cyl, pos(t, cyl, red, blue), true, false)
}

// TestThesisFig211BlueCycle is a blue winning cycle in the manner of thesis
// Fig. 2.11: a 5×4 cylinder where Blue's cycle crosses the seam diagonally
// ((5,3) to (1,2)) and climbs a ring on the way round.
func TestThesisFig211BlueCycle(t *testing.T) {
	b := MustNew(5, 4, Cylinder)
	blue := [][2]int{{1, 2}, {2, 2}, {3, 2}, {3, 3}, {4, 3}, {5, 3}}
	red := [][2]int{{1, 1}, {1, 3}, {1, 4}, {2, 3}}
	checkWins(t, b, pos(t, b, red, blue), false, true)
	// Remove the seam-crossing cell (5,3): the path no longer closes.
	checkWins(t, b, pos(t, b, red, blue[:5]), false, false)
}

// TestThesisFig217CylinderVersusTorus reproduces the phenomenon of thesis
// Fig. 2.17 (§2.3.2): one colouring of a 3×3 board in which Red has won on the
// cylinder while Blue has won on the torus (the torus's extra edges close
// Blue's cycle, and Red's path does not close up into a vertical cycle).
func TestThesisFig217CylinderVersusTorus(t *testing.T) {
	red := [][2]int{{2, 1}, {1, 2}, {1, 3}}
	blue := [][2]int{{1, 1}, {3, 1}, {2, 2}, {3, 2}, {2, 3}, {3, 3}}
	cyl := MustNew(3, 3, Cylinder)
	checkWins(t, cyl, pos(t, cyl, red, blue), true, false)
	tor := MustNew(3, 3, Torus)
	checkWins(t, tor, pos(t, tor, red, blue), false, true)
}

// TestThesisFig31TorusBothWin reproduces the counterexample of thesis Fig. 3.1
// to a "Strong Torus Hex Theorem": on the 3×3 torus a red cycle and a blue cycle
// coil around each other, each winding once both ways, so both players have
// won. Each is a diagonal along the offset (1,-1): three steps return to the
// start shifted by (m, -n).
func TestThesisFig31TorusBothWin(t *testing.T) {
	b := MustNew(3, 3, Torus)
	p := pos(t, b, [][2]int{{1, 1}, {2, 3}, {3, 2}}, [][2]int{{1, 2}, {2, 1}, {3, 3}})
	checkWins(t, b, p, true, true)
	if w := b.Winner(p); w != Red {
		t.Errorf("Winner = %v; documented to report Red when both have won", w)
	}
	// The third diagonal is still empty; every completion keeps both winners
	// (adding stones never destroys a cycle), unlike the cylinder's Thm. 3.2.2.
	third := b.All().AndNot(p.Occupied())
	for mask := 0; mask < 8; mask++ {
		q := p
		for k, c := range third.Cells() {
			if mask>>k&1 == 1 {
				q.Red = q.Red.With(c)
			} else {
				q.Blue = q.Blue.With(c)
			}
		}
		checkWins(t, b, q, true, true)
	}
}

// TestDegenerateBoards pins down the smallest boards, where the lifting makes a
// single stone a winning cycle (the edge from a cell to its own copy).
func TestDegenerateBoards(t *testing.T) {
	cases := []struct {
		m, n      int
		g         Geometry
		red, blue [][2]int
		rw, bw    bool
	}{
		// 1×1: one stone joins ring 1 to ring n = 1; a blue stone is adjacent to its copy.
		{1, 1, Cylinder, [][2]int{{1, 1}}, nil, true, false},
		{1, 1, Cylinder, nil, [][2]int{{1, 1}}, false, true},
		{1, 1, Flat, nil, [][2]int{{1, 1}}, false, true},
		{1, 1, Torus, [][2]int{{1, 1}}, nil, true, false},
		{1, 1, Torus, nil, [][2]int{{1, 1}}, false, true},
		// m = 1 cylinder: any blue stone encircles; Red needs the whole column.
		{1, 4, Cylinder, nil, [][2]int{{1, 3}}, false, true},
		{1, 4, Cylinder, [][2]int{{1, 1}, {1, 2}, {1, 4}}, nil, false, false},
		{1, 4, Cylinder, [][2]int{{1, 1}, {1, 2}, {1, 3}, {1, 4}}, nil, true, false},
		// m = 2 cylinder: two blue stones side by side encircle. Two on a diagonal
		// do not: in S_n the pair (2,1)–(1,2) is joined by the offset (-1,+1)
		// only, and its translates by 2 columns do not touch it.
		{2, 3, Cylinder, nil, [][2]int{{1, 2}, {2, 2}}, false, true},
		{2, 3, Cylinder, nil, [][2]int{{2, 1}, {1, 2}}, false, false},
		{2, 3, Cylinder, nil, [][2]int{{1, 1}, {1, 2}}, false, false},
		// n = 1 torus: a red stone is adjacent to its copy one ring down.
		{4, 1, Torus, [][2]int{{3, 1}}, nil, true, false},
		{4, 1, Torus, nil, [][2]int{{3, 1}}, false, false},
		// n = 2 torus: (1,1)–(1,2) is a vertical cycle of winding 1 ((1,2)–(1,3)).
		{3, 2, Torus, [][2]int{{1, 1}, {1, 2}}, nil, true, false},
	}
	for _, c := range cases {
		b := MustNew(c.m, c.n, c.g)
		t.Run(fmt.Sprintf("%s/%v/%v", b, c.red, c.blue), func(t *testing.T) {
			checkWins(t, b, pos(t, b, c.red, c.blue), c.rw, c.bw)
		})
	}
}
