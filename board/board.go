// Package board is the geometry of Cylindrical Hex and its relatives (flat Hex,
// Torus Hex): cells and their neighbours, positions as bitboards, who has won,
// the symmetry groups with canonical keys, the two cell notations of docs/design.md §1,
// and plain-text pictures.
//
// Coordinates follow the thesis (Fitzgerald 2026, Def. 2.1.1–2.3.1): cell (i, j)
// is column i in 1..m and ring j in 1..n, ring 1 at the top. Internally a cell is
// the index (j-1)*m + (i-1), so index order is cell order (ring, then column).
package board

import (
	"fmt"
	"strings"
)

// Geometry selects which sides of the m×n sheet are glued together.
type Geometry uint8

const (
	// Cylinder glues column m to column 1 (thesis Def. 2.2.1). The default.
	Cylinder Geometry = iota
	// Flat is ordinary Hex: nothing is glued (thesis Def. 2.1.3).
	Flat
	// Torus glues columns and rings (thesis Def. 2.3.1).
	Torus
)

func (g Geometry) String() string {
	switch g {
	case Cylinder:
		return "cylinder"
	case Flat:
		return "flat"
	case Torus:
		return "torus"
	}
	return fmt.Sprintf("geometry(%d)", uint8(g))
}

// ParseGeometry reads "cylinder", "flat" or "torus".
func ParseGeometry(s string) (Geometry, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "cylinder", "cyl", "":
		return Cylinder, nil
	case "flat", "hex":
		return Flat, nil
	case "torus":
		return Torus, nil
	}
	return 0, fmt.Errorf("unknown geometry %q (want cylinder, flat or torus)", s)
}

// Color is the content of a cell, or a player.
type Color uint8

const (
	Empty Color = iota
	Red
	Blue
)

func (c Color) String() string {
	switch c {
	case Red:
		return "red"
	case Blue:
		return "blue"
	}
	return "empty"
}

// Other is the opponent of a player.
func (c Color) Other() Color {
	switch c {
	case Red:
		return Blue
	case Blue:
		return Red
	}
	return Empty
}

// ParseColor reads "red"/"r" or "blue"/"b".
func ParseColor(s string) (Color, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "red", "r":
		return Red, nil
	case "blue", "b":
		return Blue, nil
	}
	return Empty, fmt.Errorf("unknown player %q (want red or blue)", s)
}

// Position is the stones on a board. Which player moves next follows from the
// stone counts and the starter.
type Position struct {
	Red, Blue Bits
}

// Occupied is the set of cells holding a stone.
func (p Position) Occupied() Bits { return p.Red.Or(p.Blue) }

// Stones returns the set of the given player's stones.
func (p Position) Stones(c Color) Bits {
	if c == Red {
		return p.Red
	}
	return p.Blue
}

// Play returns the position with a stone of player c on cell x (no checks).
func (p Position) Play(c Color, x Cell) Position {
	if c == Red {
		p.Red = p.Red.With(x)
	} else {
		p.Blue = p.Blue.With(x)
	}
	return p
}

// Without returns the position with cell x emptied, whoever held it (the
// position before the stone on x was played).
func (p Position) Without(x Cell) Position {
	return Position{Red: p.Red.Without(x), Blue: p.Blue.Without(x)}
}

// At is the content of cell x.
func (p Position) At(x Cell) Color {
	switch {
	case p.Red.Has(x):
		return Red
	case p.Blue.Has(x):
		return Blue
	}
	return Empty
}

// Plies is the number of stones on the board.
func (p Position) Plies() int { return p.Red.Count() + p.Blue.Count() }

// ToMove is the player whose turn it is, given who started.
func (p Position) ToMove(starter Color) Color {
	if p.Plies()%2 == 0 {
		return starter
	}
	return starter.Other()
}

// Board is an m×n board of one geometry, with precomputed neighbour sets.
// It is immutable after New and safe for concurrent use.
type Board struct {
	M, N  int
	Geo   Geometry
	cells int
	all   Bits
	top   Bits // ring 1
	bot   Bits // ring n
	left  Bits // column 1
	right Bits // column m
	nbr   []Bits
	nlist [][]Cell
	group []Perm // full symmetry group of the geometry, identity first
	tor   [][6]torusStep
	// rings[j-1] is ring j, cols[i-1] column i (WinningCells' line filter).
	rings, cols []Bits
	// shifts, on boards of at most 64 cells, groups the neighbour relation by
	// index offset: grow(S) = ∪ (S ∩ mask) shifted by delta.
	shifts []shiftTerm
}

type shiftTerm struct {
	mask  uint64
	delta int
}

// buildShifts groups every edge c→x of the neighbour table by x-c. The union
// over the groups of the shifted source sets is exactly the neighbour union,
// because each edge is in exactly one group.
func (b *Board) buildShifts() {
	if b.cells > 64 {
		return
	}
	at := map[int]int{}
	for c := Cell(0); int(c) < b.cells; c++ {
		for _, x := range b.nlist[c] {
			d := int(x) - int(c)
			k, ok := at[d]
			if !ok {
				k = len(b.shifts)
				at[d] = k
				b.shifts = append(b.shifts, shiftTerm{delta: d})
			}
			b.shifts[k].mask |= 1 << uint(c)
		}
	}
}

