// Package game is the game step of hexproof's searches, written once: a
// stone on an empty cell, the win test, the draw on a full board, and a
// strategy's answer with its faults (docs/design.md §2, §4, §5); and the
// replay of a move list through it. Every search under verify (the
// breadth-first engine, `some`, the counterexample walk, hunt, simulate,
// solve) and every command that replays a game plays by these Rules.
package game

import (
	"fmt"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify/andor"
)

// The game step: the rules of play against a strategy, written once. Every
// search (the breadth-first layers, `some`, the counterexample walk, replay,
// hunt, simulate, solve) places stones, tests wins and asks the strategy
// through Rules, so that no two commands can disagree on a rule of the game.
// The only other implementation is the deliberately independent reference
// enumeration in the tests, which uses the full winner test (board.Wins)
// instead of WinsAfter so that it can catch a mistake here.
//
// The rules (docs/design.md §2, §4):
//   - a stone goes on an empty cell; the player who just moved has won when
//     board.WinsAfter says so (the game ends at the first win, which is what
//     WinsAfter assumes);
//   - a full board with no winner is a draw, which the strategy has not won;
//   - the strategy answers a position and the opponent's last move with a set
//     of cells; an empty set, a cell off the board or an occupied cell, or a
//     panic, is a strategy error (a Fault);
//   - under `first` only the least allowed cell in cell order is played.

// Outcome says whether a stone ended the game.
type Outcome uint8

const (
	// Going: the game goes on.
	Going Outcome = iota
	// Won: the player who placed the stone has won.
	Won
	// Drawn: the board is full and nobody has won (the strategy did not win).
	Drawn
)

func (o Outcome) String() string {
	switch o {
	case Going:
		return "going"
	case Won:
		return "won"
	case Drawn:
		return "drawn"
	}
	return fmt.Sprintf("outcome(%d)", uint8(o))
}

// Search is o as the proof-number search (verify/andor) takes a child's
// outcome: `some` and `solve` both build their children with it.
func (o Outcome) Search() andor.Outcome {
	switch o {
	case Won:
		return andor.Won
	case Drawn:
		return andor.Drawn
	}
	return andor.Going
}

// Fault is what is wrong with a strategy's answer (docs/design.md §5 "strategy error");
// NoFault when nothing is.
type Fault uint8

const (
	NoFault Fault = iota
	// FaultPanic: the strategy panicked while deciding.
	FaultPanic
	// FaultNoMove: it allowed nothing while cells were empty.
	FaultNoMove
	// FaultOffBoard: it allowed a cell that is not on the board.
	FaultOffBoard
	// FaultOccupied: it allowed an occupied cell.
	FaultOccupied
)

// Rules binds the game step to one strategy, its board and a choice semantics.
// It is immutable and safe for concurrent use.
type Rules struct {
	B       *board.Board
	S       strategies.Strategy
	Me, Opp board.Color
	All     board.Bits
	// First: only the least allowed cell is played (--choices first).
	First   bool
	replier strategies.Replier
	// winRule is the strategy's WinTaker rule; outcomes is set on the copy
	// Outcomes returns.
	winRule  string
	taker    bool
	outcomes bool
}

// NewRules makes the game step for strategy s; first: only the least
// allowed cell in cell order is played (`--choices first`).
func NewRules(s strategies.Strategy, first bool) *Rules {
	r := &Rules{
		B: s.Board(), S: s, Me: s.Side(), Opp: s.Side().Other(),
		All: s.Board().All(), First: first,
	}
	r.replier, _ = s.(strategies.Replier)
	if t, ok := s.(strategies.WinTaker); ok {
		r.winRule, r.taker = t.WinRule(), true
	}
	return r
}

// Outcomes returns the game step for a search that needs only the outcome of
// the strategy's answers, not which cell it picks among moves that win at
// once: the breadth-first expansion, where a won game is a leaf that is
// neither stored nor reported. When the strategy is a strategies.WinTaker and
// has a winning move after the opponent's move b, Replies answers with the
// least winning cell under the strategy's win rule instead of asking it. This
// is sound because a WinTaker's answer is then a non-empty set of winning
// cells with that label, and every one of them ends the game at the same
// depth with the strategy the winner: the verdict, the counts (positions,
// rules, longest game) and the counterexample are those of the strategy's
// own answers. TestOutcomesSameResults compares the two on whole runs. The
// counterexample walk, replay, `some` and the other commands keep the
// strategy's own choice.
func (r *Rules) Outcomes() *Rules {
	o := *r
	o.outcomes = r.taker
	return &o
}

