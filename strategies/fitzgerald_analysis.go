package strategies

// Alg. 8.4.1, the analysis of one decision: the per-decision state that the
// rules and the hierarchy read (red groups and bridges now and before Blue's
// move, Blue's bridges and lifting), its memos (near cells, joined roots,
// spans), the sibling analysis that Replies shares between Blue's moves, and
// Blue's provisional winning moves.

import (
	"hexproof/board"
	"hexproof/strategies/notions"
)

// state is the analysis of one decision, on the stack.
type state struct {
	p         board.Position  // the position now (after Blue's last move)
	last      board.Cell      // Blue's last move (i, j)
	j         int             // its ring
	trace     *[]TieBreakStep // when not nil, the tie-break records its steps (TieBreakTrace)
	empty     board.Bits
	redG      notions.Groups     // red provisional groups now
	redBr     notions.BridgeList // red bridges now
	redBrPrev notions.BridgeList // red bridges before Blue's move
	blueBr    notions.BridgeList
	blueLift  notions.Lift // Blue's provisional graph in the lifting
	// The red groups a red stone on each empty cell would join (their roots
	// in redG, Notions.JoinedRoots), computed on first use (rootsKnown): rule
	// spans and hierarchy items 3–6 ask for the same cells many times.
	rootsKnown board.Bits
	joinN      [board.MaxCells]int8
	joinRoots  [board.MaxCells][12]int16
	// For hierarchy items 5–6, filled once (joinDone): the empty cells that
	// join at least one / two red groups now.
	join1, join2 board.Bits
	joinDone     bool
	// Notions.Near of redG, computed on first use (nearDone).
	nearTop, nearBottom, nearAny board.Bits
	nearDone                     bool
	// wide: the cells of the rule step II chose, before the connection area
	// and the hierarchy (decide sets it; PairedAllowed reads it).
	wide board.Bits
}

// reset readies s for another decision without clearing its 16 KB (a few
// per cent of a decision): the analysis overwrites every other field before
// reading it (the lists up to their new lengths, the groups and the lifting
// at the stones they label), and the memos are guarded by these marks.
// TestFitzgeraldRepliesMatchAllowed compares Replies, which reuses one state
// for all of a position's Blue moves, with Allowed on a fresh one.
func (s *state) reset() {
	s.rootsKnown, s.join1, s.join2 = board.Bits{}, board.Bits{}, board.Bits{}
	s.joinDone, s.nearDone = false, false
}

// near is Notions.Near for the decision's red groups, memoized: rules 4,
// 7 and 10–14 and hierarchy items 5–6 all filter their cells by it.
func (f *Fitzgerald) near(s *state) (top, bottom, any board.Bits) {
	if !s.nearDone {
		s.nearTop, s.nearBottom, s.nearAny = f.nt.Near(&s.redG, true)
		s.nearDone = true
	}
	return s.nearTop, s.nearBottom, s.nearAny
}

// roots returns the red groups a red stone on the empty cell c would join
// (Notions.JoinedRoots on the decision's red groups), memoized per decision.
func (f *Fitzgerald) roots(s *state, c board.Cell) (int, *[12]int16) {
	if !s.rootsKnown.Has(c) {
		s.joinN[c] = int8(f.nt.JoinedRoots(&s.redG, c, s.p.Red, s.empty, true, &s.joinRoots[c]))
		s.rootsKnown = s.rootsKnown.With(c)
	}
	return int(s.joinN[c]), &s.joinRoots[c]
}

// span is Notions.SpanAfter for the empty cell c: c's ring merged with the
// spans of the groups it joins.
func (f *Fitzgerald) span(s *state, c board.Cell) (lo, hi int) {
	n, r := f.roots(s, c)
	lo, hi = f.nt.RingOf(c), f.nt.RingOf(c)
	for k := 0; k < n; k++ {
		lo, hi = min(lo, int(s.redG.Lo[r[k]])), max(hi, int(s.redG.Hi[r[k]]))
	}
	return lo, hi
}

// analyse fills the per-decision state shared by the rules (Blue's last move
// last must be a blue stone of p).
func (f *Fitzgerald) analyse(s *state, p board.Position, last board.Cell) {
	f.analyseRed(s, p, last, nil)
	f.analyseBlue(s)
}

// analyseRed fills the red part of the state: red groups and red bridges now
// and before Blue's move. A red bridge exists now iff it existed before and
// last is not one of its cells, and Bridges lists bridges in a fixed order
// (stone, then direction), so filtering the list before the move gives
// exactly the list Bridges would compute now. With sib (the same analysis of
// the position before Blue's move) the list before the move is sib's, and if
// last is no cell of a red bridge the red provisional groups are sib's too (a
// blue stone removes only bridge edges).
func (f *Fitzgerald) analyseRed(s *state, p board.Position, last board.Cell, sib *sibling) {
	nt := f.nt
	s.p, s.last, s.empty = p, last, nt.B.All().AndNot(p.Occupied())
	s.j = nt.RingOf(last)
	if sib == nil {
		nt.ProvisionalGroups(p.Red, s.empty, true, &s.redG)
		nt.Bridges(p.Red, s.empty.With(last), true, &s.redBrPrev)
	} else {
		s.redBrPrev.N = sib.redBr.N
		copy(s.redBrPrev.At[:sib.redBr.N], sib.redBr.At[:sib.redBr.N])
	}
	l := &s.redBrPrev
	s.redBr.N = 0
	for k := 0; k < l.N; k++ {
		if br := l.At[k]; br.V1 != last && br.V2 != last {
			s.redBr.At[s.redBr.N] = br
			s.redBr.N++
		}
	}
	switch {
	case sib == nil:
	case s.redBr.N == l.N:
		s.redG = sib.redG
	default:
		nt.ProvisionalGroups(p.Red, s.empty, true, &s.redG)
	}
}

// analyseBlue fills the blue part of the state (after analyseRed).
func (f *Fitzgerald) analyseBlue(s *state) {
	f.nt.Bridges(s.p.Blue, s.empty, false, &s.blueBr)
	f.nt.LiftBlue(s.p.Blue, s.empty, &s.blueLift)
}

// sibling is the red analysis of a position before Blue's move, shared by the
// decisions that answer each of Blue's moves from it (Replies).
type sibling struct {
	redG  notions.Groups
	redBr notions.BridgeList
}

// bluePWMoves is the set of empty cells on which Blue would get a provisional
// winning path, for position p.
func (f *Fitzgerald) bluePWMoves(p board.Position) board.Bits {
	nt := f.nt
	empty := nt.B.All().AndNot(p.Occupied())
	var l notions.Lift
	nt.LiftBlue(p.Blue, empty, &l)
	return f.bluePWMovesLift(&l, p, empty)
}

// bluePWMovesLift is bluePWMoves given the blue lifting l of p.
func (f *Fitzgerald) bluePWMovesLift(l *notions.Lift, p board.Position, empty board.Bits) board.Bits {
	if l.Winds {
		return empty
	}
	// A new winding cycle needs two edges from x into Blue's stones: keep the
	// cells within reach (adjacent or a bridge away) of two blue stones.
	var reach1, reach2 board.Bits
	for c := p.Blue; c.Any(); {
		r := f.nt.Reach(c.Pop())
		reach2 = reach2.Or(reach1.And(r))
		reach1 = reach1.Or(r)
	}
	var out board.Bits
	for c := reach2.And(empty); c.Any(); {
		x := c.Pop()
		if f.nt.BlueWindsWith(l, p.Blue, empty, x) {
			out = out.With(x)
		}
	}
	return out
}
