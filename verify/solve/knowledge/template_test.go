package knowledge

import (
	"testing"

	"hexproof/board"
)

// TestZigguratDerived: H-search finds the edge 4-3-2 (the ziggurat of
// package templates: a Red stone on the third row from the edge and its
// eight-cell carrier, every other cell Blue) as a virtual connection to the
// edge, on the flat board and on the cylinder, with and without captured
// pairs. So the template needs no base case of its own (decisions/solve.md
// K2).
func TestZigguratDerived(t *testing.T) {
	noCap := DefaultLimits
	noCap.NoCapture = true
	for _, c := range []struct {
		b     *board.Board
		moves string
	}{
		// Stone (3,1); carrier (4,1), (2,2) (3,2) (4,2), (1,3) (2,3) (3,3) (4,3).
		{board.MustNew(4, 3, board.Flat), "R:(3,1) B:(1,1) B:(2,1) B:(1,2)"},
		{board.MustNew(5, 3, board.Cylinder), "R:(3,1) B:(1,1) B:(2,1) B:(1,2) B:(5,1) B:(5,2) B:(5,3)"},
	} {
		for _, lim := range []Limits{DefaultLimits, noCap} {
			a, err := New(c.b, lim)
			if err != nil {
				t.Fatal(err)
			}
			p := position(t, c.b, c.moves)
			if an := a.Analyze(p, board.Blue); an.Winner != board.Red {
				t.Errorf("%s, capture %v:\n%s\nBlue to move: %v (%s), want Red's virtual connection (the 4-3-2)",
					c.b, !lim.NoCapture, c.b.Picture(p, board.Bits{}), an.Winner, an.Why)
			}
		}
	}
}
