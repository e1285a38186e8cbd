package knowledge

import (
	"math/bits"

	"hexproof/board"
)

// H-search for Red (Anshelevich's rules as Henderson's thesis §2.9.2 states
// them), on the graph whose nodes are the two terminals (ring 1 and ring n,
// each with the Red stones joined to it), Red's other groups and the live
// empty cells, with the board's neighbour relation (the columns wrap on the
// cylinder: the search works on the graph, not on pictures of it, so nothing
// can meet itself around the cylinder). Blue stones and dead cells (filled
// with Blue) are not nodes.
//
//   - A virtual connection (VC) between nodes x and y with carrier C (a set of
//     empty cells, holding neither x nor y): Red joins x and y with stones on
//     cells of C alone, even if Blue moves first. A semi-connection (SC): the
//     same if Red moves first.
//   - Base: adjacent nodes are joined by a VC with the empty carrier.
//   - AND: VCs x–z (C1) and z–y (C2) with C1 ∩ C2 empty, x ∉ C2 and y ∉ C1:
//     through a Red group z a VC x–y with carrier C1 ∪ C2; through an empty
//     cell z an SC with carrier C1 ∪ C2 ∪ {z} (Red plays z first).
//   - OR: SCs x–y whose carriers have an empty intersection make a VC with
//     the union of the carriers as carrier (Blue's one move misses one of
//     them, and Red answers by completing that one).
//
// Each rule is sound for any graph and any two terminals, which is why it
// holds on the cylinder: Red's goal there is the connection of the two
// terminals (docs/decisions/solve.md K2). The lists are bounded, so H-search
// finds fewer connections than exist; it never claims one that does not.

const (
	maxNodes = MaxCells + 2
	maxVC    = 16
	maxSC    = 64
)

type hnode struct {
	cell     uint64 // the cell, for an empty-cell node; 0 for a group
	terminal bool
}

type vcItem struct {
	x, y uint8
	s    int8 // its shift from x to y (Blue's H-search, K10); 0 for Red's
	c    uint64
}

type hsearch struct {
	gs      []group
	nodes   []hnode
	nn      int
	vc      [maxNodes * maxNodes][maxVC]uint64
	nvc     [maxNodes * maxNodes]uint8
	sc      [maxNodes * maxNodes][maxSC]uint64
	nsc     [maxNodes * maxNodes]uint8
	adj     [maxNodes]board.Bits // nodes with a VC to this one
	touched []int32
	queue   []vcItem
	lim     Limits
	// stop ends the search: a ring-to-ring VC was found (ringVC), or an
	// SC when stopAtSC (Red to move: one SC decides the position).
	stop, ringVC, stopAtSC bool
	zs                     []int
	suf                    [maxSC + 1]uint64
	// keys[k] is the key (the cell Red plays first) of the ring-to-ring
	// SC sc[pair(0, 1)][k].
	keys [maxSC]uint64

	// Blue's H-search with windings (docs/decisions/solve.md K10; wind
	// set). vsh and ssh are the shifts of the VCs and SCs, in turns around
	// the cylinder, from the pair's lower node to its higher one (both 0 in
	// Red's search). ring says a virtual ring was found; semi is the
	// intersection of the carriers of the semi-rings found, started at the
	// mask run gave, and semis counts them; blueToMove stops at the first.
	wind       bool
	vsh        [maxNodes * maxNodes][maxVC]int8
	ssh        [maxNodes * maxNodes][maxSC]int8
	ring       bool
	semi       uint64
	semis      int
	blueToMove bool
	// loops, when not nil, collects the carriers of the rings and
	// semi-rings found (for tests).
	loops *[]uint64
}

type hresult struct {
	vc, sc bool
	must   uint64 // intersection of the ring-to-ring SC carriers
	keys   uint64 // their keys: each is a winning move for Red to move
}

func (h *hsearch) pair(x, y int) int {
	if x > y {
		x, y = y, x
	}
	return x*maxNodes + y
}

// reset empties the lists of the last search.
func (h *hsearch) reset(lim Limits, wind bool) {
	for _, p := range h.touched {
		h.nvc[p], h.nsc[p] = 0, 0
	}
	h.touched = h.touched[:0]
	h.queue = h.queue[:0]
	h.lim = lim
	h.stop, h.ringVC, h.ring = false, false, false
	h.wind = wind
	h.nodes = h.nodes[:0]
}

