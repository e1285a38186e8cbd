package verify

import (
	"context"
	"errors"
	"fmt"
	"maps"

	"hexproof/board"
	"hexproof/tt"
)

// `some` (SPEC §4) asks whether the strategy's rules can be completed into a
// winning strategy: at the strategy's turns some allowed move must keep the
// win. That is an AND/OR search. We solve it exactly by memoised minimax over
// positions with the opponent to move, with one score that carries both the
// outcome and the length (plies) of the game:
//
//	the strategy wins after len plies:  200 - len   (≥ 136, since len ≤ 64)
//	the strategy loses after len plies: len         (≤ 64; a draw counts as a loss)
//
// The strategy maximises the score (win, and win soonest; if it must lose, lose
// as late as possible); the opponent minimises it (win soonest; if it cannot
// win, delay). So a refutation's score is the length of the shortest loss the
// opponent can force against every completion — the minimal counterexample in
// the AND/OR sense — and the principal variation (ties broken by cell order) is
// the reported game. For a proof, 200 - score is the length of the game when
// the opponent delays and the strategy hurries; that is what "longest game"
// means under `some`.
//
// Why not proof-number search (the standard tool for AND/OR trees, Henderson
// 2010 ch. 3): PNS proves the outcome with fewer nodes, but we also want the
// exact forced length of a refutation, and the boards that `some` can settle
// exhaustively are small. The memoised minimax is exact and simple enough to
// check against a plain recursion; cut-offs only stop a loop once the best
// possible score for that player is reached, so values never change.
//
// The table keys are canonical under the strategy's declared symmetries:
// scores are invariant under a symmetry the strategy commutes with (the game
// trees are isomorphic move for move). The search is single-threaded; --jobs
// does not apply to it.

const (
	winBase  = 200
	scoreWin = 100 // scores ≥ scoreWin are wins
)

var errSomeStop = errors.New("stop")

type someSearch struct {
	e      *engine
	ctx    context.Context
	memo   map[tt.Key]uint8
	hits   int64 // positions met again (by transposition or symmetry)
	w      worker
	nodes  int64
	moves  []board.Move // path to the current node, for strategy errors
	errAt  *board.Game
	errWhy string
	stop   string
}

func (e *engine) runSome(ctx context.Context) error {
	if e.opt.DB != "" && e.opt.Resume {
		return fmt.Errorf("--choices some keeps its table in memory and cannot resume; run it without --resume")
	}
	s := &someSearch{e: e, ctx: ctx, memo: map[tt.Key]uint8{}, w: worker{rules: map[string]int64{}}}
	res := e.res
	score, err := s.root()
	res.Positions = int64(len(s.memo))
	res.TranspositionHits = s.hits
	res.SymmetryHits = s.w.symHits
	// A copy: the principal variation below asks the strategy again, and
	// those calls are not part of the search.
	res.RuleCounts = maps.Clone(s.w.rules)
	if err != nil {
		switch {
		case s.errAt != nil:
			res.Verdict, res.Detail, res.Counterexample = StrategyError, s.errWhy, s.errAt
			return nil
		case s.stop != "":
			res.Verdict, res.Detail = Inconclusive, s.stop
			return nil
		}
		return err
	}
	if score >= scoreWin {
		res.Verdict = Optimal
		res.LongestGame = winBase - score
		res.LayersDone = e.b.Cells()
		return nil
	}
	res.Verdict = Refuted
	res.Minimal = true
	res.Counterexample = s.principal()
	res.LayersDone = score
	res.LongestGame = len(res.Counterexample.Moves)
	if res.Counterexample.Winner == board.Empty {
		res.Detail = "the board filled up with no winner (a draw): the strategy did not win"
	}
	return nil
}

func (s *someSearch) root() (int, error) {
	e := s.e
	if e.opt.Starter == e.opp {
		return s.value(board.Position{}, 0)
	}
	allowed, rule, f := e.rules.Answer(board.Position{}, board.NoCell)
	if f != NoFault {
		s.errAt = &board.Game{Board: e.b, Starter: e.opt.Starter}
		s.errWhy = "on the empty board " + e.rules.Describe(f, board.Position{}, board.NoCell, allowed, rule)
		return 0, errSomeStop
	}
	s.w.rules[rule]++
	best := 0
	for allowed.Any() {
		a := allowed.Pop()
		s.moves = append(s.moves[:0], board.Move{Player: e.me, Cell: a, Rule: rule})
		sc, err := s.after(board.Position{}, a, 0)
		if err != nil {
			return 0, err
		}
		best = max(best, sc)
		if best == winBase-1 {
			break
		}
	}
	return best, nil
}

