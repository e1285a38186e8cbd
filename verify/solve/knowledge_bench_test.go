package solve

import (
	"context"
	"testing"

	"hexproof/board"
)

// BenchmarkKnowledgeSolve: the first 2,000 expansions of 5×8 with Red to
// move from the empty board (a node of the search with the knowledge).
func BenchmarkKnowledgeSolve(b *testing.B) {
	bd := board.MustNew(5, 8, board.Cylinder)
	for i := 0; i < b.N; i++ {
		s, _ := NewSolver(context.Background(), bd, Options{TableBytes: 16 << 20, MaxNodes: 2000})
		_, _ = s.Wins(board.Position{}, board.Red, board.Red)
	}
}
