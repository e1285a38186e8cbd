package solve

import (
	"context"
	"fmt"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
)

// TestSomePruningAgrees checks pruning by perfect play (verify.Options
// PerfectPlay, `verify --choices some --prune-lost`) against the `some`
// search without it, on every registered strategy of every board of 4–12
// cells, both starters: the same verdict, the same longest game when
// optimal (the proof search is exact under pruning), and when refuted a game
// that replays by the rules, is won by the opponent, and is no shorter than
// the unpruned search's quickest forced loss. It is run with an unbounded
// oracle and with a budget of 3 expansions a question, so that unsettled
// questions (moves searched instead of pruned) occur too.
func TestSomePruningAgrees(t *testing.T) {
	var compared, refuted, pruned, unsettled int
	for _, geo := range []board.Geometry{board.Cylinder, board.Flat, board.Torus} {
		for m := 1; m <= 12; m++ {
			for n := 1; n <= 12; n++ {
				if m*n < 4 || m*n > 12 {
					continue
				}
				b := board.MustNew(m, n, geo)
				for _, info := range strategies.All() {
					if info.Applies(m, n, geo) != nil {
						continue
					}
					s, err := info.Build(b)
					if err != nil {
						continue
					}
					for _, starter := range []board.Color{board.Red, board.Blue} {
						opt := verify.Options{Strategy: s, Name: info.Name, Starter: starter, Choices: verify.Some, MaxPositions: 2_000_000}
						ref, err := verify.Run(context.Background(), opt)
						if err != nil {
							t.Fatalf("%s %s %s: %v", b, info.Name, starter, err)
						}
						if ref.Verdict != verify.Optimal && ref.Verdict != verify.Refuted {
							continue
						}
						for _, budget := range []int64{0, 3} {
							name := fmt.Sprintf("%s/%s/%s-starts/budget=%d", b, info.Name, starter, budget)
							sv, err := NewSolver(context.Background(), b, Options{TableBytes: 1 << 20})
							if err != nil {
								t.Fatal(err)
							}
							opt.PerfectPlay = &Oracle{S: sv, Budget: budget}
							got, err := verify.Run(context.Background(), opt)
							sv.Close()
							if err != nil {
								t.Fatalf("%s: %v", name, err)
							}
							compared++
							pruned += int(min(got.Pruned, 1))
							unsettled += int(min(got.Unsettled, 1))
							if got.Verdict != ref.Verdict {
								t.Errorf("%s: verdict %s with pruning, %s without", name, got.Verdict, ref.Verdict)
								continue
							}
							switch got.Verdict {
							case verify.Optimal:
								if got.LongestGame != ref.LongestGame {
									t.Errorf("%s: longest game %d with pruning, %d without", name, got.LongestGame, ref.LongestGame)
								}
							case verify.Refuted:
								refuted++
								if got.Minimal {
									t.Errorf("%s: a refutation found with pruning is claimed shortest", name)
								}
								if len(got.Counterexample.Moves) < len(ref.Counterexample.Moves) {
									t.Errorf("%s: a lost game of %d plies, shorter than the quickest forced loss (%d)", name, len(got.Counterexample.Moves), len(ref.Counterexample.Moves))
								}
								replaysLost(t, name, s, got.Counterexample)
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d runs compared: %d refuted, %d with moves pruned, %d with questions unsettled", compared, refuted, pruned, unsettled)
	if compared < 200 || refuted < 20 || pruned < 20 || unsettled < 5 {
		t.Errorf("too few cases: %d compared, %d refuted, %d with pruning, %d with unsettled questions", compared, refuted, pruned, unsettled)
	}
}

// replaysLost checks that g is legal, that every move of the strategy's side
// is one the strategy allows, with its rule, and that the opponent won (or,
// on the torus, that the board filled with no winner: not a win either).
func replaysLost(t *testing.T, name string, s strategies.Strategy, g *board.Game) {
	t.Helper()
	b := s.Board()
	var p board.Position
	last := board.NoCell
	for k, m := range g.Moves {
		if p.Occupied().Has(m.Cell) || p.ToMove(g.Starter) != m.Player {
			t.Fatalf("%s: move %d is not legal", name, k+1)
		}
		if m.Player == s.Side() {
			allowed, rule := s.Allowed(p, last)
			if !allowed.Has(m.Cell) || rule != m.Rule {
				t.Fatalf("%s: move %d is not one the strategy allows (rule %q)", name, k+1, rule)
			}
		}
		p, last = p.Play(m.Player, m.Cell), m.Cell
		if k < len(g.Moves)-1 && b.Wins(p, m.Player) {
			t.Fatalf("%s: the game goes on after a win at move %d", name, k+1)
		}
	}
	// The opponent won, or (the torus) the board filled with no winner.
	drawn := g.Winner == board.Empty && p.Occupied() == b.All() && !b.Wins(p, board.Red) && !b.Wins(p, board.Blue)
	if !drawn && (g.Winner != s.Side().Other() || !b.Wins(p, g.Winner)) {
		t.Fatalf("%s: the opponent did not win the game, nor was it drawn", name)
	}
}
