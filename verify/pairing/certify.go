// Package pairing decides, for boards of any size up to 32×32, whether a
// pairing strategy (thesis Alg. 4.1.1, 4.1.2, 4.2.1, 5.1.1: answer the
// opponent's cell with its mate) wins every game — a static property of the
// board and the pairs, decided by an exact search instead of by enumerating
// positions. It either proves the strategy optimal, or gives a game the
// strategy does not win, built from a concrete opponent chain and replayed.
//
// The argument (see docs/decisions/pairing.md). Call the strategy's player S
// and the opponent O; both win rules are monotone in the player's own cells.
//
//  1. O never owns both cells of a pair: when O takes a paired cell whose mate
//     is empty, S takes the mate at once (rule 1), so when O later could take
//     the mate it is S's; and a mate S took earlier by a free move is S's too.
//     S's free moves (rules I, 2, 3) only add S stones, which never hurt S.
//     So if every set that wins for O holds a whole pair (property P), O never
//     wins — whoever starts: S's first move (rule I) is such a free move.
//  2. On the cylinder and the flat board a full board has exactly one winner
//     (thesis Thm. 3.2.2; the Hex theorem), so under P the game ends in S's
//     win: optimal. On the torus a full board may have no winner, so S also
//     needs Q: every set holding one cell of each pair wins for S. Under P,
//     S's final cells contain such a set; so P and Q give optimal.
//  3. If P fails, a minimal pair-free set W wins for O: O plays W, S answers
//     mates (outside W) and makes its free choices outside W. On the cylinder
//     and the flat board S cannot have won first (S's cells miss W, and both
//     players cannot win at once there). If Q fails for T, O plays the cells
//     outside T and S answers inside T. Either game is built and played out
//     under the win rules; only a game S does not win is reported (refuted).
//     Should the built game not fail (a tiny board, or S winning first on the
//     torus), the verdict is inconclusive, never optimal.
package pairing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
	"hexproof/verify/game"
)

// ErrNotPairing is returned for a strategy that does not declare pairs.
var ErrNotPairing = errors.New("not a pairing strategy")

// NotApplicableError says that a strategy is not defined on a board.
type NotApplicableError struct {
	Strategy string
	M, N     int
	Geo      board.Geometry
	Reason   error
}

func (e *NotApplicableError) Error() string {
	return fmt.Sprintf("strategy %s on %dx%d %s: %v", e.Strategy, e.M, e.N, e.Geo, e.Reason)
}

func (e *NotApplicableError) Unwrap() error { return e.Reason }

// Result is what a certificate search found for one starter.
type Result struct {
	M, N     int
	Geo      board.Geometry
	Strategy string
	Side     board.Color
	Starter  board.Color
	Verdict  verify.Verdict // Optimal, Refuted or Inconclusive
	// Reason names the property that decided: "P" (no pair-free winning set of
	// the opponent; on the torus with "Q"), or the one that failed.
	Reason string
	// Chain is, when P fails, the opponent's pair-free winning set (thesis
	// coordinates, cell order): the chain that slips through the pairs.
	Chain [][2]int
	// Transversal is, when Q fails on the torus, the set of one cell per pair
	// on which the strategy's side does not win.
	Transversal [][2]int
	// Game is, for Refuted, the game the strategy does not win.
	Game *Game
	// Replayed is true when Game was also replayed through game.Replay
	// (boards of at most board.MaxCells cells): every strategy move allowed by
	// the registered strategy, the same winner; the rules are its labels.
	Replayed bool
	// Proof says, for Optimal, what proved P: a theorem whose hypotheses
	// were checked on the board (theorems.go: "theorem I", "theorem G"), or
	// "search" (the exact search of search.go); empty otherwise. Checked
	// lists the hypotheses a theorem was checked for.
	Proof   string
	Checked string
	Nodes   int64 // search nodes
	Elapsed time.Duration
	Detail  string
}

// ExhaustiveCells is the largest board on which Certify falls back to
// exhaustive verification when its certificate neither proves nor refutes.
const ExhaustiveCells = 16

