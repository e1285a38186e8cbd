// Package notions holds the geometric notions of thesis ch. 6 and §8.2 that
// several strategies share: bridges, overlapping bridges, provisional paths
// (groups), covered rings, double-bridge set-ups, connection areas and winning
// moves, as allocation-free functions on a board and a position. They are used
// by Alg. 8.4.1 (strategies/fitzgerald.go) and Alg. 7.1.1
// (strategies/vandenbroek.go), so they are written for any cylinder m×n with
// m ≥ 4, not only m = 5 (on m = 3 two cells can be bridged in two ways, and
// such a pair is listed twice).
//
// Red's virtual rings. Alg. 8.4.1 adds rings 0 and n+1, entirely red. They are
// modelled as 2m virtual cells with extended ids (see Ext): top cell (i, 0) and
// bottom cell (i, n+1) for each column i. Keeping them as cells (rather than one
// node each) makes the classification of overlapping bridges at the edge come
// out as the thesis describes (two ring-2 bridges to ring 0 that share a bridge
// cell are parallel, thesis §6.2 kind 2, because their ends are adjacent).
package notions

import (
	"hexproof/board"
)

// Ext is an extended cell id: 0..cells-1 are the board's cells; cells+i-1 is
// the virtual cell (i, 0) of ring 0 and cells+m+i-1 is (i, n+1) of ring n+1.
type Ext int16

// Bridge is a bridge of thesis Def. 6.1.1: ends Z and W (Z a real cell, W real
// or virtual), bridge cells V1 and V2 (both empty, both adjacent to Z and W).
// DX is the column offset from Z to W in the lifting (for winding on the
// cylinder).
type Bridge struct {
	Z, W   Ext
	V1, V2 board.Cell
	DX     int8
}

// Cells returns the two bridge cells as a set.
func (br Bridge) Cells() board.Bits { return board.Bit(br.V1).With(br.V2) }

// Other returns the bridge cell other than v (v must be V1 or V2).
func (br Bridge) Other(v board.Cell) board.Cell {
	if v == br.V1 {
		return br.V2
	}
	return br.V1
}

// MaxBridges bounds the bridges of one colour on a board of board.MaxCells
// cells (each cell has at most 6 bridge partners; each bridge has two ends).
const MaxBridges = 3*board.MaxCells + 16

// BridgeList is a fixed-capacity list of bridges, kept on the stack.
type BridgeList struct {
	N  int
	At [MaxBridges]Bridge
}

// Step describes one neighbour or bridge direction from a cell.
type Step struct {
	To     Ext // target, or -1 when the step leaves the board and ring 0..n+1
	V1, V2 board.Cell
	DX     int8
	// ToBit is the set of To when it is a real cell (else empty), and Via
	// the bridge cells V1, V2 of a bridge step (else empty): the hot loops
	// test them with set operations instead of a cell at a time.
	ToBit, Via board.Bits
}

// bridgeSteps are the six bridge offsets of thesis Fig. 6.1b with their two
// bridge cells, as (di, dj) pairs: target, first bridge cell, second bridge cell.
var bridgeSteps = [6][3][2]int{
	{{1, 1}, {1, 0}, {0, 1}},
	{{-1, -1}, {-1, 0}, {0, -1}},
	{{2, -1}, {1, -1}, {1, 0}},
	{{-2, 1}, {-1, 0}, {-1, 1}},
	{{1, -2}, {0, -1}, {1, -1}},
	{{-1, 2}, {0, 1}, {-1, 1}},
}

// adjSteps are the six neighbour offsets (thesis Def. 2.1.1).
var adjSteps = [6][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}}

// Notions holds per-board tables for the notions; it is immutable and safe for
// concurrent use.
type Notions struct {
	B     *board.Board
	M, N  int
	Cells int
	ring  [board.MaxCells]int8
	col   [board.MaxCells]int8
	// steps[c]: the six neighbours incl. virtual cells, then the six bridge
	// partners incl. virtual (v1, v2 always real); To = -1 where there is
	// none. One table, so that edge is one index.
	steps [board.MaxCells][12]Step
	rings [board.MaxCells + 2]board.Bits
	// reach[c]: the real cells adjacent to c or a bridge away from it (bridge
	// cells not checked) — a superset of the cells a stone on c can join.
	reach       [board.MaxCells]board.Bits
	bridgeTo    [board.MaxCells]board.Bits // real cells a bridge away from c
	top, bottom board.Bits
	// nearTop/nearBottom: cells that touch ring 0 / ring n+1 directly or by
	// a bridge (rings 1–2 and n-1–n).
	nearTop, nearBottom board.Bits
}

