package strategies

import "hexproof/board"

// pairing is the engine shared by the pairing strategies: Alpern–Beck's mirror
// (thesis Alg. 4.2.1, HHT Thm. 2.1) and Gardner's triangles (thesis Alg. 4.1.1,
// 4.1.2, 5.1.1). Each pairs some cells with a mate; the zone is the set of paired
// cells. The rules, in the thesis's order, are:
//
//	I  the opponent has not played: any empty cell of the zone;
//	1  the opponent's last cell has a mate that is empty: the mate;
//	2  the opponent's last cell has a mate that is occupied: any empty cell of the zone;
//	3  the opponent's last cell is outside the zone: any empty cell of the zone.
//
// "Any" means any (docs/design.md §4): the whole set is returned. When the zone is full,
// rules I, 2 and 3 allow every empty cell (docs/design.md §4, Gardner) and their label
// gets the suffix " (full)". For the mirror the zone is the whole board, so the
// suffix never appears there.
type pairing struct {
	b      *board.Board
	side   board.Color
	mate   []board.Cell // NoCell for an unpaired cell
	zone   board.Bits
	labels [4]string // labels of rules I, 1, 2, 3
	full   [4]string // the same with " (full)"
	syms   []board.Perm
}

func newPairing(b *board.Board, side board.Color, mate []board.Cell, labels [4]string) *pairing {
	s := &pairing{b: b, side: side, mate: mate, labels: labels}
	for c, x := range mate {
		if x != board.NoCell {
			s.zone = s.zone.With(board.Cell(c))
		}
	}
	for k, l := range labels {
		s.full[k] = l + " (full)"
	}
	s.syms = pairingSymmetries(b, mate, s.zone)
	return s
}

func (s *pairing) Board() *board.Board      { return s.b }
func (s *pairing) Side() board.Color        { return s.side }
func (s *pairing) Symmetries() []board.Perm { return s.syms }

func (s *pairing) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	empty := s.b.All().AndNot(p.Occupied())
	k := 0 // rule I
	if last != board.NoCell {
		x := s.mate[last]
		switch {
		case x == board.NoCell:
			k = 3
		case empty.Has(x):
			return board.Bit(x), s.labels[1]
		default:
			k = 2
		}
	}
	if z := empty.And(s.zone); z.Any() {
		return z, s.labels[k]
	}
	return empty, s.full[k]
}

// pairingSymmetries is the subgroup of b.Group() that a pairing strategy commutes
// with, derived from its rules: the answer depends only on the mate map, the zone
// and which cells are empty, so any board symmetry g with g(zone) = zone and
// mate(g·c) = g·mate(c) for every cell c maps the allowed set of (p, last) onto
// the allowed set of (g·p, g·last). Those g form a subgroup (closed under
// composition and inverses), and b.Group() lists the identity first, so this
// does too. The converse is not needed for soundness; the symmetry test checks
// the claim on random positions.
func pairingSymmetries(b *board.Board, mate []board.Cell, zone board.Bits) []board.Perm {
	var out []board.Perm
	for _, g := range b.Group() {
		if g.ApplyBits(zone) != zone {
			continue
		}
		ok := true
		for c := range mate {
			if mate[g[c]] != g.Apply(mate[c]) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, g)
		}
	}
	return out
}
