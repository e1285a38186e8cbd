package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/schollz/progressbar/v3"

	"hexproof/board"
	"hexproof/internal/procmem"
	"hexproof/reports"
	"hexproof/tt"
	"hexproof/verify"
	"hexproof/verify/andor"
	"hexproof/verify/shard"
	"hexproof/verify/solve"
)

// A solve split by opening (docs/sharding.md, "Splitting a solve"):
// 'plan --solve' writes the plan, 'solve --shard DIR/I' solves one opening
// (and with --certificate writes its piece), 'verify --piece DIR/I' checks
// the piece, and 'merge DIR' gives the solve's verdict.

const planSolveSynopsis = `Splits the solve of the empty board into one shard per opening: every game
of --plies moves (1: the starter's first move; 2: it and the answer; at most
3), up to the board's symmetries (two openings whose positions are images of
each other share a shard; docs/sharding.md says why that is sound). With
--moves it splits the solve of the position after those moves instead: the
openings follow them, and merge gives that position's winner and its
mover's winning moves (as 'hexproof solve --moves' would). With --red,
--blue and --to-move (instead of --starter and --moves) it splits the solve
of a position set up stone by stone, whatever the counts of its stones, as
'hexproof solve --red … --blue … --to-move …' would solve it; such a plan
has no certificate pieces. Writes into --out:

  plan.json          the split
  shard-I.json       shard I: the board, the starter and its opening
  slurm.sbatch       a Slurm job array: sbatch DIR/slurm.sbatch
  parallel.sh        the same shards with GNU parallel: sh DIR/parallel.sh

Each shard runs with 'hexproof solve --shard DIR/I' and writes
DIR/result-I.json; 'hexproof merge DIR' then gives what 'hexproof solve'
of the empty board reports: the winner and every winning first move.
With --certificate the job files make each shard write its winner's
certificate from its opening (DIR/certificate-I.json) and check it with
'hexproof verify --piece DIR/I' (DIR/check-I.json); merge then says whether
the pieces make a whole certificate (docs/design.md §8).

Exit codes: 0 the plan was written, 2 bad input or usage.`

