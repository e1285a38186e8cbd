package main

import (
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/schollz/progressbar/v3"

	"hexproof/board"
	"hexproof/internal/procmem"
	"hexproof/reports"
	"hexproof/tt"
	"hexproof/verify"
	"hexproof/verify/hunt"
)

func init() {
	commands["hunt"] = command{"search for lost games of a strategy on boards too large to verify", runHunt}
}

const huntSynopsis = `Searches for games that the strategy loses, on any board verify accepts and on
larger ones, within a time or node budget. It never proves a strategy optimal:
it reports the shortest lost game it found (not proven minimal), each strategy
move with its rule, replayed through the same game step as verify.

The search is iterative deepening on the number of the opponent's moves, with a
table of positions already searched and a lower bound on the moves the opponent
still needs (a cut of the cylinder, or a shortest path); the opponent's moves
are tried most threatening first (where the strategy's answer restores that
bound least), with restarts that break ties at random from --seed. A loss found
is then shrunk: shorter losses are searched after each of its prefixes
(--first-loss skips that and stops at the first loss).

Until a loss is found, the hunt also plays games against the strategy with the
Monte-Carlo opponent of thesis Alg. 9.1.1. With --guide N that opponent, when
it is at most 3 stones from its win, first asks the solver (as in solve, within
N expansions) for a move that perfect play proves winning, and plays it when
found: once the strategy has let a won position slip, the rest of the game is a
forced loss. Figures for 5xn boards are in docs/performance.md.

The same --seed and --jobs give the same report when the hunt ends by itself
or by --max-nodes; a --time-limit or Ctrl-C stops it where it is and prints
what was found.

Exit codes: 1 a lost game was found, 2 bad input, 3 no lost game was found,
4 strategy error (with --starter both, the more serious of the two).`