// RingOf is the ring of the cell c (1..n).
func (nt *Notions) RingOf(c board.Cell) int { return int(nt.ring[c]) }

// ColOf is the column of the cell c (1..m).
func (nt *Notions) ColOf(c board.Cell) int { return int(nt.col[c]) }

// Adj is the six neighbour steps of c (To = -1 where there is none).
func (nt *Notions) Adj(c board.Cell) *[6]Step { return nt.adjOf(c) }

// BridgeSteps is the six bridge steps of c (To = -1 where there is none).
func (nt *Notions) BridgeSteps(c board.Cell) *[6]Step { return nt.brsOf(c) }

func (nt *Notions) adjOf(c board.Cell) *[6]Step { return (*[6]Step)(nt.steps[c][:6]) }
func (nt *Notions) brsOf(c board.Cell) *[6]Step { return (*[6]Step)(nt.steps[c][6:]) }

// Reach is the set of real cells adjacent to c or a bridge away from it
// (bridge cells not checked).
func (nt *Notions) Reach(c board.Cell) board.Bits { return nt.reach[c] }

// masked is st with ToBit and Via set, for a board of cells cells.
func (st Step) masked(cells int) Step {
	if st.To >= 0 && int(st.To) < cells {
		st.ToBit = board.Bit(board.Cell(st.To))
	}
	if st.To >= 0 && st.V1 != board.NoCell {
		st.Via = board.Bit(st.V1).With(st.V2)
	}
	return st
}

// NewNotions builds the tables for a cylinder board.
func NewNotions(b *board.Board) *Notions {
	nt := &Notions{B: b, M: b.M, N: b.N, Cells: b.Cells(), top: b.Top(), bottom: b.Bottom()}
	for c := 0; c < nt.Cells; c++ {
		i, j := b.Coord(board.Cell(c))
		nt.ring[c], nt.col[c] = int8(j), int8(i)
		nt.rings[j] = nt.rings[j].With(board.Cell(c))
		for d, s := range adjSteps {
			to, ok := nt.ext(i+s[0], j+s[1])
			st := Step{To: -1, V1: board.NoCell, V2: board.NoCell, DX: int8(s[0])}
			if ok {
				st.To = to
			}
			nt.steps[c][d] = st.masked(nt.Cells)
		}
		for d, s := range bridgeSteps {
			st := Step{To: -1, DX: int8(s[0][0])}
			to, ok := nt.ext(i+s[0][0], j+s[0][1])
			v1, ok1 := nt.ext(i+s[1][0], j+s[1][1])
			v2, ok2 := nt.ext(i+s[2][0], j+s[2][1])
			if ok && ok1 && ok2 && int(v1) < nt.Cells && int(v2) < nt.Cells {
				st.To, st.V1, st.V2 = to, board.Cell(v1), board.Cell(v2)
			}
			nt.steps[c][6+d] = st.masked(nt.Cells)
			if st.To >= 0 && int(st.To) < nt.Cells {
				nt.reach[c] = nt.reach[c].With(board.Cell(st.To))
				nt.bridgeTo[c] = nt.bridgeTo[c].With(board.Cell(st.To))
			}
		}
		nt.reach[c] = nt.reach[c].Or(b.Neighbours(board.Cell(c)))
	}
	nt.nearTop = nt.RingsCells(1, 2)
	nt.nearBottom = nt.RingsCells(nt.N-1, nt.N)
	return nt
}

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

// ext maps lifted coordinates (column any integer, ring 0..n+1) to an Ext id.
func (nt *Notions) ext(i, j int) (Ext, bool) {
	if j < 0 || j > nt.N+1 {
		return -1, false
	}
	i = ((i-1)%nt.M+nt.M)%nt.M + 1
	switch j {
	case 0:
		return Ext(nt.Cells + i - 1), true
	case nt.N + 1:
		return Ext(nt.Cells + nt.M + i - 1), true
	}
	return Ext((j-1)*nt.M + i - 1), true
}