// planLimit bounds the positions planGame explores for one board.
const planLimit = 200000

// Certify decides whether the registered pairing strategy name wins every game
// on the m×n board of geometry geo, under docs/design.md §4's "every" semantics (its free
// choices are the adversary's), once for each starter given (red, blue or
// both; the search itself does not depend on the starter, only the game built
// from a failure does). A cancelled ctx gives Inconclusive results. Elapsed
// is the shared search time plus the starter's own game building.
func Certify(ctx context.Context, name string, m, n int, geo board.Geometry, starters ...board.Color) ([]*Result, error) {
	return CertifyLimit(ctx, 0, name, m, n, geo, starters...)
}

// ErrNodeLimit stops a search that has used its node budget.
var ErrNodeLimit = errors.New("node limit reached")

// CertifyLimit is Certify with a budget of search nodes (0: none): a search
// that exceeds it is Inconclusive. Unlike a time limit, the budget gives the
// same verdict on a loaded machine as on an idle one.
func CertifyLimit(ctx context.Context, maxNodes int64, name string, m, n int, geo board.Geometry, starters ...board.Color) ([]*Result, error) {
	return CertifyWith(ctx, Limits{MaxNodes: maxNodes}, name, m, n, geo, starters...)
}

// Limits are the options of CertifyWith.
type Limits struct {
	// MaxNodes is the search's node budget (0: none).
	MaxNodes int64
	// NoTheorems skips theorems I and G (theorems.go), so that the exact
	// search alone decides: a cross-check of the theorems, and the slow path.
	NoTheorems bool
}

