package board

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestCanonicalizerAgrees: the fast canonical key equals Canonical's for the
// full group and for subgroups (rotations only; rotations and reflection;
// groups without the rotation), on random positions of many boards.
func TestCanonicalizerAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	fastSeen := 0
	for _, g := range []Geometry{Cylinder, Torus, Flat} {
		for m := 1; m <= 8; m++ {
			for n := 1; n <= 8; n++ {
				b := MustNew(m, n, g)
				groups := [][]Perm{b.Group(), b.Identity(), b.Generate(b.Rotation()), b.Generate(b.Rotation(), b.Reflection()), b.Generate(b.HalfTurn()), b.Generate(b.Rotation(), b.HalfTurn())}
				for _, grp := range groups {
					c := NewCanonicalizer(b, grp)
					if c.fast {
						fastSeen++
					}
					for k := 0; k < 300; k++ {
						var p Position
						for x := Cell(0); int(x) < b.Cells(); x++ {
							switch r.IntN(3) {
							case 1:
								p.Red = p.Red.With(x)
							case 2:
								p.Blue = p.Blue.With(x)
							}
						}
						want, at := Canonical(p, grp)
						got, changed := c.Canonical(p)
						if got != want || changed != (at != 0 && want != p) {
							t.Fatalf("%s, group of %d: fast %v/%v, Canonical %v/%v", b, len(grp), got, changed, want, at != 0 && want != p)
						}
					}
				}
			}
		}
	}
	if fastSeen < 50 {
		t.Fatalf("the fast path was used for only %d groups", fastSeen)
	}
}

// BenchmarkCanonicalizer times the verifier's canonical keys with the full
// cylinder group (order 4m) and with a two-element group without the rotation
// (the shape of gardner's).
func BenchmarkCanonicalizer(b *testing.B) {
	for _, s := range [][2]int{{5, 9}, {5, 4}, {8, 7}} {
		bd := MustNew(s[0], s[1], Cylinder)
		ps := midGame(bd, 1024)
		for _, g := range []struct {
			name  string
			group []Perm
		}{{"full", bd.Group()}, {"halfturn", bd.Generate(bd.HalfTurn())}} {
			c := NewCanonicalizer(bd, g.group)
			b.Run(fmt.Sprintf("%dx%d/%s", s[0], s[1], g.name), func(b *testing.B) {
				n := 0
				for i := 0; b.Loop(); i++ {
					if _, changed := c.Canonical(ps[i&1023]); changed {
						n++
					}
				}
				benchSink += n
			})
		}
	}
}
