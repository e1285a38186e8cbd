package board

import (
	"math/bits"
	"strconv"
)

// MaxCells is the largest board the bitboards hold.
const MaxCells = 128

// Cell is a cell index: (ring-1)*m + (column-1). Index order is therefore the
// "cell order" of docs/design.md §4 and §5: ring first, then column.
type Cell int16

// NoCell stands for "no move" (e.g. the opponent's last move when a strategy opens).
const NoCell Cell = -1

// Bits is a set of cells on a board of at most 128 cells: Lo holds cells 0 …
// 63, Hi cells 64 … 127. A struct, not an array: the compiler keeps a small
// struct in registers, while it keeps every array of two words in memory, and
// the sets are the arithmetic of every hot loop (docs/performance.md).
type Bits struct{ Lo, Hi uint64 }

// Bit returns the set holding only c.
//
// Bit, With and Without pick c's word by a mask and Has by a two-way choice,
// without branching on the word: the sets stay in registers (docs/decisions/
// board.md §6). A cell outside 0 … MaxCells-1 panics, as an index out of
// range did when Bits was an array.
func Bit(c Cell) Bits {
	hi := wordMask(c)
	one := uint64(1) << (uint(c) & 63)
	return Bits{one &^ hi, one & hi}
}

// wordMask is all ones when c is in the high word, zero when in the low one.
func wordMask(c Cell) uint64 {
	if uint(c) >= MaxCells {
		panic(cellRangeError(c))
	}
	return -uint64(uint(c) >> 6)
}

// cellRangeError is the panic of a cell outside the bitboards.
type cellRangeError Cell

func (e cellRangeError) Error() string {
	return "board: cell " + strconv.Itoa(int(e)) + " outside the bitboards (0 … 127)"
}

// Has reports whether c is in the set.
func (b Bits) Has(c Cell) bool {
	if uint(c) >= MaxCells {
		panic(cellRangeError(c))
	}
	w := b.Lo
	if c >= 64 {
		w = b.Hi
	}
	return w>>(uint(c)&63)&1 != 0
}

// With returns the set with c added.
func (b Bits) With(c Cell) Bits { m := Bit(c); return Bits{b.Lo | m.Lo, b.Hi | m.Hi} }

// Without returns the set with c removed.
func (b Bits) Without(c Cell) Bits { m := Bit(c); return Bits{b.Lo &^ m.Lo, b.Hi &^ m.Hi} }

// Or, And, AndNot are the set operations.
func (b Bits) Or(o Bits) Bits     { return Bits{b.Lo | o.Lo, b.Hi | o.Hi} }
func (b Bits) And(o Bits) Bits    { return Bits{b.Lo & o.Lo, b.Hi & o.Hi} }
func (b Bits) AndNot(o Bits) Bits { return Bits{b.Lo &^ o.Lo, b.Hi &^ o.Hi} }

// Empty reports whether the set is empty.
func (b Bits) Empty() bool { return b.Lo|b.Hi == 0 }

// Any reports whether the set is non-empty.
func (b Bits) Any() bool { return b.Lo|b.Hi != 0 }

// Count is the number of cells in the set.
func (b Bits) Count() int { return bits.OnesCount64(b.Lo) + bits.OnesCount64(b.Hi) }

// First is the lowest cell in the set (the first in cell order), or NoCell.
func (b Bits) First() Cell {
	if b.Lo != 0 {
		return Cell(bits.TrailingZeros64(b.Lo))
	}
	if b.Hi != 0 {
		return Cell(64 + bits.TrailingZeros64(b.Hi))
	}
	return NoCell
}

// Pop removes and returns the lowest cell; the set must be non-empty.
func (b *Bits) Pop() Cell {
	if b.Lo != 0 {
		c := Cell(bits.TrailingZeros64(b.Lo))
		b.Lo &= b.Lo - 1
		return c
	}
	c := Cell(64 + bits.TrailingZeros64(b.Hi))
	b.Hi &= b.Hi - 1
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
	if b.Hi != o.Hi {
		return b.Hi < o.Hi
	}
	return b.Lo < o.Lo
}