func runPlanSolve(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("plan --solve --board MxN --starter red|blue --out DIR [flags]", planSolveSynopsis, stdout)
	solveFlag := fs.Bool("solve", true, "split a solve (perfect play) by opening, not a verification")
	c := newCommonFlags(fs)
	c.addBoard(boardOne, "5x7", "required")
	c.addGeometry()
	c.addStarter(starterOrSetUp)
	c.addNoSymmetry()
	plies := fs.Int("plies", 1, fmt.Sprintf("moves in each opening, 1 to %d", shard.MaxSolvePlies))
	movesFlag := fs.String("moves", "", "split the solve of the position after these moves from the empty board (e.g. \"c3 (2,4)\"); the openings follow them")
	redFlag := fs.String("red", "", "split the solve of a position set up, not played: Red's stones on these cells, e.g. \"c7 (4,7)\" (with --to-move; not with --moves or --starter)")
	blueFlag := fs.String("blue", "", "Blue's stones of the position set up (see --red)")
	toMoveFlag := fs.String("to-move", "", "who moves in the position set up with --red/--blue: red or blue")
	out := fs.String("out", "", "directory for the plan, shard and job files (required)")
	cert := fs.Bool("certificate", false, "job files write each shard's certificate piece and check it with verify --piece")
	c.addJobs(0, "verify --piece's goroutines per shard (job files); 0 means Slurm's CPUs per task, or 1", "Slurm's CPUs per task, or 1")
	c.addTimeLimit("this long in each shard's solve (job files)", "")
	binary := fs.String("hexproof", "hexproof", "the hexproof command the job files run")
	c.addJSON("the plan")
	c.addNoProgress()
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	usageErr := func(err error) int { return fail(stderr, "plan", exitUsage, err) }
	if !*solveFlag {
		return usageErr(fmt.Errorf("--solve=false: give --strategy to split a verification"))
	}
	v, err := c.check()
	if err != nil {
		return usageErr(err)
	}
	b := v.b()
	if *out == "" {
		return usageErr(fmt.Errorf("--out DIR is required"))
	}
	setUp, err := setUpPosition(fs, b, *redFlag, *blueFlag, *toMoveFlag, *movesFlag != "" || *cert)
	if err != nil {
		return usageErr(err)
	}
	opt := shard.SolvePlanOptions{Board: b, Plies: *plies, NoSymmetry: *c.noSymmetry}
	if setUp != nil {
		opt.SetUp, opt.ToMove = setUp.p, setUp.toMove
	} else {
		opt.Starter = v.starters[0]
	}
	starter := opt.Starter
	var prefix []board.Move
	if *movesFlag != "" {
		if *cert {
			return usageErr(fmt.Errorf("--certificate pieces make a certificate from the empty board; leave out --moves or --certificate"))
		}
		toks, err := b.ParseMoves(*movesFlag)
		if err != nil {
			return usageErr(fmt.Errorf("--moves: %v", err))
		}
		_, ms, winner, err := b.Play(starter, toks)
		switch {
		case err != nil:
			return usageErr(fmt.Errorf("--moves: %v", err))
		case winner != board.Empty:
			return usageErr(fmt.Errorf("--moves: the game is over (%s has won)", winner))
		}
		prefix = ms
	}
	if err := checkOutputSet(output{flag: "out", path: *out, dir: true, files: []string{shard.PlanName, "slurm.sbatch", "parallel.sh"}},
		output{flag: "json", path: *c.json, std: true}); err != nil {
		return usageErr(err)
	}
	dir, err := checkPlanDir(*out, *binary)
	if err != nil {
		return usageErr(err)
	}
	opt.Prefix = prefix
	p, err := shard.MakeSolvePlan(opt)
	if err != nil {
		return usageErr(err)
	}
	if err := p.Write(dir); err != nil {
		return usageErr(err)
	}
	jf := jobFiles{dir: dir, binary: *binary, jobs: *c.jobs, timeLimit: *c.timeLimit, shards: len(p.Shards), id: p.File.ID, solve: true, certificate: *cert}
	if err := jf.write(); err != nil {
		return usageErr(err)
	}
	if *c.json != "" {
		if err := writeJSON(*c.json, &p.File, stdout); err != nil {
			return usageErr(err)
		}
		if *c.json == "-" {
			return exitOptimal
		}
	}
	fmt.Fprintf(stdout, "%s, %s: %d shards, one per opening of %d plies up to symmetry (%d openings).\n", b, startText(&p.File.SolveSetup), len(p.Shards), *plies, p.File.Openings)
	fmt.Fprintf(stdout, "Written to %s. Run the shards with one of\n  sbatch %s\n  sh %s\nor one at a time with\n  %s solve --shard %s/I   (I = 0 … %d)\nthen: %s merge %s\n",
		*out, filepath.Join(*out, "slurm.sbatch"), filepath.Join(*out, "parallel.sh"), *binary, *out, len(p.Shards)-1, *binary, *out)
	return exitOptimal
}

// checkPlanDir refuses a directory that holds another plan's files, and
// values the job files cannot hold; it returns the absolute directory.
func checkPlanDir(out, binary string) (string, error) {
	if _, err := os.Stat(filepath.Join(out, shard.PlanName)); err == nil {
		return "", fmt.Errorf("%s already holds a plan; choose another --out", out)
	}
	// Files of another plan (a plan interrupted while writing, or copied
	// shards) would be overwritten, or make the writing fail after the work.
	for _, pattern := range []string{"shard-*.json", "result-*.json", "certificate-*.json", "check-*.json"} {
		if found, _ := filepath.Glob(filepath.Join(out, pattern)); len(found) > 0 {
			return "", fmt.Errorf("--out %s holds %s from another plan; choose another --out", out, filepath.Base(found[0]))
		}
	}
	dir, err := filepath.Abs(out)
	if err != nil {
		return "", err
	}
	// The job files name the program and the directory; values they cannot
	// hold would make scripts that fail on the cluster, long after this.
	if strings.TrimSpace(binary) == "" || binary == "-" || strings.ContainsAny(binary, "\n\r\x00") {
		return "", fmt.Errorf("--hexproof %q: give the hexproof command the job files run (a program name or path)", binary)
	}
	if strings.ContainsAny(dir, " \t\n\r%\x00") {
		return "", fmt.Errorf("--out %s: the job files name it as %s, and they cannot hold a path with a space, a tab, a newline or %%; choose another", out, dir)
	}
	return dir, nil
}

