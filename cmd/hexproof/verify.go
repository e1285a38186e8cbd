package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
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
	"hexproof/tt"
	"hexproof/verify"
)

func init() {
	commands["verify"] = command{"prove a strategy optimal on a board, or find a minimal counterexample", runVerify}
}

const verifySynopsis = `Plays the strategy against every possible opponent from the empty board and
answers: optimal (every game is won: a proof), refuted (with a shortest lost
game, the smallest in cell order among those, each strategy move with its rule),
inconclusive (interrupted, or a time limit or budget ran out), or strategy error
(the strategy answered an occupied cell or nothing).

--choices says what a strategy that allows several moves must do:
  every  every allowed move must keep the win (the opponent picks among them)
  some   some allowed move keeps the win at every turn (AND/OR search, in memory)
  first  the first allowed move in cell order (ring, then column) is played

Positions are stored in an embedded Badger database under the user's cache
directory (or --db DIR) so that an interrupted run (Ctrl-C, a time limit, even
kill -9) continues with --resume from its last finished layer; --resume with
nothing to resume is an error. A run without --resume starts afresh, replacing
its own old database even if it is damaged. The database is deleted once every
starter's run is settled and every output written (unless --keep-db).
--in-memory keeps everything in RAM instead. Output paths (--json, --report,
--export-losses) are checked before the search starts.

Ctrl-C stops the search and reports what is known (inconclusive); a second
Ctrl-C ends hexproof at once.

Exit codes: 0 optimal, 1 refuted, 2 bad input, 3 inconclusive, 4 strategy error
(with --starter both, the more serious of the two: 4, then 1, then 3).`

