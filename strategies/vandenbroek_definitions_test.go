package strategies

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
)

// vbRef is a slow reference implementation of the readings of Alg. 7.1.1,
// written straight from the definitions with none of the strategy's machinery
// (no Notions tables, no union-find, no "only the joined groups change"
// shortcut): bridges are found by counting empty common neighbours, and every
// connection question is a fresh breadth-first search over Red's stones and
// the two virtual rings. TestVandenbroekMatchesReference compares it with the
// strategy rule by rule.
type vbRef struct {
	b       *board.Board
	n       int
	upFirst bool
}

const (
	vbTop = board.Cell(-10) // virtual ring 0
	vbBot = board.Cell(-11) // virtual ring n+1
)

func (r vbRef) ring(c board.Cell) int {
	switch c {
	case vbTop:
		return 0
	case vbBot:
		return r.n + 1
	}
	_, j := r.b.Coord(c)
	return j
}

// ringNbrs is the set of c's neighbours in ring k.
func (r vbRef) ringNbrs(c board.Cell, k int) board.Bits {
	var out board.Bits
	for _, x := range r.b.NeighbourList(c) {
		if r.ring(x) == k {
			out = out.With(x)
		}
	}
	return out
}

// adjacent: neighbours, or a cell of ring 1 (n) and the virtual ring 0 (n+1).
func (r vbRef) adjacent(u, v board.Cell) bool {
	if u < 0 {
		u, v = v, u
	}
	switch v {
	case vbTop:
		return r.ring(u) == 1
	case vbBot:
		return r.ring(u) == r.n
	}
	return r.b.Neighbours(u).Has(v)
}

// carriers is the set of empty common neighbours of u and v (u real); for a
// virtual v, u's empty neighbours in the ring next to it.
func (r vbRef) carriers(u, v board.Cell, empty board.Bits) board.Bits {
	switch v {
	case vbTop:
		if r.ring(u) != 2 {
			return board.Bits{}
		}
		return r.ringNbrs(u, 1).And(empty)
	case vbBot:
		if r.ring(u) != r.n-1 {
			return board.Bits{}
		}
		return r.ringNbrs(u, r.n).And(empty)
	}
	return r.b.Neighbours(u).And(r.b.Neighbours(v)).And(empty)
}

// bridged is thesis Def. 6.1.1: not adjacent, two empty common neighbours.
func (r vbRef) bridged(u, v board.Cell, empty board.Bits) bool {
	if u < 0 {
		u, v = v, u
	}
	if u < 0 || u == v || r.adjacent(u, v) {
		return false
	}
	return r.carriers(u, v, empty).Count() >= 2
}

func (r vbRef) nodes(red board.Bits) []board.Cell {
	return append(red.Cells(), vbTop, vbBot)
}

// components lists Red's provisional paths as node lists.
func (r vbRef) components(red, empty board.Bits) [][]board.Cell {
	nodes := r.nodes(red)
	seen := map[board.Cell]bool{}
	var out [][]board.Cell
	for _, s := range nodes {
		if seen[s] {
			continue
		}
		seen[s] = true
		comp := []board.Cell{s}
		for k := 0; k < len(comp); k++ {
			for _, v := range nodes {
				if !seen[v] && (r.adjacent(comp[k], v) || r.bridged(comp[k], v, empty)) {
					seen[v] = true
					comp = append(comp, v)
				}
			}
		}
		out = append(out, comp)
	}
	return out
}

func (r vbRef) connected(red, empty board.Bits, x, y int) bool {
	for _, comp := range r.components(red, empty) {
		hasX, hasY := false, false
		for _, v := range comp {
			hasX = hasX || r.ring(v) == x
			hasY = hasY || r.ring(v) == y
		}
		if hasX && hasY {
			return true
		}
	}
	return false
}

func (r vbRef) ringCells(k int) board.Bits {
	var out board.Bits
	for c := board.Cell(0); int(c) < r.b.Cells(); c++ {
		if r.ring(c) == k {
			out = out.With(c)
		}
	}
	return out
}

// allBridgeCells is the set of bridge cells of every red bridge.
func (r vbRef) allBridgeCells(red, empty board.Bits) board.Bits {
	var out board.Bits
	nodes := r.nodes(red)
	for _, u := range nodes {
		for _, v := range nodes {
			if u >= 0 && r.bridged(u, v, empty) {
				out = out.Or(r.carriers(u, v, empty))
			}
		}
	}
	return out
}

