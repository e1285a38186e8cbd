// Package hunt looks for lost games of a strategy on boards too large for
// the exhaustive search of package verify: `hexproof hunt` (a guided,
// budgeted search that reports the shortest loss it found, never a proof of
// optimality) and `hexproof simulate` (the Monte-Carlo experiments of thesis
// §9.1). Every game goes through verify's game step (game.Rules), and every
// loss reported has been replayed with game.Replay.
package hunt

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"hexproof/board"
	"hexproof/internal/procmem"
	"hexproof/strategies"
	"hexproof/tt"
	"hexproof/verify"
	"hexproof/verify/game"
	"hexproof/verify/solve"
)

// Options says what to hunt and with which budget.
type Options struct {
	Strategy strategies.Strategy
	Name     string
	Starter  board.Color
	Choices  verify.Choices
	// Jobs independent workers, each with its own seed derived from Seed
	// and its own table (<1 means 1).
	Jobs int
	Seed uint64
	// TimeLimit and MaxNodes (positions expanded, over all workers, split
	// evenly) end the hunt; 0: none. Without either the hunt ends only when
	// it has proven that no shorter loss exists, or that none exists.
	TimeLimit time.Duration
	MaxNodes  int64
	// MaxLosses is how many distinct losses are kept for export (0: 100).
	MaxLosses int
	// Memory bounds the workers' tables together (bytes; 0: no bound but
	// the fixed cap of maxTable positions each). Each job's table holds
	// at most Memory/Jobs/tableEntryBytes positions (TableCap).
	Memory int64
	// Guide, when positive, makes the opponent of the Monte-Carlo games
	// play perfect play's winning moves wherever the solver (package solve)
	// proves one within Guide expansions a move (decisions.md H8): once
	// the strategy has let a won position slip, the game is lost for it.
	// Boards of at most 64 cells (the solver's limit).
	Guide int64
	// FirstLoss ends the hunt at the first loss any worker finds, without
	// searching for a shorter one (Report.Stopped "first loss"). With one
	// job the report is still a function of the seed; with more, of which
	// worker got there first.
	FirstLoss bool
	// Progress, if set, is called from time to time from one goroutine.
	Progress func(Progress)
}

// maxTable is the most positions one worker's table holds: a table is
// cleared when full (sound: it only saves work), and a larger one gains
// little on the boards hunted.
const maxTable = 1 << 22

// tableEntryBytes is what one position of a worker's table costs in the
// process's memory: the Go map of a 32-byte key and a byte, measured at up
// to 129 bytes a position (heap in use, Go 1.26, 4 M positions) when a
// growth has just doubled it, rounded up.
const tableEntryBytes = 160

// TableCap is how many positions each of jobs workers' tables may hold
// within memory bytes (0: maxTable); at least 1,024, so that a tiny budget
// still hunts. Below the budget that maxTable needs, the hunt's counts
// depend on the budget, as they depend on Jobs.
func TableCap(memory int64, jobs int) int {
	if memory <= 0 {
		return maxTable
	}
	return int(max(1024, min(maxTable, memory/int64(max(1, jobs))/tableEntryBytes)))
}

// Progress is a snapshot for a progress bar.
type Progress struct {
	Nodes    int64
	Losses   int64
	Shortest int // plies of the shortest loss so far (0: none)
	Elapsed  time.Duration
}

// Report is what a hunt found. Result has the fields of verify's report:
// Verdict is Refuted when a loss was found (Minimal is always false: a hunt
// does not claim its loss is a shortest one), Inconclusive when none was, or
// StrategyError; Counterexample is the shortest loss found, replayed through
// game.Replay, with the rule of every strategy move.
type Report struct {
	Result *verify.Result
	// Losses are the distinct lost games found (at most Options.MaxLosses),
	// shortest first, then in cell order; each replayed.
	Losses []board.Game
	Seed   uint64
	Jobs   int
	// Nodes: positions expanded (the hunter to move); Games: game ends met.
	Nodes, Games int64
	// Depth is the most stones on a position the search expanded.
	Depth int
	// LossesFound counts the losses found (with repetitions across workers).
	LossesFound int64
	// Guided counts the opponent moves of the Monte-Carlo games that the
	// guide chose (Options.Guide), GuideNodes the solver's expansions.
	Guided, GuideNodes int64
	// FirstLoss is the time to the first loss (0 when none was found), and
	// FirstLossNodes the positions the finding worker had expanded by then.
	FirstLoss      time.Duration
	FirstLossNodes int64
	// NoShorter is true when a worker finished the search for a loss with
	// fewer hunter moves than the counterexample (then no shorter loss
	// exists); NoLoss when a worker finished the search for any loss.
	NoShorter, NoLoss bool
	// ProvenPlies: no game of at most this many plies is lost (a finished
	// iterative-deepening level).
	ProvenPlies int
	// Stopped says why the hunt ended early ("first loss", "time limit", "node budget",
	// "interrupted"), "" when it finished.
	Stopped string
}

