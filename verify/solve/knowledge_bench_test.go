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

// BenchmarkFacts: the first 1,000 expansions of 5×9 with Blue starting,
// without a store of solved positions and with one (solve --db; a fresh
// store each time), for the cost of writing and reading it.
func BenchmarkFacts(b *testing.B) {
	bd := board.MustNew(5, 9, board.Cylinder)
	for _, db := range []bool{false, true} {
		name := "none"
		if db {
			name = "db"
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				opt := Options{TableBytes: 16 << 20, MaxNodes: 1000}
				var done func() error
				if db {
					f, err := OpenFacts(b.TempDir(), bd, false)
					if err != nil {
						b.Fatal(err)
					}
					opt.Facts, done = f, func() error {
						if err := f.Flush(); err != nil {
							return err
						}
						return f.Store().Close()
					}
				}
				s, _ := NewSolver(context.Background(), bd, opt)
				_, _ = s.Wins(board.Position{}, board.Blue, board.Blue)
				if done != nil {
					if err := done(); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkKnowledgeSolve511: the first 1,000 expansions of a 5×11 shard of
// the blunder search (results.md, p511b-2 shard 10: Blue (1,8), Red (2,8),
// Blue (1,3), Red to move), where H-search takes nearly all the time.
func BenchmarkKnowledgeSolve511(b *testing.B) {
	bd := board.MustNew(5, 11, board.Cylinder)
	var p board.Position
	for k, s := range []string{"(1,8)", "(2,8)", "(1,3)"} {
		c, err := bd.ParseCell(s)
		if err != nil {
			b.Fatal(err)
		}
		p = p.Play([]board.Color{board.Blue, board.Red}[k%2], c)
	}
	for i := 0; i < b.N; i++ {
		s, _ := NewSolver(context.Background(), bd, Options{TableBytes: 16 << 20, MaxNodes: 1000})
		_, _ = s.Wins(p, board.Red, board.Red)
	}
}
