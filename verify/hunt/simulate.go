package hunt

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"hexproof/board"
	"hexproof/internal/procmem"
	"hexproof/strategies"
	"hexproof/verify"
	"hexproof/verify/game"
)

// Opponent is the player the strategy meets in a simulation.
type Opponent uint8

const (
	// MonteCarlo is thesis Alg. 9.1.1: playouts estimate how many to spend
	// per move, then every empty cell is tried with that many playouts and
	// the one after which the strategy wins least often is played.
	MonteCarlo Opponent = iota
	// Random plays a uniformly random empty cell.
	Random
)

func (o Opponent) String() string {
	if o == Random {
		return "random"
	}
	return "montecarlo"
}

// ParseOpponent reads montecarlo (or mc) and random.
func ParseOpponent(s string) (Opponent, error) {
	switch s {
	case "montecarlo", "mc", "monte-carlo", "":
		return MonteCarlo, nil
	case "random":
		return Random, nil
	}
	return 0, fmt.Errorf("unknown opponent %q (want montecarlo or random)", s)
}

// SimOptions says what to simulate.
type SimOptions struct {
	Strategy strategies.Strategy
	Name     string
	Starter  board.Color
	// Choices: where the strategy allows several cells it plays a uniformly
	// random one of them (every, some) or the first in cell order (first).
	Choices  verify.Choices
	Opponent Opponent
	Games    int
	Jobs     int
	Seed     uint64
	// TimeLimit ends the simulation early; the games counted are then the
	// first ones in order that all finished.
	TimeLimit time.Duration
	// MaxLosses lost games are kept for export (0: 100).
	MaxLosses int
	Progress  func(done, total int)
}

// SimReport is the outcome of a simulation.
type SimReport struct {
	Board    *board.Board
	Strategy string
	Side     board.Color
	Starter  board.Color
	Choices  verify.Choices
	Opponent Opponent
	Seed     uint64
	// Games played to the end and counted; Wins of the strategy among them.
	Games, Wins int
	// WinRate = Wins/Games, with the 95 % Wilson score interval.
	WinRate, Low, High float64
	// MeanLength is the mean number of plies of a game; MeanPath the mean
	// winning-path length over the strategy's wins (see WinningPathLength),
	// 0 when the strategy won none.
	MeanLength, MeanPath float64
	// RuleCounts counts the rules behind the strategy's moves, over all games.
	RuleCounts map[string]int64
	// Lost are the games the strategy did not win (at most MaxLosses), in
	// the order they were played; each replayed through game.Replay.
	Lost []board.Game
	// Fault is a game in which the strategy gave an illegal answer (the
	// simulation stops at the first one), with what it answered.
	Fault       *board.Game
	FaultDetail string
	Playouts    int64
	Elapsed     time.Duration
	Stopped     string
	// MemoryBudget is the command's --memory (0: none given to the
	// library); PeakRSS the process's peak resident memory at the end.
	MemoryBudget, PeakRSS int64
}

// Verdict maps a simulation onto verify's verdicts (for exit codes): a lost
// game refutes the strategy, none is inconclusive (a simulation proves
// nothing), an illegal answer is a strategy error.
func (r *SimReport) Verdict() verify.Verdict {
	switch {
	case r.Fault != nil:
		return verify.StrategyError
	case r.Wins < r.Games:
		return verify.Refuted
	}
	return verify.Inconclusive
}

// Wilson is the Wilson score interval for k successes in n trials at the
// normal quantile z (1.96 for 95 %).
func Wilson(k, n int, z float64) (low, high float64) {
	if n == 0 {
		return 0, 1
	}
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	mid := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	low, high = max(0, mid-half), min(1, mid+half)
	// At p = 0 or 1 the bound is exactly 0 or 1; keep rounding out of it.
	if k == 0 {
		low = 0
	}
	if k == n {
		high = 1
	}
	return low, high
}

// simGame is one finished game.
type simGame struct {
	g        board.Game
	won      bool
	path     int
	rules    map[string]int64
	playouts int64
	fault    string
	faulted  bool
}

