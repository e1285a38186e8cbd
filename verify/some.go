package verify

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/tt"
	"hexproof/verify/andor"
	"hexproof/verify/game"
)

// `some` (docs/design.md §4) asks whether the strategy's rules can be completed into a
// winning strategy: at the strategy's turns some allowed move must keep the
// win. That is an AND/OR search, done by the boolean proof-number search of
// package andor (the same core as `solve`) over the shared game step, with
// the opponent free to play any empty cell and the strategy restricted to
// its allowed sets.
//
// Definitions (unchanged from the exact minimax this replaces, and checked
// against a plain recursion of it in reference_test.go). Give every finished
// game a score that carries the outcome and the length (plies):
//
//	the strategy wins after len plies:  200 - len   (≥ 136, since len ≤ 64)
//	the strategy loses after len plies: len         (≤ 64; a draw counts as a loss)
//
// The strategy maximises the score (win, and win soonest; if it must lose,
// lose as late as possible); the opponent minimises it. So a refutation's
// length is that of the shortest loss the opponent can force against every
// completion, the reported game is the principal variation (each player's
// first move in cell order that realises the value), and for a proof the
// "longest game" is the length when the strategy hurries and the opponent
// delays. Each of these is a boolean question on the same search:
//
//   - verdict: does the opponent force a game the strategy does not win?
//     (prover = opponent, a draw is the prover's win, no depth bound);
//   - refutation length L: the least K such that the opponent forces that by
//     ply K (the minimax loss score is exactly that K);
//   - proof length W: the least K such that the strategy forces its win by
//     ply K (prover = strategy, a draw is not a win);
//   - principal game: at the opponent's turns the first move after which the
//     opponent still forces by L; at the strategy's turns the first allowed
//     move after which the opponent does NOT force by L-1 (its score is then
//     exactly L, the strategy's best).
//
// L and W are found by binary search on K, which is sound because "forces by
// K" is monotone in K; all questions share the search's table.
//
// Table keys are positions with the opponent to move, canonical under the
// strategy's declared symmetries: values are invariant under a symmetry the
// strategy commutes with (the game trees are isomorphic move for move).
// Positions with the strategy to move are stored as they are, with the
// opponent's last move, on which the strategy's answer depends. The search is single-threaded; --jobs does not
// apply to it.

const (
	winBase  = 200
	scoreWin = 100 // scores ≥ scoreWin are wins
)

// someNode is a node of the `some` game: a position nobody has won, with
// the opponent to move, or the strategy to move after the opponent's last
// move, with its answer.
type someNode struct {
	p     board.Position
	last  board.Cell
	strat bool // the strategy moves
	// asked: the strategy's answer below is known (else it is asked when
	// the node is expanded: a proof-number search looks at many more
	// children than it expands, and the strategy's decision is the costly
	// part of a step).
	asked   bool
	allowed board.Bits
	rule    string
	fault   game.Fault
}

// faultError is a strategy error met by the search.
type faultError struct{ n someNode }

func (faultError) Error() string { return "strategy error" }

// someGame is the andor.Problem of `some`.
type someGame struct {
	e   *engine
	ctx context.Context
	// w.counts counts the decisions expanded by the search, w.symHits the
	// keys symmetry changed.
	w worker
	// mine[k] and theirs[k] are Stones for the strategy and the opponent in
	// the last node with k stones that needed them: the search expands
	// several children of a node in turn, and a player's winning cells after
	// the other player's move are the node's less that move (Stones.Other).
	mine, theirs []game.Stones
	classes      strategies.LastClasser // nil: the strategy is not one
	// symClasses: every symmetry of the key's group keeps each cell's
	// class, so the strategy's nodes are keyed by their canonical position
	// too (Key).
	symClasses bool
	// orbit is the orbit of the node's position under the symmetries while
	// Expand keys its children, each the position with one more stone
	// (board.Canonicalizer.Plus); nil without symmetries. keyOrbit is Key's.
	orbit, keyOrbit *board.Orbit
	// pruned and unsettled count the oracle's answers (Result.Pruned,
	// Result.Unsettled); unknown holds the positions the oracle could not
	// settle, so that a node the search expands again does not spend the
	// oracle's budget on them again (at most maxUnknown of them).
	pruned, unsettled int64
	unknown           map[board.Position]struct{}
}

