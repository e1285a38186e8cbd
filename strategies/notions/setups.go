package notions

// Double-bridge set-ups (thesis §6.3, Def. 6.3.1): the threatening shapes of
// Alg. 8.4.1 rule 7 (§8.2.3) found from Blue's last stone, and the connection
// area between a set-up's ends (Def. 8.2.1).

import (
	"hexproof/board"
)

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