// CertifyWith is Certify with Limits.
func CertifyWith(ctx context.Context, lim Limits, name string, m, n int, geo board.Geometry, starters ...board.Color) ([]*Result, error) {
	maxNodes := lim.MaxNodes
	t0 := time.Now()
	info, err := strategies.Lookup(name)
	if err != nil {
		return nil, err
	}
	if info.Pairs == nil {
		return nil, fmt.Errorf("strategy %s: %w", name, ErrNotPairing)
	}
	if err := info.Applies(m, n, geo); err != nil {
		return nil, &NotApplicableError{Strategy: name, M: m, N: n, Geo: geo, Reason: err}
	}
	for _, st := range starters {
		if st != board.Red && st != board.Blue {
			return nil, fmt.Errorf("the starter must be red or blue")
		}
	}
	g, err := newGrid(m, n, geo)
	if err != nil {
		return nil, err
	}
	pairs, err := g.checkPairs(info.Pairs(m, n, geo))
	if err != nil {
		return nil, fmt.Errorf("strategy %s on %dx%d %s: %w", name, m, n, geo, err)
	}
	s := newSearcher(ctx, g, info.Side, pairs)
	s.maxNodes = maxNodes

	// A theorem first (linear time), then the search, shared by the starters.
	var w, t set
	var stopped error
	var found bool
	reason, proof := "P", "search"
	thm, checked := theoremNone, ""
	if !lim.NoTheorems {
		thm, checked = s.provedByTheorem()
	}
	if thm != theoremNone {
		proof = string(thm)
	} else {
		w, found, _, err = s.search(set{})
	}
	switch {
	case thm != theoremNone:
	case err != nil:
		stopped = err
	case found:
	case geo == board.Torus:
		reason = "P+Q"
		if t, found, err = s.transversal(set{}, set{}); err != nil {
			stopped = err
		} else if found {
			reason = "Q"
		}
	}
	searched := time.Since(t0)

	var out []*Result
	for _, starter := range starters {
		t1 := time.Now()
		r := &Result{M: m, N: n, Geo: geo, Strategy: name, Side: info.Side, Starter: starter, Nodes: s.nodes, Reason: reason}
		switch {
		case stopped != nil:
			r.Verdict, r.Reason = verify.Inconclusive, ""
			why := "the node limit was reached"
			if !errors.Is(stopped, ErrNodeLimit) {
				why = verify.StopWords(stopped)
			}
			r.Detail = fmt.Sprintf("the search was stopped after %d nodes (%s)", s.nodes, why)
		case thm != theoremNone:
			r.Verdict, r.Proof, r.Checked = verify.Optimal, proof, checked
			r.Detail = fmt.Sprintf("every set that wins for %s holds both cells of a pair (%s of docs/decisions/pairing.md P6: %s), so %s never wins, and a full %s board has exactly one winner", s.opp, thm, thm.statement(), s.opp, geo)
		case !found && geo != board.Torus:
			r.Verdict, r.Proof = verify.Optimal, proof
			r.Detail = fmt.Sprintf("every set that wins for %s holds both cells of a pair, so %s never wins, and a full %s board has exactly one winner", s.opp, s.opp, geo)
		case !found:
			r.Verdict, r.Proof = verify.Optimal, proof
			r.Detail = fmt.Sprintf("%s never owns a whole pair and never wins, and every set of one cell per pair wins for %s", s.opp, s.side)
		case reason == "P":
			r.Chain = g.coords(w)
			// O plays W in cell order; S's free choices go first to mates of
			// W cells (S answers them anyway), then anywhere outside W.
			var mates set
			for _, x := range w.cells() {
				if y := s.mate[x]; y >= 0 {
					mates.add(y)
				}
			}
			gm, lost := s.play(starter, w.cells(), func(c int) bool { return mates.has(c) })
			if !lost {
				gm, lost = s.play(starter, w.cells(), func(c int) bool { return !w.has(c) })
			}
			if !lost {
				if pg := s.planGame(starter, w, planLimit); pg != nil {
					gm, lost = pg, true
				}
			}
			if !lost && geo == board.Torus {
				// The race: try other pair-free winning sets of O.
				if pg, w2 := s.otherChains(starter, w); pg != nil {
					gm, lost, r.Chain = pg, true, g.coords(w2)
				}
			}
			if err := r.conclude(ctx, info, gm, lost, fmt.Sprintf("%s owns a winning set with no whole pair (%d cells)", s.opp, w.count())); err != nil {
				return nil, err
			}
		default: // Q failed on the torus
			r.Transversal = g.coords(t)
			gm, lost := s.play(starter, g.all.andNot(t).cells(), func(c int) bool { return t.has(c) })
			if !lost {
				if pg := s.planGame(starter, g.all.andNot(t), planLimit); pg != nil {
					gm, lost = pg, true
				}
			}
			if err := r.conclude(ctx, info, gm, lost, fmt.Sprintf("%s does not win on a set of one cell per pair (%d cells), and %s can never own a whole pair", s.side, t.count(), s.opp)); err != nil {
				return nil, err
			}
		}
		r.Elapsed = searched + time.Since(t1)
		out = append(out, r)
	}
	return out, nil
}

// otherChains hunts for a lost game built from some pair-free winning set of
// the opponent other than first, within a budget of altNodes search nodes
// (and the search's own budget and context); it returns the game and the
// chain it was built from, or nil.
func (s *searcher) otherChains(starter board.Color, first set) (*Game, set) {
	var found *Game
	var chain set
	saved, savedMax := s.nodes, s.maxNodes
	s.maxNodes = s.nodes + altNodes
	if savedMax > 0 {
		s.maxNodes = min(s.maxNodes, savedMax)
	}
	s.accept = func(w set) bool {
		if w == first {
			return false
		}
		if gm, lost := s.play(starter, w.cells(), func(c int) bool { return !w.has(c) }); lost {
			found, chain = gm, w
			return true
		}
		if pg := s.planGame(starter, w, planLimit/10); pg != nil {
			found, chain = pg, w
			return true
		}
		return false
	}
	_, _, _, _ = s.search(set{})
	s.accept, s.maxNodes = nil, savedMax
	s.nodes = max(s.nodes, saved)
	return found, chain
}

// altNodes bounds the search for other chains in the torus race.
const altNodes = 2000

