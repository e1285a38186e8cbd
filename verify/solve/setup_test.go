package solve

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"hexproof/board"
)

// TestSolveSetUpPositions: positions set up stone by stone (solve --red
// --blue --to-move), which no game need reach — any counts of stones, either
// player to move — on cylinders, flat boards and tori of 9 to 16 cells. The
// solver with its knowledge and symmetry must give the plain minimax's
// winner and exact set of winning moves: nothing in the search may assume
// that the stones alternate.
func TestSolveSetUpPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	per := 150
	if testing.Short() {
		per = 50
	}
	n := 0
	for _, geo := range []board.Geometry{board.Cylinder, board.Flat, board.Torus} {
		for _, sz := range [][2]int{{3, 3}, {3, 4}, {4, 3}, {4, 4}} {
			b := board.MustNew(sz[0], sz[1], geo)
			ref := &plain{b: b, memo: map[node]board.Color{}}
			s, _ := NewSolver(context.Background(), b, Options{TableBytes: 4 << 20})
			for range per {
				p := randomStones(rng, b, 5)
				if b.Wins(p, board.Red) || b.Wins(p, board.Blue) || p.Occupied() == b.All() {
					continue
				}
				mover := board.Red
				if rng.IntN(2) == 0 {
					mover = board.Blue
				}
				res, err := s.Solve(p, mover)
				if err != nil {
					t.Fatal(err)
				}
				w := ref.value(p, mover)
				want := ref.winningMoves(p, mover)
				if res.Winner != w || !slices.Equal(res.WinningMoves, want) {
					t.Fatalf("%s\n%s %s to move: solver %s %v, minimax %s %v", b, b.Picture(p, board.Bits{}), mover, res.Winner, res.WinningMoves, w, want)
				}
				n++
			}
			s.Close()
		}
	}
	t.Logf("%d positions compared", n)
	if n < 6*per {
		t.Fatalf("only %d positions compared: the test checks too little", n)
	}
}

// TestExtraBlueStoneNeverHelpsRed checks the argument of
// decisions/solve.md K30 on small boards: whenever Red wins a position with
// an extra Blue stone (the same player to move), Red wins it without that
// stone. Positions are random set-ups; both the solver and the plain
// minimax are asked, so a fault in either, or in the argument, shows.
func TestExtraBlueStoneNeverHelpsRed(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 45))
	per := 120
	if testing.Short() {
		per = 40
	}
	carried := 0
	for _, geo := range []board.Geometry{board.Cylinder, board.Flat} {
		for _, sz := range [][2]int{{4, 4}, {3, 5}, {5, 3}} {
			b := board.MustNew(sz[0], sz[1], geo)
			ref := &plain{b: b, memo: map[node]board.Color{}}
			s, _ := NewSolver(context.Background(), b, Options{TableBytes: 4 << 20})
			for range per {
				p := randomStones(rng, b, 6)
				empty := b.All().AndNot(p.Occupied())
				if b.Wins(p, board.Red) || b.Wins(p, board.Blue) || empty.Count() < 2 {
					continue
				}
				cells := []board.Cell{}
				for e := empty; e.Any(); {
					cells = append(cells, e.Pop())
				}
				x := cells[rng.IntN(len(cells))]
				more := p.Play(board.Blue, x)
				if b.Wins(more, board.Blue) {
					continue
				}
				mover := board.Color(1 + rng.IntN(2))
				res, err := s.Solve(more, mover)
				if err != nil {
					t.Fatal(err)
				}
				if res.Winner != ref.value(more, mover) {
					t.Fatalf("solver and minimax disagree on\n%s", b.Picture(more, board.Bits{}))
				}
				if res.Winner != board.Red {
					continue
				}
				carried++
				if w, err := s.Winner(p, mover); err != nil || w != board.Red || ref.value(p, mover) != board.Red {
					t.Fatalf("%s\nRed wins this with a Blue stone on %s, %s to move, but not without it (solver %s, minimax %s)",
						b, b.Format(x, board.Thesis), mover, w, ref.value(p, mover))
				}
			}
			s.Close()
		}
	}
	t.Logf("%d Red wins carried to the position without the extra stone", carried)
	if carried < per {
		t.Fatalf("only %d Red wins with the extra stone: the test checks too little", carried)
	}
}

// randomStones puts a Red stone on each cell with chance 1/k, else a Blue
// one with chance 1/k: a position set up, which no game need reach.
func randomStones(rng *rand.Rand, b *board.Board, k int) board.Position {
	var p board.Position
	for c := 0; c < b.Cells(); c++ {
		switch rng.IntN(k) {
		case 0:
			p = p.Play(board.Red, board.Cell(c))
		case 1:
			p = p.Play(board.Blue, board.Cell(c))
		}
	}
	return p
}
