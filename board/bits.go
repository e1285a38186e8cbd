package board

import "math/bits"

// MaxCells is the largest board the bitboards hold.
const MaxCells = 128

// Cell is a cell index: (ring-1)*m + (column-1). Index order is therefore the
// "cell order" of docs/design.md §4 and §5: ring first, then column.
type Cell int16

// NoCell stands for "no move" (e.g. the opponent's last move when a strategy opens).
const NoCell Cell = -1

// Bits is a set of cells on a board of at most 128 cells.
type Bits [2]uint64

// Bit returns the set holding only c.
func Bit(c Cell) Bits {
	var b Bits
	b[c>>6] = 1 << (uint(c) & 63)
	return b
}

// Has reports whether c is in the set.
func (b Bits) Has(c Cell) bool { return b[c>>6]>>(uint(c)&63)&1 != 0 }

// With returns the set with c added.
func (b Bits) With(c Cell) Bits { b[c>>6] |= 1 << (uint(c) & 63); return b }

// Without returns the set with c removed.
func (b Bits) Without(c Cell) Bits { b[c>>6] &^= 1 << (uint(c) & 63); return b }

// Or, And, AndNot are the set operations.
func (b Bits) Or(o Bits) Bits     { return Bits{b[0] | o[0], b[1] | o[1]} }
func (b Bits) And(o Bits) Bits    { return Bits{b[0] & o[0], b[1] & o[1]} }
func (b Bits) AndNot(o Bits) Bits { return Bits{b[0] &^ o[0], b[1] &^ o[1]} }

// Empty reports whether the set is empty.
func (b Bits) Empty() bool { return b[0]|b[1] == 0 }

// Any reports whether the set is non-empty.
func (b Bits) Any() bool { return b[0]|b[1] != 0 }

// Count is the number of cells in the set.
func (b Bits) Count() int { return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) }

// First is the lowest cell in the set (the first in cell order), or NoCell.
func (b Bits) First() Cell {
	if b[0] != 0 {
		return Cell(bits.TrailingZeros64(b[0]))
	}
	if b[1] != 0 {
		return Cell(64 + bits.TrailingZeros64(b[1]))
	}
	return NoCell
}

// Pop removes and returns the lowest cell; the set must be non-empty.
func (b *Bits) Pop() Cell {
	if b[0] != 0 {
		c := Cell(bits.TrailingZeros64(b[0]))
		b[0] &= b[0] - 1
		return c
	}
	c := Cell(64 + bits.TrailingZeros64(b[1]))
	b[1] &= b[1] - 1
	return c
}

// Cells lists the set in cell order (allocates; not for hot paths).
func (b Bits) Cells() []Cell {
	out := make([]Cell, 0, b.Count())
	for b.Any() {
		out = append(out, b.Pop())
	}
	return out
}

// Less orders sets by (high word, low word) as unsigned integers; used for canonical keys.
func (b Bits) Less(o Bits) bool {
	if b[1] != o[1] {
		return b[1] < o[1]
	}
	return b[0] < o[0]
}
