package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"hexproof/board"
	"hexproof/internal/procmem"
	"hexproof/reports"
	"hexproof/strategies"
	"hexproof/tt"
	"hexproof/verify"
	"hexproof/verify/andor"
	"hexproof/verify/solve"
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
  some   some allowed move keeps the win at every turn (AND/OR search, in
         memory)
  first  the first allowed move in cell order (ring, then column) is played

--certificate FILE (with --choices some) writes a proof's winning choices as a
strategy: for every position it meets, one move the strategy allows there
that keeps the win (per opponent's last move where one move would not do).
Check it independently with 'hexproof verify --strategy certificate:FILE',
replay games with 'hexproof replay --strategy certificate:FILE'. A verdict
other than optimal writes no file.

--within NAME checks that the strategy keeps to another strategy's rules: each
of its moves must be one NAME allows in the same position after the same last
move, else it is a strategy error (exit 4). With a certificate written by
--choices some, 'verify --strategy certificate:FILE --within NAME' proves that
the certificate wins every game and is a completion of NAME's rules.
--strategy certificate-images:FILE also answers at the images of the
certificate's positions under the board's symmetries, so that a certificate
written after --moves P is checked after each image of P as well.

--prefer NAME (with --choices some) searches strategy NAME's move first
wherever the rules allow it, and the other allowed moves only once it is shown
to lose: the answer is the same, found sooner when NAME is usually right (e.g.
--prefer fitzgerald for fitzgerald-rules). With --certificate the certificate
takes NAME's move wherever it is allowed and keeps the win, and lists the
positions where it does not (JSON "departures"): where the proof must leave the
hierarchy's choice, and which hierarchy item dropped the winning moves.
--overlay FILE (with --prefer NAME) writes the same proof as NAME and the
positions where it plays otherwise: a small file, checked with
'verify --strategy overlay:FILE --within RULES'. An overlay written after
--moves P is checked after P or after any image of P under the board's
symmetries (give that image as --moves).

--moves MOVES searches only the games that begin with MOVES (one starter):
the strategy's moves among them must be ones its rules allow (under --choices);
under every and first, if the strategy is to move after them, each of its
allowed answers (every) or its first (first) continues them. Use it to split a long question
by openings: with Blue to open against Red's strategy, the strategy is optimal
exactly when it is optimal after every opening move. Plies (longest game, a
counterexample's length) still count from the empty board, and a
counterexample begins with MOVES.

Positions are stored in an embedded Badger database under the user's cache
directory (or --db DIR) so that an interrupted run (Ctrl-C, a time limit, even
kill -9) continues with --resume from its last checkpoint (one a minute inside a
layer, --checkpoint-every, and one at the end of every layer); --resume with
nothing to resume is an error. A run without --resume starts afresh, replacing
its own old database even if it is damaged. The database is deleted once every
starter's run is settled and every output written (unless --keep-db).
--in-memory keeps everything in RAM instead. Output paths (--json, --report,
--export-losses) are checked before the search starts.

Ctrl-C stops the search and reports what is known (inconclusive); a second
Ctrl-C ends hexproof at once.

Exit codes: 0 optimal, 1 refuted, 2 bad input, 3 inconclusive, 4 strategy error
(with --starter both, the more serious of the two: 4, then 1, then 3).`

// defaultPruneBudget is --prune-lost's budget when the flag is given alone:
// solver expansions per question. 5×6 positions after a few moves are
// settled within a few hundred; a budget keeps one hard position from
// stalling the search (its move is then searched, which is sound).
const defaultPruneBudget = 20000

func runVerify(args []string, stdout, stderr io.Writer) int {
	if shardRequested(args) { // verify --shard DIR/I: one shard of a plan (shard.go)
		return runVerifyShard(args, stdout, stderr)
	}
	if flagRequested(args, "piece") { // verify --piece DIR/I: a split solve's certificate piece (solveplan.go)
		return runVerifyPiece(args, stdout, stderr)
	}
	fs := newFlags("verify --board MxN --strategy NAME [flags]", verifySynopsis, stdout)
	c := newCommonFlags(fs)
	c.addBoard(boardVerifiable, "5x4", "required")
	c.addGeometry()
	c.addStrategy()
	c.addStarter(starterBoth)
	c.addChoices("every", "every, some or first (see above)")
	c.addJobs(0, jobsWorkers, "all CPUs")
	db := fs.String("db", "", "database directory (default: <user cache>/hexproof)")
	inMemory := fs.Bool("in-memory", false, "no database: positions in memory (no --resume)")
	resume := fs.Bool("resume", false, "continue an interrupted run from its last checkpoint")
	checkpointEvery := fs.Duration("checkpoint-every", time.Minute, "with a database, save the work inside a layer this often (--resume loses at most about this much); 0 means only when a layer is finished")
	c.addTimeLimit("this long", ": inconclusive")
	blunderTime := blunderFlag(fs)
	maxPositions := fs.Int64("max-positions", 0, "stop after this many positions: inconclusive; 0 means no limit")
	c.addMemory(memorySpills)
	c.addNoSymmetry()
	c.addHandicap()
	prefer := fs.String("prefer", "", "with --choices some: search strategy NAME's move first at each turn; with --certificate also take it wherever it is allowed and keeps the win, and list the positions where it loses (e.g. fitzgerald for fitzgerald-rules: where the hierarchy must be left)")
	within := fs.String("within", "", "check that every move of the strategy is one that strategy NAME allows (a strategy error where it is not): e.g. a certificate of a --choices some proof, --within its strategy")
	movesFlag := fs.String("moves", "", "start from the position after these moves from the empty board, e.g. \"c3 (2,4)\" (needs one starter; see above)")
	c.addJSON("the report")
	exportLosses := fs.String("export-losses", "", "write shortest lost games to FILE (.jsonl, .md, .sgf, or .html: a page with a game stepper per game)")
	maxLosses := fs.Int("max-losses", 100, "at most this many games for --export-losses (0: none)")
	reportDir := fs.String("report", "", "write report.md and report.html (with pictures) to DIR")
	cert := fs.String("certificate", "", "with --choices some: write the proof's choices to FILE (.json); with --starter both, FILE gets -red/-blue before its extension")
	overlay := fs.String("overlay", "", "with --choices some and --prefer S: write the proof as S and the positions where it plays otherwise to FILE (.json, small; check it with --strategy overlay:FILE); with --starter both, FILE gets -red/-blue")
	pruneLost := fs.Int64("prune-lost", 0, "with --choices some: skip every allowed move of the strategy that perfect play (solve, with Hex knowledge) proves lost, each question within N solver expansions (--prune-lost alone: "+strconv.Itoa(defaultPruneBudget)+"); the verdict stays exact, but a refutation's game is then not proven the shortest")
	fs.Lookup("prune-lost").NoOptDefVal = strconv.Itoa(defaultPruneBudget)
	keepDB := fs.Bool("keep-db", false, "keep the database after a conclusive verdict")
	c.addNoProgress()
	logEvery := fs.Duration("log-every", 10*time.Minute, "without a progress bar (not a terminal, or --no-progress), print a progress line to stderr this often; 0: never")
	fs.String("shard", "", "verify shard I of a plan in DIR instead, DIR/I (see 'hexproof verify --shard x/0 --help')")
	cpuProfile := addCPUProfile(fs)
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	usageErr := func(err error) int { return fail(stderr, "verify", exitUsage, err) }
	v, err := c.check()
	if err != nil {
		return usageErr(err)
	}
	defer v.close()
	starters, err := c.checkHandicap(v)
	if err != nil {
		return usageErr(err)
	}
	b, strat, choices, name := v.b(), v.strat(), v.choices, c.strategy
	size, geo, jsonOut, jobs, timeLimit := c.board, c.geometry, c.json, c.jobs, c.timeLimit
	if err := c.checkFits(v, starters); err != nil {
		return usageErr(err)
	}
	if *inMemory && (*db != "" || *resume) {
		return usageErr(fmt.Errorf("--in-memory cannot be combined with --db or --resume"))
	}
	if err := checkNotNegative(signedFlag{"max-positions", *maxPositions < 0},
		signedFlag{"max-losses", *maxLosses < 0},
		signedFlag{"checkpoint-every", *checkpointEvery < 0}, signedFlag{"log-every", *logEvery < 0}); err != nil {
		return usageErr(err)
	}
	if err := onlyWith(fs,
		flagNeed{"max-losses", *exportLosses != "", "counts the games --export-losses writes"},
		flagNeed{"keep-db", !*inMemory, "keeps a database, and --in-memory has none"},
		flagNeed{"checkpoint-every", !*inMemory, "saves work to a database, and --in-memory has none"},
	); err != nil {
		return fail(stderr, "verify", exitUsage, err)
	}
	if err := checkBlunderTime(*blunderTime); err != nil {
		return usageErr(err)
	}
	*jobs = allCPUs(*jobs)
	memBytes := v.memory
	// The blunder solver's share comes out of the budget (blunderShare),
	// so that the process keeps to it while both hold memory.
	blunderBytes := int64(0)
	if *blunderTime > 0 {
		blunderBytes = blunderShare(memBytes)
		memBytes -= blunderBytes
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
	if fs.Changed("prune-lost") && choices != verify.Some {
		return usageErr(fmt.Errorf("--prune-lost needs --choices some (under %s the strategy has no choices to prune)", choices))
	}
	if *pruneLost < 0 {
		return usageErr(fmt.Errorf("--prune-lost %d: give a positive number of solver expansions per question", *pruneLost))
	}
	if fs.Changed("prune-lost") && b.Cells() > tt.MaxCells {
		return usageErr(fmt.Errorf("--prune-lost: the %dx%d board has %d cells; the solver handles at most %d", b.M, b.N, b.Cells(), tt.MaxCells))
	}
	// The solver's share (a quarter) comes out of the budget, like the
	// blunder solver's, so that the process keeps to it.
	pruneBytes := int64(0)
	if fs.Changed("prune-lost") {
		pruneBytes = memBytes / 4
		memBytes -= pruneBytes
	}
	if *cert != "" && choices != verify.Some {
		return usageErr(fmt.Errorf("--certificate needs --choices some (under %s the strategy's choices are not a proof's to write)", choices))
	}
	if *overlay != "" && (choices != verify.Some || *prefer == "") {
		return usageErr(fmt.Errorf("--overlay needs --choices some and --prefer (it writes the proof as the preferred strategy and its departures)"))
	}
	var preferred strategies.Strategy
	if *prefer != "" {
		if choices != verify.Some {
			return usageErr(fmt.Errorf("--prefer needs --choices some (it orders the search and chooses the certificate's moves)"))
		}
		if preferred, err = strategies.New(*prefer, b); err != nil {
			return usageErr(fmt.Errorf("--prefer: %v", err))
		}
		if preferred.Side() != strat.Side() {
			return usageErr(fmt.Errorf("--prefer %s: it plays %s, the strategy %s", *prefer, preferred.Side(), strat.Side()))
		}
	}
	plain := strat // before --within: told the start if it asks (an overlay)
	if *within != "" {
		rules, err := strategies.New(*within, b)
		if err != nil {
			return usageErr(fmt.Errorf("--within: %v", err))
		}
		w, err := strategies.NewWithin(strat, rules, *within)
		if err != nil {
			return usageErr(err)
		}
		strat = w
	}
	var startCells []board.Cell
	if *movesFlag != "" {
		if len(starters) != 1 {
			return usageErr(fmt.Errorf("--moves needs --starter red or --starter blue"))
		}
		if *c.handicap {
			return usageErr(fmt.Errorf("--moves cannot be combined with --handicap (the stones are the start)"))
		}
		toks, err := b.ParseMoves(*movesFlag)
		if err != nil {
			return usageErr(fmt.Errorf("--moves: %v", err))
		}
		_, moves, winner, err := b.Play(starters[0], toks)
		switch {
		case err != nil:
			return usageErr(fmt.Errorf("--moves: %v", err))
		case winner != board.Empty:
			return usageErr(fmt.Errorf("--moves: the game is over (%s has won)", winner))
		}
		for _, m := range moves {
			startCells = append(startCells, m.Cell)
		}
	}
	if sa, ok := plain.(strategies.StartAware); ok {
		var p board.Position
		last := board.NoCell
		for _, c := range startCells {
			p, last = p.Play(p.ToMove(starters[0]), c), c
		}
		if err := sa.AtStart(p, last); err != nil {
			return usageErr(fmt.Errorf("--strategy %s: %v", *name, err))
		}
	}
	opts := make([]verify.Options, len(starters))
	for k, starter := range starters {
		opts[k] = verify.Options{
			Strategy: strat, Name: *name, Starter: starter, Choices: choices, Jobs: *jobs,
			NoSymmetry: *c.noSymmetry, Resume: *resume, TimeLimit: *timeLimit,
			MaxPositions: *maxPositions, MemoryBudget: memBytes, MaxLosses: *maxLosses,
			Certificate:     *cert != "",
			Overlay:         *overlay != "",
			Prefer:          preferred,
			PreferName:      *prefer,
			CheckpointEvery: *checkpointEvery,
			Handicap:        *c.handicap,
		}
		if *checkpointEvery == 0 {
			opts[k].CheckpointEvery = -1 // the library's 0 is its default
		}
		if startCells != nil {
			games, err := verify.StartGames(opts[k], startCells)
			var se *verify.StartError
			if errors.As(err, &se) {
				return usageErr(fmt.Errorf("--moves: %s", se.Why))
			} else if err != nil {
				return usageErr(fmt.Errorf("--moves: %v", err))
			}
			opts[k].Starts = games
		}
		if dbRoot != "" {
			opts[k].DB = runDir(dbRoot, opts[k])
			// A link there would put the database wherever it points.
			if st, err := os.Lstat(opts[k].DB); err == nil && st.Mode()&os.ModeSymlink != 0 {
				return usageErr(fmt.Errorf("--db %s: %s is a symbolic link; hexproof keeps its database there itself, so remove the link", dbRoot, opts[k].DB))
			}
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
	outs := []output{{flag: "json", path: *jsonOut, std: true}, {flag: "export-losses", path: *exportLosses},
		{flag: "cpuprofile", path: *cpuProfile}, {flag: "db", path: *db, dir: true}, certificateInput(*name)}
	outs = append(outs, reportOutputs(*reportDir, starters)...)
	outs = append(outs, certOutputs("certificate", *cert, starters)...)
	outs = append(outs, certOutputs("overlay", *overlay, starters)...)
	if err := checkOutputSet(outs...); err != nil {
		return usageErr(err)
	}
	stopProfile, err := startCPUProfile(*cpuProfile)
	if err != nil {
		return usageErr(err)
	}
	defer stopProfile()

	var losses lossWriter
	if *exportLosses != "" {
		losses, err = openLosses(*exportLosses, b, reports.Meta{Strategy: *name, Choices: choices.String()})
		if err != nil {
			return usageErr(err)
		}
	}

	ctx, stop := interruptible()
	defer stop()
	if pruneBytes > 0 {
		sv, err := solve.NewSolver(ctx, b, solve.Options{TableBytes: pruneBytes, Pool: andor.NewPool(verify.LiveShare(pruneBytes))})
		if err != nil {
			return usageErr(err)
		}
		defer sv.Close()
		for k := range opts {
			opts[k].PerfectPlay = &solve.Oracle{S: sv, Budget: *pruneLost}
		}
	}
	prog := progressMode{bar: v.progress, every: *logEvery, budget: memBytes + blunderBytes + pruneBytes, pruneMemory: pruneBytes}
	bs := newBlunders(ctx, strat, *blunderTime, blunderBytes)
	defer bs.close()
	results, err := runStarters(ctx, opts, losses, prog, bs, *jsonOut != "-", stdout, stderr)
	if err != nil {
		if losses != nil {
			losses.Close()
		}
		return fail(stderr, "verify", exitUsage, dbError(err))
	}
	// Outputs first; the databases go only once everything is written, so
	// that a failed write can be redone with --resume instead of a new search.
	if !writeVerifyOutputs(results, outputs{json: *jsonOut, report: *reportDir, cert: *cert, overlay: *overlay, size: *size, geo: *geo, both: len(starters) > 1}, losses, stdout, stderr) {
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
			if err := tt.RemoveStore(opt.DB); err != nil {
				fmt.Fprintf(stderr, "hexproof verify: warning: could not remove %s: %v\n", opt.DB, err)
			}
		}
	}
	return worstExit(results)
}

// startCPUProfile profiles the run into path (--cpuprofile); with no path it
// does nothing.
func startCPUProfile(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	if err := checkOutputFile("cpuprofile", path); err != nil {
		return nil, err
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("--cpuprofile %s: %v", path, pathReason(err))
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("--cpuprofile: %v", err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// runStarters runs each starter's verification in turn, printing each
// result as text unless the JSON goes to standard output; after Ctrl-C the
// runs not yet started are not started.
// progressMode is how a run shows its progress: a bar on a terminal, or
// else a line every so often (0: never).
type progressMode struct {
	bar    bool
	every  time.Duration
	budget int64 // --memory, shown beside the resident memory
	// pruneMemory is the --prune-lost solver's share of --memory.
	pruneMemory int64
}

func runStarters(ctx context.Context, opts []verify.Options, losses lossWriter, progress progressMode, bs *blunders, text bool, stdout, stderr io.Writer) ([]*verify.Result, error) {
	var results []*verify.Result
	for k, opt := range opts {
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "hexproof verify: interrupted; the run where %s starts was not started\n", capitalize(opt.Starter.String()))
			break
		}
		if losses != nil {
			opt.OnLoss = annotatedLosses{losses, bs}.Write
		}
		var bar *progressbar.ProgressBar
		switch {
		case progress.bar:
			bar = newBar(opt.Strategy.Board(), opt.Starter, stderr)
			opt.Progress = func(p verify.Progress) { updateBar(bar, p, progress.budget) }
		case progress.every > 0:
			opt.Progress = progressLog(opt.Starter, progress.every, progress.budget, stderr)
		}
		res, err := verify.Run(ctx, opt)
		if res != nil && bs != nil {
			res.MemoryBudget += bs.memory // the budget the user gave: the search's share and the blunder solver's
		}
		if res != nil && progress.pruneMemory > 0 {
			res.MemoryBudget += progress.pruneMemory // and the pruning solver's
		}
		if bar != nil {
			_ = bar.Finish()
			fmt.Fprintln(stderr)
		}
		if err != nil {
			return nil, err
		}
		annotate(res, bs)
		results = append(results, res)
		if text {
			if k > 0 {
				fmt.Fprintln(stdout)
			}
			fmt.Fprint(stdout, reports.ResultText(res))
			if res.Verdict == verify.Inconclusive && opt.DB != "" && res.Choices != verify.Some {
				fmt.Fprintf(stdout, "Run again with --resume to continue from its last checkpoint in %s.\n", opt.DB)
			}
		}
		if engineFault(res) {
			// One line that says it all: what the engine did, and the game.
			fmt.Fprintf(stderr, "hexproof verify: strategy error: %s; the game: %s\n", res.Detail, reports.ReplayCommand(res))
			if opt.DB != "" && res.Choices != verify.Some {
				fmt.Fprintf(stderr, "hexproof verify: the database is kept in %s: once the engine is fixed, run again with --resume to continue from its last checkpoint\n", opt.DB)
			}
		}
	}
	return results, nil
}

// outputs are the files a verify run writes after its searches.
type outputs struct {
	json, report, cert string
	overlay            string
	size, geo          string // as given, for the certificate's check command
	both               bool   // one output per starter
}

// writeVerifyOutputs writes the report, the exported losses, the
// certificates and the JSON, each error on one line; it reports whether all
// were written.
func writeVerifyOutputs(results []*verify.Result, out outputs, losses lossWriter, stdout, stderr io.Writer) bool {
	written := true
	if out.report != "" {
		for _, res := range results {
			dir := out.report
			if out.both {
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
	// The certificates and overlays, one per starter; each says where it
	// went (on standard error when the JSON goes to standard output).
	for _, w := range []struct {
		path  string
		write func(path, size, geo string, res *verify.Result) (string, error)
	}{{out.cert, writeSomeCertificate}, {out.overlay, writeSomeOverlay}} {
		if w.path == "" {
			continue
		}
		for _, res := range results {
			line, err := w.write(certPath(w.path, res.Starter, out.both), out.size, out.geo, res)
			if err != nil {
				fmt.Fprintf(stderr, "hexproof verify: %v\n", err)
				written = false
			} else if out.json != "-" {
				fmt.Fprintln(stdout, line)
			} else {
				fmt.Fprintln(stderr, line)
			}
		}
	}
	if out.json != "" {
		if err := writeResultsJSON(out.json, results, out.both, stdout); err != nil {
			fmt.Fprintf(stderr, "hexproof verify: %v\n", err)
			written = false
		}
	}
	return written
}

// writeSomeCertificate writes the certificate of a `some` run to path, or
// says why there is none; it returns the line for the report.
func writeSomeCertificate(path, size, geo string, res *verify.Result) (string, error) {
	who := capitalize(res.Starter.String()) + " starts"
	switch {
	case res.Verdict != verify.Optimal:
		return fmt.Sprintf("No certificate written for %s: the verdict is %s, not optimal.", who, res.Verdict), nil
	case res.CertificateErr != nil:
		return "", fmt.Errorf("--certificate %s: %v", path, res.CertificateErr)
	}
	c := res.Certificate
	raw, err := json.Marshal(c.File())
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(path, append(raw, '\n'), 0o644); err != nil {
		return "", fmt.Errorf("--certificate %s: %v", path, pathReason(err))
	}
	after := ""
	if c.LenAfter() > 0 {
		after = fmt.Sprintf(", %d of them for one last move", c.LenAfter())
	}
	check := fmt.Sprintf("hexproof verify --board %s --geometry %s --strategy certificate:%s --starter %s --in-memory", size, geo, path, res.Starter)
	if !strings.HasPrefix(res.Strategy, strategies.ExecPrefix) && !strings.HasPrefix(res.Strategy, "certificate:") {
		check += " --within " + res.Strategy
	}
	if len(res.Start) > 0 {
		check += fmt.Sprintf(" --moves %q", res.Board.FormatMoves(res.Start, board.Thesis, false))
	}
	return fmt.Sprintf("Certificate for %s: %s (%d answers%s); check it with: %s", who, path, c.Len(), after, check), nil
}

// writeSomeOverlay writes the overlay of a `some` run (--overlay) to path,
// or says why there is none; it returns the line for the report.
func writeSomeOverlay(path, size, geo string, res *verify.Result) (string, error) {
	who := capitalize(res.Starter.String()) + " starts"
	switch {
	case res.Verdict != verify.Optimal:
		return fmt.Sprintf("No overlay written for %s: the verdict is %s, not optimal.", who, res.Verdict), nil
	case res.CertificateErr != nil:
		return "", fmt.Errorf("--overlay %s: %v", path, res.CertificateErr)
	case res.Overlay == nil:
		return "", fmt.Errorf("--overlay %s: the run made no overlay (a bug)", path)
	}
	o := res.Overlay
	raw, err := json.Marshal(o.File())
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(path, append(raw, '\n'), 0o644); err != nil {
		return "", fmt.Errorf("--overlay %s: %v", path, pathReason(err))
	}
	check := fmt.Sprintf("hexproof verify --board %s --geometry %s --strategy overlay:%s --starter %s --in-memory --within %s", size, geo, path, res.Starter, res.Strategy)
	if len(res.Start) > 0 {
		check += fmt.Sprintf(" --moves %q", res.Board.FormatMoves(res.Start, board.Thesis, false))
	}
	return fmt.Sprintf("Overlay for %s: %s (%s and %d positions where the proof plays otherwise); check it with: %s", who, path, o.Base(), o.Len(), check), nil
}

// settled: every starter ran and none is inconclusive or stopped by an
// external engine's fault (which --resume continues once the engine is
// fixed).
func settled(results []*verify.Result, want int) bool {
	if len(results) != want {
		return false
	}
	for _, r := range results {
		if r.Verdict == verify.Inconclusive || engineFault(r) {
			return false
		}
	}
	return true
}

// engineFault: the run ended in a strategy error of an external engine
// (--strategy exec:…).
func engineFault(r *verify.Result) bool {
	return r.Verdict == verify.StrategyError && strings.HasPrefix(r.Strategy, strategies.ExecPrefix)
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
			within := ""
			if p.Expanded > 0 {
				within = fmt.Sprintf("; %s of its positions expanded at a checkpoint", reports.Thousands(p.Expanded))
			}
			notices = append(notices, fmt.Sprintf("%s: resuming from layer %d (%s positions in finished layers%s) in %s", who, p.Layer, reports.Thousands(p.Positions), within, p.Dir))
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
	case errors.As(err, new(*tt.OldStoreError)):
		return fmt.Errorf("%v; run without --resume to start afresh (that replaces it)", err)
	case errors.As(err, &other):
		return fmt.Errorf("%v; choose another --db", err)
	case errors.As(err, &nothing):
		return fmt.Errorf("%v; run without --resume to start, or give the --db of the earlier run", err)
	case errors.Is(err, verify.ErrSomeResume):
		return fmt.Errorf("--choices some keeps its tables in memory and cannot resume; run it without --resume")
	case errors.Is(err, verify.ErrResumeInMemory):
		return fmt.Errorf("--resume needs a database (--db), not --in-memory")
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

// progressLog prints a line of progress every so often, for runs whose
// stderr goes to a file (a background run, a batch job).
func progressLog(starter board.Color, every time.Duration, budget int64, w io.Writer) func(verify.Progress) {
	next := every
	return func(p verify.Progress) {
		if p.Elapsed < next {
			return
		}
		next = p.Elapsed + every
		fmt.Fprintln(w, progressLine(starter, p)+"; "+memoryNow(budget))
	}
}

// memoryNow is the process's resident memory now against the budget, for
// progress lines: anonymous memory (what the budget bounds) and the file
// pages it maps (the database's, which the system can reclaim).
func memoryNow(budget int64) string {
	anon, file := procmem.RSS()
	return fmt.Sprintf("memory %s + %s mapped of --memory %s", formatBytes(anon), formatBytes(file), formatBytes(budget))
}

// progressLine says where a run is, in one line.
func progressLine(starter board.Color, p verify.Progress) string {
	rate := positionsPerSecond(p)
	elapsed := p.Elapsed.Round(time.Second)
	if p.Elapsed < 10*time.Second {
		elapsed = p.Elapsed.Round(10 * time.Millisecond)
	}
	head := fmt.Sprintf("hexproof verify: %s starts, %s: ", capitalize(starter.String()), elapsed)
	if p.Frontier == 0 {
		// --choices some: a depth-first search, no layers
		return head + fmt.Sprintf("%s positions searched (%s a second)", reports.Thousands(p.Positions), reports.Thousands(int64(rate)))
	}
	return head + fmt.Sprintf("expanding the positions of %d stones, %s of %s (%.0f%%); %s positions stored (%s a second)",
		p.Layer, reports.Thousands(p.Done), reports.Thousands(p.Frontier), 100*float64(p.Done)/float64(p.Frontier), reports.Thousands(p.Positions), reports.Thousands(int64(rate)))
}

// positionsPerSecond is the run's rate so far.
func positionsPerSecond(p verify.Progress) float64 {
	if s := p.Elapsed.Seconds(); s > 0 {
		return float64(p.Positions) / s
	}
	return 0
}

func updateBar(bar *progressbar.ProgressBar, p verify.Progress, budget int64) {
	rate := positionsPerSecond(p)
	pct := 0.0
	if p.Frontier > 0 {
		pct = 100 * float64(p.Done) / float64(p.Frontier)
	}
	anon, _ := procmem.RSS()
	bar.Describe(fmt.Sprintf("layer %d/%d %3.0f%% | %d positions | %.0f/s | %s | mem %s/%s",
		p.Layer, p.MaxLayer, pct, p.Positions, rate, p.Elapsed.Round(time.Second), formatBytes(anon), formatBytes(budget)))
	_ = bar.Set64(p.Positions)
}
