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

// BenchmarkKnowledgeCertificate: the compact certificate of 5×5 with Blue
// starting (Red's strategy), built with the knowledge.
func BenchmarkKnowledgeCertificate(b *testing.B) {
	bd := board.MustNew(5, 5, board.Cylinder)
	for i := 0; i < b.N; i++ {
		s, _ := NewSolver(context.Background(), bd, Options{TableBytes: 64 << 20})
		c, err := s.CompactCertificate(board.Blue, board.Red)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(c.Len()), "answers")
	}
}
