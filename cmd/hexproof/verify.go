package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"hexproof/board"
	"hexproof/reports"
	"hexproof/verify"
)

func init() {
	commands["verify"] = command{"prove a strategy optimal on a board, or find a minimal counterexample", runVerify}
}

const verifySynopsis = `Plays the strategy against every possible opponent from the empty board and
answers: optimal (every game is won: a proof), refuted (with a shortest lost
game, the smallest in cell order among those, each strategy move with its rule),
inconclusive (a budget ran out), or strategy error (the strategy answered an
occupied cell or nothing).

--choices says what a strategy that allows several moves must do:
  every  every allowed move must keep the win (the opponent picks among them)
  some   some allowed move keeps the win at every turn (AND/OR search, in memory)
  first  the first allowed move in cell order (ring, then column) is played

Positions are stored in an embedded Badger database under the user's cache
directory (or --db DIR) so that an interrupted run continues with --resume;
--in-memory keeps everything in RAM instead.

Exit codes: 0 optimal, 1 refuted, 2 bad input, 3 inconclusive, 4 strategy error
(with --starter both, the more serious of the two: 4, then 1, then 3).`

func runVerify(args []string, stdout, stderr io.Writer) int {
	if shardRequested(args) { // verify --shard DIR/I: one shard of a plan (shard.go)
		return runVerifyShard(args, stdout, stderr)
	}
	fs := newFlags("verify --board MxN --strategy NAME [flags]", verifySynopsis, stdout)
	size := fs.String("board", "", "board size, columns x rings, e.g. 5x4 (required)")
	geo := fs.String("geometry", "cylinder", "cylinder, flat or torus")
	name := fs.String("strategy", "", "strategy name (see 'hexproof strategies') (required)")
	starterFlag := fs.String("starter", "both", "who moves first: red, blue or both")
	choicesFlag := fs.String("choices", "every", "every, some or first (see above)")
	jobs := fs.Int("jobs", 0, "worker goroutines (default: all CPUs); never changes the result")
	db := fs.String("db", "", "database directory (default: <user cache>/hexproof)")
	inMemory := fs.Bool("in-memory", false, "no database: positions in memory (no --resume)")
	resume := fs.Bool("resume", false, "continue an interrupted run from its last finished layer")
	timeLimit := fs.Duration("time-limit", 0, "stop after this long (e.g. 30m): inconclusive")
	maxPositions := fs.Int64("max-positions", 0, "stop after this many positions: inconclusive")
	memory := fs.String("memory", "4GiB", "memory for positions before they spill to disk")
	noSym := fs.Bool("no-symmetry", false, "do not merge symmetric positions (for cross-checks)")
	jsonOut := fs.String("json", "", "write the JSON report to FILE, or - for standard output")
	exportLosses := fs.String("export-losses", "", "write shortest lost games to FILE (.jsonl, .md or .sgf)")
	maxLosses := fs.Int("max-losses", 100, "at most this many games for --export-losses")
	reportDir := fs.String("report", "", "write report.md and report.html (with pictures) to DIR")
	keepDB := fs.Bool("keep-db", false, "keep the database after a conclusive verdict")
	noProgress := fs.Bool("no-progress", false, "no progress bar (shown only on a terminal)")
	fs.String("shard", "", "verify shard I of a plan in DIR instead, DIR/I (see 'hexproof verify --shard x/0 --help')")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile to FILE (for developers)")
	_ = fs.MarkHidden("cpuprofile")
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	usageErr := func(err error) int { return fail(stderr, "verify", exitUsage, err) }
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return usageErr(err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return usageErr(err)
		}
		defer pprof.StopCPUProfile()
	}
	b, strat, err := strategyFromFlags(*size, *geo, *name)
	if err != nil {
		return usageErr(err)
	}
	choices, err := verify.ParseChoices(*choicesFlag)
	if err != nil {
		return usageErr(err)
	}
	var starters []board.Color
	if *starterFlag == "both" {
		starters = []board.Color{board.Red, board.Blue}
	} else {
		c, err := board.ParseColor(*starterFlag)
		if err != nil {
			return usageErr(fmt.Errorf("--starter: %v (or both)", err))
		}
		starters = []board.Color{c}
	}
	if *inMemory && (*db != "" || *resume) {
		return usageErr(fmt.Errorf("--in-memory cannot be combined with --db or --resume"))
	}
	if *jobs < 0 || *maxPositions < 0 || *maxLosses < 0 || *timeLimit < 0 {
		return usageErr(fmt.Errorf("--jobs, --max-positions, --max-losses and --time-limit cannot be negative"))
	}
	if *jobs == 0 {
		*jobs = max(1, runtimeCPUs())
	}
	memBytes, err := parseBytes(*memory)
	if err != nil {
		return usageErr(fmt.Errorf("--memory: %v", err))
	}
	dbRoot := ""
	if !*inMemory && choices != verify.Some {
		dbRoot = *db
		if dbRoot == "" {
			cache, err := os.UserCacheDir()
			if err != nil {
				return usageErr(fmt.Errorf("no user cache directory (%v); give --db DIR or --in-memory", err))
			}
			dbRoot = filepath.Join(cache, "hexproof")
		}
	}
	if choices == verify.Some && *resume {
		return usageErr(fmt.Errorf("--choices some keeps its table in memory and cannot --resume"))
	}

	var losses lossWriter
	if *exportLosses != "" {
		losses, err = newLossWriter(*exportLosses, b, reports.Meta{Strategy: *name, Choices: choices.String()})
		if err != nil {
			return usageErr(err)
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	showProgress := !*noProgress && isTerminal(os.Stderr)
	var results []*verify.Result
	for _, starter := range starters {
		opt := verify.Options{
			Strategy: strat, Name: *name, Starter: starter, Choices: choices, Jobs: *jobs,
			NoSymmetry: *noSym, Resume: *resume, TimeLimit: *timeLimit,
			MaxPositions: *maxPositions, MemoryBudget: memBytes, MaxLosses: *maxLosses,
		}
		if dbRoot != "" {
			opt.DB = filepath.Join(dbRoot, verify.RunID(opt))
		}
		if losses != nil {
			opt.OnLoss = losses.Write
		}
		var bar *progressbar.ProgressBar
		if showProgress {
			bar = newBar(b, starter, stderr)
			opt.Progress = func(p verify.Progress) { updateBar(bar, p) }
		}
		res, err := verify.Run(ctx, opt)
		if bar != nil {
			_ = bar.Finish()
			fmt.Fprintln(stderr)
		}
		if err != nil {
			if losses != nil {
				losses.Close()
			}
			return fail(stderr, "verify", exitUsage, err)
		}
		results = append(results, res)
		if opt.DB != "" && !*keepDB && res.Verdict != verify.Inconclusive {
			// The layers only serve --resume; a settled run frees the disk.
			if err := os.RemoveAll(opt.DB); err != nil {
				fmt.Fprintf(stderr, "hexproof verify: warning: could not remove %s: %v\n", opt.DB, err)
			}
		}
		if *jsonOut != "-" {
			fmt.Fprint(stdout, reports.ResultText(res))
			if len(starters) > 1 && starter == board.Red {
				fmt.Fprintln(stdout)
			}
		}
		if *reportDir != "" {
			dir := *reportDir
			if len(starters) > 1 {
				dir = filepath.Join(dir, starter.String()+"-starts")
			}
			if err := writeReport(dir, res); err != nil {
				return fail(stderr, "verify", exitUsage, err)
			}
		}
	}
	if losses != nil {
		if err := losses.Close(); err != nil {
			return fail(stderr, "verify", exitUsage, err)
		}
	}
	if *jsonOut != "" {
		if err := writeResultsJSON(*jsonOut, results, stdout); err != nil {
			return fail(stderr, "verify", exitUsage, err)
		}
	}
	return worstExit(results)
}

// worstExit combines verdicts: a strategy error, then a refutation, then an
// inconclusive run decides the exit code.
func worstExit(results []*verify.Result) int {
	code := exitOptimal
	rank := map[int]int{exitOptimal: 0, exitInconclusive: 1, exitRefuted: 2, exitStrategyError: 3}
	for _, r := range results {
		if c := r.Verdict.ExitCode(); rank[c] > rank[code] {
			code = c
		}
	}
	return code
}

// writeResultsJSON writes one JSON object, or an array of two with --starter both.
func writeResultsJSON(path string, results []*verify.Result, stdout io.Writer) error {
	var out []byte
	var err error
	if len(results) == 1 {
		out, err = reports.ResultJSON(results[0])
	} else {
		out, err = reports.ResultsJSON(results)
	}
	if err != nil {
		return err
	}
	if path == "-" {
		_, err := stdout.Write(out)
		return err
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		return fmt.Errorf("--json: %w", err)
	}
	return nil
}

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

func newBar(b *board.Board, starter board.Color, w io.Writer) *progressbar.ProgressBar {
	return progressbar.NewOptions64(-1,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(fmt.Sprintf("%s, %s starts", b, starter)),
		progressbar.OptionSetWidth(20),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
}

func updateBar(bar *progressbar.ProgressBar, p verify.Progress) {
	rate := 0.0
	if s := p.Elapsed.Seconds(); s > 0 {
		rate = float64(p.Positions) / s
	}
	pct := 0.0
	if p.Frontier > 0 {
		pct = 100 * float64(p.Done) / float64(p.Frontier)
	}
	bar.Describe(fmt.Sprintf("layer %d/%d %3.0f%% | %d positions | %.0f/s | %s",
		p.Layer, p.MaxLayer, pct, p.Positions, rate, p.Elapsed.Round(time.Second)))
	_ = bar.Set64(p.Positions)
}
