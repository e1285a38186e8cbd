package strategies

// Alg. 8.4.1 of the thesis (Red on 5×n cylinders): step I (first move in the
// middle), step II (rules 1–19 tried in order, most of them skipped when every
// move they allow is dangerous) and the 11-item hierarchy that narrows the moves
// of the chosen rule to one. Every reading the thesis leaves open is recorded in
// docs/decisions/fitzgerald.md with the game move that decided it; the
// conformance test replays the published games (App. A.1.1, A.2) decision by
// decision.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"hexproof/board"
	"hexproof/strategies/notions"
)

func init() {
	Register(Info{
		Name:        "fitzgerald",
		Side:        board.Red,
		Seed:        "thesis Alg. 8.4.1 (with its hierarchy)",
		Description: "rules 0-19 and the 11-item hierarchy for 5xn cylinders, deterministic",
		Applies:     fitzgeraldApplies,
		Options:     FitzgeraldOptions,
		BuildWith: func(b *board.Board, o Options) (Strategy, error) {
			if err := fitzgeraldApplies(b.M, b.N, b.Geo); err != nil {
				return nil, err
			}
			return NewFitzgeraldWith(b, o, false)
		},
	})
	Register(Info{
		Name:        "fitzgerald-rules",
		Side:        board.Red,
		Seed:        "thesis Alg. 8.4.1 (without its hierarchy)",
		Description: "every move the rule chosen by Alg. 8.4.1 notions.Step II allows, before the hierarchy and the connection area",
		Applies:     fitzgeraldApplies,
		Options:     fitzgeraldRulesOptions,
		BuildWith: func(b *board.Board, o Options) (Strategy, error) {
			if err := fitzgeraldApplies(b.M, b.N, b.Geo); err != nil {
				return nil, err
			}
			return NewFitzgeraldWith(b, o, true)
		},
	})
}

// FitzgeraldOptions are the readings of Alg. 8.4.1 that the thesis leaves
// open, as options of the strategy (docs/decisions/fitzgerald.md); the first
// value of each is the default, the reading that agrees with the most
// published decisions and, where the games do not decide, the text.
var FitzgeraldOptions = []Option{
	{Key: "area", Values: []string{"round-up", "round-down", "lifted", "rect", "middle-ring", "off"},
		Doc: "rule 7 connection area (Def. 8.2.1): midpoint column rounded up or down, midpoint in lifted columns, rectangle between the ends, with the middle ring, or no area preference"},
	{Key: "item3", Values: []string{"before", "after"},
		Doc: "hierarchy 3: the lengthened path covers ring j before the move, or after it"},
	{Key: "item7", Values: []string{"off", "on"},
		Doc: "hierarchy 7 (most vertical bridge options): not applied, or applied"},
	{Key: "skip", Values: []string{"5", "4"},
		Doc: "notions.Step II skip: a move is dangerous from 5, or from 4, blue neighbours"},
	{Key: "overlap", Values: []string{"shared-end", "any"},
		Doc: "notions.Step II skip and hierarchy 1: overlapping bridges that share an end, or any overlap"},
	{Key: "item8", Values: []string{"any", "shared-end"},
		Doc: "hierarchy 8: points of overlap of any red overlapping bridges, or shared-end ones only"},
	{Key: "rule6c", Values: []string{"ordered", "union"},
		Doc: "rule 6(c): the four kinds of cell tried in the order listed, or all together"},
}

// fitzgeraldRulesOptions are the options that matter before the hierarchy.
var fitzgeraldRulesOptions = []Option{FitzgeraldOptions[3], FitzgeraldOptions[4], FitzgeraldOptions[6]}

// Connection-area readings (option area).
const (
	areaRoundUp = iota
	areaRoundDown
	areaLifted
	areaRect
	areaMiddleRing
	areaOff
)

func fitzgeraldApplies(m, n int, g board.Geometry) error {
	if g != board.Cylinder || m != 5 {
		return fmt.Errorf("thesis Alg. 8.4.1 is defined for 5×n cylinders (got %d×%d %s)", m, n, g)
	}
	if n < 1 || 5*n > board.MaxCells {
		return fmt.Errorf("thesis Alg. 8.4.1 needs 1 ≤ n ≤ %d rings on a 5-column board (got %d)", board.MaxCells/5, n)
	}
	return nil
}

// Fitzgerald is Alg. 8.4.1 bound to one board, under one reading.
type Fitzgerald struct {
	nt *notions.Notions
	// blueDanger is the number of blue neighbours from which a move counts as
	// dangerous in hierarchy item 2; skipDanger the same in the step II skip
	// (and rule 16's sub-rules).
	blueDanger, skipDanger int
	area                   int  // connection-area reading (area*)
	item3After             bool // item 3: the path covers ring j after the move
	item7                  bool // item 7 applied
	overlapAny             bool // skip and item 1: any overlap counts
	item8SharedEnd         bool // item 8: shared-end overlap points only
	rule6cUnion            bool // rule 6(c): the four kinds united
	// rulesOnly: Allowed returns every move of the chosen rule, before the
	// hierarchy and the connection area narrow them (fitzgerald-rules).
	rulesOnly bool
}