const solveShardSynopsis = `Solves shard I of the split solve in DIR (made by 'hexproof plan --solve'):
who wins the position after the shard's opening, with the same search as
'hexproof solve'. The result goes to DIR/result-I.json, which
'hexproof merge DIR' combines with the others. With --certificate the shard
also writes its winner's strategy from the opening (compact format) to
DIR/certificate-I.json; 'hexproof verify --piece DIR/I' checks it.
With --db DB --resume the shard starts from the positions an earlier shard
or run settled in DB; when DB holds no database yet (missing or empty) it
starts one, so that every job of a plan can carry the same flags.

Exit codes: 0 solved, 2 bad input, 3 inconclusive (time limit, interrupted,
or the certificate did not fit in --memory).`

func runSolveShard(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("solve --shard DIR/I [flags]", solveShardSynopsis, stdout)
	shardArg := fs.String("shard", "", "the plan directory and the shard number, DIR/I (required)")
	c := newCommonFlags(fs)
	cert := fs.Bool("certificate", false, "also write the winner's certificate from the opening to DIR/certificate-I.json")
	c.addTimeLimit("this long", ": inconclusive")
	c.addMemory("the search's tables and the certificate")
	noKnow := fs.Bool("no-knowledge", false, "search without the Hex knowledge, for cross-checks")
	bandGames := addBandGameFlags(fs)
	c.addJSON("the shard's result")
	c.addNoProgress()
	db := addFactsFlags(fs)
	cpuProfile := addCPUProfile(fs)
	fixed := hideFixed(fs, "board", "geometry", "starter", "moves")
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	usageErr := func(err error) int { return fail(stderr, "solve", exitUsage, err) }
	if err := fixed(); err != nil {
		return usageErr(err)
	}
	dir, index, err := parseShardArg(*shardArg)
	if err != nil {
		return usageErr(err)
	}
	bands, err := bandGames.limits()
	if err != nil {
		return usageErr(err)
	}
	if err := db.check(*cert); err != nil {
		return usageErr(err)
	}
	if err := checkOutputSet(output{flag: "json", path: *c.json, std: true}, db.output(), output{flag: "cpuprofile", path: *cpuProfile},
		output{flag: "shard", path: dir, dir: true, files: []string{shard.ResultName(index), shard.CertificateName(index)}}); err != nil {
		return usageErr(err)
	}
	v, err := c.check()
	if err != nil {
		return usageErr(err)
	}
	stopProfile, err := startCPUProfile(*cpuProfile)
	if err != nil {
		return usageErr(err)
	}
	defer stopProfile()
	// The handler comes before the stores are opened (as in solve): a
	// Ctrl-C while --take-from runs lets the run close --db and report.
	ctx, stop := interruptible()
	defer stop()
	var facts *tt.Facts
	closeFacts := func() error { return nil }
	if *db.dir != "" {
		_, b, _, err := shard.ReadSolveShard(dir, index)
		if err != nil {
			return usageErr(err)
		}
		if facts, closeFacts, err = db.openShard(ctx, b, stderr, index); err != nil {
			return usageErr(err)
		}
		defer closeFacts()
	}
	if *c.timeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *c.timeLimit)
		defer cancel()
	}
	defer verify.CollectorFor(v.memory)()
	live := verify.LiveShare(v.memory)
	opt := shard.SolveShardOptions{Certificate: *cert,
		Solver: solve.Options{TableBytes: v.memory, Pool: andor.NewPool(live), NoKnowledge: *noKnow, Facts: facts}}
	opt.Solver.BandGames = bands
	if *cert {
		opt.Solver.Pool, opt.Solver.CertPool = andor.NewPool(live/2), andor.NewPool(live-live/2)
	}
	stopBar := func() {}
	if v.progress {
		opt.Progress = func(s *solve.Solver) { stopBar = spin(stderr, fmt.Sprintf("shard %d", index), s, v.memory) }
	}
	rf, err := shard.RunSolveShard(ctx, dir, index, opt)
	stopBar()
	if err == nil {
		err = closeFacts()
	}
	if err != nil {
		return usageErr(err)
	}
	if err := saveWithJSON(func() error { return shard.WriteSolveResult(dir, rf) }, "the shard's result", *c.json, rf, stdout); err != nil {
		return usageErr(err)
	}
	if *c.json != "-" {
		sf, b, _, _ := shard.ReadSolveShard(dir, index)
		fmt.Fprintf(stdout, "Shard %d of %d, opening %s: ", index, sf.Shards, openingText(b, sf.Moves))
		if rf.Verdict == "solved" {
			fmt.Fprintf(stdout, "%s wins", rf.Winner)
		} else {
			fmt.Fprintf(stdout, "inconclusive: %s", rf.Detail)
		}
		fmt.Fprintf(stdout, "\n  %s positions, %.1f s, peak %s\n", reports.Thousands(rf.Positions), rf.ElapsedSeconds, formatBytes(procmem.PeakRSS()))
		if rf.EarlierParts > 0 {
			runs := "run"
			if rf.EarlierParts > 1 {
				runs = fmt.Sprintf("%d runs", rf.EarlierParts)
			}
			fmt.Fprintf(stdout, "  with the stopped %s before it: %s positions, %.1f s in all\n", runs,
				reports.Thousands(rf.Positions+rf.EarlierPositions), rf.ElapsedSeconds+rf.EarlierElapsedSeconds)
		}
		if facts != nil {
			fmt.Fprintf(stdout, "  database %s: %s answers taken from it, %s solved positions added\n", *db.dir, reports.Thousands(rf.DBAnswers), reports.Thousands(facts.Written))
			if rf.DBBandAnswers+facts.BandsWritten > 0 {
				fmt.Fprintf(stdout, "  band games: %s answers taken from the database, %s added\n", reports.Thousands(rf.DBBandAnswers), reports.Thousands(facts.BandsWritten))
			}
			fmt.Fprint(stdout, takenText(int(db.taken.stores), db.taken.facts, db.taken.bands, db.taken.interrupted))
		}
		if rf.Certificate != "" {
			fmt.Fprintf(stdout, "  certificate: %s (%d answers); check it with: hexproof verify --piece %s/%d\n", filepath.Join(dir, rf.Certificate), rf.Answers, dir, index)
		}
	}
	if rf.Verdict != "solved" {
		return exitInconclusive
	}
	return exitOptimal
}