// Run hunts for lost games. It returns an error only for bad options or an
// internal inconsistency (a loss that does not replay).
func Run(ctx context.Context, opt Options) (*Report, error) {
	if opt.Strategy == nil {
		return nil, fmt.Errorf("no strategy given")
	}
	if opt.Starter != board.Red && opt.Starter != board.Blue {
		return nil, fmt.Errorf("the starter must be red or blue")
	}
	jobs := max(1, opt.Jobs)
	if opt.Guide < 0 {
		return nil, fmt.Errorf("the guide's budget must not be negative")
	}
	if opt.Guide > 0 && opt.Strategy.Board().Cells() > tt.MaxCells {
		return nil, fmt.Errorf("the guide (a solver) handles boards of at most %d cells; %s has %d", tt.MaxCells, opt.Strategy.Board(), opt.Strategy.Board().Cells())
	}
	if opt.MaxLosses <= 0 {
		opt.MaxLosses = 100
	}
	start := time.Now()
	if opt.TimeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.TimeLimit)
		defer cancel()
	}
	if opt.Memory > 0 {
		defer verify.CollectorFor(opt.Memory)()
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	rules := game.NewRules(opt.Strategy, opt.Choices == verify.First)
	sh := &shared{start: start}
	if opt.FirstLoss {
		sh.first = func() { cancel(errFirstLoss) }
	}
	// The guides' tables come out of the budget before the hunt's tables
	// are sized; without a budget, nothing is taken.
	tabCap := TableCap(opt.Memory, jobs)
	if opt.Memory > 0 {
		tabCap = TableCap(max(1, opt.Memory-guideBytes(opt, jobs)*int64(jobs)), jobs)
	}
	ws := make([]*worker, jobs)
	var wg sync.WaitGroup
	for i := range ws {
		w := &worker{opt: opt, rules: rules, sh: sh, ctx: ctx, idx: i}
		w.s = newSearcher(rules, opt.Choices, opt.Starter, mix(opt.Seed*0x9e3779b97f4a7c15+uint64(i)), tabCap)
		w.s.stop = func() bool { return ctx.Err() != nil }
		if opt.MaxNodes > 0 {
			w.budget = max(1, opt.MaxNodes/int64(jobs))
		}
		ws[i] = w
		wg.Add(1)
		go func() { defer wg.Done(); w.run() }()
	}
	stopProgress := sh.progress(opt.Progress, ws)
	wg.Wait()
	stopProgress()
	return finish(ctx, opt, rules, ws, sh, jobs, start)
}

// shared is what the workers report to the progress bar.
type shared struct {
	start     time.Time
	losses    atomic.Int64
	shortest  atomic.Int64
	firstLoss atomic.Int64 // nanoseconds since start, 0: none
	firstNode atomic.Int64
	first     func() // ends the hunt (Options.FirstLoss); nil: keep on
}

// errFirstLoss is the cause of the context's end when Options.FirstLoss
// ended the hunt.
var errFirstLoss = errors.New("first loss found")

func (sh *shared) progress(f func(Progress), ws []*worker) func() {
	if f == nil {
		return func() {}
	}
	return verify.Ticker(200*time.Millisecond, func() {
		var n int64
		for _, w := range ws {
			n += w.nodes.Load()
		}
		f(Progress{Nodes: n, Losses: sh.losses.Load(), Shortest: int(sh.shortest.Load()), Elapsed: time.Since(sh.start)})
	})
}

// worker runs one seeded schedule of searches (see run).
type worker struct {
	opt    Options
	rules  *game.Rules
	sh     *shared
	ctx    context.Context
	idx    int
	s      *searcher
	budget int64 // nodes for this worker, 0: none
	nodes  atomic.Int64

	best      []board.Move // the shortest loss found
	bestK     int          // its hunter moves
	losses    []board.Game
	seen      map[string]bool
	found     int64
	proven    int // no win of the hunter within this many of its moves
	noShorter bool
	noLoss    bool
	exhausted bool // the node budget ran out
	pl        *player
	games     int // Monte-Carlo games played
	guide     *solve.Solver
}

