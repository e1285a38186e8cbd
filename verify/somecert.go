package verify

import (
	"errors"
	"fmt"
	"slices"
	"sync/atomic"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify/andor"
	"hexproof/verify/game"
)

// A `some` proof is itself a strategy: at each of its turns, one allowed move
// that keeps the win. someCertificate writes it down as a certificate (the
// data strategy of package strategies, the format `solve --certificate`
// writes), so that `verify --strategy certificate:FILE` checks it with the
// ordinary search, which trusts nothing of this one.
//
// The construction walks the proven AND/OR tree from the root through the
// shared game step: at the opponent's turns every empty cell is followed; at
// the strategy's turns one move is kept that (a) the strategy allows there and
// (b) the proof search proves (its win is forced from the position after it).
// Every position of a proven opponent turn is proven after each opponent
// move, and a proven strategy turn has a proven allowed move, so the walk
// never gets stuck on a correct proof; the independent check catches it if
// it does not hold.
//
// One subtlety: the strategy's allowed set depends on the position AND the
// opponent's last move, and so may the proof's choices. A position reached
// after two different last moves gets one answer, allowed after both, when
// there is one that wins: whether a move wins does not depend on the last
// move (the game after it is the same), so the walk keeps, per position, the
// intersection of the allowed sets met so far and, when a new one excludes
// the kept move, takes the first winning move of the intersection. If the
// intersection holds no winning move, the position is answered per last move
// instead (the certificate's AnswersAfter): each last move gets a winning
// move of its own allowed set, never another's. After either change the walk
// starts again from the root (the old walk may have followed the replaced
// move); each repetition shrinks an intersection or splits a position, so the
// walks end. The last one, which changes nothing, reaches exactly the
// answers written, each a move the strategy allows after the last move that
// led there, so the certificate is a tie-breaking of the strategy.

// CertificateError says why a `some` proof was not written as a certificate.
type CertificateError struct{ Why string }

func (e *CertificateError) Error() string { return "no certificate: " + e.Why }

// certBytesPerPosition is what one walked position costs in the maps of a
// construction (key, value and the map's own overhead), for its bound.
const certBytesPerPosition = 128

// certMove is what the construction knows of a position with the strategy to
// move.
type certMove struct {
	move    board.Cell
	allowed board.Bits // the intersection of the allowed sets met
	walk    int32      // the last walk that reached it
	split   bool       // answered per last move (certBuilder.after)
	// seen: the last moves after which the position was met while move was
	// its answer (cleared when move changes). Meeting it again after one of
	// them changes nothing that the construction computes: the allowed set
	// is already in the intersection, and the preferred move and whether
	// the answer departs from it depend only on the position, the last move
	// and the answer. So a later walk follows the answer at once
	// (certBuilder.again) instead of asking the strategy and --prefer's
	// strategy again: the walks after the first cost a fraction of it.
	seen board.Bits
}

type certBuilder struct {
	s     *someSearch
	bound int // the proof's length: tried first, as its proofs are in the table
	// The maps hold certMove by value: with no pointer in them, the garbage
	// collector does not scan them (they are most of the process).
	strat   map[board.Position]certMove
	after   map[strategies.AfterMove]certMove // the answers of split positions
	opp     map[board.Position]int32          // the last walk that reached it
	walk    int32
	redone  bool // a walk replaced a kept move
	max     int  // the most positions the maps may hold
	replies [][]game.Reply
	// With Options.Prefer: the walk's path from the root, how many
	// departures lie on it, and the departures met (by position and last
	// move, with the walk that met them and the order in it).
	prefer   strategies.Strategy
	pairs    bool // prefer answers for the rules too (pairedReply), until it declines
	path     []board.Move
	departed int
	deps     map[strategies.AfterMove]*departure
	seq      int
	winsMemo map[posMove]bool
	// over: with Options.Prefer, the positions and last moves where the
	// answer is not the preferred move, stamped with the walk that noted
	// them (noteOver): the last walk's are the overlay (Result.Overlay).
	over map[strategies.AfterMove]overMove
	// single: the one walk of an overlay alone (someOverlay): strategyTurn
	// keeps nothing of a strategy position.
	single bool
}