// maxUnknown bounds someGame.unknown: about 64 MiB of map. Past it an
// unsettled position may be asked again, which costs time, not soundness.
const maxUnknown = 1 << 20

func (g *someGame) Mover(n someNode) board.Color {
	if n.strat {
		return g.e.me
	}
	return g.e.opp
}

// Key: a position with the opponent to move, canonical under the
// strategy's symmetries. A position with the strategy to move, whose value
// depends on the opponent's last move too (the strategy's answer does), is
// keyed with that move in the tag, in one of three ways:
//   - for a strategies.LastClasser, only the move's class is in the tag, and
//     the position is canonical when every symmetry keeps each cell's class
//     (symClasses; hht's rings under its rotations and reflections);
//   - for any other strategy with symmetries, the pair (position, move) is
//     canonical: the least image of the position, and the least image of the
//     move under the symmetries that give it (board.Canonicalizer.PlusMapped);
//   - else the position and the move as they are.
//
// Why it is sound: a symmetry g of the strategy maps the node (p, x) to
// (g·p, g·x), whose value is the same (the games are isomorphic move for
// move). So the key (g·p, g·x) carries the value of (p, x), whichever g gives
// it, and so does (g·p, class of x) when the node's value depends on x only
// through its class (the answer, and so everything after it, is the same for
// every move of the class) and g·x has x's class. TestSomeStrategyKeys checks
// that equal keys mean nodes so related, and the reference comparisons in
// verify_test.go run strategies of each kind. The two kinds of node never
// share a key: in one run the stone count says whose turn it is.
func (g *someGame) Key(n someNode) (andor.Key, bool) {
	switch {
	case n.last != board.NoCell:
		if g.keyOrbit != nil {
			g.e.canon.Fill(g.keyOrbit, n.p.Without(n.last))
		}
		return g.childKey(g.keyOrbit, n), true
	case n.strat:
		return andor.Key{Key: tt.KeyOf(n.p)}, true // the strategy opens
	}
	return andor.Key{Key: g.e.key(n.p, &g.w.Tally)}, true // the opponent opens
}

// childKey is the key of n, a node after a move n.last, from o, the orbit
// of the position before that move (nil without symmetries): Key and, for
// each child with the parent's orbit, Expand (keyed) find keys here, so that
// the parent's images are computed once for all its children.
func (g *someGame) childKey(o *board.Orbit, n someNode) andor.Key {
	who, canon := g.e.me, o != nil
	var k andor.Key
	if n.strat {
		who = g.e.opp
		switch {
		case g.classes != nil:
			k.Tag, canon = uint16(g.classes.LastClass(n.last)+1), canon && g.symClasses
		case canon:
			// The move mapped by the canonical symmetry (see Key).
			q, img := g.e.canon.PlusMapped(o, who, n.last, n.last)
			g.countSym(q, n.p)
			return andor.Key{Key: tt.KeyOf(q), Tag: uint16(img + 1)}
		default:
			k.Tag = uint16(n.last + 1)
		}
	}
	if !canon {
		k.Key = tt.KeyOf(n.p)
		return k
	}
	q, _ := g.e.canon.Plus(o, who, n.last)
	g.countSym(q, n.p)
	k.Key = tt.KeyOf(q)
	return k
}

// countSym counts a key that symmetry changed (q, the canonical form of p).
func (g *someGame) countSym(q, p board.Position) {
	if q != p {
		g.w.symHits++
	}
}

// keyed gives c, a child of the node whose orbit g.orbit holds, its key,
// when the game goes on after its move.
func (g *someGame) keyed(c *andor.Child[someNode]) {
	if c.O != andor.Going {
		return
	}
	c.Keyed, c.Store, c.Key = true, true, g.childKey(g.orbit, c.S)
}

