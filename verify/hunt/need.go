package hunt

import "hexproof/board"

// need is a lower bound on the number of stones a player still has to place
// to win, used to prune and order the hunt (its argument is below; the tests
// compare it with a plain enumeration on small boards).
//
//   - Red (cylinder, flat): a winning chain joins ring 1 to ring n. Red's
//     stones cost nothing, empty cells one, Blue's cannot be used; the cheapest
//     top-to-bottom path (0-1 breadth-first search) is the number of empty
//     cells Red must still fill, since any winning chain is such a path.
//   - Blue on the cylinder: by thesis Thm. 3.2.2 Blue has won exactly when the
//     non-blue cells do not join ring 1 to ring n (board.BlueWins). So the
//     stones Blue still needs are a set of empty cells meeting every non-blue
//     top-to-bottom path, and their least number is a minimum vertex cut in
//     the graph of non-blue cells in which Red's cells cannot be cut. By the
//     max-flow min-cut theorem (Menger) that is the maximum number of
//     top-to-bottom paths that share no empty cell (Red's cells may be shared):
//     a unit-capacity flow on split vertices.
//   - Blue on the flat board: a winning chain joins column 1 to column m; as
//     for Red with the roles turned.
//   - the torus: no bound (0); wins there wind around and draws are possible,
//     and the hunt does not prune on the torus.
//
// Stones of the other player never lower the bound, and one stone of the
// player lowers it by at most one, so a search that still has k moves of the
// player may skip a position whose bound exceeds k.
type need struct {
	b   *board.Board
	who board.Color
	n   int
	// flow network for Blue on the cylinder: vertex v has in-node 2v and
	// out-node 2v+1; S = 2n, T = 2n+1.
	head, next, to []int32
	capa           []int8 // residual capacity of each arc (a "big" value for uncuttable arcs)
	flow           []int8
	prev           []int32
	queue          []int32
	dist           []int32
	dq             []int32
}

const big = 100

func newNeed(b *board.Board, who board.Color) *need {
	nd := &need{b: b, who: who, n: b.Cells()}
	if who == board.Blue && b.Geo == board.Cylinder {
		nd.build()
	}
	nd.queue = make([]int32, 0, 2*nd.n+2)
	nd.dist = make([]int32, 2*nd.n+2)
	return nd
}

func (nd *need) arc(u, v int32) {
	for _, e := range [2][2]int32{{u, v}, {v, u}} {
		nd.to = append(nd.to, e[1])
		nd.next = append(nd.next, nd.head[e[0]])
		nd.head[e[0]] = int32(len(nd.to) - 1)
	}
}

// build lays out the arcs once: S→in(top cell), in(v)→out(v), out(v)→in(u)
// for neighbours u, out(bottom cell)→T. Capacities are set per position.
func (nd *need) build() {
	n := int32(nd.n)
	nd.head = make([]int32, 2*n+2)
	for i := range nd.head {
		nd.head[i] = -1
	}
	S, T := 2*n, 2*n+1
	for v := int32(0); v < n; v++ {
		nd.arc(2*v, 2*v+1) // the vertex arc: index 2v (each call adds two arcs)
	}
	for v := int32(0); v < n; v++ {
		c := board.Cell(v)
		if nd.b.Top().Has(c) {
			nd.arc(S, 2*v)
		}
		if nd.b.Bottom().Has(c) {
			nd.arc(2*v+1, T)
		}
		for _, u := range nd.b.NeighbourList(c) {
			nd.arc(2*v+1, 2*int32(u))
		}
	}
	nd.capa = make([]int8, len(nd.to))
	nd.flow = make([]int8, len(nd.to))
	nd.prev = make([]int32, 2*n+2)
}

// of returns min(limit, the bound) for p, in which the player has not won.
func (nd *need) of(p board.Position, limit int) int {
	switch {
	case nd.b.Geo == board.Torus:
		return 0
	case nd.who == board.Red:
		return nd.path(p.Red, p.Blue, nd.b.Top(), nd.b.Bottom(), limit)
	case nd.b.Geo == board.Flat:
		return nd.path(p.Blue, p.Red, nd.b.Left(), nd.b.Right(), limit)
	}
	return nd.cut(p, limit)
}