// close applies the AND rule (and through it the OR rule) to every VC in
// the queue, until none is left or the search is stopped.
func (h *hsearch) close() {
	h.nn = len(h.nodes)
	for qi := 0; qi < len(h.queue) && !h.stop; qi++ {
		v := h.queue[qi]
		h.and(int(v.x), int(v.y), v.c, v.s)
		if !h.stop {
			h.and(int(v.y), int(v.x), v.c, -v.s)
		}
	}
}

// addNodes appends the live cells as nodes; at[c] is cell c's node.
func (h *hsearch) addNodes(live uint64, at *[MaxCells]uint8) {
	for x := live; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		at[c] = uint8(len(h.nodes))
		h.nodes = append(h.nodes, hnode{cell: 1 << uint(c)})
	}
	for i := range h.nodes {
		h.adj[i] = board.Bits{}
	}
}

// run searches the position with Red stones red, Blue stones (with the dead
// cells) blue and live empty cells live; a.h.gs holds Red's groups.
//
// With stopAtSC the search ends at the first ring-to-ring SC (or VC): for
// Red to move one SC decides the position, and the rest is not needed.
func (h *hsearch) run(a *Analyzer, red, blue, live uint64, lim Limits, stopAtSC bool) hresult {
	h.reset(lim, false)
	h.stopAtSC = stopAtSC
	for i := range h.gs {
		h.nodes = append(h.nodes, hnode{terminal: i < 2})
	}
	ng := len(h.nodes)
	var at [MaxCells]uint8
	h.addNodes(live, &at)
	h.nn = len(h.nodes)
	// Base: a group and a live cell it touches; two adjacent live cells.
	for i := 0; i < ng; i++ {
		for x := h.gs[i].touch & live; x != 0; x &= x - 1 {
			h.addVC(i, int(at[bits.TrailingZeros64(x)]), 0, 0)
		}
	}
	for x := live; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		for y := a.nbr[c] & live &^ (uint64(1)<<uint(c+1) - 1); y != 0; y &= y - 1 {
			h.addVC(int(at[c]), int(at[bits.TrailingZeros64(y)]), 0, 0)
		}
	}
	// Base: the band templates (K21), for Red's groups and live cells.
	if a.bands {
		for i := 2; i < h.nn && !h.stop; i++ {
			cells := h.nodes[i].cell
			if i < ng {
				cells = h.gs[i].stones
			}
			h.bandVCs(a, i, cells, red, blue, live)
		}
	}
	h.close()
	if h.ringVC {
		return hresult{vc: true}
	}
	p := h.pair(0, 1)
	if stopAtSC && a.games != nil && h.nsc[p] == 0 {
		h.bandFirst(a, ng, red, blue, live)
	}
	if h.nsc[p] == 0 {
		return hresult{}
	}
	must, keys := ^uint64(0), uint64(0)
	for k, c := range h.sc[p][:h.nsc[p]] {
		must &= c
		keys |= h.keys[k]
	}
	return hresult{sc: true, must: must, keys: keys}
}

// and combines the VC end–mid (carrier c, shift s from end to mid) with
// every VC mid–z. In Blue's search (wind) z may be end itself: a closed
// chain whose shifts add up to a non-zero total goes around the cylinder
// (loop).
func (h *hsearch) and(end, mid int, c uint64, s int8) {
	if h.nodes[mid].terminal {
		// Chaining through a terminal gives nothing the solver asks for
		// (Benzene does not either); skipping it is only weaker.
		return
	}
	endCell, midCell := h.nodes[end].cell, h.nodes[mid].cell
	zs := h.zs[:0]
	for adj := h.adj[mid]; adj.Any(); {
		if z := int(adj.Pop()); (z != end || h.wind) && h.nodes[z].cell&c == 0 {
			zs = append(zs, z)
		}
	}
	h.zs = zs
	// A VC mid–z combines when its carrier misses c and the cell of end.
	// The loops below read the list of pair mid–z only; what they add goes
	// to pair end–z, another pair (end ≠ mid).
	miss := c | endCell
	if !h.wind {
		// Red's search: every shift is 0, and z ≠ end.
		for _, z := range zs {
			p := h.pair(mid, z)
			for _, d := range h.vc[p][:h.nvc[p]] {
				if d&miss != 0 {
					continue
				}
				if midCell == 0 {
					h.addVC(end, z, c|d, 0)
				} else {
					h.addSC(end, z, c|d|midCell, midCell, 0)
				}
				if h.stop {
					return
				}
			}
		}
		return
	}
	for _, z := range zs {
		p := h.pair(mid, z)
		sign := int8(1)
		if mid > z {
			sign = -1
		}
		for k := 0; k < int(h.nvc[p]); k++ {
			d := h.vc[p][k]
			if d&miss != 0 {
				continue
			}
			t := int(s) + int(sign*h.vsh[p][k])
			if t > 100 || t < -100 {
				continue // an int8 holds it; no real chain winds this often
			}
			switch {
			case z == end:
				if t != 0 {
					h.loop(end, c|d|midCell, midCell)
				}
			case midCell == 0:
				h.addVC(end, z, c|d, int8(t))
			default:
				h.addSC(end, z, c|d|midCell, midCell, int8(t))
			}
			if h.stop {
				return
			}
		}
	}
}