// GameRules is the game step without a strategy, for searches in which both
// players may play any empty cell (solve): only Place applies.
func GameRules(b *board.Board) *Rules {
	return &Rules{B: b, All: b.All()}
}

// Place puts a stone of who on the empty cell c of p, which nobody has won
// yet, and says whether that ended the game.
func (r *Rules) Place(p board.Position, who board.Color, c board.Cell) (board.Position, Outcome) {
	q := p.Play(who, c)
	return q, r.settle(r.B.WinsAfter(q, who, c), q.Occupied())
}

// settle is the outcome of a stone that won or not, leaving the cells
// occupied: a win first, else a full board is a draw. Place, Stones and the
// opponent's moves in Replies end here; After writes it out, goingMoves
// is it for a set of moves.
func (r *Rules) settle(won bool, occupied board.Bits) Outcome {
	switch {
	case won:
		return Won
	case occupied == r.All:
		return Drawn
	}
	return Going
}

// goingMoves is the moves (empty cells of the position whose empty cells are
// free) after which the game goes on, with wins the cells where the mover's
// stone wins: settle for a set of moves. A move that does not win leaves a
// cell empty, so the board is full after it only when one cell was free.
func (r *Rules) goingMoves(moves, wins, free board.Bits) board.Bits {
	if free.Count() <= 1 {
		return board.Bits{}
	}
	return moves.AndNot(wins)
}

// Stones is Place for several stones of one player, one at a time, on the
// same position: the cells where a stone wins are found once
// (board.WinningCells, which decides exactly what WinsAfter decides).
type Stones struct {
	r    *Rules
	p    board.Position
	who  board.Color
	Wins board.Bits // the empty cells where a stone of who wins
}

// Stones prepares stones of who on p, a position nobody has won.
func (r *Rules) Stones(p board.Position, who board.Color) Stones {
	return Stones{r: r, p: p, who: who, Wins: r.B.WinningCells(p, who)}
}

// PreparedFor reports whether s holds stones for position p (a zero Stones
// holds none), so that a caller may keep one and reuse it.
func (s *Stones) PreparedFor(p board.Position) bool { return s.r != nil && s.p == p }

// Other is Stones(q, who) for q, p with the other player's stone on the empty
// cell c: a player's win depends only on their own stones (board.WinningCells
// asks whether their stones and the cell hold a winning chain), so the other
// player's stone only takes c away from the winning cells. (Rules.Replies
// relies on the same fact.)
func (s Stones) Other(c board.Cell) Stones {
	return Stones{r: s.r, p: s.p.Play(s.who.Other(), c), who: s.who, Wins: s.Wins.Without(c)}
}

// Place is Rules.Place(p, who, c) for the empty cell c.
func (s *Stones) Place(c board.Cell) (board.Position, Outcome) {
	q := s.p.Play(s.who, c)
	return q, s.r.settle(s.Wins.Has(c), q.Occupied())
}

// Answer asks the strategy for its moves in p (its turn), where last is the
// opponent's last move (board.NoCell when the strategy opens). It returns the
// cells to consider (only the least one under First), the rule, and the fault
// if the answer is not a legal set of moves (then allowed is what the strategy
// said, unnarrowed, or empty after a panic).
func (r *Rules) Answer(p board.Position, last board.Cell) (allowed board.Bits, rule string, f Fault) {
	allowed, rule, f = r.ask(p, last)
	if f == NoFault {
		f = r.check(p, allowed)
	}
	if f == NoFault && r.First {
		allowed = board.Bit(allowed.First())
	}
	return allowed, rule, f
}

