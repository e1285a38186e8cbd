package board

import "math/bits"

// Canonicalizer computes Canonical(p, group) faster for boards of at most 64
// cells: each group element needed is applied through byte lookup tables
// (eight lookups a word). When the group contains the rotation
// (i, j) → (i+1, j) it does better still. Such a group is
// a union of cosets R·t of the rotation group R = {r^k}; so the images of p are
// r^k(t·p) for t in a transversal T (|T| ≤ 4 on the cylinder) and k < m. Only
// t·p is computed cell by cell; every ring is rotated by k at once with two
// masked shifts of the 64-bit word, because ring j occupies bits
// (j-1)m … jm-1 in column order. The result is identical to Canonical: the
// same least image over the same set of images (a test compares them).
type Canonicalizer struct {
	group []Perm
	fast  bool
	trans []Perm
	m     int
	tabs  []*[8][256]uint64 // per transversal element: image of each byte of the word
	lo    []uint64          // lo[k]: cells of columns < m-k (shifted up by k)
	hi    []uint64          // hi[k]: cells of columns ≥ m-k (wrapped down by m-k)
	// cell[x][g] is the image of cell x under the g-th image of Orbit (the
	// transversal's element g/m, then the rotation by g%m), as one bit.
	cell [][]uint64
}

// NewCanonicalizer prepares canonical keys under group (a subgroup of
// b.Group(), identity first).
func NewCanonicalizer(b *Board, group []Perm) *Canonicalizer {
	c := &Canonicalizer{group: group, m: b.M}
	if b.cells > 64 || len(group) <= 1 {
		return c
	}
	has := func(g Perm) bool {
		for _, e := range group {
			if e.equal(g) {
				return true
			}
		}
		return false
	}
	rot := b.Rotation()
	if rot == nil || b.M < 2 || !has(rot) {
		// No rotation to exploit: every element is its own coset, and the
		// only "rotation" is the identity (k = 0).
		rot = b.Identity()[0]
		c.m = 1
	}
	// Transversal: group elements not yet covered by R·t.
	covered := make([]bool, len(group))
	for i, g := range group {
		if covered[i] {
			continue
		}
		c.trans = append(c.trans, g)
		h := g
		for k := 0; k < c.m; k++ {
			for j, e := range group {
				if !covered[j] && e.equal(h) {
					covered[j] = true
				}
			}
			h = rot.compose(h)
		}
	}
	for _, t := range c.trans {
		tab := new([8][256]uint64)
		for byteAt := 0; byteAt < 8; byteAt++ {
			for v := 0; v < 256; v++ {
				var img uint64
				for bit := 0; bit < 8; bit++ {
					x := byteAt*8 + bit
					if v>>bit&1 == 1 && x < b.cells {
						img |= 1 << uint(t[x])
					}
				}
				tab[byteAt][v] = img
			}
		}
		c.tabs = append(c.tabs, tab)
	}
	c.lo = make([]uint64, c.m)
	c.hi = make([]uint64, c.m)
	for x := Cell(0); int(x) < b.cells; x++ {
		i, _ := b.Coord(x)
		for k := 0; k < c.m; k++ {
			if c.m == 1 || i-1 < b.M-k {
				c.lo[k] |= 1 << uint(x)
			} else {
				c.hi[k] |= 1 << uint(x)
			}
		}
	}
	c.fast = true
	c.cell = make([][]uint64, b.cells)
	for x := range c.cell {
		c.cell[x] = make([]uint64, 0, len(c.trans)*c.m)
		for i := range c.trans {
			img := apply(c.tabs[i], 1<<uint(x))
			for k := 0; k < c.m; k++ {
				c.cell[x] = append(c.cell[x], c.rotate(img, k))
			}
		}
	}
	return c
}

// apply maps a one-word set by a transversal element through its byte tables.
func apply(tab *[8][256]uint64, x uint64) uint64 {
	return tab[0][byte(x)] | tab[1][byte(x>>8)] | tab[2][byte(x>>16)] | tab[3][byte(x>>24)] |
		tab[4][byte(x>>32)] | tab[5][byte(x>>40)] | tab[6][byte(x>>48)] | tab[7][byte(x>>56)]
}

// rotate applies r^k to a one-word set.
func (c *Canonicalizer) rotate(x uint64, k int) uint64 {
	return (x&c.lo[k])<<uint(k) | (x&c.hi[k])>>uint(c.m-k)
}

