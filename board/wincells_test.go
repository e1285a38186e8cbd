package board

import (
	"math/rand/v2"
	"testing"
)

// slowWinningCells is the definition: every empty cell after which who wins.
func slowWinningCells(b *Board, p Position, who Color) Bits {
	var out Bits
	for cs := b.All().AndNot(p.Occupied()); cs.Any(); {
		c := cs.Pop()
		if b.Wins(p.Play(who, c), who) {
			out = out.With(c)
		}
	}
	return out
}

// TestWinningCellsDefinition compares WinningCells with the full winner test
// after every empty cell, on random positions that the player has not won, for
// every geometry and board shapes including m = 1, 2 and n = 1, 2.
func TestWinningCellsDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, geo := range []Geometry{Cylinder, Flat, Torus} {
		for m := 1; m <= 7; m++ {
			for n := 1; n <= 7; n++ {
				b := MustNew(m, n, geo)
				checked := 0
				for trial := 0; trial < 400; trial++ {
					var p Position
					density := rng.Float64()
					for c := Cell(0); int(c) < b.Cells(); c++ {
						switch r := rng.Float64(); {
						case r < density/2:
							p.Red = p.Red.With(c)
						case r < density:
							p.Blue = p.Blue.With(c)
						}
					}
					for _, who := range []Color{Red, Blue} {
						if b.Wins(p, who) {
							continue
						}
						checked++
						if got, want := b.WinningCells(p, who), slowWinningCells(b, p, who); got != want {
							t.Fatalf("%v %dx%d %v: WinningCells = %v, want %v\n%s", geo, m, n, who, got.Cells(), want.Cells(), b.Picture(p, Bits{}))
						}
					}
				}
				if checked < 100 {
					t.Errorf("%v %dx%d: only %d positions checked", geo, m, n, checked)
				}
			}
		}
	}
}

// TestWinningCellsOneLineMissing aims at WinningCells' line filter: random
// dense positions in which the player's stones miss exactly one ring (Red) or
// column (Blue), where a winning cell, if any, must be in that line, compared
// with the full winner test; enough of them must have winning cells.
func TestWinningCellsOneLineMissing(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, geo := range []Geometry{Cylinder, Flat} {
		wins := 0
		for m := 1; m <= 7; m++ {
			for n := 1; n <= 7; n++ {
				b := MustNew(m, n, geo)
				for trial := 0; trial < 300; trial++ {
					who := Color(Red)
					lines := b.rings
					if trial%2 == 1 {
						who, lines = Blue, b.cols
					}
					var p Position
					for c := Cell(0); int(c) < b.Cells(); c++ {
						switch r := rng.Float64(); {
						case r < 0.55:
							p = p.Play(who, c)
						case r < 0.75:
							p = p.Play(who.Other(), c)
						}
					}
					// Empty (or give the other player) one line.
					for cs := lines[rng.IntN(len(lines))]; cs.Any(); {
						c := cs.Pop()
						p.Red, p.Blue = p.Red.Without(c), p.Blue.Without(c)
						if rng.IntN(4) == 0 {
							p = p.Play(who.Other(), c)
						}
					}
					if b.Wins(p, who) || b.Wins(p, who.Other()) {
						continue
					}
					got, want := b.WinningCells(p, who), slowWinningCells(b, p, who)
					if got != want {
						t.Fatalf("%v %dx%d %v: WinningCells = %v, want %v\n%s", geo, m, n, who, got.Cells(), want.Cells(), b.Picture(p, Bits{}))
					}
					if want.Any() {
						wins++
					}
				}
			}
		}
		if wins < 500 {
			t.Errorf("%v: only %d positions with a winning cell", geo, wins)
		}
		if testing.Verbose() {
			t.Logf("%v: %d positions with a winning cell", geo, wins)
		}
	}
}