func (g *someGame) Expand(n someNode, out []andor.Child[someNode]) ([]andor.Child[someNode], error) {
	e := g.e
	if n.strat {
		// The preferred strategy may answer for the rules too, from one
		// analysis (strategies.PairedPreference: fitzgerald for
		// fitzgerald-rules): then it is asked once.
		var own board.Bits
		paired := false
		if !n.asked {
			if e.opt.Prefer != nil && pairedPrefer {
				n.allowed, n.rule, n.fault, own, _, paired = e.rules.AnswerPaired(e.opt.Prefer, n.p, n.last)
				if paired {
					pairedHits.Add(1)
				}
			}
			if !paired {
				n.allowed, n.rule, n.fault = e.rules.Answer(n.p, n.last)
			}
			n.asked = true
		}
		if n.fault != game.NoFault {
			return out, faultError{n}
		}
		g.w.counts.add(n.rule)
		g.fill(n.p)
		st := g.stones(n, e.me)
		// The preferred move first (Options.Prefer; FocusAt), then the
		// others in cell order.
		a, pm := n.allowed, board.NoCell
		if paired {
			if own.Any() && a.Has(own.First()) {
				pm = own.First()
			}
		} else {
			pm = g.preferred(n)
		}
		for a.Any() {
			c := andor.Child[someNode]{Cell: pm}
			if pm != board.NoCell {
				a, pm = a.Without(pm), board.NoCell
			} else {
				c.Cell = a.Pop()
			}
			q, o := st.Place(c.Cell)
			c.S, c.O = someNode{p: q, last: c.Cell}, o.Search()
			if c.O == andor.Going && e.opt.PerfectPlay != nil {
				lost, err := g.lost(q)
				if err != nil {
					return out, err
				}
				if lost {
					c.O = andor.NextWins
				}
			}
			g.keyed(&c)
			out = append(out, c)
		}
		return out, nil
	}
	empty := e.all.AndNot(n.p.Occupied())
	theirs := g.stones(n, e.opp)
	if theirs.Wins.Any() {
		// The opponent wins at once: that move alone decides the node
		// (andor.Problem.Expand), and the strategy is not asked.
		c := theirs.Wins.First()
		q, o := theirs.Place(c)
		return append(out, andor.Child[someNode]{Cell: c, O: o.Search(), S: someNode{p: q, last: c, strat: true}}), nil
	}
	g.fill(n.p)
	if mine := g.kept(n.p, e.me).Wins; mine.Any() {
		// The strategy has winning cells: ask it after every move of the
		// opponent, and mark the moves after which it may take one as
		// andor.NextWins (`some` lets it pick any allowed move), so that the
		// search does not have to expand them to see it. Whatever the
		// opponent plays but a winning cell, the strategy's winning cells
		// after it are mine less that cell (Stones.Other).
		e.rules.RepliesKnown(n.p, empty, theirs.Wins, mine, func(rep game.Reply) bool {
			c := andor.Child[someNode]{Cell: rep.B, O: rep.Outcome.Search(), S: someNode{p: rep.P, last: rep.B, strat: true}}
			if rep.Outcome == game.Going {
				c.S.asked, c.S.allowed, c.S.rule, c.S.fault = true, rep.Allowed, rep.Rule, rep.Fault
				if rep.Fault == game.NoFault && rep.Allowed.And(mine.Without(rep.B)).Any() {
					c.O = andor.NextWins
				}
			}
			g.keyed(&c)
			out = append(out, c)
			return true
		})
		return out, nil
	}
	for bs := empty; bs.Any(); {
		b := bs.Pop()
		q, o := theirs.Place(b)
		c := andor.Child[someNode]{Cell: b, O: o.Search(), S: someNode{p: q, last: b, strat: true}}
		g.keyed(&c)
		out = append(out, c)
	}
	return out, nil
}

// pairedPrefer lets Expand ask a strategies.PairedPreference for both
// answers at once; TestPairedPreferSearch compares the search without it.
var pairedPrefer = true

// pairedHits counts the paired answers (for that test).
var pairedHits atomic.Int64

// preferred is Options.Prefer's move at n, a node with the strategy to move
// whose allowed set is known, when that move is allowed (else NoCell).
func (g *someGame) preferred(n someNode) board.Cell {
	if g.e.opt.Prefer == nil {
		return board.NoCell
	}
	a, _ := preferAllowed(g.e.opt.Prefer, n.p, n.last)
	if !a.Any() || !n.allowed.Has(a.First()) {
		return board.NoCell
	}
	return a.First()
}

// preferAllowed is the preferred strategy's answer, with a panic turned
// into no answer: the preference only orders the search and picks among
// winning moves, so a preferred strategy that fails costs the order, never
// the verdict or the run.
func preferAllowed(s strategies.Strategy, p board.Position, last board.Cell) (a board.Bits, rule string) {
	defer func() {
		if recover() != nil {
			a, rule = board.Bits{}, ""
		}
	}()
	return s.Allowed(p, last)
}

