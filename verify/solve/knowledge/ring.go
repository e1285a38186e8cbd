package knowledge

import (
	"math/bits"
)

// Blue's virtual ring (docs/decisions/solve.md K7). On the cylinder Blue
// wins by a ring: Blue cells joined in a closed chain that goes around the
// cylinder, after which no Red path joins ring 1 to ring n. Red's
// virtual connections (H-search) have no counterpart for Blue in the
// published solvers, because a ring joins a group to itself, around. This
// is the simplest sound one: Blue's groups (dead cells counted as Blue, K1)
// joined in a cycle by bridges whose carriers are pairwise disjoint, and
// whose cycle goes around the cylinder. Blue answers a Red stone in one
// cell of a carrier with the other cell, so at the end every link is made,
// whoever moves first: the position is Blue's win whoever is to move.
//
// Going around is counted on the cylinder's cover, the strip of columns
// unrolled: each group gets column numbers of its own (lifted columns: a
// cell's column plus a multiple of m, with neighbours differing by -1, 0 or
// 1; a group that does not go around by itself has a consistent numbering),
// and a link through an empty cell x shifts from one group's numbering to
// the other's by the difference of x's lifted columns in both. A cycle of
// links whose shifts add up to a non-zero total (a multiple of m) is a
// closed chain of Blue cells that goes around the cylinder, and so contains
// a ring. A link's two cells must give the same shift, since Blue does not
// choose which one it gets; an empty cell that a group touches at two
// lifted columns (it would close the group into a ring on its own: a
// threat, K6) is not used.
//
// Only m ≥ 3 columns (with two, a step of +1 and -1 are the same column and
// the lifted column is not defined) and the cylinder. The search over
// cycles is bounded (ringSteps): a bound loses rings, never makes one up.

// ringSteps bounds the depth-first search for a cycle of links.
const ringSteps = 4096

type ringLink struct {
	to      int    // the other group
	carrier uint64 // its two empty cells
	shift   int    // the other group's numbering minus this one's
}

// blueRing says whether Blue has a virtual ring: blue holds the Blue stones
// and the dead cells, live the empty cells left.
func (a *Analyzer) blueRing(blue, live uint64) bool {
	found, _ := a.ringCarrier(blue, live)
	return found
}

// ringCand is a cell touching two Blue groups, with the shift between
// their numberings there (ringCarrier).
type ringCand struct {
	x, shift int
}

// ringCarrier is blueRing with the carrier of the ring found: the empty
// cells of its links.
func (a *Analyzer) ringCarrier(blue, live uint64) (bool, uint64) {
	m := a.b.M
	if !a.cylinder || m < 3 || bits.OnesCount64(blue) < 2 {
		return false, 0
	}
	ng := a.blueGroups(blue, live)
	gid, touch := a.ringGid, a.ringTouch
	if ng < 2 {
		return false, 0
	}
	// off is the lifted column of empty cell x in group g's numbering;
	// ok false when g touches x at two of them.
	off := func(g, x int) (int, bool) {
		col, seen := 0, false
		for y := a.nbr[x] & blue; y != 0; y &= y - 1 {
			u := bits.TrailingZeros64(y)
			if gid[u] != g {
				continue
			}
			c := a.liftedAt(u, x)
			if seen && c != col {
				return 0, false
			}
			col, seen = c, true
		}
		return col, seen
	}
	// Links: two empty cells touching both groups, with the same shift.
	// Each group's list of links is emptied and reused: the lists beyond
	// the last call's groups are kept too (up to the capacity), so that
	// appending to them seldom allocates.
	links := a.ringLinks[:cap(a.ringLinks)]
	for len(links) < ng {
		links = append(links, nil)
	}
	links = links[:ng]
	for i := range links {
		links[i] = links[i][:0]
	}
	cs := &a.ringCands // scratch: only cs[:k] is read below
	for g1 := 0; g1 < ng; g1++ {
		for g2 := g1 + 1; g2 < ng; g2++ {
			both := touch[g1] & touch[g2]
			if bits.OnesCount64(both) < 2 {
				continue
			}
			k := 0
			for x := both; x != 0; x &= x - 1 {
				c := bits.TrailingZeros64(x)
				o1, ok1 := off(g1, c)
				o2, ok2 := off(g2, c)
				if ok1 && ok2 {
					cs[k] = ringCand{c, o2 - o1}
					k++
				}
			}
			for i := 0; i < k; i++ {
				for j := i + 1; j < k; j++ {
					if cs[i].shift != cs[j].shift {
						continue
					}
					car := uint64(1)<<uint(cs[i].x) | uint64(1)<<uint(cs[j].x)
					links[g1] = append(links[g1], ringLink{g2, car, cs[i].shift})
					links[g2] = append(links[g2], ringLink{g1, car, -cs[i].shift})
				}
			}
		}
	}
	a.ringLinks = links
	// A cycle of links with disjoint carriers and a non-zero total shift.
	// It suffices to look for simple cycles (each group once): a closed walk
	// that meets a group twice at different shifts has a shorter closed
	// walk with a non-zero total between the two meetings.
	steps := 0
	var visited, carrier uint64
	var dfs func(start, g int, used uint64, shift int) bool
	dfs = func(start, g int, used uint64, shift int) bool {
		steps++
		if steps > ringSteps {
			return false
		}
		for _, l := range links[g] {
			if l.carrier&used != 0 {
				continue
			}
			if l.to == start {
				if shift+l.shift != 0 {
					carrier = used | l.carrier
					return true
				}
				continue
			}
			if l.to < start || visited&(1<<uint(l.to)) != 0 {
				continue // cycles are found from their least group
			}
			visited |= 1 << uint(l.to)
			if dfs(start, l.to, used|l.carrier, shift+l.shift) {
				return true
			}
			visited &^= 1 << uint(l.to)
		}
		return false
	}
	for s := 0; s < ng && steps <= ringSteps; s++ {
		if len(links[s]) < 2 {
			continue
		}
		visited = 1 << uint(s)
		if dfs(s, s, 0, 0) {
			return true, carrier
		}
	}
	return false, 0
}