// saveWithJSON writes a shard's file (what names it, for an error), then
// the same document to --json when given.
func saveWithJSON(save func() error, what, jsonOut string, doc any, stdout io.Writer) error {
	if err := save(); err != nil {
		return fmt.Errorf("writing %s: %w", what, err)
	}
	if jsonOut != "" {
		return writeJSON(jsonOut, doc, stdout)
	}
	return nil
}

// openingText writes an opening as a move list with its players.
func openingText(b *board.Board, ms []shard.Move) string {
	var parts []string
	for _, m := range ms {
		c, _ := b.CellAt(m.Cell[0], m.Cell[1])
		parts = append(parts, strings.ToUpper(m.Player[:1])+":"+b.Format(c, board.Thesis))
	}
	return strings.Join(parts, " ")
}

const verifyPieceSynopsis = `Checks the certificate piece of shard I of the split solve in DIR: the
strategy in DIR/certificate-I.json (written by 'hexproof solve --shard DIR/I
--certificate') is verified, with verify's ordinary engine and no Hex
knowledge, on every game that begins with the shard's opening (and the
certificate's answer to it, when its side moves next): it must win all of
them. The check goes to DIR/check-I.json, with the certificate's SHA-256;
'hexproof merge DIR' accepts the whole certificate when every opening of its
proof is covered by a piece checked optimal (docs/design.md §8).

Exit codes: as verify: 0 optimal, 1 refuted, 2 bad input, 3 inconclusive,
4 strategy error (the certificate has no answer somewhere).`

func runVerifyPiece(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("verify --piece DIR/I [flags]", verifyPieceSynopsis, stdout)
	pieceArg := fs.String("piece", "", "the plan directory and the shard number, DIR/I (required)")
	c := newCommonFlags(fs)
	c.addJobs(0, jobsWorkers, "all CPUs")
	db := fs.String("db", "", "database directory (default: in memory)")
	c.addTimeLimit("this long", ": inconclusive")
	c.addMemory(memorySpills)
	c.addJSON("the check")
	c.addNoProgress()
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	usageErr := func(err error) int { return fail(stderr, "verify", exitUsage, err) }
	dir, index, err := parseShardArg(*pieceArg)
	if err != nil {
		return usageErr(errors.New(strings.Replace(err.Error(), "--shard", "--piece", 1)))
	}
	if err := checkOutputSet(output{flag: "json", path: *c.json, std: true}, output{flag: "db", path: *db, dir: true},
		output{flag: "piece", path: dir, dir: true, files: []string{shard.CheckName(index)}}); err != nil {
		return usageErr(err)
	}
	v, err := c.check()
	if err != nil {
		return usageErr(err)
	}
	ctx, stop := interruptible()
	defer stop()
	opt := verify.Options{Jobs: allCPUs(*c.jobs), TimeLimit: *c.timeLimit, MemoryBudget: v.memory, DB: *db}
	if v.progress {
		bar := progressbar.NewOptions64(-1, progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription(fmt.Sprintf("piece %d", index)),
			progressbar.OptionSetWidth(20), progressbar.OptionClearOnFinish())
		opt.Progress = func(p verify.Progress) { updateBar(bar, p, v.memory) }
		defer func() { _ = bar.Finish(); fmt.Fprintln(stderr) }()
	}
	cf, err := shard.CheckPieceShard(ctx, dir, index, opt)
	if err != nil {
		return usageErr(err)
	}
	if err := saveWithJSON(func() error { return shard.WritePieceCheck(dir, cf) }, "the check", *c.json, cf, stdout); err != nil {
		return usageErr(err)
	}
	if *c.json != "-" {
		fmt.Fprintf(stdout, "Piece %d (%s's certificate from %s): %s", index, cf.Side, shard.MovesText(cf.Prefix), cf.Verdict)
		if cf.Detail != "" {
			fmt.Fprintf(stdout, ": %s", cf.Detail)
		}
		fmt.Fprintf(stdout, "\n  %s positions, longest game %d, %.1f s\n", reports.Thousands(cf.Positions), cf.LongestGame, cf.ElapsedSeconds)
	}
	return verify.Verdict(cf.Verdict).ExitCode()
}

