package strategies

import (
	"fmt"

	"hexproof/board"
)

// The 3×n strategy of Huneke, Hayward and Toft (HHT Alg. 3.1 = thesis Alg. 4.2.2),
// for Red on the cylinder, and on the torus as thesis §4.2.4 says ("adjusted to
// the new connections": rings are taken modulo n, so ring n lies above ring 1 and
// no ring is virtual — our reading of the unstated adjustment, under which the
// search finds losses on the 3×3 to 3×5 tori; see the decisions file). After Blue plays in ring j, Red takes the first rule
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
// cell of ring n touches red below it; the thesis's statement omits this, but
// without it rule 1 could never hold in rings 1 and n. On the torus there are
// no virtual rings: ring j-1 of ring 1 is ring n.
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
	if g == board.Flat {
		return fmt.Errorf("the HHT strategy needs the columns to wrap round: use the cylinder or the torus (thesis §4.2.4)")
	}
	return nil
}

type hht struct {
	b      *board.Board
	strict bool
	torus  bool
	rings  []board.Bits // rings[j] for j in 1..n; rings[0] and rings[n+1] are empty
	syms   []board.Perm
}

func newHHT(b *board.Board, strict bool) *hht {
	s := &hht{b: b, strict: strict, torus: b.Geo == board.Torus, rings: make([]board.Bits, b.N+2)}
	for c := board.Cell(0); int(c) < b.Cells(); c++ {
		_, j := b.Coord(c)
		s.rings[j] = s.rings[j].With(c)
	}
	s.syms = hhtSymmetries(b, s.rings, s.torus)
	return s
}

// hhtSymmetries: the rules mention only the ring j of Blue's last cell, the
// rings j-1 and j+1 (in that orientation: rule 2 looks down, rule 3 up), the
// touching relation and the colours. So every board symmetry that shifts the
// rings without turning them over — ring k to ring k+c for all k — commutes with
// the strategy: on the cylinder c = 0 (rings 0 and n+1 are fixed), giving the
// rotations and reflections; on the torus any c (the vertical shifts) with the
// rotations. The half-turn maps ring k to ring n+1-k and so exchanges rules 2 and
// 3, whose order is not symmetric (HHT §1: no top–bottom symmetric version is
// known); it is not claimed, except where it happens to act on the rings as a
// shift (one ring, or two rings on the torus), where rings j-1 and j+1 coincide
// or are virtual and rules 2 and 3 ask the same.
func hhtSymmetries(b *board.Board, rings []board.Bits, torus bool) []board.Perm {
	var out []board.Perm
	for _, g := range b.Group() {
		image := g.ApplyBits(rings[1])
		c := -1
		for k := 1; k <= b.N; k++ {
			if rings[k] == image {
				c = k - 1
			}
		}
		if c < 0 || (c != 0 && !torus) {
			continue
		}
		ok := true
		for j := 1; j <= b.N; j++ {
			if g.ApplyBits(rings[j]) != rings[(j-1+c)%b.N+1] {
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

// ring is ring k, for k in 0..n+1: wrapped on the torus; on the cylinder rings
// 0 and n+1 are empty here (touches treats them as red).
func (s *hht) ring(k int) board.Bits {
	if s.torus {
		k = (k-1+s.b.N)%s.b.N + 1
	}
	return s.rings[k]
}

// touches reports whether red cell x of ring j touches red in ring k (k = j±1);
// on the cylinder rings 0 and n+1 are red.
func (s *hht) touches(red board.Bits, x board.Cell, k int) bool {
	if !s.torus && (k < 1 || k > s.b.N) {
		return true
	}
	return s.b.Neighbours(x).And(s.ring(k)).And(red).Any()
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
	// ring(0) and ring(n+1) are empty on the cylinder: no cell is played there.
	up, mid, down := s.ring(j-1), s.rings[j], s.ring(j+1)
	cand := [4]board.Bits{
		1: up.Or(mid).Or(down),
		2: mid.Or(down),
		3: up.Or(mid),
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