// base is the node limit of the first round; it doubles every round.
const base = 2000

// run is the worker's schedule. Round r gives each search a node limit of
// base·2^r:
//   - the exhaustive track deepens the proven level: a finished search with
//     budget proven+1 that finds nothing proves "no loss with that many
//     hunter moves"; one that finds a loss has found a shortest one;
//   - until a loss is found, a dive searches with a larger budget (more room
//     for the strategy's defence to fail late) and this round's tie-break;
//   - until a loss is found, also games against the strategy in which the
//     opponent is thesis Alg. 9.1.1's Monte-Carlo player (simulate.go):
//     that player found the thesis's losses of Alg. 8.4.1 on 5x9 and 5x12,
//     where the first plies of a loss are quiet moves that the bound cannot
//     tell apart (not under some, where a loss must beat every choice);
//   - once one is found, shrinking searches for a loss with fewer hunter
//     moves after each prefix of it, longest prefix first (the smallest
//     subtrees), under every and first (under some a prefix fixes the
//     strategy's choices, so only the root is searched).
func (w *worker) run() {
	hunterStarts := w.opt.Starter == w.rules.Opp
	cells := w.rules.B.Cells()
	kmax := cells / 2
	if hunterStarts {
		kmax = (cells + 1) / 2
	}
	s := w.s
	baseSalt := s.salt
	for round := 0; ; round++ {
		limit := int64(base) << min(round, 30)
		for w.proven < kmax && (w.best == nil || w.proven+1 < w.bestK) {
			s.salt = baseSalt
			r := w.search(nil, w.proven+1, limit)
			if r == searchStop {
				return
			}
			if r == searchFound {
				w.noShorter = true
				return
			}
			if r == searchAborted {
				break
			}
			w.proven++
		}
		switch {
		case w.proven >= kmax:
			w.noLoss = w.best == nil
			w.noShorter = w.best != nil
			return
		case w.best != nil && w.proven+1 >= w.bestK:
			w.noShorter = true
			return
		}
		if w.best == nil {
			extra := []int{1, 2, 1, 3, 1, 2, 1, 4}[round%8]
			s.salt = mix(baseSalt + uint64(round))
			if w.search(nil, min(kmax, w.proven+1+extra), limit) == searchStop {
				return
			}
			if w.opt.Choices != verify.Some {
				for range 1 << min(round/2, 6) {
					if w.playout() == searchStop {
						return
					}
				}
			}
			continue
		}
		if w.opt.Choices == verify.Some {
			continue
		}
		// Shrink: after j hunter moves of the best loss, look for a win
		// within bestK-1-j more.
		for j := w.bestK - 2; j >= 1; j-- {
			prefix := w.prefix(j)
			s.salt = mix(baseSalt + uint64(round)<<8 + uint64(j))
			r := w.search(prefix, w.bestK-1-j, limit)
			if r == searchStop {
				return
			}
			if r == searchFound {
				break
			}
		}
	}
}

var debugSearch func(prefix, k int, limit, nodes int64, found, aborted bool)

type searchResult uint8

const (
	searchDone    searchResult = iota // finished, nothing found
	searchFound                       // a loss was found (and recorded)
	searchAborted                     // the round's node limit ran out
	searchStop                        // the hunt is over (time, budget, interrupt, strategy error)
)

// prefix is the best loss up to (and including) the strategy's answer to
// the j-th hunter move.
func (w *worker) prefix(j int) []board.Move {
	for i, m := range w.best {
		if m.Player == w.rules.Opp {
			j--
			if j == 0 {
				if i+1 < len(w.best) {
					return w.best[:i+2]
				}
				return w.best[:i+1]
			}
		}
	}
	return w.best
}