// Ring is the ring of an extended id (0 and n+1 for the virtual cells).
func (nt *Notions) Ring(e Ext) int {
	switch {
	case int(e) < nt.Cells:
		return int(nt.ring[e])
	case int(e) < nt.Cells+nt.M:
		return 0
	}
	return nt.N + 1
}

// Col is the column of an extended id.
func (nt *Notions) Col(e Ext) int {
	if int(e) < nt.Cells {
		return int(nt.col[e])
	}
	return (int(e)-nt.Cells)%nt.M + 1
}

// RingCells is the set of cells of ring j (empty outside 1..n).
func (nt *Notions) RingCells(j int) board.Bits {
	if j < 1 || j > nt.N {
		return board.Bits{}
	}
	return nt.rings[j]
}

// RingsCells is the set of cells of rings a..b (clipped to 1..n).
func (nt *Notions) RingsCells(a, b int) board.Bits {
	var s board.Bits
	for j := max(a, 1); j <= min(b, nt.N); j++ {
		s = s.Or(nt.rings[j])
	}
	return s
}

// IsOwn reports whether e is a stone of the colour whose set is own; virtual
// cells count as own when virtual is set (Red with rings 0 and n+1).
func (nt *Notions) IsOwn(e Ext, own board.Bits, virtual bool) bool {
	if int(e) < nt.Cells {
		return own.Has(board.Cell(e))
	}
	return virtual
}

// Bridges lists the bridges between cells of own (plus the virtual rings when
// virtual is set), whose two bridge cells are empty: thesis Def. 6.1.1, with
// Alg. 8.4.1's red rings 0 and n+1. Each bridge is listed once.
func (nt *Notions) Bridges(own, empty board.Bits, virtual bool, out *BridgeList) {
	out.N = 0
	for s := own; s.Any(); {
		z := s.Pop()
		for d := range nt.brsOf(z) {
			st := &nt.brsOf(z)[d]
			if st.To < 0 || st.Via.AndNot(empty).Any() {
				continue
			}
			if int(st.To) < nt.Cells {
				// Real partner: list once, from the lower index.
				if st.To < Ext(z) || own.And(st.ToBit).Empty() {
					continue
				}
			} else if !virtual {
				continue
			}
			out.At[out.N] = Bridge{Z: Ext(z), W: st.To, V1: st.V1, V2: st.V2, DX: st.DX}
			out.N++
		}
	}
}

// BridgeCells is the set of bridge cells of the listed bridges.
func BridgeCells(l *BridgeList) board.Bits {
	var s board.Bits
	for k := 0; k < l.N; k++ {
		s = s.Or(l.At[k].Cells())
	}
	return s
}

// sharesEnd reports whether two bridges have a common end vertex.
func sharesEnd(a, b Bridge) bool {
	return a.Z == b.Z || a.Z == b.W || a.W == b.Z || a.W == b.W
}

// Overlap reports whether bridges a and b overlap (thesis Def. 6.2.1: they
// share a bridge cell), returning the point of overlap and whether they also
// share an end vertex (thesis §6.2 kind 1, incl. the three-bridge special case)
// rather than being parallel (kind 2).
func Overlap(a, b Bridge) (point board.Cell, sharedEnd, ok bool) {
	switch {
	case a.V1 == b.V1 || a.V1 == b.V2:
		point = a.V1
	case a.V2 == b.V1 || a.V2 == b.V2:
		point = a.V2
	default:
		return board.NoCell, false, false
	}
	return point, sharesEnd(a, b), true
}

// OverlapPoints returns the points of overlap of the listed bridges: all of
// them, and those of overlapping bridges that share an end vertex (the kind
// Alg. 8.4.1 treats as dangerous, thesis §8.1).
func OverlapPoints(l *BridgeList) (all, sharedEnd board.Bits) {
	for a := 0; a < l.N; a++ {
		for b := a + 1; b < l.N; b++ {
			if p, se, ok := Overlap(l.At[a], l.At[b]); ok {
				all = all.With(p)
				if se {
					sharedEnd = sharedEnd.With(p)
				}
			}
		}
	}
	return all, sharedEnd
}