// FocusAt is the focus window of focused DFPN at n (andor.NodeFocused):
// with a preferred strategy (Options.Prefer), one child at the strategy's
// turns, so that its preferred move, searched first (Expand), is followed
// until it is refuted, and only then the next allowed move; every child at
// the opponent's turns.
func (g *someGame) FocusAt(n someNode) (int, float64) {
	if n.strat && g.e.opt.Prefer != nil {
		return 1, 0
	}
	return 0, 0
}

// Pruning by perfect play (Options.PerfectPlay). Under `some` the strategy
// is any completion of its rules: a particular strategy of its side in the
// free game. So where the opponent, to move, wins the free game (has a
// strategy that beats every strategy of the other side), it beats every
// completion too, and the `some` value of that node is "the opponent forces
// a game the strategy does not win". lost asks the oracle exactly that of
// the position after one of the strategy's allowed moves, and Expand marks
// such a move andor.NextWins. The mark says more than that, namely that the
// opponent wins at the next ply: the refutation search's verdict (bound K =
// the cells, which a winning move of the opponent never passes) and the
// proof search (where a NextWins move is a loss for the strategy at any
// depth) are unaffected, but a refutation's length is, so run does not claim
// a refutation found with pruning to be shortest (prunedGame). A proof never
// rests on the oracle: it only removes moves from the strategy's options,
// and the certificate of an optimal verdict is checked by `verify` without
// it. TestSomePruningAgrees compares verdicts with and without pruning.
func (g *someGame) lost(q board.Position) (bool, error) {
	if _, ok := g.unknown[q]; ok {
		return false, nil
	}
	w, known, err := g.e.opt.PerfectPlay.Winner(q, g.e.opp)
	switch {
	case err != nil:
		if g.ctx.Err() != nil {
			return false, andor.ErrStopped // the run's deadline or Ctrl-C: the search says why
		}
		return false, fmt.Errorf("verify: some: perfect play: %w", err)
	case !known:
		g.unsettled++
		if g.unknown == nil {
			g.unknown = map[board.Position]struct{}{}
		}
		if len(g.unknown) < maxUnknown {
			g.unknown[q] = struct{}{}
		}
		return false, nil
	case w == g.e.opp:
		// Only the opponent's win is pruned, not a draw (the torus): after
		// a pruned move prunedGame has the opponent play winning moves.
		// A drawn position is searched, which is sound.
		g.pruned++
		return true, nil
	}
	return false, nil
}

// fill puts the orbit of p in g.orbit, for keyed.
func (g *someGame) fill(p board.Position) {
	if g.orbit != nil {
		g.e.canon.Fill(g.orbit, p)
	}
}

// keepsClasses says whether every element of group maps each cell to a cell
// of the same class.
func keepsClasses(c strategies.LastClasser, group []board.Perm, cells int) bool {
	for _, g := range group {
		for x := board.Cell(0); int(x) < cells; x++ {
			if c.LastClass(g.Apply(x)) != c.LastClass(x) {
				return false
			}
		}
	}
	return true
}

// stones is Stones(n.p, who) for who, the player to move in n, through the
// node before the other player's last move n.last (see g.mine).
func (g *someGame) stones(n someNode, who board.Color) game.Stones {
	if n.last == board.NoCell {
		return g.e.rules.Stones(n.p, who)
	}
	return g.kept(n.p.Without(n.last), who).Other(n.last)
}

// kept is Stones(p, who), kept for the last position with p's stone count.
func (g *someGame) kept(p board.Position, who board.Color) game.Stones {
	memo := &g.mine
	if who != g.e.me {
		memo = &g.theirs
	}
	k := p.Occupied().Count()
	if len(*memo) <= k {
		*memo = append(*memo, make([]game.Stones, k+1-len(*memo))...)
	}
	if m := &(*memo)[k]; !m.PreparedFor(p) {
		*m = g.e.rules.Stones(p, who)
	}
	return (*memo)[k]
}

// Needs implements andor.Distant (board.StonesToWin).
func (g *someGame) Needs(n someNode, who board.Color) (int, board.Bits) {
	return g.e.b.StonesToWin(n.p, who)
}

// Cells implements andor.Distant.
func (g *someGame) Cells() int { return g.e.b.Cells() }

