package strategies

// The repairs of Alg. 8.4.1 that the thesis proposes in ch. 10, as options
// (off by default; docs/decisions/fitzgerald.md, "The repairs of chapter
// 10"): the look-ahead for Blue's double threats (§10.1.2, option
// lookahead) and the avoidance of dead cells (§10.3, Def. 10.3.2, option
// dead) narrow the moves of the rule step II chose, before the hierarchy.
// The other two change a rule: truepath the danger of overlapping bridges
// (§10.2.2, createsOverlap in fitzgerald.go), rule16=near the paths of rule
// 16 (§10.2.2, rule16 in fitzgerald_rules.go).

import (
	"sync"

	"hexproof/board"
	"hexproof/strategies/notions"
	"hexproof/tt"
	"hexproof/verify/solve/knowledge"
)

// repairChoice narrows the moves of the chosen rule by the repairs and the
// knowledge, which act before the hierarchy: first the dead cells go
// (dead=avoid); then, with the knowledge on, if it proves some moves won,
// those are kept and nothing else is asked (a won move needs no look-ahead);
// else the moves after which Blue has a double threat go (lookahead=on), and
// then, with the knowledge on, those it proves lost. Each keeps the list
// when it would leave nothing, as a hierarchy item does. pick is the
// hierarchy (see knowledgeTieBreak.won); eager asks the knowledge of every
// move (for the hierarchy's trace).
func (f *Fitzgerald) repairChoice(s *state, cands board.Bits, pick func(board.Bits) board.Cell, eager bool) board.Bits {
	if cands.Count() < 2 {
		return cands
	}
	var e *kAnalyzer
	if f.kn != nil {
		e = f.kn.pool.Get().(*kAnalyzer)
		defer f.kn.pool.Put(e)
	}
	if f.deadAvoid && e != nil && !eager && !f.kn.eager {
		// The hierarchy's pick h among all the candidates, when live, is
		// its pick among the live ones too (it picks its pick again from
		// any subset that holds it; see knowledgeTieBreak.won), so when the
		// knowledge proves h won, h is the answer the steps below give,
		// found without looking at the other candidates' liveness.
		if h := pick(cands); isLive(f.nt, s.p, h) && e.winner(s.p.Play(board.Red, h)) == board.Red {
			return board.Bit(h)
		}
	}
	if f.deadAvoid {
		// The live candidates, as keepIf would keep them (all when none is).
		if live := f.nt.LiveAmong(s.p, cands); live.Any() {
			cands = live
		}
	}
	if e != nil {
		if cands.Count() > 1 {
			if won := f.kn.won(e, s.p, cands, pick, eager); won.Any() {
				return won
			}
		}
	}
	if f.lookahead && cands.Count() > 1 {
		threat := f.blueDoubleThreat
		if e != nil {
			// The verdicts are cached like the knowledge's own
			// (blueDoubleThreat is a function of the position).
			threat = func(q board.Position) bool { return e.doubleThreat(q, f.blueDoubleThreat) }
		}
		cands = keepIf(cands, func(c board.Cell) bool { return !threat(s.p.Play(board.Red, c)) })
	}
	if e != nil && cands.Count() > 1 {
		cands = keepIf(cands, func(c board.Cell) bool { return e.winner(s.p.Play(board.Red, c)) != board.Blue })
	}
	return cands
}

// blueDoubleThreat reports whether Blue, to move in q, has a move that makes
// two disjoint threats (§10.1.2, Fig. 10.2c and Fig. 8.5b): a move after which
// Blue threatens to win or to make a provisional winning path and no single
// red stone stops every such threat (blueUnstoppable). A Blue move after
// which Red can win at once threatens nothing.
func (f *Fitzgerald) blueDoubleThreat(q board.Position) bool {
	nt := f.nt
	if nt.RedWinningMoves(q).Any() {
		return false // Red wins before any threat of Blue's
	}
	for m := nt.B.All().AndNot(q.Occupied()); m.Any(); {
		r := q.Play(board.Blue, m.Pop())
		if nt.RedWinningMoves(r).Any() {
			continue
		}
		if f.blueUnstoppable(r) {
			return true
		}
	}
	return false
}

