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
// over. Both return every qualifying cell ("any" means any, docs/design.md §4).
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
	// distinct: rings j-1, j and j+1 are always three different rings (or
	// virtual): the cylinder, and the torus with n ≥ 3.
	distinct bool
}

func newHHT(b *board.Board, strict bool) *hht {
	s := &hht{b: b, strict: strict, torus: b.Geo == board.Torus, rings: make([]board.Bits, b.N+2)}
	for c := board.Cell(0); int(c) < b.Cells(); c++ {
		_, j := b.Coord(c)
		s.rings[j] = s.rings[j].With(c)
	}
	s.syms = hhtSymmetries(b, s.rings, s.torus)
	s.distinct = !s.torus || b.N >= 3
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

// The rule conditions as set algebra. A red cell x of ring j touches red in
// ring k exactly when x is in grow(red ∩ ring k), the union of the neighbour
// sets of those red cells; on the cylinder rings 0 and n+1 count as red, so
// then every cell touches them. Adding a red cell y changes that union only by
// y's neighbours when y lies in ring k, so each candidate costs a few set
// operations. (slowHolds in the tests is the cell-by-cell definition.)

// near is the set of cells that touch red in ring k (all, for a virtual ring).
func (s *hht) near(red board.Bits, k int) board.Bits {
	if !s.torus && (k < 1 || k > s.b.N) {
		return s.b.All()
	}
	return s.grow(red.And(s.ring(k)))
}

// grow is the union of the neighbour sets of the cells of x.
func (s *hht) grow(x board.Bits) board.Bits { return s.b.Grow(x) }

// cond is the condition of rule 1, 2 or 3 for ring j: some red cell of ring j
// in up (rule 2 ignores it) and in down (rule 3 ignores it).
func cond(rule int, midRed, up, down board.Bits) bool {
	switch rule {
	case 2:
		return midRed.And(down).Any()
	case 3:
		return midRed.And(up).Any()
	}
	return midRed.And(up).And(down).Any()
}

func (s *hht) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	empty := s.b.All().AndNot(p.Occupied())
	if last == board.NoCell {
		return empty, "I"
	}
	_, j := s.b.Coord(last)
	r := s.rules(p.Red, empty, j, false, s.near(p.Red, j-1), s.near(p.Red, j), s.near(p.Red, j+1))
	return r.allow(board.Bits{})
}

// LastClass implements LastClasser: the rules read Blue's last move only
// through its ring j (Allowed takes nothing else from it).
func (s *hht) LastClass(last board.Cell) int {
	_, j := s.b.Coord(last)
	return j - 1
}

// Replies implements Replier: Blue's stone b in ring j changes neither Red's
// stones nor, apart from b itself, the empty cells, and the rules' sets are
// set algebra on those (each is some cells intersected with the empty ones),
// so the sets computed once per ring for the position before Blue's move,
// less b, are exactly what Allowed computes after it (TestHHTReplies).
// Cells are numbered ring by ring, so going ring by ring keeps cell order,
// and each ring's near set is computed once for the three rings that use it.
func (s *hht) Replies(p board.Position, moves board.Bits, yield func(b board.Cell, allowed board.Bits, rule string) bool) {
	empty := s.b.All().AndNot(p.Occupied())
	up, mid := s.near(p.Red, 0), s.near(p.Red, 1)
	for j := 1; j <= s.b.N; j++ {
		down := s.near(p.Red, j+1)
		ms := moves.And(s.rings[j])
		if ms.Empty() {
			up, mid = mid, down
			continue
		}
		r := s.rules(p.Red, empty, j, true, up, mid, down)
		up, mid = mid, down
		for ms.Any() {
			b := ms.Pop()
			allowed, rule := r.allow(board.Bit(b))
			if !yield(b, allowed, rule) {
				return
			}
		}
	}
}

// hhtRules is what each rule allows after Blue's stone in ring j, computed
// for a set of empty cells: rules 1–3 (empty where a rule is passed over),
// rule 4 and rule 5.
type hhtRules struct {
	ok          [4]board.Bits
	ring, empty board.Bits
}

// allow is the first rule that allows some cell outside except, and those
// cells.
func (r *hhtRules) allow(except board.Bits) (board.Bits, string) {
	for rule := 1; rule <= 3; rule++ {
		if ok := r.ok[rule].AndNot(except); ok.Any() {
			return ok, hhtLabels[rule]
		}
	}
	if ring := r.ring.AndNot(except); ring.Any() {
		return ring, "4"
	}
	return r.empty.AndNot(except), "5"
}

// rules computes the rules' sets after Blue's stone in ring j, for Red's
// stones red and the empty cells empty: all of them, or (all false) up to
// the first that allows a cell, which is all that allow needs without except.
// up, midNear and down are near(red, k) for k = j-1, j and j+1.
func (s *hht) rules(red, empty board.Bits, j int, all bool, up, midNear, down board.Bits) hhtRules {
	// ring(0) and ring(n+1) are empty on the cylinder: no cell is played there.
	upRing, mid, downRing := s.ring(j-1), s.rings[j], s.ring(j+1)
	cand := [4]board.Bits{
		1: upRing.Or(mid).Or(downRing),
		2: mid.Or(downRing),
		3: upRing.Or(mid),
	}
	virtualUp := !s.torus && j == 1
	virtualDown := !s.torus && j == s.b.N
	midRed := red.And(mid)
	r := hhtRules{ring: s.rings[j].And(empty), empty: empty}
	for rule := 1; rule <= 3; rule++ {
		already := cond(rule, midRed, up, down)
		if s.strict && already {
			continue
		}
		var ok board.Bits
		switch {
		case already:
			// The condition holds whatever is added: every candidate.
			ok = cand[rule].And(empty)
		case s.distinct:
			// Rings j-1, j, j+1 are distinct (a virtual ring is empty), so a
			// candidate changes only its own ring's part of the condition:
			// in ring j it must itself touch what is missing; in ring j±1 it
			// must touch a red cell of ring j that has the other side.
			var q board.Bits
			switch rule {
			case 1:
				q = mid.And(up).And(down).
					Or(upRing.And(s.grow(midRed.And(down)))).
					Or(downRing.And(s.grow(midRed.And(up))))
			case 2:
				q = mid.And(down).Or(downRing.And(midNear))
			case 3:
				q = mid.And(up).Or(upRing.And(midNear))
			}
			ok = cand[rule].And(empty).And(q)
		default:
			// Rings that coincide (the torus with n < 3): each candidate
			// is tried.
			for xs := cand[rule].And(empty); xs.Any(); {
				x := xs.Pop()
				u, d, m := up, down, midRed
				if upRing.Has(x) && !virtualUp {
					u = u.Or(s.b.Neighbours(x))
				}
				if downRing.Has(x) && !virtualDown {
					d = d.Or(s.b.Neighbours(x))
				}
				if mid.Has(x) {
					m = m.With(x)
				}
				if cond(rule, m, u, d) {
					ok = ok.With(x)
				}
			}
		}
		r.ok[rule] = ok
		if !all && ok.Any() {
			break
		}
	}
	return r
}

var hhtLabels = [4]string{"", "1", "2", "3"}
