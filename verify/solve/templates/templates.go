// Package templates checks edge templates of ordinary (flat) Hex: a set of a
// player's stones and a carrier of empty cells inside which the player, moving
// second, connects the stones to the player's edge (a virtual connection,
// Henderson–Hayward, "Probing the 4-3-2 Edge Template", §1). The templates are
// placed on a flat board of package board, for Red and the bottom edge (ring
// n), so the neighbour relation and the connection test are board's.
package templates

import (
	"context"
	"fmt"

	"hexproof/board"
	"hexproof/verify/solve"
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

// ZigguratLabels are the paper's names 1…8 of the 4-3-2's carrier cells
// (Henderson–Hayward, Fig. 3), as offsets of Ziggurat. The figure is not in
// the text; the labels follow from the text alone: an edge bridge from 2
// covers {5,6}, from 3 covers {6,7}, from 4 covers {7,8} (§4, Lemmas 2–5),
// so 2, 3, 4 is row 2 and 5…8 row 1 in order; 1 is the row-3 cell beside the
// stone; and in S + W[6] + B[4] the pair {1,3} keeps the stone joined to 4
// (Lemma 6), so {1,3} is the bridge between the stone and 4: 4 is the row-2
// cell away from the stone and 2 the one at the far side.
var ZigguratLabels = [9][2]int{1: {1, 3}, 2: {-1, 2}, 3: {0, 2}, 4: {1, 2}, 5: {-2, 1}, 6: {-1, 1}, 7: {0, 1}, 8: {1, 1}}

// Placed is a template on a flat board: Red's stones, the carrier, and the
// board's bottom ring as Red's edge.
type Placed struct {
	B       *board.Board
	Stones  board.Bits
	Carrier board.Bits
	Cells   []board.Cell // the carrier in the template's order
	solver  *solve.Solver
	at      func([2]int) board.Cell
}

// At is the board cell of the template offset s.
func (p *Placed) At(s [2]int) board.Cell { return p.at(s) }

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
	p := &Placed{B: b, at: at}
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
	// Position's argument: a ring-1 carrier cell must touch a stone.
	for _, c := range p.Cells {
		if _, j := b.Coord(c); j == 1 && p.Stones.And(b.Neighbours(c)).Empty() {
			return nil, fmt.Errorf("template %s: carrier cell %s on the top row touches no stone", t.Name, b.Format(c, board.Thesis))
		}
	}
	return p, nil
}

// Position is the template as a flat-board position: Red's stones, the
// extra red and blue cells, and a blue stone on every cell outside the
// stones and the carrier, so that both players can play only in the carrier.
//
// Why Red's win on this board is the template's connection: Red joins ring 1
// to ring n (docs/design.md §2), ring n is the edge, and every cell of ring 1
// that Red may still own is a stone or a carrier cell next to a stone (Place
// checks this), so a red chain from ring 1 to the edge joins a stone to the
// edge, and conversely. A full flat board has exactly one winner, so "Blue
// cannot stop Red" and "Red connects" are the same question.
func (p *Placed) Position(red, blue board.Bits) board.Position {
	return board.Position{
		Red:  p.Stones.Or(red),
		Blue: p.B.All().AndNot(p.Stones).AndNot(p.Carrier).Or(blue),
	}
}

// Solver is a perfect-play solver (package verify/solve, the shared game
// step) for the template's board.
func (p *Placed) Solver() (*solve.Solver, error) {
	if p.solver == nil {
		s, err := solve.NewSolver(context.Background(), p.B, solve.Options{TableBytes: 1 << 20})
		if err != nil {
			return nil, err
		}
		p.solver = s
	}
	return p.solver, nil
}

// Holds reports whether Red, moving second, connects the stones to the edge
// when Red owns red and Blue owns blue among the carrier cells (Blue to move
// in the carrier).
func (p *Placed) Holds(red, blue board.Bits) (bool, error) {
	pos := p.Position(red, blue)
	switch {
	case p.B.RedWins(pos):
		return true, nil
	case p.B.BlueWins(pos):
		return false, nil
	}
	s, err := p.Solver()
	if err != nil {
		return false, err
	}
	return s.Wins(pos, board.Blue, board.Red)
}

// Replies lists, for a probe (Blue's move on carrier cell x), Red's replies
// in the carrier that restore the connection (Red wins moving second after
// them): the solver's winning moves of Red after the probe.
func (p *Placed) Replies(x board.Cell) (board.Bits, error) {
	pos := p.Position(board.Bits{}, board.Bit(x))
	if p.B.BlueWins(pos) {
		return board.Bits{}, nil
	}
	s, err := p.Solver()
	if err != nil {
		return board.Bits{}, err
	}
	moves, err := s.WinningMoves(pos, board.Red)
	var out board.Bits
	for _, c := range moves {
		out = out.With(c)
	}
	return out, err
}
