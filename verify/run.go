package verify

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"hexproof/board"
	"hexproof/internal/procmem"
	"hexproof/strategies"
	"hexproof/tt"
	"hexproof/verify/game"
)

// Run verifies one strategy on one board for one starter (docs/design.md §5). It returns
// an error only for bad options or a failing database; every verdict, including
// a strategy error, is a Result.
func Run(ctx context.Context, opt Options) (*Result, error) {
	if opt.Strategy == nil {
		return nil, fmt.Errorf("no strategy given")
	}
	b := opt.Strategy.Board()
	if b.Cells() > tt.MaxCells {
		return nil, fmt.Errorf("board %dx%d has %d cells; verify handles at most %d", b.M, b.N, b.Cells(), tt.MaxCells)
	}
	if opt.Starter != board.Red && opt.Starter != board.Blue {
		return nil, fmt.Errorf("the starter must be red or blue")
	}
	if opt.Handicap {
		var err error
		if opt, err = handicapStart(opt); err != nil {
			return nil, err
		}
	}
	if err := checkStarts(opt); err != nil {
		return nil, err
	}
	e := newEngine(opt)
	parent := ctx
	if opt.TimeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.TimeLimit)
		defer cancel()
	}
	defer CollectorFor(opt.memoryBudget())()
	stopProgress := e.startProgress()
	defer stopProgress()
	var err error
	if opt.Choices == Some {
		err = e.runSome(ctx)
	} else {
		err = e.runBFS(ctx)
	}
	e.res.Elapsed = time.Since(e.start)
	e.res.MemoryBudget, e.res.PeakRSS = opt.memoryBudget(), procmem.PeakRSS()
	if err != nil {
		return nil, err
	}
	if e.res.Verdict == Inconclusive {
		e.res.StopReason = stopReason(parent, ctx, opt, e.res)
	}
	return e.res, nil
}

// gcPercent is the collector's target during a run (see Run).
const gcPercent = 20

// LiveShare is how much of a budget may be live under CollectorFor: the
// collector lets the heap reach (100+gcPercent)% of what is live.
func LiveShare(budget int64) int64 { return budget * 100 / (100 + gcPercent) }

// fixedShare is the memory a run uses beside its budget: Badger's memtables
// and caches (tt.OpenBadger sizes them) and the Go runtime.
const fixedShare = 64 << 20

// collector holds the runtime's collector settings while runs are active.
var collector struct {
	mu       sync.Mutex
	active   int
	budgets  int64
	oldGC    int
	oldLimit int64
}

// CollectorFor sets the collector for a run of the given memory budget, and
// returns what undoes it. The search's memory is a few large arrays of keys,
// which hold no pointers: a collection costs little whatever their size, so
// a low target (gcPercent) keeps the peak near what is live (the default
// lets the heap reach twice that). The soft memory limit, the budgets of the
// active runs plus the fixed share, makes the runtime return freed memory to
// the system before the process passes it, rather than some minutes later;
// the runs' own accounting keeps what is live below it (memoryPlan). Runs
// may overlap (certify's table): the first to start saves the process's
// settings and the last to end restores them. solve uses it too, for its
// pool of tables.
func CollectorFor(budget int64) (undo func()) {
	c := &collector
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.active == 0 {
		c.oldGC = debug.SetGCPercent(gcPercent)
		c.oldLimit = debug.SetMemoryLimit(-1)
	}
	c.active++
	c.budgets += budget
	debug.SetMemoryLimit(c.budgets + fixedShare)
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.active--
		c.budgets -= budget
		if c.active == 0 {
			debug.SetGCPercent(c.oldGC)
			debug.SetMemoryLimit(c.oldLimit)
			return
		}
		debug.SetMemoryLimit(c.budgets + fixedShare)
	}
}

// newEngine sets up a search for valid options.
func newEngine(opt Options) *engine {
	b := opt.Strategy.Board()
	e := &engine{
		Expander: NewExpander(opt.Strategy, opt.Choices, opt.NoSymmetry),
		opt:      opt,
		s:        opt.Strategy,
		first:    opt.Choices == First,
		jobs:     opt.jobs(),
		start:    time.Now(),
	}
	e.res = &Result{
		Board: b, Strategy: opt.Name, Side: e.me, Starter: opt.Starter, Choices: opt.Choices, Handicap: opt.Handicap,
		RuleCounts: map[string]int64{}, Symmetries: len(e.group),
	}
	if len(opt.Starts) > 0 && !opt.Handicap {
		e.res.Start = commonPrefix(opt.Starts)
	}
	return e
}

