package board

// WinningCells is the set of empty cells c of p such that player who wins by
// playing c, in a position p that who has not won: exactly the cells for which
// WinsAfter(p.Play(who, c), who, c) holds (tests compare the two).
//
// Searches call it once per position instead of testing every move: a
// player's win depends only on their own stones and on which cells are empty
// (thesis Def. 2.1.5, 2.2.2, 2.3.2; for Blue on the cylinder Thm. 3.2.2 turns
// this into "the cells not blue"), so after the other player's stone on b the
// set is WinningCells(p, who) without b.
//
// The shortcuts, by geometry:
//   - first, off the torus, the lines a winning set must visit (lineMiss):
//     with two rings (Red) or columns (Blue) empty of the player's stones,
//     or one whose cells touch no stone on both sides, nothing wins;
//   - a chain from side X to side Y (Red on the cylinder and flat board, Blue on
//     the flat board): since who has not won, a new X–Y chain must run through
//     c, so c wins iff it touches (or lies on) X through who's stones and Y
//     through who's stones. With F the stones joined to X and G those joined to
//     Y, the winning cells are the empty cells in (X ∪ grow(F)) ∩ (Y ∪ grow(G)).
//   - Blue on the cylinder: by Thm. 3.2.2 Blue wins after c iff the cells not
//     blue, without c, no longer join ring 1 to ring n; so c is a cell that
//     every such path of non-blue cells passes through. Every such cell lies
//     on any one path, so only the empty cells of one shortest path are tested,
//     each by a flood fill.
//   - the torus: every empty cell is tested with WinsAfter.
func (b *Board) WinningCells(p Position, who Color) Bits {
	empty := b.all.AndNot(p.Occupied())
	// A winning chain visits every ring (Red) or every column (Blue), so it
	// needs n (resp. m) stones: with fewer after c, nothing wins.
	if need := b.N; who == Red && p.Red.Count()+1 < need {
		return Bits{}
	}
	if need := b.M; who == Blue && p.Blue.Count()+1 < need {
		return Bits{}
	}
	switch {
	case who == Red && b.Geo != Torus:
		if b.lineMiss(p.Red, empty, b.rings, false) {
			return Bits{}
		}
		return b.chainCells(p.Red, empty, b.top, b.bot)
	case who == Blue && b.Geo == Flat:
		if b.lineMiss(p.Blue, empty, b.cols, false) {
			return Bits{}
		}
		return b.chainCells(p.Blue, empty, b.left, b.right)
	case who == Blue && b.Geo == Cylinder:
		if b.lineMiss(p.Blue, empty, b.cols, true) {
			return Bits{}
		}
		return b.cutCells(p.Blue, empty)
	}
	var out Bits
	for cs := empty; cs.Any(); {
		c := cs.Pop()
		if b.WinsAfter(p.Play(who, c), who, c) {
			out = out.With(c)
		}
	}
	return out
}

// lineMiss says that no empty cell wins for own, by the lines a winning set
// must visit: Red's top–bottom chain every ring, Blue's left–right chain
// (flat) or cycle around the cylinder (wrap) every column, since a step
// between neighbours moves at most one line (cyclically when wrap). So when
// own misses two lines no cell wins; when it misses one, line k, a winning
// cell c lies in it and is the only stone of the winning set there, so the
// set passes from line k-1 to c to line k+1: c touches own stones in both
// (only the one that exists at an end of a flat board's lines; a cycle that
// came back to the line it left would not go round). With two lines or fewer
// around the cylinder the two sides are one line or c's own, so only the line
// is asked. The filter only skips positions with no winning cell:
// TestWinningCellsDefinition and TestWinningCellsOneLineMissing compare with
// the full winner test.
func (b *Board) lineMiss(own, empty Bits, lines []Bits, wrap bool) bool {
	k := missed(own, lines, 0)
	switch {
	case k < 0:
		return false
	case missed(own, lines, k+1) >= 0:
		return true
	}
	cand := lines[k].And(empty)
	n := len(lines)
	if wrap && n <= 2 {
		return cand.Empty()
	}
	if prev := k - 1; prev >= 0 || wrap {
		cand = cand.And(b.grow(own.And(lines[(prev+n)%n])))
	}
	if next := k + 1; next < n || wrap {
		cand = cand.And(b.grow(own.And(lines[next%n])))
	}
	return cand.Empty()
}

