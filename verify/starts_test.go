package verify

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify/game"
)

// prefixes lists every game of k moves from the empty board by the rules
// (through the step), not over, ending with the strategy's answer.
func prefixes(r *game.Rules, starter board.Color, k int) []board.Game {
	var out []board.Game
	var rec func(p board.Position, last board.Cell, moves []board.Move)
	rec = func(p board.Position, last board.Cell, moves []board.Move) {
		if len(moves) == k {
			if p.ToMove(starter) == r.Opp {
				out = append(out, board.Game{Board: r.B, Starter: starter, Moves: slices.Clone(moves)})
			}
			return
		}
		who := p.ToMove(starter)
		cells := r.All.AndNot(p.Occupied())
		rule := ""
		if who == r.Me {
			a, rl, f := r.Answer(p, last)
			if f != game.NoFault {
				return
			}
			cells, rule = a, rl
		}
		for cells.Any() {
			c := cells.Pop()
			q, o := r.Place(p, who, c)
			if o == game.Going {
				rec(q, c, append(moves, board.Move{Player: who, Cell: c, Rule: rule}))
			}
		}
	}
	rec(board.Position{}, board.NoCell, nil)
	return out
}

// TestStartsUnionEqualsWholeRun: a search started from every prefix of k
// moves explores exactly the whole run's layers from k on, so it must give
// the same verdict, counterexample (prefix included) and longest game, and the
// positions of those layers; and a search from a subset of the prefixes never
// finds a shorter loss than the whole run.
func TestStartsUnionEqualsWholeRun(t *testing.T) {
	cases := []struct {
		name    string
		m, n    int
		geo     board.Geometry
		starter board.Color
		choices Choices
	}{
		{"mirror", 4, 3, board.Torus, board.Blue, Every},     // refuted (Fig. 4.7)
		{"mirror", 4, 3, board.Torus, board.Red, Every},      // refuted
		{"gardner", 4, 3, board.Cylinder, board.Blue, Every}, // optimal
		{"gardner", 4, 3, board.Cylinder, board.Red, First},  // optimal
		{"hht", 5, 3, board.Cylinder, board.Blue, Every},
		{"vandenbroek", 5, 3, board.Cylinder, board.Red, First},
	}
	for _, c := range cases {
		s, err := strategies.New(c.name, board.MustNew(c.m, c.n, c.geo))
		if err != nil {
			t.Fatal(err)
		}
		whole := run(t, Options{Strategy: s, Name: c.name, Starter: c.starter, Choices: c.choices})
		r := game.NewRules(s, c.choices == First)
		for _, k := range []int{2, 3, 4} {
			ps := prefixes(r, c.starter, k)
			if len(ps) == 0 {
				continue
			}
			part := run(t, Options{Strategy: s, Name: c.name, Starter: c.starter, Choices: c.choices, Starts: ps, Jobs: 2})
			if part.Verdict != whole.Verdict {
				t.Errorf("%s %s %v starts %v, from the %d-move prefixes: %s, whole run: %s", c.name, s.Board(), c.choices, c.starter, k, part.Verdict, whole.Verdict)
				continue
			}
			if whole.Verdict == Refuted {
				wg, pg := whole.Counterexample, part.Counterexample
				if len(wg.Moves) <= k {
					continue // lost before the prefixes end
				}
				if b := s.Board(); b.FormatMoves(wg.Moves, board.Thesis, true) != b.FormatMoves(pg.Moves, board.Thesis, true) {
					t.Errorf("%s %s starts %v, from the %d-move prefixes: counterexample %s, whole run %s", c.name, b, c.starter, k,
						b.FormatMoves(pg.Moves, board.Thesis, true), b.FormatMoves(wg.Moves, board.Thesis, true))
				}
			} else if part.LongestGame != whole.LongestGame {
				t.Errorf("%s starts %v, %d-move prefixes: longest %d, whole %d", c.name, c.starter, k, part.LongestGame, whole.LongestGame)
			}
			// Any subset: no shorter loss than the whole run's.
			half := run(t, Options{Strategy: s, Name: c.name, Starter: c.starter, Choices: c.choices, Starts: ps[len(ps)/2:]})
			if whole.Verdict == Optimal && half.Verdict != Optimal {
				t.Errorf("%s: half the prefixes give %s under an optimal strategy", c.name, half.Verdict)
			}
			if half.Verdict == Refuted && whole.Verdict == Refuted && len(half.Counterexample.Moves) < len(whole.Counterexample.Moves) {
				t.Errorf("%s: half the prefixes give a shorter loss than the whole run", c.name)
			}
		}
	}
}

// TestStartsRejected: prefixes that are not games by the rules are errors.
func TestStartsRejected(t *testing.T) {
	b := board.MustNew(4, 3, board.Cylinder)
	s, err := strategies.New("mirror", b)
	if err != nil {
		t.Fatal(err)
	}
	mv := func(who board.Color, i, j int) board.Move { return board.Move{Player: who, Cell: b.Cell(i, j)} }
	answer := func(p board.Position, last board.Cell) board.Cell {
		a, _ := s.Allowed(p, last)
		return a.First()
	}
	b11 := b.Cell(1, 1)
	good := []board.Move{mv(board.Blue, 1, 1), {Player: board.Red, Cell: answer(board.Position{}.Play(board.Blue, b11), b11)}}
	bad := map[string][][]board.Move{
		"not a move the strategy plays": {{mv(board.Blue, 1, 1), mv(board.Red, 1, 2)}},
		"turn":                          {{mv(board.Red, 1, 1), mv(board.Blue, 1, 2)}},
		"strategy to move":              {{mv(board.Blue, 1, 1)}},
		"prefix 1 has":                  {good, good[:1]},
	}
	if good[1].Cell == b.Cell(1, 2) {
		t.Fatal("test assumes mirror does not answer (1,1) with (1,2)")
	}
	for want, games := range bad {
		var starts []board.Game
		for _, m := range games {
			starts = append(starts, board.Game{Board: b, Starter: board.Blue, Moves: m})
		}
		_, err := Run(t.Context(), Options{Strategy: s, Name: "mirror", Starter: board.Blue, Starts: starts})
		var se *StartError
		if err == nil || !errors.As(err, &se) || !strings.Contains(err.Error(), want) {
			t.Errorf("prefixes %v: err = %v, want a StartError mentioning %q", games, err, want)
		}
	}
}
