package game

import (
	"errors"
	"fmt"

	"hexproof/board"
	"hexproof/strategies"
)

// Replayed is a game replayed with a strategy (docs/design.md §6 replay), through the
// game step (Rules). Game holds the
// moves played; each of the strategy's moves carries the rule of its turn.
// Turns has one entry per turn of the strategy, in order.
type Replayed struct {
	Game board.Game
	// Whole is true when the move list gave the whole game (every move prefixed
	// R: or B:): the listed moves were followed and the strategy's own answers
	// recorded beside them. When false, the list held the opponent's moves only
	// and the strategy's answers were played between them.
	Whole bool
	Turns []Turn
}

// Turn is one decision of the strategy.
type Turn struct {
	Index   int        // index of the move in Game.Moves
	Allowed board.Bits // the cells the rules allow
	Rule    string     // the rule that produced them
	Answer  board.Cell // the strategy's own choice: the first allowed cell in cell order
	Agrees  bool       // the move played is in Allowed (always true when not Whole)
}

// Agreeing counts the turns whose played move the strategy allows.
func (r *Replayed) Agreeing() int {
	n := 0
	for _, t := range r.Turns {
		if t.Agrees {
			n++
		}
	}
	return n
}

// StrategyFault is a strategy answering with nothing while cells are empty, or
// with an occupied cell (docs/design.md §5 "strategy error"); Game is the game up to the
// position where it happened.
type StrategyFault struct {
	Game   board.Game
	Detail string
}

func (e *StrategyFault) Error() string {
	return fmt.Sprintf("strategy error after %d moves (%s): %s",
		len(e.Game.Moves), e.Game.Board.FormatMoves(e.Game.Moves, board.Thesis, true), e.Detail)
}

// ErrSeveralChoices is wrapped by Replay when it must choose the strategy's move
// itself, the strategy allows more than one, and firstChoice is false.
var ErrSeveralChoices = errors.New("the strategy allows several moves")

// Replay plays a move list against a strategy from the empty board (docs/design.md §6).
//
// If no token has a player prefix, or every token carries the opponent's, the
// tokens are the opponent's moves and the strategy's answers are played between
// them, after the last one too. The strategy's move is the first allowed cell in
// cell order when firstChoice is set (--choices first); otherwise a turn where
// several cells are allowed is an error wrapping ErrSeveralChoices, since the
// game would depend on a choice the strategy does not make.
//
// If every token is prefixed and some carry the strategy's side, the list is the
// whole game: it is followed as listed, and at each of the strategy's turns its
// allowed set, rule and first allowed cell are recorded with whether the listed
// move is allowed.
//
// Play stops when a player has won; a move after that, on an occupied cell, or by
// the wrong player is an error naming the token. A strategy answering with an
// empty set or an occupied cell gives a *StrategyFault.
func Replay(s strategies.Strategy, starter board.Color, toks []board.Token, firstChoice bool) (*Replayed, error) {
	return replay(s, starter, nil, toks, firstChoice)
}

// ReplayHandicap is Replay from the strategy's handicap stones
// (strategies.HandicapStones, verify.Options.Handicap): the stones are placed
// at once, by the strategy's side (rule "H"), then the opponent moves and the
// moves alternate. The list may begin with the stones, prefixed by the
// strategy's letter and in the order the strategy places them (as a
// counterexample of verify --handicap prints them), or leave them out.
func ReplayHandicap(s strategies.Strategy, toks []board.Token, firstChoice bool) (*Replayed, error) {
	h, ok := s.(strategies.HandicapStones)
	if !ok {
		return nil, fmt.Errorf("the strategy places no handicap stones")
	}
	stones := h.HandicapStones()
	if len(stones) == 0 {
		return nil, fmt.Errorf("the strategy places no handicap stones")
	}
	return replay(s, s.Side(), stones, toks, firstChoice)
}