// folder sums the finished games into the report in their order, so that
// the report does not depend on Jobs (issue 32: and so that a simulation's
// memory does not grow with --games). A game is held only until every game
// before it is folded; a player does not start a game more than window
// games ahead of the first unfinished one, so at most window games wait.
// Only the first maxLost lost games are kept. The games counted are the
// ones before the first unfinished game, and none after a faulted one.
type folder struct {
	mu      sync.Mutex
	cond    *sync.Cond
	next    int              // the first game not yet folded
	pending map[int]*simGame // finished games waiting for an earlier one
	window  int
	stopped bool // a faulted game was folded
	r       *SimReport
	maxLost int
	lost    []board.Game // to replay, in order
	plies   int
	paths   int
}

func newFolder(r *SimReport, maxLost, window int) *folder {
	f := &folder{pending: map[int]*simGame{}, window: window, r: r, maxLost: maxLost}
	f.cond = sync.NewCond(&f.mu)
	return f
}

// await holds game i back until it is within the window; false when ctx
// ended or a fault was folded meanwhile.
func (f *folder) await(ctx context.Context, i int) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i >= f.next+f.window && ctx.Err() == nil && !f.stopped {
		f.cond.Wait()
	}
	return ctx.Err() == nil && !f.stopped
}

// wake releases the players waiting in await (the context ended).
func (f *folder) wake() {
	f.mu.Lock()
	f.cond.Broadcast()
	f.mu.Unlock()
}

// finished folds game i and every waiting game after it that it unblocks.
func (f *folder) finished(i int, g *simGame) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.pending[i] = g
	for !f.stopped {
		g, ok := f.pending[f.next]
		if !ok {
			break
		}
		delete(f.pending, f.next)
		f.next++
		f.fold(g)
	}
	if f.stopped {
		clear(f.pending)
	}
	f.cond.Broadcast()
}

func (f *folder) fold(g *simGame) {
	r := f.r
	r.Playouts += g.playouts
	if g.faulted {
		gg := g.g
		r.Fault, r.FaultDetail = &gg, g.fault
		f.stopped = true
		return
	}
	r.Games++
	f.plies += len(g.g.Moves)
	for k, v := range g.rules {
		r.RuleCounts[k] += v
	}
	if g.won {
		r.Wins++
		f.paths += g.path
		return
	}
	if len(f.lost) < f.maxLost {
		f.lost = append(f.lost, g.g)
	}
}

// Simulate plays opt.Games games of the strategy against the opponent. Each
// game's randomness comes from (Seed, its number) only, so the report does
// not depend on Jobs.
func Simulate(ctx context.Context, opt SimOptions) (*SimReport, error) {
	if opt.Strategy == nil {
		return nil, fmt.Errorf("no strategy given")
	}
	if opt.Starter != board.Red && opt.Starter != board.Blue {
		return nil, fmt.Errorf("the starter must be red or blue")
	}
	if opt.Games < 1 {
		return nil, fmt.Errorf("the number of games must be at least 1")
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
	rules := game.NewRules(opt.Strategy, opt.Choices == verify.First)
	r := &SimReport{
		Board: rules.B, Strategy: opt.Name, Side: rules.Me, Starter: opt.Starter, Choices: opt.Choices,
		Opponent: opt.Opponent, Seed: opt.Seed, RuleCounts: map[string]int64{},
	}
	jobs := max(1, opt.Jobs)
	f := newFolder(r, opt.MaxLosses, 64*jobs)
	stopWaiting := context.AfterFunc(ctx, f.wake)
	defer stopWaiting()
	var next, done atomic.Int64
	var faulted atomic.Bool
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pl := newPlayer(rules, opt)
			for ctx.Err() == nil && !faulted.Load() {
				i := int(next.Add(1) - 1)
				if i >= opt.Games || !f.await(ctx, i) {
					return
				}
				g := pl.play(ctx, i)
				if g == nil {
					return // interrupted in the middle of the game
				}
				if g.faulted {
					faulted.Store(true)
				}
				f.finished(i, g)
				d := done.Add(1)
				if opt.Progress != nil {
					opt.Progress(int(d), opt.Games)
				}
			}
		}()
	}
	wg.Wait()
	// The lost games are replayed once the players are done, so that the
	// strategy is never asked by two goroutines through one Rules.
	for _, g := range f.lost {
		lost, err := replayed(Options{Strategy: opt.Strategy, Starter: opt.Starter, Choices: verify.Every}, g)
		if err != nil {
			return nil, err
		}
		r.Lost = append(r.Lost, lost)
	}
	plies, paths := f.plies, f.paths
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		r.Stopped = "time limit"
	case ctx.Err() != nil:
		r.Stopped = "interrupted"
	}
	if r.Games > 0 {
		r.WinRate = float64(r.Wins) / float64(r.Games)
		r.MeanLength = float64(plies) / float64(r.Games)
	}
	if r.Wins > 0 {
		r.MeanPath = float64(paths) / float64(r.Wins)
	}
	r.Low, r.High = Wilson(r.Wins, r.Games, 1.96)
	r.Elapsed = time.Since(start)
	r.PeakRSS = procmem.PeakRSS()
	return r, nil
}

