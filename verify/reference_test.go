package verify

import (
	"slices"

	"hexproof/board"
	"hexproof/strategies"
)

// The reference: a plain recursive enumeration of every game, with no table,
// no symmetry and no layers — obviously correct and exponentially slow. The
// tests compare the verifier with it on small boards.

type refResult struct {
	verdict  Verdict
	plies    int          // refuted: shortest loss
	game     []board.Move // refuted: the smallest such game in cell order (every/first)
	longest  int          // optimal: longest game (every/first: over all games; some: minimax length)
	nodes    int64
	exceeded bool
}

// refGame is one finished game of the tree walk.
type refWalker struct {
	b       *board.Board
	s       strategies.Strategy
	me, opp board.Color
	choices Choices
	budget  int64
	r       refResult
	moves   []board.Move
	errSeen bool
}

func reference(s strategies.Strategy, starter board.Color, choices Choices, budget int64) refResult {
	w := &refWalker{b: s.Board(), s: s, me: s.Side(), opp: s.Side().Other(), choices: choices, budget: budget}
	if choices == Some {
		w.r.verdict = Optimal
		sc, ok := w.some(board.Position{}, starter, board.NoCell)
		switch {
		case !ok && w.errSeen:
			w.r.verdict = StrategyError
		case !ok:
			w.r.exceeded = true
		case sc >= scoreWin:
			w.r.longest = winBase - sc
		default:
			w.r.verdict, w.r.plies = Refuted, sc
		}
		return w.r
	}
	w.r.verdict = Optimal
	w.every(board.Position{}, starter, board.NoCell)
	return w.r
}

func (w *refWalker) lost() {
	n := len(w.moves)
	if w.r.verdict == StrategyError {
		return
	}
	if w.r.verdict != Refuted || n < w.r.plies || (n == w.r.plies && lessMoves(w.moves, w.r.game)) {
		w.r.verdict, w.r.plies, w.r.game = Refuted, n, slices.Clone(w.moves)
	}
}

func lessMoves(a, b []board.Move) bool {
	for i := range a {
		if a[i].Cell != b[i].Cell {
			return a[i].Cell < b[i].Cell
		}
	}
	return false
}

// every walks all games under `every` or `first`. toMove is the player to move.
func (w *refWalker) every(p board.Position, toMove board.Color, last board.Cell) {
	w.r.nodes++
	if w.r.nodes > w.budget {
		w.r.exceeded = true
		return
	}
	empty := w.b.All().AndNot(p.Occupied())
	var moves board.Bits
	rule := ""
	if toMove == w.opp {
		moves = empty
	} else {
		var allowed board.Bits
		allowed, rule = w.s.Allowed(p, last)
		if allowed.Empty() || allowed.AndNot(empty).Any() {
			w.r.verdict = StrategyError
			return
		}
		if w.choices == First {
			allowed = board.Bit(allowed.First())
		}
		moves = allowed
	}
	for moves.Any() && !w.r.exceeded && w.r.verdict != StrategyError {
		c := moves.Pop()
		q := p.Play(toMove, c)
		w.moves = append(w.moves, board.Move{Player: toMove, Cell: c, Rule: rule})
		switch {
		case w.b.Wins(q, toMove) && toMove == w.me:
			w.r.longest = max(w.r.longest, len(w.moves))
		case w.b.Wins(q, toMove) || q.Occupied() == w.b.All():
			w.lost()
		default:
			w.every(q, toMove.Other(), c)
		}
		w.moves = w.moves[:len(w.moves)-1]
	}
}

// some is the minimax score of verify/some.go, computed by plain recursion.
func (w *refWalker) some(p board.Position, toMove board.Color, last board.Cell) (int, bool) {
	w.r.nodes++
	if w.r.nodes > w.budget {
		return 0, false
	}
	d := p.Plies()
	empty := w.b.All().AndNot(p.Occupied())
	if toMove == w.opp {
		best := 255
		for bs := empty; bs.Any(); {
			c := bs.Pop()
			q := p.Play(w.opp, c)
			sc := d + 1
			if !w.b.Wins(q, w.opp) && q.Occupied() != w.b.All() {
				var ok bool
				if sc, ok = w.some(q, w.me, c); !ok {
					return 0, false
				}
			}
			best = min(best, sc)
		}
		return best, true
	}
	allowed, _ := w.s.Allowed(p, last)
	if allowed.Empty() || allowed.AndNot(empty).Any() {
		w.errSeen = true
		return 0, false
	}
	best := 0
	for allowed.Any() {
		c := allowed.Pop()
		q := p.Play(w.me, c)
		var sc int
		switch {
		case w.b.Wins(q, w.me):
			sc = winBase - (d + 1)
		case q.Occupied() == w.b.All():
			sc = d + 1
		default:
			var ok bool
			if sc, ok = w.some(q, w.opp, c); !ok {
				return 0, false
			}
		}
		best = max(best, sc)
	}
	return best, true
}