// startText says what a split solve solves: "blue starts", "blue starts,
// after R:(1,2) B:(3,1)" after a prefix, or "set up with red (1,2) (3,7),
// blue (2,2) (3,12) (blue to move)" (solve's words for a position set up).
func startText(s *shard.SolveSetup) string {
	if s.ToMove != "" {
		return fmt.Sprintf("set up with red %s, blue %s (%s to move)", orNone(shard.CellsText(s.Red)), orNone(shard.CellsText(s.Blue)), s.ToMove)
	}
	if len(s.Prefix) == 0 {
		return s.Starter + " starts"
	}
	return s.Starter + " starts, after " + shard.MovesText(s.Prefix)
}

func runMergeSolve(dir string, check bool, jsonOut string, stdout, stderr io.Writer) int {
	merge := shard.MergeSolveDir
	if check {
		merge = shard.MergeSolveDirChecked
	}
	m, err := merge(dir)
	if err != nil {
		return fail(stderr, "merge", exitUsage, err)
	}
	if err := printSolveMerge(m, jsonOut, stdout); err != nil {
		return fail(stderr, "merge", exitUsage, err)
	}
	if !m.Solved {
		return exitInconclusive
	}
	return exitOptimal
}

// printSolveMerge writes a merged split solve's JSON to jsonOut (when
// given) and its text to stdout (unless the JSON went there).
func printSolveMerge(m *shard.SolveMerged, jsonOut string, stdout io.Writer) error {
	if jsonOut != "" {
		doc := reports.NewSolveMergeDoc(m)
		doc.PeakRSSBytes = procmem.PeakRSS() // the merge's own: it takes no --memory
		if err := writeJSON(jsonOut, doc, stdout); err != nil {
			return err
		}
	}
	if jsonOut != "-" {
		fmt.Fprint(stdout, solveMergeText(m.Board, m))
	}
	return nil
}

// runMergeResultFor is merge DIR --result-for PARENT/I: DIR's merge, and
// the result it gives shard I of PARENT when it gives one.
func runMergeResultFor(dir, parent string, index int, check bool, jsonOut string, stdout, stderr io.Writer) int {
	rf, m, err := shard.DeriveSolveResult(parent, index, dir, check)
	var not *shard.NotDerivedError
	if err != nil && !errors.As(err, &not) {
		return fail(stderr, "merge", exitUsage, err)
	}
	if err := printSolveMerge(m, jsonOut, stdout); err != nil {
		return fail(stderr, "merge", exitUsage, err)
	}
	if not != nil {
		fmt.Fprintf(stdout, "no result for %s: %s\n", filepath.Join(parent, strconv.Itoa(index)), not.Why)
		return exitInconclusive
	}
	if err := shard.WriteSolveResult(parent, rf); err != nil {
		return fail(stderr, "merge", exitUsage, err)
	}
	if jsonOut != "-" {
		fmt.Fprintf(stdout, "so shard %d of %s is a %s win: %s written\n", index, parent, rf.Winner, filepath.Join(parent, shard.ResultName(index)))
	}
	return exitOptimal
}