// blueUnstoppable reports whether, Red to move in r, Blue has a winning move
// or a move that makes a provisional winning path, and no red stone leaves
// Blue with neither. Only these stones can stop them: Blue's winning move
// (two of them cannot both be stopped), else a provisional winning move, a
// bridge cell of Blue's bridges, or one of a bridge a provisional winning
// move would make — a red stone elsewhere touches no cycle Blue would close.
func (f *Fitzgerald) blueUnstoppable(r board.Position) bool {
	nt := f.nt
	empty := nt.B.All().AndNot(r.Occupied())
	stop := nt.BlueWinningMoves(r)
	switch {
	case stop.Count() > 1:
		return true
	case stop.Empty():
		pw := f.bluePWMoves(r)
		if pw.Empty() {
			return false
		}
		var bl notions.BridgeList
		nt.Bridges(r.Blue, empty, false, &bl)
		stop = pw.Or(notions.BridgeCells(&bl)).Or(f.potentialBlueBridgeCells(r.Blue, empty, pw)).And(empty)
	}
	for c := stop; c.Any(); {
		x := r.Play(board.Red, c.Pop())
		if nt.BlueWinningMoves(x).Empty() && f.bluePWMoves(x).Empty() {
			return false
		}
	}
	return true
}

// knowledgeTieBreak is the knowledge in the strategy (option knowledge, not
// from the thesis; docs/decisions/fitzgerald.md, "Knowledge as a tie-break,
// and rule K"). An Analyzer keeps scratch space, so each goroutine takes its
// own from the pool, with its own caches of verdicts (about 5 MB with the
// Analyzer, outside --memory's pool; the pool may drop them at a garbage
// collection, which costs only the cache); an analysis is a function of the
// position and the mover alone (knowledge.TestAnalyzeIsAFunction), so the
// strategy stays deterministic whatever the verifier's jobs.
type knowledgeTieBreak struct {
	b    *board.Board
	pool sync.Pool
	// eager analyses every move (tests compare it with the lazy order).
	eager bool
	// exact (knowledge=solve): where the knowledge proves nothing, the
	// solver decides (kAnalyzer.winner), so every verdict is known.
	exact bool
}

// kCacheBits sizes each Analyzer's caches of verdicts: 65,536 positions
// each, about 2.2 MB together.
const kCacheBits = 16

type kAnalyzer struct {
	a    *knowledge.Analyzer
	keys []tt.Key
	// winner + 1 (1, 2, 3); notRed: only that Red's win is not proved
	// (redWins); 0: the slot is empty
	win []board.Color
	// The look-ahead's verdicts (blueDoubleThreat), the same way:
	// dtKeys, and dt = 1 + (1 if a double threat).
	dtKeys []tt.Key
	dt     []uint8
	// exact: ask pp where the knowledge proves nothing (knowledge=solve);
	// pp is made on first use and kept with the Analyzer.
	exact bool
	pp    PerfectPlay
	b     *board.Board
}

// doubleThreat is threat(q) (blueDoubleThreat, a function of q), cached.
func (k *kAnalyzer) doubleThreat(q board.Position, threat func(board.Position) bool) bool {
	key, i := slot(q)
	if k.dt[i] != 0 && k.dtKeys[i] == key {
		return k.dt[i] == 2
	}
	v := threat(q)
	k.dtKeys[i], k.dt[i] = key, 1
	if v {
		k.dt[i] = 2
	}
	return v
}

// winner is what the knowledge proves of q with Blue to move (board.Empty:
// nothing). The cache is direct-mapped by exact position, so a hit is the
// analysis itself (the analysis is a function of the position).
func (k *kAnalyzer) winner(q board.Position) board.Color {
	key, i := slot(q)
	if k.win[i] != 0 && k.win[i] != notRed && k.keys[i] == key {
		return k.win[i] - 1
	}
	// Red's connection decides nearly every analysis here, so Red's H-search
	// goes first (the same analysis, knowledge.AnalyzeRedFirst).
	w := k.a.AnalyzeRedFirst(q, board.Blue).Winner
	if w == board.Empty && k.exact {
		w = k.solved(q)
	}
	k.keys[i], k.win[i] = key, w+1
	return w
}

