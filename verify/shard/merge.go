package shard

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"hexproof/board"
	"hexproof/verify"
	"hexproof/verify/game"
)

// Status is what Merge knows about each shard.
type Status struct {
	Index  int
	State  string // "finished", "unfinished" (inconclusive: stopped or cancelled), "missing", "failed"
	Why    string // for failed: what is wrong with its result file
	Result *verify.Result
	// Needed: the single run's answer depends on this shard, which has not
	// got far enough (see Merge).
	Needed bool
}

// Merged is the combined result and the state of every shard.
type Merged struct {
	Result *verify.Result
	Shards []Status
	// NeededLayers: when shards are Needed after a loss or strategy error,
	// each of them settles the result once its layers up to this many stones
	// are complete (layers_done ≥ NeededLayers), or it finishes.
	NeededLayers int
}

// Missing, Unfinished and Failed list shard numbers by state.
func (m *Merged) Missing() []int    { return m.with("missing") }
func (m *Merged) Unfinished() []int { return m.with("unfinished") }
func (m *Merged) Failed() []int     { return m.with("failed") }

// Needed lists the shards that must go on for the result to be conclusive.
func (m *Merged) Needed() []int {
	var out []int
	for _, s := range m.Shards {
		if s.Needed {
			out = append(out, s.Index)
		}
	}
	return out
}

func (m *Merged) with(state string) []int {
	var out []int
	for _, s := range m.Shards {
		if s.State == state {
			out = append(out, s.Index)
		}
	}
	return out
}

// MergeDir reads dir/plan.json and every result file there and merges them.
func MergeDir(dir string, progress func(done, total int)) (*Merged, error) {
	pf, err := ReadPlan(dir)
	if err != nil {
		return nil, err
	}
	results := make([]*ResultFile, len(pf.Parts))
	bad := make([]string, len(pf.Parts))
	for i := range pf.Parts {
		rf, err := readResult(dir, i)
		switch {
		case err != nil:
			bad[i] = err.Error()
		case rf != nil && (rf.Format != Format || rf.Plan != pf.ID || rf.Index != i):
			bad[i] = fmt.Sprintf("%s belongs to another plan or shard (plan %q, shard %d)", ResultName(i), rf.Plan, rf.Index)
		default:
			results[i] = rf
		}
		if progress != nil {
			progress(i+1, len(pf.Parts))
		}
	}
	return Merge(pf, results, bad)
}

