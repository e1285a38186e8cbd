package verify

import (
	"errors"
	"fmt"

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
}

type certBuilder struct {
	s       *someSearch
	bound   int // the proof's length: tried first, as its proofs are in the table
	strat   map[board.Position]*certMove
	after   map[strategies.AfterMove]*certMove // the answers of split positions
	opp     map[board.Position]int32           // the last walk that reached it
	walk    int32
	redone  bool // a walk replaced a kept move
	max     int  // the most positions the maps may hold
	replies [][]game.Reply
}

// someCertificate builds the certificate of a `some` proof whose least
// length is w.
func (s *someSearch) someCertificate(w int) (*strategies.Certificate, error) {
	c := s.newCertBuilder(w)
	return c.build()
}

func (s *someSearch) newCertBuilder(w int) *certBuilder {
	return &certBuilder{
		s: s, bound: w,
		strat: map[board.Position]*certMove{}, opp: map[board.Position]int32{},
		after: map[strategies.AfterMove]*certMove{},
		max:   int(max(s.e.opt.memoryBudget()/4/certBytesPerPosition, 1<<16)),
	}
}

// build walks until a walk replaces no kept move, and writes what the last
// walk reached.
func (c *certBuilder) build() (*strategies.Certificate, error) {
	s, e := c.s, c.s.e
	for {
		c.walk++
		c.redone = false
		var err error
		if s.root.strat {
			err = c.strategyTurn(s.root.p, s.root.last, s.root.allowed, s.ply0)
		} else {
			err = c.opponentTurn(s.root.p, s.ply0)
		}
		if err != nil {
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
	return strategies.NewCertificateAfter(e.b, e.me, e.opt.Starter, answers, after), nil
}

// strategyTurn answers p (ply d, the strategy to move after the opponent's
// move last, allowed being the strategy's allowed set there) and follows the
// answer.
func (c *certBuilder) strategyTurn(p board.Position, last board.Cell, allowed board.Bits, d int) error {
	m := c.strat[p]
	switch {
	case m == nil:
		mv, err := c.first(p, allowed, d)
		if err != nil {
			return err
		}
		m = &certMove{move: mv, allowed: allowed}
		c.strat[p] = m
	case m.split:
		return c.splitTurn(p, last, allowed, d)
	case allowed.Has(m.move):
		m.allowed = m.allowed.And(allowed)
		if m.walk == c.walk {
			return nil // answered and followed in this walk
		}
	default:
		m.allowed = m.allowed.And(allowed)
		mv, err := c.pick(p, m.allowed, d, false)
		if err != nil {
			return err
		}
		c.redone = true
		if mv == board.NoCell {
			m.split = true
			return c.splitTurn(p, last, allowed, d)
		}
		m.move = mv
	}
	m.walk = c.walk
	return c.follow(p, m.move, d)
}

// splitTurn answers p after the last move last on its own.
func (c *certBuilder) splitTurn(p board.Position, last board.Cell, allowed board.Bits, d int) error {
	k := strategies.AfterMove{P: p, Last: last}
	m := c.after[k]
	if m == nil {
		mv, err := c.first(p, allowed, d)
		if err != nil {
			return err
		}
		m = &certMove{move: mv, allowed: allowed}
		c.after[k] = m
	}
	if m.walk == c.walk {
		return nil
	}
	m.walk = c.walk
	return c.follow(p, m.move, d)
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
	reps := c.replies[d][:0]
	e.rules.Replies(p, e.all.AndNot(p.Occupied()), func(rep game.Reply) bool {
		reps = append(reps, rep)
		return true
	})
	c.replies[d] = reps
	for i := range reps {
		rep := c.replies[d][i]
		if rep.Outcome != game.Going {
			return fmt.Errorf("verify: some certificate: the opponent ends a proven position's game (a bug)")
		}
		if rep.Fault != game.NoFault {
			return fmt.Errorf("verify: some certificate: a strategy error in a proven position (a bug)")
		}
		if err := c.strategyTurn(rep.P, rep.B, rep.Allowed, d+1); err != nil {
			return err
		}
	}
	return nil
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