// New builds an m×n board. m, n ≥ 1 and m·n ≤ MaxCells.
func New(m, n int, g Geometry) (*Board, error) {
	if m < 1 || n < 1 {
		return nil, fmt.Errorf("board %dx%d: both sides must be at least 1", m, n)
	}
	if m*n > MaxCells {
		return nil, fmt.Errorf("board %dx%d has %d cells; at most %d are supported", m, n, m*n, MaxCells)
	}
	if g > Torus {
		return nil, fmt.Errorf("unknown geometry %d", g)
	}
	b := &Board{M: m, N: n, Geo: g, cells: m * n}
	b.nbr = make([]Bits, b.cells)
	b.nlist = make([][]Cell, b.cells)
	b.rings, b.cols = make([]Bits, n), make([]Bits, m)
	for c := Cell(0); int(c) < b.cells; c++ {
		b.all = b.all.With(c)
		i, j := b.Coord(c)
		b.rings[j-1] = b.rings[j-1].With(c)
		b.cols[i-1] = b.cols[i-1].With(c)
		if j == 1 {
			b.top = b.top.With(c)
		}
		if j == n {
			b.bot = b.bot.With(c)
		}
		if i == 1 {
			b.left = b.left.With(c)
		}
		if i == m {
			b.right = b.right.With(c)
		}
		for _, d := range steps {
			if x, _, _, ok := b.step(i, j, d); ok && x != c && !b.nbr[c].Has(x) {
				b.nbr[c] = b.nbr[c].With(x)
			}
		}
		b.nlist[c] = b.nbr[c].Cells()
	}
	if g == Torus {
		b.tor = b.torusSteps()
	}
	b.group = b.buildGroup()
	b.buildShifts()
	return b, nil
}

// MustNew is New for sizes known to be valid (tests, constants).
func MustNew(m, n int, g Geometry) *Board {
	b, err := New(m, n, g)
	if err != nil {
		panic(err)
	}
	return b
}

// steps are the six neighbour offsets of thesis Def. 2.1.1 / docs/design.md §1.
var steps = [6][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}}

// step moves from (i, j) by d in the lifting (the strip S_n or the plane S) and
// returns the cell reached and how many sheets were crossed horizontally (wx)
// and vertically (wy). ok is false when the step leaves the board.
func (b *Board) step(i, j int, d [2]int) (x Cell, wx, wy int, ok bool) {
	i2, j2 := i+d[0], j+d[1]
	if i2 < 1 || i2 > b.M {
		if b.Geo == Flat {
			return 0, 0, 0, false
		}
		if i2 < 1 {
			i2, wx = i2+b.M, -1
		} else {
			i2, wx = i2-b.M, 1
		}
	}
	if j2 < 1 || j2 > b.N {
		if b.Geo != Torus {
			return 0, 0, 0, false
		}
		if j2 < 1 {
			j2, wy = j2+b.N, -1
		} else {
			j2, wy = j2-b.N, 1
		}
	}
	return b.Cell(i2, j2), wx, wy, true
}

// Cells is the number of cells, m·n.
func (b *Board) Cells() int { return b.cells }

// All is the set of every cell.
func (b *Board) All() Bits { return b.all }

// Ring returns ring 1 (top) or ring n (bottom) as sets; Column likewise for columns 1 and m.
func (b *Board) Top() Bits    { return b.top }
func (b *Board) Bottom() Bits { return b.bot }
func (b *Board) Left() Bits   { return b.left }
func (b *Board) Right() Bits  { return b.right }

// Cell is the index of column i, ring j (1-based). It does not check bounds.
func (b *Board) Cell(i, j int) Cell { return Cell((j-1)*b.M + (i - 1)) }

// CellAt is Cell with bounds checking; columns are taken modulo m on the cylinder
// and torus, rings modulo n on the torus.
func (b *Board) CellAt(i, j int) (Cell, bool) {
	if b.Geo != Flat {
		i = mod(i-1, b.M) + 1
	}
	if b.Geo == Torus {
		j = mod(j-1, b.N) + 1
	}
	if i < 1 || i > b.M || j < 1 || j > b.N {
		return NoCell, false
	}
	return b.Cell(i, j), true
}

// Coord is the (column, ring) of a cell, 1-based.
func (b *Board) Coord(c Cell) (i, j int) { return int(c)%b.M + 1, int(c)/b.M + 1 }

// Neighbours is the set of distinct cells adjacent to c (never c itself).
func (b *Board) Neighbours(c Cell) Bits { return b.nbr[c] }

// NeighbourList is Neighbours as a slice in cell order; callers must not modify it.
func (b *Board) NeighbourList(c Cell) []Cell { return b.nlist[c] }

// Valid reports whether c is a cell of the board.
func (b *Board) Valid(c Cell) bool { return c >= 0 && int(c) < b.cells }

func (b *Board) String() string {
	return fmt.Sprintf("%dx%d %s", b.M, b.N, b.Geo)
}

func mod(a, m int) int {
	a %= m
	if a < 0 {
		a += m
	}
	return a
}