type overMove struct {
	move board.Cell
	walk int32
}

type posMove struct {
	p  board.Position
	mv board.Cell
}

type departure struct {
	d    Departure
	walk int32
	seq  int
}

// someCertificate builds the certificate of a `some` proof whose least
// length is w.
func (s *someSearch) someCertificate(w int) (*strategies.Certificate, error) {
	c := s.newCertBuilder(w)
	return c.build()
}

// One walk for an overlay (Options.Overlay without Options.Certificate).
// A certificate gives a position one answer after every last move where it
// can, which is what the walks above and their maps of positions are for.
// An overlay answers each position after each last move (strategies.Overlay)
// anyway, so its construction needs none of that: one walk answers each
// strategy position after each last move on its own (the preferred move if
// it is allowed and keeps the win, else the first winning allowed move, as
// the first walk of a certificate does) and keeps only the opponent's
// positions, each followed once. A strategy position after a last move is
// reached from one opponent position only (take the last stone away), so it
// is answered once too. The answers need no consistency between last moves,
// so no walk repeats; and the opponent's positions are a small part of the
// tree (one per strategy move, against one strategy position per opponent
// move). Every answer is a move the rules allow after that last move and a
// proof of the search proves it wins, so the overlay is a winning
// completion of the rules; the check under every does not trust this.
func (s *someSearch) someOverlay(w int) error {
	c := s.newCertBuilder(w)
	c.single = true
	c.walk = 1
	if err := c.walkFromRoot(); err != nil {
		return err
	}
	c.departures()
	c.overlay()
	return nil
}

// walkFromRoot is one walk from the proof's root: a strategy turn or an
// opponent's.
func (c *certBuilder) walkFromRoot() error {
	s := c.s
	if s.root.strat {
		return c.strategyTurn(s.root.p, s.root.last, s.root.allowed, s.ply0, prefMove{})
	}
	return c.opponentTurn(s.root.p, s.ply0)
}

func (s *someSearch) newCertBuilder(w int) *certBuilder {
	return &certBuilder{
		s: s, bound: w,
		strat: map[board.Position]certMove{}, opp: map[board.Position]int32{},
		after:  map[strategies.AfterMove]certMove{},
		max:    int(max(s.e.opt.memoryBudget()/4/certBytesPerPosition, 1<<16)),
		prefer: s.e.opt.Prefer, pairs: true,
		deps: map[strategies.AfterMove]*departure{}, winsMemo: map[posMove]bool{},
		over: map[strategies.AfterMove]overMove{},
	}
}

// build walks until a walk replaces no kept move, and writes what the last
// walk reached.
func (c *certBuilder) build() (*strategies.Certificate, error) {
	s, e := c.s, c.s.e
	for {
		c.walk++
		c.redone = false
		c.path, c.departed = c.path[:0], 0
		if err := c.walkFromRoot(); err != nil {
			return nil, err
		}
		if !c.redone {
			break
		}
	}
	answers := make(map[board.Position]board.Cell, len(c.strat))
	for p, m := range c.strat {
		if m.walk == c.walk && !m.split {
			answers[p] = m.move
		}
	}
	// From a start prefix (verify --moves), the strategy's moves in it too,
	// so that the certificate plays the whole game from the empty board.
	var p board.Position
	for _, m := range s.start {
		if _, ok := answers[p]; !ok && m.Player == e.me {
			answers[p] = m.Cell
		}
		p = p.Play(m.Player, m.Cell)
	}
	after := make(map[strategies.AfterMove]board.Cell)
	for k, m := range c.after {
		if m.walk == c.walk {
			after[k] = m.move
		}
	}
	c.departures()
	c.overlay()
	return strategies.NewCertificateAfter(e.b, e.me, e.opt.Starter, answers, after), nil
}