// blueGroups numbers Blue's groups (blue holds the Blue stones and the dead
// cells) and lifts their columns: for each Blue cell c, a.ringGid[c] is its
// group and a.ringLift[c] its lifted column in the group's numbering, and
// a.ringTouch[g] the live cells group g touches. It returns the number of
// groups. Each group gets a consistent numbering as long as it does not go
// around by itself, which a Blue group cannot while Red can still connect.
func (a *Analyzer) blueGroups(blue, live uint64) int {
	ng := 0
	n := a.b.Cells()
	if len(a.ringGid) < n {
		a.ringGid, a.ringLift = make([]int, n), make([]int, n)
	}
	// Only the entries of Blue's cells are read (here, by off in
	// ringCarrier, by liftedAt and by Blue's H-search, always at a Blue
	// stone), so only they are reset; the others keep stale values.
	gid, lift := a.ringGid[:n], a.ringLift[:n]
	for rest := blue; rest != 0; rest &= rest - 1 {
		gid[bits.TrailingZeros64(rest)] = -1
	}
	touch := a.ringTouch[:0]
	stack := a.ringStack[:0]
	for rest := blue; rest != 0; rest &= rest - 1 {
		s := bits.TrailingZeros64(rest)
		if gid[s] >= 0 {
			continue
		}
		gid[s], lift[s] = ng, a.col[s]
		stack = append(stack[:0], s)
		var t uint64
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			t |= a.nbr[u]
			for x := a.nbr[u] & blue; x != 0; x &= x - 1 {
				v := bits.TrailingZeros64(x)
				if gid[v] < 0 {
					gid[v], lift[v] = ng, lift[u]+a.step(u, v)
					stack = append(stack, v)
				}
			}
		}
		touch = append(touch, t&live)
		ng++
	}
	a.ringGid, a.ringLift, a.ringTouch, a.ringStack = gid, lift, touch, stack
	return ng
}

// semiRings looks for Blue's semi-rings: empty cells c such that Blue's
// stone on c makes a virtual ring (K7). won says Blue wins: with Blue to
// move, one exists (Blue plays c); with Red to move, the carriers of those
// found ({c} and its ring's link cells) have an empty intersection, since a
// Red stone outside one of them lets Blue play its c, after which the ring's
// links are untouched. moves is, for Red to move, that intersection (live
// when there is none): every winning Red move lies in it.
func (a *Analyzer) semiRings(blue, live uint64, redToMove bool) (won bool, moves uint64) {
	moves = live
	if !a.cylinder || a.b.M < 3 {
		return false, moves
	}
	for x := live; x != 0; x &= x - 1 {
		c := x & -x
		found, car := a.ringCarrier(blue|c, live&^c)
		if !found {
			continue
		}
		if !redToMove {
			return true, 0
		}
		if moves &= c | car; moves == 0 {
			return true, 0
		}
	}
	return false, moves
}

// liftedAt is the lifted column of cell x, a neighbour of Blue stone u, in
// the numbering of u's group (blueGroups): u's lifted column and the step
// from u to x. Virtual rings (off, in ringCarrier) and Blue's H-search (the
// shift of its base connections) both number cells this way.
func (a *Analyzer) liftedAt(u, x int) int { return a.ringLift[u] + a.step(u, x) }

// step is the column step from cell u to its neighbour v: -1, 0 or 1 (the
// one that agrees with their columns mod m, unique for m ≥ 3).
func (a *Analyzer) step(u, v int) int {
	d := (a.col[v] - a.col[u] + a.b.M) % a.b.M
	switch d {
	case 0:
		return 0
	case 1:
		return 1
	}
	return -1
}
