package verify

import (
	"fmt"
	"slices"

	"hexproof/board"
	"hexproof/tt"
	"hexproof/verify/game"
)

// Counterexample reconstruction (docs/design.md §5: the shortest lost game; among those,
// the one whose move list is smallest in cell order).
//
// The breadth-first search stores only positions, not how they were reached.
// Once layer dL holds the states from which the shortest loss happens (the
// "bad" states, with an event at depth L), the bad states of the earlier layers
// are found backwards: S in layer d-2 is bad iff one of its steps reaches a bad
// state of layer d. Predecessors of a stored representative T are enumerated
// by removing one stone of each colour and checking (1) that the result is a
// stored position of layer d-2 (so it is reachable) and (2) that the strategy,
// after the opponent's stone, allows the removed stone of its own. Checking T
// alone suffices under symmetry: if g·(X+b+a) = T then g·X = T-g·a-g·b, and g·a
// is allowed there because the strategy commutes with g.
//
// Then a walk from the empty board, trying the opponent's moves and the
// strategy's allowed moves in cell order and entering only bad states, meets
// every lost game of length L in lexicographic order of its move list; the
// first is the counterexample, and the first MaxLosses are exported. Every
// entered state leads to a loss, so the walk never backtracks in vain.

type badSets map[int]map[tt.Key]struct{}

func (e *engine) finishWithEvent(d0, dL int, lr *layerResult, sizes map[int]int64) error {
	res := e.res
	// The last layer's rule counts, wins and symmetry hits are incomplete (the
	// expansion stopped generating once an event was seen): not reported.
	kind, L := evLoss, lr.minEvent
	targets := lr.events
	if lr.minEvent == 0 {
		// Only strategy errors: they are complete (see engine.lossSeen).
		kind, L, targets = evError, dL+1, lr.errors
	}
	bad := badSets{dL: {}}
	for _, k := range targets {
		bad[dL][k] = struct{}{}
	}
	for d := dL - 2; d >= d0; d -= 2 {
		layer, err := e.store.Layer(d)
		if err != nil {
			return err
		}
		bad[d] = map[tt.Key]struct{}{}
		if err := e.preds(bad[d+2], layer, bad[d]); err != nil {
			return err
		}
		if len(bad[d]) == 0 {
			return fmt.Errorf("internal error: no predecessor of the bad states of layer %d in layer %d", d+2, d)
		}
	}
	var found *board.Game
	var detail string
	var exportErr error
	w := walker{e: e, bad: bad, dL: dL, L: L, kind: kind}
	w.yield = func(moves []board.Move, why string) bool {
		g := board.Game{Board: e.b, Starter: e.opt.Starter, Moves: append([]board.Move(nil), moves...)}
		if kind == evLoss && e.b.Wins(g.Position(-1), e.opp) {
			g.Winner = e.opp
		}
		if found == nil {
			found, detail = &g, why
		}
		if kind == evError || e.opt.OnLoss == nil || res.Losses >= int64(e.opt.MaxLosses) {
			return false
		}
		if exportErr = e.opt.OnLoss(g); exportErr != nil {
			return false
		}
		res.Losses++
		return res.Losses < int64(e.opt.MaxLosses)
	}
	w.root(d0)
	if exportErr != nil {
		return fmt.Errorf("exporting losses: %w", exportErr)
	}
	if found == nil {
		return fmt.Errorf("internal error: the walk found no game to the event in layer %d", dL)
	}
	res.Counterexample = found
	res.Minimal = true
	// The longest game of the explored graph counts the counterexample too
	// (the last layer's wins are not counted: they are incomplete).
	res.LongestGame = max(res.LongestGame, len(found.Moves))
	res.LayersDone = dL
	if kind == evError {
		res.Verdict = StrategyError
		res.Detail = detail
	} else {
		res.Verdict = Refuted
		if found.Winner == board.Empty {
			res.Detail = "the board filled up with no winner (a draw): the strategy did not win"
		}
	}
	return nil
}

// predCand is a candidate predecessor s of a bad state: the position
// before the opponent's stone b and the strategy's stone r, and its key.
type predCand struct {
	k    tt.Key
	s    board.Position
	r, b board.Cell
}

// predBatch bounds the candidates gathered before they are looked up (at
// most about 14 MB).
const predBatch = 1 << 18

