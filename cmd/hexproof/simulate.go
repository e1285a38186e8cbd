package main

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"

	"hexproof/board"
	"hexproof/reports"
	"hexproof/strategies"
	"hexproof/verify"
	"hexproof/verify/hunt"
)

func init() {
	commands["simulate"] = command{"play a strategy against a Monte-Carlo or random opponent (thesis §9.1)", runSimulate}
}

const simulateSynopsis = `Plays --games games of the strategy against an opponent and reports the win
rate with its 95 % confidence interval (Wilson score interval), the mean game
length in plies, the mean winning-path length of the strategy's wins (the
fewest of the winner's stones forming a winning chain) and how often each rule
was used.

--opponent montecarlo is thesis Alg. 9.1.1: before each move, 500 random
playouts estimate how many playouts per cell give a margin of error of 0.05 at
95 %; every empty cell is tried with that many and the cell after which the
strategy wins least often is played. --opponent random plays any empty cell.
Where the strategy allows several cells it plays a random one of them
(--choices every or some) or the first in cell order (--choices first).

--board takes a comma-separated list (e.g. 5x4,5x5,5x6,5x7,5x9,5x12, the
thesis's boards); with several boards or starters an overall line follows.
Each game's randomness depends only on --seed and its number, so the report
does not depend on --jobs. Lost games are replayed and can be exported with
--export-losses like verify's counterexamples.

Exit codes: 1 some game was lost, 2 bad input, 3 every game was won (a
simulation proves nothing), 4 strategy error.`

// maxGames bounds --games: simulate keeps every game until it reports.
const maxGames = 10_000_000

func runSimulate(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("simulate --board MxN[,MxN…] --strategy NAME [flags]", simulateSynopsis, stdout)
	c := newCommonFlags(fs)
	c.addBoard(boardList, "5x9 or 5x4,5x5", "required")
	c.addGeometry()
	c.addStrategy()
	c.addStarter(starterBoth)
	c.addChoices("every", "every or some: a random allowed cell; first: the first")
	opponent := fs.String("opponent", "montecarlo", "montecarlo (thesis Alg. 9.1.1) or random")
	games := fs.Int("games", 100, "games per board and starter")
	c.addJobs(0, "games played in parallel; 0 means all CPUs; never changes the result", "all CPUs")
	seed := fs.Uint64("seed", 1, "seed of the random moves and playouts")
	c.addTimeLimit("this long on each board and starter", "")
	c.addJSON("the report")
	exportLosses := fs.String("export-losses", "", "write the lost games to FILE (.jsonl, .md, .sgf, or .html: a page with a game stepper per game)")
	maxLosses := fs.Int("max-losses", 100, "at most this many lost games per board and starter")
	c.addNoProgress()
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	usageErr := func(err error) int { return fail(stderr, "simulate", exitUsage, err) }
	v, err := c.check()
	if err != nil {
		return usageErr(err)
	}
	defer v.close()
	type target struct {
		b *board.Board
		s strategies.Strategy
	}
	var targets []target
	for k, b := range v.boards {
		targets = append(targets, target{b, v.strats[k]})
	}
	choices, starters, name := v.choices, v.starters, c.strategy
	jsonOut, jobs, timeLimit := c.json, c.jobs, c.timeLimit
	opp, err := hunt.ParseOpponent(*opponent)
	if err != nil {
		return usageErr(fmt.Errorf("--opponent: %v", err))
	}
	if err := c.checkFits(v, starters); err != nil {
		return usageErr(err)
	}
	if *games < 1 {
		return usageErr(fmt.Errorf("--games must be at least 1"))
	}
	if *games > maxGames {
		return usageErr(fmt.Errorf("--games must be at most %d (each game is kept for the report)", maxGames))
	}
	if err := checkNotNegative(signedFlag{"max-losses", *maxLosses < 0}); err != nil {
		return usageErr(err)
	}
	*jobs = allCPUs(*jobs)
	if *exportLosses != "" && len(targets) > 1 {
		return usageErr(fmt.Errorf("--export-losses takes one board; run the boards separately"))
	}
	if err := checkOutputSet(output{flag: "json", path: *jsonOut, std: true}, output{flag: "export-losses", path: *exportLosses}, certificateInput(*name)); err != nil {
		return usageErr(err)
	}
	var losses lossWriter
	if *exportLosses != "" {
		losses, err = openLosses(*exportLosses, targets[0].b, reports.Meta{Strategy: *name, Choices: choices.String()})
		if err != nil {
			return usageErr(err)
		}
		defer func() {
			if losses != nil {
				losses.Close()
			}
		}()
	}
	ctx, stop := interruptible()
	defer stop()
	showProgress := v.progress
	var reps []*hunt.SimReport
	var results []*verify.Result
	for _, t := range targets {
		for _, starter := range starters {
			opt := hunt.SimOptions{
				Strategy: t.s, Name: *name, Starter: starter, Choices: choices, Opponent: opp,
				Games: *games, Jobs: *jobs, Seed: *seed, TimeLimit: *timeLimit, MaxLosses: max(1, *maxLosses),
			}
			var bar *progressbar.ProgressBar
			if showProgress {
				bar = progressbar.NewOptions(*games, progressbar.OptionSetWriter(stderr),
					progressbar.OptionSetDescription(fmt.Sprintf("%s, %s starts", t.b, starter)),
					progressbar.OptionSetWidth(20), progressbar.OptionThrottle(200*time.Millisecond),
					progressbar.OptionClearOnFinish())
				opt.Progress = func(done, _ int) { _ = bar.Set(done) }
			}
			rep, err := hunt.Simulate(ctx, opt)
			if bar != nil {
				_ = bar.Finish()
				fmt.Fprintln(stderr)
			}
			if err != nil {
				return fail(stderr, "simulate", exitUsage, err)
			}
			reps = append(reps, rep)
			results = append(results, &verify.Result{Verdict: rep.Verdict()})
			if *jsonOut != "-" {
				fmt.Fprint(stdout, reports.SimText(rep))
				fmt.Fprintln(stdout)
			}
			if losses != nil && *maxLosses > 0 {
				for _, g := range rep.Lost {
					if err := losses.Write(g); err != nil {
						return fail(stderr, "simulate", exitUsage, err)
					}
				}
			}
			if ctx.Err() != nil {
				break
			}
		}
		if ctx.Err() != nil {
			break
		}
	}
	if len(reps) > 1 && *jsonOut != "-" {
		wins, n := 0, 0
		for _, r := range reps {
			wins, n = wins+r.Wins, n+r.Games
		}
		lo, hi := hunt.Wilson(wins, n, 1.96)
		rate := 0.0
		if n > 0 {
			rate = float64(wins) / float64(n)
		}
		fmt.Fprintf(stdout, "Overall: won %d of %d games: %.2f %% (95 %% interval %.2f–%.2f %%)\n", wins, n, 100*rate, 100*lo, 100*hi)
	}
	if losses != nil {
		err := losses.Close()
		losses = nil
		if err != nil {
			return fail(stderr, "simulate", exitUsage, err)
		}
	}
	if *jsonOut != "" {
		out, err := reports.SimJSON(reps)
		if err == nil {
			err = writeOut(*jsonOut, out, stdout)
		}
		if err != nil {
			return fail(stderr, "simulate", exitUsage, err)
		}
	}
	return worstExit(results)
}
