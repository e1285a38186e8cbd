package pairing

import (
	"fmt"
	"math/bits"

	"hexproof/board"
	"hexproof/strategies"
)

// MaxCells is the largest board the certificate search handles (32×32). It is
// far above board.MaxCells: the search needs only neighbours and win tests,
// which grid provides for any size.
const MaxCells = 1024

const words = MaxCells / 64

// set is a set of cells of a grid (index (j-1)·m + (i-1), as in package board).
type set [words]uint64

func (s set) has(c int) bool { return s[c>>6]>>(uint(c)&63)&1 != 0 }
func (s *set) add(c int)     { s[c>>6] |= 1 << (uint(c) & 63) }
func (s *set) del(c int)     { s[c>>6] &^= 1 << (uint(c) & 63) }
func (s set) andNot(o set) set {
	for k := range s {
		s[k] &^= o[k]
	}
	return s
}
func (s set) and(o set) set {
	for k := range s {
		s[k] &= o[k]
	}
	return s
}
func (s set) or(o set) set {
	for k := range s {
		s[k] |= o[k]
	}
	return s
}
func (s set) meets(o set) bool {
	for k := range s {
		if s[k]&o[k] != 0 {
			return true
		}
	}
	return false
}
func (s set) empty() bool { return s == set{} }
func (s set) count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// cells lists the members in increasing order.
func (s set) cells() []int {
	var out []int
	for k, w := range s {
		for ; w != 0; w &= w - 1 {
			out = append(out, k*64+bits.TrailingZeros64(w))
		}
	}
	return out
}

// step is one of a cell's six steps in the lifting (thesis Def. 2.1.1–2.3.1):
// the cell reached and the sheets crossed horizontally (wx) and vertically (wy).
type step struct {
	x      int
	wx, wy int8
}

// grid is an m×n board of one geometry: the same neighbour relation and win
// rules as package board (docs/design.md §1–2), for boards of up to MaxCells cells. Tests
// compare every win test with package board's on the boards both can hold.
type grid struct {
	m, n  int
	geo   board.Geometry
	cells int
	all   set
	top   set      // ring 1
	bot   set      // ring n
	left  set      // column 1
	right set      // column m
	nbr   [][]int  // distinct neighbours, never the cell itself
	steps [][]step // torus only: all six steps with their windings
}

var offsets = [6][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}}

func newGrid(m, n int, g board.Geometry) (*grid, error) {
	if m < 1 || n < 1 {
		return nil, fmt.Errorf("board %dx%d: both sides must be at least 1", m, n)
	}
	if m*n > MaxCells {
		return nil, fmt.Errorf("board %dx%d has %d cells; the certificate search handles at most %d", m, n, m*n, MaxCells)
	}
	if g > board.Torus {
		return nil, fmt.Errorf("unknown geometry %d", g)
	}
	gr := &grid{m: m, n: n, geo: g, cells: m * n}
	gr.nbr = make([][]int, gr.cells)
	if g == board.Torus {
		gr.steps = make([][]step, gr.cells)
	}
	for c := 0; c < gr.cells; c++ {
		gr.all.add(c)
		i, j := gr.coord(c)
		if j == 1 {
			gr.top.add(c)
		}
		if j == n {
			gr.bot.add(c)
		}
		if i == 1 {
			gr.left.add(c)
		}
		if i == m {
			gr.right.add(c)
		}
		var seen set
		for _, d := range offsets {
			x, wx, wy, ok := gr.move(i, j, d)
			if !ok {
				continue
			}
			if g == board.Torus {
				gr.steps[c] = append(gr.steps[c], step{x, int8(wx), int8(wy)})
			}
			if x != c && !seen.has(x) {
				seen.add(x)
				gr.nbr[c] = append(gr.nbr[c], x)
			}
		}
	}
	return gr, nil
}

func (g *grid) cell(i, j int) int      { return (j-1)*g.m + (i - 1) }
func (g *grid) coord(c int) (i, j int) { return c%g.m + 1, c/g.m + 1 }