// loop records a closed chain of Blue's search from node end back to
// itself that goes around the cylinder, with carrier c (midCell included),
// made through mid
// (midCell 0: a group, so the chain is a VC; else an empty cell Blue must
// play first, so an SC with key midCell). A VC at a group is a virtual
// ring; a VC at an empty cell e, and an SC at a group, are semi-rings
// (Blue plays e, or the key, and has a virtual ring). An SC at an empty
// cell needs two Blue moves, and is not used.
func (h *hsearch) loop(end int, c, midCell uint64) {
	endCell := h.nodes[end].cell
	if h.loops != nil && (endCell == 0 || midCell == 0) {
		*h.loops = append(*h.loops, c|endCell)
	}
	switch {
	case endCell == 0 && midCell == 0:
		h.ring, h.stop = true, true
	case endCell == 0:
		h.semiRing(c) // c holds the key
	case midCell == 0:
		h.semiRing(c | endCell)
	}
}

// semiRing records a semi-ring with carrier c (its key included): with Blue
// to move it decides the position; with Red to move every winning Red move
// lies in c, and when the carriers found leave no cell of the mask, Red
// loses.
func (h *hsearch) semiRing(c uint64) {
	h.semis++
	h.semi &= c
	if h.blueToMove || h.semi == 0 {
		h.stop = true
	}
}

func (h *hsearch) touch(p int) {
	if h.nvc[p] == 0 && h.nsc[p] == 0 {
		h.touched = append(h.touched, int32(p))
	}
}

// addVC records a VC x–y with carrier u and shift s from x to y unless a VC
// with the same shift and a carrier inside u is known; it drops the known
// ones with that shift whose carrier contains u. A full list gives up its
// largest carrier for a smaller one.
func (h *hsearch) addVC(x, y int, u uint64, s int8) {
	if x == y {
		return
	}
	p := h.pair(x, y)
	if x > y {
		s = -s
	}
	n := int(h.nvc[p])
	list, sh := &h.vc[p], &h.vsh[p]
	for k := 0; k < n; k++ {
		if list[k]&^u == 0 && sh[k] == s {
			return
		}
	}
	j := 0
	for k := 0; k < n; k++ {
		if u&^list[k] != 0 || sh[k] != s {
			list[j], sh[j] = list[k], sh[k]
			j++
		}
	}
	if j >= h.lim.VCs {
		big, at := bits.OnesCount64(u), -1
		for k := 0; k < j; k++ {
			if s := bits.OnesCount64(list[k]); s > big {
				big, at = s, k
			}
		}
		if at < 0 {
			h.nvc[p] = uint8(j)
			return
		}
		list[at], sh[at] = u, s
	} else {
		h.touch(p)
		list[j], sh[j] = u, s
		j++
	}
	h.nvc[p] = uint8(j)
	h.adj[x] = h.adj[x].With(board.Cell(y))
	h.adj[y] = h.adj[y].With(board.Cell(x))
	if !h.wind && ((x == 0 && y == 1) || (x == 1 && y == 0)) {
		h.stop, h.ringVC = true, true
		return
	}
	lo, hi := min(x, y), max(x, y)
	h.queue = append(h.queue, vcItem{uint8(lo), uint8(hi), s, u})
}

