package board_test

// The canonical keys under the symmetry groups that the registered strategies
// actually declare. This test lives in the external test package because it
// reads the strategy registry (package strategies imports board).

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
)

// declaredGroups lists, for every registered strategy and every board of at
// most 64 cells it applies to, the subgroup it declares (only non-trivial ones).
func declaredGroups(t *testing.T, maxSide int) []struct {
	name string
	b    *board.Board
	grp  []board.Perm
} {
	var out []struct {
		name string
		b    *board.Board
		grp  []board.Perm
	}
	for _, g := range []board.Geometry{board.Cylinder, board.Flat, board.Torus} {
		for m := 1; m <= 64 && m <= maxSide; m++ {
			for n := 1; m*n <= 64 && n <= maxSide; n++ {
				b := board.MustNew(m, n, g)
				for _, info := range strategies.All() {
					if info.Applies(m, n, g) != nil {
						continue
					}
					s, err := info.Build(b)
					if err != nil {
						t.Fatalf("%s on %s: %v", info.Name, b, err)
					}
					if len(s.Symmetries()) > 1 {
						out = append(out, struct {
							name string
							b    *board.Board
							grp  []board.Perm
						}{info.Name, b, s.Symmetries()})
					}
				}
			}
		}
	}
	return out
}

// TestCanonicalizerOnDeclaredGroups: for every subgroup a registered
// strategy declares on a board of at most 64 cells, the Canonicalizer gives
// board.Canonical's key and "changed" flag, and the key is the same for every
// image of the position (it is an orbit invariant), on random positions of
// every density, including the empty and the full board.
func TestCanonicalizerOnDeclaredGroups(t *testing.T) {
	maxSide, per := 64, 40
	if testing.Short() {
		maxSide, per = 12, 15
	}
	r := rand.New(rand.NewPCG(11, 13))
	groups := 0
	for _, dg := range declaredGroups(t, maxSide) {
		b, grp := dg.b, dg.grp
		groups++
		c := board.NewCanonicalizer(b, grp)
		for k := 0; k < per; k++ {
			var p board.Position
			density := r.IntN(4) // 0: empty-ish … 3: full
			for x := board.Cell(0); int(x) < b.Cells(); x++ {
				if density == 0 && k%2 == 0 {
					break
				}
				if r.IntN(4) < density || density == 3 {
					if r.IntN(2) == 0 {
						p.Red = p.Red.With(x)
					} else {
						p.Blue = p.Blue.With(x)
					}
				}
			}
			want, at := board.Canonical(p, grp)
			got, changed := c.Canonical(p)
			if got != want || changed != (at != 0 && want != p) {
				t.Fatalf("%s on %s (group of %d): Canonicalizer %v/%v, Canonical %v/%v", dg.name, b, len(grp), got, changed, want, at != 0 && want != p)
			}
			g := grp[r.IntN(len(grp))]
			if img, _ := c.Canonical(g.ApplyPos(p)); img != got {
				t.Fatalf("%s on %s: the key of an image differs from the key of the position", dg.name, b)
			}
		}
	}
	if groups < 20 {
		t.Fatalf("only %d declared groups found", groups)
	}
}
