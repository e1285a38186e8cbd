package knowledge

import (
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

func position(t *testing.T, b *board.Board, moves string) board.Position {
	t.Helper()
	p, _ := testkit.Played(t, b, moves)
	return p
}

// TestDeadCells: on the 5×4 cylinder a cell whose only non-Blue neighbour
// is one empty cell is dead (its neighbourhood is a clique of one) and is
// not among the moves; an open cell of ring 1 is live; the torus is
// refused.
func TestDeadCells(t *testing.T) {
	b := board.MustNew(5, 4, board.Cylinder)
	a, err := New(b, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	// (3,2) has neighbours (2,2) (4,2) (3,1) (4,1) (3,3) (2,3); all Blue
	// but (3,1), so (3,2) is dead: a Red path through it would have to
	// come from and go to (3,1) or ring 1's terminal, which touch.
	p := position(t, b, "B:(2,2) B:(4,2) B:(4,1) B:(3,3) B:(2,3)")
	an := a.Analyze(p, board.Red)
	if !an.Dead.Has(b.Cell(3, 2)) {
		t.Fatalf("(3,2) not dead: dead %v", an.Dead.Cells())
	}
	if an.Dead.Has(b.Cell(1, 1)) || an.Moves.Has(b.Cell(3, 2)) {
		t.Fatalf("dead %v, moves %v", an.Dead.Cells(), an.Moves.Cells())
	}
	if _, err := New(board.MustNew(3, 3, board.Torus), DefaultLimits); err != ErrGeometry {
		t.Fatalf("torus: %v", err)
	}
}

// TestDistance: Red's distance is the rings it still needs on the empty
// board, one less with a stone on each of two rings joined by adjacency,
// and −1 once Blue has a ring of its own.
func TestDistance(t *testing.T) {
	b := board.MustNew(5, 4, board.Cylinder)
	a, _ := New(b, DefaultLimits)
	for _, c := range []struct {
		moves string
		want  int
	}{
		{"", 4},
		{"R:(2,2)", 3},
		{"R:(2,2) R:(2,3)", 2},
		{"B:(1,2) B:(2,2) B:(3,2) B:(4,2) B:(5,2)", -1},
	} {
		if got := a.Distance(position(t, b, c.moves)); got != c.want {
			t.Errorf("%q: distance %d, want %d", c.moves, got, c.want)
		}
	}
}

// TestEmptyBoardVC: H-search alone finds Red's virtual connection on the
// empty 5×5 cylinder (docs/results.md: a second-player win for Red, checked
// by the 5×5 certificates), and none on the empty flat 2×2 board, which
// Blue wins when it moves first.
func TestEmptyBoardVC(t *testing.T) {
	a, _ := New(board.MustNew(5, 5, board.Cylinder), DefaultLimits)
	if an := a.Analyze(board.Position{}, board.Blue); an.Winner != board.Red {
		t.Fatalf("empty 5x5 cylinder, Blue to move: %+v", an)
	}
	a, _ = New(board.MustNew(2, 2, board.Flat), DefaultLimits)
	if an := a.Analyze(board.Position{}, board.Blue); an.Winner == board.Red {
		t.Fatalf("empty 2x2 flat board, Blue to move: knowledge says Red (%s), but Blue wins it", an.Why)
	}
}

// TestCapturedEqualsByGroups: captured, which works out the group a Red stone
// would join from the groups next to it, finds the same captured pairs as
// capturedByGroups, which recomputes Red's groups with the stone: on random
// positions of the cylinders 5×6, 5×9, 5×11, 7×7 and 8×8 (64 cells) and the
// flat 6×6 and 8×8, as they are and with their dead cells filled (as Analyze
// calls it).
func TestCapturedEqualsByGroups(t *testing.T) {
	found := 0
	for _, size := range [][3]int{{5, 6, 0}, {5, 9, 0}, {5, 11, 0}, {7, 7, 0}, {8, 8, 0}, {6, 6, 1}, {8, 8, 1}} {
		geo := board.Cylinder
		if size[2] == 1 {
			geo = board.Flat
		}
		bd := board.MustNew(size[0], size[1], geo)
		a, err := New(bd, DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range benchPositions(bd, 400) {
			red, blue := p.Red.Lo, p.Blue.Lo
			empty := a.all &^ (red | blue)
			dead := a.deadCells(red, blue, empty)
			for _, in := range [][3]uint64{{red, blue, empty}, {red, blue | dead, empty &^ dead}} {
				r, b := a.captured(in[0], in[1], in[2])
				rr, rb := a.capturedByGroups(in[0], in[2], a.groups(in[0], nil))
				if r != rr || b != rb {
					t.Fatalf("%s\n%s: captured gives Red %x Blue %x, capturedByGroups Red %x Blue %x", bd, bd.Picture(p, board.Bits{}), r, b, rr, rb)
				}
				if r|b != 0 {
					found++
				}
			}
		}
	}
	if found < 100 {
		t.Fatalf("only %d positions have a captured pair: the test compares too little", found)
	}
	t.Logf("%d positions with captured pairs", found)
}