// search runs one depth-first search with budget k hunter moves from the
// position after prefix (nil: the start), with a node limit.
func (w *worker) search(prefix []board.Move, k int, limit int64) searchResult {
	s := w.s
	if w.ctx.Err() != nil || s.fault != nil {
		return searchStop
	}
	lim := limit
	if w.budget > 0 {
		left := w.budget - s.nodes
		if left <= 0 {
			w.exhausted = true
			return searchStop
		}
		lim = min(lim, left)
	}
	s.aborted = false
	s.limit = s.nodes + lim
	s.path = append(s.path[:0], prefix...)
	var p board.Position
	for _, m := range prefix {
		p = p.Play(m.Player, m.Cell)
	}
	var found bool
	if prefix == nil && w.opt.Starter == w.rules.Me {
		found = w.rootAnswer(k)
	} else {
		found = s.lose(p, k)
	}
	w.nodes.Store(s.nodes)
	if debugSearch != nil {
		debugSearch(len(prefix), k, lim, s.nodes, found, s.aborted)
	}
	switch {
	case s.fault != nil:
		return searchStop
	case found:
		w.record(s.path)
		return searchFound
	case s.aborted:
		if w.ctx.Err() != nil {
			return searchStop
		}
		if w.budget > 0 && s.nodes >= w.budget {
			w.exhausted = true
			return searchStop
		}
		return searchAborted
	}
	return searchDone
}

// playout plays one game against the Monte-Carlo opponent, seeded by the
// worker's salt and the game's number; a lost game is recorded like a loss
// found by the search. Its cost is counted in nodes as one per hundred
// playouts, so that --max-nodes bounds it too.
func (w *worker) playout() searchResult {
	s := w.s
	if w.ctx.Err() != nil || s.fault != nil {
		return searchStop
	}
	if w.budget > 0 && s.nodes >= w.budget {
		w.exhausted = true
		return searchStop
	}
	if w.pl == nil {
		w.pl = newPlayer(w.rules, SimOptions{Starter: w.opt.Starter, Opponent: MonteCarlo, Seed: s.salt})
		if w.opt.Guide > 0 {
			if err := w.newGuide(); err != nil {
				return searchStop // unreachable: Run checked the board's size
			}
		}
	}
	var before int64
	if w.guide != nil {
		before = w.guide.Nodes()
	}
	g := w.pl.play(w.ctx, w.games)
	w.games++
	if g == nil {
		return searchStop
	}
	s.nodes += g.playouts / 100
	if w.guide != nil {
		s.nodes += w.guide.Nodes() - before
	}
	s.games++
	w.nodes.Store(s.nodes)
	switch {
	case g.faulted:
		gg := g.g
		s.fault, s.faultDetail = &gg, g.fault
		return searchStop
	case !g.won:
		w.record(g.g.Moves)
		return searchFound
	}
	return searchDone
}

// guideBytes is the table of one worker's guide (0 without a guide): 64
// MiB, or a quarter of the worker's share of Options.Memory when that is
// less (at least 1 MiB).
func guideBytes(opt Options, jobs int) int64 {
	switch {
	case opt.Guide <= 0:
		return 0
	case opt.Memory <= 0:
		return 64 << 20
	}
	return max(1<<20, min(64<<20, opt.Memory/int64(jobs)/4))
}

// guideNear: the guide is asked only where the opponent's bound (need)
// says it is at most this many stones from its win. There the end is near,
// and a forced win, if there is one, is proved in few expansions; earlier,
// a question spends its budget and proves nothing (fitzgerald 5×10, Red
// starts, asked everywhere: 21,026 expansions at about 8 ms each, no move
// found). Which positions are asked changes the hunt's speed, never what
// it claims.
const guideNear = 3

// newGuide gives the worker's Monte-Carlo player its guide: a solver of
// its own, asked in the positions where the opponent moves and is near its
// win (guideNear) for a move that keeps a forced win, within Options.Guide
// expansions (solve.FindWin).
// A move found is proved winning, so once one is found the rest of the
// game is a forced loss of the strategy whatever it answers; "not won" and
// "out of budget" leave the move to the Monte-Carlo player. The solver's
// table carries proofs from one game to the next.
func (w *worker) newGuide() error {
	sv, err := solve.NewSolver(w.ctx, w.rules.B, solve.Options{TableBytes: guideBytes(w.opt, max(1, w.opt.Jobs))})
	if err != nil {
		return err
	}
	w.guide = sv
	opp := w.rules.Opp
	near := newNeed(w.rules.B, opp)
	w.pl.guide = func(p board.Position) (board.Cell, bool) {
		if near.of(p, guideNear+1) > guideNear {
			return board.NoCell, false
		}
		c, err := sv.FindWin(p, opp, w.opt.Guide)
		return c, err == nil && c != board.NoCell
	}
	return nil
}

