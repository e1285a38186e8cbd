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
