package strategies

import (
	"fmt"
	"slices"

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
// These rules (H, P, K, 3, 1) are the strategy on n = 4, 5 only. For m ≥ 6
// columns the strategy is Henderson's thesis App. B instead (published2,
// rules B1–B6; the regions in fillin; docs/decisions/strategies.md §8a), with
// the stones placed before Blue's first move by `verify --handicap`.
//
// The paper's rule 2 for *second-row* cells (killers found by its Fig. 10
// pattern, which the text does not carry) is not implemented: such a cell is
// answered by its Shannon mate.
func init() {
	Register(Info{
		Name:        "handicap",
		Side:        board.Red,
		Seed:        "Henderson–Hayward, A Hex Handicap Strategy, §5 (n = 4, 5); Henderson's thesis App. B.1 (Lemmas 21, 22), B.2 (Thm. 18 and its explicit strategy) (n ≥ 6)",
		Description: "Red's ⌈(n+1)/6⌉ handicap stones in the second row, the first row kept as fill-in (captured, dead, permanently inferior), Shannon's pairing above (flat; n ≥ 6 with --handicap; n = 4, 5: Red starts)",
		Applies:     handicapApplies,
		Options:     HandicapOptions,
		BuildWith: func(b *board.Board, o Options) (Strategy, error) {
			if err := handicapApplies(b.M, b.N, b.Geo); err != nil {
				return nil, err
			}
			return newHandicap(b, o), nil
		},
	})
}

// HandicapOptions are the readings of App. B.2 that the text leaves open
// (docs/decisions/strategies.md §8a). Used only on boards with m ≥ 6.
var HandicapOptions = []Option{
	{Key: "second", Values: []string{"region", "shannon"},
		Doc: "a second-row cell of a permanently inferior carrier: its killer (region: rule 2 before rule 5, as B.2 orders them) or its Shannon mate (shannon)"},
	{Key: "probe", Values: []string{"all", "carrier"},
		Doc: "rule 2 answers a probe of the permanently inferior cell itself too (all: Def. 6 makes it White dead-reversible) or only of its carrier, C minus that cell (carrier: B.2's words)"},
}

func handicapApplies(m, n int, g board.Geometry) error {
	if g != board.Flat {
		return fmt.Errorf("the handicap strategy is for flat Hex; here the geometry is %v", g)
	}
	if m < 4 || (m < 6 && m != n) {
		return fmt.Errorf("the handicap strategy needs a square board of side at least 4; here %dx%d", m, n)
	}
	if m >= 6 && (n < 2 || n > m) {
		return fmt.Errorf("the handicap strategy needs 2 ≤ rings ≤ columns (n×n, or its first rows for tests); here %dx%d", m, n)
	}
	return nil
}

// HandicapCells are the handicap cells (i, j) of the n×n board, in cell order.
func HandicapCells(n int) [][2]int { return HandicapCellsOn(n, n) }

// HandicapCellsOn are the handicap cells of the flat board of m columns and r
// rings: ring r-1, columns 2+6j (0 ≤ j < ⌊m/6⌋) and m-3. The columns depend on
// m only, so the first rings of the n×n board (r < n, m = n) carry the same
// cells as the whole board. For m ≥ 6 these are App. B.1's cells (Lemma 21:
// ⌊m/6⌋+1 = ⌈(m+1)/6⌉ of them): B.1 counts columns from the other corner
// (its column t is our m+1-t), so its column 4 is our m-3 and its n-1-6j our
// 2+6j — the draft paper's §5 cells, read in its own orientation.
func HandicapCellsOn(m, r int) [][2]int {
	var out [][2]int
	for j := 0; j < m/6; j++ {
		out = append(out, [2]int{2 + 6*j, r - 1})
	}
	// 2+6(⌊m/6⌋-1) ≤ m-4, so column m-3 comes last.
	return append(out, [2]int{m - 3, r - 1})
}

// HandicapStones is implemented by a strategy whose game begins with several
// stones of its side placed at once, before the opponent's first move
// (`verify --handicap`, docs/design.md §7): the stones, in the order placed.
type HandicapStones interface {
	HandicapStones() []board.Cell
}

// piRegion is one first-row permanently inferior pattern of App. B.1 (the
// thesis's Def. 6 and Fig. 3.4): c1 the inferior cell (first row, beside a
// primary cell or earlier fill-in), c2 the cell whose blue stone kills c1,
// probes = C \ {c2}: the three cells each killed by a red reply at c2 (the
// other two being the killer's captured carrier).
type piRegion struct {
	c1, c2 board.Cell
	probes board.Bits
}

type handicap struct {
	b       *board.Board
	hand    []board.Cell
	mate    []board.Cell // Shannon mates in rings 1..n-1; NoCell elsewhere
	partner []board.Cell // the other primary cell of a primary cell, or NoCell
	primary board.Bits
	edge    board.Bits // ring n

	// App. B (m ≥ 6) only.
	published bool
	second    bool         // option second=shannon
	probeAll  bool         // option probe=all
	primNbr   []board.Bits // the other primary cells of a primary cell's bridge carriers (rule B1)
	pi        []piRegion   // in deduction order (rule B2)
	capMate   []board.Cell // the other cell of a first-row captured pair (rule B3)
	dead      board.Bits   // first-row cells dead after the fill-in (rule B4's label)
}

func newHandicap(b *board.Board, o Options) *handicap {
	m, n := b.M, b.N
	s := &handicap{b: b, partner: make([]board.Cell, b.Cells()), edge: b.Bottom()}
	if m >= 6 {
		s.mate = mateTable(b, gardnerPairs(m, n-1, board.Flat))
	} else {
		s.mate = mateTable(b, gardnerPairs(n, n-1, board.Flat))
	}
	for c := range s.partner {
		s.partner[c] = board.NoCell
	}
	for _, h := range HandicapCellsOn(m, n) {
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
	if m >= 6 {
		s.published = true
		s.second = o["second"] == "shannon"
		s.probeAll = o["probe"] != "carrier"
		s.fillin()
	}
	return s
}

// fillin sets up App. B.1's first-row regions (Lemma 22's proof), scanning
// the first row (ring n) for the gaps between primary cells:
//
//	a primary cell      rule B1: its primary neighbours are its killers;
//	gap of 1            dead (rule B4);
//	gap of 2            captured pair (rule B3);
//	gap of 3 or 4       both end cells permanently inferior, the one on the
//	                    column-1 side deduced first (rule B2), then the rest
//	                    (1: dead, 2: captured pair);
//	the gap at column m (no primary cell beyond: the acute corner)
//	                    its cell next to a primary cell permanently inferior,
//	                    then the rest (2 cells by construction): captured.
//
// A permanently inferior cell x next to red on its left has C = {(x,n),
// (x+1,n), (x,n-1), (x+1,n-1)}, c2 = (x+1,n-1); next to red on its right, the
// reflection that keeps the rows: C = {(x,n), (x-1,n), (x+1,n-1), (x,n-1)},
// c2 = (x,n-1).
func (s *handicap) fillin() {
	b, m, n := s.b, s.b.M, s.b.N
	s.primNbr = make([]board.Bits, b.Cells())
	s.capMate = make([]board.Cell, b.Cells())
	for c := range s.capMate {
		s.capMate[c] = board.NoCell
	}
	// The killers of a primary cell are the other cells of its own border
	// bridges' carriers: two primary cells of different handicap stones may
	// touch (m = 7: columns 2 and 3), and neither kills the other.
	for _, h := range s.hand {
		i, _ := b.Coord(h)
		if i >= 2 {
			x, y := b.Cell(i-1, n), b.Cell(i, n)
			s.primNbr[x], s.primNbr[y] = s.primNbr[x].With(y), s.primNbr[y].With(x)
		}
	}
	cell := func(i, j int) board.Cell { return b.Cell(i, j) }
	leftPI := func(x int) piRegion {
		return piRegion{c1: cell(x, n), c2: cell(x+1, n-1),
			probes: board.Bit(cell(x, n)).With(cell(x+1, n)).With(cell(x, n-1))}
	}
	rightPI := func(x int) piRegion {
		return piRegion{c1: cell(x, n), c2: cell(x, n-1),
			probes: board.Bit(cell(x, n)).With(cell(x-1, n)).With(cell(x+1, n-1))}
	}
	rest := func(lo, hi int) {
		switch hi - lo + 1 {
		case 1:
			s.dead = s.dead.With(cell(lo, n))
		case 2:
			s.capMate[cell(lo, n)], s.capMate[cell(hi, n)] = cell(hi, n), cell(lo, n)
		}
	}
	for i := 1; i <= m; {
		if s.primary.Has(cell(i, n)) {
			i++
			continue
		}
		lo := i
		for i <= m && !s.primary.Has(cell(i, n)) {
			i++
		}
		hi := i - 1
		switch size, atCorner := hi-lo+1, hi == m; {
		case atCorner && size >= 3:
			s.pi = append(s.pi, leftPI(lo))
			rest(lo+1, hi)
		case atCorner:
			rest(lo, hi)
		case size >= 3:
			s.pi = append(s.pi, leftPI(lo), rightPI(hi))
			rest(lo+1, hi-1)
		default:
			rest(lo, hi)
		}
	}
}

func (s *handicap) Board() *board.Board { return s.b }
func (s *handicap) Side() board.Color   { return board.Red }

// HandicapStones are the handicap cells, for `verify --handicap`.
func (s *handicap) HandicapStones() []board.Cell { return slices.Clone(s.hand) }

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
	if s.published {
		return s.published2(p, last, empty)
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

// published2 is App. B.2's explicit strategy: the earliest of its rules 1–6
// that applies to Blue's last move and gives a legal (empty) cell. Labels
// B1…B6 are the thesis's rule numbers.
func (s *handicap) published2(p board.Position, last board.Cell, empty board.Bits) (board.Bits, string) {
	if last == board.NoCell {
		return empty, "B6"
	}
	// 1. A primary cell: a neighbouring primary cell (its killer).
	if s.primary.Has(last) {
		if k := s.primNbr[last].And(empty); k.Any() {
			return k, "B1"
		}
	}
	// 2. A dead-reversible cell of a permanently inferior carrier: its killer
	// c2; once c2 is red, the killer's carrier is being kept, so the other
	// cells of C \ {c2} (either kills the probe; docs/decisions/strategies.md §8a).
	if !s.second || s.edge.Has(last) {
		for _, r := range s.pi {
			if !r.probes.Has(last) || (!s.probeAll && last == r.c1) {
				continue
			}
			switch {
			case empty.Has(r.c2):
				return board.Bit(r.c2), "B2"
			case p.Red.Has(r.c2):
				if k := r.probes.AndNot(board.Bit(last)).And(empty); k.Any() {
					return k, "B2"
				}
			}
		}
	}
	// 3. A cell of a first-row captured pair: the other one.
	if x := s.capMate[last]; x != board.NoCell && empty.Has(x) {
		return board.Bit(x), "B3"
	}
	// 4. Any other first-row cell: any cell (the rule is for dead cells; the
	// answer is the same whatever the reason rules 1–3 passed).
	if s.edge.Has(last) {
		return empty, "B4"
	}
	// 5. Above the first row: the Shannon mate.
	if x := s.mate[last]; x != board.NoCell && empty.Has(x) {
		return board.Bit(x), "B5"
	}
	return empty, "B6"
}

// LocalRegions is implemented by a strategy that claims to be made of local
// games (docs/decisions/pairing.md L1): the cells not occupied at the start
// are split into disjoint regions, and the strategy's answer to an opponent
// move in a region depends only on that region's cells and is either a cell
// of the region or a free move (every empty cell allowed). The claim is not
// trusted: the local-response certificate (verify/pairing, CertifyLocal)
// checks every answer it uses against it.
type LocalRegions interface {
	Regions() []board.Bits
}

// Regions are the handicap strategy's local games for App. B (m ≥ 6): the
// connected parts of the relation "one rule reads or answers the other cell"
// — Shannon mates (rule B5), the killers of a primary cell (B1), a
// permanently inferior pattern's cells C (B2), a captured pair (B3) — over
// the cells other than the handicap stones, in order of their first cell.
// Rule 2 answers a second-row cell of C by its killer, not its mate, so C and
// the mates of its second-row cells form one region (the parts are not
// disjoint; docs/decisions/pairing.md L3). nil for n = 4, 5.
func (s *handicap) Regions() []board.Bits {
	if !s.published {
		return nil
	}
	b := s.b
	parent := make([]int, b.Cells())
	for c := range parent {
		parent[c] = c
	}
	find := func(c int) int {
		for parent[c] != c {
			parent[c] = parent[parent[c]]
			c = parent[c]
		}
		return c
	}
	var stones board.Bits
	for _, h := range s.hand {
		stones = stones.With(h)
	}
	link := func(x, y board.Cell) {
		if x == board.NoCell || y == board.NoCell || stones.Has(x) || stones.Has(y) {
			return
		}
		if rx, ry := find(int(x)), find(int(y)); rx != ry {
			parent[rx] = ry
		}
	}
	for c := board.Cell(0); int(c) < b.Cells(); c++ {
		link(c, s.mate[c])
		link(c, s.capMate[c])
		for _, y := range s.primNbr[c].Cells() {
			link(c, y)
		}
	}
	for _, r := range s.pi {
		for _, y := range r.probes.Cells() {
			link(r.c2, y)
		}
	}
	index := map[int]int{}
	var out []board.Bits
	for c := board.Cell(0); int(c) < b.Cells(); c++ {
		if stones.Has(c) {
			continue
		}
		root := find(int(c))
		k, ok := index[root]
		if !ok {
			k = len(out)
			index[root] = k
			out = append(out, board.Bits{})
		}
		out[k] = out[k].With(c)
	}
	return out
}
