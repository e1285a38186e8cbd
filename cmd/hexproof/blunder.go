package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"hexproof/board"
	"hexproof/verify"
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
// annotation never costs the user the result it annotates.
func findBlunder(ctx context.Context, g board.Game, side board.Color, limit time.Duration) *verify.Blunder {
	if limit <= 0 || g.Board == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	bl, err := solve.FindBlunder(ctx, g, side, solve.Options{})
	switch {
	case errors.Is(err, solve.ErrStopped):
		return &verify.Blunder{Reason: fmt.Sprintf("not determined: perfect play was not solved within %s (--blunder-time)", limit)}
	case err != nil:
		return &verify.Blunder{Reason: "not determined: " + err.Error()}
	}
	return bl
}

// annotate attaches the blunder of a result's lost game (refuted, or a loss
// found before a budget ran out).
func annotate(ctx context.Context, res *verify.Result, limit time.Duration) {
	if res == nil || res.Counterexample == nil || res.Verdict == verify.StrategyError || res.Counterexample.Winner != res.Side.Other() {
		return
	}
	g := *res.Counterexample
	if g.Board == nil {
		g.Board = res.Board
	}
	res.Blunder = findBlunder(ctx, g, res.Side, limit)
}