// preds adds to out the canonical stored predecessors (in layer) of the
// states in targets. Candidates of a layer in Badger are looked up in key
// order, a batch at a time, so that each of its blocks is read once per
// batch rather than once per question (see tt's block cache); candidates of
// one key then come together, and are asked about once.
func (e *engine) preds(targets map[tt.Key]struct{}, layer tt.Layer, out map[tt.Key]struct{}) error {
	var hits Tally // symmetry hits are not counted here
	var cands []predCand
	_, inMemory := layer.(tt.MemLayer)
	flush := func() error {
		if !inMemory { // a binary search of a layer in memory needs no order
			slices.SortFunc(cands, func(a, b predCand) int { return tt.Compare(a.k, b.k) })
		}
		for i := 0; i < len(cands); {
			j := i + 1
			for j < len(cands) && cands[j].k == cands[i].k {
				j++
			}
			if err := e.predOf(cands[i:j], layer, out); err != nil {
				return err
			}
			i = j
		}
		cands = cands[:0]
		return nil
	}
	for t := range targets {
		p := t.Position()
		for rs := p.Stones(e.me); rs.Any(); {
			r := rs.Pop()
			for bs := p.Stones(e.opp); bs.Any(); {
				b := bs.Pop()
				s := p
				if e.me == board.Red {
					s.Red, s.Blue = s.Red.Without(r), s.Blue.Without(b)
				} else {
					s.Blue, s.Red = s.Blue.Without(r), s.Red.Without(b)
				}
				cands = append(cands, predCand{k: e.key(s, &hits), s: s, r: r, b: b})
			}
		}
		if len(cands) >= predBatch {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

// predOf adds the key of cs (candidates of one key) to out if it is a stored
// position (so it is reachable) from which a step reaches a bad state: after
// the opponent's stone, the strategy allows the removed stone of its own.
func (e *engine) predOf(cs []predCand, layer tt.Layer, out map[tt.Key]struct{}) error {
	k := cs[0].k
	if _, dup := out[k]; dup {
		return nil
	}
	in, err := layer.Contains(k)
	if err != nil || !in {
		return err
	}
	for _, c := range cs {
		p1, o := e.rules.Place(c.s, e.opp, c.b)
		if o != game.Going {
			continue
		}
		allowed, _, f := e.rules.Answer(p1, c.b)
		if f == game.NoFault && allowed.Has(c.r) {
			out[k] = struct{}{}
			return nil
		}
	}
	return nil
}

// compareMoves orders move lists of one length by their cells (docs/design.md §5).
func compareMoves(a, b []board.Move) int {
	for i := range a {
		if a[i].Cell != b[i].Cell {
			return int(a[i].Cell) - int(b[i].Cell)
		}
	}
	return 0
}

type walker struct {
	e     *engine
	bad   badSets
	dL, L int
	kind  eventKind
	moves []board.Move
	yield func(moves []board.Move, why string) bool
}

func (w *walker) isBad(d int, p board.Position) bool {
	_, ok := w.bad[d][w.e.key(p, &Tally{})]
	return ok
}

// root starts the walk: from the empty board when the opponent starts, else
// from each allowed opening move leading to a bad state of layer 1.
func (w *walker) root(d0 int) {
	e := w.e
	if len(e.opt.Starts) > 0 {
		// From the prefixes, in the order of their move lists: all have the
		// same length, so the first prefix that leads to a loss begins the
		// smallest lost game.
		starts := slices.Clone(e.opt.Starts)
		slices.SortFunc(starts, func(a, b board.Game) int { return compareMoves(a.Moves, b.Moves) })
		for _, g := range starts {
			p := g.Position(-1)
			if !w.isBad(d0, p) {
				continue
			}
			w.moves = append(w.moves[:0], g.Moves...)
			if !w.walk(p, d0) {
				return
			}
		}
		return
	}
	if d0 == 0 {
		w.walk(board.Position{}, 0)
		return
	}
	allowed, rule, f := e.rules.Answer(board.Position{}, board.NoCell)
	if f != game.NoFault {
		return
	}
	for allowed.Any() {
		a := allowed.Pop()
		p, o := e.rules.Place(board.Position{}, e.me, a)
		if o != game.Going || !w.isBad(1, p) {
			continue
		}
		w.moves = append(w.moves[:0], board.Move{Player: e.me, Cell: a, Rule: rule})
		if !w.walk(p, 1) {
			return
		}
	}
}

// walk visits, in cell order, the continuations of bad state p in layer d; it
// returns false when the yield function asks to stop.
func (w *walker) walk(p board.Position, d int) bool {
	e := w.e
	empty := e.all.AndNot(p.Occupied())
	n := len(w.moves)
	defer func() { w.moves = w.moves[:n] }()
	last := d == w.dL // the layer of the event
	more := true
	e.rules.Replies(p, empty, func(rep game.Reply) bool {
		w.moves = append(w.moves[:n], board.Move{Player: e.opp, Cell: rep.B})
		switch {
		case rep.Outcome != game.Going:
			if last && w.L == d+1 && w.kind == evLoss {
				more = w.yield(w.moves, "")
			}
			return more
		case last && w.kind == evError:
			if rep.Fault != game.NoFault {
				more = w.yield(w.moves, e.rules.Describe(rep.Fault, rep.P, rep.B, rep.Allowed, rep.Rule))
			}
			return more
		case rep.Fault != game.NoFault:
			return true
		}
		for a := rep.Allowed; a.Any() && more; {
			c := a.Pop()
			p2, o := e.rules.After(&rep, c)
			w.moves = append(w.moves[:n+1], board.Move{Player: e.me, Cell: c, Rule: rep.Rule})
			switch {
			case o == game.Won:
			case o == game.Drawn:
				if last && w.L == d+2 && w.kind == evLoss {
					more = w.yield(w.moves, "")
				}
			case d < w.dL && w.isBad(d+2, p2):
				more = w.walk(p2, d+2)
			}
		}
		return more
	})
	return more
}
