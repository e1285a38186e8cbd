// Package notions holds the geometric notions of thesis ch. 6 and §8.2 that
// several strategies share: bridges, overlapping bridges, provisional paths
// (groups), covered rings, double-bridge set-ups, connection areas and winning
// moves, as allocation-free functions on a board and a position. They are used
// by Alg. 8.4.1 (strategies/fitzgerald*.go) and Alg. 7.1.1
// (strategies/vandenbroek.go), so they are written for any cylinder m×n with
// m ≥ 4, not only m = 5 (on m = 3 two cells can be bridged in two ways, and
// such a pair is listed twice).
//
// One file per notion:
//   - notions.go: the per-board tables (Notions: neighbour and bridge steps,
//     rings, columns, reach) and neighbour counts;
//   - rings.go: virtual rings, ring sets R(a, b), covered rings (Def. 8.0.1, 8.2.2);
//   - bridges.go: bridges and their cells (§6.1);
//   - overlaps.go: overlapping bridges and the moves that create them (§6.2);
//   - paths.go: provisional paths as groups, and the groups a stone joins (§6.4);
//   - winning.go: provisional winning paths, shortest red one, winning moves;
//   - lifts.go: Blue's provisional graph in the lifting (winding cycles);
//   - setups.go: double-bridge set-ups and connection areas (§6.3, Def. 8.2.1).
//   - dead.go: live and dead cells (§10.3, Def. 10.3.2).
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

// IsOwn reports whether e is a stone of the colour whose set is own; virtual
// cells count as own when virtual is set (Red with rings 0 and n+1).
func (nt *Notions) IsOwn(e Ext, own board.Bits, virtual bool) bool {
	if int(e) < nt.Cells {
		return own.Has(board.Cell(e))
	}
	return virtual
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
