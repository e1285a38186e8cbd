package notions

// Overlapping bridges (thesis §6.2, Def. 6.2.1): two bridges that share a
// bridge cell, the point of overlap; whether they also share an end (kind 1,
// the kind Alg. 8.4.1 treats as dangerous, §8.1) or are parallel (kind 2); and
// whether a move creates such a pair.

import (
	"hexproof/board"
)

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
