// Package testpos holds the helpers that the tests of package strategies and
// of package notions share: positions from thesis-form cell lists, random
// positions, and cells formatted for test messages.
package testpos

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
)

// CellsStr formats a set of cells in thesis coordinates, for test messages.
func CellsStr(b *board.Board, s board.Bits) string {
	out := ""
	for s.Any() {
		out += b.Format(s.Pop(), board.Thesis) + " "
	}
	return out
}

// CellStr formats one cell in thesis coordinates ("none" for board.NoCell).
func CellStr(b *board.Board, c board.Cell) string {
	if c == board.NoCell {
		return "none"
	}
	return b.Format(c, board.Thesis)
}

// Pos builds a position on b from thesis-form cell lists.
func Pos(t testing.TB, b *board.Board, red, blue [][2]int) board.Position {
	t.Helper()
	var p board.Position
	for _, c := range red {
		p.Red = p.Red.With(b.Cell(c[0], c[1]))
	}
	for _, c := range blue {
		p.Blue = p.Blue.With(b.Cell(c[0], c[1]))
	}
	return p
}

// CellSet is the set of the thesis-form cells cs.
func CellSet(b *board.Board, cs ...[2]int) board.Bits {
	var s board.Bits
	for _, c := range cs {
		s = s.With(b.Cell(c[0], c[1]))
	}
	return s
}

// EmptyOf is the set of empty cells of p.
func EmptyOf(b *board.Board, p board.Position) board.Bits { return b.All().AndNot(p.Occupied()) }

// RandomPosition places k random stones, alternating colours.
func RandomPosition(rng *rand.Rand, b *board.Board, k int) board.Position {
	var p board.Position
	for i := 0; i < k; i++ {
		e := EmptyOf(b, p).Cells()
		c := e[rng.IntN(len(e))]
		if i%2 == 0 {
			p.Blue = p.Blue.With(c)
		} else {
			p.Red = p.Red.With(c)
		}
	}
	return p
}
