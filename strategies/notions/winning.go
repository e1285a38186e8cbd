package notions

// Winning paths and winning moves: provisional winning paths (thesis Def.
// 6.4.2) for Red (ring 0 joined to ring n+1) and Blue (a cycle that winds
// around the cylinder, Def. 2.2.2), the shortest red one and whether it is
// true, and each colour's winning moves (Alg. 8.4.1 rules 1 and 2).

import (
	"hexproof/board"
)

// RedProvisionalWin reports whether Red has a provisional winning path (thesis
// Def. 6.4.2 with the virtual rings): the top and bottom rings are in one
// provisional group.
func (nt *Notions) RedProvisionalWin(red, empty board.Bits) bool {
	var g Groups
	nt.ProvisionalGroups(red, empty, true, &g)
	return g.Find(nt.TopNode()) == g.Find(nt.BottomNode())
}

// BlueProvisionalWin reports whether Blue has a provisional winning path: a
// cycle of blue stones, adjacencies and blue bridges that winds around the
// cylinder (thesis Def. 6.4.2 with Def. 2.2.2). Each component is explored in
// the lifting, recording every cell's lifted column; an edge that closes onto a
// placed cell at a different lifted column closes a winding cycle. The blue
// graph is planar on the cylinder (a bridge's two cells are empty, so no blue
// edge crosses it), so a winding closed walk gives a simple winding cycle.
func (nt *Notions) BlueProvisionalWin(blue, empty board.Bits) bool {
	return nt.winds(blue, empty, true)
}

// BlueWinsDirect is the direct (no bridges) version of BlueProvisionalWin: Blue
// has a winning cycle. It agrees with board.BlueWins; it is here so that tests
// can cross-check the winding code.
func (nt *Notions) BlueWinsDirect(blue board.Bits) bool {
	return nt.winds(blue, board.Bits{}, false)
}

func (nt *Notions) winds(own, empty board.Bits, bridges bool) bool {
	var lift [board.MaxCells]int16
	var stack [board.MaxCells]board.Cell
	var seen board.Bits
	for rest := own; rest.Any(); {
		s := rest.Pop()
		if seen.Has(s) {
			continue
		}
		seen = seen.With(s)
		lift[s] = int16(nt.col[s])
		sp := 0
		stack[sp] = s
		sp++
		for sp > 0 {
			sp--
			c := stack[sp]
			for k := 0; k < 12; k++ {
				var st *Step
				if k < 6 {
					st = &nt.adjOf(c)[k]
				} else {
					if !bridges {
						break
					}
					st = &nt.brsOf(c)[k-6]
					if st.To >= 0 && (!empty.Has(st.V1) || !empty.Has(st.V2)) {
						continue
					}
				}
				if st.To < 0 || int(st.To) >= nt.Cells || !own.Has(board.Cell(st.To)) {
					continue
				}
				to := board.Cell(st.To)
				want := lift[c] + int16(st.DX)
				if seen.Has(to) {
					if lift[to] != want {
						return true
					}
					continue
				}
				seen = seen.With(to)
				lift[to] = want
				stack[sp] = to
				sp++
			}
		}
	}
	return false
}

// RedWinningMoves is the set of empty cells on which a red stone connects ring
// 1 to ring n (thesis Alg. 8.4.1 rule 1): the cells that touch (or lie on)
// ring 1 through red stones and ring n through red stones. That is
// board.WinningCells for Red, whose floods are bit-parallel; its shortcut
// (fewer than n-1 red stones win nowhere) holds whether or not Red has
// already won.
func (nt *Notions) RedWinningMoves(p board.Position) board.Bits {
	return nt.B.WinningCells(p, board.Red)
}

// BlueWinningMoves is the set of empty cells on which a blue stone wins: those
// that close a winding cycle of blue stones (Def. 2.2.2). A new stone only adds
// edges at itself, so it closes one iff two of its blue neighbours lie in one
// component of the blue stones at lifted columns that place it differently
// (the lifting of LiftBlue without bridges). If Blue has already won, every
// empty cell is returned.
func (nt *Notions) BlueWinningMoves(p board.Position) board.Bits {
	b := nt.B
	empty := b.All().AndNot(p.Occupied())
	var l Lift
	nt.LiftBlue(p.Blue, board.Bits{}, &l)
	if l.Winds {
		return empty
	}
	// Only cells with two blue neighbours can close a cycle.
	var n1, n2 board.Bits
	for s := p.Blue; s.Any(); {
		r := b.Neighbours(s.Pop())
		n2 = n2.Or(n1.And(r))
		n1 = n1.Or(r)
	}
	var out board.Bits
	for s := n2.And(empty); s.Any(); {
		c := s.Pop()
		if nt.BlueWindsWith(&l, p.Blue, board.Bits{}, c) {
			out = out.With(c)
		}
	}
	return out
}

// ShortestRedPWPBridges marks, in onPath (indexed like l, the red bridges for
// red and empty), the bridges that lie on some shortest red provisional winning
// path. A path's length is the number of cells of the winning path it becomes:
// its red cells plus one cell per bridge. Where several paths are shortest, the
// bridges of all of them are marked (docs/decisions/fitzgerald.md).
func (nt *Notions) ShortestRedPWPBridges(red, empty board.Bits, l *BridgeList, onPath *[MaxBridges]bool) {
	const inf = 1 << 20
	var dT, dB [board.MaxCells + 2]int32
	nt.redDistances(red, l, nt.TopNode(), &dT)
	nt.redDistances(red, l, nt.BottomNode(), &dB)
	d := dT[nt.BottomNode()]
	for k := 0; k < l.N; k++ {
		onPath[k] = false
		if d >= inf {
			continue
		}
		u, v := nt.Node(l.At[k].Z), nt.Node(l.At[k].W)
		// dT includes the cost of its node, and so does dB: subtract one of them.
		if dT[u]+1+dB[v] == d || dT[v]+1+dB[u] == d {
			onPath[k] = true
		}
	}
}

