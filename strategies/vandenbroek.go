package strategies

import (
	"fmt"

	"hexproof/board"
	"hexproof/strategies/notions"
)

// Van den Broek's Red strategy for the 5×n cylinder, thesis §7.1, Alg. 7.1.1,
// as a set-valued strategy: each rule returns every empty cell it allows (the
// thesis drew one of them at random, §9.3), and the first rule with a non-empty
// set decides. After Blue plays (i, j):
//
//	1      a cell on which Red wins at once;
//	2      the other bridge cell of every red bridge Blue just played into;
//	3–8    a cell of the listed rings after which the lowest and highest listed
//	       ring are joined by a red provisional path and were not before:
//	       3: j-2..j+2, 4: j-1..j+1, 5: j..j+2, 6: j-2..j, 7: j..j+1, 8: j-1..j;
//	9–12   a cell of ring j-1 (9, 11) or j+1 (10, 12) that bridges to a red
//	       cell one ring (9, 10) or two rings (11, 12) further out, joining two
//	       rings not joined before, and from which a bridge across ring j is
//	       still possible;
//	13     a cell of ring j;
//	14–17  from the end k nearest to j of a red provisional path through ring j,
//	       outwards: a bridge to ring k+2 (14) or k-2 (15), else a bridge or
//	       neighbour in ring k+1 (16) or k-1 (17);
//	18     a bridge cell of a red bridge;
//	19     any empty cell.
//
// Rule I (Blue has not played) is the middle ring, both middle rings when n is
// even. Rings 0 and n+1 are virtual red rings (as in Alg. 8.4.1); ring numbers
// of rules 3–8 are clipped to 0..n+1. The readings behind every clause are in
// docs/decisions/vandenbroek.md.
//
// The rules are stated in rings and bridges only, so they commute with the
// rotations and the reflection of the cylinder; the order "downwards first"
// (5 before 6, 7 before 8, 9 before 10, …) breaks the half-turn.
//
// vandenbroek-fig71 exchanges rules 5↔6 and 7↔8 (upwards first for those two
// pairs): that is the order the rule labels of the thesis's Fig. 7.1 caption
// imply, while the printed algorithm and §7.2.4/§8.3.1 say downwards first.
func init() {
	for _, upFirst := range []bool{false, true} {
		name, desc := "vandenbroek", "Van den Broek's 5×n rules: bridge-based local walls around Blue's ring, then path extension (rules as printed)"
		if upFirst {
			name, desc = "vandenbroek-fig71", "as vandenbroek, with rules 5↔6 and 7↔8 exchanged, the order implied by the labels of thesis Fig. 7.1"
		}
		Register(Info{
			Name:        name,
			Side:        board.Red,
			Seed:        "thesis Alg. 7.1.1 (Van den Broek)",
			Description: desc,
			Applies:     vandenbroekApplies,
			Build: func(b *board.Board) (Strategy, error) {
				if err := vandenbroekApplies(b.M, b.N, b.Geo); err != nil {
					return nil, err
				}
				return newVandenbroek(b, upFirst), nil
			},
		})
	}
}

func vandenbroekApplies(m, n int, g board.Geometry) error {
	if g != board.Cylinder || m != 5 {
		return fmt.Errorf("the thesis defines Alg. 7.1.1 for 5×n cylinders only (got %d×%d %s)", m, n, g)
	}
	if n < 1 || n+2 > 64 {
		return fmt.Errorf("the thesis's Alg. 7.1.1 on %d rings: n must be in 1..62", n)
	}
	return nil
}

// vandenbroek is Alg. 7.1.1 bound to one board; immutable after construction.
type vandenbroek struct {
	b       *board.Board
	nt      *notions.Notions
	n       int
	middle  board.Bits
	syms    []board.Perm
	upFirst bool
	// span lists rules 3–8 as (lowest, highest) ring offsets from j.
	span [6][2]int
}

func newVandenbroek(b *board.Board, upFirst bool) *vandenbroek {
	s := &vandenbroek{b: b, nt: notions.NewNotions(b), n: b.N, upFirst: upFirst}
	// Rule I: "the middle of the board" is the most central ring (thesis §7.1);
	// on even n two rings are equally central and both are allowed.
	s.middle = s.nt.RingCells((b.N + 1) / 2).Or(s.nt.RingCells(b.N/2 + 1))
	s.span = [6][2]int{{-2, 2}, {-1, 1}, {0, 2}, {-2, 0}, {0, 1}, {-1, 0}}
	if upFirst {
		s.span[2], s.span[3] = s.span[3], s.span[2]
		s.span[4], s.span[5] = s.span[5], s.span[4]
	}
	// Rotations and the reflection keep every ring and every bridge, so they
	// commute with rules stated in rings and bridges (TestVandenbroekSymmetries).
	s.syms = b.Generate(b.Rotation(), b.Reflection())
	return s
}