// player plays simulated games; one per worker.
type player struct {
	rules   *game.Rules
	opt     SimOptions
	rng     *rand.Rand
	empties []board.Cell
	scratch []board.Cell
	// guide, when set, is asked first for the opponent's move: a move it
	// returns (ok) is played instead of the Monte-Carlo one (hunt --guide).
	guide  func(p board.Position) (board.Cell, bool)
	guided int64 // moves the guide chose
}

func newPlayer(rules *game.Rules, opt SimOptions) *player {
	return &player{rules: rules, opt: opt}
}

// play plays game number i to its end (nil if ctx ended first).
func (pl *player) play(ctx context.Context, i int) *simGame {
	r := pl.rules
	pl.rng = rand.New(rand.NewPCG(pl.opt.Seed, mix(uint64(i)+uint64(pl.opt.Starter)<<40)))
	sg := &simGame{g: board.Game{Board: r.B, Starter: pl.opt.Starter}, rules: map[string]int64{}}
	var p board.Position
	last := board.NoCell
	who := pl.opt.Starter
	for {
		if ctx.Err() != nil {
			return nil
		}
		var c board.Cell
		rule := ""
		if who == r.Me {
			allowed, rl, f := r.Answer(p, last)
			if f != game.NoFault {
				sg.faulted, sg.fault = true, r.Describe(f, p, last, allowed, rl)
				return sg
			}
			c, rule = pl.pick(allowed), rl
			sg.rules[rule]++
		} else {
			c = pl.opponentMove(p, sg)
			last = c
		}
		q, o := r.Place(p, who, c)
		sg.g.Moves = append(sg.g.Moves, board.Move{Player: who, Cell: c, Rule: rule})
		p = q
		switch o {
		case game.Won:
			sg.g.Winner = who
			sg.won = who == r.Me
			if sg.won {
				sg.path = WinningPathLength(r.B, p, who)
			}
			return sg
		case game.Drawn:
			return sg // a full board with no winner: not won
		}
		who = who.Other()
	}
}

// pick chooses the strategy's move among its allowed cells (already one under
// first): uniformly at random.
func (pl *player) pick(allowed board.Bits) board.Cell {
	n := allowed.Count()
	if n == 1 {
		return allowed.First()
	}
	k := pl.rng.IntN(n)
	for ; k > 0; k-- {
		allowed.Pop()
	}
	return allowed.First()
}

// opponentMove is the opponent's move in p.
func (pl *player) opponentMove(p board.Position, sg *simGame) board.Cell {
	if pl.guide != nil {
		if c, ok := pl.guide(p); ok {
			pl.guided++
			return c
		}
	}
	empty := pl.rules.All.AndNot(p.Occupied())
	if pl.opt.Opponent == Random {
		return pl.pick(empty)
	}
	return pl.monteCarlo(p, empty, sg)
}