func runVerify(args []string, stdout, stderr io.Writer) int {
	if shardRequested(args) { // verify --shard DIR/I: one shard of a plan (shard.go)
		return runVerifyShard(args, stdout, stderr)
	}
	fs := newFlags("verify --board MxN --strategy NAME [flags]", verifySynopsis, stdout)
	size := fs.String("board", "", "board size, columns x rings, e.g. 5x4 (required)")
	geo := fs.String("geometry", "cylinder", "cylinder, flat or torus")
	name := fs.String("strategy", "", "strategy: NAME or NAME:key=value,… (see 'hexproof strategies') (required)")
	starterFlag := fs.String("starter", "both", "who moves first: red, blue or both")
	choicesFlag := fs.String("choices", "every", "every, some or first (see above)")
	jobs := fs.Int("jobs", 0, "worker goroutines; 0 means all CPUs; never changes the result")
	db := fs.String("db", "", "database directory (default: <user cache>/hexproof)")
	inMemory := fs.Bool("in-memory", false, "no database: positions in memory (no --resume)")
	resume := fs.Bool("resume", false, "continue an interrupted run from its last finished layer")
	timeLimit := fs.Duration("time-limit", 0, "stop after this long (e.g. 30m): inconclusive; 0 means no limit")
	blunderTime := blunderFlag(fs)
	maxPositions := fs.Int64("max-positions", 0, "stop after this many positions: inconclusive; 0 means no limit")
	memory := fs.String("memory", "4GiB", "memory for positions before they spill to disk")
	noSym := fs.Bool("no-symmetry", false, "do not merge symmetric positions (for cross-checks)")
	jsonOut := fs.String("json", "", "write the JSON report to FILE, or - for standard output")
	exportLosses := fs.String("export-losses", "", "write shortest lost games to FILE (.jsonl, .md or .sgf)")
	maxLosses := fs.Int("max-losses", 100, "at most this many games for --export-losses (0: none)")
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
	if err := checkVerifiable(*size); err != nil {
		return usageErr(err)
	}
	b, strat, err := strategyFromFlags(*size, *geo, *name)
	if err != nil {
		return usageErr(err)
	}
	choices, err := verify.ParseChoices(*choicesFlag)
	if err != nil {
		return usageErr(err)
	}
	starters, err := parseStarters(*starterFlag)
	if err != nil {
		return usageErr(err)
	}
	if *inMemory && (*db != "" || *resume) {
		return usageErr(fmt.Errorf("--in-memory cannot be combined with --db or --resume"))
	}
	for _, c := range []struct {
		flag     string
		negative bool
	}{{"jobs", *jobs < 0}, {"max-positions", *maxPositions < 0}, {"max-losses", *maxLosses < 0}, {"time-limit", *timeLimit < 0}} {
		if c.negative {
			return usageErr(fmt.Errorf("--%s cannot be negative (0 means %s)", c.flag, zeroMeans[c.flag]))
		}
	}
	if err := checkBlunderTime(*blunderTime); err != nil {
		return usageErr(err)
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
	opts := make([]verify.Options, len(starters))
	for k, starter := range starters {
		opts[k] = verify.Options{
			Strategy: strat, Name: *name, Starter: starter, Choices: choices, Jobs: *jobs,
			NoSymmetry: *noSym, Resume: *resume, TimeLimit: *timeLimit,
			MaxPositions: *maxPositions, MemoryBudget: memBytes, MaxLosses: *maxLosses,
		}
		if dbRoot != "" {
			opts[k].DB = filepath.Join(dbRoot, verify.RunID(opts[k]))
		}
	}
	if *resume {
		notices, err := planResume(opts, dbRoot)
		if err != nil {
			return fail(stderr, "verify", exitUsage, dbError(err))
		}
		for _, n := range notices {
			fmt.Fprintf(stderr, "hexproof verify: %s\n", n)
		}
	}
	// Every output is checked before the search (after the checks that
	// change nothing): a long run must not end in a path error that hides
	// its verdict.
	if *jsonOut != "" && *jsonOut != "-" {
		if err := checkOutputFile("json", *jsonOut); err != nil {
			return usageErr(err)
		}
	}
	if *reportDir != "" {
		if st, err := os.Stat(*reportDir); err == nil && !st.IsDir() {
			return usageErr(fmt.Errorf("--report %s: is a file, not a directory", *reportDir))
		}
		dirs := []string{*reportDir}
		if len(starters) > 1 {
			dirs = nil
			for _, st := range starters {
				dirs = append(dirs, filepath.Join(*reportDir, st.String()+"-starts"))
			}
		}
		for _, d := range dirs {
			if err := checkOutputDir("report", d); err != nil {
				return usageErr(err)
			}
		}
	}

	if *cpuProfile != "" {
		if err := checkOutputFile("cpuprofile", *cpuProfile); err != nil {
			return usageErr(err)
		}
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return usageErr(fmt.Errorf("--cpuprofile %s: %v", *cpuProfile, pathReason(err)))
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return usageErr(fmt.Errorf("--cpuprofile: %v", err))
		}
		defer pprof.StopCPUProfile()
	}

	var losses lossWriter
	if *exportLosses != "" {
		losses, err = newLossWriter(*exportLosses, b, reports.Meta{Strategy: *name, Choices: choices.String()})
		var pe *os.PathError
		switch {
		case errors.As(err, &pe):
			return usageErr(fmt.Errorf("--export-losses %s: cannot write there: %v", *exportLosses, pe.Err))
		case err != nil:
			return usageErr(fmt.Errorf("--export-losses: %v", err))
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		// After the first Ctrl-C the run winds down and reports; a second one
		// ends the process at once (the default action).
		<-ctx.Done()
		stop()
	}()
	showProgress := !*noProgress && isTerminal(os.Stderr)
	var results []*verify.Result
	bs := newBlunders(ctx, strat.Side(), *blunderTime)
	for k, opt := range opts {
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "hexproof verify: interrupted; the run where %s starts was not started\n", capitalize(opt.Starter.String()))
			break
		}
		if losses != nil {
			opt.OnLoss = annotatedLosses{losses, bs}.Write
		}
		var bar *progressbar.ProgressBar
		if showProgress {
			bar = newBar(b, opt.Starter, stderr)
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
			return fail(stderr, "verify", exitUsage, dbError(err))
		}
		annotate(res, bs)
		results = append(results, res)
		if *jsonOut != "-" {
			if k > 0 {
				fmt.Fprintln(stdout)
			}
			fmt.Fprint(stdout, reports.ResultText(res))
			if res.Verdict == verify.Inconclusive && opt.DB != "" && res.Choices != verify.Some {
				fmt.Fprintf(stdout, "Run again with --resume to continue from the layers finished in %s.\n", opt.DB)
			}
		}
	}
	// Outputs first; the databases go only once everything is written, so
	// that a failed write can be redone with --resume instead of a new search.
	written := true
	if *reportDir != "" {
		for _, res := range results {
			dir := *reportDir
			if len(starters) > 1 {
				dir = filepath.Join(dir, res.Starter.String()+"-starts")
			}
			if err := writeReport(dir, res); err != nil {
				fmt.Fprintf(stderr, "hexproof verify: %v\n", err)
				written = false
			}
		}
	}
	if losses != nil {
		if err := losses.Close(); err != nil {
			fmt.Fprintf(stderr, "hexproof verify: %v\n", err)
			written = false
		}
	}
	if *jsonOut != "" {
		if err := writeResultsJSON(*jsonOut, results, len(starters) > 1, stdout); err != nil {
			fmt.Fprintf(stderr, "hexproof verify: %v\n", err)
			written = false
		}
	}
	if !written {
		if dbRoot != "" {
			fmt.Fprintf(stderr, "hexproof verify: the databases are kept in %s: run again with --resume to redo the outputs without a new search\n", dbRoot)
		}
		return exitUsage
	}
	if !*keepDB && settled(results, len(opts)) {
		// The layers only serve --resume; settled runs free the disk. While
		// any run is unsettled all are kept, so that --resume continues
		// every starter.
		for _, opt := range opts {
			if opt.DB == "" {
				continue
			}
			if err := os.RemoveAll(opt.DB); err != nil {
				fmt.Fprintf(stderr, "hexproof verify: warning: could not remove %s: %v\n", opt.DB, err)
			}
		}
	}
	return worstExit(results)
}

