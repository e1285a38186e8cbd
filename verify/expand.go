package verify

import (
	"sync/atomic"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/tt"
	"hexproof/verify/game"
)

// The layer expansion, written once: the breadth-first engine and the shard
// planner (verify/shard) both expand a state of layer d into layer d+2 with
// Tally.Expand and open the search with Expander.Open, so that a sharded run
// and a single run cannot count or stop differently (docs/sharding.md).

// Expander expands states of the breadth-first search for `every` and
// `first`: one strategy, choice semantics and symmetry group. It is safe for
// concurrent use by Tallies of one layer at a time.
type Expander struct {
	b     *board.Board
	rules *game.Rules
	// expandRules is rules.Outcomes(): the layer expansion needs only the
	// outcome of a winning answer (see Rules.Outcomes).
	expandRules *game.Rules
	me, opp     board.Color
	all         board.Bits
	group       []board.Perm
	canon       *board.Canonicalizer

	// lossSeen and errSeen are set once a state of the layer being expanded has
	// a loss (or draw) or a strategy error: the search stops after this layer,
	// so successors are no longer needed. What is still collected is complete
	// whatever the timing: after a loss, every loss of the layer (the opponent's
	// wins need no strategy call; draws after the strategy's move are checked
	// when one cell is left); after only an error, every error and every loss.
	// A loss therefore decides over a strategy error in the same layer, and
	// the rule counts and wins of that last layer are not reported (they are
	// incomplete).
	lossSeen, errSeen atomic.Bool
	// full is set once the in-memory store refused the layer being built
	// (tt.ErrMemoryBudget): successors are no longer collected, but events
	// still are, completely, so the layer ends refuted if it has one and
	// inconclusive otherwise, whatever the timing of the workers.
	full atomic.Bool
}

// NewExpander sets up the expansion of strategy s's search under choices
// (Every or First), with the strategy's symmetries unless noSymmetry (First
// never uses them: see engine.go).
func NewExpander(s strategies.Strategy, choices Choices, noSymmetry bool) *Expander {
	b := s.Board()
	x := &Expander{
		b: b, me: s.Side(), opp: s.Side().Other(), all: b.All(),
		rules: game.NewRules(s, choices == First),
	}
	x.expandRules = x.rules
	if useOutcomes {
		x.expandRules = x.rules.Outcomes()
	}
	x.group = b.Identity()
	if !noSymmetry && choices != First {
		x.group = s.Symmetries()
	}
	x.canon = board.NewCanonicalizer(b, x.group)
	return x
}

// Rules is the game step the expander plays by.
func (x *Expander) Rules() *game.Rules { return x.rules }

// Key is the state key of p: its least symmetric image; changed says
// whether that image is not p itself (a symmetry hit).
func (x *Expander) Key(p board.Position) (k tt.Key, changed bool) {
	if len(x.group) <= 1 {
		return tt.KeyOf(p), false
	}
	c, changed := x.canon.Canonical(p)
	return tt.KeyOf(c), changed
}

// key is Key, counting a symmetry hit in t.
func (x *Expander) key(p board.Position, t *Tally) tt.Key {
	k, changed := x.Key(p)
	if changed {
		t.symHits++
	}
	return k
}

// BeginLayer readies the expander for a new layer; full starts it as if the
// store had refused the layer's successors (see Expander.full).
func (x *Expander) BeginLayer(full bool) {
	x.lossSeen.Store(false)
	x.errSeen.Store(false)
	x.full.Store(full)
}

// Opening is the strategy's decision on the empty board and what each
// allowed move leads to, in cell order.
type Opening struct {
	Allowed board.Bits
	Rule    string
	Fault   game.Fault // the decision is a strategy error: nothing else is set
	// Won: an allowed move before Drawn wins at once (a game of one ply).
	Won bool
	// Drawn is the least allowed move that fills the board with no winner,
	// or board.NoCell; the moves after it are not looked at (it ends the
	// search with a loss of one ply).
	Drawn board.Cell
	// Cells are the moves after which the game goes on, and Keys the states
	// they lead to.
	Cells        []board.Cell
	Keys         []tt.Key
	SymmetryHits int64
}

// Open makes the strategy's opening decision, for a search in which it
// moves first.
func (x *Expander) Open() Opening {
	o := Opening{Drawn: board.NoCell}
	o.Allowed, o.Rule, o.Fault = x.rules.Answer(board.Position{}, board.NoCell)
	if o.Fault != game.NoFault {
		return o
	}
	var t Tally
	for a := o.Allowed; a.Any(); {
		c := a.Pop()
		p, out := x.rules.Place(board.Position{}, x.me, c)
		switch out {
		case game.Won:
			o.Won = true
		case game.Drawn:
			o.Drawn = c
			return o
		default:
			o.Cells = append(o.Cells, c)
			o.Keys = append(o.Keys, x.key(p, &t))
		}
	}
	o.SymmetryHits = t.symHits
	return o
}

// Successors takes the states of layer d+2 that a Tally finds.
type Successors interface {
	Add(tt.Key) error
}

// Tally is one goroutine's expansion of states of a layer and what it found:
// the strategy's decisions by rule, the longest won game, the successors
// generated (before deduplication) and the symmetry hits among them, and the
// events (losses, draws, strategy errors) that end the search in the layer.
type Tally struct {
	x         *Expander
	to        Successors
	counts    ruleCounter // the strategy's decisions, by rule
	longest   int
	generated int64
	symHits   int64
	minEvent  int // smallest event depth seen, 0 if none
	events    []tt.Key
	errors    []tt.Key // states with a strategy error (depth d+1)
	err       error    // the first error of to.Add
	// replying answers the positions expanded (x.expandRules), calling
	// onReply (reply) with at set to the state.
	replying *game.Replying
	onReply  func(game.Reply) bool
	at       stepAt
}

