package strategies

// Alg. 8.4.1, its list of rules (thesis §8.4; the changes from Alg. 7.1.1
// that shaped them are argued in §8.1–8.3): one function per rule, each
// returning every move the rule allows and the label of the sub-rule that
// produced them. Step II (fitzgerald.go) tries them in order; the hierarchy
// (fitzgerald_hierarchy.go) narrows the chosen rule's moves to one.

import (
	"hexproof/board"
	"hexproof/strategies/notions"
)

// rule returns the moves rule r allows (empty if it cannot be satisfied):
// step II's "can rule r be satisfied", one function per rule below.
func (f *Fitzgerald) rule(s *state, r int) (board.Bits, string) {
	switch r {
	case 1:
		return f.rule1(s)
	case 2:
		return f.rule2(s)
	case 3:
		return f.rule3(s)
	case 4:
		return f.rule4(s)
	case 5:
		return f.rule5(s)
	case 6:
		return f.rule6(s)
	case 7:
		return f.rule7(s)
	case 8:
		return f.rule8(s)
	case 9:
		return f.rule9(s)
	case 10:
		return f.rule10(s)
	case 11:
		return f.rule11(s)
	case 12:
		return f.rule12(s)
	case 13:
		return f.rule13(s)
	case 14:
		return f.rule14(s)
	case 15:
		return f.rule15(s)
	case 16:
		return f.rule16(s)
	case 17:
		return f.rule17(s)
	case 18:
		return f.rule18(s)
	case 19:
		return f.rule19(s)
	}
	return board.Bits{}, ""
}

// rule1 is rule 1 (§8.4; never skipped, §8.1): Red's winning moves.
func (f *Fitzgerald) rule1(s *state) (board.Bits, string) {
	return f.nt.RedWinningMoves(s.p), "1"
}

// rule2 is rule 2 (§8.4, §8.2.2): Blue can win next; (a) a block leaving Blue no win, else (b) any.
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

// rule3 is rule 3 (§8.4, §8.2.5): Red had a provisional winning path; mend its attacked bridge or fill it.
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

// rule4 is rule 4 (§8.4, §8.2.5): the cells that give Red a provisional winning path.
func (f *Fitzgerald) rule4(s *state) (board.Bits, string) {
	nt := f.nt
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
}

// rule5 is rule 5 (§8.4, §8.2.2): Blue has a provisional winning path; cut it at an overlap, else its bridges.
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

// rule6 is rule 6 (§8.4, §8.2.2): Blue could make a provisional winning path; (a)–(c) stop it, else (d) hamper it.
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
	pot := f.potentialBlueBridgeCells(s.p.Blue, s.empty, pw)
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

// stopsBluePW reports whether a red stone on x leaves Blue without a move that
// creates a provisional winning path.
func (f *Fitzgerald) stopsBluePW(s *state, x board.Cell) bool {
	return f.bluePWMoves(s.p.Play(board.Red, x)).Empty()
}

// potentialBlueBridgeCells are the bridge cells of the blue bridges (of the
// stones blue, for the empty cells empty) that a blue stone on one of the
// cells of pw would create.
func (f *Fitzgerald) potentialBlueBridgeCells(blue, empty, pw board.Bits) board.Bits {
	nt := f.nt
	var out board.Bits
	for c := pw; c.Any(); {
		x := c.Pop()
		e := empty.Without(x)
		for d := range nt.BridgeSteps(x) {
			st := &nt.BridgeSteps(x)[d]
			if st.To >= 0 && int(st.To) < nt.Cells && blue.Has(board.Cell(st.To)) && e.Has(st.V1) && e.Has(st.V2) {
				out = out.With(st.V1).With(st.V2)
			}
		}
	}
	return out
}

// rule7 is rule 7 (§8.4, §8.2.3): Blue made a threatening double-bridge set-up; cover its rings, in its connection area.
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
		s.wide = c // the rule's cells for fitzgerald-rules (PairedAllowed)
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

// rule8 is rule 8 (§8.4, §8.2.4): Blue hit a red shared-end overlapping bridge; its point of overlap, else its cells.
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

// rule9 is rule 9 (§8.4): Blue played on a red bridge's cell; the other bridge cell.
func (f *Fitzgerald) rule9(s *state) (board.Bits, string) {
	var out board.Bits
	for k := 0; k < s.redBrPrev.N; k++ {
		br := s.redBrPrev.At[k]
		if br.V1 == s.last || br.V2 == s.last {
			out = out.With(br.Other(s.last))
		}
	}
	return out.And(s.empty), "9"
}