// move steps from (i, j) by d, wrapping as the geometry says.
func (g *grid) move(i, j int, d [2]int) (x, wx, wy int, ok bool) {
	i2, j2 := i+d[0], j+d[1]
	if i2 < 1 || i2 > g.m {
		if g.geo == board.Flat {
			return 0, 0, 0, false
		}
		if i2 < 1 {
			i2, wx = i2+g.m, -1
		} else {
			i2, wx = i2-g.m, 1
		}
	}
	if j2 < 1 || j2 > g.n {
		if g.geo != board.Torus {
			return 0, 0, 0, false
		}
		if j2 < 1 {
			j2, wy = j2+g.n, -1
		} else {
			j2, wy = j2-g.n, 1
		}
	}
	return g.cell(i2, j2), wx, wy, true
}

// reach is the set of cells of s connected inside s to a cell of from.
func (g *grid) reach(s, from set) set {
	r := s.and(from)
	stack := r.cells()
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, x := range g.nbr[c] {
			if s.has(x) && !r.has(x) {
				r.add(x)
				stack = append(stack, x)
			}
		}
	}
	return r
}

func (g *grid) connects(s, from, to set) bool { return g.reach(s, from).meets(to) }

// wins reports whether player c, owning the cells of s, has won (docs/design.md §2).
// Both rules are monotone in s. Cylinder Blue uses the Strong Cylindrical Hex
// Theorem (thesis Thm. 3.2.2) exactly as board.BlueWins does.
func (g *grid) wins(c board.Color, s set) bool {
	switch {
	case c == board.Red && g.geo != board.Torus:
		return g.connects(s, g.top, g.bot)
	case c == board.Red:
		return g.winds(s, false)
	case g.geo == board.Cylinder:
		return !g.connects(g.all.andNot(s), g.top, g.bot)
	case g.geo == board.Flat:
		return g.connects(s, g.left, g.right)
	}
	return g.winds(s, true)
}

// winds is the torus rule of board.torusWinds (thesis Def. 2.3.2): some
// component of s has cycles whose windings in the relevant direction have gcd 1.
func (g *grid) winds(s set, horizontal bool) bool {
	off := make([]int, g.cells)
	var seen set
	for _, seed := range s.cells() {
		if seen.has(seed) {
			continue
		}
		seen.add(seed)
		off[seed] = 0
		stack := []int{seed}
		d := 0
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, st := range g.steps[c] {
				if !s.has(st.x) {
					continue
				}
				o := off[c] + int(st.wy)
				if horizontal {
					o = off[c] + int(st.wx)
				}
				if !seen.has(st.x) {
					seen.add(st.x)
					off[st.x] = o
					stack = append(stack, st.x)
					continue
				}
				if d = gcd(d, o-off[st.x]); d == 1 {
					return true
				}
			}
		}
	}
	return false
}

func gcd(a, b int) int {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// checkPairs turns a strategy's declared pairs into cell pairs, refusing
// malformed ones: a cell off the board, a cell paired with itself, or a cell
// in two pairs. Both theorems and the search read the pairs as a fixed-point
// free involution on the paired cells (docs/decisions/pairing.md P6), which
// a malformed list is not: a cell paired with itself would pass theorem I's
// automorphism test, and a cell in two pairs would make mate one-sided.
func (g *grid) checkPairs(coords []strategies.Pair) ([][2]int, error) {
	seen := make(map[int]bool, 2*len(coords))
	out := make([][2]int, 0, len(coords))
	for _, p := range coords {
		var cs [2]int
		for k, xy := range p {
			if xy[0] < 1 || xy[0] > g.m || xy[1] < 1 || xy[1] > g.n {
				return nil, fmt.Errorf("malformed pairs: (%d,%d) is not on the board", xy[0], xy[1])
			}
			cs[k] = g.cell(xy[0], xy[1])
		}
		if cs[0] == cs[1] {
			return nil, fmt.Errorf("malformed pairs: (%d,%d) is paired with itself", p[0][0], p[0][1])
		}
		for k, c := range cs {
			if seen[c] {
				return nil, fmt.Errorf("malformed pairs: (%d,%d) is in two pairs", p[k][0], p[k][1])
			}
			seen[c] = true
		}
		out = append(out, cs)
	}
	return out, nil
}
