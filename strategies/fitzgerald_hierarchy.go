package strategies

// Alg. 8.4.1, its hierarchy (the list of preferences after the rules in
// thesis §8.4, motivated in §8.1–8.3): the eleven items that narrow the
// moves of the chosen rule to one, the trace of that narrowing for the
// blunder annotation, and the measures items 3, 5 and 6 compare.

import (
	"hexproof/board"
	"hexproof/strategies/notions"
)

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
	// 1 (why: §8.2.4): does not create an overlapping bridge (sharing an end vertex).
	l = step("1", keepIf(l, func(c board.Cell) bool { return !f.createsOverlap(s, c) }))
	// 2 (why: §8.3.3): at most 4 blue neighbours.
	l = step("2", keepIf(l, func(c board.Cell) bool { return nt.NeighbourCount(c, s.p.Blue) < f.blueDanger }))
	// 3 (why: §8.3.2): lengthens a path covering ring j the most.
	l = step("3", keepMax(l, func(c board.Cell) int { return f.lengthGain(s, c) }))
	// 4 (why: §8.2.1): connects the most disjoint paths.
	l = step("4", keepMax(l, func(c board.Cell) int { n, _ := f.roots(s, c); return n }))
	// 5 and 6 (why: §8.2.1): next-move connections.
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
	// 7 (vertical bridge options, why: §8.3.2) is not applied by default: under every
	// reading tried it contradicts published choices (App. A.1.1 game 1 plies
	// 4, 6, 14), and the thesis reports it never removed a move (§9.4.2); see
	// docs/decisions/fitzgerald.md. Option item7=on applies it.
	if f.item7 {
		l = step("7", keepMax(l, func(c board.Cell) int { return nt.VerticalBridgeOptions(c, s.empty.Without(c), s.p.Blue) }))
	}
	// 8 (why: §8.2.4): a point of overlap of red overlapping bridges (any kind, or with
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
	// 9 (why: §8.3.3): most (but fewer than 5) red neighbours.
	l = step("9", keepMax(l, func(c board.Cell) int {
		if k := nt.RedNeighbourCount(c, s.p.Red); k < 5 {
			return k
		}
		return -1 << 20
	}))
	// 10, 11 (put last on purpose, §8.3.1): lowest ring, then left-most
	// column = first in cell order.
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