// solveMergeText is the human summary of a merged split solve.
func solveMergeText(b *board.Board, m *shard.SolveMerged) string {
	var sb strings.Builder
	if m.Plan.ToMove != "" {
		fmt.Fprintf(&sb, "%s, %s: ", b, startText(&m.Plan.SolveSetup))
	} else {
		fmt.Fprintf(&sb, "%s, %s (%s to move): ", b, startText(&m.Plan.SolveSetup), m.ToMove)
	}
	winner := m.Winner.String()
	if m.Winner == board.Empty {
		winner = "draw"
	}
	switch {
	case m.Solved:
		sb.WriteString(winsText(b, winner, m.WinningMoves))
	case m.WinnerKnown:
		// Only a win of ToMove is proved before every move is known.
		fmt.Fprintf(&sb, "inconclusive: %s wins, proved by the shards solved; %s's other moves wait for the shards below", winner, m.ToMove)
		fmt.Fprintf(&sb, "\n  winning moves known so far (%d): %s", len(m.WinningMoves), cellsText(b, m.WinningMoves))
	default:
		fmt.Fprintf(&sb, "inconclusive: not solved yet")
	}
	solved := 0
	var tally []string
	for _, c := range []board.Color{board.Red, board.Blue, board.Empty} {
		if k := m.Decided[c]; k > 0 {
			solved += k
			w := c.String() + " wins"
			if c == board.Empty {
				w = "draws"
			}
			tally = append(tally, fmt.Sprintf("%s %d", w, k))
		}
	}
	plies := fmt.Sprintf("%d plies", m.Plan.Plies)
	if m.Plan.Plies == 1 {
		plies = "1 ply"
	}
	fmt.Fprintf(&sb, "\n  %d shards (openings of %s), %d solved", len(m.Plan.Parts), plies, solved)
	if len(tally) > 0 {
		fmt.Fprintf(&sb, " (%s)", strings.Join(tally, ", "))
	}
	fmt.Fprintf(&sb, ", %s positions, %.1f s in the shards solved or stopped\n", reports.Thousands(m.Positions), m.Elapsed)
	switch {
	case m.Solved:
		// The answer holds whatever these shards turn out to be (V42).
		if len(m.Unfinished) > 0 {
			fmt.Fprintf(&sb, "  not needed: %s (inconclusive; the answer does not depend on them)\n", shard.List(m.Unfinished))
		}
		if len(m.Missing) > 0 {
			fmt.Fprintf(&sb, "  not needed: %s (not run; the answer does not depend on them)\n", shard.List(m.Missing))
		}
	default:
		if len(m.Unfinished) > 0 {
			fmt.Fprintf(&sb, "  inconclusive: %s (run again: 'hexproof solve --shard %s/I'; with --db DB --resume, from where it stopped)\n", shard.List(m.Unfinished), m.Dir)
		}
		if len(m.Missing) > 0 {
			fmt.Fprintf(&sb, "  missing: %s (run 'hexproof solve --shard %s/I')\n", shard.List(m.Missing), m.Dir)
		}
	}
	switch {
	case len(m.Derived) > 0 && !m.Checked:
		fmt.Fprintf(&sb, "  derived from other split solves: %s (their results' derived_from names them: --check-derived merges those again)\n", shard.List(m.Derived))
	case len(m.Derived) > 0:
		if len(m.DerivedChecked) > 0 {
			fmt.Fprintf(&sb, "  derived from other split solves: %s, each given again by its split (--check-derived)\n", shard.List(m.DerivedChecked))
		}
		for _, i := range m.Derived {
			if why, ok := m.NotChecked[i]; ok {
				fmt.Fprintf(&sb, "  derived, not checked, so unknown: shard %d: %s\n", i, why)
			}
		}
	case m.Checked:
		sb.WriteString("  no derived results: every solved shard was searched\n")
	}
	if pc := m.Certificate; pc != nil {
		switch {
		case pc.NoTree != "":
			fmt.Fprintf(&sb, "  certificate: not accepted: %s\n", pc.NoTree)
		case pc.Accepted:
			fmt.Fprintf(&sb, "  certificate: accepted: %s's pieces %s cover all %d openings of its proof, each verified optimal from its opening\n", pc.Side, shard.Numbers(pc.Used), pc.Lines)
		default:
			fmt.Fprintf(&sb, "  certificate: not accepted: %d of the %d pieces its proof needs are not checked\n", len(pc.Unchecked), len(pc.Used))
			for _, i := range pc.Unchecked {
				fmt.Fprintf(&sb, "    piece %d: %s\n", i, pc.Why[i])
			}
		}
	}
	return sb.String()
}