// noteOver notes, with a preferred strategy, the answer mv at p after last
// for the overlay: an entry where it is not the preferred move pm, none
// where it is (an entry of an earlier answer is dropped).
func (c *certBuilder) noteOver(p board.Position, last, pm, mv board.Cell) {
	if c.prefer == nil {
		return
	}
	k := strategies.AfterMove{P: p, Last: last}
	if pm == mv {
		delete(c.over, k)
		return
	}
	c.over[k] = overMove{mv, c.walk}
}

// overlay puts the last walk's overlay in the result: its entries, and the
// strategy's moves of the start prefix where they are not the preferred
// ones. Every position the last walk reached went through strategyTurn,
// splitTurn or again, each of which noted or re-stamped its entry, so the
// overlay answers as the certificate does wherever the certificate's games
// go (TestSomeCertificatePrefer compares them position by position).
func (c *certBuilder) overlay() {
	if c.prefer == nil {
		return
	}
	e := c.s.e
	table := map[strategies.AfterMove]board.Cell{}
	for k, m := range c.over {
		if m.walk == c.walk {
			table[k] = m.move
		}
	}
	var p board.Position
	last := board.NoCell
	for _, m := range c.s.start {
		if m.Player == e.me {
			if pm, _ := c.preferred(p, last); pm != m.Cell {
				table[strategies.AfterMove{P: p, Last: last}] = m.Cell
			}
		}
		p, last = p.Play(m.Player, m.Cell), m.Cell
	}
	e.res.Overlay = strategies.NewOverlay(e.b, e.me, e.opt.Starter, c.prefer, e.opt.PreferName, c.s.start, table)
}

// departures puts the last walk's departures in the result, in the order
// the walk met them.
func (c *certBuilder) departures() {
	var ds []*departure
	for _, d := range c.deps {
		if d.walk == c.walk {
			ds = append(ds, d)
		}
	}
	slices.SortFunc(ds, func(a, b *departure) int { return a.seq - b.seq })
	c.s.e.res.Departures = nil
	for _, d := range ds {
		c.s.e.res.Departures = append(c.s.e.res.Departures, d.d)
	}
}

// strategyTurn answers p (ply d, the strategy to move after the opponent's
// move last, allowed being the strategy's allowed set there) and follows the
// answer.
func (c *certBuilder) strategyTurn(p board.Position, last board.Cell, allowed board.Bits, d int, pf prefMove) error {
	pm, prule := c.preferredOr(p, last, pf)
	if c.single {
		mv, err := c.choose(p, allowed, d, pm)
		if err != nil {
			return err
		}
		c.noteOver(p, last, pm, mv)
		return c.followFrom(p, last, allowed, d, pm, prule, mv)
	}
	m, ok := c.strat[p]
	// m is a copy: each branch stores it back before anything that walks on.
	switch {
	case !ok:
		mv, err := c.choose(p, allowed, d, pm)
		if err != nil {
			return err
		}
		m = certMove{move: mv, allowed: allowed, seen: seenBit(last)}
	case m.split:
		return c.splitTurn(p, last, allowed, d, pf)
	case allowed.Has(m.move):
		m.allowed = m.allowed.And(allowed)
		m.seen = m.seen.Or(seenBit(last))
		if m.walk == c.walk {
			c.strat[p] = m
			c.noteOver(p, last, pm, m.move)
			// Answered and followed in this walk; after this last move
			// the preferred move may be another one, and lose.
			_, err := c.departs(p, last, allowed, d, pm, prule, m.move)
			return err // answered and followed in this walk
		}
	default:
		m.allowed = m.allowed.And(allowed)
		mv, err := c.pick(p, m.allowed, d, false)
		if pm != board.NoCell && m.allowed.Has(pm) && err == nil {
			// The preferred move, if it wins (Options.Prefer gives up the
			// proof's length for the certificate's games).
			var ok bool
			if ok, err = c.wins(p, pm, d); ok {
				mv = pm
			}
		}
		if err != nil {
			return err
		}
		c.redone = true
		if mv == board.NoCell {
			m.split, m.seen = true, board.Bits{}
			c.strat[p] = m
			return c.splitTurn(p, last, allowed, d, pf)
		}
		m.move, m.seen = mv, seenBit(last)
	}
	m.walk = c.walk
	c.strat[p] = m
	c.noteOver(p, last, pm, m.move)
	return c.followFrom(p, last, allowed, d, pm, prule, m.move)
}

