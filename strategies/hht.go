package strategies

import (
	"fmt"

	"hexproof/board"
)

// The 3×n strategy of Huneke, Hayward and Toft (HHT Alg. 3.1 = thesis Alg. 4.2.2),
// for Red on the cylinder. After Blue plays in ring j, Red takes the first rule
// that some empty cell satisfies:
//
//	1  a cell of ring j-1, j or j+1 after which some red cell of ring j touches a
//	   red cell of ring j-1 and a red cell of ring j+1;
//	2  a cell of ring j or j+1 after which some red cell of ring j touches a red
//	   cell of ring j+1;
//	3  a cell of ring j-1 or j after which some red cell of ring j touches a red
//	   cell of ring j-1;
//	4  a cell of ring j;
//	5  any empty cell.
//
// Rule I (Blue has not played) is any empty cell. As HHT (footnote 3) says, rings
// 0 and n+1 count as red, so every cell of ring 1 touches red above it and every
// cell of ring n touches red below it; the thesis's statement omits this, but its
// rules 1–3 are meaningless on rings 1 and n without it.
//
// "Then" in rules 1–3 has two readings (docs/decisions/strategies.md):
// hht takes the literal one — a cell qualifies when the condition holds after the
// move, whether or not it held before; hht-strict requires the move to establish
// the condition (it did not hold before), so a rule already satisfied is passed
// over. Both return every qualifying cell ("any" means any, SPEC §4).
func init() {
	for _, strict := range []bool{false, true} {
		name, desc := "hht", "Huneke–Hayward–Toft: connect Blue's ring to the rings beside it, else play in it (rules 1–3 read literally)"
		if strict {
			name, desc = "hht-strict", "as hht, but rules 1–3 apply only to a move that creates the connection they name"
		}
		Register(Info{
			Name:        name,
			Side:        board.Red,
			Seed:        "thesis Alg. 4.2.2, HHT Alg. 3.1",
			Description: desc,
			Applies:     hhtApplies,
			Build: func(b *board.Board) (Strategy, error) {
				if err := hhtApplies(b.M, b.N, b.Geo); err != nil {
					return nil, err
				}
				return newHHT(b, strict), nil
			},
		})
	}
}

func hhtApplies(m, n int, g board.Geometry) error {
	if g != board.Cylinder {
		return fmt.Errorf("the HHT strategy is defined on the cylinder only (the torus version of thesis §4.2.4 is not implemented)")
	}
	return nil
}

type hht struct {
	b      *board.Board
	strict bool
	rings  []board.Bits // rings[j] for j in 1..n; rings[0] and rings[n+1] are empty
	syms   []board.Perm
}

func newHHT(b *board.Board, strict bool) *hht {
	s := &hht{b: b, strict: strict, rings: make([]board.Bits, b.N+2)}
	for c := board.Cell(0); int(c) < b.Cells(); c++ {
		_, j := b.Coord(c)
		s.rings[j] = s.rings[j].With(c)
	}
	s.syms = hhtSymmetries(b, s.rings)
	return s
}

// hhtSymmetries: the rules mention only the ring of Blue's last cell, the rings
// beside it, the touching relation and the colours, so every board symmetry that
// maps each ring onto itself (rotations and reflections, not the half-turn)
// commutes with the strategy. The half-turn exchanges rings j-1 and j+1, i.e.
// rules 2 and 3, whose order is not symmetric (HHT §1: no top–bottom symmetric
// version is known), so it is not claimed.
func hhtSymmetries(b *board.Board, rings []board.Bits) []board.Perm {
	var out []board.Perm
	for _, g := range b.Group() {
		ok := true
		for j := 1; j <= b.N; j++ {
			if g.ApplyBits(rings[j]) != rings[j] {
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

func (s *hht) Board() *board.Board      { return s.b }
func (s *hht) Side() board.Color        { return board.Red }
func (s *hht) Symmetries() []board.Perm { return s.syms }

// touches reports whether red cell x of ring j touches red in ring k (k = j±1);
// rings 0 and n+1 are red.
func (s *hht) touches(red board.Bits, x board.Cell, k int) bool {
	if k < 1 || k > s.b.N {
		return true
	}
	return s.b.Neighbours(x).And(s.rings[k]).And(red).Any()
}

// holds evaluates the condition of rule 1, 2 or 3 for ring j with red cells red.
func (s *hht) holds(rule int, red board.Bits, j int) bool {
	for xs := red.And(s.rings[j]); xs.Any(); {
		x := xs.Pop()
		up, down := true, true
		if rule != 2 {
			up = s.touches(red, x, j-1)
		}
		if rule != 3 {
			down = s.touches(red, x, j+1)
		}
		if up && down {
			return true
		}
	}
	return false
}

func (s *hht) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	empty := s.b.All().AndNot(p.Occupied())
	if last == board.NoCell {
		return empty, "I"
	}
	_, j := s.b.Coord(last)
	ringsOf := func(lo, hi int) board.Bits {
		var r board.Bits
		for k := max(lo, 1); k <= min(hi, s.b.N); k++ {
			r = r.Or(s.rings[k])
		}
		return r
	}
	cand := [4]board.Bits{
		1: ringsOf(j-1, j+1),
		2: ringsOf(j, j+1),
		3: ringsOf(j-1, j),
	}
	for rule := 1; rule <= 3; rule++ {
		if s.strict && s.holds(rule, p.Red, j) {
			continue
		}
		var ok board.Bits
		for xs := cand[rule].And(empty); xs.Any(); {
			x := xs.Pop()
			if s.holds(rule, p.Red.With(x), j) {
				ok = ok.With(x)
			}
		}
		if ok.Any() {
			return ok, hhtLabels[rule]
		}
	}
	if r := s.rings[j].And(empty); r.Any() {
		return r, "4"
	}
	return empty, "5"
}

var hhtLabels = [4]string{"", "1", "2", "3"}