// NewFitzgerald builds the strategy for a 5×n cylinder (Applies must hold)
// under the default reading.
func NewFitzgerald(b *board.Board) *Fitzgerald {
	f, err := NewFitzgeraldWith(b, Defaults(FitzgeraldOptions), false)
	if err != nil {
		panic(err) // the defaults are valid values
	}
	return f
}

// NewFitzgeraldWith builds the strategy under the readings o (every key of
// FitzgeraldOptions that rulesOnly uses must be set); rulesOnly makes it the
// fitzgerald-rules variant.
func NewFitzgeraldWith(b *board.Board, o Options, rulesOnly bool) (*Fitzgerald, error) {
	f := &Fitzgerald{nt: notions.NewNotions(b), blueDanger: 5, skipDanger: 5, rulesOnly: rulesOnly}
	for _, op := range FitzgeraldOptions {
		v, ok := o[op.Key]
		if !ok {
			if !rulesOnly {
				return nil, fmt.Errorf("fitzgerald: option %s not set", op.Key)
			}
			v = op.Values[0]
		}
		k := slices.Index(op.Values, v)
		if k < 0 {
			return nil, fmt.Errorf("fitzgerald: option %s has no value %q (valid: %s)", op.Key, v, strings.Join(op.Values, ", "))
		}
		switch op.Key {
		case "area":
			f.area = k
		case "item3":
			f.item3After = k == 1
		case "item7":
			f.item7 = k == 1
		case "skip":
			f.skipDanger = 5 - k
		case "overlap":
			f.overlapAny = k == 1
		case "item8":
			f.item8SharedEnd = k == 1
		case "rule6c":
			f.rule6cUnion = k == 1
		}
	}
	return f, nil
}

// Board implements Strategy.
func (f *Fitzgerald) Board() *board.Board { return f.nt.B }

// Side implements Strategy.
func (f *Fitzgerald) Side() board.Color { return board.Red }

// Symmetries implements Strategy: the tie-breaks of hierarchy items 10 and 11
// (lowest ring, left-most column) commute with no non-trivial symmetry.
func (f *Fitzgerald) Symmetries() []board.Perm { return f.nt.B.Identity() }

// RuleNumber is the leading number of a rule label ("6(c)" → 6).
func RuleNumber(label string) int {
	k := strings.IndexFunc(label, func(r rune) bool { return r < '0' || r > '9' })
	if k < 0 {
		k = len(label)
	}
	n, _ := strconv.Atoi(label[:k])
	return n
}

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

// WinRule implements WinTaker: rule 1 comes first in step II and is never
// skipped, and its moves are the winning moves (a single one, or the
// hierarchy's pick among several; every move for fitzgerald-rules).
func (f *Fitzgerald) WinRule() string { return "1" }

// Allowed implements Strategy: one cell, or for fitzgerald-rules every cell
// of the rule step II chooses.
func (f *Fitzgerald) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	nt := f.nt
	empty := nt.B.All().AndNot(p.Occupied())
	if empty.Empty() {
		return board.Bits{}, "none"
	}
	if last == board.NoCell || !p.Blue.Has(last) {
		return board.Bit(f.middle(empty)), "0"
	}
	var s state
	return f.decide(&s, p, last, nt.RedWinningMoves(p), nil)
}

// RuleAllowed implements RuleAllower: every cell of the rule step II
// chooses, before the hierarchy and the connection area narrow them (what
// fitzgerald-rules allows under the same readings).
func (f *Fitzgerald) RuleAllowed(p board.Position, last board.Cell) (board.Bits, string) {
	g := *f
	g.rulesOnly = true
	return g.Allowed(p, last)
}

// Decide returns Red's move (the first allowed cell for fitzgerald-rules;
// board.NoCell on a full board) and the label of the rule that produced it.
func (f *Fitzgerald) Decide(p board.Position, last board.Cell) (board.Cell, string) {
	a, label := f.Allowed(p, last)
	if a.Empty() {
		return board.NoCell, label
	}
	return a.First(), label
}