// rule10 is rule 10 (§8.4; covering: Def. 8.2.2, §8.2.4): play in R(j-3, j+3) so that R(j-2, j+2) is covered.
func (f *Fitzgerald) rule10(s *state) (board.Bits, string) {
	return f.coverRule(s, 10, 0), "10"
}

// rule11 is rule 11 (§8.4; covering: Def. 8.2.2): play in R(j-2, j+2) so that R(j-1, j+1) is covered.
func (f *Fitzgerald) rule11(s *state) (board.Bits, string) {
	return f.coverRule(s, 11, 0), "11"
}

// rule12 is rule 12 (§8.4; both sides, §8.3.1): cover R(j-2, j) from R(j-3, j+1) or R(j, j+2) from R(j-1, j+3).
func (f *Fitzgerald) rule12(s *state) (board.Bits, string) {
	return f.coverRule(s, 12, 0), "12"
}

// rule13 is rule 13 (§8.4; both sides, §8.3.1): cover R(j-1, j) from R(j-2, j+1) or R(j, j+1) from R(j-1, j+2).
func (f *Fitzgerald) rule13(s *state) (board.Bits, string) {
	return f.coverRule(s, 13, 0), "13"
}

// rule14 is rule 14 (§8.4; covering: Def. 8.2.2): play in R(j-1, j+1) so that ring j is covered.
func (f *Fitzgerald) rule14(s *state) (board.Bits, string) {
	return f.coverRule(s, 14, 0), "14"
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

// rule15 is rule 15 (§8.4, §8.3.4): no red stone in ring j yet; a red bridge cell in ring j.
func (f *Fitzgerald) rule15(s *state) (board.Bits, string) {
	nt := f.nt
	if nt.RingCells(s.j).And(s.p.Red).Any() {
		return board.Bits{}, "15"
	}
	return notions.BridgeCells(&s.redBr).And(nt.RingCells(s.j)), "15"
}

// rule16 is rule 16 (§8.4, §8.3.2): extend the paths through ring j at their nearest ends, or go around.
func (f *Fitzgerald) rule16(s *state) (board.Bits, string) {
	nt := f.nt
	g := &s.redG
	// The paths considered: those covering ring j, and with rule16=near
	// (§10.2.2) those one red stone would extend to cover it.
	var near [board.MaxCells + 2]bool
	if f.rule16Near {
		f.pathsNearRing(s, &near)
	}
	through := func(r int16) bool { return int(g.Lo[r]) <= s.j && int(g.Hi[r]) >= s.j || near[r] }
	upper, lower := -1, nt.N+2
	for c := s.p.Red; c.Any(); {
		x := c.Pop()
		if g.Find(int16(x)) != int16(x) || !through(int16(x)) {
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
		if !through(r) {
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

// pathsNearRing marks, at their roots, the red provisional paths that do not
// cover ring j but would after one more red stone (one joining them, the
// whole joined group then covering ring j): the paths "that can be extended
// to ring j in a single move" of §10.2.2. Only a stone within two rings of j
// can make a group cover it (a bridge spans two rings).
func (f *Fitzgerald) pathsNearRing(s *state, near *[board.MaxCells + 2]bool) {
	g := &s.redG
	_, _, nearAny := f.near(s)
	for c := f.nt.RingsCells(s.j-2, s.j+2).And(s.empty).And(nearAny); c.Any(); {
		x := c.Pop()
		if lo, hi := f.span(s, x); lo > s.j || hi < s.j {
			continue
		}
		n, roots := f.roots(s, x)
		for k := 0; k < n; k++ {
			if r := roots[k]; int(g.Lo[r]) > s.j || int(g.Hi[r]) < s.j {
				near[r] = true
			}
		}
	}
}

// rule17 is rule 17 (§8.4, §8.2.4): a point of overlap of red overlapping bridges sharing an end.
func (f *Fitzgerald) rule17(s *state) (board.Bits, string) {
	_, se := notions.OverlapPoints(&s.redBr)
	return se.And(s.empty), "17"
}

// rule18 is rule 18 (§8.4): a bridge cell of any red bridge.
func (f *Fitzgerald) rule18(s *state) (board.Bits, string) {
	return notions.BridgeCells(&s.redBr).And(s.empty), "18"
}

// rule19 is rule 19 (§8.4): any empty cell (applied even when all are dangerous, see decide).
func (f *Fitzgerald) rule19(s *state) (board.Bits, string) {
	return s.empty, "19"
}