// CountSharedEndOverlaps counts the pairs of listed bridges that overlap and
// share an end vertex.
func CountSharedEndOverlaps(l *BridgeList) int {
	n := 0
	for a := 0; a < l.N; a++ {
		for b := a + 1; b < l.N; b++ {
			if _, se, ok := Overlap(l.At[a], l.At[b]); ok && se {
				n++
			}
		}
	}
	return n
}

// CreatesSharedEndOverlap reports whether a stone of own's colour on c (empty)
// creates an overlapping bridge whose bridges share an end vertex: some bridge
// with end c overlaps, sharing an end, with another bridge after the move.
// Bridges not ending in c are the same before and after (a stone of their own
// colour on one of their bridge cells turns them into direct connections, which
// only removes them), so only pairs involving a new bridge are new.
func (nt *Notions) CreatesSharedEndOverlap(own, empty board.Bits, virtual bool, c board.Cell) bool {
	var l BridgeList
	own2, empty2 := own.With(c), empty.Without(c)
	nt.Bridges(own2, empty2, virtual, &l)
	for a := 0; a < l.N; a++ {
		if l.At[a].Z != Ext(c) && l.At[a].W != Ext(c) {
			continue
		}
		for b := 0; b < l.N; b++ {
			if b == a {
				continue
			}
			if _, se, ok := Overlap(l.At[a], l.At[b]); ok && se {
				return true
			}
		}
	}
	return false
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

// Covered reports whether rings R(a, b) are covered (thesis Def. 8.2.2): some
// provisional path runs from ring a-1 or a to ring b or b+1. A group's rings
// have gaps of at most one ring (a bridge skips one ring), so this holds iff
// some group reaches ring a or above it and ring b or below it: Lo ≤ a and
// Hi ≥ b. R(a, b) is clipped to 0..n+1 (thesis Def. 8.0.1).
func (nt *Notions) Covered(g *Groups, a, b int) bool {
	a, b = max(a, 0), min(b, nt.N+1)
	for s := g.Own; s.Any(); {
		c := s.Pop()
		if g.parent[c] == int16(c) && int(g.Lo[c]) <= a && int(g.Hi[c]) >= b {
			return true
		}
	}
	return false
}

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

// NeighbourCount counts the neighbours of c in set (real cells only).
func (nt *Notions) NeighbourCount(c board.Cell, set board.Bits) int {
	return nt.B.Neighbours(c).And(set).Count()
}

// RedNeighbourCount counts c's red neighbours, virtual ring cells included.
func (nt *Notions) RedNeighbourCount(c board.Cell, red board.Bits) int {
	n := nt.B.Neighbours(c).And(red).Count()
	if nt.ring[c] == 1 || int(nt.ring[c]) == nt.N {
		n += 2
		if nt.N == 1 {
			n += 2
		}
	}
	return n
}

// DoubleBridgeSetup is a double-bridge set-up (thesis Def. 6.3.1) from End A to
// End B through the empty intermediary cell Mid; BDX is B's lifted column
// offset from A.
type DoubleBridgeSetup struct {
	A, B, Mid board.Cell
	BDX       int
	Up        bool // B lies two rings above A (the set-up covers R(j-2, j))
}

// threatSetups are the set-up shapes Alg. 8.4.1 rule 7 considers, from the
// cell (i, j) just played: end offset and intermediary offset. The thesis lists
// (i+4, j-2), (i+2, j-2), (i-4, j+2), (i-2, j-2); (i+2, j-2) is not reachable by
// two bridges, and the list is closed under the half-turn only if it reads
// (i+2, j+2), so that is what is used (docs/decisions/fitzgerald.md).
var threatSetups = [4][2][2]int{
	{{4, -2}, {2, -1}},
	{{-2, -2}, {-1, -1}},
	{{-4, 2}, {-2, 1}},
	{{2, 2}, {1, 1}},
}

// ThreatSetups lists the set-ups of the threatening shapes of Alg. 8.4.1 rule 7
// that have the cell a (a stone of own) as an end: the other end is own, the
// intermediary and the four potential bridge cells are empty, and the two
// bridges do not overlap.
func (nt *Notions) ThreatSetups(own, empty board.Bits, a board.Cell, out *[4]DoubleBridgeSetup) int {
	n := 0
	i, j := int(nt.col[a]), int(nt.ring[a])
	for _, s := range threatSetups {
		e, ok1 := nt.ext(i+s[0][0], j+s[0][1])
		mid, ok2 := nt.ext(i+s[1][0], j+s[1][1])
		if !ok1 || !ok2 || int(e) >= nt.Cells || int(mid) >= nt.Cells {
			continue
		}
		if !own.Has(board.Cell(e)) || !empty.Has(board.Cell(mid)) {
			continue
		}
		// Both bridges (a–mid, mid–e) must exist with empty, distinct cells.
		b1, ok3 := nt.bridgeBetween(a, Ext(mid))
		b2, ok4 := nt.bridgeBetween(board.Cell(mid), e)
		if !ok3 || !ok4 {
			continue
		}
		if !empty.Has(b1.V1) || !empty.Has(b1.V2) || !empty.Has(b2.V1) || !empty.Has(b2.V2) {
			continue
		}
		if b1.V1 == b2.V1 || b1.V1 == b2.V2 || b1.V2 == b2.V1 || b1.V2 == b2.V2 {
			continue
		}
		out[n] = DoubleBridgeSetup{A: a, B: board.Cell(e), Mid: board.Cell(mid), BDX: s[0][0], Up: s[0][1] < 0}
		n++
	}
	return n
}

func (nt *Notions) bridgeBetween(z board.Cell, w Ext) (Step, bool) {
	for d := range nt.brsOf(z) {
		if nt.brsOf(z)[d].To == w {
			return nt.brsOf(z)[d], true
		}
	}
	return Step{}, false
}

// ConnectionArea is thesis Def. 8.2.1 for a set-up with ends A and B: the
// cells whose column is A's, B's or ⌈(col A + col B)/2⌉ (board columns 1..m,
// not the lifting) and whose ring is A's or B's. Of the readings tried this is
// the literal one that reproduces App. A.1.1 game 2, ply 8
// (docs/decisions/fitzgerald.md).
func (nt *Notions) ConnectionArea(s DoubleBridgeSetup) board.Bits {
	ia, ja := int(nt.col[s.A]), int(nt.ring[s.A])
	ib, jb := int(nt.col[s.B]), int(nt.ring[s.B])
	var out board.Bits
	for _, i := range [3]int{ia, ib, (ia + ib + 1) / 2} {
		for _, j := range [2]int{ja, jb} {
			out = out.With(nt.B.Cell(i, j))
		}
	}
	return out
}

// VerticalBridgeOptions counts the bridges spanning three rings (to (i+1, j-2)
// and (i-1, j+2)) that a stone on c could make next: the far end is an empty
// cell and neither bridge cell holds an opponent stone (opp); a bridge cell of
// c's own colour only makes the connection direct (thesis Alg. 8.4.1 hierarchy
// 7; docs/decisions/fitzgerald.md).
func (nt *Notions) VerticalBridgeOptions(c board.Cell, empty, opp board.Bits) int {
	n := 0
	for _, d := range [2]int{4, 5} {
		st := &nt.brsOf(c)[d]
		if st.To >= 0 && int(st.To) < nt.Cells && empty.Has(board.Cell(st.To)) && !opp.Has(st.V1) && !opp.Has(st.V2) {
			n++
		}
	}
	return n
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
	var done [board.MaxCells + 2]bool
	for k := 0; k < nodes; k++ {
		dist[k] = inf
	}
	dist[src] = 0
	cost := func(x int16) int32 {
		if int(x) < nt.Cells {
			return 1
		}
		return 0
	}
	for {
		u, best := int16(-1), int32(inf)
		for k := 0; k < nodes; k++ {
			if !done[k] && dist[k] < best && (k >= nt.Cells || red.Has(board.Cell(k))) {
				u, best = int16(k), dist[k]
			}
		}
		if u < 0 {
			return
		}
		done[u] = true
		relax := func(v int16, w int32) {
			if nd := best + w + cost(v); nd < dist[v] {
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

// Lift is the labelling of a colour's provisional graph (stones, adjacencies,
// bridges) in the lifting of the cylinder: each stone's component and lifted
// column, and whether some component already winds around.
type Lift struct {
	comp  [board.MaxCells]int16
	col   [board.MaxCells]int16
	Winds bool
}

// LiftBlue labels Blue's provisional graph (see BlueProvisionalWin).
func (nt *Notions) LiftBlue(blue, empty board.Bits, l *Lift) {
	var stack [board.MaxCells]board.Cell
	var seen board.Bits
	l.Winds = false
	for rest := blue; rest.Any(); {
		s := rest.Pop()
		if seen.Has(s) {
			continue
		}
		seen = seen.With(s)
		l.col[s], l.comp[s] = int16(nt.col[s]), int16(s)
		sp := 1
		stack[0] = s
		for sp > 0 {
			sp--
			c := stack[sp]
			for k := 0; k < 12; k++ {
				st := nt.edge(c, k)
				// A blue target (a real cell), and for a bridge (k ≥ 6: Via
				// is empty for the neighbours) both bridge cells empty.
				if blue.And(st.ToBit).Empty() || st.Via.AndNot(empty).Any() {
					continue
				}
				to := board.Cell(st.To)
				want := l.col[c] + int16(st.DX)
				if seen.Has(to) {
					if l.col[to] != want {
						l.Winds = true
					}
					continue
				}
				seen = seen.With(to)
				l.col[to], l.comp[to] = want, int16(s)
				stack[sp] = to
				sp++
			}
		}
	}
}

// edge returns the k-th edge Step of c: 0..5 adjacencies, 6..11 bridges.
func (nt *Notions) edge(c board.Cell, k int) *Step {
	return &nt.steps[c][k]
}

// BlueWindsWith reports whether Blue has a provisional winning path after a
// blue stone on the empty cell x, given the labelling l of Blue's stones for
// the current empty set. A new stone only adds edges at x (bridges through x
// become adjacencies through x), so a new winding cycle passes through x: two
// edges from x into one component that place x at different lifted columns.
func (nt *Notions) BlueWindsWith(l *Lift, blue, empty board.Bits, x board.Cell) bool {
	if l.Winds {
		return true
	}
	var comps, cols [12]int16
	n := 0
	for k := 0; k < 12; k++ {
		st := nt.edge(x, k)
		// As in LiftBlue, and neither bridge cell is x.
		if blue.And(st.ToBit).Empty() || st.Via.AndNot(empty.Without(x)).Any() {
			continue
		}
		p := board.Cell(st.To)
		c, col := l.comp[p], l.col[p]-int16(st.DX)
		for y := 0; y < n; y++ {
			if comps[y] == c && cols[y] != col {
				return true
			}
		}
		comps[n], cols[n] = c, col
		n++
	}
	return false
}

// CreatesSharedEndOverlapWith is CreatesSharedEndOverlap given l, the current
// bridges of own for empty: the bridges after the move are those of l without
// c as a bridge cell plus the new bridges ending at c, and only pairs with a
// new bridge can be new overlaps.
func (nt *Notions) CreatesSharedEndOverlapWith(l *BridgeList, own, empty board.Bits, virtual bool, c board.Cell) bool {
	return nt.CreatesOverlapWith(l, own, empty, virtual, c, true)
}

// CreatesOverlapWith is CreatesSharedEndOverlapWith when sharedEnd is set,
// and otherwise the same for overlaps of either kind (thesis §6.2 kinds 1 and
// 2: the two bridges share a bridge cell).
func (nt *Notions) CreatesOverlapWith(l *BridgeList, own, empty board.Bits, virtual bool, c board.Cell, sharedEnd bool) bool {
	var nb [6]Bridge
	n := 0
	for d := range nt.brsOf(c) {
		st := &nt.brsOf(c)[d]
		if st.To < 0 || !nt.IsOwn(st.To, own, virtual) || !empty.Has(st.V1) || !empty.Has(st.V2) {
			continue
		}
		nb[n] = Bridge{Z: Ext(c), W: st.To, V1: st.V1, V2: st.V2, DX: st.DX}
		n++
	}
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if _, se, ok := Overlap(nb[a], nb[b]); ok && (se || !sharedEnd) {
				return true
			}
		}
		for k := 0; k < l.N; k++ {
			old := l.At[k]
			if old.V1 == c || old.V2 == c {
				continue
			}
			if _, se, ok := Overlap(nb[a], old); ok && (se || !sharedEnd) {
				return true
			}
		}
	}
	return false
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
