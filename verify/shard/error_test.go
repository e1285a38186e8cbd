package shard

import (
	"fmt"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
)

// erring is vandenbroek that answers an occupied cell once the board holds
// `at` stones and the opponent holds some cell of `cells` (with any) or none
// of them (without): a strategy error in some shards only (the opening games
// decide whether it can happen), in one layer, beside the losses of
// vandenbroek (11 plies with Blue starting under first).
type erring struct {
	strategies.Strategy
	at    int
	cells board.Bits
	any   bool
}

func (s erring) Symmetries() []board.Perm { return s.Board().Identity() }
func (s erring) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	if held := p.Blue.And(s.cells); p.Plies() == s.at && held.Any() == s.any {
		return board.Bit(p.Occupied().First()), "bad"
	}
	return s.Strategy.Allowed(p, last)
}

func init() {
	for _, at := range []int{9, 11} {
		strategies.Register(strategies.Info{
			Name: fmt.Sprintf("test-erring-%d", at), Side: board.Red, Description: "vandenbroek with a strategy error (tests only)",
			Applies: func(m, n int, g board.Geometry) error { return nil },
			Build: func(b *board.Board) (strategies.Strategy, error) {
				s, err := strategies.New("vandenbroek", b)
				if at == 9 {
					return erring{s, at, b.All().And(b.Top().Or(b.Bottom())), false}, err
				}
				return erring{s, at, board.Bit(0).With(7), true}, err
			},
		})
	}
}

// TestSplitStrategyErrors: real shards with strategy errors: an error after 9
// plies comes before vandenbroek's losses in 11 (the single run reports the
// error); an error after 11 plies is in the layer of the loss, which decides.
// The merge gives the single run's verdict, game and detail either way.
func TestSplitStrategyErrors(t *testing.T) {
	for at, want := range map[int]verify.Verdict{9: verify.StrategyError, 11: verify.Refuted} {
		c := splitCase{fmt.Sprintf("test-erring-%d", at), 5, 4, board.Cylinder, board.Blue, verify.First, want}
		whole := c.whole(t)
		for _, k := range []int{1, 5, 30, 400} {
			if testing.Short() && k == 400 {
				continue
			}
			p := c.plan(t, k)
			rs := runAll(t, p)
			verdicts := map[string]int{}
			for _, r := range rs {
				verdicts[r.Verdict]++
			}
			m := merge(t, p, rs)
			sameOutcome(t, fmt.Sprintf("%s, %d shards (%v)", c, len(p.Shards), verdicts), m.Result, whole)
			t.Logf("%s, %d shards: shard verdicts %v, merged %s in %d plies", c, len(p.Shards), verdicts, m.Result.Verdict, len(m.Result.Counterexample.Moves))
		}
	}
}
