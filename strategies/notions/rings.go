package notions

// Rings: the extended cell ids with Red's virtual rings 0 and n+1 (see the
// package comment), ring and column of a cell, the ring sets R(a, b) of thesis
// Def. 8.0.1, and covered rings (Def. 8.2.2), which rules 7 and 10–14 of
// Alg. 8.4.1 ask about.

import (
	"hexproof/board"
)

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
