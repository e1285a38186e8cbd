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
				var p board.Position
				for c := 0; c < b.Cells(); c++ {
					switch rng.IntN(5) {
					case 0:
						p = p.Play(board.Red, board.Cell(c))
					case 1:
						p = p.Play(board.Blue, board.Cell(c))
					}
				}
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
