package pairing

import (
	"context"

	"hexproof/board"
)

// searcher decides, for one board and one set of pairs, whether the opponent
// (opp) of the pairing strategy can own a winning set that holds no whole pair,
// and on the torus whether every transversal of the pairs wins for the
// strategy's side. Both are exact, complete searches (see search and
// transversal); nodes counts their calls.
type searcher struct {
	g     *grid
	side  board.Color
	opp   board.Color
	mate  []int // -1 for an unpaired cell
	zone  set   // the paired cells
	ctx   context.Context
	nodes int64
	// maxNodes stops the search with ErrNodeLimit after that many nodes (0: never).
	maxNodes int64
	why      []set // see search
	// accept, when set, is asked about each pair-free winning set found;
	// a rejected one makes the search look for others. A search with accept
	// that finds nothing proves nothing (reasons are then all decisions, so
	// there is no backjumping, but branches are still cut by the
	// propagation, which only holds for sets accept was not asked about);
	// it is used only to hunt for refutations, never for a proof.
	accept func(w set) bool
}

func newSearcher(ctx context.Context, g *grid, side board.Color, pairs [][2]int) *searcher {
	s := &searcher{g: g, side: side, opp: side.Other(), ctx: ctx}
	s.mate = make([]int, g.cells)
	s.why = make([]set, g.cells)
	for c := range s.mate {
		s.mate[c] = -1
	}
	for _, p := range pairs {
		s.mate[p[0]], s.mate[p[1]] = p[1], p[0]
		s.zone.add(p[0])
		s.zone.add(p[1])
	}
	return s
}

// tick counts a node and polls the context now and then.
func (s *searcher) tick() error {
	s.nodes++
	if s.maxNodes > 0 && s.nodes > s.maxNodes {
		return ErrNodeLimit
	}
	if s.nodes&63 == 0 {
		return s.ctx.Err()
	}
	return nil
}

// minimalWin returns a minimal set W ⊆ avail that wins for player c, given
// that avail does. Any winning subset would do for soundness (see search); a
// minimal one makes the branching sharp. It starts from a small winning set
// (a shortest path, or the rim of the region the non-available cells hold at
// the top of a cylinder) and drops cells greedily: a cell kept was needed when
// it was tried, and by monotonicity stays needed in the smaller final set.
func (s *searcher) minimalWin(c board.Color, avail set) set {
	g := s.g
	var w set
	switch {
	case c == board.Red && g.geo != board.Torus:
		return g.shortestPath(avail, g.top, g.bot)
	case c == board.Blue && g.geo == board.Flat:
		return g.shortestPath(avail, g.left, g.right)
	case c == board.Blue && g.geo == board.Cylinder:
		// The non-available cells reachable from ring 1 (R) do not reach ring
		// n, since Blue wins in avail. The available cells of ring 1 and those
		// next to R form a blocking set: a non-blue path from ring 1 starts
		// in R and cannot leave it. So it wins for Blue (thesis Thm. 3.2.2).
		r := g.reach(g.all.andNot(avail), g.top)
		w = avail.and(g.top)
		for _, x := range r.cells() {
			for _, y := range g.nbr[x] {
				if avail.has(y) {
					w.add(y)
				}
			}
		}
	default:
		w = avail
	}
	for _, x := range w.cells() {
		w.del(x)
		if !g.wins(c, w) {
			w.add(x)
		}
	}
	return w
}

// shortestPath is a shortest path inside s from a cell of from to a cell of
// to (breadth-first, neighbours in increasing order), as a set; s must connect
// them. A shortest path is a minimal connecting set: a connecting proper
// subset would contain a shorter path.
func (g *grid) shortestPath(s, from, to set) set {
	parent := make([]int, g.cells)
	var seen set
	queue := s.and(from).cells()
	for _, c := range queue {
		parent[c] = -1
		seen.add(c)
	}
	for k := 0; k < len(queue); k++ {
		c := queue[k]
		if to.has(c) {
			var p set
			for ; c >= 0; c = parent[c] {
				p.add(c)
			}
			return p
		}
		for _, x := range g.nbr[c] {
			if s.has(x) && !seen.has(x) {
				seen.add(x)
				parent[x] = c
				queue = append(queue, x)
			}
		}
	}
	return set{}
}