// AnswerPaired is Answer together with pref's answer in p, when pref is a
// strategies.PairedPreference that knows the strategy's rules and answers for
// both from one analysis (paired); pref's answer is what its Allowed gives.
// When it does not (paired false: nothing was asked, or its call panicked and
// the answer is dropped), the caller asks each alone, so that a fault, or a
// panic, is the strategy's own as Answer finds it.
func (r *Rules) AnswerPaired(pref strategies.Strategy, p board.Position, last board.Cell) (allowed board.Bits, rule string, f Fault, own board.Bits, ownRule string, paired bool) {
	pp, ok := pref.(strategies.PairedPreference)
	if !ok {
		return
	}
	func() {
		defer func() {
			if recover() != nil {
				paired = false
			}
		}()
		allowed, rule, own, ownRule, paired = pp.PairedAllowed(r.S, p, last)
	}()
	if !paired {
		return board.Bits{}, "", NoFault, board.Bits{}, "", false
	}
	if f = r.check(p, allowed); f == NoFault && r.First {
		allowed = board.Bit(allowed.First())
	}
	return allowed, rule, f, own, ownRule, true
}

// ask calls the strategy, turning a panic into FaultPanic: a panic is a
// strategy error at this decision, exactly like answering nothing, and the
// other decisions of a position are still examined (so an outcome never
// depends on which decision panicked first).
func (r *Rules) ask(p board.Position, last board.Cell) (a board.Bits, rule string, f Fault) {
	defer func() {
		if recover() != nil {
			a, rule, f = board.Bits{}, "", FaultPanic
		}
	}()
	a, rule = r.S.Allowed(p, last)
	return a, rule, NoFault
}

// check says what is wrong with an allowed set in position p.
func (r *Rules) check(p board.Position, allowed board.Bits) Fault {
	switch {
	case allowed.Empty():
		return FaultNoMove
	case allowed.AndNot(r.All).Any():
		return FaultOffBoard
	case allowed.And(p.Occupied()).Any():
		return FaultOccupied
	}
	return NoFault
}

// Reply is one opponent move from a position and what followed it: the
// outcome of the opponent's stone and, when the game goes on, the strategy's
// answer (already narrowed under First).
type Reply struct {
	B       board.Cell     // the opponent's move
	P       board.Position // the position after it
	Outcome Outcome        // of the opponent's stone
	Allowed board.Bits     // the strategy's moves (Outcome == Going and Fault == NoFault)
	Rule    string
	Fault   Fault
	// Wins is the set of cells with which the strategy would win in P (its
	// winning cells before the opponent's move, without B): After uses it.
	Wins board.Bits
}

// After plays the strategy's answer a (one of rep.Allowed) to the reply rep
// and says whether that ended the game. It is Place with the win test read
// from rep.Wins, and settle written out: through settle the step benchmark of
// `hht` 5×4 was 10 % slower.
func (r *Rules) After(rep *Reply, a board.Cell) (board.Position, Outcome) {
	q := rep.P.Play(r.Me, a)
	switch {
	case rep.Wins.Has(a):
		return q, Won
	case q.Occupied() == r.All:
		return q, Drawn
	}
	return q, Going
}

// Answers is After for every move of the strategy's answer at once: it
// splits rep.Allowed into the moves that win, those that fill the board
// without a win (a draw), and those after which the game goes on. A move that
// does not win leaves the board full only when it takes the last empty cell,
// so drawn is non-empty only when one cell was empty after the opponent's
// move (TestAnswersIsAfter compares the two).
func (r *Rules) Answers(rep *Reply) (won, drawn, going board.Bits) {
	won = rep.Allowed.And(rep.Wins)
	rest := rep.Allowed.AndNot(rep.Wins)
	if r.All.AndNot(rep.P.Occupied()).Count() <= 1 {
		return won, rest, board.Bits{}
	}
	return won, board.Bits{}, rest
}

// Replies calls yield for every opponent move of moves (empty cells of p, a
// position with the opponent to move that nobody has won), in increasing cell
// order, with the outcome of that move and the strategy's answer; it stops when
// yield returns false. The strategy is asked only when the game goes on. A
// strategy that implements strategies.Replier answers all the moves of p
// together; if it panics, the moves it has not answered yet are asked one at a
// time (a panic there is that decision's FaultPanic), so the replies are the
// same as without it.
func (r *Rules) Replies(p board.Position, moves board.Bits, yield func(Reply) bool) {
	r.NewReplying().Replies(p, moves, yield)
}