// conclude turns a built game into the verdict: Refuted only if the strategy
// did not win it (and, where the board fits, the replay machinery agrees).
// When no such game was found — on the torus the strategy may win the race
// before the opponent completes its set — the board is handed to exhaustive
// verification if it is tiny (Reason "exhaustive"), else Inconclusive.
func (r *Result) conclude(ctx context.Context, info strategies.Info, gm *Game, lost bool, why string) error {
	if !lost && r.M*r.N <= ExhaustiveCells {
		b, err := board.New(r.M, r.N, r.Geo)
		if err != nil {
			return err
		}
		st, err := info.Build(b)
		if err != nil {
			return err
		}
		v, err := verify.Run(ctx, verify.Options{Strategy: st, Name: r.Strategy, Starter: r.Starter, Choices: verify.Every, Jobs: 1})
		if err != nil {
			return err
		}
		r.Reason += ", exhaustive"
		r.Verdict = v.Verdict
		r.Detail = why + ", but no game built from it is lost, so exhaustive verification decided: " + string(v.Verdict)
		if v.Verdict == verify.Refuted && v.Counterexample != nil {
			gm = &Game{Starter: r.Starter, Winner: v.Counterexample.Winner}
			for _, mv := range v.Counterexample.Moves {
				i, j := b.Coord(mv.Cell)
				gm.Moves = append(gm.Moves, Move{Player: mv.Player, I: i, J: j, Rule: mv.Rule})
			}
			r.Game, r.Replayed = gm, false
		}
		return nil
	}
	if !lost {
		r.Verdict = verify.Inconclusive
		r.Detail = why + ", but no game built from it was lost (" + r.Side.String() + " may win the race); the certificate search cannot decide this board"
		if err := ctx.Err(); err != nil {
			r.Detail = why + "; the search for a game built from it was stopped (" + err.Error() + ")"
		}
		return nil
	}
	if r.M*r.N <= board.MaxCells {
		if err := replayCheck(info, r.M, r.N, r.Geo, gm); err != nil {
			return fmt.Errorf("certificate game on %dx%d %s does not replay: %w", r.M, r.N, r.Geo, err)
		}
		r.Replayed = true
	}
	r.Verdict, r.Game, r.Detail = verify.Refuted, gm, why
	return nil
}

// replayCheck plays gm through game.Replay as a whole game: every move of
// the strategy must be one the registered strategy allows, and the outcome must
// be the same. It then takes the strategy's own rule labels.
func replayCheck(info strategies.Info, m, n int, geo board.Geometry, gm *Game) error {
	b, err := board.New(m, n, geo)
	if err != nil {
		return err
	}
	st, err := info.Build(b)
	if err != nil {
		return err
	}
	toks := make([]board.Token, len(gm.Moves))
	for k, mv := range gm.Moves {
		toks[k] = board.Token{Index: k + 1, Player: mv.Player, Cell: b.Cell(mv.I, mv.J), Text: b.Format(b.Cell(mv.I, mv.J), board.Thesis)}
	}
	rp, err := game.Replay(st, gm.Starter, toks, false)
	if err != nil {
		return err
	}
	if len(rp.Game.Moves) != len(gm.Moves) || rp.Game.Winner != gm.Winner {
		return fmt.Errorf("replay ended after %d moves with winner %v, the certificate after %d with %v", len(rp.Game.Moves), rp.Game.Winner, len(gm.Moves), gm.Winner)
	}
	for _, t := range rp.Turns {
		if !t.Agrees {
			return fmt.Errorf("move %d is not allowed by the strategy (rule %s)", t.Index+1, t.Rule)
		}
		gm.Moves[t.Index].Rule = t.Rule
	}
	return nil
}

// coords lists a set's cells in thesis coordinates.
func (g *grid) coords(s set) [][2]int {
	var out [][2]int
	for _, c := range s.cells() {
		i, j := g.coord(c)
		out = append(out, [2]int{i, j})
	}
	return out
}