// rootAnswer is the search when the strategy opens: its opening answers are
// the hunter's choices (every, first) or must all lose (some).
func (w *worker) rootAnswer(k int) bool {
	s := w.s
	allowed, rule, f := w.rules.Answer(board.Position{}, board.NoCell)
	if f != game.NoFault {
		g := s.game(nil)
		s.fault = &g
		s.faultDetail = w.rules.Describe(f, board.Position{}, board.NoCell, allowed, rule)
		return false
	}
	cells := allowed.Cells()
	for i := range cells {
		a := cells[i]
		if s.some {
			a = cells[len(cells)-1-i] // the first answer's line is left in s.path
		}
		p, o := w.rules.Place(board.Position{}, w.rules.Me, a)
		s.path = append(s.path[:0], board.Move{Player: w.rules.Me, Cell: a, Rule: rule})
		lost := o == game.Drawn || o == game.Going && s.lose(p, k)
		if lost && !s.some {
			return true
		}
		if !lost && s.some || s.aborted || s.fault != nil {
			return false
		}
	}
	return s.some
}

// record keeps a loss: the shortest, and the distinct ones for export.
func (w *worker) record(moves []board.Move) {
	w.found++
	w.sh.losses.Add(1)
	if w.sh.firstLoss.CompareAndSwap(0, int64(max(time.Since(w.sh.start), 1))) {
		w.sh.firstNode.Store(w.s.nodes)
	}
	if w.sh.first != nil {
		w.sh.first()
	}
	k := 0
	for _, m := range moves {
		if m.Player == w.rules.Opp {
			k++
		}
	}
	if w.best == nil || k < w.bestK {
		w.best, w.bestK = append([]board.Move(nil), moves...), k
	}
	for {
		old := w.sh.shortest.Load()
		if old != 0 && old <= int64(len(moves)) || w.sh.shortest.CompareAndSwap(old, int64(len(moves))) {
			break
		}
	}
	if w.seen == nil {
		w.seen = map[string]bool{}
	}
	key := w.rules.B.FormatMoves(moves, board.Letter, true)
	if !w.seen[key] && len(w.losses) < 4*w.opt.MaxLosses {
		w.seen[key] = true
		w.losses = append(w.losses, w.s.game(moves))
	}
}