// decide is step II for position p (not full, Blue's last stone on last),
// given win = Red's winning moves in p (rule 1). Rule 1 comes first in step II
// and is never skipped, so it is answered before the rest of the analysis: a
// single winning move needs no hierarchy, several need only the red part of
// the analysis (hierarchy items 1–9 look only at red groups and bridges, blue
// neighbour counts and ring j). sib, when not nil, is the red analysis of the
// position before Blue's move (see Replies).
func (f *Fitzgerald) decide(s *state, p board.Position, last board.Cell, win board.Bits, sib *sibling) (board.Bits, string) {
	if win.Count() == 1 || win.Any() && f.rulesOnly {
		return win, "1" // the hierarchy of a single move is that move
	}
	f.analyseRed(s, p, last, sib)
	if win.Any() {
		return board.Bit(f.hierarchy(s, win, s.trace)), "1"
	}
	f.analyseBlue(s)
	for r := 2; r <= 19; r++ {
		cands, label := f.rule(s, r)
		if cands.Empty() {
			continue
		}
		// Step II skips rules 4 and 8–19 when every move they allow is
		// dangerous; rule 19 is the last, so skipping it would leave no move:
		// it is applied anyway (docs/decisions/fitzgerald.md).
		if (r == 4 || r >= 8 && r < 19) && f.allDangerous(s, cands) {
			continue
		}
		if f.rulesOnly {
			return cands, label
		}
		if s.trace != nil {
			// What the hierarchy starts from: the rule's cells, narrowed
			// by the connection area under rule 7 (coverRule).
			*s.trace = append(*s.trace, TieBreakStep{Step: "the connection area (Def. 8.2.1)", Left: cands})
		}
		return board.Bit(f.hierarchy(s, cands, s.trace)), label
	}
	return board.Bits{}, "none" // unreachable: rule 19 allows every empty cell
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

// Replies implements Replier: Red's answer to every Blue move b of moves from
// position p (Blue to move), in increasing cell order. The red analysis of p
// is done once (see analyseRed), and so is rule 1: a blue stone changes no red
// group that touches ring 1 or ring n, so Red's winning moves after Blue's b
// are Red's winning moves in p other than b.
func (f *Fitzgerald) Replies(p board.Position, moves board.Bits, yield func(b board.Cell, allowed board.Bits, rule string) bool) {
	nt := f.nt
	empty := nt.B.All().AndNot(p.Occupied())
	win := nt.RedWinningMoves(p)
	var sib sibling
	sibDone := false
	var s state
	for m := moves; m.Any(); {
		b := m.Pop()
		q := p.Play(board.Blue, b)
		var allowed board.Bits
		var label string
		switch {
		case !empty.Has(b) || empty.Count() == 1:
			allowed, label = f.Allowed(q, b) // outside the contract, or a full board
		case win.Without(b).Count() == 1:
			allowed, label = win.Without(b), "1"
		default:
			if !sibDone {
				nt.ProvisionalGroups(p.Red, empty, true, &sib.redG)
				nt.Bridges(p.Red, empty, true, &sib.redBr)
				sibDone = true
			}
			s.reset()
			allowed, label = f.decide(&s, q, b, win.Without(b), &sib)
		}
		if !yield(b, allowed, label) {
			return
		}
	}
}

// middle is step I: the middle ring (for even n the upper of the two middle
// rings), middle column.
func (f *Fitzgerald) middle(empty board.Bits) board.Cell {
	nt := f.nt
	c := nt.B.Cell((nt.M+1)/2, (nt.N+1)/2)
	if empty.Has(c) {
		return c
	}
	return empty.First()
}

// dangerous reports whether a red move on c creates an overlapping bridge (of
// the kind option overlap names) or has skipDanger or more blue neighbours.
func (f *Fitzgerald) dangerous(s *state, c board.Cell) bool {
	if f.nt.NeighbourCount(c, s.p.Blue) >= f.skipDanger {
		return true
	}
	return f.createsOverlap(s, c)
}

// createsOverlap: a red stone on c creates an overlapping bridge, sharing an
// end vertex unless option overlap=any.
func (f *Fitzgerald) createsOverlap(s *state, c board.Cell) bool {
	return f.nt.CreatesOverlapWith(&s.redBr, s.p.Red, s.empty, true, c, !f.overlapAny)
}

func (f *Fitzgerald) allDangerous(s *state, cands board.Bits) bool {
	for c := cands; c.Any(); {
		if !f.dangerous(s, c.Pop()) {
			return false
		}
	}
	return true
}

// rule returns the moves rule r allows (empty if it cannot be satisfied).
func (f *Fitzgerald) rule(s *state, r int) (board.Bits, string) {
	nt := f.nt
	switch r {
	case 1:
		return nt.RedWinningMoves(s.p), "1"
	case 2:
		return f.rule2(s)
	case 3:
		return f.rule3(s)
	case 4:
		if s.redG.SameGroup(nt.TopNode(), nt.BottomNode()) {
			// Only reachable if rules 1 and 3 offered nothing: any cell keeps it.
			return s.empty, "4"
		}
		var out board.Bits
		// Only a cell next to both the top's and the bottom's group can join them.
		top, bottom, _ := f.near(s)
		for c := top.And(bottom).And(s.empty); c.Any(); {
			x := c.Pop()
			if lo, hi := f.span(s, x); lo == 0 && hi == nt.N+1 {
				out = out.With(x)
			}
		}
		return out, "4"
	case 5:
		return f.rule5(s)
	case 6:
		return f.rule6(s)
	case 7:
		return f.rule7(s)
	case 8:
		return f.rule8(s)
	case 9:
		var out board.Bits
		for k := 0; k < s.redBrPrev.N; k++ {
			br := s.redBrPrev.At[k]
			if br.V1 == s.last || br.V2 == s.last {
				out = out.With(br.Other(s.last))
			}
		}
		return out.And(s.empty), "9"
	case 10, 11, 12, 13, 14:
		return f.coverRule(s, r, 0), strconv.Itoa(r)
	case 15:
		if nt.RingCells(s.j).And(s.p.Red).Any() {
			return board.Bits{}, "15"
		}
		return notions.BridgeCells(&s.redBr).And(nt.RingCells(s.j)), "15"
	case 16:
		return f.rule16(s)
	case 17:
		_, se := notions.OverlapPoints(&s.redBr)
		return se.And(s.empty), "17"
	case 18:
		return notions.BridgeCells(&s.redBr).And(s.empty), "18"
	case 19:
		return s.empty, "19"
	}
	return board.Bits{}, ""
}

func (f *Fitzgerald) rule2(s *state) (board.Bits, string) {
	nt := f.nt
	w := nt.BlueWinningMoves(s.p)
	if w.Empty() {
		return w, "2"
	}
	var a board.Bits
	for c := w; c.Any(); {
		x := c.Pop()
		if nt.BlueWinningMoves(s.p.Play(board.Red, x)).Empty() {
			a = a.With(x)
		}
	}
	if a.Any() {
		return a, "2(a)"
	}
	return w, "2(b)"
}

// rule3: a red provisional winning path existed before Blue's move.
func (f *Fitzgerald) rule3(s *state) (board.Bits, string) {
	nt := f.nt
	emptyPrev := s.empty.With(s.last)
	had := s.redG.SameGroup(nt.TopNode(), nt.BottomNode())
	if !had && s.redBrPrev.N != s.redBr.N {
		// Blue's move broke a red bridge: recompute the groups before it.
		had = nt.RedProvisionalWin(s.p.Red, emptyPrev)
	}
	if !had {
		return board.Bits{}, "3"
	}
	var onPath [notions.MaxBridges]bool
	nt.ShortestRedPWPBridges(s.p.Red, emptyPrev, &s.redBrPrev, &onPath)
	l := &s.redBrPrev
	// (a) the attacked cell was a bridge cell of a path bridge that overlaps
	// another bridge, sharing an end vertex with it.
	var aPts, aOthers board.Bits
	for x := 0; x < l.N; x++ {
		if !onPath[x] {
			continue
		}
		bx := l.At[x]
		for y := 0; y < l.N; y++ {
			if y == x {
				continue
			}
			pt, se, ok := notions.Overlap(bx, l.At[y])
			if !ok || !se || (bx.V1 != s.last && bx.V2 != s.last) {
				continue
			}
			// The attacked path bridge: its point of overlap if still empty,
			// else (Blue took the point) the path bridge's other cell, which
			// keeps the path (§7.2.5: save the bridge of the path).
			if s.empty.Has(pt) {
				aPts = aPts.With(pt)
			} else {
				aOthers = aOthers.With(bx.Other(s.last))
			}
		}
	}
	if aPts.Any() {
		return aPts, "3(a)i"
	}
	if aOthers = aOthers.And(s.empty); aOthers.Any() {
		return aOthers, "3(a)ii"
	}
	var b, pathCells, pts board.Bits
	for x := 0; x < l.N; x++ {
		if !onPath[x] {
			continue
		}
		bx := l.At[x]
		if bx.V1 == s.last || bx.V2 == s.last {
			b = b.With(bx.Other(s.last))
		}
		pathCells = pathCells.Or(bx.Cells())
		for y := 0; y < l.N; y++ {
			if pt, se, ok := notions.Overlap(bx, l.At[y]); y != x && ok && se {
				pts = pts.With(pt)
			}
		}
	}
	if b = b.And(s.empty); b.Any() {
		return b, "3(b)"
	}
	if pts = pts.And(s.empty); pts.Any() {
		return pts, "3(c)"
	}
	return pathCells.And(s.empty), "3(d)"
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

func (f *Fitzgerald) rule5(s *state) (board.Bits, string) {
	nt := f.nt
	if !s.blueLift.Winds {
		return board.Bits{}, "5"
	}
	_, se := notions.OverlapPoints(&s.blueBr)
	var a board.Bits
	for c := se; c.Any(); {
		x := c.Pop()
		if !nt.BlueProvisionalWin(s.p.Blue, s.empty.Without(x)) {
			a = a.With(x)
		}
	}
	if a.Any() {
		return a, "5(a)"
	}
	// (b) bridge cells of the blue bridges on a winding cycle: those whose
	// removal matters are on it; all bridge cells of Blue's bridges are offered
	// and the hierarchy chooses.
	return notions.BridgeCells(&s.blueBr).And(s.empty), "5(b)"
}

// stopsBluePW reports whether a red stone on x leaves Blue without a move that
// creates a provisional winning path.
func (f *Fitzgerald) stopsBluePW(s *state, x board.Cell) bool {
	return f.bluePWMoves(s.p.Play(board.Red, x)).Empty()
}

func (f *Fitzgerald) rule6(s *state) (board.Bits, string) {
	nt := f.nt
	pw := f.bluePWMovesLift(&s.blueLift, s.p, s.empty)
	if pw.Empty() {
		return pw, "6"
	}
	// Red bridges attacked by Blue's move (before the move).
	var attackedPts, attackedOthers board.Bits
	l := &s.redBrPrev
	for x := 0; x < l.N; x++ {
		bx := l.At[x]
		if bx.V1 != s.last && bx.V2 != s.last {
			continue
		}
		attackedOthers = attackedOthers.With(bx.Other(s.last))
		for y := 0; y < l.N; y++ {
			if pt, se, ok := notions.Overlap(bx, l.At[y]); y != x && ok && se && pt != s.last {
				attackedPts = attackedPts.With(pt)
			}
		}
	}
	attackedPts = attackedPts.And(s.empty)
	attackedOthers = attackedOthers.And(s.empty)
	var a board.Bits
	for c := attackedPts; c.Any(); {
		if x := c.Pop(); f.stopsBluePW(s, x) {
			a = a.With(x)
		}
	}
	if a.Any() {
		return a, "6(a)"
	}
	var b board.Bits
	for c := attackedOthers; c.Any(); {
		if x := c.Pop(); f.stopsBluePW(s, x) {
			b = b.With(x)
		}
	}
	if b.Any() {
		return b, "6(b)"
	}
	// (c) candidates: the blue provisional winning moves, blue overlap points,
	// blue bridge cells, and the bridge cells of the bridges Blue would make
	// with a provisional winning move.
	_, blueSE := notions.OverlapPoints(&s.blueBr)
	pot := f.potentialBlueBridgeCells(s, pw)
	cand := pw.Or(blueSE).Or(notions.BridgeCells(&s.blueBr)).Or(pot).And(s.empty)
	// The four kinds of cell are tried in the order the thesis lists them
	// (docs/decisions/fitzgerald.md, game A.2 ply 20).
	kinds := [4]board.Bits{pw, blueSE, notions.BridgeCells(&s.blueBr), pot}
	if f.rule6cUnion {
		kinds = [4]board.Bits{cand}
	}
	for _, kind := range kinds {
		var c6 board.Bits
		for c := kind.And(s.empty); c.Any(); {
			if x := c.Pop(); f.stopsBluePW(s, x) {
				c6 = c6.With(x)
			}
		}
		if c6.Any() {
			return c6, "6(c)"
		}
	}
	// (d) the same cells plus the attacked red bridge cells; keep those leaving
	// Blue the most overlapping bridges, then the fewest provisional winning
	// moves.
	cand = cand.Or(attackedPts).Or(attackedOthers)
	best1, best2 := -1, 1<<30
	var d board.Bits
	for c := cand; c.Any(); {
		x := c.Pop()
		q := s.p.Play(board.Red, x)
		var bl notions.BridgeList
		nt.Bridges(q.Blue, s.empty.Without(x), false, &bl)
		ov := notions.CountSharedEndOverlaps(&bl)
		npw := f.bluePWMoves(q).Count()
		switch {
		case ov > best1 || (ov == best1 && npw < best2):
			best1, best2, d = ov, npw, board.Bit(x)
		case ov == best1 && npw == best2:
			d = d.With(x)
		}
	}
	return d, "6(d)"
}

// potentialBlueBridgeCells are the bridge cells of the blue bridges that a blue
// stone on one of the cells of pw would create.
func (f *Fitzgerald) potentialBlueBridgeCells(s *state, pw board.Bits) board.Bits {
	nt := f.nt
	var out board.Bits
	for c := pw; c.Any(); {
		x := c.Pop()
		e := s.empty.Without(x)
		for d := range nt.BridgeSteps(x) {
			st := &nt.BridgeSteps(x)[d]
			if st.To >= 0 && int(st.To) < nt.Cells && s.p.Blue.Has(board.Cell(st.To)) && e.Has(st.V1) && e.Has(st.V2) {
				out = out.With(st.V1).With(st.V2)
			}
		}
	}
	return out
}

// rule7: Blue's move created a threatening double-bridge set-up.
func (f *Fitzgerald) rule7(s *state) (board.Bits, string) {
	nt := f.nt
	var su [4]notions.DoubleBridgeSetup
	n := nt.ThreatSetups(s.p.Blue, s.empty, s.last, &su)
	if n == 0 {
		return board.Bits{}, "7"
	}
	up, down := false, false
	var area board.Bits
	for k := 0; k < n; k++ {
		if su[k].Up {
			up = true
		} else {
			down = true
		}
		area = area.Or(f.connectionArea(su[k]))
	}
	// (a) rings already covered: next rule.
	if (!up || nt.Covered(&s.redG, s.j-2, s.j)) && (!down || nt.Covered(&s.redG, s.j, s.j+2)) {
		return board.Bits{}, "7"
	}
	var dir int
	label := "7(b)"
	switch {
	case up && down:
		dir = 0
	case up:
		dir, label = -1, "7(c)"
	default:
		dir, label = 1, "7(d)"
	}
	for r := 10; r <= 14; r++ {
		c := f.coverRule(s, r, dir)
		if c.Empty() {
			continue
		}
		if in := c.And(area); in.Any() && !f.rulesOnly && f.area != areaOff {
			return in, label
		}
		return c, label
	}
	return board.Bits{}, "7"
}

// connectionArea is Def. 8.2.1 for the set-up under option area: the
// default is Notions.ConnectionArea (board columns, midpoint rounded up);
// round-down rounds the midpoint down; lifted takes the midpoint in the
// lifted columns (A's column plus half the set-up's column offset); rect is
// every cell between the ends, board columns and rings both inclusive;
// middle-ring adds the ring between the ends to the default.
func (f *Fitzgerald) connectionArea(su notions.DoubleBridgeSetup) board.Bits {
	nt := f.nt
	ia, ja := nt.ColOf(su.A), nt.RingOf(su.A)
	ib, jb := nt.ColOf(su.B), nt.RingOf(su.B)
	var cols [3]int
	var rings []int
	switch f.area {
	case areaRoundDown:
		cols, rings = [3]int{ia, ib, (ia + ib) / 2}, []int{ja, jb}
	case areaLifted:
		cols, rings = [3]int{ia, ib, (ia-1+su.BDX/2+nt.M)%nt.M + 1}, []int{ja, jb}
	case areaRect:
		var out board.Bits
		for i := min(ia, ib); i <= max(ia, ib); i++ {
			for j := min(ja, jb); j <= max(ja, jb); j++ {
				out = out.With(nt.B.Cell(i, j))
			}
		}
		return out
	case areaMiddleRing:
		cols, rings = [3]int{ia, ib, (ia + ib + 1) / 2}, []int{ja, (ja + jb) / 2, jb}
	default:
		return nt.ConnectionArea(su)
	}
	var out board.Bits
	for _, i := range cols {
		for _, j := range rings {
			out = out.With(nt.B.Cell(i, j))
		}
	}
	return out
}

func (f *Fitzgerald) rule8(s *state) (board.Bits, string) {
	l := &s.redBrPrev
	var pts, others board.Bits
	for x := 0; x < l.N; x++ {
		bx := l.At[x]
		if bx.V1 != s.last && bx.V2 != s.last {
			continue
		}
		for y := 0; y < l.N; y++ {
			pt, se, ok := notions.Overlap(bx, l.At[y])
			if y == x || !ok || !se {
				continue
			}
			if s.empty.Has(pt) {
				pts = pts.With(pt)
			} else {
				others = others.Or(bx.Cells()).Or(l.At[y].Cells())
			}
		}
	}
	if pts.Any() {
		return pts, "8(a)"
	}
	return others.And(s.empty), "8(b)"
}

// coverRule evaluates rules 10–14: the empty cells of the allowed rings after
// which the target rings, not covered before, are covered. dir restricts rules
// 12 and 13 to one side for rule 7 (-1: upwards, +1: downwards, 0: both).
func (f *Fitzgerald) coverRule(s *state, r, dir int) board.Bits {
	j := s.j
	type target struct{ lo, hi, a, b int } // play in rings lo..hi to cover R(a, b)
	var ts [2]target
	nts := 0
	switch r {
	case 10:
		ts[0], nts = target{j - 3, j + 3, j - 2, j + 2}, 1
	case 11:
		ts[0], nts = target{j - 2, j + 2, j - 1, j + 1}, 1
	case 12:
		if dir <= 0 {
			ts[nts] = target{j - 3, j + 1, j - 2, j}
			nts++
		}
		if dir >= 0 {
			ts[nts] = target{j - 1, j + 3, j, j + 2}
			nts++
		}
	case 13:
		if dir <= 0 {
			ts[nts] = target{j - 2, j + 1, j - 1, j}
			nts++
		}
		if dir >= 0 {
			ts[nts] = target{j - 1, j + 2, j, j + 1}
			nts++
		}
	case 14:
		ts[0], nts = target{j - 1, j + 1, j, j}, 1
	}
	nt := f.nt
	var out board.Bits
	// A cell that joins no group covers only its own ring.
	_, _, near := f.near(s)
	for k := 0; k < nts; k++ {
		t := ts[k]
		if nt.Covered(&s.redG, t.a, t.b) {
			continue
		}
		cand := near
		if t.a == t.b {
			cand = cand.Or(nt.RingCells(t.a))
		}
		for c := nt.RingsCells(t.lo, t.hi).And(s.empty).And(cand); c.Any(); {
			x := c.Pop()
			if out.Has(x) {
				continue
			}
			// Not covered before, so covered after iff the new stone's group covers.
			if lo, hi := f.span(s, x); lo <= max(t.a, 0) && hi >= min(t.b, nt.N+1) {
				out = out.With(x)
			}
		}
	}
	return out
}

// rule16 extends the paths through ring j from their nearest ends.
func (f *Fitzgerald) rule16(s *state) (board.Bits, string) {
	nt := f.nt
	g := &s.redG
	upper, lower := -1, nt.N+2
	for c := s.p.Red; c.Any(); {
		x := c.Pop()
		if g.Find(int16(x)) != int16(x) || int(g.Lo[x]) > s.j || int(g.Hi[x]) < s.j {
			continue
		}
		if g.Lo[x] >= 1 && int(g.Lo[x]) > upper {
			upper = int(g.Lo[x])
		}
		if int(g.Hi[x]) <= nt.N && int(g.Hi[x]) < lower {
			lower = int(g.Hi[x])
		}
	}
	var ends [2]board.Bits // end cells above and below
	var dirs [2]int
	for c := s.p.Red; c.Any(); {
		x := c.Pop()
		r := nt.Root(g, notions.Ext(x))
		if int(g.Lo[r]) > s.j || int(g.Hi[r]) < s.j {
			continue
		}
		if nt.RingOf(x) == upper && int(g.Lo[r]) == upper {
			ends[0] = ends[0].With(x)
		}
		if nt.RingOf(x) == lower && int(g.Hi[r]) == lower {
			ends[1] = ends[1].With(x)
		}
	}
	dirs[0], dirs[1] = -1, 1
	var a, b, c board.Bits
	for k := 0; k < 2; k++ {
		for e := ends[k]; e.Any(); {
			x := e.Pop()
			for d := range nt.BridgeSteps(x) {
				st := &nt.BridgeSteps(x)[d]
				if st.To < 0 || int(st.To) >= nt.Cells || !s.empty.Has(board.Cell(st.To)) || !s.empty.Has(st.V1) || !s.empty.Has(st.V2) {
					continue
				}
				switch nt.Ring(st.To) - nt.RingOf(x) {
				case 2 * dirs[k]:
					a = a.With(board.Cell(st.To))
				case dirs[k]:
					b = b.With(board.Cell(st.To))
				}
			}
			for d := range nt.Adj(x) {
				to := nt.Adj(x)[d].To
				if to >= 0 && int(to) < nt.Cells && s.empty.Has(board.Cell(to)) && nt.Ring(to)-nt.RingOf(x) == dirs[k] {
					b = b.With(board.Cell(to))
				}
			}
			c = c.Or(nt.RingCells(nt.RingOf(x)).And(s.empty))
		}
	}
	if a.Any() && !f.allDangerous(s, a) {
		return a, "16(a)"
	}
	if b.Any() && !f.allDangerous(s, b) {
		return b, "16(b)"
	}
	return c, "16(c)"
}

// hierarchy narrows the moves of a rule to one (thesis §8.4, the hierarchy).
// trace, when not nil, gets the cells left after each item (the blunder
// annotation's question: which item dropped the winning moves).
func (f *Fitzgerald) hierarchy(s *state, l board.Bits, trace *[]TieBreakStep) board.Cell {
	nt := f.nt
	if l.Count() == 1 {
		return l.First()
	}
	step := func(item string, left board.Bits) board.Bits {
		if trace != nil {
			*trace = append(*trace, TieBreakStep{Step: "hierarchy item " + item, Left: left})
		}
		return left
	}
	// 1: does not create an overlapping bridge (sharing an end vertex).
	l = step("1", keepIf(l, func(c board.Cell) bool { return !f.createsOverlap(s, c) }))
	// 2: at most 4 blue neighbours.
	l = step("2", keepIf(l, func(c board.Cell) bool { return nt.NeighbourCount(c, s.p.Blue) < f.blueDanger }))
	// 3: lengthens a path covering ring j the most.
	l = step("3", keepMax(l, func(c board.Cell) int { return f.lengthGain(s, c) }))
	// 4: connects the most disjoint paths.
	l = step("4", keepMax(l, func(c board.Cell) int { n, _ := f.roots(s, c); return n }))
	// 5 and 6: next-move connections.
	if l.Count() > 1 {
		var best, ways [board.MaxCells]int16
		for c := l; c.Any(); {
			x := c.Pop()
			b, w := f.nextJoins(s, x)
			best[x], ways[x] = int16(b), int16(w)
		}
		l = step("5", keepMax(l, func(c board.Cell) int { return int(best[c]) }))
		l = step("6", keepMax(l, func(c board.Cell) int { return int(ways[c]) }))
	}
	// 7 (vertical bridge options) is not applied by default: under every
	// reading tried it contradicts published choices (App. A.1.1 game 1 plies
	// 4, 6, 14), and the thesis reports it never removed a move (§9.4.2); see
	// docs/decisions/fitzgerald.md. Option item7=on applies it.
	if f.item7 {
		l = step("7", keepMax(l, func(c board.Cell) int { return nt.VerticalBridgeOptions(c, s.empty.Without(c), s.p.Blue) }))
	}
	// 8: a point of overlap of red overlapping bridges (any kind, or with
	// item8=shared-end only those sharing an end), else a red bridge cell.
	se, sharedSE := notions.OverlapPoints(&s.redBr)
	if f.item8SharedEnd {
		se = sharedSE
	}
	if se.And(l).Any() {
		l = se.And(l)
	} else if bc := notions.BridgeCells(&s.redBr).And(l); bc.Any() {
		l = bc
	}
	l = step("8", l)
	// 9: most (but fewer than 5) red neighbours.
	l = step("9", keepMax(l, func(c board.Cell) int {
		if k := nt.RedNeighbourCount(c, s.p.Red); k < 5 {
			return k
		}
		return -1 << 20
	}))
	// 10, 11: lowest ring, then left-most column = first in cell order.
	step("10 and 11", board.Bit(l.First()))
	return l.First()
}

// TieBreakTrace implements TieBreakTracer: what narrowed the rule's cells
// (RuleAllowed) to the answer of Allowed(p, last), step by step: the
// connection area, then the hierarchy's items. Nil when nothing was left to
// choose (Red's first move, or one winning move).
func (f *Fitzgerald) TieBreakTrace(p board.Position, last board.Cell) []TieBreakStep {
	nt := f.nt
	if f.rulesOnly || last == board.NoCell || !p.Blue.Has(last) || p.Occupied() == nt.B.All() {
		return nil
	}
	var trace []TieBreakStep
	s := state{trace: &trace}
	f.decide(&s, p, last, nt.RedWinningMoves(p), nil)
	return trace
}

// lengthGain is hierarchy item 3: by how many rings a red stone on c lengthens
// an existing provisional path that covers ring j (0 if it joins none).
func (f *Fitzgerald) lengthGain(s *state, c board.Cell) int {
	before := -1
	n, roots := f.roots(s, c)
	if f.item3After {
		// item3=after: the path after the move covers ring j; its gain is
		// over the longest path it joins (none: a new path of one ring).
		lo, hi := f.span(s, c)
		if lo > s.j || hi < s.j {
			return 0
		}
		for k := 0; k < n; k++ {
			before = max(before, int(s.redG.Hi[roots[k]]-s.redG.Lo[roots[k]]))
		}
		return hi - lo - before
	}
	for k := 0; k < n; k++ {
		r := roots[k]
		if int(s.redG.Lo[r]) <= s.j && int(s.redG.Hi[r]) >= s.j {
			before = max(before, int(s.redG.Hi[r]-s.redG.Lo[r]))
		}
	}
	if before < 0 {
		return 0
	}
	lo, hi := f.span(s, c)
	return hi - lo - before
}

// nextJoins measures, after a red stone on c, the largest number of red
// provisional groups one further red stone would join, and the number of empty
// cells whose stone would join at least two. After the move, an empty cell x
// joins the images of the groups it joins now (c's groups become one, M), and
// M as well if x is linked to c (adjacent, or a bridge away with both bridge
// cells empty). Nothing else changes: c's stone removes only the bridges
// through c, and x's bridge to y through c makes x adjacent to c and y
// adjacent to c (bridge cells are common neighbours; for a bridge to ring 0 or
// n+1, c is on ring 1 or n and joins it), so y's group is in M, which x
// reaches anyway. TestNextJoinsMatchesBruteForce compares with the groups
// recomputed after the move.
func (f *Fitzgerald) nextJoins(s *state, c board.Cell) (best, ways int) {
	if !s.joinDone {
		// Only cells near a group can join one (Notions.Near is a superset).
		_, _, near := f.near(s)
		for e := s.empty.And(near); e.Any(); {
			x := e.Pop()
			k, _ := f.roots(s, x)
			if k >= 1 {
				s.join1 = s.join1.With(x)
			}
			if k >= 2 {
				s.join2 = s.join2.With(x)
			}
		}
		s.joinDone = true
	}
	nc, rc := f.roots(s, c)
	link := f.nt.Linked(c, s.empty).And(s.empty)
	// A cell that joins one group now and is not linked to c joins one after.
	if s.join1.AndNot(s.join2).AndNot(link).Without(c).Any() {
		best = 1
	}
	for e := s.join2.Or(link).Without(c); e.Any(); {
		x := e.Pop()
		n, rx := f.roots(s, x)
		k, merged := 0, link.Has(x)
		for y := 0; y < n; y++ {
			in := false
			for z := 0; z < nc; z++ {
				if rc[z] == rx[y] {
					in = true
					break
				}
			}
			if in {
				merged = true
			} else {
				k++
			}
		}
		if merged {
			k++
		}
		if k >= 2 {
			ways++
		}
		best = max(best, k)
	}
	return best, ways
}

func keepIf(l board.Bits, ok func(board.Cell) bool) board.Bits {
	var out board.Bits
	for c := l; c.Any(); {
		if x := c.Pop(); ok(x) {
			out = out.With(x)
		}
	}
	if out.Empty() {
		return l
	}
	return out
}

func keepMax(l board.Bits, score func(board.Cell) int) board.Bits {
	if l.Count() <= 1 {
		return l
	}
	var out board.Bits
	best := -1 << 30
	for c := l; c.Any(); {
		x := c.Pop()
		v := score(x)
		switch {
		case v > best:
			best, out = v, board.Bit(x)
		case v == best:
			out = out.With(x)
		}
	}
	return out
}
