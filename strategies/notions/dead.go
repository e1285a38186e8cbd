package notions

// Live and dead cells (thesis §10.3, Def. 10.3.2): an empty cell is live when
// some completed colouring of the position (Def. 10.3.1) has a winner that
// changes with the colour of that cell, and dead otherwise.

import (
	"hexproof/board"
)

// LiveBudget bounds the search of Live: the number of partial paths it
// extends before it gives up (and calls the cell live).
const LiveBudget = 20000

// Live reports whether the empty cell x is live in p (Def. 10.3.2), and
// whether that answer was proven (false only when the search gave up within
// LiveBudget; the cell is then reported live, so a caller that drops dead
// cells never drops a live one). p must not be over.
//
// The search rests on this equivalence: x is live iff some set S of empty
// cells containing x is a minimal one with which Red's stones join ring 1 to
// ring n. (If x is live, take a completed colouring whose winner changes with
// x: Red wins with x red and Blue with x blue, so the red cells join the rings
// only through x, and a minimal joining subset of them contains x. Conversely,
// colour S red and every other empty cell blue: Red wins with x red, and not
// with x blue, so Blue does, each full board having exactly one winner.) Such
// a minimal S is, with Red's groups contracted, a chordless path of empty
// cells from ring 1 to ring n, so the search walks chordless paths only.
//
// Chordless: call two empty cells linked when they are adjacent or touch
// one red group, and a cell linked to ring 1 (n) when it lies on it or
// touches a red group that does. The walk's first cell alone is linked to
// ring 1, its last alone to ring n, and a cell to no path cell but its two
// neighbours on the path (walk forbids the rest). A path of Red's stones and
// the path cells from ring 1 to ring n goes from cell to linked cell (red
// groups never touch each other, and none joins the rings: p is not over),
// so without any one path cell there is none: every complete path is
// minimal, and holds only live cells.
func (nt *Notions) Live(p board.Position, x board.Cell) (live, proven bool) {
	ls, ok := nt.liveStart(p)
	if !ok || !ls.empty.Has(x) {
		return false, true
	}
	return ls.search(x)
}

// LiveAmong is the set of the cells of cands that Live reports live in p
// (proven or not), found with fewer searches: every cell of the path a
// search finds is live too (the path is a minimal joining set; see Live),
// so a later candidate on it needs no search of its own. The answer is that
// of Live cell by cell, whatever the order.
func (nt *Notions) LiveAmong(p board.Position, cands board.Bits) board.Bits {
	ls, ok := nt.liveStart(p)
	if !ok {
		return board.Bits{}
	}
	var live, known board.Bits
	for c := cands.And(ls.empty); c.Any(); {
		x := c.Pop()
		if known.Has(x) {
			live = live.With(x)
			continue
		}
		if l, _ := ls.search(x); l {
			live = live.With(x)
			known = known.Or(ls.found)
		}
	}
	return live
}

// liveStart prepares the search of Live for the position p (ok false when
// no cell is empty).
func (nt *Notions) liveStart(p board.Position) (liveSearch, bool) {
	b := nt.B
	red := p.Red
	empty := b.All().AndNot(p.Occupied())
	if empty.Empty() {
		return liveSearch{}, false
	}
	start := empty.And(b.Top().Or(b.Grow(b.Reach(red, b.Top()))))
	end := empty.And(b.Bottom().Or(b.Grow(b.Reach(red, b.Bottom()))))
	return liveSearch{nt: nt, red: red, empty: empty, start: start, end: end}, true
}

// search is Live's search for the empty cell x; when x is live and proven,
// found is the path that shows it.
func (ls *liveSearch) search(x board.Cell) (live, proven bool) {
	ls.x, ls.budget, ls.found = x, LiveBudget, board.Bits{}
	for s := ls.start; s.Any(); {
		e := s.Pop()
		if ls.walk(board.Bit(e), ls.start.Or(board.Bit(e)), e) {
			return true, true
		}
		if ls.budget < 0 {
			return true, false
		}
	}
	return false, true
}

type liveSearch struct {
	nt                     *Notions
	red, empty, start, end board.Bits
	x                      board.Cell
	budget                 int
	found                  board.Bits // the path of the last search that found one
}

// around is the empty cells next to e through adjacency or through one red
// group next to e: the cells a chordless path may not revisit after e's
// successor.
func (ls *liveSearch) around(e board.Cell) board.Bits {
	b := ls.nt.B
	g := b.Reach(ls.red, b.Neighbours(e))
	return ls.empty.And(b.Grow(g.With(e))).Without(e)
}

// walk extends the chordless path (its cells; last its last cell), with
// forbidden the cells no later cell of the path may be: the start cells (next
// to ring 1), the path, and the cells around every path cell but the last.
func (ls *liveSearch) walk(path, forbidden board.Bits, last board.Cell) bool {
	ls.budget--
	if ls.budget < 0 {
		return false
	}
	b := ls.nt.B
	if ls.end.Has(last) {
		// The path is minimal by the way it was built (Live, "Chordless"),
		// so x is live.
		if path.Has(ls.x) {
			ls.found = path
			return true
		}
		return false
	}
	// The rest of the path must still reach x (if not on it) and ring n.
	open := ls.empty.AndNot(forbidden).Or(ls.red).With(last)
	r := b.Reach(open, board.Bit(last))
	if r.And(ls.end).Empty() || !path.Has(ls.x) && !r.Has(ls.x) {
		return false
	}
	around := ls.around(last)
	next := around.AndNot(forbidden)
	if next.Has(ls.x) {
		// x first: most live cells are found on the first path tried.
		if ls.walk(path.With(ls.x), forbidden.Or(around).With(ls.x), ls.x) {
			return true
		}
		next = next.Without(ls.x)
	}
	for n := next; n.Any(); {
		e := n.Pop()
		if ls.walk(path.With(e), forbidden.Or(around).With(e), e) {
			return true
		}
		if ls.budget < 0 {
			return false
		}
	}
	return false
}