// finish merges the workers' findings into a report (the same for the same
// seed, jobs and node budget: each worker's schedule is deterministic and the
// merge orders by length, then cell order).
func finish(ctx context.Context, opt Options, rules *game.Rules, ws []*worker, sh *shared, jobs int, start time.Time) (*Report, error) {
	b := rules.B
	res := &verify.Result{
		Board: b, Strategy: opt.Name, Side: rules.Me, Starter: opt.Starter, Choices: opt.Choices,
		RuleCounts: map[string]int64{}, MemoryBudget: opt.Memory, PeakRSS: procmem.PeakRSS(),
	}
	rep := &Report{Result: res, Seed: opt.Seed, Jobs: jobs, ProvenPlies: -1}
	var all []board.Game
	seen := map[string]bool{}
	provenK := 0
	var fault *board.Game
	faultDetail := ""
	for _, w := range ws {
		rep.Nodes += w.s.nodes
		rep.Games += w.s.games
		rep.Depth = max(rep.Depth, w.s.deepest)
		rep.LossesFound += w.found
		rep.NoShorter = rep.NoShorter || w.noShorter
		rep.NoLoss = rep.NoLoss || w.noLoss
		if w.pl != nil {
			rep.Guided += w.pl.guided
		}
		if w.guide != nil {
			rep.GuideNodes += w.guide.Nodes()
			w.guide.Close()
		}
		res.TranspositionHits += w.s.hits
		provenK = max(provenK, w.proven)
		if w.s.fault != nil && fault == nil {
			fault, faultDetail = w.s.fault, w.s.faultDetail
		}
		for _, g := range w.losses {
			key := b.FormatMoves(g.Moves, board.Letter, true)
			if !seen[key] {
				seen[key] = true
				all = append(all, g)
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return gameLess(all[i], all[j]) })
	if len(all) > opt.MaxLosses {
		all = all[:opt.MaxLosses]
	}
	for i, g := range all {
		r, err := replayed(opt, g)
		if err != nil {
			return nil, err
		}
		all[i] = r
	}
	rep.Losses = all
	if t := sh.firstLoss.Load(); t > 0 {
		rep.FirstLoss = time.Duration(t)
		rep.FirstLossNodes = sh.firstNode.Load()
	}
	hunterStarts := opt.Starter == rules.Opp
	if provenK > 0 {
		rep.ProvenPlies = 2 * provenK
		if hunterStarts {
			rep.ProvenPlies--
		}
	}
	res.LayersDone = max(0, rep.ProvenPlies)
	res.Positions = rep.Nodes
	res.LongestGame = rep.Depth
	res.Losses = int64(len(all))
	switch {
	case errors.Is(context.Cause(ctx), errFirstLoss):
		rep.Stopped = "first loss"
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		rep.Stopped, res.StopReason = "time limit", verify.StopTimeLimit
	case ctx.Err() != nil:
		rep.Stopped, res.StopReason = "interrupted", verify.StopInterrupted
	default:
		for _, w := range ws {
			if w.exhausted && !w.noShorter && !w.noLoss {
				rep.Stopped, res.StopReason = "node budget", verify.StopBudget
			}
		}
	}
	switch {
	case len(all) > 0:
		g := all[0]
		res.Verdict = verify.Refuted
		res.Counterexample = &g
		for _, m := range g.Moves {
			if m.Player == rules.Me {
				res.RuleCounts[m.Rule]++
			}
		}
		if rep.NoShorter {
			res.Detail = fmt.Sprintf("hunt (a guided search): a lost game of %d plies was found; the search for a shorter loss finished and found none", len(g.Moves))
		} else {
			res.Detail = fmt.Sprintf("hunt (a guided search, not exhaustive): the shortest lost game found has %d plies; it is not proven minimal", len(g.Moves))
		}
		if g.Winner == board.Empty {
			res.Detail += "; the board filled up with no winner (a draw): the strategy did not win"
		}
	case fault != nil:
		res.Verdict = verify.StrategyError
		res.Counterexample = fault
		res.Detail = faultDetail
	default:
		res.Verdict = verify.Inconclusive
		switch {
		case rep.NoLoss:
			res.Detail = "hunt: the search finished and found no lost game (a hunt claims no proof; use verify for one)"
		case rep.ProvenPlies > 0:
			res.Detail = fmt.Sprintf("hunt: no lost game found (%s); no game of at most %d plies is lost", stoppedWord(rep.Stopped), rep.ProvenPlies)
		default:
			res.Detail = fmt.Sprintf("hunt: no lost game found (%s)", stoppedWord(rep.Stopped))
		}
	}
	if res.Verdict != verify.Inconclusive {
		res.StopReason = verify.NotStopped // as verify: only an inconclusive run stopped
	}
	res.Elapsed = time.Since(start)
	return rep, nil
}

func stoppedWord(s string) string {
	if s == "" {
		return "the search ended"
	}
	return s
}

// gameLess orders games by length, then by their move lists in cell order.
func gameLess(a, b board.Game) bool {
	if len(a.Moves) != len(b.Moves) {
		return len(a.Moves) < len(b.Moves)
	}
	for i := range a.Moves {
		if a.Moves[i].Cell != b.Moves[i].Cell {
			return a.Moves[i].Cell < b.Moves[i].Cell
		}
	}
	return false
}

// replayed replays a lost game through game.Replay (the whole game, both
// sides listed) and checks that the strategy allowed each of its moves and
// that the game ended in the strategy's loss; it returns the replayed game,
// with the rules as Replay recorded them.
func replayed(opt Options, g board.Game) (board.Game, error) {
	toks := make([]board.Token, len(g.Moves))
	for i, m := range g.Moves {
		toks[i] = board.Token{Text: g.Board.Format(m.Cell, board.Thesis), Index: i + 1, Player: m.Player, Cell: m.Cell}
	}
	r, err := game.Replay(opt.Strategy, opt.Starter, toks, opt.Choices == verify.First)
	if err != nil {
		return g, fmt.Errorf("internal error: a lost game found by the hunt does not replay: %w", err)
	}
	me := opt.Strategy.Side()
	full := r.Game.Position(-1).Occupied() == g.Board.All()
	for _, t := range r.Turns {
		ok := t.Agrees
		if opt.Choices == verify.First {
			ok = t.Answer == r.Game.Moves[t.Index].Cell
		}
		if !ok {
			return g, fmt.Errorf("internal error: in a lost game found by the hunt the strategy does not allow move %d", t.Index+1)
		}
	}
	if len(r.Game.Moves) != len(g.Moves) || r.Game.Winner == me || r.Game.Winner == board.Empty && !full {
		return g, fmt.Errorf("internal error: a lost game found by the hunt is not lost on replay")
	}
	return r.Game, nil
}