// monteCarlo is thesis Alg. 9.1.1 for the opponent (written for Blue there;
// here for whichever side the strategy does not play):
//  1. 500 playouts from p, the opponent first, give the strategy's win
//     fraction f and its variance estimate s² = f(1-f)·500/499; the
//     playouts needed for a margin of error of 0.05 at 95 % are
//     n = s²·1.96²/0.05²;
//  2. each empty cell gets n̄ = 10·⌈n/10⌉ + 50 playouts that start with the
//     opponent's stone there;
//  3. the cell after which the strategy won the fewest playouts is played
//     (ties: the first in a random order, from the game's seed).
//
// A playout is a game of random moves to the end, inside the opponent's
// head: it is not a game against the strategy (which is never asked), so it
// does not go through the game step. On the cylinder and the
// flat board a filled board has exactly one winner (thesis Thm. 3.2.2, the
// Hex theorem), and a win stays a win, so the first player to win in a
// playout is the winner of the filled board: a playout fills the empty
// cells at random (each player's share by the turn order) and tests once.
// (The thesis's shortcut of random moves after Red's rules 3/4 only saved
// time and is not taken.)
func (pl *player) monteCarlo(p board.Position, empty board.Bits, sg *simGame) board.Cell {
	pl.empties = empty.Cells()
	const first = 500
	w := pl.playouts(p, board.NoCell, first)
	sg.playouts += first
	f := float64(w) / first
	s2 := f * (1 - f) * first / (first - 1)
	n := s2 * 1.96 * 1.96 / (0.05 * 0.05)
	nbar := 10*int(math.Ceil(n/10)) + 50
	order := append(pl.scratch[:0], pl.empties...)
	pl.rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	pl.scratch = order
	best, bestW := board.NoCell, math.MaxInt
	for _, c := range order {
		if _, o := pl.rules.Place(p, pl.rules.Opp, c); o == game.Won {
			return c // a winning move: no playout can do better
		}
		w := pl.playouts(p, c, nbar)
		sg.playouts += int64(nbar)
		if w < bestW {
			best, bestW = c, w
		}
	}
	return best
}

// playouts plays k random playouts from p (the opponent to move), the
// opponent's first stone on c unless c is NoCell, and counts the strategy's
// wins.
func (pl *player) playouts(p board.Position, c board.Cell, k int) int {
	r := pl.rules
	cells := pl.empties
	opp, me := r.Opp, r.Me
	base := p
	rest := make([]board.Cell, 0, len(cells))
	for _, x := range cells {
		if x != c {
			rest = append(rest, x)
		}
	}
	// Turn order after p: the opponent, then the strategy, and so on.
	oppShare := (len(cells) + 1) / 2
	if c != board.NoCell {
		base = base.Play(opp, c)
		oppShare--
	}
	wins := 0
	for range k {
		for i := range oppShare {
			j := i + pl.rng.IntN(len(rest)-i)
			rest[i], rest[j] = rest[j], rest[i]
		}
		q := base
		for _, x := range rest[:oppShare] {
			q = q.Play(opp, x)
		}
		for _, x := range rest[oppShare:] {
			q = q.Play(me, x)
		}
		// A filled cylinder or flat board has one winner; on the torus both
		// or neither may have won, and only a win of the strategy alone counts.
		if r.B.Wins(q, me) && (r.B.Geo != board.Torus || !r.B.Wins(q, opp)) {
			wins++
		}
	}
	return wins
}

// WinningPathLength is the length of the winning path in a won position
// (docs/decisions.md, "Winning-path length"): for Red, the fewest red
// stones on a chain of red stones from ring 1 to ring n (flat: the same);
// for Blue, the fewest blue stones on a chain that wins for Blue (around
// the cylinder, or from column 1 to column m on the flat board). 0 when the
// player has not won or on the torus.
func WinningPathLength(b *board.Board, p board.Position, who board.Color) int {
	if b.Geo == board.Torus || !b.Wins(p, who) {
		return 0
	}
	if who == board.Red {
		return shortestChain(b, p.Red, b.Top(), b.Bottom())
	}
	if b.Geo == board.Flat {
		return shortestChain(b, p.Blue, b.Left(), b.Right())
	}
	// Blue on the cylinder: the fewest blue stones that still win, i.e. the
	// least number of empty cells needed to win if the other blue stones
	// were empty: need() of the position with Blue's stones made empty and
	// Red's kept, restricted to Blue's stones: a minimum cut through Blue's
	// stones only (non-blue cells are uncuttable).
	nd := newNeed(b, board.Blue)
	q := board.Position{Red: b.All().AndNot(p.Blue)}
	return nd.cut(q, b.Cells())
}

// shortestChain is the fewest cells of set on a path inside set from a
// cell of from to a cell of to (breadth-first search counting cells).
func shortestChain(b *board.Board, set, from, to board.Bits) int {
	reached := set.And(from)
	frontier := reached
	for d := 1; frontier.Any(); d++ {
		if frontier.And(to).Any() {
			return d
		}
		var grow board.Bits
		for f := frontier; f.Any(); {
			grow = grow.Or(b.Neighbours(f.Pop()))
		}
		frontier = grow.And(set).AndNot(reached)
		reached = reached.Or(frontier)
	}
	return 0
}
