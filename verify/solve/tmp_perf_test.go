package solve

import (
	"context"
	"os"
	"testing"
	"time"

	"hexproof/board"
)

func TestTmpPerf(t *testing.T) {
	if os.Getenv("PERF") == "" {
		t.Skip()
	}
	for _, mn := range [][2]int{{5, 5}} {
		b := board.MustNew(mn[0], mn[1], board.Cylinder)
		for _, st := range []board.Color{board.Blue} {
			ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
			s, _ := NewSolver(ctx, b, Options{})
			t0 := time.Now()
			res, err := s.Solve(board.Position{}, st)
			cancel()
			if err != nil {
				t.Logf("%s %s: %v after %d nodes %v", b, st, err, s.Nodes(), time.Since(t0))
				continue
			}
			t.Logf("%s %s starts: winner %s moves %v nodes %d %v", b, st, res.Winner, res.WinningMoves, res.Positions, time.Since(t0))
		}
	}
}