// Threats: `some` does not use the mustplay rule. At the opponent's turns it
// does not hold (the strategy may not be allowed its winning cell); at the
// strategy's turns it would cost the opponent's winning cells at every
// strategy node, and they are rarely there (at 0.13 % of the strategy's
// expansions in `hht` 5×5 with Red starting), so the search expands such a
// node's children instead, and the opponent's winning move decides each of
// them at once (Expand). Asking for them made that run 3 % slower, though it
// expanded 7 % fewer nodes (docs/performance.md).
func (g *someGame) Threats(n someNode) (board.Bits, bool) {
	return board.Bits{}, false
}

// someSearch is one `some` run: the refutation search (prover: the
// opponent) and, for a proof's length, the proof search (prover: the
// strategy), over one game.
type someSearch struct {
	e     *engine
	g     *someGame
	root  someNode
	refut *andor.Search[someNode]
	proof *andor.Search[someNode]
	// prefix is the moves from the empty board to the root of the current
	// question; failAt the moves to a strategy error.
	prefix, failAt []board.Cell
	// start is the game from the empty board to the root (Options.Starts,
	// `verify --moves`; empty: the root is the empty board), and ply0 its
	// length: every question's plies count from the empty board.
	start []board.Move
	ply0  int
}

func (e *engine) newSomeSearch(ctx context.Context) *someSearch {
	g := &someGame{e: e, ctx: ctx}
	g.classes, _ = e.rules.S.(strategies.LastClasser)
	g.symClasses = g.classes != nil && keepsClasses(g.classes, e.group, e.b.Cells())
	if len(e.group) > 1 {
		g.orbit, g.keyOrbit = e.canon.NewOrbit(), e.canon.NewOrbit()
	}
	s := &someSearch{e: e, g: g}
	// Each table gets a quarter of the memory budget, at most 512 MiB (2^24
	// entries) or an eighth of the budget if that is more: at the default
	// budget (4 GiB) twice the entries made `hht` 5×5 with Red starting
	// expand 20 % fewer nodes but take 6 % longer, each probe missing the
	// cache more often (docs/history/performance-2026-11.md, "Twice the
	// slots"); a search of a billion nodes
	// overwrites 2^24 entries many times over, and a user who gives it more
	// memory means it to use it.
	budget := e.opt.memoryBudget()
	tableBytes := min(budget/4, max(1<<29, budget/8))
	mk := func(prover board.Color, drawWins bool) *andor.Search[someNode] {
		x := andor.New[someNode](g, prover, drawWins, ctx, tableBytes)
		x.MaxNodes = e.opt.MaxPositions
		x.OnProgress = func(int64) { e.positions.Store(s.nodes()) }
		return x
	}
	s.refut = mk(e.opp, true)
	s.proof = mk(e.me, false)
	// The proof search reads the refutation search's unbounded answers (the
	// two ask about the same game, with the same keys): where the opponent
	// forces a game the strategy does not win, the strategy wins by no bound;
	// where it does not, the strategy wins by the ply at which the longest
	// game of that disproof's tree ends (andor.Search.ProveDepth).
	cells := e.b.Cells()
	s.proof.OracleTable = s.refut.Table()
	s.proof.Oracle = func(k andor.Key, d, K int) (bool, int, bool) {
		refuted, depth, ok := s.refut.Table().Peek(k, cells)
		switch {
		case !ok:
			return false, 0, false
		case refuted:
			return false, depth, true
		case d+depth <= K:
			return true, depth, true
		}
		return false, 0, false
	}
	return s
}

func (s *someSearch) nodes() int64 { return s.refut.Nodes + s.proof.Nodes }