// path is the 0-1 breadth-first search: the fewest empty cells on a path of
// non-blocked cells from a cell of from to a cell of to (own cells free).
func (nd *need) path(own, blocked, from, to board.Bits, limit int) int {
	const inf = 1 << 30
	d := nd.dist[:nd.n]
	for i := range d {
		d[i] = inf
	}
	// A deque in a slice twice the size: front pushes go left of start.
	if len(nd.dq) < 4*nd.n+4 {
		nd.dq = make([]int32, 4*nd.n+4)
	}
	dq := nd.dq
	lo, hi := 2*nd.n+2, 2*nd.n+2
	for fs := from.AndNot(blocked); fs.Any(); {
		c := fs.Pop()
		w := int32(1)
		if own.Has(c) {
			w = 0
		}
		d[c] = w
		dq[hi] = int32(c)
		hi++
	}
	// Costs are paid on entering a cell; a cell reached at cost 0 is pushed
	// to the front. Seeds may be out of order, so this is label-correcting:
	// a cell whose distance improves is pushed again, and the distances are
	// exact when the deque is empty.
	best := inf
	for lo < hi {
		v := dq[lo]
		lo++
		dv := d[v]
		if to.Has(board.Cell(v)) && int(dv) < best {
			best = int(dv)
		}
		for _, u := range nd.b.NeighbourList(board.Cell(v)) {
			if blocked.Has(u) {
				continue
			}
			w := int32(1)
			if own.Has(u) {
				w = 0
			}
			if dv+w < d[u] {
				d[u] = dv + w
				if w == 0 && lo > 0 {
					lo--
					dq[lo] = int32(u)
				} else {
					if hi == len(dq) {
						dq = append(dq, 0)
						nd.dq = dq
					}
					dq[hi] = int32(u)
					hi++
				}
			}
		}
	}
	return min(best, limit)
}

// cut is Blue's bound on the cylinder: the maximum flow from ring 1 to ring n
// through non-blue cells, an empty cell carrying one unit and a red cell any
// number, stopped at limit.
func (nd *need) cut(p board.Position, limit int) int {
	n := int32(nd.n)
	for i := range nd.capa {
		nd.capa[i] = big
		nd.flow[i] = 0
	}
	for v := int32(0); v < n; v++ {
		e := 2 * v // forward vertex arc (built first, two arcs per call)
		switch {
		case p.Blue.Has(board.Cell(v)):
			nd.capa[e] = 0
		case p.Red.Has(board.Cell(v)):
			nd.capa[e] = big
		default:
			nd.capa[e] = 1
		}
	}
	for i := 1; i < len(nd.capa); i += 2 {
		nd.capa[i] = 0 // reverse arcs start with no capacity
	}
	S, T := 2*n, 2*n+1
	f := 0
	for f < limit {
		// Breadth-first search for an augmenting path in the residual network.
		for i := range nd.prev {
			nd.prev[i] = -1
		}
		q := nd.queue[:0]
		q = append(q, S)
		nd.prev[S] = -2
		found := false
		for k := 0; k < len(q) && !found; k++ {
			u := q[k]
			for e := nd.head[u]; e >= 0; e = nd.next[e] {
				v := nd.to[e]
				if nd.prev[v] != -1 || nd.capa[e]-nd.flow[e] <= 0 {
					continue
				}
				nd.prev[v] = e
				if v == T {
					found = true
					break
				}
				q = append(q, v)
			}
		}
		nd.queue = q
		if !found {
			break
		}
		// Push one unit along the path.
		for v := T; v != S; {
			e := nd.prev[v]
			nd.flow[e]++
			nd.flow[e^1]--
			v = nd.to[e^1]
		}
		f++
	}
	return f
}