// certAgain switches certBuilder.again on; TestCertificateAgain compares
// the construction without it.
var certAgain = true

// againHits counts the positions followed by again (for that test).
var againHits atomic.Int64

// seenBit is last as a set for certMove.seen: empty for NoCell (the root,
// which no walk meets twice).
func seenBit(last board.Cell) board.Bits {
	if last == board.NoCell {
		return board.Bits{}
	}
	return board.Bit(last)
}

// again is strategyTurn for a position met before after the same last move
// with the same answer (certMove.seen): the answer is followed as it was, and
// a departure noted then is noted in this walk too, without asking either
// strategy again. It says false when the position is not such a one.
func (c *certBuilder) again(p board.Position, last board.Cell, d int) (bool, error) {
	m, ok := c.strat[p]
	if !ok || m.split || !m.seen.Has(last) {
		return false, nil
	}
	dep := false
	if dp := c.deps[strategies.AfterMove{P: p, Last: last}]; dp != nil && dp.d.Move == m.move {
		dep = true
		if dp.walk != c.walk {
			dp.walk, dp.seq = c.walk, c.seq
			c.seq++
			dp.d.AfterAnother = c.departed > 0
		}
	}
	// The entry noted for the overlay when this answer was chosen after
	// this last move (none if it is the preferred move), for this walk.
	k := strategies.AfterMove{P: p, Last: last}
	if o, ok := c.over[k]; ok && o.move == m.move {
		o.walk = c.walk
		c.over[k] = o
	}
	againHits.Add(1)
	if m.walk == c.walk {
		return true, nil // followed already in this walk
	}
	m.walk = c.walk
	c.strat[p] = m
	if dep {
		c.departed++
	}
	c.path = append(c.path, board.Move{Player: c.s.e.me, Cell: m.move})
	err := c.follow(p, m.move, d)
	c.path = c.path[:len(c.path)-1]
	if dep {
		c.departed--
	}
	return true, err
}

// followFrom follows the strategy's move mv in p (after last), noting a
// departure first when the preferred move pm is another and loses.
func (c *certBuilder) followFrom(p board.Position, last board.Cell, allowed board.Bits, d int, pm board.Cell, prule string, mv board.Cell) error {
	dep, err := c.departs(p, last, allowed, d, pm, prule, mv)
	if err != nil {
		return err
	}
	if dep {
		c.departed++
	}
	c.path = append(c.path, board.Move{Player: c.s.e.me, Cell: mv})
	err = c.follow(p, mv, d)
	c.path = c.path[:len(c.path)-1]
	if dep {
		c.departed--
	}
	return err
}

// prefMove is Options.Prefer's move and rule at a strategy turn when the
// caller has it already (known): from a paired answer (opponentTurn).
type prefMove struct {
	cell  board.Cell
	rule  string
	known bool
}

// preferredOr is pf when known, else preferred.
func (c *certBuilder) preferredOr(p board.Position, last board.Cell, pf prefMove) (board.Cell, string) {
	if pf.known {
		return pf.cell, pf.rule
	}
	return c.preferred(p, last)
}

// preferredOf is preferred's answer from the preferred strategy's allowed
// set a in p.
func preferredOf(p board.Position, a board.Bits, rule string) (board.Cell, string) {
	if !a.Any() || p.Occupied().Has(a.First()) {
		return board.NoCell, rule
	}
	return a.First(), rule
}

// preferred is Options.Prefer's move in p after last (NoCell without one,
// or where it answers nothing).
func (c *certBuilder) preferred(p board.Position, last board.Cell) (board.Cell, string) {
	if c.prefer == nil {
		return board.NoCell, ""
	}
	a, rule := preferAllowed(c.prefer, p, last)
	return preferredOf(p, a, rule)
}