func (e *engine) runSome(ctx context.Context) error {
	if e.opt.DB != "" && e.opt.Resume {
		return ErrSomeResume
	}
	res := e.res
	s := e.newSomeSearch(ctx)
	err := s.run()
	res.Positions = s.nodes()
	res.TranspositionHits = s.refut.Hits + s.proof.Hits
	res.SymmetryHits = s.g.w.symHits
	res.Pruned, res.Unsettled = s.g.pruned, s.g.unsettled
	res.RuleCounts = map[string]int64{}
	s.g.w.counts.addTo(res.RuleCounts)
	if err == nil && res.Verdict == Optimal && (e.opt.Certificate || e.opt.Overlay && e.opt.Prefer != nil) {
		// After the figures above, so that they do not depend on whether a
		// certificate was asked for.
		if e.opt.Certificate {
			res.Certificate, res.CertificateErr = s.someCertificate(res.LongestGame)
		} else {
			res.CertificateErr = s.someOverlay(res.LongestGame)
		}
		var ce *CertificateError
		if res.CertificateErr != nil && !errors.As(res.CertificateErr, &ce) {
			return res.CertificateErr // a bug, not a fact about the proof
		}
	}
	var fe faultError
	switch {
	case errors.As(err, &fe):
		res.Verdict, res.Counterexample, res.Minimal = StrategyError, s.faultGame(), false
		res.Detail = e.rules.Describe(fe.n.fault, fe.n.p, fe.n.last, fe.n.allowed, fe.n.rule)
		res.LongestGame, res.LayersDone = 0, 0
		return nil
	case errors.Is(err, andor.ErrStopped):
		res.Verdict, res.Counterexample, res.Minimal = Inconclusive, nil, false
		why := "stopped"
		switch {
		case ctx.Err() == context.DeadlineExceeded:
			why = fmt.Sprintf("time limit of %s reached", e.opt.TimeLimit)
		case ctx.Err() != nil:
			why = StopWords(ctx.Err())
		case e.opt.MaxPositions > 0:
			why = fmt.Sprintf("position budget of %d reached", e.opt.MaxPositions)
		}
		res.Detail = fmt.Sprintf("%s after %d positions; a `some` search keeps nothing to resume from", why, res.Positions)
		return nil
	case errors.Is(err, andor.ErrUndecided):
		res.Verdict, res.Counterexample, res.Minimal = Inconclusive, nil, false
		res.Detail = fmt.Sprintf("undecided after %d positions: the proof-number search's numbers saturated, so nothing is claimed", res.Positions)
		return nil
	}
	return err
}

// run decides the verdict, then the length, then (for a refutation) the game.
func (s *someSearch) run() error {
	e, res := s.e, s.e.res
	switch {
	case len(e.opt.Starts) == 1:
		// A start prefix (checkStarts: by the rules, not over). With the
		// opponent to move, the root's value does not depend on the last
		// move (Key); with the strategy to move, it does, as everywhere.
		s.start = slices.Clone(e.opt.Starts[0].Moves)
		s.ply0 = len(s.start)
		e.withRules(s.start) // each strategy move's rule, for the games reported
		var p board.Position
		last := board.NoCell
		for _, m := range s.start {
			p, _ = e.rules.Place(p, m.Player, m.Cell)
			last = m.Cell
		}
		s.prefix = cellsOf(s.start)
		s.root = someNode{p: p, last: board.NoCell}
		if p.ToMove(e.opt.Starter) == e.me {
			allowed, rule, f := e.rules.Answer(p, last)
			if f != game.NoFault {
				res.Verdict = StrategyError
				res.Counterexample = &board.Game{Board: e.b, Starter: e.opt.Starter, Moves: slices.Clone(s.start)}
				res.Detail = "after the start moves " + e.rules.Describe(f, p, last, allowed, rule)
				return nil
			}
			s.root = someNode{p: p, last: last, strat: true, asked: true, allowed: allowed, rule: rule}
		}
	case e.opt.Starter == e.opp:
		s.root = someNode{last: board.NoCell}
	default:
		allowed, rule, f := e.rules.Answer(board.Position{}, board.NoCell)
		if f != game.NoFault {
			res.Verdict = StrategyError
			res.Counterexample = &board.Game{Board: e.b, Starter: e.opt.Starter}
			res.Detail = "on the empty board " + e.rules.Describe(f, board.Position{}, board.NoCell, allowed, rule)
			return nil
		}
		s.root = someNode{last: board.NoCell, strat: true, asked: true, allowed: allowed, rule: rule}
	}
	cells := e.b.Cells()
	// The verdict's tree bounds the length from above: every game in it ends
	// by ply depth (andor.Search.ProveDepth), with the strategy's win if the
	// refutation failed, else with the opponent's win or a draw.
	refuted, depth, err := s.refut.ProveDepth(s.root, s.ply0, cells)
	if err != nil {
		return s.failed(s.refut, err)
	}
	depth += s.ply0 // from the root: the plies of the game from the empty board
	if !refuted {
		w, err := s.least(s.proof, depth)
		if err != nil {
			return s.failed(s.proof, err)
		}
		res.Verdict, res.LongestGame, res.LayersDone = Optimal, w, cells
		return nil
	}
	s.prefix = cellsOf(s.start)
	if e.opt.PerfectPlay != nil {
		g, err := s.prunedGame()
		if err != nil {
			return s.failed(s.refut, err)
		}
		res.Verdict, res.Minimal, res.Counterexample = Refuted, false, g
		res.LayersDone, res.LongestGame = 0, len(g.Moves)
		return nil
	}
	l, err := s.least(s.refut, depth)
	if err != nil {
		return s.failed(s.refut, err)
	}
	g, err := s.principal(l)
	if err != nil {
		return s.failed(s.refut, err)
	}
	res.Verdict, res.Minimal, res.Counterexample = Refuted, true, g
	res.LayersDone, res.LongestGame = l, len(g.Moves)
	if g.Winner == board.Empty {
		res.Detail = "the board filled up with no winner (a draw): the strategy did not win"
	}
	return nil
}