// Merge combines the shards' results (results[i] nil: none; failed[i] not
// empty: its result file was unusable, for that reason) into what a single
// run of the whole verification reports.
//
// Why this is the single run's answer. The single run expands layer after
// layer (positions with d stones, the opponent to move) and stops at the
// first layer E in which something ends the search; in that layer a loss
// (the opponent's win, or a draw) decides over a strategy error, the shortest
// loss is reported, and among those the smallest game in cell order; with no
// loss, the smallest game to a strategy error (docs/design.md §5). Layers from the
// plan's depth on are the union of the shards' layers, so:
//   - a shard that ended with a loss of L plies or an error after L plies
//     stopped in layer E = L-1 or L-2 (the one of the plan's parity), and has
//     nothing in earlier layers; one that is optimal has nothing anywhere;
//   - the run's E is the least shard E; at E, the loss (shortest, then
//     smallest) among the shards that stopped there wins, else the smallest
//     error;
//   - the counterexample, whose prefix picks its shard, is the least of the
//     shards' counterexamples in the order of docs/design.md §5.
//
// A shard that did not finish (missing, failed, or inconclusive after
// LayersDone = D layers: no loss or error of at most D plies) changes nothing
// when it cannot hold anything the single run would report first: for a loss
// of L plies, when D ≥ L (it has nothing of at most L plies), or when D ≥ L-1
// and its smallest prefix is larger than the counterexample's (it has nothing
// shorter, and nothing of L plies that comes first); for a strategy error
// after L plies, only when D ≥ L+1 (a loss in the same layer, even a longer
// one, would decide). Otherwise the merged verdict is inconclusive and the
// shard is marked Needed; a loss already found is then reported as a
// counterexample that is not known to be minimal.
//
// Figures: LongestGame is exact (for a loss or error, the run's longest game
// is the counterexample, as every won game of the layers before E is
// shorter); Positions, TranspositionHits, SymmetryHits and RuleCounts are the
// plan's plus the shards' sums, which count a position that two shards reach
// in each of them (and, for a loss or error, also count what shards searched
// beyond layer E). Positions, SymmetryHits and each rule's count are thus at
// least the single run's, equal when no position is shared; TranspositionHits
// (generated minus distinct successors) has no bound (docs/sharding.md).
func Merge(pf *PlanFile, results []*ResultFile, failed []string) (*Merged, error) {
	strat, starter, ch, err := pf.Resolve()
	if err != nil {
		return nil, err
	}
	b := strat.Board()
	base := func() *verify.Result {
		return &verify.Result{Board: b, Strategy: pf.Strategy, Side: strat.Side(), Starter: starter, Choices: ch, RuleCounts: map[string]int64{}}
	}
	if pf.Settled != nil {
		r, err := pf.Settled.result(strat, pf.Strategy, starter, ch)
		if err != nil {
			return nil, &FileError{PlanName, err.Error()}
		}
		return &Merged{Result: r}, nil
	}
	if len(results) != len(pf.Parts) {
		return nil, fmt.Errorf("%d results for %d shards", len(results), len(pf.Parts))
	}
	m := &Merged{Shards: make([]Status, len(pf.Parts))}
	res := base()
	res.Positions = pf.Positions
	res.LongestGame = pf.LongestGame
	res.TranspositionHits = pf.TranspositionHits
	res.SymmetryHits = pf.SymmetryHits
	addCounts(res.RuleCounts, pf.RuleCounts)

	rules := game.NewRules(strat, ch == verify.First)
	firsts := make([][]board.Move, len(pf.Parts))
	var elapsed time.Duration
	for i, part := range pf.Parts {
		st := Status{Index: i, State: "missing"}
		if firsts[i], err = movesIn(b, part.First); err != nil {
			return nil, &FileError{PlanName, fmt.Sprintf("shard %d: %v", i, err)}
		}
		switch {
		case i < len(failed) && failed[i] != "":
			st.State, st.Why = "failed", failed[i]
		case results[i] != nil:
			r, err := results[i].result(strat, pf.Strategy, starter, ch)
			if err != nil {
				st.State, st.Why = "failed", fmt.Sprintf("%s: %v", ResultName(i), err)
				break
			}
			if err := validGame(rules, starter, r); err != nil {
				st.State, st.Why = "failed", fmt.Sprintf("%s: %v", ResultName(i), err)
				break
			}
			st.Result = r
			st.State = "finished"
			if r.Verdict == verify.Inconclusive {
				st.State = "unfinished"
			}
			res.Positions += r.Positions
			res.TranspositionHits += r.TranspositionHits - part.StartTranspositions
			res.SymmetryHits += r.SymmetryHits - part.StartSymmetryHits
			addCounts(res.RuleCounts, r.RuleCounts)
			res.LongestGame = max(res.LongestGame, r.LongestGame)
			elapsed += r.Elapsed
		}
		m.Shards[i] = st
	}
	res.Elapsed = elapsed
	m.Result = res

	// The layer in which a finished shard stopped, and its event.
	layerOf := func(r *verify.Result) int {
		l := len(r.Counterexample.Moves) - 1
		if (l-pf.Depth)%2 != 0 {
			l-- // a draw after the strategy's move ends the layer before
		}
		return l
	}
	var best *verify.Result // the single run's event, among finished shards
	bestAt := -1
	better := func(r *verify.Result) bool {
		if best == nil {
			return true
		}
		e, be := layerOf(r), layerOf(best)
		if e != be {
			return e < be
		}
		if (r.Verdict == verify.Refuted) != (best.Verdict == verify.Refuted) {
			return r.Verdict == verify.Refuted
		}
		if len(r.Counterexample.Moves) != len(best.Counterexample.Moves) {
			return len(r.Counterexample.Moves) < len(best.Counterexample.Moves)
		}
		return compareMoves(r.Counterexample.Moves, best.Counterexample.Moves) < 0
	}
	done := func(st Status) int { // layers known to be free of events
		switch {
		case st.Result != nil && st.State == "unfinished":
			return max(st.Result.LayersDone, pf.Depth)
		case st.Result != nil && st.Result.Verdict == verify.Optimal:
			return b.Cells()
		}
		return pf.Depth
	}
	for i, st := range m.Shards {
		if st.State != "finished" || st.Result.Verdict == verify.Optimal {
			continue
		}
		if better(st.Result) {
			best, bestAt = st.Result, i
		}
	}

	if best == nil {
		// No finished shard ended the search.
		open := false
		res.LayersDone = b.Cells()
		for i, st := range m.Shards {
			if st.State == "finished" {
				continue
			}
			open = true
			m.Shards[i].Needed = true
			res.LayersDone = min(res.LayersDone, done(st))
		}
		if !open {
			res.Verdict = verify.Optimal
			return m, nil
		}
		res.Verdict, res.StopReason = verify.Inconclusive, verify.StopShardsOpen
		res.Counterexample = shortestKnownLoss(m)
		res.Detail = fmt.Sprintf("not every shard has finished (%s); no loss or strategy error was found in those that have; no game of at most %d plies is lost", m.listOpen(), res.LayersDone)
		if res.Counterexample != nil {
			res.Detail += "; an unfinished shard saw a lost game, shown, which is not known to be the shortest"
		}
		return m, nil
	}

	L := len(best.Counterexample.Moves)
	var needed []int
	for i, st := range m.Shards {
		if st.State == "finished" {
			continue
		}
		D := done(st)
		ok := false
		if best.Verdict == verify.Refuted {
			ok = D >= L || (D >= L-1 && compareMoves(firsts[i], best.Counterexample.Moves[:pf.Depth]) > 0)
		} else {
			ok = D >= L+1
		}
		if !ok {
			m.Shards[i].Needed = true
			needed = append(needed, i)
		}
	}
	res.Counterexample = best.Counterexample
	if len(needed) == 0 {
		res.Verdict = best.Verdict
		res.Minimal = true
		res.Detail = best.Detail
		res.LayersDone = layerOf(best)
		res.LongestGame = L // the run's longest game is its counterexample (see above)
		return m, nil
	}
	res.Verdict, res.StopReason = verify.Inconclusive, verify.StopShardsOpen
	res.LayersDone = pf.Depth
	m.NeededLayers = L
	if best.Verdict == verify.StrategyError {
		m.NeededLayers = L + 1
	}
	what := fmt.Sprintf("shard %d lost in %d plies", bestAt, L)
	if best.Verdict == verify.StrategyError {
		what = fmt.Sprintf("shard %d found a strategy error after %d plies (%s)", bestAt, L, best.Detail)
		res.Counterexample = shortestKnownLoss(m)
	}
	if res.Counterexample != nil {
		res.LongestGame = max(res.LongestGame, len(res.Counterexample.Moves))
	}
	have := "have"
	if len(needed) == 1 {
		have = "has"
	}
	res.Detail = fmt.Sprintf("%s, but %s %s not got far enough to show that a single run would report it first (run them on, with --resume; --until-layers %d is enough); a lost game shown here is not known to be the shortest", what, List(needed), have, m.NeededLayers)
	return m, nil
}