// solved is who wins q, Blue to move, with perfect play (knowledge=solve).
// The solver's answer is a property of the position, whatever its table
// holds from earlier questions, so the strategy stays a function of the
// position whatever the order of questions or the number of goroutines.
// On an error (none is expected: no budget, no deadline) it answers
// board.Empty, nothing known, and the tie-break falls back to the hierarchy.
func (k *kAnalyzer) solved(q board.Position) board.Color {
	b := k.b
	if b.Wins(q, board.Red) {
		return board.Red
	}
	if q.Occupied() == b.All() {
		return board.Blue // full and not Red's: Blue's (no draws off the torus)
	}
	if k.pp == nil {
		pp, err := newPerfectPlay(b)
		if err != nil {
			return board.Empty
		}
		k.pp = pp
	}
	w, err := k.pp.Winner(q, board.Blue)
	if err != nil {
		return board.Empty
	}
	return w
}

// slot is q's key and its slot in a kAnalyzer's direct-mapped caches.
func slot(q board.Position) (tt.Key, uint64) {
	key := tt.KeyOf(q)
	return key, key.Hash() >> (64 - kCacheBits)
}

// notRed marks a cached verdict of which redWins knows only that it is not
// Red's win.
const notRed = 4

// redWins is winner(q) == board.Red, with the analysis stopped where it can
// no longer prove Red's win (knowledge.RedWins); the same cache.
func (k *kAnalyzer) redWins(q board.Position) bool {
	key, i := slot(q)
	if k.win[i] != 0 && k.keys[i] == key {
		return k.win[i] == board.Red+1
	}
	res, full := k.a.RedWins(q, board.Blue)
	k.keys[i], k.win[i] = key, notRed
	if full {
		k.win[i] = res.Winner + 1
	}
	return res.Winner == board.Red
}

func newKnowledgeTieBreak(b *board.Board) (*knowledgeTieBreak, error) {
	if _, err := knowledge.New(b, knowledge.PinnedLimits); err != nil {
		return nil, err
	}
	k := &knowledgeTieBreak{b: b}
	k.pool.New = func() any {
		a, _ := knowledge.New(b, knowledge.PinnedLimits) // checked above
		return &kAnalyzer{a: a, keys: make([]tt.Key, 1<<kCacheBits), win: make([]board.Color, 1<<kCacheBits),
			dtKeys: make([]tt.Key, 1<<kCacheBits), dt: make([]uint8, 1<<kCacheBits), exact: k.exact, b: b}
	}
	return k, nil
}

// won returns Red's candidate moves in p (two or more, none of them
// winning at once: rule 1 comes first) after which the knowledge proves that
// Red wins with Blue to move; none if there are none. The knowledge only
// ever claims what perfect play gives (decisions/solve.md), so they are won
// moves; the verifier, which knows nothing of the knowledge, checks the
// strategy that results.
//
// pick is the hierarchy. Unless eager (the hierarchy's trace wants the whole
// set), it is asked first, and when the knowledge proves its move won, that
// move alone is returned without analysing the others: the hierarchy keeps,
// item by item, the cells of the best score, each cell's score depending on
// the position and the cell only (keepIf, keepMax, item 8's tiers), so from
// any subset that holds its pick h it picks h again (by induction over the
// items, its cells at each item are those of the whole set's run within the
// subset, and h among them). So h is what the hierarchy picks from the won
// moves. TestKnowledgeLazyIsEager checks it.
func (k *knowledgeTieBreak) won(e *kAnalyzer, p board.Position, cands board.Bits, pick func(board.Bits) board.Cell, eager bool) board.Bits {
	if !k.eager && !eager {
		if h := pick(cands); e.winner(p.Play(board.Red, h)) == board.Red {
			return board.Bit(h)
		}
	}
	var won board.Bits
	for m := cands; m.Any(); {
		if c := m.Pop(); e.winner(p.Play(board.Red, c)) == board.Red {
			won = won.With(c)
		}
	}
	return won
}

