package shard

import (
	"errors"
	"fmt"
	"strings"
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

// lying plays the lowest empty cell but declares the board's whole symmetry
// group, with which it does not commute.
type lying struct{ b *board.Board }

func (s lying) Board() *board.Board      { return s.b }
func (s lying) Side() board.Color        { return board.Red }
func (s lying) Symmetries() []board.Perm { return s.b.Group() }
func (s lying) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	return board.Bit(s.b.All().AndNot(p.Occupied()).First()), "lowest"
}

// TestPlanRefusesBrokenSymmetry: the plan extends the real games and checks
// that they land in the engine's layer of least images; a strategy that
// breaks its declared symmetry is refused instead of split wrongly.
func TestPlanRefusesBrokenSymmetry(t *testing.T) {
	_, err := Make(t.Context(), PlanOptions{Strategy: lying{board.MustNew(5, 4, board.Cylinder)}, Name: "lying", Starter: board.Blue, Choices: verify.Every, Shards: 50})
	var pe *PlanError
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), "breaks its declared symmetry") {
		t.Fatalf("err = %v, want a PlanError about the symmetry", err)
	}
}