// TestWinningCellsAfterOpponent: the opponent's stone on b removes b from a
// player's winning cells and changes nothing else (what the game step relies
// on).
func TestWinningCellsAfterOpponent(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, geo := range []Geometry{Cylinder, Flat, Torus} {
		b := MustNew(5, 4, geo)
		for trial := 0; trial < 3000; trial++ {
			p := randomPosition(rng, b, 1.0/3, 1.0/3)
			for _, who := range []Color{Red, Blue} {
				empty := b.All().AndNot(p.Occupied())
				if b.Wins(p, who) || empty.Empty() {
					continue
				}
				c := empty.Cells()[rng.IntN(empty.Count())]
				if got, want := b.WinningCells(p.Play(who.Other(), c), who), b.WinningCells(p, who).Without(c); got != want {
					t.Fatalf("%v %v: after the opponent's %d, %v, want %v", geo, who, c, got.Cells(), want.Cells())
				}
			}
		}
	}
}

// TestTwoNeighbours compares the offset-group count with counting each cell's
// neighbours, on every geometry and small shapes.
func TestTwoNeighbours(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, geo := range []Geometry{Cylinder, Flat, Torus} {
		for m := 1; m <= 8; m++ {
			for n := 1; n <= 8; n++ {
				b := MustNew(m, n, geo)
				for trial := 0; trial < 50; trial++ {
					var s Bits
					for c := Cell(0); int(c) < b.Cells(); c++ {
						if rng.IntN(3) == 0 {
							s = s.With(c)
						}
					}
					var want Bits
					for c := Cell(0); int(c) < b.Cells(); c++ {
						if b.Neighbours(c).And(s).Count() >= 2 {
							want = want.With(c)
						}
					}
					if got := b.twoNeighbours(s); got != want {
						t.Fatalf("%v %dx%d: %v, want %v", geo, m, n, got.Cells(), want.Cells())
					}
					if got, want := b.Grow(s), slowGrow(b, s); got != want {
						t.Fatalf("%v %dx%d: Grow %v, want %v", geo, m, n, got.Cells(), want.Cells())
					}
				}
			}
		}
	}
}

func slowGrow(b *Board, s Bits) Bits {
	var g Bits
	for s.Any() {
		g = g.Or(b.Neighbours(s.Pop()))
	}
	return g
}

// TestStonesToWinIsALowerBound: off the torus, no n-1 more stones of a player
// win when StonesToWin says n, on random positions of small boards (every
// set of n-1 empty cells is tried); and the bound is reached often enough to
// mean something.
func TestStonesToWinIsALowerBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	tight := 0
	for _, geo := range []Geometry{Cylinder, Flat} {
		for _, size := range [][2]int{{1, 3}, {2, 3}, {3, 3}, {4, 3}, {3, 4}, {4, 4}, {5, 3}} {
			b := MustNew(size[0], size[1], geo)
			for trial := 0; trial < 200; trial++ {
				p := randomPosition(rng, b, 0.25, 0.25)
				for _, who := range []Color{Red, Blue} {
					if b.Wins(p, who) || b.Wins(p, who.Other()) {
						continue
					}
					n, lines := b.StonesToWin(p, who)
					for _, c := range b.All().AndNot(p.Occupied()).Cells() {
						want := n
						if lines.Has(c) {
							want--
						}
						if m, _ := b.StonesToWin(p.Play(who, c), who); m != want {
							t.Fatalf("%v %dx%d %v: StonesToWin after %d is %d, want %d (lines %v)", geo, b.M, b.N, who, c, m, want, lines.Cells())
						}
					}
					empty := b.All().AndNot(p.Occupied()).Cells()
					// Can who win with exactly n stones more? (Then the bound is tight.)
					if n <= len(empty) && winsWithSome(b, p, who, empty, n) {
						tight++
					}
					if n >= 1 && winsWithSome(b, p, who, empty, n-1) {
						t.Fatalf("%v %dx%d %v: StonesToWin = %d, but %d stones win\n%s", geo, b.M, b.N, who, n, n-1, b.Picture(p, Bits{}))
					}
				}
			}
		}
	}
	if tight < 100 {
		t.Errorf("the bound was reached only %d times", tight)
	}
}

// winsWithSome says whether some k of the cells, added as who's stones to
// p, make who win.
func winsWithSome(b *Board, p Position, who Color, cells []Cell, k int) bool {
	if k == 0 {
		return b.Wins(p, who)
	}
	for i, c := range cells {
		if winsWithSome(b, p.Play(who, c), who, cells[i+1:], k-1) {
			return true
		}
	}
	return false
}
