package knowledge

import (
	"math"
	"testing"

	"hexproof/board"
)

// TestCurrents checks the circuit of the move order (K11) where its answer
// is known: on the empty cylinder the current is the same in every cell of
// a ring (the rotations map the circuit onto itself) and the same in
// rings r and n+1-r (so does the half turn); a cell that lies on no path of
// cells not Blue carries none; and on a single path every cell carries the
// whole current, which is 1/(the path's resistance). (An edge's resistance
// is the sum of its two cells', and a ring's edge to a cell that cell's, so
// a path of k empty cells has resistance 2k.)
func TestCurrents(t *testing.T) {
	b := board.MustNew(5, 6, board.Cylinder)
	a, err := New(b, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	var cur [MaxCells]float64
	a.Currents(board.Position{}, &cur)
	near := func(x, y float64) bool { return math.Abs(x-y) < 1e-9*max(1, math.Abs(x)) }
	for j := 1; j <= b.N; j++ {
		for i := 1; i <= b.M; i++ {
			c, first, mirror := cur[b.Cell(i, j)], cur[b.Cell(1, j)], cur[b.Cell(i, b.N+1-j)]
			if c <= 0 || !near(c, first) || !near(c, mirror) {
				t.Fatalf("empty 5x6: current %g at (%d,%d), %g at (1,%d), %g at (%d,%d)", c, i, j, first, j, mirror, i, b.N+1-j)
			}
		}
	}
	// Column 1 open, every other cell Blue but (3,1): a single path of six
	// empty cells, resistance 12, and (3,1) a dead end.
	var p board.Position
	for j := 1; j <= b.N; j++ {
		for i := 2; i <= b.M; i++ {
			if i != 3 || j != 1 {
				p = p.Play(board.Blue, b.Cell(i, j))
			}
		}
	}
	a.Currents(p, &cur)
	for j := 1; j <= b.N; j++ {
		if c := cur[b.Cell(1, j)]; !near(c, 1.0/12) {
			t.Errorf("single path: current %g at (1,%d), want 1/12", c, j)
		}
	}
	if c := cur[b.Cell(3, 1)]; c > 1e-9 {
		t.Errorf("a dead end on ring 1 carries current %g", c)
	}
	// A Red stone on the path is a near-perfect conductor: resistance 10.
	p = p.Play(board.Red, b.Cell(1, 3))
	a.Currents(p, &cur)
	if c := cur[b.Cell(1, 4)]; math.Abs(c-1.0/10) > 1e-3 {
		t.Errorf("single path with a Red stone: current %g at (1,4), want about 1/10", c)
	}
	if c := cur[b.Cell(1, 3)]; c != 0 {
		t.Errorf("a Red stone has current %g; only empty cells are scored", c)
	}
}