// after scores the strategy's move a in p, which has d stones.
func (s *someSearch) after(p board.Position, a board.Cell, d int) (int, error) {
	p2, o := s.e.rules.Place(p, s.e.me, a)
	switch o {
	case Won:
		return winBase - (d + 1), nil
	case Drawn:
		return d + 1, nil
	}
	return s.value(p2, d+1)
}

// value scores state p (opponent to move, d stones).
func (s *someSearch) value(p board.Position, d int) (int, error) {
	e := s.e
	k := e.key(p, &s.w)
	if v, ok := s.memo[k]; ok {
		s.hits++
		return int(v), nil
	}
	s.nodes++
	if s.nodes&4095 == 0 {
		if err := s.ctx.Err(); err != nil {
			s.stop = fmt.Sprintf("stopped (%v) after %d positions; --choices some cannot resume", err, len(s.memo))
			if err == context.DeadlineExceeded {
				s.stop = fmt.Sprintf("time limit of %s reached after %d positions; --choices some cannot resume", e.opt.TimeLimit, len(s.memo))
			}
			return 0, errSomeStop
		}
		if (e.opt.MaxPositions > 0 && int64(len(s.memo)) > e.opt.MaxPositions) || int64(len(s.memo))*64 > e.opt.memoryBudget() {
			s.stop = fmt.Sprintf("position or memory budget reached after %d positions", len(s.memo))
			return 0, errSomeStop
		}
	}
	n := len(s.moves)
	defer func() { s.moves = s.moves[:n] }()
	best := 255
	var err error
	e.rules.Replies(p, e.all.AndNot(p.Occupied()), func(rep Reply) bool {
		s.moves = append(s.moves[:n], board.Move{Player: e.opp, Cell: rep.B})
		switch {
		case rep.Outcome != Going:
			best = min(best, d+1)
			return best > d+1
		case rep.Fault != NoFault:
			g := board.Game{Board: e.b, Starter: e.opt.Starter, Moves: append([]board.Move(nil), s.moves...)}
			s.errAt, s.errWhy = &g, e.rules.Describe(rep.Fault, rep.P, rep.B, rep.Allowed, rep.Rule)
			err = errSomeStop
			return false
		}
		s.w.rules[rep.Rule]++
		bestA := 0
		for a := rep.Allowed; a.Any() && bestA < winBase-(d+2); {
			c := a.Pop()
			s.moves = append(s.moves[:n+1], board.Move{Player: e.me, Cell: c, Rule: rep.Rule})
			var sc int
			if sc, err = s.after(rep.P, c, d+1); err != nil {
				return false
			}
			bestA = max(bestA, sc)
		}
		best = min(best, bestA)
		return best > d+1
	})
	if err != nil {
		return 0, err
	}
	s.memo[k] = uint8(best)
	return best, nil
}

// principal follows the optimal play from the root (ties to the first cell):
// the opponent forces the quickest loss, the strategy delays it.
func (s *someSearch) principal() *board.Game {
	e := s.e
	g := &board.Game{Board: e.b, Starter: e.opt.Starter}
	var p board.Position
	d := 0
	// best is the strategy's answer that realises its value (the first such
	// cell), and that value.
	best := func(p board.Position, allowed board.Bits, d int) (board.Cell, int) {
		bestA, bestCell := -1, board.NoCell
		for allowed.Any() {
			a := allowed.Pop()
			if sc, _ := s.after(p, a, d); sc > bestA {
				bestA, bestCell = sc, a
			}
		}
		return bestCell, bestA
	}
	if e.opt.Starter == e.me {
		allowed, rule, _ := e.rules.Answer(p, board.NoCell)
		a, _ := best(p, allowed, 0)
		p = p.Play(e.me, a)
		g.Moves = append(g.Moves, board.Move{Player: e.me, Cell: a, Rule: rule})
		d = 1
	}
	for {
		target, _ := s.value(p, d)
		moved, over := false, false
		e.rules.Replies(p, e.all.AndNot(p.Occupied()), func(rep Reply) bool {
			if rep.Outcome != Going {
				if d+1 != target {
					return true
				}
				g.Moves = append(g.Moves, board.Move{Player: e.opp, Cell: rep.B})
				if rep.Outcome == Won {
					g.Winner = e.opp
				}
				over = true
				return false
			}
			a, sc := best(rep.P, rep.Allowed, d+1)
			if sc != target {
				return true
			}
			g.Moves = append(g.Moves, board.Move{Player: e.opp, Cell: rep.B}, board.Move{Player: e.me, Cell: a, Rule: rep.Rule})
			p = rep.P.Play(e.me, a)
			over = p.Occupied() == e.all // a draw after the strategy's move
			moved = true
			return false
		})
		if over || !moved {
			return g // !moved is unreachable: some move realises the value
		}
		d += 2
	}
}
