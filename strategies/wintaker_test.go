package strategies

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/strategies/internal/testpos"
)

// TestWinTakers checks the WinTaker contract that verify.Rules.Outcomes
// relies on: for every registered strategy that implements it, under every
// value of every option, whenever it answers an opponent's move and has a
// move that wins at once, Allowed returns a non-empty set of winning moves
// with the label WinRule. The positions come from games in which the opponent
// plays at random and the strategy's side follows the strategy, or now and
// then plays at random, so that they are the kind the verifier meets.
func TestWinTakers(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 60
	}
	takers := 0
	for _, info := range All() {
		specs := []string{info.Name}
		for _, o := range info.Options {
			for _, v := range o.Values[1:] {
				specs = append(specs, info.Name+":"+o.Key+"="+v)
			}
		}
		for _, spec := range specs {
			for _, n := range []int{3, 4, 5, 6, 7, 9} {
				b := board.MustNew(5, n, board.Cylinder)
				s, err := New(spec, b)
				if err != nil {
					continue // not defined on this board
				}
				wt, ok := s.(WinTaker)
				if !ok {
					break
				}
				takers++
				checkWinTaker(t, spec, s, wt.WinRule(), games, rand.New(rand.NewPCG(uint64(n), 7)))
			}
		}
	}
	if takers == 0 {
		t.Fatal("no strategy implements WinTaker: the test checks nothing")
	}
}

func checkWinTaker(t *testing.T, spec string, s Strategy, rule string, games int, rng *rand.Rand) {
	t.Helper()
	b := s.Board()
	me, opp := s.Side(), s.Side().Other()
	checked := 0
	for g := 0; g < games; g++ {
		var p board.Position
		turn := opp
		if g%2 == 0 {
			turn = me
		}
		last := board.NoCell
		for b.Winner(p) == board.Empty && p.Occupied() != b.All() {
			empty := b.All().AndNot(p.Occupied()).Cells()
			if turn == opp {
				last = empty[rng.IntN(len(empty))]
				p = p.Play(opp, last)
				turn = me
				continue
			}
			allowed, label := s.Allowed(p, last)
			if wins := b.WinningCells(p, me); wins.Any() && last != board.NoCell {
				checked++
				if allowed.Empty() || allowed.AndNot(wins).Any() || label != rule {
					t.Fatalf("%s on %s: winning moves %s, but Allowed = %s, rule %q (want rule %q)\n%s",
						spec, b, testpos.CellsStr(b, wins), testpos.CellsStr(b, allowed), label, rule, b.Picture(p, wins))
				}
			}
			c := allowed.First()
			if rng.IntN(5) == 0 || allowed.Empty() {
				c = empty[rng.IntN(len(empty))]
			}
			p = p.Play(me, c)
			turn = opp
		}
	}
	if checked < games/4 {
		t.Fatalf("%s on %s: only %d decisions with a winning move in %d games", spec, b, checked, games)
	}
}
