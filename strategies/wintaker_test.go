package strategies

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

// TestWinTakers checks the WinTaker contract that game.Rules.Outcomes
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
				g := games
				if f, ok := s.(*Fitzgerald); ok && f.kn != nil {
					// The knowledge costs ms a decision; rule 1 comes
					// before it, so fewer games check the same.
					if n > 6 {
						continue
					}
					g = games / 10
				}
				checkWinTaker(t, spec, s, wt.WinRule(), g, rand.New(rand.NewPCG(uint64(n), 7)))
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
	me := s.Side()
	checked := 0
	strategyGames(rng, s, games, func(p board.Position, last board.Cell) board.Bits {
		allowed, label := s.Allowed(p, last)
		if wins := b.WinningCells(p, me); wins.Any() && last != board.NoCell {
			checked++
			if allowed.Empty() || allowed.AndNot(wins).Any() || label != rule {
				t.Fatalf("%s on %s: winning moves %s, but Allowed = %s, rule %q (want rule %q)\n%s",
					spec, b, testkit.CellsStr(b, wins), testkit.CellsStr(b, allowed), label, rule, b.Picture(p, wins))
			}
		}
		return allowed
	})
	if checked < games/4 {
		t.Fatalf("%s on %s: only %d decisions with a winning move in %d games", spec, b, checked, games)
	}
}

// strategyGames plays games on s's board, the strategy's side starting every
// other one, in which the opponent plays a random empty cell and the
// strategy's side the first cell of what decide returns for the position
// and the opponent's last move (board.NoCell at the start), or now and then,
// and when decide returns nothing, a random empty cell: positions of the kind
// the verifier meets, with some the strategy would not reach.
func strategyGames(rng *rand.Rand, s Strategy, games int, decide func(p board.Position, last board.Cell) board.Bits) {
	b := s.Board()
	me, opp := s.Side(), s.Side().Other()
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
			allowed := decide(p, last)
			c := allowed.First()
			if rng.IntN(5) == 0 || allowed.Empty() {
				c = empty[rng.IntN(len(empty))]
			}
			p = p.Play(me, c)
			turn = opp
		}
	}
}