// keepWin is rule K (knowledge=keep, not from the thesis; see
// docs/decisions/fitzgerald.md): when the move h that Alg. 8.4.1 chose in p
// (Red to move) is not proved won by the knowledge, but the knowledge proves
// that Red to move wins in p by H-search's semi-connections, Red plays
// instead the hierarchy's pick among their first cells (each a winning move:
// the semi-connection becomes a virtual connection). When Red already has a
// virtual connection, every move keeps it (a red stone never breaks one), so
// h stays.
//
// With hold (knowledge=hold), rule H: when the knowledge proves nothing in p
// but proved Red's win in the position before Blue's last stone (on last,
// Blue to move there), Blue's stone went into the carrier of Red's virtual
// connection, and Red has an answer that restores it, which H-search, a
// bounded search, may not find as a semi-connection of p. So each empty
// cell is tried, and Red plays the hierarchy's pick among those after which
// the knowledge proves the win (none: h stays).
//
// With sweep (knowledge=sweep), rule S: the same trial of every empty cell
// whenever the knowledge proves nothing in p, whatever it proved before
// Blue's move (rule H's condition missed a win that rule K's own move had
// left unproved; docs/decisions/fitzgerald.md, "Rule S"). ok reports
// whether the move changes, and rule is "K", "H" or "S".
func (k *knowledgeTieBreak) keepWin(p board.Position, last, h board.Cell, pick func(board.Bits) board.Cell, mode knMode) (board.Cell, string, bool) {
	e := k.pool.Get().(*kAnalyzer)
	defer k.pool.Put(e)
	if e.winner(p.Play(board.Red, h)) == board.Red {
		return h, "", false
	}
	a := e.a.AnalyzeRedFirst(p, board.Red)
	if a.Winner == board.Red {
		if a.Keys.Empty() || a.Keys.Has(h) {
			return h, "", false
		}
		return pick(a.Keys), "K", true
	}
	if a.Winner != board.Empty {
		return h, "", false // Blue's win is proved: no move wins
	}
	var rule string
	switch mode {
	case knKeep:
		return h, "", false
	case knHold:
		if last == board.NoCell || e.winner(p.Without(last)) != board.Red {
			return h, "", false
		}
		rule = "H"
	case knSweep:
		rule = "S"
	}
	won := k.sweep(e, p, a)
	won = won.Without(h)
	if won.Empty() {
		return h, "", false
	}
	return pick(won), rule, true
}

// sweep returns the empty cells of p (Red to move, a its analysis, which
// proves nothing) after which the knowledge proves Red's win, Blue to move.
// The live cells outside a.MustPlay are not tried: with Red to move those
// lose (Blue's threats and semi-rings, decisions/solve.md K6, K7, K10), and
// the knowledge only claims what perfect play gives, so it proves no win
// after them. The dead and captured cells are tried. Each try stops once
// Red's win can no longer be proved (knowledge.RedWins). TestSweepIsPlain
// compares it with the plain trial of every cell.
func (k *knowledgeTieBreak) sweep(e *kAnalyzer, p board.Position, a knowledge.Analysis) board.Bits {
	empty := k.b.All().AndNot(p.Occupied())
	live := empty.AndNot(a.Dead).AndNot(a.Captured)
	var won board.Bits
	for m := empty.AndNot(live.AndNot(a.MustPlay)); m.Any(); {
		if c := m.Pop(); e.redWins(p.Play(board.Red, c)) {
			won = won.With(c)
		}
	}
	return won
}

// knMode is how far the knowledge may replace the rules' move (option
// knowledge beyond prefer): rule K (keep), also rule H (hold), or rule S
// instead of H (sweep).
type knMode int

const (
	knKeep knMode = iota + 1
	knHold
	knSweep
)

// isLive is Live's answer, proven or not: LiveAmong's for one cell.
func isLive(nt *notions.Notions, p board.Position, x board.Cell) bool {
	live, _ := nt.Live(p, x)
	return live
}
