package knowledge

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
)

// benchPositions are n positions of random play with 6 to 17 stones on b
// that nobody has won, from a fixed seed.
func benchPositions(b *board.Board, n int) []board.Position {
	r := rand.New(rand.NewPCG(1, 2))
	var out []board.Position
	for len(out) < n {
		var p board.Position
		stones := 6 + r.IntN(12)
		mover := board.Red
		for i := 0; i < stones; i++ {
			free := b.All().AndNot(p.Occupied()).Cells()
			p = p.Play(mover, free[r.IntN(len(free))])
			mover = mover.Other()
		}
		if !b.Wins(p, board.Red) && !b.Wins(p, board.Blue) {
			out = append(out, p)
		}
	}
	return out
}

// BenchmarkAnalyze: the analysis (fill-in, threats, rings, both
// H-searches) of 200 random positions of 5×9 and 5×11, each with either
// player to move: the work of a solve's node.
func BenchmarkAnalyze(b *testing.B) {
	for _, size := range [][2]int{{5, 9}, {5, 11}} {
		bd := board.MustNew(size[0], size[1], board.Cylinder)
		ps := benchPositions(bd, 200)
		a, err := New(bd, DefaultLimits)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bd.String(), func(b *testing.B) {
			decided := 0
			for i := 0; i < b.N; i++ {
				decided = 0
				for _, p := range ps {
					for _, m := range []board.Color{board.Red, board.Blue} {
						if a.Analyze(p, m).Winner != board.Empty {
							decided++
						}
					}
				}
			}
			b.ReportMetric(float64(decided), "decided")
		})
	}
}

// TestAnalyzeIsAFunction: an analysis depends on the position and the mover
// alone, not on what the Analyzer analysed before (its scratch space), which
// the solver's cache of analyses (verify/solve, freePlay.seen) relies on: the
// analyses of 300 random positions of 5×9 and 5×11, each with either mover,
// made in one order by one Analyzer equal those made in the reverse order by
// another.
func TestAnalyzeIsAFunction(t *testing.T) {
	for _, size := range [][2]int{{5, 9}, {5, 11}} {
		bd := board.MustNew(size[0], size[1], board.Cylinder)
		ps := benchPositions(bd, 150)
		a1, _ := New(bd, DefaultLimits)
		a2, _ := New(bd, DefaultLimits)
		var first []Analysis
		for _, p := range ps {
			for _, m := range []board.Color{board.Red, board.Blue} {
				first = append(first, a1.Analyze(p, m))
			}
		}
		decided := 0
		for i := len(first) - 1; i >= 0; i-- {
			p, m := ps[i/2], []board.Color{board.Red, board.Blue}[i%2]
			if got := a2.Analyze(p, m); got != first[i] {
				t.Fatalf("%s, %s to move in\n%s: analysed %+v after the others, %+v before", bd, m, bd.Picture(p, board.Bits{}), got, first[i])
			}
			if first[i].Winner != board.Empty {
				decided++
			}
		}
		if decided == 0 || decided == len(first) {
			t.Fatalf("%s: %d of %d analyses decided: the test compares too little", bd, decided, len(first))
		}
	}
}

// TestORCutChangesNothing: the OR rule's two cuts (or, knownVC, noORCut)
// only skip branches that add nothing, so every analysis (winner, must-play set,
// winning moves, all of it) of 150 random positions of 5×6, 5×9, 5×11 and
// 7×7, each with either mover, is the same with it and without it.
func TestORCutChangesNothing(t *testing.T) {
	defer func() { noORCut = false }()
	for _, size := range [][2]int{{5, 6}, {5, 9}, {5, 11}, {7, 7}} {
		bd := board.MustNew(size[0], size[1], board.Cylinder)
		ps := benchPositions(bd, 150)
		a, _ := New(bd, DefaultLimits)
		decided := 0
		for _, p := range ps {
			for _, m := range []board.Color{board.Red, board.Blue} {
				noORCut = false
				with := a.Analyze(p, m)
				noORCut = true
				without := a.Analyze(p, m)
				if with != without {
					t.Fatalf("%s, %s to move in\n%s: %+v with the cut, %+v without", bd, m, bd.Picture(p, board.Bits{}), with, without)
				}
				if with.Winner != board.Empty {
					decided++
				}
			}
		}
		if decided == 0 {
			t.Fatalf("%s: no analysis decided: the test compares too little", bd)
		}
	}
}
