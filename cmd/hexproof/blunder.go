package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/tt"
	"hexproof/verify"
	"hexproof/verify/andor"
	"hexproof/verify/solve"
)

// defaultBlunderTime bounds the perfect-play search that annotates a lost
// game: small boards take milliseconds, large ones may not finish at all.
const defaultBlunderTime = 10 * time.Second

// blunderFlag adds --blunder-time to a command's flags.
func blunderFlag(fs *pflag.FlagSet) *time.Duration {
	return fs.Duration("blunder-time", defaultBlunderTime,
		"solve lost games for at most this long to name the first losing move (0: do not)")
}

// checkBlunderTime refuses a negative --blunder-time, like every other
// negative limit.
func checkBlunderTime(d time.Duration) error {
	if d < 0 {
		return fmt.Errorf("--blunder-time cannot be negative (0 means do not look for the blunder)")
	}
	return nil
}

// findBlunder is the blunder of side in the lost game g, solving for at most
// limit; nil when limit is 0. A search that does not finish, or a board the
// solver does not take, gives a blunder that says so instead of an error: the
// annotation never costs the user the result it annotates. The solver's
// tables stay within memory bytes (replay's --memory: they are all it holds).
//
// facts, when not nil, is a store of solved positions (replay --db) the
// solver reads and adds to; fromFacts is how many questions it answered.
func findBlunder(ctx context.Context, g board.Game, strat strategies.Strategy, limit time.Duration, memory int64, facts *tt.Facts) (bl *verify.Blunder, fromFacts int64) {
	bs := newBlunders(ctx, strat, limit, memory)
	bs.facts = facts
	defer bs.close()
	bl = bs.of(g)
	if bs.s != nil {
		fromFacts = bs.s.FromFacts
	}
	return bl, fromFacts
}

// blunderShare is the part of a command's memory budget its blunder solver
// may use (its tables stop growing there): an eighth. The command's own
// search gets the rest, so that the process keeps to the budget.
func blunderShare(budget int64) int64 { return budget / 8 }

// blunders annotates the lost games of one command run (one board, one
// strategy side) with one solver, so that every game reuses what the earlier
// ones proved: the counterexample and the exported games share most of their
// positions. Each game is searched for at most limit; once one is not solved
// in time the later games are not tried (their annotation says so), which
// keeps an export of many games on a large board from costing limit per game.
// A game asked twice (the counterexample is also the first exported game) is
// answered from memory.
type blunders struct {
	ctx   context.Context
	strat strategies.Strategy // whose rules the blunder is attributed to
	side  board.Color
	limit time.Duration
	s     *solve.Solver
	err   error // the solver does not take the board
	stuck bool  // a game was not solved within limit
	memo  map[string]*verify.Blunder
	// memory is the solver's budget (blunderShare); undo the collector
	// setting made for it, once the solver exists.
	memory int64
	undo   func()
	facts  *tt.Facts // the solver's store of solved positions (nil: none)
}

func newBlunders(ctx context.Context, strat strategies.Strategy, limit time.Duration, memory int64) *blunders {
	return &blunders{ctx: ctx, strat: strat, side: strat.Side(), limit: limit, memo: map[string]*verify.Blunder{}, memory: memory}
}

// close gives the solver's memory back (the annotations made stay).
func (bs *blunders) close() {
	if bs == nil {
		return
	}
	if bs.s != nil {
		bs.s.Close()
		bs.s = nil
	}
	if bs.undo != nil {
		bs.undo()
		bs.undo = nil
	}
}

// of is the blunder of the game, or nil when none is wanted: limit 0, or a
// game the strategy's side did not lose.
func (bs *blunders) of(g board.Game) *verify.Blunder {
	if bs == nil || bs.limit <= 0 || g.Board == nil || g.Winner != bs.side.Other() {
		return nil
	}
	key := fmt.Sprint(g.Starter, g.Moves)
	if bl, ok := bs.memo[key]; ok {
		return bl
	}
	bl := bs.solve(g)
	bs.memo[key] = bl
	return bl
}

func (bs *blunders) solve(g board.Game) *verify.Blunder {
	if bs.s == nil && bs.err == nil {
		mem := max(bs.memory, 1<<20)
		bs.undo = verify.CollectorFor(mem)
		bs.s, bs.err = solve.NewSolver(bs.ctx, g.Board, solve.Options{TableBytes: mem, Pool: andor.NewPool(verify.LiveShare(mem)), Facts: bs.facts})
	}
	switch {
	case bs.err != nil:
		return &verify.Blunder{Reason: "not determined: " + bs.err.Error()}
	case bs.stuck:
		return &verify.Blunder{Reason: fmt.Sprintf("not determined: an earlier game's perfect play was not solved within %s (--blunder-time), so this one was not tried", bs.limit)}
	}
	ctx, cancel := context.WithTimeout(bs.ctx, bs.limit)
	defer cancel()
	bs.s.SetContext(ctx)
	bl, err := bs.s.Blunder(g, bs.side)
	switch {
	case errors.Is(err, solve.ErrStopped) && bs.ctx.Err() != nil:
		bs.stuck = true
		return &verify.Blunder{Reason: "not determined: interrupted"}
	case errors.Is(err, solve.ErrStopped):
		bs.stuck = true
		return &verify.Blunder{Reason: fmt.Sprintf("not determined: perfect play was not solved within %s (--blunder-time)", bs.limit)}
	case err != nil:
		return &verify.Blunder{Reason: "not determined: " + err.Error()}
	}
	bl.Attribute(bs.strat, g)
	return bl
}

// annotate attaches the blunder of a result's lost game (refuted, or a loss
// found before a budget ran out).
func annotate(res *verify.Result, bs *blunders) {
	if res == nil || res.Counterexample == nil || res.Verdict == verify.StrategyError {
		return
	}
	g := *res.Counterexample
	if g.Board == nil {
		g.Board = res.Board
	}
	res.Blunder = bs.of(g)
}

// annotatedLosses writes each exported game with its blunder.
type annotatedLosses struct {
	lossWriter
	bs *blunders
}

func (a annotatedLosses) Write(g board.Game) error {
	return a.lossWriter.WriteAnnotated(g, a.bs.of(g))
}
