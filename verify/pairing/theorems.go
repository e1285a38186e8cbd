package pairing

import (
	"fmt"

	"hexproof/board"
)

// Two theorems prove property P (no pair-free set wins for the opponent) from
// the shape of the pairs, in time linear in the board, where the exact search
// of search.go grows exponentially with the board (docs/decisions/pairing.md
// P3). Both are proved in docs/decisions/pairing.md P6; each function below
// checks exactly the hypotheses of its theorem on the board at hand and
// nothing else, so a verdict resting on one is as sound as the proof. The
// search stays the fallback (and the only source of refutations): a board
// whose pairs do not match a theorem is searched as before. Tests compare the
// theorems with the exact search and with verify wherever those finish.
//
// Both theorems are stated for a pairing strategy of Red (the opponent Blue
// wins with a cycle around the cylinder, or by joining column 1 to column m
// on the flat board) and need no special case for the starter (P2.1). A
// pairing of Blue on the flat board is checked on the transposed board
// (transposed), where it is one of Red.

// theorem names the theorem that proved P, for reports.
type theorem string

const (
	theoremNone     theorem = ""
	theoremInvolute theorem = "theorem I"
	theoremGardner  theorem = "theorem G"
)

// statement is a theorem's hypothesis in a few words, for reports.
func (t theorem) statement() string {
	switch t {
	case theoremInvolute:
		return "the pairs are the orbits of a symmetry of order 2"
	case theoremGardner:
		return "the pairs are Gardner's triangles"
	}
	return ""
}

// provedByTheorem returns the theorem whose hypotheses the strategy's pairs
// meet on this board, with a one-line account of what was checked, or
// theoremNone.
func (s *searcher) provedByTheorem() (theorem, string) {
	g := s.g
	if s.side == board.Blue && g.geo == board.Flat {
		thm, why := s.transposed().provedByTheorem()
		if thm != theoremNone {
			why = fmt.Sprintf("on the board reflected in its diagonal (%dx%d: columns and rings exchanged, and the colours), %s", g.n, g.m, why)
		}
		return thm, why
	}
	if s.side != board.Red || g.geo == board.Torus {
		return theoremNone, ""
	}
	if ok, why := s.involution(); ok {
		return theoremInvolute, why
	}
	if ok, why := s.gardnerBlock(); ok {
		return theoremGardner, why
	}
	return theoremNone, ""
}

// involution checks theorem I's hypotheses (P6.1): every cell is paired, and
// x ↦ mate(x) is an automorphism of the board's neighbour graph that maps
// ring 1 onto ring 1 and ring n onto ring n. (It is then an involution without
// fixed cells, since pairs are disjoint two-cell sets.) Alpern–Beck's mirror
// pairs, (i, j) with (i+m/2, j), are the rotation by m/2 columns.
func (s *searcher) involution() (bool, string) {
	g := s.g
	for c := 0; c < g.cells; c++ {
		if s.mate[c] < 0 {
			return false, ""
		}
	}
	for c := 0; c < g.cells; c++ {
		mc := s.mate[c]
		// checkPairs refuses malformed pairs; this says locally what the
		// theorem needs: no fixed cell, and mate is its own inverse.
		if mc == c || s.mate[mc] != c {
			return false, ""
		}
		if g.top.has(c) != g.top.has(mc) || g.bot.has(c) != g.bot.has(mc) {
			return false, ""
		}
		if len(g.nbr[c]) != len(g.nbr[mc]) {
			return false, ""
		}
		for _, x := range g.nbr[c] {
			if !g.adjacent(mc, s.mate[x]) {
				return false, ""
			}
		}
	}
	rings := fmt.Sprintf("ring 1 and ring %d onto themselves", g.n)
	if g.n == 1 {
		rings = "ring 1 onto itself"
	}
	return true, fmt.Sprintf("all %d cells are paired; the pairing maps neighbours to neighbours, %s", g.cells, rings)
}

// gardnerBlock checks theorem G's hypotheses (P6.2): m > n, and for some
// column offset c the pairs are exactly Gardner's triangles on the block of
// columns c+1 … c+n+1 (docs/design.md §4: in block coordinates (i, j),
// i+j ≤ n+1 is paired with (n+2-j, n+1-i)), every cell outside the block
// unpaired. On the flat board the block must lie inside the board; on the
// cylinder any rotation of it will do.
func (s *searcher) gardnerBlock() (bool, string) {
	g := s.g
	m, n := g.m, g.n
	if m <= n {
		return false, ""
	}
	last := m - 1 // cylinder: every rotation
	if g.geo == board.Flat {
		last = m - n - 1
	}
	want := make([]int, g.cells)
	for c0 := 0; c0 <= last; c0++ {
		for c := range want {
			want[c] = -1
		}
		col := func(i int) int { return (c0+i-1)%m + 1 }
		for j := 1; j <= n; j++ {
			for i := 1; i+j <= n+1; i++ {
				x, y := g.cell(col(i), j), g.cell(col(n+2-j), n+1-i)
				want[x], want[y] = y, x
			}
		}
		same := true
		for c := range want {
			if want[c] != s.mate[c] {
				same = false
				break
			}
		}
		if same {
			return true, fmt.Sprintf("the %d pairs are exactly Gardner's triangles on columns %d..%d, every other cell is unpaired, %d > %d", n*(n+1)/2, col(1), col(n+1), m, n)
		}
	}
	return false, ""
}

// transposed is the searcher of the flat board reflected in its diagonal,
// (i, j) ↦ (j, i), with the colours exchanged: a pairing of Blue on the m×n
// flat board becomes a pairing of Red on the n×m one. The reflection keeps
// the neighbour relation (it maps the six steps onto themselves) and turns
// Blue's columns 1 and m into Red's rings 1 and m, so P holds for the one iff
// for the other (docs/decisions/pairing.md P6.3). Gardner's pairs for Blue
// (Alg. 4.1.1) become exactly his pairs for Red.
func (s *searcher) transposed() *searcher {
	g := s.g
	gt, err := newGrid(g.n, g.m, board.Flat)
	if err != nil {
		panic(err) // same cell count as g, which exists
	}
	t := func(c int) int {
		i, j := g.coord(c)
		return gt.cell(j, i)
	}
	var pairs [][2]int
	for c, m := range s.mate {
		if m > c {
			pairs = append(pairs, [2]int{t(c), t(m)})
		}
	}
	return newSearcher(s.ctx, gt, board.Red, pairs)
}

// adjacent reports whether x and y are neighbours.
func (g *grid) adjacent(x, y int) bool {
	for _, z := range g.nbr[x] {
		if z == y {
			return true
		}
	}
	return false
}