// search looks for a set W that wins for the opponent, lies outside forbid,
// and holds at most one cell of every pair. It returns W and true if one
// exists, false if none does (exactly). forbid holds cells the opponent has
// been ruled not to own, each the mate of a cell the opponent keeps: branch
// decisions, or cells derived from them (s.why[c] is the set of decisions a
// forbidden cell c follows from; a decision's is itself). On failure it also
// returns a reason: a set of decisions whose forbidding alone already leaves
// no pair-free winning set.
//
// Why it is complete: if the available cells (outside forbid) do not win,
// nothing inside them does (monotone rules). Otherwise take a minimal winning
// W there. If W holds no whole pair, it is the answer. If it holds a pair
// (the last one in cell order is taken: slightly smaller trees on mirror)
// {a, b}, any pair-free winning set misses a or b, so it lies in one of the
// two branches "forbid b" and "forbid a", which are searched in that order.
// Before branching, a cell x of W without which the available cells no longer
// win is in every winning set here, so its mate is forbidden (and if both
// cells of a pair are such, no pair-free winning set exists). Each branch
// forbids one more cell, so the search ends.
//
// Backjumping: when "forbid b" fails for a reason without b, forbid alone
// fails (the reason is a subset of it), so "forbid a" is skipped. Reasons on
// the cylinder and the flat board come from the Hex theorem: the opponent does
// not win on the available cells iff the side wins on forbid, so a minimal
// winning set of the side inside forbid is a reason. On the torus no such
// duality holds, and the reason is every decision made.
func (s *searcher) search(forbid set) (set, bool, set, error) {
	if err := s.tick(); err != nil {
		return set{}, false, set{}, err
	}
	g := s.g
	var w set
	var a, b int
	for {
		avail := g.all.andNot(forbid)
		if !g.wins(s.opp, avail) {
			return set{}, false, s.reason(forbid, -1), nil
		}
		w = s.minimalWin(s.opp, avail)
		a, b = -1, -1
		for _, x := range w.cells() {
			if y := s.mate[x]; y > x && w.has(y) {
				a, b = x, y
			}
		}
		if a < 0 {
			if s.accept == nil || s.accept(w) {
				return w, true, set{}, nil
			}
			// Rejected: look for other pair-free sets, each missing one
			// cell of w (a refutation hunt only; see accept).
			for _, x := range w.cells() {
				if forbid.has(x) {
					continue
				}
				f := forbid
				f.add(x)
				s.why[x] = set{}
				s.why[x].add(x)
				if w2, ok, _, err := s.search(f); ok || err != nil {
					return w2, ok, set{}, err
				}
			}
			return set{}, false, s.all(forbid), nil
		}
		changed := false
		for _, x := range w.cells() {
			y := s.mate[x]
			if y < 0 || forbid.has(y) {
				continue
			}
			if s.essential(avail, x) {
				rx := s.reason(forbid, x)
				if w.has(y) && s.essential(avail, y) {
					return set{}, false, rx.or(s.reason(forbid, y)), nil
				}
				forbid.add(y)
				s.why[y] = rx
				avail.del(y)
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	f := forbid
	f.add(b)
	s.why[b] = set{}
	s.why[b].add(b)
	w1, ok, r1, err := s.search(f)
	if ok || err != nil {
		return w1, ok, set{}, err
	}
	if !r1.has(b) {
		return set{}, false, r1, nil
	}
	f = forbid
	f.add(a)
	s.why[a] = set{}
	s.why[a].add(a)
	w2, ok, r2, err := s.search(f)
	if ok || err != nil {
		return w2, ok, set{}, err
	}
	r1.del(b)
	r2.del(a)
	return set{}, false, r1.or(r2), nil
}

// reason is the set of decisions behind "the opponent does not win on the
// cells outside forbid ∪ {x}" (x < 0: outside forbid), which the caller has
// just found to hold.
func (s *searcher) reason(forbid set, x int) set {
	f := forbid
	if x >= 0 {
		f.add(x)
	}
	cells := f
	if s.g.geo != board.Torus {
		// By the Hex duality the side wins on f; should it not (a bug),
		// keep every decision rather than backjump on a wrong reason.
		if v := s.minimalWin(s.side, f); s.g.wins(s.side, v) {
			cells = v
		}
	}
	var r set
	for _, c := range cells.cells() {
		if c != x {
			r = r.or(s.why[c])
		}
	}
	return r
}

// all is every decision behind the forbidden cells.
func (s *searcher) all(forbid set) set {
	var r set
	for _, c := range forbid.cells() {
		r = r.or(s.why[c])
	}
	return r
}

// essential reports whether the opponent, owning avail, no longer wins
// without x.
func (s *searcher) essential(avail set, x int) bool {
	avail.del(x)
	return !s.g.wins(s.opp, avail)
}

// transversal looks for a set T holding exactly one cell of every pair (and no
// unpaired cell) on which the strategy's side does not win; own holds the
// cells already given to the side, taken holds both cells of every pair
// decided so far. It is exact and complete: if own already wins, every T
// extending it wins (monotone rules). If own plus both cells of every open
// pair (the optimistic set) does not win, or does not once some open cell x
// is left out, then a T that gives x's mate to the side (and anything to the
// rest) does not win either. Otherwise a pair with a cell in a minimal winning
// V of the optimistic set is decided both ways, which covers every T.
func (s *searcher) transversal(own, taken set) (set, bool, error) {
	if err := s.tick(); err != nil {
		return set{}, false, err
	}
	g := s.g
	if g.wins(s.side, own) {
		return set{}, false, nil
	}
	open := s.zone.andNot(taken)
	complete := func(t set, skip int) set {
		for _, x := range open.cells() {
			if x != skip && !t.has(s.mate[x]) && !t.has(x) {
				t.add(x)
			}
		}
		return t
	}
	opt := own.or(open)
	if !g.wins(s.side, opt) {
		return complete(own, -1), true, nil
	}
	v := s.minimalWin(s.side, opt)
	for _, x := range v.and(open).cells() {
		o := opt
		o.del(x)
		if !g.wins(s.side, o) {
			t := own
			t.add(s.mate[x])
			return complete(t, x), true, nil
		}
	}
	x := v.and(open).cells()[0]
	for _, c := range []int{x, s.mate[x]} {
		o, t := own, taken
		o.add(c)
		t.add(x)
		t.add(s.mate[x])
		if r, ok, err := s.transversal(o, t); ok || err != nil {
			return r, ok, err
		}
	}
	return set{}, false, nil
}
