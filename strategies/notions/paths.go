package notions

// Provisional paths (thesis §6.4, Def. 6.4.1) as groups: the components of a
// colour's stones (and Red's virtual rings) under adjacency and bridges, with
// the rings each spans; the cells near a group, the groups a new stone would
// join, and the groups after it.

import (
	"hexproof/board"
)

// Near returns a superset of the empty cells on which a stone of own could
// join a provisional group of g, split by whether the group reaches ring 0
// (top), ring n+1 (bottom) or either (any): the cells adjacent to or a bridge
// away from the group's stones, and for the virtual rings the cells of rings
// 1–2 and n−1–n.
func (nt *Notions) Near(g *Groups, virtual bool) (top, bottom, any board.Bits) {
	rt, rb := g.Find(nt.TopNode()), g.Find(nt.BottomNode())
	for s := g.Own; s.Any(); {
		c := s.Pop()
		r := g.Find(int16(c))
		any = any.Or(nt.reach[c])
		if virtual && r == rt {
			top = top.Or(nt.reach[c])
		}
		if virtual && r == rb {
			bottom = bottom.Or(nt.reach[c])
		}
	}
	if virtual {
		top = top.Or(nt.nearTop)
		bottom = bottom.Or(nt.nearBottom)
		any = any.Or(nt.nearTop).Or(nt.nearBottom)
	}
	return top, bottom, any
}

// Groups is the partition of a colour's stones (and for Red the virtual rings)
// into provisional paths — thesis Def. 6.4.1 — i.e. the components of the graph
// whose edges are adjacencies and bridges. For each group it records the lowest
// and highest ring reached (0 and n+1 for the virtual rings).
type Groups struct {
	parent [board.MaxCells + 2]int16 // union-find over cells, top (=cells), bottom (=cells+1)
	Lo, Hi [board.MaxCells + 2]int8  // valid at roots
	cells  int
	Own    board.Bits
	N      int // number of groups (virtual rings included when present)
}

// Find returns the root of node x's group: the lowest node of the group, so
// the same whatever the order in which groups were joined.
func (g *Groups) Find(x int16) int16 {
	for g.parent[x] != x {
		g.parent[x] = g.parent[g.parent[x]]
		x = g.parent[x]
	}
	return x
}

func (g *Groups) union(a, b int16) {
	a, b = g.Find(a), g.Find(b)
	if a == b {
		return
	}
	if a > b {
		a, b = b, a
	}
	g.parent[b] = a
	g.Lo[a] = min(g.Lo[a], g.Lo[b])
	g.Hi[a] = max(g.Hi[a], g.Hi[b])
	g.N--
}

// Node maps an Ext to a union-find node (virtual cells collapse to top/bottom).
func (nt *Notions) Node(e Ext) int16 {
	switch {
	case int(e) < nt.Cells:
		return int16(e)
	case int(e) < nt.Cells+nt.M:
		return int16(nt.Cells)
	}
	return int16(nt.Cells + 1)
}

// Root returns the group of an extended id (a stone of the colour, or virtual).
func (nt *Notions) Root(g *Groups, e Ext) int16 { return g.Find(nt.Node(e)) }

// TopNode and BottomNode are the group nodes of the virtual rings.
func (nt *Notions) TopNode() int16    { return int16(nt.Cells) }
func (nt *Notions) BottomNode() int16 { return int16(nt.Cells + 1) }

// ProvisionalGroups computes the provisional paths of own (with the virtual
// rings when virtual): components under adjacency and bridges with both bridge
// cells empty.
func (nt *Notions) ProvisionalGroups(own, empty board.Bits, virtual bool, g *Groups) {
	nt.groups(own, empty, virtual, true, g)
}

// DirectGroups computes the (direct) paths of own: components under adjacency
// only (with the virtual rings when virtual).
func (nt *Notions) DirectGroups(own board.Bits, virtual bool, g *Groups) {
	nt.groups(own, board.Bits{}, virtual, false, g)
}

func (nt *Notions) groups(own, empty board.Bits, virtual, bridges bool, g *Groups) {
	g.cells, g.Own, g.N = nt.Cells, own, 0
	for s := own; s.Any(); {
		c := s.Pop()
		g.parent[c] = int16(c)
		g.Lo[c], g.Hi[c] = nt.ring[c], nt.ring[c]
		g.N++
	}
	t, b := nt.TopNode(), nt.BottomNode()
	g.parent[t], g.parent[b] = t, b
	g.Lo[t], g.Hi[t] = 0, 0
	g.Lo[b], g.Hi[b] = int8(nt.N+1), int8(nt.N+1)
	if virtual {
		g.N += 2
	}
	for s := own; s.Any(); {
		c := s.Pop()
		for d := range nt.adjOf(c) {
			to := nt.adjOf(c)[d].To
			if to < 0 || !nt.IsOwn(to, own, virtual) {
				continue
			}
			g.union(int16(c), nt.Node(to))
		}
		if !bridges {
			continue
		}
		for d := range nt.brsOf(c) {
			st := &nt.brsOf(c)[d]
			if st.To < 0 || !nt.IsOwn(st.To, own, virtual) || !empty.Has(st.V1) || !empty.Has(st.V2) {
				continue
			}
			g.union(int16(c), nt.Node(st.To))
		}
	}
}

// JoinCount is the number of distinct provisional groups of g that a stone on
// the empty cell c would join (adjacent or by a new bridge); g must have been
// computed for own with the same empty set.
func (nt *Notions) JoinCount(g *Groups, c board.Cell, own, empty board.Bits, virtual bool) int {
	var roots [12]int16
	return nt.JoinedRoots(g, c, own, empty, virtual, &roots)
}