// choose is the preferred move pm when it is allowed and keeps the win,
// else the first winning move of allowed.
func (c *certBuilder) choose(p board.Position, allowed board.Bits, d int, pm board.Cell) (board.Cell, error) {
	if pm != board.NoCell && allowed.Has(pm) {
		ok, err := c.wins(p, pm, d)
		if err != nil {
			return board.NoCell, err
		}
		if ok {
			if err := c.room(); err != nil {
				return board.NoCell, err
			}
			return pm, nil
		}
	}
	return c.first(p, allowed, d)
}

// wins says whether the strategy's move mv in p (ply d) keeps its win:
// an immediate win, or a proof of the unbounded question.
func (c *certBuilder) wins(p board.Position, mv board.Cell, d int) (bool, error) {
	if v, ok := c.winsMemo[posMove{p, mv}]; ok {
		return v, nil
	}
	e, s := c.s.e, c.s
	q, o := e.rules.Place(p, e.me, mv)
	v := o == game.Won
	if o == game.Going {
		var err error
		v, err = s.proof.Prove(someNode{p: q, last: mv}, d+1, e.b.Cells())
		if errors.Is(err, andor.ErrStopped) {
			return false, &CertificateError{Why: "stopped while building it (time limit, budget or interrupt)"}
		}
		if err != nil {
			return false, err
		}
	}
	if !v {
		// Only the losing moves: a winning one is the answer of almost
		// every position (the preferred move, asked once at its first
		// meeting), and asked again only where another move was kept,
		// when the proof table answers it at once. Keeping them all
		// held one entry per position of the tree, a third of the
		// construction's memory.
		c.winsMemo[posMove{p, mv}] = v
	}
	return v, nil
}

// departs records, when the certificate's move mv is not the preferred pm
// and pm loses (or is not allowed), a departure at p after last.
func (c *certBuilder) departs(p board.Position, last board.Cell, allowed board.Bits, d int, pm board.Cell, prule string, mv board.Cell) (bool, error) {
	if c.prefer == nil || pm == mv || pm == board.NoCell {
		return false, nil
	}
	outside := !allowed.Has(pm)
	if !outside {
		ok, err := c.wins(p, pm, d)
		if err != nil || ok {
			return false, err
		}
	}
	k := strategies.AfterMove{P: p, Last: last}
	dp := c.deps[k]
	if dp == nil || dp.d.Move != mv {
		// New, or noted for an answer since replaced.
		dp = &departure{}
		c.deps[k] = dp
		moves := append(slices.Clone(c.s.start), c.path...)
		c.s.e.withRules(moves)
		var winning []board.Cell
		for a := allowed; a.Any(); {
			x := a.Pop()
			ok, err := c.wins(p, x, d)
			if err != nil {
				return false, err
			}
			if ok {
				winning = append(winning, x)
			}
		}
		dp.d = Departure{Moves: moves, Preferred: board.Move{Player: c.s.e.me, Cell: pm, Rule: prule}, Move: mv,
			Winning: winning, RuleAllowed: allowed.Cells(), OutsideRules: outside}
		if tr, ok := c.prefer.(strategies.TieBreakTracer); ok && !outside {
			for _, st := range safeTieBreakTrace(tr, p, last) {
				if !slices.ContainsFunc(winning, st.Left.Has) {
					dp.d.TieBreakStep = st.Step
					break
				}
			}
		}
	}
	if dp.walk != c.walk {
		dp.walk, dp.seq = c.walk, c.seq
		c.seq++
		dp.d.AfterAnother = c.departed > 0
	}
	return true, nil
}

// splitTurn answers p after the last move last on its own.
func (c *certBuilder) splitTurn(p board.Position, last board.Cell, allowed board.Bits, d int, pf prefMove) error {
	k := strategies.AfterMove{P: p, Last: last}
	pm, prule := c.preferredOr(p, last, pf)
	m, ok := c.after[k]
	if !ok {
		mv, err := c.choose(p, allowed, d, pm)
		if err != nil {
			return err
		}
		m = certMove{move: mv, allowed: allowed}
	}
	if ok && m.walk == c.walk {
		return nil
	}
	m.walk = c.walk
	c.after[k] = m
	c.noteOver(p, last, pm, m.move)
	return c.followFrom(p, last, allowed, d, pm, prule, m.move)
}