// RepliesKnown is Replies with each player's winning cells in p already known
// (oppWins, meWins: board.WinningCells(p, r.Opp) and (p, r.Me)).
func (r *Rules) RepliesKnown(p board.Position, moves, oppWins, meWins board.Bits, yield func(Reply) bool) {
	r.NewReplying().replies(p, moves, oppWins, meWins, yield)
}

// Replying is Rules.Replies for a goroutine that asks it for many positions,
// one at a time (the layer expansion): its working state, and the function
// the strategy's Replier calls back, are made once and reused, where
// Rules.Replies makes them on the heap at every call. Not for concurrent or
// nested use (yield must not call the same Replying).
type Replying struct {
	r *Rules
	// the position being answered, each player's winning cells there, its
	// free cells, and the opponent moves not yet answered (rest) and not
	// asked of the strategy (direct); taken as in replies.
	p                     board.Position
	oppWins, meWins, free board.Bits
	rest, direct, taken   board.Bits
	stopped, inYield      bool
	yield                 func(Reply) bool
	answer                func(b board.Cell, allowed board.Bits, rule string) bool // onAnswer, bound once
}

// NewReplying makes a Replying of r.
func (r *Rules) NewReplying() *Replying {
	x := &Replying{r: r}
	x.answer = x.onAnswer
	return x
}

// Replies is Rules.Replies.
func (x *Replying) Replies(p board.Position, moves board.Bits, yield func(Reply) bool) {
	// Each player's winning cells, once for the position: a player's win
	// depends only on their own stones and the empty cells, so after the
	// opponent's stone on b the strategy's winning cells are meWins without b
	// (board.WinningCells).
	x.replies(p, moves, x.r.B.WinningCells(p, x.r.Opp), x.r.B.WinningCells(p, x.r.Me), yield)
}

func (x *Replying) replies(p board.Position, moves, oppWins, meWins board.Bits, yield func(Reply) bool) {
	r := x.r
	x.p, x.oppWins, x.meWins, x.yield = p, oppWins, meWins, yield
	defer func() { x.yield = nil }() // let go of the caller's closure
	// taken: the going moves after which the strategy, a WinTaker, wins at
	// once and is not asked (Outcomes).
	x.taken = board.Bits{}
	if r.outcomes && meWins.Any() {
		x.taken = moves
		if meWins.Count() == 1 {
			x.taken = x.taken.AndNot(meWins)
		}
	}
	if r.replier == nil {
		for bs := moves; bs.Any(); {
			if !yield(x.reply(bs.Pop())) {
				return
			}
		}
		return
	}
	// Split off the moves that end the game or that the strategy answers by
	// taking its win (taken): the strategy is not asked there.
	x.free = r.All.AndNot(p.Occupied())
	going := r.goingMoves(moves, oppWins, x.free).AndNot(x.taken)
	x.direct = moves.AndNot(going)
	x.stopped, x.inYield, x.rest = false, false, going
	if going.Any() {
		x.askReplier(going)
	}
	// Moves the Replier did not answer (after a panic): one at a time.
	for !x.stopped && x.rest.Any() {
		b := x.rest.Pop()
		x.yieldDirect(b)
		if !x.stopped && !yield(x.reply(b)) {
			x.stopped = true
		}
	}
	x.yieldDirect(board.NoCell)
}

// askReplier hands the going moves to the strategy's Replier. A panic of the
// strategy stops it: the moves not yet answered (rest) are then asked one at
// a time, where each panic is its own decision's.
func (x *Replying) askReplier(going board.Bits) {
	defer func() {
		if v := recover(); v != nil && x.inYield {
			panic(v) // not the strategy's: a bug of the caller
		}
	}()
	x.r.replier.Replies(x.p, going, x.answer)
}