// JoinedRoots lists the distinct groups JoinCount counts (their roots), in
// roots, and returns how many there are.
func (nt *Notions) JoinedRoots(g *Groups, c board.Cell, own, empty board.Bits, virtual bool, roots *[12]int16) int {
	n := 0
	var tmp [12]int16
	k := 0
	for nb := nt.B.Neighbours(c).And(own); nb.Any(); {
		tmp[k] = int16(nb.Pop())
		k++
	}
	if virtual {
		if int(nt.ring[c]) == 1 {
			tmp[k] = nt.TopNode()
			k++
		}
		if int(nt.ring[c]) == nt.N {
			tmp[k] = nt.BottomNode()
			k++
		}
	}
	// Bridges: only when some bridge partner can be own (most cells have
	// none); the partner is tested before the bridge cells, as it fails more.
	if nt.bridgeTo[c].And(own).Any() || virtual && nt.nearTop.Or(nt.nearBottom).Has(c) {
		for d := range nt.brsOf(c) {
			st := &nt.brsOf(c)[d]
			var node int16
			switch {
			case st.To < 0:
				continue
			case int(st.To) < nt.Cells:
				if own.And(st.ToBit).Empty() {
					continue
				}
				node = int16(st.To)
			case virtual:
				node = nt.Node(st.To)
			default:
				continue
			}
			// Both bridge cells empty, and neither is c.
			if st.Via.AndNot(empty.Without(c)).Any() {
				continue
			}
			tmp[k] = node
			k++
		}
	}
	for x := 0; x < k; x++ {
		r := g.Find(tmp[x])
		dup := false
		for y := 0; y < n; y++ {
			if roots[y] == r {
				dup = true
				break
			}
		}
		if !dup {
			roots[n] = r
			n++
		}
	}
	return n
}

// Linked is the set of real cells that a stone on c would have an edge to in
// the provisional graph once both are the same colour: c's neighbours, and
// the cells a bridge away from c whose two bridge cells are in empty. The
// relation is symmetric (a bridge's cells are common neighbours of its ends).
func (nt *Notions) Linked(c board.Cell, empty board.Bits) board.Bits {
	l := nt.B.Neighbours(c)
	if nt.bridgeTo[c].Any() {
		for d := range nt.brsOf(c) {
			st := &nt.brsOf(c)[d]
			if st.To >= 0 && int(st.To) < nt.Cells && empty.Has(st.V1) && empty.Has(st.V2) {
				l = l.With(board.Cell(st.To))
			}
		}
	}
	return l
}

// PartnerEdges counts the edges a stone of own on the empty cell c would
// have: own neighbours (and virtual ring cells when virtual) plus bridges to
// own stones with both bridge cells empty. A stone can join two groups only if
// it has two such edges.
func (nt *Notions) PartnerEdges(c board.Cell, own, empty board.Bits, virtual bool) int {
	k := nt.B.Neighbours(c).And(own).Count()
	if virtual && int(nt.ring[c]) == 1 {
		k++
	}
	if virtual && int(nt.ring[c]) == nt.N {
		k++
	}
	for d := range nt.brsOf(c) {
		st := &nt.brsOf(c)[d]
		if st.To < 0 || !empty.Has(st.V1) || !empty.Has(st.V2) {
			continue
		}
		if int(st.To) < nt.Cells && own.Has(board.Cell(st.To)) || int(st.To) >= nt.Cells && virtual {
			k++
		}
	}
	return k
}

// AddStone updates g, the groups of own for the given empty set, to the
// groups after a stone of own's colour on the empty cell c. A stone never
// removes an edge of its own colour (on a bridge cell it turns the bridge into
// two adjacencies), so the new groups are the old ones with c's partners
// merged into c's group.
func (nt *Notions) AddStone(g *Groups, c board.Cell, own, empty board.Bits, virtual bool) {
	var roots [12]int16
	k := nt.JoinedRoots(g, c, own, empty, virtual, &roots)
	g.Own = g.Own.With(c)
	g.parent[c] = int16(c)
	g.Lo[c], g.Hi[c] = nt.ring[c], nt.ring[c]
	g.N++
	for x := 0; x < k; x++ {
		g.union(int16(c), roots[x])
	}
}

// SpanAfter returns the ring span of the group a stone of own on the empty
// cell c would be in (g computed for own and empty): c's ring merged with the
// spans of the groups it joins. It equals GroupSpan after AddStone, without
// copying g.
func (nt *Notions) SpanAfter(g *Groups, c board.Cell, own, empty board.Bits, virtual bool) (lo, hi int) {
	var roots [12]int16
	k := nt.JoinedRoots(g, c, own, empty, virtual, &roots)
	lo, hi = int(nt.ring[c]), int(nt.ring[c])
	for x := 0; x < k; x++ {
		lo, hi = min(lo, int(g.Lo[roots[x]])), max(hi, int(g.Hi[roots[x]]))
	}
	return lo, hi
}

// SameGroup reports whether two group nodes are in one group.
func (g *Groups) SameGroup(a, b int16) bool { return g.Find(a) == g.Find(b) }

// GroupSpan returns the lowest and highest ring of the group of node x.
func (g *Groups) GroupSpan(x int16) (lo, hi int) {
	r := g.Find(x)
	return int(g.Lo[r]), int(g.Hi[r])
}
