package knowledge

import "math/bits"

// Blue's H-search with windings (docs/decisions/solve.md K10). K7 joins
// Blue's groups by bridges only. Here the same rules as Red's H-search
// (hsearch.go) run on Blue's graph — Blue's groups (dead cells counted as
// Blue) and the live empty cells, Red's stones as walls, no terminals — and
// every connection also carries its shift: how far, in turns around the
// cylinder, its chain of Blue cells moves from one end's numbering of
// columns to the other's (each group numbers its cells by lifted columns,
// blueGroups; an empty cell by its own column). The shift of an AND is the
// sum of its parts', and the OR rule only combines semi-connections with
// equal shifts, because Blue does not choose which one it completes. So a
// connection's shift is the shift of whatever chain Blue ends up with. A
// chain from a group back to itself with a non-zero shift goes around the
// cylinder: a VC of that kind is a virtual ring (Blue wins whoever moves),
// an SC of that kind (or a VC from an empty cell back to itself) a
// semi-ring (Blue wins by playing its key; Red to move must play inside its
// carrier).

// blueHSearch runs Blue's H-search with windings on the filled position
// (blue holds the Blue stones, the dead cells and Blue's captured cells;
// live the empty cells left). mask is where Red may still play (Red to
// move; ignored for Blue). ring says Blue has a virtual ring; semis counts
// the semi-rings found and semi is the intersection of mask with their
// carriers. With Blue to move the search stops at the first semi-ring, and
// with Red to move when semi is empty: either decides the position.
func (a *Analyzer) blueHSearch(blue, live, mask uint64, blueToMove bool) (ring bool, semis int, semi uint64) {
	m := a.b.M
	if !a.cylinder || m < 3 || blue == 0 {
		return false, 0, mask
	}
	ng := a.blueGroups(blue, live)
	if ng+bits.OnesCount64(live) > maxNodes {
		return false, 0, mask
	}
	gid, touch := a.ringGid, a.ringTouch
	h := &a.h
	h.reset(a.lim, true)
	h.blueToMove, h.semi, h.semis = blueToMove, mask, 0
	for range ng {
		h.nodes = append(h.nodes, hnode{})
	}
	var at [MaxCells]uint8
	h.addNodes(live, &at)
	h.nn = len(h.nodes)
	// Base: a group and a live cell it touches, once for each lifted column
	// at which it touches it (two of them make a semi-ring at once, through
	// the AND rule); two adjacent live cells.
	for g := 0; g < ng && !h.stop; g++ {
		for x := touch[g]; x != 0 && !h.stop; x &= x - 1 {
			c := bits.TrailingZeros64(x)
			for y := a.nbr[c] & blue; y != 0; y &= y - 1 {
				u := bits.TrailingZeros64(y)
				if gid[u] != g {
					continue
				}
				h.addVC(g, int(at[c]), 0, int8((a.col[c]-a.liftedAt(u, c))/m))
			}
		}
	}
	for x := live; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		for y := a.nbr[c] & live &^ (uint64(1)<<uint(c+1) - 1); y != 0; y &= y - 1 {
			d := bits.TrailingZeros64(y)
			h.addVC(int(at[c]), int(at[d]), 0, int8((a.col[d]-a.col[c]-a.step(c, d))/m))
		}
	}
	h.close()
	return h.ring, h.semis, h.semi
}
