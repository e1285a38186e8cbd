package notions

// Lifts: Blue's provisional graph labelled in the lifting of the cylinder
// (each stone's component and lifted column), from which a winding cycle, and
// the moves that would close one, are read off (Alg. 8.4.1 rules 5 and 6).

import (
	"hexproof/board"
)

// Lift is the labelling of a colour's provisional graph (stones, adjacencies,
// bridges) in the lifting of the cylinder: each stone's component and lifted
// column, and whether some component already winds around.
type Lift struct {
	comp  [board.MaxCells]int16
	col   [board.MaxCells]int16
	Winds bool
}

// LiftBlue labels Blue's provisional graph (see BlueProvisionalWin).
func (nt *Notions) LiftBlue(blue, empty board.Bits, l *Lift) {
	var stack [board.MaxCells]board.Cell
	var seen board.Bits
	l.Winds = false
	for rest := blue; rest.Any(); {
		s := rest.Pop()
		if seen.Has(s) {
			continue
		}
		seen = seen.With(s)
		l.col[s], l.comp[s] = int16(nt.col[s]), int16(s)
		sp := 1
		stack[0] = s
		for sp > 0 {
			sp--
			c := stack[sp]
			for k := 0; k < 12; k++ {
				st := nt.edge(c, k)
				// A blue target (a real cell), and for a bridge (k ≥ 6: Via
				// is empty for the neighbours) both bridge cells empty.
				if blue.And(st.ToBit).Empty() || st.Via.AndNot(empty).Any() {
					continue
				}
				to := board.Cell(st.To)
				want := l.col[c] + int16(st.DX)
				if seen.Has(to) {
					if l.col[to] != want {
						l.Winds = true
					}
					continue
				}
				seen = seen.With(to)
				l.col[to], l.comp[to] = want, int16(s)
				stack[sp] = to
				sp++
			}
		}
	}
}

// edge returns the k-th edge Step of c: 0..5 adjacencies, 6..11 bridges.
func (nt *Notions) edge(c board.Cell, k int) *Step {
	return &nt.steps[c][k]
}

// BlueWindsWith reports whether Blue has a provisional winning path after a
// blue stone on the empty cell x, given the labelling l of Blue's stones for
// the current empty set. A new stone only adds edges at x (bridges through x
// become adjacencies through x), so a new winding cycle passes through x: two
// edges from x into one component that place x at different lifted columns.
func (nt *Notions) BlueWindsWith(l *Lift, blue, empty board.Bits, x board.Cell) bool {
	if l.Winds {
		return true
	}
	var comps, cols [12]int16
	n := 0
	for k := 0; k < 12; k++ {
		st := nt.edge(x, k)
		// As in LiftBlue, and neither bridge cell is x.
		if blue.And(st.ToBit).Empty() || st.Via.AndNot(empty.Without(x)).Any() {
			continue
		}
		p := board.Cell(st.To)
		c, col := l.comp[p], l.col[p]-int16(st.DX)
		for y := 0; y < n; y++ {
			if comps[y] == c && cols[y] != col {
				return true
			}
		}
		comps[n], cols[n] = c, col
		n++
	}
	return false
}
