package board

import (
	"math/rand/v2"
	"testing"
)

// TestWinsAfterAgreesWithWins plays random games on many boards of every
// geometry and checks, after every move, that WinsAfter gives the answer of
// Wins (its precondition — no win before the move — holds in a game).
func TestWinsAfterAgreesWithWins(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	checked, wins := 0, 0
	for _, g := range []Geometry{Cylinder, Flat, Torus} {
		for m := 1; m <= 8; m++ {
			for n := 1; n <= 8; n++ {
				b := MustNew(m, n, g)
				for game := 0; game < 200; game++ {
					var p Position
					who := Color(1 + r.IntN(2))
					cells := r.Perm(b.Cells())
					for _, x := range cells {
						c := Cell(x)
						p = p.Play(who, c)
						got, want := b.WinsAfter(p, who, c), b.Wins(p, who)
						checked++
						if got != want {
							t.Fatalf("%s: WinsAfter=%v Wins=%v for %s after %s\n%s", b, got, want, who, b.Format(c, Thesis), b.Picture(p, Bits{}))
						}
						if want {
							wins++
							break
						}
						who = who.Other()
					}
				}
			}
		}
	}
	if wins < 1000 {
		t.Fatalf("only %d wins in %d checks", wins, checked)
	}
}

// TestWinsAfterExhaustive: on every board of at most maxCells cells (all
// geometries, so m, n = 1, 2 and the torus are included), for every colouring
// of the cells and every stone c of either colour such that its owner had not
// won without c (WinsAfter's precondition), WinsAfter equals Wins.
func TestWinsAfterExhaustive(t *testing.T) {
	maxCells := 11
	if testing.Short() {
		maxCells = 8
	}
	checked := 0
	for _, g := range []Geometry{Cylinder, Flat, Torus} {
		for m := 1; m <= maxCells; m++ {
			for n := 1; m*n <= maxCells; n++ {
				b := MustNew(m, n, g)
				cells := b.Cells()
				forAllColourings(b, func(p Position) {
					for c := Cell(0); int(c) < cells; c++ {
						who := p.At(c)
						if who == Empty {
							continue
						}
						before := p
						if who == Red {
							before.Red = before.Red.Without(c)
						} else {
							before.Blue = before.Blue.Without(c)
						}
						if b.Wins(before, who) {
							continue
						}
						checked++
						if got, want := b.WinsAfter(p, who, c), b.Wins(p, who); got != want {
							t.Fatalf("%s: WinsAfter(%s at %s) = %v, Wins = %v\n%s", b, who, b.Format(c, Thesis), got, want, b.Picture(p, Bits{}))
						}
					}
				})
			}
		}
	}
	if checked == 0 {
		t.Fatal("no (position, stone) pair checked")
	}
}
