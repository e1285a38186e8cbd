package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"hexproof/verify/solve"
)

// bandGameFlags are --band-games, --band-budget and --band-no-blue-hsearch,
// shared by solve and solve --shard.
type bandGameFlags struct {
	fs     *pflag.FlagSet
	on     *bool
	budget *int64
	light  *bool
}

func addBandGameFlags(fs *pflag.FlagSet) bandGameFlags {
	return bandGameFlags{fs: fs,
		on:     fs.Bool("band-games", false, "also let the band templates ask about bands holding Blue stones: each such small game (at most 35 cells) is solved on its own. Pays on positions that split into a band and the rest, costs time elsewhere (docs/decisions/solve.md K24)"),
		budget: fs.Int64("band-budget", solve.DefaultBandGames.Budget, "with --band-games, the expansions each band game may take before it counts as not won. More decides positions whose key band game is large (near the root of a hard shard), and costs time wherever games run out of it (docs/decisions/solve.md K27)"),
		light:  fs.Bool("band-no-blue-hsearch", false, "with --band-games, the band games' solvers run without Blue's H-search with windings: an expansion costs about half, and fewer games are settled within the budget. Paid on 5x12 shards where Blue's last stone is near ring 1, cost more where it is far (docs/decisions/solve.md K31)"),
	}
}

// maxBandBudget bounds --band-budget far above the largest band game
// measured (203,555 positions, results.md, thirty-ninth session), so that a
// typo cannot make every game run for hours.
const maxBandBudget = 100_000_000

// limits are the band-game limits the flags ask for (zero: none).
func (f bandGameFlags) limits() (solve.BandGameLimits, error) {
	set := f.fs.Changed("band-budget")
	switch {
	case set && !*f.on:
		return solve.BandGameLimits{}, fmt.Errorf("--band-budget needs --band-games")
	case *f.light && !*f.on:
		return solve.BandGameLimits{}, fmt.Errorf("--band-no-blue-hsearch needs --band-games")
	case *f.budget < 1 || *f.budget > maxBandBudget:
		return solve.BandGameLimits{}, fmt.Errorf("--band-budget %d: give a number of expansions from 1 to %d", *f.budget, maxBandBudget)
	case !*f.on:
		return solve.BandGameLimits{}, nil
	}
	l := solve.DefaultBandGames
	l.Budget = *f.budget
	l.NoBlueHSearch = *f.light
	return l, nil
}
