// Package templates checks edge templates of ordinary (flat) Hex: a set of a
// player's stones and a carrier of empty cells inside which the player, moving
// second, connects the stones to the player's edge (a virtual connection,
// Henderson–Hayward, "Probing the 4-3-2 Edge Template", §1). The templates are
// placed on a flat board of package board, for Red and the bottom edge (ring
// n), so the neighbour relation and the connection test are board's.
package templates

import (
	"fmt"

	"hexproof/board"
)

// Template is an edge template in offsets (dc, r): dc is the column offset
// from the first stone, r the row counted from the edge (r = 1 touches it).
// Going one row towards the edge from (dc, r) reaches (dc, r-1) and
// (dc-1, r-1) (docs/design.md §1 neighbours, ring j+1 below ring j).
type Template struct {
	Name    string
	Stones  [][2]int
	Carrier [][2]int
}

// Bridge is the edge bridge (template II): a stone on row 2 and the two cells
// below it.
var Bridge = Template{
	Name:    "edge bridge",
	Stones:  [][2]int{{0, 2}},
	Carrier: [][2]int{{-1, 1}, {0, 1}},
}

// Ziggurat is the edge 4-3-2 (also called the ziggurat or template IIIa): a
// stone on row 3 with the cell beside it, three cells on row 2 and four on
// row 1 — rows of 2, 3 and 4 cells, stone included, hence the name.
var Ziggurat = Template{
	Name:    "4-3-2 (ziggurat)",
	Stones:  [][2]int{{0, 3}},
	Carrier: [][2]int{{1, 3}, {-1, 2}, {0, 2}, {1, 2}, {-2, 1}, {-1, 1}, {0, 1}, {1, 1}},
}

// Placed is a template on a flat board: Red's stones, the carrier, and the
// board's bottom ring as Red's edge.
type Placed struct {
	B       *board.Board
	Stones  board.Bits
	Carrier board.Bits
	Cells   []board.Cell // the carrier in the template's order
}

// Place puts t on the smallest flat board that holds it with a free column on
// each side, rows counted up from the bottom ring.
func Place(t Template) (*Placed, error) {
	minC, maxC, maxR := 0, 0, 0
	for _, s := range append(append([][2]int(nil), t.Stones...), t.Carrier...) {
		minC, maxC, maxR = min(minC, s[0]), max(maxC, s[0]), max(maxR, s[1])
		if s[1] < 1 {
			return nil, fmt.Errorf("template %s: row %d is not above the edge", t.Name, s[1])
		}
	}
	m, n := maxC-minC+3, maxR
	b, err := board.New(m, n, board.Flat)
	if err != nil {
		return nil, err
	}
	at := func(s [2]int) board.Cell { return b.Cell(s[0]-minC+2, n+1-s[1]) }
	p := &Placed{B: b}
	for _, s := range t.Stones {
		p.Stones = p.Stones.With(at(s))
	}
	for _, s := range t.Carrier {
		c := at(s)
		if p.Stones.Has(c) || p.Carrier.Has(c) {
			return nil, fmt.Errorf("template %s: cell %v twice", t.Name, s)
		}
		p.Carrier = p.Carrier.With(c)
		p.Cells = append(p.Cells, c)
	}
	return p, nil
}

// connected reports whether Red's cells join a stone to the edge.
func (p *Placed) connected(red board.Bits) bool {
	return p.B.Connects(red.Or(p.Stones), p.Stones, p.B.Bottom())
}

// Holds reports whether Red, moving second, connects the stones to the edge
// when Red owns red, Blue owns blue, and both play only in the carrier: a
// plain minimax over the carrier's empty cells (at most 3^8 positions here).
func (p *Placed) Holds(red, blue board.Bits) bool {
	if p.connected(red) {
		return true
	}
	empty := p.Carrier.AndNot(red).AndNot(blue)
	if empty.Empty() {
		return false
	}
	for _, x := range empty.Cells() {
		if !p.answerable(red, blue.With(x)) {
			return false
		}
	}
	return true
}

// answerable: Red to move; some reply keeps Holds.
func (p *Placed) answerable(red, blue board.Bits) bool {
	if p.connected(red) {
		return true
	}
	for _, y := range p.Carrier.AndNot(red).AndNot(blue).Cells() {
		if p.Holds(red.With(y), blue) {
			return true
		}
	}
	return false
}

// Replies lists, for a probe (Blue's move on carrier cell x), Red's replies
// that keep the connection.
func (p *Placed) Replies(x board.Cell) board.Bits {
	var out board.Bits
	blue := board.Bit(x)
	for _, y := range p.Carrier.AndNot(blue).Cells() {
		if p.Holds(board.Bit(y), blue) {
			out = out.With(y)
		}
	}
	return out
}
