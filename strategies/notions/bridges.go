package notions

// Bridges (thesis §6.1, Def. 6.1.1): two stones of one colour with two common
// empty neighbours, the bridge cells; the list of a colour's bridges, their
// cells, and the vertical bridges a stone could make next (Alg. 8.4.1
// hierarchy item 7).

import (
	"hexproof/board"
)

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

func (nt *Notions) bridgeBetween(z board.Cell, w Ext) (Step, bool) {
	for d := range nt.brsOf(z) {
		if nt.brsOf(z)[d].To == w {
			return nt.brsOf(z)[d], true
		}
	}
	return Step{}, false
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