// least is the least bound K by which x's prover forces its result from the
// root, known to hold at K = bound (the depth of the verdict's tree; at most
// the cells): binary search, as the answer is monotone.
func (s *someSearch) least(x *andor.Search[someNode], bound int) (int, error) {
	lo, hi := s.ply0+1, min(max(bound, s.ply0+1), s.e.b.Cells()) // forced by hi; not known below lo
	for lo < hi {
		mid := (lo + hi) / 2
		ok, err := x.Prove(s.root, s.ply0, mid)
		if err != nil {
			return 0, err
		}
		if ok {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo, nil
}

// failed keeps the path of a strategy error for faultGame.
func (s *someSearch) failed(x *andor.Search[someNode], err error) error {
	var fe faultError
	if errors.As(err, &fe) {
		s.failAt = append(append([]board.Cell(nil), s.prefix...), x.FailPath()...)
	}
	return err
}

// faultGame is the game that led to the strategy error: the moves from the
// root to the opponent's move the strategy answered badly, with the rules of
// the strategy's moves asked again.
func (s *someSearch) faultGame() *board.Game {
	e := s.e
	g := &board.Game{Board: e.b, Starter: e.opt.Starter}
	var p board.Position
	last := board.NoCell
	for _, c := range s.failAt {
		who := p.ToMove(e.opt.Starter)
		m := board.Move{Player: who, Cell: c}
		if who == e.me {
			_, m.Rule, _ = e.rules.Answer(p, last)
		}
		g.Moves = append(g.Moves, m)
		p, last = p.Play(who, c), c
	}
	return g
}

// principal follows the optimal play from the root for a refutation of
// length l (ties to the first cell): the opponent forces the quickest loss,
// the strategy delays it.
func (s *someSearch) principal(l int) (*board.Game, error) {
	e := s.e
	g := &board.Game{Board: e.b, Starter: e.opt.Starter, Moves: slices.Clone(s.start)}
	// forced asks whether the opponent forces by ply k from n, reached by
	// the moves of g and then move.
	forced := func(n someNode, d, k int, move board.Cell) (bool, error) {
		s.prefix = s.prefix[:0]
		for _, m := range g.Moves {
			s.prefix = append(s.prefix, m.Cell)
		}
		s.prefix = append(s.prefix, move)
		return s.refut.Prove(n, d, k)
	}
	// strategyMove plays the strategy's first allowed move whose score is l
	// in n (ply d); over says the game ended (a draw).
	strategyMove := func(n someNode, d int) (next someNode, over bool, err error) {
		for a := n.allowed; a.Any(); {
			c := a.Pop()
			q, o := e.rules.Place(n.p, e.me, c)
			best := false
			switch o {
			case game.Drawn:
				best = d+1 == l
			case game.Going:
				f, err := forced(someNode{p: q, last: c}, d+1, l-1, c)
				if err != nil {
					return n, false, err
				}
				best = !f
			}
			if best {
				g.Moves = append(g.Moves, board.Move{Player: e.me, Cell: c, Rule: n.rule})
				return someNode{p: q, last: c}, o != game.Going, nil
			}
		}
		return n, true, fmt.Errorf("verify: some: no strategy move realises the refutation length %d (a bug)", l)
	}
	n, d := s.root, s.ply0
	if n.strat {
		var over bool
		var err error
		if n, over, err = strategyMove(n, d); err != nil || over {
			return g, err
		}
		d++
	}
	for {
		var chosen *game.Reply
		var err error
		e.rules.Replies(n.p, e.all.AndNot(n.p.Occupied()), func(rep game.Reply) bool {
			if rep.Outcome != game.Going {
				if d+1 == l {
					chosen = &rep
					return false
				}
				return true
			}
			var f bool
			f, err = forced(someNode{p: rep.P, last: rep.B, strat: true, asked: true, allowed: rep.Allowed, rule: rep.Rule, fault: rep.Fault}, d+1, l, rep.B)
			if err != nil || f {
				chosen = &rep
				return false
			}
			return true
		})
		if err != nil {
			return g, err
		}
		if chosen == nil {
			return g, fmt.Errorf("verify: some: no opponent move realises the refutation length %d (a bug)", l)
		}
		g.Moves = append(g.Moves, board.Move{Player: e.opp, Cell: chosen.B})
		if chosen.Outcome != game.Going {
			if chosen.Outcome == game.Won {
				g.Winner = e.opp
			}
			return g, nil
		}
		var over bool
		sn := someNode{p: chosen.P, last: chosen.B, strat: true, allowed: chosen.Allowed, rule: chosen.Rule, fault: chosen.Fault}
		if n, over, err = strategyMove(sn, d+1); err != nil || over {
			return g, err
		}
		d += 2
	}
}

// prunedGame is a lost game of a refutation found with pruning by perfect
// play, whose length the search does not know (see someGame.lost). Inside
// the refutation's tree the opponent plays its first move in cell order
// after which the refutation holds, and the strategy its first allowed move
// (every one is refuted there). Once the strategy has played a move that
// perfect play loses, the opponent plays the oracle's winning moves and the
// strategy still its first allowed move, to the end of the game. Every
// strategy move carries its rule, so the game replays.
func (s *someSearch) prunedGame() (*board.Game, error) {
	e := s.e
	g := &board.Game{Board: e.b, Starter: e.opt.Starter, Moves: slices.Clone(s.start)}
	p, last, inTree, cells := s.root.p, board.NoCell, true, e.b.Cells()
	if len(s.start) > 0 {
		last = s.start[len(s.start)-1].Cell
	}
	for d := s.ply0; ; d++ {
		who := p.ToMove(e.opt.Starter)
		var c board.Cell
		rule := ""
		if who == e.me {
			allowed, r, f := e.rules.Answer(p, last)
			if f != game.NoFault || !allowed.Any() {
				return g, faultError{someNode{p: p, last: last, strat: true, asked: true, allowed: allowed, rule: r, fault: f}}
			}
			c, rule = allowed.First(), r
			if inTree {
				q, o := e.rules.Place(p, e.me, c)
				if o == game.Going {
					lost, err := s.g.lost(q)
					if err != nil {
						return g, err
					}
					inTree = !lost
				}
			}
		} else if inTree {
			c = board.NoCell
			for bs := e.all.AndNot(p.Occupied()); bs.Any(); {
				b := bs.Pop()
				q, o := e.rules.Place(p, e.opp, b)
				if o != game.Going {
					// A win, or a draw (the torus): either way the
					// strategy does not win, which is the refutation.
					c = b
					break
				}
				allowed, r, f := e.rules.Answer(q, b)
				s.prefix = append(s.prefix[:0], cellsOf(g.Moves)...)
				s.prefix = append(s.prefix, b)
				ok, err := s.refut.Prove(someNode{p: q, last: b, strat: true, asked: true, allowed: allowed, rule: r, fault: f}, d+1, cells)
				if err != nil {
					return g, err
				}
				if ok {
					c = b
					break
				}
			}
			if c == board.NoCell {
				return g, fmt.Errorf("verify: some: no opponent move keeps the refutation (a bug)")
			}
		} else {
			var err error
			if c, err = e.opt.PerfectPlay.WinningMove(p, e.opp); err != nil {
				if s.g.ctx.Err() != nil {
					return g, andor.ErrStopped
				}
				return g, fmt.Errorf("verify: some: perfect play: %w", err)
			}
		}
		q, o := e.rules.Place(p, who, c)
		g.Moves = append(g.Moves, board.Move{Player: who, Cell: c, Rule: rule})
		switch o {
		case game.Won:
			g.Winner = who
			if who == e.me {
				return g, fmt.Errorf("verify: some: the strategy won a game of its refutation (a bug in the search or the oracle)")
			}
			return g, nil
		case game.Drawn:
			return g, nil
		}
		p, last = q, c
	}
}

func cellsOf(ms []board.Move) []board.Cell {
	out := make([]board.Cell, len(ms))
	for i, m := range ms {
		out[i] = m.Cell
	}
	return out
}