// Canonical returns the least image of p under the group and whether it
// differs from p.
func (c *Canonicalizer) Canonical(p Position) (Position, bool) {
	if !c.fast {
		q, at := Canonical(p, c.group)
		return q, at != 0 && q != p
	}
	bestR, bestB := p.Red.Lo, p.Blue.Lo
	for i, t := range c.trans {
		r, bl := p.Red.Lo, p.Blue.Lo
		if !t.isIdentity() {
			r, bl = apply(c.tabs[i], r), apply(c.tabs[i], bl)
		}
		for k := 0; k < c.m; k++ {
			rr := c.rotate(r, k)
			if rr > bestR {
				continue
			}
			bb := c.rotate(bl, k)
			if rr < bestR || bb < bestB {
				bestR, bestB = rr, bb
			}
		}
	}
	q := Position{Red: Bits{bestR, 0}, Blue: Bits{bestB, 0}}
	return q, q != p
}

// Orbit is the images of one position under a Canonicalizer's group, kept so
// that the canonical form of that position with one more stone (Plus) costs
// a pass over them instead of the group's tables: a search asks it for every
// child of a node. Made by NewOrbit, filled by Fill.
type Orbit struct {
	p         Position
	ok        bool // filled, on a board the fast path handles
	red, blue []uint64
	// least: the images whose Red stones are the least (a Blue stone added
	// changes no image's Red stones, so only these can give the least image).
	least []int
}

// NewOrbit makes an empty Orbit for c's group.
func (c *Canonicalizer) NewOrbit() *Orbit {
	n := len(c.trans) * c.m
	return &Orbit{red: make([]uint64, n), blue: make([]uint64, n), least: make([]int, 0, n)}
}

// Fill computes the images of p into o, and returns o.
func (c *Canonicalizer) Fill(o *Orbit, p Position) *Orbit {
	o.p, o.ok = p, c.fast
	if !c.fast {
		return o
	}
	g := 0
	for i, t := range c.trans {
		r, bl := p.Red.Lo, p.Blue.Lo
		if !t.isIdentity() {
			r, bl = apply(c.tabs[i], r), apply(c.tabs[i], bl)
		}
		for k := 0; k < c.m; k++ {
			o.red[g], o.blue[g] = c.rotate(r, k), c.rotate(bl, k)
			g++
		}
	}
	o.least = o.least[:0]
	for g, r := range o.red {
		switch {
		case len(o.least) == 0 || r < o.red[o.least[0]]:
			o.least = append(o.least[:0], g)
		case r == o.red[o.least[0]]:
			o.least = append(o.least, g)
		}
	}
	return o
}

// Of is the position o was filled with.
func (o *Orbit) Of() Position { return o.p }

// Plus is Canonical(p.Play(who, x)) for the position p of o and an empty
// cell x: the least image over the same images, each the image of p with the
// image of x added (a group element maps the union of two sets to the union
// of their images), and whether it differs from p with the stone.
// TestOrbitPlus compares it with Canonical.
func (c *Canonicalizer) Plus(o *Orbit, who Color, x Cell) (Position, bool) {
	best, _ := c.PlusMapped(o, who, x, x)
	return best, best != o.p.Play(who, x)
}

// PlusMapped is Plus with the image of the cell y: the least image of the
// pair (p with the stone, y) under the group, ordered by the position first
// and then by the cell. So it is a canonical form of the pair: the images of
// a pair under the group all have the same one, and two pairs have the same
// one only if an element maps the first to the second. When the stone is
// Blue's, no image's Red stones change, so only the images in o.least can
// give the least one. TestOrbitPlus checks it against the group.
func (c *Canonicalizer) PlusMapped(o *Orbit, who Color, x, y Cell) (Position, Cell) {
	q := o.p.Play(who, x)
	if !o.ok {
		best, img := q, y
		for _, g := range c.group {
			r, bl := g.ApplyBits(q.Red), g.ApplyBits(q.Blue)
			gy := g.Apply(y)
			switch {
			case best.Red.Less(r):
			case r != best.Red || bl.Less(best.Blue):
				best, img = Position{Red: r, Blue: bl}, gy
			case bl == best.Blue && gy < img:
				img = gy
			}
		}
		return best, img
	}
	img, ys := c.cell[x], c.cell[y]
	at := 0
	bestR, bestB := q.Red.Lo, q.Blue.Lo
	if who == Red {
		for g, r := range o.red {
			r |= img[g]
			if r > bestR {
				continue
			}
			switch bl := o.blue[g]; {
			case r < bestR || bl < bestB:
				bestR, bestB, at = r, bl, g
			case bl == bestB && ys[g] < ys[at]:
				at = g
			}
		}
	} else {
		at = o.least[0]
		bestR, bestB = o.red[at], o.blue[at]|img[at]
		for _, g := range o.least[1:] {
			switch bl := o.blue[g] | img[g]; {
			case bl < bestB:
				bestB, at = bl, g
			case bl == bestB && ys[g] < ys[at]:
				at = g
			}
		}
	}
	return Position{Red: Bits{bestR, 0}, Blue: Bits{bestB, 0}}, Cell(bits.TrailingZeros64(ys[at]))
}