// zeroMeans says what 0 means for the flags that accept it.
var zeroMeans = map[string]string{
	"jobs": "all CPUs", "max-positions": "no limit", "max-losses": "none",
	"time-limit": "no limit",
}

// settled: every starter ran and none is inconclusive.
func settled(results []*verify.Result, want int) bool {
	if len(results) != want {
		return false
	}
	for _, r := range results {
		if r.Verdict == verify.Inconclusive {
			return false
		}
	}
	return true
}

// planResume looks, before any search, at what each starter's database holds:
// it fails if none holds anything to resume (resuming nothing is most likely
// a mistyped --db), turns off resuming for a starter that never started (the
// run was interrupted before it), and returns one notice per starter.
func planResume(opts []verify.Options, dbRoot string) ([]string, error) {
	if dbRoot == "" {
		return nil, nil
	}
	var notices []string
	found := 0
	points := make([]*verify.Resume, len(opts))
	for k, opt := range opts {
		p, err := verify.ResumePoint(opt)
		if err != nil {
			return nil, err
		}
		points[k] = p
		if p != nil {
			found++
		}
	}
	if found == 0 {
		dir := dbRoot
		if len(opts) == 1 {
			dir = opts[0].DB
		}
		return nil, &verify.NothingToResumeError{Dir: dir}
	}
	for k, p := range points {
		who := capitalize(opts[k].Starter.String()) + " starts"
		switch {
		case p == nil:
			opts[k].Resume = false
			notices = append(notices, fmt.Sprintf("%s: nothing to resume in %s; starting afresh", who, opts[k].DB))
		case p.Layer < 0:
			notices = append(notices, fmt.Sprintf("%s: the earlier run in %s recorded no finished layer; starting again from the empty board", who, p.Dir))
		default:
			notices = append(notices, fmt.Sprintf("%s: resuming from layer %d (%s positions in finished layers) in %s", who, p.Layer, reports.Thousands(p.Positions), p.Dir))
		}
	}
	return notices, nil
}

// dbError words the database errors of verify and tt for this command: it
// names the flags that cure them.
func dbError(err error) error {
	var damaged *tt.DamagedError
	var notStore *tt.NotStoreError
	var other *verify.OtherRunError
	var nothing *verify.NothingToResumeError
	switch {
	case errors.As(err, &damaged):
		return fmt.Errorf("%v (or give another --db); a run without --resume starts afresh by itself", err)
	case errors.As(err, &notStore):
		return fmt.Errorf("%v; choose another --db", err)
	case errors.As(err, &other):
		return fmt.Errorf("%v; choose another --db", err)
	case errors.As(err, &nothing):
		return fmt.Errorf("%v; run without --resume to start, or give the --db of the earlier run", err)
	case errors.Is(err, verify.ErrResumeInMemory):
		return fmt.Errorf("--resume needs a database (--db), not --in-memory")
	}
	return err
}

// checkOutputFile checks, without leaving a trace, that path can be written:
// an existing regular file is opened for writing (not truncated); otherwise
// the file is created and removed again.
func checkOutputFile(flag, path string) error {
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return fmt.Errorf("--%s %s: is a directory, not a file", flag, path)
	case err == nil:
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("--%s %s: cannot write there: %v", flag, path, pathReason(err))
		}
		return f.Close()
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("--%s %s: cannot write there: %v", flag, path, pathReason(err))
	}
	f.Close()
	return os.Remove(path)
}

// checkOutputDir creates dir (the report would) and checks that a file can be
// written in it.
func checkOutputDir(flag, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--%s %s: cannot create the directory: %v", flag, dir, pathReason(err))
	}
	f, err := os.CreateTemp(dir, ".hexproof-check-*")
	if err != nil {
		return fmt.Errorf("--%s %s: cannot write there: %v", flag, dir, pathReason(err))
	}
	f.Close()
	return os.Remove(f.Name())
}

// pathReason is the reason of a file error without the repeated path.
func pathReason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
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

// writeResultsJSON writes one JSON object, or with --starter both an array of
// the runs made (both, or one after Ctrl-C: a script always gets an array).
func writeResultsJSON(path string, results []*verify.Result, array bool, stdout io.Writer) error {
	var out []byte
	var err error
	if !array {
		out, err = reports.ResultJSON(results[0])
	} else {
		out, err = reports.ResultsJSON(results)
	}
	if err != nil {
		return err
	}
	return writeOut(path, out, stdout)
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