// onAnswer is the Replier's callback: the strategy's answer to b.
func (x *Replying) onAnswer(b board.Cell, allowed board.Bits, rule string) bool {
	r := x.r
	x.rest = x.rest.Without(b)
	// inYield stays set if the caller's yield panics (not the strategy's
	// panic: askReplier's recover passes it on).
	x.inYield = true
	x.yieldDirect(b)
	if x.stopped {
		x.inYield = false
		return false
	}
	p1 := x.p.Play(r.Opp, b)
	rep := Reply{B: b, P: p1, Allowed: allowed, Rule: rule, Wins: x.meWins.Without(b)}
	// check finds no fault exactly when allowed is a non-empty set of empty
	// cells: only then is it skipped.
	if allowed.Empty() || allowed.AndNot(x.free.Without(b)).Any() {
		rep.Fault = r.check(p1, allowed)
	}
	if rep.Fault == NoFault && r.First {
		rep.Allowed = board.Bit(allowed.First())
	}
	if !x.yield(rep) {
		x.stopped = true
	}
	x.inYield = false
	return !x.stopped
}

// yieldDirect yields the direct moves below c (all when c is NoCell).
func (x *Replying) yieldDirect(below board.Cell) {
	for !x.stopped && x.direct.Any() && (below == board.NoCell || x.direct.First() < below) {
		if !x.yield(x.reply(x.direct.Pop())) {
			x.stopped = true
		}
	}
}

// reply is the reply to the opponent's move b, asking the strategy itself
// when the game goes on and b is not taken.
func (x *Replying) reply(b board.Cell) Reply {
	r := x.r
	rep := Reply{B: b, P: x.p.Play(r.Opp, b), Outcome: r.settle(x.oppWins.Has(b), x.p.Occupied().With(b)), Wins: x.meWins.Without(b)}
	switch {
	case rep.Outcome != Going:
	case x.taken.Has(b):
		rep.Allowed, rep.Rule = board.Bit(rep.Wins.First()), r.winRule
	default:
		rep.Allowed, rep.Rule, rep.Fault = r.Answer(rep.P, b)
	}
	return rep
}

// Describe words a fault of the strategy's answer in p after the opponent's
// move last, for a report. (A panic is asked again, for its message: this is
// not on a hot path.)
func (r *Rules) Describe(f Fault, p board.Position, last board.Cell, allowed board.Bits, rule string) string {
	if why := r.explain(p, last); why != "" {
		return why
	}
	empty := r.All.AndNot(p.Occupied()).Count()
	switch f {
	case FaultPanic:
		why := "the strategy panicked"
		func() {
			defer func() {
				if v := recover(); v != nil {
					why = fmt.Sprintf("the strategy panicked: %v", v)
				}
			}()
			r.S.Allowed(p, last)
		}()
		return why
	case FaultNoMove:
		return fmt.Sprintf("rule %q allowed no move while %d cells were empty", rule, empty)
	case FaultOffBoard:
		return fmt.Sprintf("rule %q allowed a cell off the board (index %d)%s", rule, allowed.AndNot(r.All).First(), r.among(allowed))
	case FaultOccupied:
		return fmt.Sprintf("rule %q allowed the occupied cell %s%s", rule, r.B.Format(allowed.And(p.Occupied()).First(), board.Thesis), r.among(allowed))
	}
	return ""
}

// explain is the strategy's own account of its fault (strategies.Explainer),
// "" without one or when explaining panics (as the answer itself may have:
// the report then says that it panicked).
func (r *Rules) explain(p board.Position, last board.Cell) (why string) {
	x, ok := r.S.(strategies.Explainer)
	if !ok {
		return ""
	}
	defer func() {
		if recover() != nil {
			why = ""
		}
	}()
	return x.Explain(p, last)
}

// among lists a set of several cells for a message ("" for one cell).
func (r *Rules) among(a board.Bits) string {
	if a.Count() < 2 {
		return ""
	}
	return " among " + r.cells(a)
}

// cells writes a set of cells for a message.
func (r *Rules) cells(a board.Bits) string {
	if a.Empty() {
		return "no move"
	}
	s := ""
	for _, c := range a.Cells() {
		if s != "" {
			s += " "
		}
		if r.B.Valid(c) {
			s += r.B.Format(c, board.Thesis)
		} else {
			s += fmt.Sprintf("off-board cell #%d", c)
		}
	}
	return s
}