// shortestKnownLoss is the shortest, then smallest, lost game any shard
// reported (refuted, or seen by an unfinished one), or nil.
func shortestKnownLoss(m *Merged) *board.Game {
	var out *board.Game
	for _, st := range m.Shards {
		r := st.Result
		if r == nil || r.Counterexample == nil || r.Verdict == verify.StrategyError {
			continue
		}
		g := r.Counterexample
		if out == nil || len(g.Moves) < len(out.Moves) || (len(g.Moves) == len(out.Moves) && compareMoves(g.Moves, out.Moves) < 0) {
			out = g
		}
	}
	return out
}

func (m *Merged) listOpen() string {
	var parts []string
	for _, name := range []string{"unfinished", "missing", "failed"} {
		if ids := m.with(name); len(ids) > 0 {
			parts = append(parts, name+": "+List(ids))
		}
	}
	return strings.Join(parts, "; ")
}

// List names shards by number: "shard 3", "shards 0, 2, 5-9".
func List(xs []int) string {
	if len(xs) == 1 {
		return "shard " + Numbers(xs)
	}
	return "shards " + Numbers(xs)
}

// Numbers writes shard (or piece) numbers as a short list in ascending
// order: a run of three or more consecutive numbers becomes a range, so
// "0, 2, 5-9". A plan of hundreds of shards must not print hundreds of
// numbers in a terminal.
func Numbers(xs []int) string {
	ys := append([]int(nil), xs...)
	sort.Ints(ys)
	var parts []string
	for i := 0; i < len(ys); {
		j := i
		for j+1 < len(ys) && ys[j+1] <= ys[j]+1 {
			j++
		}
		switch {
		case ys[j]-ys[i] >= 2:
			parts = append(parts, strconv.Itoa(ys[i])+"-"+strconv.Itoa(ys[j]))
		case ys[j] != ys[i]:
			parts = append(parts, strconv.Itoa(ys[i]), strconv.Itoa(ys[j]))
		default:
			parts = append(parts, strconv.Itoa(ys[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// validGame is checkGame; the tests of the merge order, whose games are
// made up, replace it.
var validGame = checkGame

// checkGame replays a shard's counterexample through the game step: every
// move on an empty cell, each strategy move one it allows there (with its
// rule), the game going on until the last move, which ends it (a loss or a
// draw) for a refutation, or after which the strategy errs. A result whose
// game is not one is not merged.
func checkGame(r *game.Rules, starter board.Color, res *verify.Result) error {
	g := res.Counterexample
	if g == nil {
		return nil
	}
	var p board.Position
	last := board.NoCell
	for k, m := range g.Moves {
		if who := p.ToMove(starter); m.Player != who || p.Occupied().Has(m.Cell) {
			return fmt.Errorf("counterexample move %d is not %s's move on an empty cell", k+1, who)
		}
		if m.Player == r.Me {
			allowed, rule, f := r.Answer(p, last)
			if f != game.NoFault || !allowed.Has(m.Cell) || rule != m.Rule {
				return fmt.Errorf("counterexample move %d is not one the strategy plays there", k+1)
			}
		}
		var o game.Outcome
		p, o = r.Place(p, m.Player, m.Cell)
		if o != game.Going && k != len(g.Moves)-1 {
			return fmt.Errorf("the counterexample's game is over after move %d", k+1)
		}
		last = m.Cell
		if k == len(g.Moves)-1 {
			switch res.Verdict {
			case verify.StrategyError:
				if o != game.Going || m.Player != r.Opp {
					return fmt.Errorf("the game to the strategy error does not end with the opponent's move")
				}
				if _, _, f := r.Answer(p, last); f == game.NoFault {
					return fmt.Errorf("the strategy answers the last position of its game to a strategy error")
				}
			default:
				if !(o == game.Drawn || o == game.Won && m.Player == r.Opp) {
					return fmt.Errorf("the counterexample is not a lost game")
				}
			}
		}
	}
	return nil
}