// meta is what a database records about its run, so that --resume continues
// exactly the same search and refuses a different one.
type meta struct {
	Format   int              `json:"format"`
	Run      string           `json:"run"`
	Frontier int              `json:"frontier"` // finished, not yet expanded layer
	Sizes    map[int]int64    `json:"sizes"`    // finished layers
	Rules    map[string]int64 `json:"rules"`
	Longest  int              `json:"longest"`
	Trans    int64            `json:"transposition_hits"`
	Sym      int64            `json:"symmetry_hits"`
	Elapsed  float64          `json:"elapsed_seconds"`
	// Partial records the checkpoints of the layer being built, if any.
	Partial *partialMeta `json:"partial,omitempty"`
}

// RunID names a run: everything that determines its search.
func RunID(o Options) string {
	b := o.Strategy.Board()
	sym := "sym"
	if o.NoSymmetry || o.Choices == First {
		sym = "nosym"
	}
	name := o.Name
	if strings.HasPrefix(name, strategies.ExecPrefix) && o.Strategy.Side() != board.Red {
		// An external engine's side is a flag of its own (--player), not
		// part of its name.
		name += "-player-" + o.Strategy.Side().String()
	}
	id := fmt.Sprintf("%dx%d-%s-%s-%s-starts-%s-%s", b.M, b.N, b.Geo, name, o.Starter, o.Choices, sym)
	if o.Handicap {
		id += "-handicap"
	}
	if len(o.Starts) > 0 {
		h := sha256.New()
		for _, g := range o.Starts {
			fmt.Fprintf(h, "%s\n", b.FormatMoves(g.Moves, board.Thesis, true))
		}
		id += fmt.Sprintf("-prefixes-%d-%x", len(o.Starts), h.Sum(nil)[:8])
	}
	return id
}

// StartError says why a start prefix (Options.Starts) cannot begin a search.
type StartError struct {
	Index int // in Options.Starts
	Why   string
}

func (e *StartError) Error() string { return fmt.Sprintf("start prefix %d: %s", e.Index+1, e.Why) }

// useOutcomes lets the layer expansion skip a WinTaker's choice among winning
// moves (Rules.Outcomes); tests turn it off to compare.
var useOutcomes = true

// handicapStart turns Options.Handicap into the search's start prefix: the
// strategy's handicap stones, all its own, with the opponent to move after them.
func handicapStart(opt Options) (Options, error) {
	h, ok := opt.Strategy.(strategies.HandicapStones)
	if !ok {
		return opt, fmt.Errorf("strategy %s places no handicap stones", opt.Name)
	}
	me := opt.Strategy.Side()
	if opt.Starter != me {
		return opt, fmt.Errorf("with a handicap, %s (the strategy's side) starts", me)
	}
	if len(opt.Starts) > 0 {
		return opt, fmt.Errorf("a handicap is its own start; it cannot be combined with start prefixes")
	}
	g := board.Game{Board: opt.Strategy.Board(), Starter: me}
	for _, c := range h.HandicapStones() {
		g.Moves = append(g.Moves, board.Move{Player: me, Cell: c, Rule: "H"})
	}
	opt.Starts = []board.Game{g}
	return opt, nil
}

// StartGame is the start prefix of `verify --moves`: the game of the cells
// played from the empty board, alternately from opt.Starter, with the rule
// of each of the strategy's moves. It must be a game by the rules of opt
// (each strategy move allowed under opt.Choices) that is not over; a
// *StartError says why not. Under Choices Some it may end with either
// player to move; under Every and First (the layered search, whose
// prefixes end with the strategy's answer) with the opponent to move.
func StartGame(opt Options, cells []board.Cell) (board.Game, error) {
	g := board.Game{Board: opt.Strategy.Board(), Starter: opt.Starter}
	r := game.NewRules(opt.Strategy, opt.Choices == First)
	var p board.Position
	last := board.NoCell
	for _, c := range cells {
		who := p.ToMove(opt.Starter)
		m := board.Move{Player: who, Cell: c}
		if !r.B.Valid(c) || p.Occupied().Has(c) {
			g.Moves = append(g.Moves, m)
			break // checkStarts says so
		}
		if who == r.Me {
			_, m.Rule, _ = r.Answer(p, last)
		}
		g.Moves = append(g.Moves, m)
		p, last = p.Play(who, c), c
	}
	opt.Starts, opt.Handicap = []board.Game{g}, false
	return g, checkStarts(opt)
}