// NewTally starts a tally that hands the successors it finds to to.
func (x *Expander) NewTally(to Successors) *Tally {
	t := &Tally{}
	x.initTally(t, to)
	return t
}

func (x *Expander) initTally(t *Tally, to Successors) {
	t.x, t.to, t.replying = x, to, x.expandRules.NewReplying()
	t.onReply = t.reply
}

// TallySummary is what a Tally found, added up.
type TallySummary struct {
	Longest      int   // the longest game the strategy won, in plies
	Generated    int64 // successors generated, before deduplication
	SymmetryHits int64
	// Losses: the opponent wins or the board fills in some game of this
	// layer; Errors: the strategy errs in some. Either ends the search in
	// the layer.
	Losses, Errors bool
}

// Summary reports the tally's findings; it adds its rule counts to rules.
func (t *Tally) Summary(rules map[string]int64) TallySummary {
	t.counts.addTo(rules)
	return TallySummary{Longest: t.longest, Generated: t.generated, SymmetryHits: t.symHits,
		Losses: t.minEvent != 0, Errors: len(t.errors) > 0}
}

// Err is the first error handing a successor over returned.
func (t *Tally) Err() error { return t.err }

func (t *Tally) event(s tt.Key, depth int, kind eventKind) {
	if kind == evError {
		t.x.errSeen.Store(true)
		t.errors = append(t.errors, s)
		return
	}
	t.x.lossSeen.Store(true)
	switch {
	case t.minEvent == 0 || depth < t.minEvent:
		t.minEvent = depth
		t.events = append(t.events[:0], s)
	case depth == t.minEvent:
		t.events = append(t.events, s)
	}
}

// Expand performs every step from state s (in layer d), recording
// successors, wins, events and rule counts.
func (t *Tally) Expand(s tt.Key, d int) {
	x := t.x
	p := s.Position()
	empty := x.all.AndNot(p.Occupied())
	if x.lossSeen.Load() {
		t.expandEvents(s, p, d, empty)
	} else {
		t.at = stepAt{s, d, empty}
		t.replying.Replies(p, empty, t.onReply)
	}
}

// stepAt is the state a tally expands, for its onReply.
type stepAt struct {
	s     tt.Key
	d     int
	empty board.Bits
}

// reply is the tally's callback for Replying (bound once, as onReply, so
// that no closure is made per position): one step of the state at.
func (t *Tally) reply(rep game.Reply) bool {
	t.step(t.at.s, t.at.d, t.at.empty, &rep)
	return true
}

// step records one opponent move of state s and the strategy's answers.
func (t *Tally) step(s tt.Key, d int, empty board.Bits, rep *game.Reply) {
	x := t.x
	switch {
	case rep.Outcome == game.Won:
		t.event(s, d+1, evLoss)
		return
	case rep.Outcome == game.Drawn:
		t.event(s, d+1, evDraw)
		return
	case rep.Fault != game.NoFault:
		t.event(s, d+1, evError)
		return
	}
	t.counts.add(rep.Rule)
	if x.lossSeen.Load() || x.errSeen.Load() || x.full.Load() {
		// Successors are no longer needed, but a draw after the strategy's
		// move is an event of this layer too.
		t.drawAfter(s, d, empty.Without(rep.B), rep)
		return
	}
	won, drawn, going := x.expandRules.Answers(rep)
	if won.Any() {
		t.longest = max(t.longest, d+2)
	}
	if drawn.Any() {
		t.event(s, d+2, evDraw)
	}
	t.generated += int64(going.Count())
	for going.Any() {
		if err := t.to.Add(x.key(rep.P.Play(x.me, going.Pop()), t)); err != nil && t.err == nil {
			t.err = err
		}
	}
}

// drawAfter records the draw at depth d+2 when rest, the empty cells after
// the opponent's move, is one cell that the strategy allows and that does not
// win.
func (t *Tally) drawAfter(s tt.Key, d int, rest board.Bits, rep *game.Reply) {
	if rest.Count() != 1 || !rep.Allowed.Has(rest.First()) {
		return
	}
	if _, o := t.x.expandRules.After(rep, rest.First()); o == game.Drawn {
		t.event(s, d+2, evDraw)
	}
}

// expandEvents is Expand once a loss has been seen in the layer: the search
// stops after this layer, so only the events (the losses and draws that
// decide the counterexample's length) are still collected, and the strategy
// is asked only where a draw after its move is possible.
func (t *Tally) expandEvents(s tt.Key, p board.Position, d int, empty board.Bits) {
	x := t.x
	if x.b.WinningCells(p, x.opp).Any() {
		t.event(s, d+1, evLoss)
	}
	switch empty.Count() {
	case 1:
		// The opponent's move fills the board: a loss or a draw, both events
		// at d+1 (the kind does not matter to the counterexample walk).
		t.event(s, d+1, evDraw)
	case 2:
		// A draw after the strategy's move is possible.
		x.expandRules.Replies(p, empty, func(rep game.Reply) bool {
			if rep.Outcome == game.Going && rep.Fault == game.NoFault {
				t.drawAfter(s, d, empty.Without(rep.B), &rep)
			}
			return true
		})
	}
}