func (s *vandenbroek) Board() *board.Board      { return s.b }
func (s *vandenbroek) Side() board.Color        { return board.Red }
func (s *vandenbroek) Symmetries() []board.Perm { return s.syms }

var vbRuleLabels = [20]string{"I", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10",
	"11", "12", "13", "14", "15", "16", "17", "18", "19"}

// WinRule implements WinTaker: after a Blue move rule 1, which comes first,
// allows exactly Red's winning moves.
func (s *vandenbroek) WinRule() string { return vbRuleLabels[1] }

// Allowed implements Alg. 7.1.1. It does not allocate: all state lives in
// fixed-size arrays on the stack.
func (s *vandenbroek) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	set, rule := s.decide(p, last)
	return set, vbRuleLabels[rule]
}

// decide returns the allowed set and the rule number (0 for rule I).
func (s *vandenbroek) decide(p board.Position, last board.Cell) (board.Bits, int) {
	nt := s.nt
	empty := s.b.All().AndNot(p.Occupied())
	if empty.Empty() {
		return board.Bits{}, 19
	}
	if last == board.NoCell || !p.Blue.Has(last) {
		if p.Blue.Empty() {
			if m := s.middle.And(empty); m.Any() {
				return m, 0
			}
			return empty, 19
		}
		// No latest Blue move is known though Blue has played (not a call
		// the verifier makes): only the rules that do not mention (i, j).
		if w := nt.RedWinningMoves(p); w.Any() {
			return w, 1
		}
		if c := s.bridgeCells(p.Red, empty); c.Any() {
			return c, 18
		}
		return empty, 19
	}
	var a vbAnalysis
	for r := 1; r <= 19; r++ {
		if c := s.rule(r, p, last, empty, &a); c.Any() {
			return c, r
		}
	}
	return empty, 19
}

// rule is the set rule r (1..19) allows after Blue's move last, on its own
// (whether or not an earlier rule applies). a is filled on first use by rules
// 3–17 and reused for later rules of the same position.
func (s *vandenbroek) rule(r int, p board.Position, last board.Cell, empty board.Bits, a *vbAnalysis) board.Bits {
	nt := s.nt
	j := nt.RingOf(last)
	if r >= 3 && r <= 17 && a.s == nil {
		a.s = s
		a.init(nt, p.Red, empty)
	}
	switch {
	case r == 1: // a winning move
		return nt.RedWinningMoves(p)
	case r == 2: // save a red bridge Blue just played into
		return s.savers(p.Red, empty, last)
	case r <= 8: // connect the listed rings around j
		return a.connectRings(j+s.span[r-3][0], j+s.span[r-3][1])
	case r <= 12: // (move ring, ring bridged to, ring of the later bridge)
		d := [4][3]int{{-1, -2, 1}, {1, 2, -1}, {-1, -3, 1}, {1, 3, -1}}[r-9]
		return a.reachOver(j+d[0], j+d[1], j+d[2])
	case r == 13: // ring j
		return nt.RingCells(j).And(empty)
	case r <= 17: // lengthen the path through ring j at its nearest end
		return a.extendEnd(j, [4]int{2, -2, 1, -1}[r-14])
	case r == 18: // a bridge cell of any red bridge
		return s.bridgeCells(p.Red, empty)
	}
	return empty
}

// savers is rule 2: the other bridge cell of each red bridge (ring 0 and n+1
// included) whose bridge cells were both empty before Blue played last.
func (s *vandenbroek) savers(red, empty board.Bits, last board.Cell) board.Bits {
	var out board.Bits
	before := empty.With(last)
	nt := s.nt
	// Bridge cells are neighbours of both ends, so only red neighbours of the
	// cell Blue took can be an end of an attacked bridge.
	for z := s.b.Neighbours(last).And(red); z.Any(); {
		c := z.Pop()
		for d := range nt.BridgeSteps(c) {
			st := &nt.BridgeSteps(c)[d]
			if st.To < 0 || !nt.IsOwn(st.To, red, true) || !before.Has(st.V1) || !before.Has(st.V2) {
				continue
			}
			switch last {
			case st.V1:
				out = out.With(st.V2)
			case st.V2:
				out = out.With(st.V1)
			}
		}
	}
	return out.And(empty)
}

// bridgeCells is rule 18: every bridge cell of every red bridge.
func (s *vandenbroek) bridgeCells(red, empty board.Bits) board.Bits {
	var l notions.BridgeList
	s.nt.Bridges(red, empty, true, &l)
	return notions.BridgeCells(&l).And(empty)
}

