package knowledge

import (
	"math"
	"math/bits"

	"hexproof/board"
)

// Currents orders moves by Shannon's electrical model (as Hexy, Six and
// Benzene's resistance evaluation, Henderson 2010 §2.9.4): every cell not
// Blue is a node, a Red stone a near-perfect conductor and an empty cell a
// unit resistor; ring 1 is held at voltage 1 and ring n at 0. out[c] is the
// current through empty cell c (0 for the others): the cells that carry
// most of Red's flow are the ones both players most want. No deduction
// rests on it.
func (a *Analyzer) Currents(p board.Position, out *[MaxCells]float64) {
	const eps = 1e-3 // a Red stone's resistance
	n := a.b.Cells()
	red, blue := p.Red.Lo, p.Blue.Lo
	open := a.all &^ blue
	var idx [MaxCells]int
	k := 0
	for x := open; x != 0; x &= x - 1 {
		idx[bits.TrailingZeros64(x)] = k
		k++
	}
	for c := range n {
		out[c] = 0
	}
	if k == 0 {
		return
	}
	res := func(c int) float64 {
		if red&(1<<uint(c)) != 0 {
			return eps
		}
		return 1
	}
	// The Laplacian of the open cells, with each terminal's edges moved to
	// the right-hand side (ring 1 at 1, ring n at 0).
	m := a.circ[:0]
	for range k * (k + 1) {
		m = append(m, 0)
	}
	a.circ = m
	row := func(i int) []float64 { return m[i*(k+1) : (i+1)*(k+1)] }
	for x := open; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		r := row(idx[c])
		for y := a.nbr[c] & open; y != 0; y &= y - 1 {
			d := bits.TrailingZeros64(y)
			g := 1 / (res(c) + res(d))
			r[idx[c]] += g
			r[idx[d]] -= g
		}
		bit := uint64(1) << uint(c)
		if a.top&bit != 0 {
			g := 1 / res(c)
			r[idx[c]] += g
			r[k] += g // voltage 1
		}
		if a.bot&bit != 0 {
			r[idx[c]] += 1 / res(c)
		}
	}
	// Gaussian elimination with partial pivoting; a node cut off from both
	// rings has a zero row and keeps voltage 0.
	for col := 0; col < k; col++ {
		piv := col
		for i := col + 1; i < k; i++ {
			if math.Abs(row(i)[col]) > math.Abs(row(piv)[col]) {
				piv = i
			}
		}
		if math.Abs(row(piv)[col]) < 1e-12 {
			continue
		}
		if piv != col {
			rp, rc := row(piv), row(col)
			for j := range rp {
				rp[j], rc[j] = rc[j], rp[j]
			}
		}
		rc := row(col)
		for i := 0; i < k; i++ {
			if i == col {
				continue
			}
			ri := row(i)
			if f := ri[col] / rc[col]; f != 0 {
				for j := col; j <= k; j++ {
					ri[j] -= f * rc[j]
				}
			}
		}
	}
	var v [MaxCells]float64
	for x := open; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		if r := row(idx[c]); math.Abs(r[idx[c]]) >= 1e-12 {
			v[c] = r[k] / r[idx[c]]
		}
	}
	for x := open &^ red; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		var flow float64
		for y := a.nbr[c] & open; y != 0; y &= y - 1 {
			d := bits.TrailingZeros64(y)
			flow += math.Abs(v[c]-v[d]) / (res(c) + res(d))
		}
		bit := uint64(1) << uint(c)
		if a.top&bit != 0 {
			flow += math.Abs(1 - v[c])
		}
		if a.bot&bit != 0 {
			flow += math.Abs(v[c])
		}
		out[c] = flow / 2
	}
}