// first is the first winning move of allowed in a proven position p: there
// is one.
func (c *certBuilder) first(p board.Position, allowed board.Bits, d int) (board.Cell, error) {
	if err := c.room(); err != nil {
		return board.NoCell, err
	}
	mv, err := c.pick(p, allowed, d, true)
	if err == nil && mv == board.NoCell {
		err = fmt.Errorf("verify: some certificate: no allowed move keeps a proven position won (a bug)")
	}
	return mv, err
}

// follow plays the strategy's move mv in p and walks on.
func (c *certBuilder) follow(p board.Position, mv board.Cell, d int) error {
	q, o := c.s.e.rules.Place(p, c.s.e.me, mv)
	switch o {
	case game.Won:
		return nil
	case game.Drawn:
		return fmt.Errorf("verify: some certificate: a proven move draws (a bug)")
	}
	return c.opponentTurn(q, d+1)
}

// opponentTurn follows every opponent move from p (ply d).
func (c *certBuilder) opponentTurn(p board.Position, d int) error {
	if c.opp[p] == c.walk {
		return nil
	}
	if _, ok := c.opp[p]; !ok {
		if err := c.room(); err != nil {
			return err
		}
	}
	c.opp[p] = c.walk
	e := c.s.e
	for len(c.replies) <= d {
		c.replies = append(c.replies, nil)
	}
	// The moves after which the strategy's position was met before with
	// the same last move and answer are followed by again, without asking
	// the strategy; the rest (all of them in the first walk) through the
	// rules. Both in increasing cell order, as Replies gives them, so every
	// walk meets the positions in the order it would without again.
	// (The first walk meets each position after a given last move once:
	// an opponent position is followed once a walk. So it has none.)
	free := e.all.AndNot(p.Occupied())
	var fast board.Bits
	for a := free; certAgain && c.walk > 1 && a.Any(); {
		x := a.Pop()
		if m, ok := c.strat[p.Play(e.opp, x)]; ok && !m.split && m.seen.Has(x) {
			fast = fast.With(x)
		}
	}
	// With a preferred strategy that answers for the rules too
	// (strategies.PairedPreference, V39), each move is asked of it alone,
	// both answers at once; else the rules answer the moves together.
	paired := c.prefer != nil && pairedPrefer && c.pairs
	reps := c.replies[d][:0]
	if !paired {
		e.rules.Replies(p, free.AndNot(fast), func(rep game.Reply) bool {
			reps = append(reps, rep)
			return true
		})
	}
	c.replies[d] = reps
	i := 0
	for a := free; a.Any(); {
		x := a.Pop()
		var rep game.Reply
		var pf prefMove
		switch {
		case paired && !fast.Has(x):
			rep, pf = c.pairedReply(p, x)
		case fast.Has(x):
			c.path = append(c.path, board.Move{Player: e.opp, Cell: x})
			ok, err := c.again(p.Play(e.opp, x), x, d+1)
			c.path = c.path[:len(c.path)-1]
			if err != nil {
				return err
			}
			if ok {
				continue
			}
			// Its answer changed while an earlier move was followed: ask.
			rep = c.reply(p, x)
		default:
			rep = c.replies[d][i]
			i++
		}
		if rep.Outcome != game.Going {
			return fmt.Errorf("verify: some certificate: the opponent ends a proven position's game (a bug)")
		}
		if rep.Fault != game.NoFault {
			return fmt.Errorf("verify: some certificate: a strategy error in a proven position (a bug)")
		}
		c.path = append(c.path, board.Move{Player: e.opp, Cell: rep.B})
		err := c.strategyTurn(rep.P, rep.B, rep.Allowed, d+1, pf)
		c.path = c.path[:len(c.path)-1]
		if err != nil {
			return err
		}
	}
	return nil
}