// StartGames is StartGame for every choice: under Every and First a game
// that ends with the strategy to move is continued by its answers (each
// allowed move under Every, a prefix of its own; the first under First), so
// that every prefix ends with the opponent to move. An answer that wins at
// once ends a game the strategy has won, and is left out; one that draws (the
// torus), or a strategy error, is a *StartError, as is a game every answer
// wins at once (nothing is left to verify).
func StartGames(opt Options, cells []board.Cell) ([]board.Game, error) {
	if opt.Choices == Some {
		g, err := StartGame(opt, cells)
		return []board.Game{g}, err
	}
	some := opt
	some.Choices = Some // the moves so far, by the rules, either player to move
	g, err := StartGame(some, cells)
	if err != nil {
		return nil, err
	}
	r := game.NewRules(opt.Strategy, opt.Choices == First)
	var p board.Position
	last := board.NoCell
	for _, m := range g.Moves {
		p, last = p.Play(m.Player, m.Cell), m.Cell
	}
	if p.ToMove(opt.Starter) != r.Me {
		opt.Starts = []board.Game{g}
		return opt.Starts, checkStarts(opt)
	}
	allowed, rule, f := r.Answer(p, last)
	if f != game.NoFault {
		why := r.Describe(f, p, last, allowed, rule)
		if !strings.HasPrefix(why, "the strategy ") { // a strategy's own account names it (Within)
			why = "the strategy " + why
		}
		return nil, &StartError{0, "after these moves " + why}
	}
	var games []board.Game
	for a := allowed; a.Any(); {
		c := a.Pop()
		switch _, o := r.Place(p, r.Me, c); o {
		case game.Drawn:
			return nil, &StartError{0, fmt.Sprintf("the strategy's answer %s draws", r.B.Format(c, board.Thesis))}
		case game.Going:
			h := g
			h.Moves = append(slices.Clone(g.Moves), board.Move{Player: r.Me, Cell: c, Rule: rule})
			games = append(games, h)
		}
	}
	if len(games) == 0 {
		return nil, &StartError{0, "the strategy wins at once after these moves: nothing is left to verify"}
	}
	opt.Starts = games
	return games, checkStarts(opt)
}

// commonPrefix is the moves every game of gs begins with (nil if none).
func commonPrefix(gs []board.Game) []board.Move {
	n := len(gs[0].Moves)
	for _, g := range gs[1:] {
		k := 0
		for k < n && k < len(g.Moves) && g.Moves[k].Cell == gs[0].Moves[k].Cell {
			k++
		}
		n = k
	}
	if n == 0 {
		return nil
	}
	return slices.Clone(gs[0].Moves[:n])
}