// connectRings is rules 3–8: the empty cells of rings lo..hi (on the board)
// after which rings lo and hi (clipped to 0..n+1) are connected, when they were
// not connected before.
func (a *vbAnalysis) connectRings(lo, hi int) board.Bits {
	n := a.s.n
	x, y := max(lo, 0), min(hi, n+1)
	if x >= y || a.connected(x, y) {
		return board.Bits{}
	}
	want := uint64(1)<<uint(x) | uint64(1)<<uint(y)
	var out board.Bits
	for cs := a.s.nt.RingsCells(lo, hi).And(a.empty); cs.Any(); {
		c := cs.Pop()
		if a.after(c)&want == want {
			out = out.With(c)
		}
	}
	return out
}

// reachOver is rules 9–12: empty cells c of ring r (on the board) that form a
// bridge with a red node of ring t (virtual rings included; t not clipped),
// where rings r and t were not connected before, and from which a bridge to
// ring f is possible: some bridge partner in ring f is not blue and both its
// bridge cells are empty.
func (a *vbAnalysis) reachOver(r, t, f int) board.Bits {
	s, nt := a.s, a.s.nt
	if r < 1 || r > s.n || t < 0 || t > s.n+1 || f < 0 || f > s.n+1 || a.connected(min(r, t), max(r, t)) {
		return board.Bits{}
	}
	blue := s.b.All().AndNot(a.red).AndNot(a.empty)
	var out board.Bits
	for cs := nt.RingCells(r).And(a.empty); cs.Any(); {
		c := cs.Pop()
		bridged, possible := false, false
		for d := range nt.BridgeSteps(c) {
			st := &nt.BridgeSteps(c)[d]
			if st.To < 0 || !a.empty.Has(st.V1) || !a.empty.Has(st.V2) {
				continue
			}
			switch nt.Ring(st.To) {
			case t:
				bridged = bridged || nt.IsOwn(st.To, a.red, true)
			case f:
				possible = possible || int(st.To) >= nt.Cells || !blue.Has(board.Cell(st.To))
			}
		}
		if bridged && possible {
			out = out.With(c)
		}
	}
	return out
}

// extendEnd is rules 14–17 (d = +2, -2, +1, -1). The paths through ring j are
// the provisional groups with lowest ring ≤ j ≤ highest ring; their ends are
// those two rings, and the nearest end(s) are those at the least distance from
// j. For d > 0 the bottom ends k among them are extended to ring k+d, for d < 0
// the top ends to ring k+d: an empty cell of that ring that bridges to (|d| =
// 2), or touches or bridges to (|d| = 1), a stone of the group in ring k, when
// rings k and k+d were not connected before.
func (a *vbAnalysis) extendEnd(j, d int) board.Bits {
	s, nt := a.s, a.s.nt
	g := &a.g
	best := 1 << 30
	for r := a.red; r.Any(); {
		root := g.Find(int16(r.Pop()))
		if lo, hi := int(g.Lo[root]), int(g.Hi[root]); lo <= j && j <= hi {
			best = min(best, j-lo, hi-j)
		}
	}
	if best == 1<<30 {
		return board.Bits{}
	}
	var out board.Bits
	var done [board.MaxCells + 2]bool
	for r := a.red; r.Any(); {
		root := g.Find(int16(r.Pop()))
		if done[root] {
			continue
		}
		done[root] = true
		lo, hi := int(g.Lo[root]), int(g.Hi[root])
		if lo > j || j > hi {
			continue
		}
		k := hi
		if d < 0 {
			k = lo
		}
		if (d > 0 && hi-j != best) || (d < 0 && j-lo != best) {
			continue
		}
		to := k + d
		if to < 1 || to > s.n || a.connected(min(k, to), max(k, to)) {
			continue
		}
		for cs := nt.RingCells(to).And(a.empty); cs.Any(); {
			c := cs.Pop()
			if a.reaches(c, root, k, d == 1 || d == -1) {
				out = out.With(c)
			}
		}
	}
	return out
}

// reaches reports whether a red stone on c would be joined to a stone of the
// group root lying in ring k: by a bridge with both bridge cells empty, or
// (when adjacent is set) as a neighbour.
func (a *vbAnalysis) reaches(c board.Cell, root int16, k int, adjacent bool) bool {
	nt := a.s.nt
	if adjacent {
		for x := a.s.b.Neighbours(c).And(a.red).And(nt.RingCells(k)); x.Any(); {
			if a.g.Find(int16(x.Pop())) == root {
				return true
			}
		}
	}
	for d := range nt.BridgeSteps(c) {
		st := &nt.BridgeSteps(c)[d]
		if st.To < 0 || int(st.To) >= nt.Cells || nt.Ring(st.To) != k ||
			!a.red.Has(board.Cell(st.To)) || !a.empty.Has(st.V1) || !a.empty.Has(st.V2) {
			continue
		}
		if a.g.Find(int16(st.To)) == root {
			return true
		}
	}
	return false
}