// pairedReply is reply with the preferred strategy's answer from the same
// analysis (game.Rules.AnswerPaired). When the preferred strategy declines,
// pairing is off for the rest of the construction (c.pairs), and the rules
// and the preferred strategy are asked alone.
func (c *certBuilder) pairedReply(p board.Position, x board.Cell) (game.Reply, prefMove) {
	e := c.s.e
	q, o := e.rules.Place(p, e.opp, x)
	if o != game.Going {
		return game.Reply{B: x, P: q, Outcome: o}, prefMove{}
	}
	allowed, rule, f, own, ownRule, ok := e.rules.AnswerPaired(c.prefer, q, x)
	if !ok {
		c.pairs = false
		return c.reply(p, x), prefMove{}
	}
	pm, prule := preferredOf(q, own, ownRule)
	return game.Reply{B: x, P: q, Outcome: o, Allowed: allowed, Rule: rule, Fault: f}, prefMove{pm, prule, true}
}

// reply is the rules' Reply to the opponent's move x in p. (A function of
// its own, so that the closure's variable does not move opponentTurn's to
// the heap.)
func (c *certBuilder) reply(p board.Position, x board.Cell) game.Reply {
	var rep game.Reply
	c.s.e.rules.Replies(p, board.Bit(x), func(r game.Reply) bool { rep = r; return true })
	return rep
}

// room fails when the maps are full.
func (c *certBuilder) room() error {
	if len(c.strat)+len(c.after)+len(c.opp) >= c.max {
		return &CertificateError{Why: fmt.Sprintf("the proof tree has more than %d positions (raise the memory budget)", c.max)}
	}
	return nil
}

// pick is the first move of cand in p (ply d, the strategy to move) that
// keeps the win, or NoCell: a move that wins at once, else one proven by the
// proof's length (a table lookup, then a search), else, if any, one proven at
// all. Every answer is a proof of the search (never an estimate), so the move
// wins whichever bound proved it; but a move proven only without the bound
// may make the certificate's games longer than the proof's length, so a
// position met again after another last move is split (per last move) rather
// than answered by such a move (strategyTurn asks with any false).
func (c *certBuilder) pick(p board.Position, cand board.Bits, d int, any bool) (board.Cell, error) {
	e, s := c.s.e, c.s
	for a := cand; a.Any(); {
		if mv := a.Pop(); func() bool { _, o := e.rules.Place(p, e.me, mv); return o == game.Won }() {
			return mv, nil
		}
	}
	cells := e.b.Cells()
	next := func(mv board.Cell) (someNode, bool) {
		q, o := e.rules.Place(p, e.me, mv)
		return someNode{p: q, last: mv}, o == game.Going
	}
	for a := cand; a.Any(); {
		mv := a.Pop()
		if n, going := next(mv); going {
			if k, ok := s.g.Key(n); ok {
				if v, ok := s.proof.Known(k, d+1, c.bound); ok && v {
					return mv, nil
				}
			}
		}
	}
	for _, k := range []int{c.bound, cells} {
		for a := cand; a.Any(); {
			mv := a.Pop()
			n, going := next(mv)
			if !going {
				continue
			}
			ok, err := s.proof.Prove(n, d+1, k)
			if errors.Is(err, andor.ErrStopped) {
				return board.NoCell, &CertificateError{Why: "stopped while building it (time limit, budget or interrupt)"}
			}
			if err != nil {
				return board.NoCell, err
			}
			if ok {
				return mv, nil
			}
		}
		if c.bound >= cells || !any {
			break
		}
	}
	return board.NoCell, nil
}

// withRules gives each of the strategy's moves of a game from the empty
// board the rule that allowed it.
func (e *engine) withRules(moves []board.Move) {
	var p board.Position
	last := board.NoCell
	for i, m := range moves {
		if m.Player == e.me && m.Rule == "" {
			_, moves[i].Rule, _ = e.rules.Answer(p, last)
		}
		p, last = p.Play(m.Player, m.Cell), m.Cell
	}
}
