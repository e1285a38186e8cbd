package hunt

import (
	"context"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/verify"
	"hexproof/verify/game"
	"hexproof/verify/solve"
)

// TestGuidedGamesAreLost: the guide plays only moves that perfect play
// proves winning, so a game in which it chose a move is lost by the
// strategy, whatever the strategy answers. The strategy here allows every
// empty cell and answers at random (Red on the 4×4 cylinder, which Red wins
// with perfect play whoever starts, so Blue's guide has nothing to play
// until Red's random answer has thrown the win away). Both outcomes must
// occur: games the guide decided, and games it never entered.
func TestGuidedGamesAreLost(t *testing.T) {
	b := board.MustNew(4, 4, board.Cylinder)
	s := testkit.AnyEmpty{B: b, Player: board.Red}
	for _, starter := range []board.Color{board.Red, board.Blue} {
		rules := game.NewRules(s, false)
		pl := newPlayer(rules, SimOptions{Starter: starter, Opponent: MonteCarlo, Seed: 5})
		sv, err := solve.NewSolver(context.Background(), b, solve.Options{TableBytes: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		pl.guide = func(p board.Position) (board.Cell, bool) {
			c, err := sv.FindWin(p, board.Blue, 0)
			if err != nil {
				t.Fatal(err)
			}
			return c, c != board.NoCell
		}
		decided, free := 0, 0
		for i := range 60 {
			before := pl.guided
			g := pl.play(context.Background(), i)
			if pl.guided == before {
				free++
				continue
			}
			decided++
			if g.won {
				t.Fatalf("%s starts: game %d was won by the strategy after the guide chose %d move(s): %s",
					starter, i, pl.guided-before, b.FormatMoves(g.g.Moves, board.Thesis, true))
			}
		}
		t.Logf("%s starts: %d games decided by the guide, %d without it", starter, decided, free)
		if decided == 0 || free == 0 {
			t.Fatalf("%s starts: %d games decided by the guide, %d without it: one kind is missing", starter, decided, free)
		}
	}
}

// TestHuntGuideAndFirstLoss: fitzgerald on 5×6 with Blue starting loses
// (15 plies at best). A hunt with the guide and FirstLoss stops at its
// first loss, says so, and its loss replays; the guide's expansions count
// in the positions; a guide on a board beyond the solver and a negative
// budget are refused.
func TestHuntGuideAndFirstLoss(t *testing.T) {
	c := huntCase{"fitzgerald", 5, 6, board.Cylinder, board.Blue, verify.Every}
	s := c.strategy(t)
	rep, err := Run(context.Background(), Options{Strategy: s, Name: c.name, Starter: c.starter, Jobs: 1, Seed: 1, Guide: 200, FirstLoss: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Stopped != "first loss" || rep.Result.Verdict != verify.Refuted || rep.NoShorter || len(rep.Losses) == 0 {
		t.Fatalf("stopped %q, verdict %s, no shorter %v, %d losses", rep.Stopped, rep.Result.Verdict, rep.NoShorter, len(rep.Losses))
	}
	checkReplays(t, c, s, rep)
	if rep.Nodes < rep.GuideNodes {
		t.Fatalf("%d positions, fewer than the guide's %d expansions", rep.Nodes, rep.GuideNodes)
	}
	big := huntCase{"fitzgerald", 5, 13, board.Cylinder, board.Blue, verify.Every}
	for _, o := range []Options{
		{Strategy: big.strategy(t), Name: big.name, Starter: big.starter, Guide: 1},
		{Strategy: s, Name: c.name, Starter: c.starter, Guide: -1},
	} {
		if _, err := Run(context.Background(), o); err == nil {
			t.Errorf("%s with guide %d: no error", o.Strategy.Board(), o.Guide)
		}
	}
}