func replay(s strategies.Strategy, starter board.Color, stones []board.Cell, toks []board.Token, firstChoice bool) (*Replayed, error) {
	if starter != board.Red && starter != board.Blue {
		return nil, fmt.Errorf("the starter must be red or blue")
	}
	b, side := s.Board(), s.Side()
	opp := side.Other()
	// The strategy's own choice is its first allowed cell; the step is asked
	// for the whole set (not narrowed), which a whole-game replay compares.
	rules := NewRules(s, false)
	// The handicap stones, listed or not.
	listed := 0
	for listed < len(toks) && listed < len(stones) && toks[listed].Player == side {
		if t := toks[listed]; t.Cell != stones[listed] {
			return nil, fmt.Errorf("move %d %q: the handicap stones are %s, in this order", t.Index, t.Text, formatCells(b, cellsBits(stones), len(stones)))
		}
		listed++
	}
	if listed > 0 && listed < len(stones) {
		t := toks[listed-1]
		if listed < len(toks) {
			t = toks[listed]
		}
		return nil, fmt.Errorf("move %d %q: the list begins with %d of the %d handicap stones; give all of them or none", t.Index, t.Text, listed, len(stones))
	}
	toks = toks[listed:]
	toMove := func(p board.Position) board.Color {
		if len(stones) == 0 {
			return p.ToMove(starter)
		}
		if (p.Plies()-len(stones))%2 == 0 {
			return opp
		}
		return side
	}
	whole := false
	prefixed := 0
	for _, t := range toks {
		if t.Player != board.Empty {
			prefixed++
		}
		if t.Player == side {
			whole = true
		}
	}
	if prefixed != 0 && prefixed != len(toks) {
		for _, t := range toks {
			if t.Player == board.Empty {
				return nil, fmt.Errorf("move %d %q: no player prefix, but other moves have one; prefix every move (the whole game) or none (%s's moves only)", t.Index, t.Text, opp)
			}
		}
	}
	r := &Replayed{Game: board.Game{Board: b, Starter: starter}, Whole: whole}
	g := &r.Game
	var p board.Position
	for _, c := range stones {
		p = play(rules, g, p, side, c, "H")
	}
	last := board.NoCell
	k := 0 // next token
	for g.Winner == board.Empty && p.Plies() < b.Cells() {
		who := toMove(p)
		if who == side && !whole {
			allowed, rule, err := ask(rules, g, p, last)
			if err != nil {
				return nil, err
			}
			if allowed.Count() > 1 && !firstChoice {
				return nil, fmt.Errorf("move %d, %s's answer: %w (%d by rule %s: %s)",
					len(g.Moves)+1, side, ErrSeveralChoices, allowed.Count(), rule, formatCells(b, allowed, 8))
			}
			x := allowed.First()
			r.Turns = append(r.Turns, Turn{Index: len(g.Moves), Allowed: allowed, Rule: rule, Answer: x, Agrees: true})
			p = play(rules, g, p, side, x, rule)
			continue
		}
		if k == len(toks) {
			break
		}
		t := toks[k]
		k++
		if t.Player != board.Empty && t.Player != who {
			return nil, fmt.Errorf("move %d %q: it is %s's turn", t.Index, t.Text, who)
		}
		if p.Occupied().Has(t.Cell) {
			return nil, fmt.Errorf("move %d %q: cell %s is already occupied", t.Index, t.Text, b.Format(t.Cell, board.Thesis))
		}
		if who == side { // whole game: record the strategy's own decision
			allowed, rule, err := ask(rules, g, p, last)
			if err != nil {
				return nil, err
			}
			r.Turns = append(r.Turns, Turn{Index: len(g.Moves), Allowed: allowed, Rule: rule, Answer: allowed.First(), Agrees: allowed.Has(t.Cell)})
			p = play(rules, g, p, side, t.Cell, rule)
			continue
		}
		last = t.Cell
		p = play(rules, g, p, who, t.Cell, "")
	}
	if k < len(toks) {
		t := toks[k]
		if g.Winner != board.Empty {
			return nil, fmt.Errorf("move %d %q: the game already ended (%s won at move %d)", t.Index, t.Text, g.Winner, len(g.Moves))
		}
		return nil, fmt.Errorf("move %d %q: the board is full", t.Index, t.Text)
	}
	return r, nil
}

// ask is the strategy's decision at a turn of a replayed game, through the
// game step; a fault is a *StrategyFault with the game so far.
func ask(r *Rules, g *board.Game, p board.Position, last board.Cell) (board.Bits, string, error) {
	allowed, rule, f := r.Answer(p, last)
	if f != NoFault {
		h := *g
		h.Moves = append([]board.Move(nil), g.Moves...)
		return allowed, rule, &StrategyFault{Game: h, Detail: r.Describe(f, p, last, allowed, rule)}
	}
	return allowed, rule, nil
}

// play adds a move to the game through the game step and records the winner.
func play(r *Rules, g *board.Game, p board.Position, who board.Color, x board.Cell, rule string) board.Position {
	q, o := r.Place(p, who, x)
	g.Moves = append(g.Moves, board.Move{Player: who, Cell: x, Rule: rule})
	if o == Won {
		g.Winner = who
	}
	return q
}

func cellsBits(cs []board.Cell) board.Bits {
	var s board.Bits
	for _, c := range cs {
		s = s.With(c)
	}
	return s
}

// formatCells lists at most limit cells of s, then "…".
func formatCells(b *board.Board, s board.Bits, limit int) string {
	out := ""
	for k := 0; s.Any(); k++ {
		if k == limit {
			return out + " …"
		}
		if out != "" {
			out += " "
		}
		out += b.Format(s.Pop(), board.Thesis)
	}
	return out
}