// checkStarts checks that the prefixes of opt.Starts are games by the rules,
// of one length, not over, with the opponent to move (under Choices Some,
// the one prefix may end with either player to move).
func checkStarts(opt Options) error {
	if len(opt.Starts) == 0 {
		return nil
	}
	if opt.Choices == Some && opt.Handicap {
		return &StartError{Index: 0, Why: "a handicap start is not supported under choices some"}
	}
	if opt.Choices == Some && len(opt.Starts) > 1 {
		return &StartError{Index: 1, Why: "choices some takes one start prefix (its search has one root)"}
	}
	r := game.NewRules(opt.Strategy, opt.Choices == First)
	for i, g := range opt.Starts {
		if len(g.Moves) != len(opt.Starts[0].Moves) {
			return &StartError{i, fmt.Sprintf("%d moves, but prefix 1 has %d", len(g.Moves), len(opt.Starts[0].Moves))}
		}
		var p board.Position
		last := board.NoCell
		for k, m := range g.Moves {
			if who := p.ToMove(opt.Starter); m.Player != who && !opt.Handicap {
				return &StartError{i, fmt.Sprintf("move %d is %s's, but it is %s's turn", k+1, m.Player, who)}
			}
			if !r.B.Valid(m.Cell) || p.Occupied().Has(m.Cell) {
				return &StartError{i, fmt.Sprintf("move %d is not on an empty cell", k+1)}
			}
			if m.Player == r.Me {
				allowed, _, f := r.Answer(p, last)
				if f != game.NoFault || !allowed.Has(m.Cell) {
					return &StartError{i, fmt.Sprintf("move %d, %s, is not a move the strategy plays there", k+1, r.B.Format(m.Cell, board.Thesis))}
				}
			}
			var o game.Outcome
			if p, o = r.Place(p, m.Player, m.Cell); o != game.Going {
				return &StartError{i, fmt.Sprintf("the game is over after move %d", k+1)}
			}
			last = m.Cell
		}
		if p.ToMove(opt.Starter) != r.Opp && !opt.Handicap && opt.Choices != Some {
			return &StartError{i, fmt.Sprintf("it ends with the strategy to move; under choices %s a prefix must end with its answer", opt.Choices)}
		}
	}
	return nil
}

// openStore opens the run's store and, with --resume, its progress. On error
// nothing stays open. A run that does not resume starts from an emptied
// database directory, so that nothing old — not even a damaged file — can
// stand in its way. Resuming where there is no database directory is a
// *NothingToResumeError rather than a silent fresh start; a directory that
// records no finished layer starts again from the empty board.
func (e *engine) openStore() (m *meta, err error) {
	if e.opt.DB == "" {
		if e.opt.Resume {
			return nil, ErrResumeInMemory
		}
		_, storeBytes := e.opt.memoryPlan()
		m := tt.NewMem()
		m.SetBudget(storeBytes)
		e.store = m
		return nil, nil
	}
	var disk *tt.Badger
	if e.opt.Resume {
		ok, herr := tt.HasStore(e.opt.DB)
		if herr != nil {
			return nil, herr
		}
		if !ok {
			return nil, &NothingToResumeError{Dir: e.opt.DB}
		}
		disk, err = tt.OpenBadger(e.opt.DB)
	} else {
		if err := e.refuseOtherRun(); err != nil {
			return nil, err
		}
		disk, err = tt.OpenBadgerFresh(e.opt.DB)
	}
	if err != nil {
		return nil, err
	}
	_, storeBytes := e.opt.memoryPlan()
	st := tt.NewHybrid(disk, storeBytes)
	e.store = st
	defer func() {
		if err != nil {
			st.Close()
			e.store = nil
		}
	}()
	if !e.opt.Resume {
		return nil, nil
	}
	raw, err := st.LoadMeta()
	if err != nil {
		return nil, err
	}
	if raw == nil {
		return nil, nil // killed before it recorded itself: start again
	}
	if m, err = decodeMeta(e.opt, raw); err != nil {
		return nil, err
	}
	if m.Frontier < 0 {
		return nil, nil // the earlier run finished no layer: start again
	}
	return m, nil
}

