package strategies

import (
	"fmt"

	"hexproof/board"
)

// The handicap strategy of Henderson and Hayward, "A Hex Handicap Strategy"
// (§5), for Red (their Black, who joins the first row to the far row) on the
// flat n×n board. Their board is oriented so that the first row and column 1
// meet at an obtuse corner; on ours (docs/design.md §1) that corner is (1, n),
// so their first row is ring n, their second row ring n-1, and their column k
// our column k (their game of Fig. 16: the primary cells of the handicap
// cell in column 2 are k1, k2, as here).
//
//	handicap cells  (c, n-1) for c = n-3 and c = 2+6j, 0 ≤ j < ⌊n/6⌋ —
//	                ⌊n/6⌋+1 = ⌈(n+1)/6⌉ cells (c = n-3 never equals 2+6j);
//	primary cells   the ring-n cells next to a handicap cell: (c-1, n), (c, n).
//
// Rules (the paper's 1–3; H and the first-row killer are this file's reading,
// see docs/decisions/strategies.md §8):
//
//	H  a handicap cell is empty: the first one (the handicap stones are Red's
//	   first moves; Red starts);
//	P  Blue took a primary cell whose partner (the other primary cell of the
//	   same handicap cell) is empty: the partner — the primaries are captured
//	   (the paper's proof of Thm. 3);
//	K  Blue took another ring-n cell: an empty ring-n neighbour of it that is
//	   not a primary cell (a killer; the paper's rule 2 and Fig. 15); none:
//	   any empty ring-n neighbour;
//	3  Blue took a cell of rings 1..n-1 whose Shannon mate is empty: the mate
//	   (Shannon's pairing of the n×(n-1) board left without ring n, which is
//	   Gardner's for m = n columns and n-1 rings, so its pairs are gardnerPairs);
//	1  otherwise (the answer is taken, or ring n is dead around the cell): any
//	   empty cell (the paper's rule 1).
//
// The paper's rule 2 for *second-row* cells (killers found by its Fig. 10
// pattern, which the text does not carry) is not implemented: such a cell is
// answered by its Shannon mate.
func init() {
	Register(Info{
		Name:        "handicap",
		Side:        board.Red,
		Seed:        "Henderson–Hayward, A Hex Handicap Strategy, §5",
		Description: "Red's ⌈(n+1)/6⌉ handicap stones on ring n-1, then Shannon's pairing above ring n and first-row killers (flat n×n, n ≥ 4; Red starts)",
		Applies:     handicapApplies,
		Build: func(b *board.Board) (Strategy, error) {
			if err := handicapApplies(b.M, b.N, b.Geo); err != nil {
				return nil, err
			}
			return newHandicap(b), nil
		},
	})
}

func handicapApplies(m, n int, g board.Geometry) error {
	if g != board.Flat {
		return fmt.Errorf("the handicap strategy is for flat Hex; here the geometry is %v", g)
	}
	if m != n || n < 4 {
		return fmt.Errorf("the handicap strategy needs a square board of side at least 4; here %dx%d", m, n)
	}
	return nil
}

// HandicapCells are the handicap cells (i, j) of the n×n board, in cell order.
func HandicapCells(n int) [][2]int {
	var out [][2]int
	for j := 0; j < n/6; j++ {
		out = append(out, [2]int{2 + 6*j, n - 1})
	}
	// 2+6(⌊n/6⌋-1) ≤ n-4, so column n-3 comes last.
	return append(out, [2]int{n - 3, n - 1})
}

type handicap struct {
	b       *board.Board
	hand    []board.Cell
	mate    []board.Cell // Shannon mates in rings 1..n-1; NoCell elsewhere
	partner []board.Cell // the other primary cell of a primary cell, or NoCell
	primary board.Bits
	edge    board.Bits // ring n
}

func newHandicap(b *board.Board) *handicap {
	n := b.N
	s := &handicap{b: b, mate: mateTable(b, gardnerPairs(n, n-1, board.Flat)), partner: make([]board.Cell, b.Cells()), edge: b.Bottom()}
	for c := range s.partner {
		s.partner[c] = board.NoCell
	}
	for _, h := range HandicapCells(n) {
		s.hand = append(s.hand, b.Cell(h[0], h[1]))
		var ps []board.Cell
		for _, i := range []int{h[0] - 1, h[0]} {
			if i >= 1 {
				ps = append(ps, b.Cell(i, n))
				s.primary = s.primary.With(b.Cell(i, n))
			}
		}
		if len(ps) == 2 {
			s.partner[ps[0]], s.partner[ps[1]] = ps[1], ps[0]
		}
	}
	return s
}

func (s *handicap) Board() *board.Board { return s.b }
func (s *handicap) Side() board.Color   { return board.Red }

// Symmetries: the identity only. The flat board's other symmetry, the half
// turn, maps ring n to ring 1, where the strategy has no handicap stones.
func (s *handicap) Symmetries() []board.Perm { return s.b.Identity() }

func (s *handicap) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	empty := s.b.All().AndNot(p.Occupied())
	for _, h := range s.hand {
		if empty.Has(h) {
			return board.Bit(h), "H"
		}
	}
	if last != board.NoCell {
		switch {
		case s.primary.Has(last):
			if x := s.partner[last]; x != board.NoCell && empty.Has(x) {
				return board.Bit(x), "P"
			}
		case s.edge.Has(last):
			near := s.b.Neighbours(last).And(s.edge).And(empty)
			if k := near.AndNot(s.primary); k.Any() {
				near = k // a primary cell is guarded by rule P
			}
			if near.Any() {
				return near, "K"
			}
		default:
			if x := s.mate[last]; x != board.NoCell && empty.Has(x) {
				return board.Bit(x), "3"
			}
		}
	}
	return empty, "1"
}