func runHunt(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("hunt --board MxN --strategy NAME [flags]", huntSynopsis, stdout)
	c := newCommonFlags(fs)
	c.addBoard(boardOne, "5x9", "required")
	c.addGeometry()
	c.addStrategy()
	c.addStarter(starterBoth)
	c.addChoices("every", choicesHelp)
	c.addJobs(0, "independent workers, each with its own seed; 0 means all CPUs", "all CPUs")
	seed := fs.Uint64("seed", 1, "seed of the randomised tie-breaks")
	c.addTimeLimit("this long per starter", "")
	blunderTime := blunderFlag(fs)
	maxNodes := fs.Int64("max-nodes", 0, "stop after this many positions expanded per starter")
	guide := fs.Int64("guide", 0, "in the Monte-Carlo games, when the opponent is within 3 stones of its win, play a move that perfect play proves winning if the solver finds one within N expansions (0: off; boards of at most 64 cells; its table is part of --memory); the expansions count as positions")
	firstLoss := fs.Bool("first-loss", false, "stop at the first lost game found, without looking for a shorter one")
	c.addMemory(memoryHunt)
	c.addJSON("the report")
	exportLosses := fs.String("export-losses", "", "write the lost games found to FILE (.jsonl, .md, .sgf, or .html: a page with a game stepper per game)")
	maxLosses := fs.Int("max-losses", 100, "at most this many games for --export-losses")
	reportDir := fs.String("report", "", "write report.md and report.html (with pictures) to DIR")
	c.addNoProgress()
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	usageErr := func(err error) int { return fail(stderr, "hunt", exitUsage, err) }
	v, err := c.check()
	if err != nil {
		return usageErr(err)
	}
	defer v.close()
	b, strat, choices, starters, name := v.b(), v.strat(), v.choices, v.starters, c.strategy
	jsonOut, jobs, timeLimit := c.json, c.jobs, c.timeLimit
	if err := c.checkFits(v, starters); err != nil {
		return usageErr(err)
	}
	if err := checkNotNegative(signedFlag{"max-nodes", *maxNodes < 0}, signedFlag{"guide", *guide < 0},
		signedFlag{"max-losses", *maxLosses < 0}); err != nil {
		return usageErr(err)
	}
	if err := onlyWith(fs, flagNeed{"max-losses", *exportLosses != "", "counts the games --export-losses writes"}); err != nil {
		return fail(stderr, "hunt", exitUsage, err)
	}
	if err := checkBlunderTime(*blunderTime); err != nil {
		return usageErr(err)
	}
	if *guide > 0 && b.Cells() > tt.MaxCells {
		return usageErr(fmt.Errorf("--guide: the solver handles boards of at most %d cells; %s has %d", tt.MaxCells, b, b.Cells()))
	}
	*jobs = allCPUs(*jobs)
	// The outputs are checked before the hunt, as verify does: a long hunt
	// must not end in a path error that hides what it found.
	outs := append([]output{{flag: "json", path: *jsonOut, std: true}, {flag: "export-losses", path: *exportLosses}, certificateInput(*name)},
		reportOutputs(*reportDir, starters)...)
	if err := checkOutputSet(outs...); err != nil {
		return usageErr(err)
	}
	var losses lossWriter
	if *exportLosses != "" {
		losses, err = openLosses(*exportLosses, b, reports.Meta{Strategy: *name, Choices: choices.String()})
		if err != nil {
			return usageErr(err)
		}
		defer losses.Close()
	}
	ctx, stop := interruptible()
	defer stop()
	showProgress := v.progress
	var reps []*hunt.Report
	var results []*verify.Result
	// The blunder solver's share comes out of the budget, as in verify.
	memBytes, blunderBytes := v.memory, int64(0)
	if *blunderTime > 0 {
		blunderBytes = blunderShare(memBytes)
		memBytes -= blunderBytes
	}
	bs := newBlunders(ctx, strat, *blunderTime, blunderBytes)
	defer bs.close()
	for _, starter := range starters {
		opt := hunt.Options{
			Strategy: strat, Name: *name, Starter: starter, Choices: choices, Jobs: *jobs,
			Seed: *seed, TimeLimit: *timeLimit, MaxNodes: *maxNodes, MaxLosses: max(1, *maxLosses),
			Memory: memBytes, Guide: *guide, FirstLoss: *firstLoss,
		}
		var bar *progressbar.ProgressBar
		if showProgress {
			bar = newBar(b, starter, stderr)
			opt.Progress = func(p hunt.Progress) {
				anon, _ := procmem.RSS()
				bar.Describe(fmt.Sprintf("%d positions | %d losses | shortest %d | %s | mem %s/%s",
					p.Nodes, p.Losses, p.Shortest, p.Elapsed.Round(time.Second), formatBytes(anon), formatBytes(v.memory)))
				_ = bar.Set64(p.Nodes)
			}
		}
		rep, err := hunt.Run(ctx, opt)
		if bar != nil {
			_ = bar.Finish()
			fmt.Fprintln(stderr)
		}
		if err != nil {
			return fail(stderr, "hunt", exitUsage, err)
		}
		annotate(rep.Result, bs)
		reps = append(reps, rep)
		results = append(results, rep.Result)
		if *jsonOut != "-" {
			fmt.Fprint(stdout, reports.HuntText(rep))
			if len(starters) > 1 && starter == board.Red {
				fmt.Fprintln(stdout)
			}
		}
		if losses != nil {
			for _, g := range rep.Losses[:min(len(rep.Losses), *maxLosses)] {
				if err := (annotatedLosses{losses, bs}).Write(g); err != nil {
					return fail(stderr, "hunt", exitUsage, err)
				}
			}
		}
		if *reportDir != "" {
			dir := *reportDir
			if len(starters) > 1 {
				dir = filepath.Join(dir, starter.String()+"-starts")
			}
			if err := writeReport(dir, rep.Result); err != nil {
				return fail(stderr, "hunt", exitUsage, err)
			}
		}
		if ctx.Err() != nil {
			break // interrupted: report what was found, skip the other starter
		}
	}
	if losses != nil {
		if err := losses.Close(); err != nil {
			return fail(stderr, "hunt", exitUsage, err)
		}
		losses = nil
	}
	if *jsonOut != "" {
		out, err := reports.HuntJSON(reps)
		if err == nil {
			err = writeOut(*jsonOut, out, stdout)
		}
		if err != nil {
			return fail(stderr, "hunt", exitUsage, err)
		}
	}
	return worstExit(results)
}
