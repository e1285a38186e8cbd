package strategies

import (
	"hexproof/board"
	"hexproof/strategies/notions"
)

// Notions of thesis ch. 6 that Alg. 7.1.1 needs and package notions does not have
// (yet): which rings a provisional path has a node in, and whether two rings
// are "connected" in the sense of Alg. 7.1.1 rules 3–17 — one provisional path
// has a node in each. This differs from Notions.Covered and SpanAfter, which
// look at a group's span: a bridge over ring k spans k without a node in it,
// and thesis §7.2.4 (Fig. 7.2) counts such a ring as covered but not connected.
// Candidates to move into package notions.

// vbAnalysis holds Red's provisional paths (Notions.ProvisionalGroups, with the
// virtual rings) and, per group, the set of rings in which it has a node: two
// rings are "connected" (thesis §7.1, rules 3–17) when one group has a node in
// each.
type vbAnalysis struct {
	s          *vandenbroek // the strategy whose rules use it (set by the caller)
	nt         *notions.Notions
	red, empty board.Bits
	g          notions.Groups
	rings      [board.MaxCells + 2]uint64 // by group root: bit k = has a node in ring k
	groups     [board.MaxCells + 2]uint64 // the distinct ring sets, one per group
	ngroups    int
	done       board.Bits // cells whose after() is cached
	cache      [board.MaxCells]uint64
}

func (a *vbAnalysis) init(nt *notions.Notions, red, empty board.Bits) {
	a.nt, a.red, a.empty = nt, red, empty
	nt.ProvisionalGroups(red, empty, true, &a.g)
	for r := red; r.Any(); {
		c := r.Pop()
		a.rings[a.g.Find(int16(c))] |= 1 << nt.RingOf(c)
	}
	a.rings[a.g.Find(nt.TopNode())] |= 1
	a.rings[a.g.Find(nt.BottomNode())] |= 1 << uint(nt.N+1)
	for x := 0; x < nt.Cells+2; x++ {
		if (x >= nt.Cells || red.Has(board.Cell(x))) && a.g.Find(int16(x)) == int16(x) {
			a.groups[a.ngroups] = a.rings[x]
			a.ngroups++
		}
	}
}

// connected reports whether some provisional path has a node in ring x and a
// node in ring y (x, y in 0..n+1).
func (a *vbAnalysis) connected(x, y int) bool {
	want := uint64(1)<<uint(x) | uint64(1)<<uint(y)
	for _, m := range a.groups[:a.ngroups] {
		if m&want == want {
			return true
		}
	}
	return false
}

// after is the ring set of the group a red stone on the empty cell c would
// form: c's ring and the rings of every group c joins (adjacent or by a new
// bridge, as Notions.JoinCount counts them). A red stone never separates groups
// (on a bridge cell it joins both ends directly), so every other group is
// unchanged. Results are cached per cell: rules 3–8 ask for the same cells.
func (a *vbAnalysis) after(c board.Cell) uint64 {
	if a.done.Has(c) {
		return a.cache[c]
	}
	nt := a.nt
	m := uint64(1) << nt.RingOf(c)
	for d := range nt.Adj(c) {
		if to := nt.Adj(c)[d].To; to >= 0 && nt.IsOwn(to, a.red, true) {
			m |= a.rings[a.g.Find(nt.Node(to))]
		}
	}
	for d := range nt.BridgeSteps(c) {
		st := &nt.BridgeSteps(c)[d]
		if st.To >= 0 && nt.IsOwn(st.To, a.red, true) && a.empty.Has(st.V1) && a.empty.Has(st.V2) {
			m |= a.rings[a.g.Find(nt.Node(st.To))]
		}
	}
	a.done = a.done.With(c)
	a.cache[c] = m
	return m
}