// addSC records an SC x–y with carrier s, key key and shift sh from x to y
// (the OR rule first) unless a VC or an SC with the same shift and a carrier
// inside s is known.
func (h *hsearch) addSC(x, y int, s, key uint64, sh int8) {
	if x == y {
		return
	}
	p := h.pair(x, y)
	if x > y {
		sh = -sh
	}
	n := int(h.nsc[p])
	list, shs := &h.sc[p], &h.ssh[p]
	// suf[i] is the intersection of the carriers from i on: a cell of the
	// running intersection that every remaining carrier holds can never
	// leave it, which ends a branch of the OR rule at once.
	suf := &h.suf
	suf[n] = ^uint64(0)
	if !h.wind {
		// Red's search: every shift is 0. One pass checks the SCs and
		// makes suf (scratch of this call's OR rule alone).
		for _, d := range h.vc[p][:h.nvc[p]] {
			if d&^s == 0 {
				return
			}
		}
		acc := ^uint64(0)
		for k := n - 1; k >= 0; k-- {
			if list[k]&^s == 0 {
				return
			}
			acc &= list[k]
			suf[k] = acc
		}
	} else {
		for k := 0; k < int(h.nvc[p]); k++ {
			if h.vc[p][k]&^s == 0 && h.vsh[p][k] == sh {
				return
			}
		}
		for k := 0; k < n; k++ {
			if list[k]&^s == 0 && shs[k] == sh {
				return
			}
		}
		for k := n - 1; k >= 0; k-- {
			suf[k] = suf[k+1] & list[k]
		}
	}
	h.or(x, y, p, s, s, 0, 1, sh)
	if h.stop {
		return
	}
	rings := !h.wind && p == h.pair(0, 1)
	j := 0
	for k := 0; k < n; k++ {
		if s&^list[k] != 0 || shs[k] != sh {
			list[j], shs[j] = list[k], shs[k]
			if rings {
				h.keys[j] = h.keys[k]
			}
			j++
		}
	}
	at := j
	keep := h.lim.SCs
	if rings {
		keep = h.lim.RingSCs
	}
	if j >= keep {
		big := bits.OnesCount64(s)
		at = -1
		for k := 0; k < j; k++ {
			if c := bits.OnesCount64(list[k]); c > big {
				big, at = c, k
			}
		}
	} else {
		h.touch(p)
		j++
	}
	if at >= 0 {
		list[at], shs[at] = s, sh
		if rings {
			h.keys[at] = key
		}
	}
	h.nsc[p] = uint8(j)
	if rings && h.stopAtSC && at >= 0 {
		h.stop = true
	}
}

// or is the OR rule: the SCs of pair p from start on, taken with the ones
// chosen so far (intersection inter, union union), that bring the
// intersection to the empty set make a VC. Only SCs with the new one's
// shift sh (from the pair's lower node) are combined: Blue does not choose
// which SC it completes, so they must agree. (suf, the intersection of all
// the carriers from start on, holds that of the ones with shift sh, so it
// still ends a branch soundly.)
//
// Two cuts skip branches that would add nothing, so the search finds
// exactly what it found without them, only sooner (TestORCutChangesNothing):
// the intersection cut (below) and the known-VC cut (knownVC).
func (h *hsearch) or(x, y, p int, inter, union uint64, start, depth int, sh int8) {
	for i := start; i < int(h.nsc[p]); i++ {
		if inter&h.suf[i] != 0 && !noORCut {
			// A cell of the intersection lies in every carrier from i on
			// (suf only grows with i), so no choice among them empties it.
			return
		}
		if h.wind && h.ssh[p][i] != sh {
			continue // (Red's shifts are all 0)
		}
		c := h.sc[p][i]
		ni := inter & c
		if ni == inter {
			continue // no progress: this carrier holds the whole intersection
		}
		if ni != 0 && depth >= h.lim.OrDepth {
			continue // neither a VC nor a deeper branch (knownVC is pure)
		}
		nu := union | c
		if h.knownVC(p, nu, sh) {
			continue
		}
		if ni == 0 {
			vs := sh // addVC takes the shift from x
			if x > y {
				vs = -sh
			}
			h.addVC(x, y, nu, vs)
			if h.stop {
				return
			}
			continue
		}
		if depth < h.lim.OrDepth {
			h.or(x, y, p, ni, nu, i+1, depth+1, sh)
			if h.stop {
				return
			}
		}
	}
}

// noORCut turns off or's two cuts (tests only: they compare).
var noORCut bool

// knownVC is or's known-VC cut: it reports whether pair p already has a VC
// with shift sh (from the lower node) whose carrier lies within u, the union
// of a branch's carriers. Every VC the branch could add has a carrier holding
// u, so addVC would find that VC and return without a change; and as the
// pair's list changes only through addVC, the VC stays for the whole branch.
// So the branch would add nothing.
func (h *hsearch) knownVC(p int, u uint64, sh int8) bool {
	if noORCut {
		return false
	}
	if !h.wind {
		for _, d := range h.vc[p][:h.nvc[p]] {
			if d&^u == 0 {
				return true
			}
		}
		return false
	}
	for k := 0; k < int(h.nvc[p]); k++ {
		if h.vc[p][k]&^u == 0 && h.vsh[p][k] == sh {
			return true
		}
	}
	return false
}