func (r vbRef) rule(k int, p board.Position, last board.Cell) board.Bits {
	b, n := r.b, r.n
	red, blue := p.Red, p.Blue
	empty := b.All().AndNot(p.Occupied())
	_, j := b.Coord(last)
	switch {
	case k == 1:
		var out board.Bits
		for e := empty; e.Any(); {
			c := e.Pop()
			if b.RedWins(board.Position{Red: red.With(c), Blue: blue}) {
				out = out.With(c)
			}
		}
		return out
	case k == 2:
		before := empty.With(last)
		var out board.Bits
		nodes := r.nodes(red)
		for _, u := range nodes {
			for _, v := range nodes {
				if u >= 0 && r.bridged(u, v, before) && r.carriers(u, v, before).Has(last) {
					out = out.Or(r.carriers(u, v, before).Without(last))
				}
			}
		}
		return out.And(empty)
	case k <= 8:
		spans := [6][2]int{{-2, 2}, {-1, 1}, {0, 2}, {-2, 0}, {0, 1}, {-1, 0}}
		if r.upFirst {
			spans[2], spans[3], spans[4], spans[5] = spans[3], spans[2], spans[5], spans[4]
		}
		lo, hi := j+spans[k-3][0], j+spans[k-3][1]
		x, y := max(lo, 0), min(hi, n+1)
		if x >= y || r.connected(red, empty, x, y) {
			return board.Bits{}
		}
		var out board.Bits
		for c := board.Cell(0); int(c) < b.Cells(); c++ {
			if empty.Has(c) && r.ring(c) >= lo && r.ring(c) <= hi && r.connected(red.With(c), empty.Without(c), x, y) {
				out = out.With(c)
			}
		}
		return out
	case k <= 12:
		d := [4][3]int{{-1, -2, 1}, {1, 2, -1}, {-1, -3, 1}, {1, 3, -1}}[k-9]
		rr, t, f := j+d[0], j+d[1], j+d[2]
		if rr < 1 || rr > n || t < 0 || t > n+1 || f < 0 || f > n+1 || r.connected(red, empty, min(rr, t), max(rr, t)) {
			return board.Bits{}
		}
		var out board.Bits
		for e := r.ringCells(rr).And(empty); e.Any(); {
			c := e.Pop()
			after := empty.Without(c)
			bridged, possible := false, false
			for _, w := range r.nodes(red) {
				bridged = bridged || (r.ring(w) == t && r.bridged(c, w, after))
			}
			if f == 0 || f == n+1 {
				v := vbTop
				if f == n+1 {
					v = vbBot
				}
				possible = r.bridged(c, v, after)
			}
			for w := r.ringCells(f).AndNot(blue); w.Any(); {
				if r.bridged(c, w.Pop(), after) {
					possible = true
				}
			}
			if bridged && possible {
				out = out.With(c)
			}
		}
		return out
	case k == 13:
		return r.ringCells(j).And(empty)
	case k <= 17:
		d := [4]int{2, -2, 1, -1}[k-14]
		comps := r.components(red, empty)
		type span struct{ lo, hi int }
		spans := make([]span, len(comps))
		best := 1 << 30
		for i, comp := range comps {
			spans[i] = span{1 << 30, -1}
			hasCell := false
			for _, v := range comp {
				hasCell = hasCell || v >= 0
				spans[i].lo = min(spans[i].lo, r.ring(v))
				spans[i].hi = max(spans[i].hi, r.ring(v))
			}
			if !hasCell || spans[i].lo > j || spans[i].hi < j {
				spans[i] = span{1 << 30, -1}
				continue
			}
			best = min(best, j-spans[i].lo, spans[i].hi-j)
		}
		var out board.Bits
		for i, comp := range comps {
			sp := spans[i]
			if sp.hi < 0 {
				continue
			}
			end := sp.hi
			if d < 0 {
				end = sp.lo
			}
			if (end-j)*(end-j) != best*best {
				continue
			}
			to := end + d
			if to < 1 || to > n || r.connected(red, empty, min(end, to), max(end, to)) {
				continue
			}
			for e := r.ringCells(to).And(empty); e.Any(); {
				c := e.Pop()
				for _, w := range comp {
					if w >= 0 && r.ring(w) == end && (r.bridged(c, w, empty.Without(c)) || (d*d == 1 && r.adjacent(c, w))) {
						out = out.With(c)
					}
				}
			}
		}
		return out
	case k == 18:
		return r.allBridgeCells(red, empty).And(empty)
	}
	return empty
}

// TestVandenbroekMatchesReference compares every rule's set, and the decision,
// with the reference on the positions of random games on 5×1 … 5×9, with both
// starters and both rule orders.
func TestVandenbroekMatchesReference(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 8
	}
	compared := 0
	var nonEmpty [20]int
	for n := 1; n <= 9; n++ {
		b := board.MustNew(5, n, board.Cylinder)
		for _, upFirst := range []bool{false, true} {
			s := newVandenbroek(b, upFirst)
			ref := vbRef{b: b, n: n, upFirst: upFirst}
			rng := rand.New(rand.NewPCG(uint64(n), 1234))
			for game := 0; game < games; game++ {
				starter := board.Red
				if game%2 == 1 {
					starter = board.Blue
				}
				vbRandomGame(b, s, rng, starter, func(p board.Position, last board.Cell, allowed board.Bits, rule string) {
					if last == board.NoCell {
						return
					}
					empty := b.All().AndNot(p.Occupied())
					var a vbAnalysis
					first := 0
					for k := 1; k <= 19; k++ {
						got, want := s.rule(k, p, last, empty, &a), ref.rule(k, p, last)
						if got != want {
							t.Fatalf("5×%d upFirst=%v rule %d after Blue %s: strategy %s, reference %s\n%s", n, upFirst, k,
								b.Format(last, board.Thesis), formatSet(b, got), formatSet(b, want), b.Picture(p, board.Bits{}))
						}
						if want.Any() {
							nonEmpty[k]++
						}
						if first == 0 && want.Any() {
							first = k
							if allowed != want || rule != vbRuleLabels[k] {
								t.Fatalf("5×%d: Allowed gives rule %s %s, reference rule %d %s", n, rule, formatSet(b, allowed), k, formatSet(b, want))
							}
						}
						compared++
					}
				})
			}
		}
	}
	t.Logf("%d rule sets compared; non-empty per rule: %v", compared, nonEmpty[1:])
	for k := 1; k <= 19; k++ {
		if nonEmpty[k] == 0 {
			t.Errorf("rule %d was never non-empty: the comparison did not exercise it", k)
		}
	}
}