// StonesToWin is a lower bound on the stones who must still place to win from
// p: the rings (Red) or columns (Blue) that hold none of who's stones, since
// a winning set visits every one (see lineMiss); lines is the union of those
// rings or columns (a stone of who there lowers the bound by one). On the
// torus it is 0 (no bound is claimed there).
func (b *Board) StonesToWin(p Position, who Color) (n int, lines Bits) {
	if b.Geo == Torus {
		return 0, Bits{}
	}
	own, all := p.Red, b.rings
	if who == Blue {
		own, all = p.Blue, b.cols
	}
	for k := missed(own, all, 0); k >= 0; k = missed(own, all, k+1) {
		n++
		lines = lines.Or(all[k])
	}
	return n, lines
}

// missed is the first of lines from index from on that holds none of own's
// stones, or -1.
func missed(own Bits, lines []Bits, from int) int {
	for k := from; k < len(lines); k++ {
		if lines[k].And(own).Empty() {
			return k
		}
	}
	return -1
}

// chainCells: the empty cells that join x to y through own (see WinningCells).
func (b *Board) chainCells(own, empty, x, y Bits) Bits {
	f := b.reach(own, own.And(x))
	g := b.reach(own, own.And(y))
	return empty.And(x.Or(b.grow(f))).And(y.Or(b.grow(g)))
}

// Reach is the part of set joined (inside set, by adjacency) to the cells of
// seeds that lie in set.
func (b *Board) Reach(set, seeds Bits) Bits { return b.reach(set, seeds.And(set)) }

// reach is the part of set joined (inside set) to seeds, a subset of set.
func (b *Board) reach(set, seeds Bits) Bits {
	reached := seeds
	frontier := seeds
	for frontier.Any() {
		grow := b.grow(frontier)
		frontier = grow.And(set).AndNot(reached)
		reached = reached.Or(frontier)
	}
	return reached
}

// cutCells: the empty cells without which the cells not blue no longer join
// ring 1 to ring n (they join them now: Blue has not won).
func (b *Board) cutCells(blue, empty Bits) Bits {
	open := b.all.AndNot(blue)
	// Breadth-first layers from ring 1 inside open, up to the first layer
	// that meets ring n; then one shortest path back through the layers.
	var layers [MaxCells]Bits
	layers[0] = open.And(b.top)
	reached := layers[0]
	k := 0
	for layers[k].And(b.bot).Empty() {
		grow := b.grow(layers[k])
		next := grow.And(open).AndNot(reached)
		if next.Empty() {
			return Bits{} // not joined: cannot happen when Blue has not won
		}
		k++
		layers[k] = next
		reached = reached.Or(next)
	}
	x := layers[k].And(b.bot).First()
	var path Bits
	path = path.With(x)
	for i := k - 1; i >= 0; i-- {
		x = layers[i].And(b.nbr[x]).First()
		path = path.With(x)
	}
	cand := path.And(empty)
	if b.M >= 3 {
		// As in WinsAfter: with m ≥ 3 a winning cell has two distinct blue
		// neighbours.
		cand = cand.And(b.twoNeighbours(blue))
	}
	var out Bits
	for cs := cand; cs.Any(); {
		c := cs.Pop()
		if !b.Connects(open.Without(c), b.top, b.bot) {
			out = out.With(c)
		}
	}
	return out
}

// Grow is the union of the neighbour sets of the cells of s.
func (b *Board) Grow(s Bits) Bits { return b.grow(s) }

// twoNeighbours is the set of cells with at least two distinct neighbours in
// s. Each pair of neighbours (y, c) is one edge of exactly one offset group of
// the neighbour table (its offset is c-y), so counting the groups that bring a
// cell of s to c counts c's distinct neighbours in s.
func (b *Board) twoNeighbours(s Bits) Bits {
	if b.shifts == nil {
		var out Bits
		for c := Cell(0); int(c) < b.cells; c++ {
			if b.nbr[c].And(s).Count() >= 2 {
				out = out.With(c)
			}
		}
		return out
	}
	var ones, twos uint64
	for _, t := range b.shifts {
		var x uint64
		if t.delta >= 0 {
			x = (s.Lo & t.mask) << uint(t.delta)
		} else {
			x = (s.Lo & t.mask) >> uint(-t.delta)
		}
		twos |= ones & x
		ones |= x
	}
	return Bits{twos, 0}
}