// redDistances is Dijkstra over red cells and the two virtual rings: entering a
// red cell costs 1, crossing a bridge costs 1 more; dist includes the cost of
// the source and of the node reached.
func (nt *Notions) redDistances(red board.Bits, l *BridgeList, src int16, dist *[board.MaxCells + 2]int32) {
	const inf = 1 << 20
	nodes := nt.Cells + 2
	for k := 0; k < nodes; k++ {
		dist[k] = inf
	}
	dist[src] = 0
	// Only red cells and the two rings are ever settled, so the search for
	// the nearest looks at those alone: the red cells not settled in cell
	// order, then the rings, the order of a scan over every node.
	open := red
	ringOpen := [2]bool{true, true}
	for {
		u, best := int16(-1), int32(inf)
		for s := open; s.Any(); {
			if k := s.Pop(); dist[k] < best {
				u, best = int16(k), dist[k]
			}
		}
		for r, o := range ringOpen {
			if k := nt.Cells + r; o && dist[k] < best {
				u, best = int16(k), dist[k]
			}
		}
		if u < 0 {
			return
		}
		if int(u) < nt.Cells {
			open = open.Without(board.Cell(u))
		} else {
			ringOpen[int(u)-nt.Cells] = false
		}
		nt.relaxFrom(u, best, red, l, dist)
	}
}

// relaxFrom lowers the distances of u's neighbours in redDistances' graph
// through u, settled at distance best: entering a red cell costs 1, a ring
// nothing, and crossing a bridge 1 more.
func (nt *Notions) relaxFrom(u int16, best int32, red board.Bits, l *BridgeList, dist *[board.MaxCells + 2]int32) {
	relax := func(v int16, w int32) {
		if int(v) < nt.Cells {
			w++
		}
		if nd := best + w; nd < dist[v] {
			dist[v] = nd
		}
	}
	if int(u) < nt.Cells {
		for d := range nt.adjOf(board.Cell(u)) {
			if to := nt.adjOf(board.Cell(u))[d].To; to >= 0 && nt.IsOwn(to, red, true) {
				relax(nt.Node(to), 0)
			}
		}
	} else {
		// A virtual ring touches every red cell of ring 1 (or n).
		edge := nt.top
		if u == nt.BottomNode() {
			edge = nt.bottom
		}
		for s := edge.And(red); s.Any(); {
			relax(int16(s.Pop()), 0)
		}
	}
	for k := 0; k < l.N; k++ {
		z, w := nt.Node(l.At[k].Z), nt.Node(l.At[k].W)
		switch u {
		case z:
			relax(w, 1)
		case w:
			relax(z, 1)
		}
	}
}

// PathIsTrue reports whether the bridges marked in onPath (e.g. by
// ShortestRedPWPBridges) pairwise share no bridge cell — for a single marked
// path, that it is a true provisional winning path (Def. 6.4.2). When several
// shortest paths are marked together the answer concerns their union, so it
// may say false although one of them alone is true.
func PathIsTrue(l *BridgeList, onPath *[MaxBridges]bool) bool {
	var used board.Bits
	for k := 0; k < l.N; k++ {
		if !onPath[k] {
			continue
		}
		c := l.At[k].Cells()
		if used.And(c).Any() {
			return false
		}
		used = used.Or(c)
	}
	return true
}

// TrueRedProvisionalWin reports whether Red has a true provisional winning
// path (§6.4: a provisional winning path no two of whose bridges share a
// bridge cell). Bridges that overlap no other are always usable; of the
// others, every set of pairwise non-overlapping ones is tried (at most
// trueWinBudget sets; past that the answer is false, the cautious one for a
// caller that only allows a risk when the path is true).
func (nt *Notions) TrueRedProvisionalWin(red, empty board.Bits) bool {
	if !nt.RedProvisionalWin(red, empty) {
		return false
	}
	var l BridgeList
	nt.Bridges(red, empty, true, &l)
	var g Groups
	nt.DirectGroups(red, true, &g)
	var ov []int
	for a := 0; a < l.N; a++ {
		alone := true
		for b := 0; b < l.N && alone; b++ {
			if b != a && l.At[a].Cells().And(l.At[b].Cells()).Any() {
				alone = false
			}
		}
		if alone {
			g.union(nt.Node(l.At[a].Z), nt.Node(l.At[a].W))
		} else {
			ov = append(ov, a)
		}
	}
	budget := trueWinBudget
	var try func(k int, g Groups, used board.Bits) bool
	try = func(k int, g Groups, used board.Bits) bool {
		if g.SameGroup(nt.TopNode(), nt.BottomNode()) {
			return true
		}
		if budget--; k == len(ov) || budget < 0 {
			return false
		}
		br := l.At[ov[k]]
		if used.And(br.Cells()).Empty() {
			h := g
			h.union(nt.Node(br.Z), nt.Node(br.W))
			if try(k+1, h, used.Or(br.Cells())) {
				return true
			}
		}
		return try(k+1, g, used)
	}
	return try(0, g, board.Bits{})
}

// trueWinBudget bounds the sets of bridges TrueRedProvisionalWin tries.
const trueWinBudget = 1 << 12