func (e *engine) saveMeta(frontier int, sizes map[int]int64, partial *partialMeta) error {
	m := meta{
		Format: 1, Run: RunID(e.opt), Frontier: frontier, Sizes: sizes,
		Rules: e.res.RuleCounts, Longest: e.res.LongestGame,
		Trans: e.res.TranspositionHits, Sym: e.res.SymmetryHits,
		Elapsed: time.Since(e.start).Seconds(), Partial: partial,
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return e.store.SaveMeta(raw)
}

// runBFS is the breadth-first search of `every` and `first`: the first layer
// (or the layers of a resumed run), then one layer after another until a
// layer is empty (optimal), has an event (refuted, or a strategy error), or a
// budget stops it (inconclusive).
func (e *engine) runBFS(ctx context.Context) error {
	resumed, err := e.openStore()
	if err != nil {
		return err
	}
	defer e.store.Close()
	res := e.res
	sizes := map[int]int64{}
	d0 := e.firstDepth()
	var d int
	var cur tt.Layer
	var partial *partialMeta
	if resumed != nil {
		d, partial = resumed.Frontier, resumed.Partial
		if cur, err = e.resumeLayers(resumed, sizes); err != nil {
			return err
		}
	} else {
		d = d0
		if cur, err = e.firstLayer(d0, sizes); err != nil || cur == nil {
			return err
		}
	}
	for _, n := range sizes {
		res.Positions += n
	}
	e.positions.Store(res.Positions)
	for {
		res.LayersDone = d
		if cur.Len() == 0 {
			res.Verdict = Optimal
			res.LayersDone = e.b.Cells()
			return nil
		}
		if e.overBudget(d) {
			return nil
		}
		e.layer.Store(int64(d))
		lr, err := e.expandLayer(ctx, d, cur, partial, func(p *partialMeta) error { return e.saveMeta(d, sizes, p) })
		if err != nil {
			return err
		}
		partial = nil
		if lr.stopped != nil {
			e.stopped(d, cur, lr)
			return nil
		}
		if len(lr.errors) > 0 || lr.minEvent != 0 {
			return e.finishWithEvent(d0, d, lr, sizes)
		}
		if lr.full {
			res.Verdict = Inconclusive
			res.Detail = fmt.Sprintf("memory budget of %d MiB reached while expanding the positions of %d stones, after %d positions; layers up to %d stones are complete and hold no loss (a database goes further, or a larger memory budget)", e.opt.memoryBudget()>>20, d, res.Positions, d)
			return nil
		}
		addCounts(res.RuleCounts, lr.rules)
		res.LongestGame = max(res.LongestGame, lr.longest)
		res.SymmetryHits += lr.symHits
		res.TranspositionHits += lr.generated - lr.next.Len()
		res.Positions += lr.next.Len()
		e.positions.Store(res.Positions)
		sizes[d+2] = lr.next.Len()
		if err := e.saveMeta(d+2, sizes, nil); err != nil {
			return err
		}
		d += 2
		cur = lr.next
	}
}

// firstDepth is the stone count of the first stored layer: the start
// prefixes' length, or 0 when the opponent opens, or 1 when the strategy does.
func (e *engine) firstDepth() int {
	switch {
	case len(e.opt.Starts) > 0:
		return len(e.opt.Starts[0].Moves)
	case e.opt.Starter == e.opp:
		return 0
	}
	return 1
}

// resumeLayers takes up a resumed run's totals and checks its stored layers;
// it returns the layer to expand next.
func (e *engine) resumeLayers(resumed *meta, sizes map[int]int64) (tt.Layer, error) {
	res, d := e.res, resumed.Frontier
	maps.Copy(sizes, resumed.Sizes)
	maps.Copy(res.RuleCounts, resumed.Rules)
	res.LongestGame, res.TranspositionHits, res.SymmetryHits = resumed.Longest, resumed.Trans, resumed.Sym
	e.start = e.start.Add(-time.Duration(resumed.Elapsed * float64(time.Second)))
	if err := e.store.Drop(d + 1); err != nil {
		return nil, err
	}
	// The stored layers must be what the metadata says they are.
	for k, n := range sizes {
		l, err := e.store.Layer(k)
		if missing := (*tt.MissingLayerError)(nil); errors.As(err, &missing) {
			return nil, &tt.DamagedError{Dir: e.opt.DB, Err: fmt.Errorf("layer %d, which its record names, is not there", k)}
		}
		if err != nil {
			return nil, err
		}
		if l.Len() != n {
			return nil, &tt.DamagedError{Dir: e.opt.DB, Err: fmt.Errorf("layer %d has %d positions, its record says %d", k, l.Len(), n)}
		}
	}
	if p := resumed.Partial; p != nil && (p.Layer != d+2 || p.Done < 0 || p.Done > sizes[d]) {
		return nil, &tt.DamagedError{Dir: e.opt.DB, Err: fmt.Errorf("its checkpoint of layer %d does not fit layer %d of %d positions", p.Layer, d, sizes[d])}
	}
	return e.store.Layer(d)
}

// firstLayer builds and stores the first layer of a fresh run. It returns nil
// when the search ended at the root (the strategy's first move cannot be
// made, or fills the board).
func (e *engine) firstLayer(d int, sizes map[int]int64) (tt.Layer, error) {
	res := e.res
	// First record durably that no layer is finished, then drop the old
	// layers. The other order would let a crash in between leave metadata
	// that names a layer no longer there.
	if err := e.saveMeta(-1, nil, nil); err != nil {
		return nil, err
	}
	if err := e.store.Drop(0); err != nil {
		return nil, err
	}
	var keys []tt.Key
	switch {
	case len(e.opt.Starts) > 0:
		var t Tally
		for _, g := range e.opt.Starts {
			keys = append(keys, e.key(g.Position(-1), &t))
		}
		res.SymmetryHits += t.symHits
	case d == 0:
		keys = []tt.Key{{}}
	default:
		var done bool
		if keys, done = e.rootMoves(); done {
			return nil, nil
		}
	}
	wr, err := e.store.Create(d)
	if err != nil {
		return nil, err
	}
	if err := wr.Add(keys); err != nil {
		return nil, err
	}
	cur, err := wr.Finish()
	if err != nil {
		return nil, err
	}
	res.TranspositionHits += int64(len(keys)) - cur.Len()
	sizes[d] = cur.Len()
	return cur, e.saveMeta(d, sizes, nil)
}

// rootMoves makes the strategy's opening decision on the empty board and
// returns the positions after each allowed move, or done when that settles
// the run (a strategy error, or a move that ends the game in a draw).
func (e *engine) rootMoves() (keys []tt.Key, done bool) {
	res := e.res
	o := e.Open()
	if o.Fault != game.NoFault {
		res.Verdict = StrategyError
		res.Detail = "on the empty board " + e.rules.Describe(o.Fault, board.Position{}, board.NoCell, o.Allowed, o.Rule)
		res.Counterexample = &board.Game{Board: e.b, Starter: e.opt.Starter}
		return nil, true
	}
	res.RuleCounts[o.Rule]++
	if o.Won {
		res.LongestGame = max(res.LongestGame, 1)
	}
	if o.Drawn != board.NoCell {
		res.Verdict = Refuted
		res.Counterexample = &board.Game{Board: e.b, Starter: e.opt.Starter, Moves: []board.Move{{Player: e.me, Cell: o.Drawn, Rule: o.Rule}}}
		res.Minimal = true
		res.Positions = 1
		return nil, true
	}
	res.SymmetryHits += o.SymmetryHits
	return o.Keys, false
}

// overBudget ends the run as inconclusive before layer d is expanded when a
// budget is spent.
func (e *engine) overBudget(d int) bool {
	res := e.res
	switch {
	case e.opt.MaxPositions > 0 && res.Positions > e.opt.MaxPositions:
		res.Detail = fmt.Sprintf("position budget of %d reached after %d positions; layers up to %d stones are complete", e.opt.MaxPositions, res.Positions, d)
	default:
		return false
	}
	res.Verdict = Inconclusive
	return true
}

// stopped words the result of a run stopped while expanding layer d.
func (e *engine) stopped(d int, cur tt.Layer, lr *layerResult) {
	res := e.res
	res.Verdict = Inconclusive
	why := "interrupted"
	if lr.stopped == context.DeadlineExceeded {
		why = fmt.Sprintf("time limit of %s reached", e.opt.TimeLimit)
	}
	found := "no loss was found so far"
	if e.lossSeen.Load() || e.errSeen.Load() {
		// The layer was not finished, so the smallest lost game (or
		// strategy error) in cell order is not determined yet.
		found = fmt.Sprintf("a loss or strategy error within %d plies was seen in this layer, but it was interrupted before the counterexample was determined", d+2)
	}
	saved := ""
	if lr.checkpointed > 0 {
		saved = fmt.Sprintf(", %d of them saved at a checkpoint", lr.checkpointed)
	}
	res.Detail = fmt.Sprintf("%s while expanding the positions with %d stones (%d of %d done%s); layers up to %d stones are complete; %s",
		why, d, e.doneInLay.Load(), cur.Len(), saved, d, found)
}

func addCounts(into, from map[string]int64) {
	for k, v := range from {
		into[k] += v
	}
}
