package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/pflag"

	"hexproof/board"
	"hexproof/internal/procmem"
	"hexproof/reports"
	"hexproof/verify"
	"hexproof/verify/andor"
	"hexproof/verify/solve"
)

func init() {
	commands["solve"] = command{"perfect play: who wins a position, and every winning move", runSolve}
}

const solveSynopsis = `Solves a position of Cylindrical Hex (or flat Hex, or Torus Hex) by
proof-number search: who wins with perfect play, and every winning move of
the player to move. The position is the empty board, or the one after --moves
(played from the starter's first move), or one set up stone by stone with
--red, --blue and --to-move, whatever the order and counts of its stones (a
band game of the knowledge as a board of its own: docs/decisions/solve.md K24).

On the cylinder and the flat board the search uses Hex knowledge (Henderson
2010): dead cells and captured pairs are filled in and never played, Red's
virtual connections between ring 1 and ring n (found by H-search, wrapping
around the cylinder) decide a position as Red's, and Blue to move only plays
inside the carriers of Red's semi-connections. On the cylinder H-search also
knows band templates: a Red stone in ring d with no Blue stone between it and
ring 1 is connected to ring 1 for every depth d whose small game solve has
proved (likewise towards ring n); with --band-games also when Blue stones lie
in between, by solving that small game on its own. For Blue: its threats, and its
virtual rings (groups joined around the cylinder by bridges, or by the
connections of an H-search on Blue's groups that counts how often each one
goes around) decide a position as Blue's, and Red to move only plays inside
the carriers of Blue's threats and semi-rings. Each piece is argued in docs/decisions/solve.md;
--no-knowledge turns it off (for cross-checks; the torus never uses it). With
the knowledge the search is focused (Henderson's focused DFPN): it looks at
the moves that carry most of Red's current in Shannon's electrical model
first, which changes how fast it finds a proof, never the answer. The
winning moves are exact either way: every move is solved, pruned or not.

--certificate FILE writes the winner's strategy from the empty board as data
(one answer for every position it can meet); check it independently with
'hexproof verify --strategy certificate:FILE --starter S'. With --compact the
file holds one answer per class of symmetric positions and none where the
winner has a winning cell (its strategy plays the winning cells, and the images
of the stored answer: format hexproof-certificate/2); the verifier checks it
the same way.

--db DIR keeps every position the search settles (who wins it, with whom to
move) in a database in DIR; --resume starts a later solve of the same board
from them, so a solve stopped by --time-limit, Ctrl-C or a kill continues
where it was (docs/decisions/solve.md K14). With --band-games the database
keeps the band games' answers too (K28). --take-from OTHER (repeatable) first
adds to --db what another solve's database of the same board holds, e.g. a
finished sibling shard's (K29; it is only read). Not with --certificate.
--take-only stops after that, solving nothing: it writes the union of the
--take-from stores into --db, for later runs to take at once.

A board too large for one run is split by opening: 'hexproof plan --solve'
writes one shard per opening, 'hexproof solve --shard DIR/I [--certificate]'
solves one (and writes its certificate piece), 'hexproof verify --piece DIR/I'
checks the piece and 'hexproof merge DIR' gives the verdict
(docs/sharding.md).

Exit codes: 0 solved, 2 bad input, 3 inconclusive (time limit or interrupted).`

func runSolve(args []string, stdout, stderr io.Writer) int {
	if shardRequested(args) { // solve --shard DIR/I: one opening of a split solve (solveplan.go)
		return runSolveShard(args, stdout, stderr)
	}
	fs := newFlags("solve --board MxN [flags]", solveSynopsis, stdout)
	c := newCommonFlags(fs)
	c.addBoard(boardOne, "5x5", "required")
	c.addGeometry()
	c.addStarter(starterBoth)
	movesFlag := fs.String("moves", "", "moves from the empty board, e.g. \"c3 (2,4)\" (needs one starter)")
	redFlag := fs.String("red", "", "a position set up, not played: Red's stones on these cells, e.g. \"c7 (4,7)\" (with --to-move; not with --moves or --starter)")
	blueFlag := fs.String("blue", "", "Blue's stones of the position set up (see --red)")
	toMoveFlag := fs.String("to-move", "", "who moves in the position set up with --red/--blue: red or blue")
	cert := fs.String("certificate", "", "write the winner's strategy to FILE (.json); with --starter both, FILE gets -red/-blue before its extension")
	compact := fs.Bool("compact", false, "write --certificate in the compact format (symmetry classes, winning cells left to the rule)")
	c.addJobs(1, "accepted for symmetry with verify; the search is single-threaded", "the same as 1")
	c.addTimeLimit("this long", ": inconclusive")
	c.addMemory("the search's tables and the certificate")
	c.addNoSymmetry()
	noKnow := fs.Bool("no-knowledge", false, "search without the Hex knowledge (dead cells, Red's virtual connections, Blue's threats and rings, the must-play sets), for cross-checks")
	bandGames := addBandGameFlags(fs)
	c.addJSON("the report")
	c.addNoProgress()
	db := addFactsFlags(fs)
	takeOnly := fs.Bool("take-only", false, "with --db and --take-from: add the stores of --take-from to --db and stop, solving nothing (one store for later runs to take from, instead of each run taking many)")
	cpuProfile := addCPUProfile(fs)
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	usageErr := func(err error) int { return fail(stderr, "solve", exitUsage, err) }
	v, err := c.check()
	if err != nil {
		return usageErr(err)
	}
	if err := db.check(*cert != ""); err != nil {
		return usageErr(err)
	}
	if err := checkTakeOnly(fs, *takeOnly, db); err != nil {
		return usageErr(err)
	}
	b, memBytes, starters, jsonOut, timeLimit := v.b(), v.memory, v.starters, c.json, c.timeLimit
	bands, err := bandGames.limits()
	if err != nil {
		return usageErr(err)
	}
	setUp, err := setUpPosition(fs, b, *redFlag, *blueFlag, *toMoveFlag, *movesFlag != "" || *cert != "")
	if err != nil {
		return usageErr(err)
	}
	if setUp != nil {
		starters = []board.Color{setUp.toMove}
	}
	if *movesFlag != "" && len(starters) != 1 {
		return usageErr(fmt.Errorf("--moves needs --starter red or --starter blue"))
	}
	if *movesFlag != "" && *cert != "" {
		return usageErr(fmt.Errorf("--certificate is written from the empty board; leave out --moves"))
	}
	if *compact && *cert == "" {
		return usageErr(fmt.Errorf("--compact is the format of --certificate; give --certificate FILE or leave out --compact"))
	}
	// Every output is checked before the search, as verify does.
	if err := checkOutputSet(append([]output{{flag: "json", path: *jsonOut, std: true}, {flag: "cpuprofile", path: *cpuProfile}, db.output()}, certOutputs("certificate", *cert, starters)...)...); err != nil {
		return usageErr(err)
	}
	// The handler comes before the stores are opened: a Ctrl-C while
	// --take-from runs then lets the run close --db and report, instead of
	// ending the process with the store unclosed.
	ctx, stop := interruptible()
	defer stop()
	opened := time.Now()
	facts, closeFacts, err := db.open(ctx, b)
	if err != nil {
		return usageErr(err)
	}
	defer closeFacts()
	if *takeOnly {
		return reportTakeOnly(b, db, closeFacts, time.Since(opened), *jsonOut, stdout, stderr)
	}
	stopProfile, err := startCPUProfile(*cpuProfile)
	if err != nil {
		return usageErr(err)
	}
	defer stopProfile()
	if *timeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeLimit)
		defer cancel()
	}
	showProgress := v.progress
	var out []reports.SolveDoc
	code := exitOptimal
	// One budget for the process (issue 32): every table of every starter's
	// solver, and the certificate walks, draw from one pool of the live share
	// of it; the collector keeps the heap near what is live.
	// With --certificate, half of it is the certificate walk's: the tables
	// would otherwise fill the pool before the walk starts.
	defer verify.CollectorFor(memBytes)()
	live := verify.LiveShare(memBytes)
	pool, certPool := andor.NewPool(live), (*andor.Pool)(nil)
	if *cert != "" {
		pool, certPool = andor.NewPool(live/2), andor.NewPool(live-live/2)
	}
	for _, starter := range starters {
		var p board.Position
		toMove := func() board.Color { return p.ToMove(starter) }
		if setUp != nil {
			p = setUp.p
			toMove = func() board.Color { return setUp.toMove }
		}
		if *movesFlag != "" {
			toks, err := b.ParseMoves(*movesFlag)
			if err != nil {
				return usageErr(fmt.Errorf("--moves: %v", err))
			}
			var winner board.Color
			if p, _, winner, err = b.Play(starter, toks); err != nil {
				return usageErr(fmt.Errorf("--moves: %v", err))
			}
			if winner != board.Empty {
				return usageErr(fmt.Errorf("--moves: the game is over (%s has won)", winner))
			}
			if p.Occupied() == b.All() {
				return usageErr(fmt.Errorf("--moves: the game is over (the board is full)"))
			}
		}
		opt := solve.Options{TableBytes: memBytes, Pool: pool, CertPool: certPool, NoSymmetry: *c.noSymmetry, NoKnowledge: *noKnow, Facts: facts}
		opt.BandGames = bands
		s, err := solve.NewSolver(ctx, b, opt)
		if err != nil {
			return usageErr(err)
		}
		defer s.Close() // a no-op after the Close below
		added, bandsAdded := db.added(facts), int64(0)
		if facts != nil {
			bandsAdded = facts.BandsWritten
		}
		j := reports.SolveDoc{Board: fmt.Sprintf("%dx%d", b.M, b.N), Geometry: b.Geo.String(), Starter: starter.String(),
			Moves: strings.TrimSpace(*movesFlag), ToMove: toMove().String(), WinningMoves: [][2]int{},
			Knowledge: s.Knowledge()}
		if setUp != nil {
			j.Starter, j.Red, j.Blue = "", setUp.red, setUp.blue
		}
		stopBar := func() {}
		if showProgress {
			desc := fmt.Sprintf("%s, %s starts", b, starter)
			if setUp != nil {
				desc = fmt.Sprintf("%s, set up, %s to move", b, setUp.toMove)
			}
			stopBar = spin(stderr, desc, s, memBytes)
		}
		start := time.Now()
		res, err := s.Solve(p, toMove())
		var certErr error
		if err == nil && *cert != "" && res.Winner != board.Empty {
			path := certPath(*cert, starter, len(starters) > 1)
			if j.Answers, certErr = writeCertificate(s, path, starter, res.Winner, *compact); certErr == nil {
				j.Certificate = path
			}
		}
		stopBar()
		j.Positions, j.Elapsed = s.Nodes(), time.Since(start).Seconds()
		if facts != nil {
			j.DB, j.FromDB, j.AddedToDB = *db.dir, s.FromFacts, db.added(facts)-added
			j.BandFromDB, j.BandAddedToDB = s.BandFromFacts, facts.BandsWritten-bandsAdded
			// The stores read: all of --take-from, or those before a Ctrl-C.
			j.TakenFrom, j.TakenFacts, j.TakenBands = (*db.take)[:db.taken.stores], db.taken.facts, db.taken.bands
			j.TakeInterrupted = db.taken.interrupted
		}
		s.Close()
		j.MemoryBudget, j.PeakRSS = memBytes, procmem.PeakRSS()
		switch {
		case errors.Is(certErr, solve.ErrMemory):
			j.Verdict = "inconclusive"
			j.Detail = fmt.Sprintf("solved, but the certificate did not fit in --memory %s; give a larger --memory", formatBytes(memBytes))
			code = exitInconclusive
		case errors.Is(err, solve.ErrStopped) || errors.Is(certErr, solve.ErrStopped):
			j.Verdict = "inconclusive"
			j.Detail = "stopped before the answer: " + verify.StopWords(ctx.Err())
			if err == nil {
				j.Detail = "solved, but stopped while writing the certificate: " + verify.StopWords(ctx.Err())
			}
			code = exitInconclusive
		case errors.Is(err, solve.ErrUndecided):
			j.Verdict = "inconclusive"
			j.Detail = "not solved: the search's proof numbers saturated before an answer (nothing is claimed)"
			code = exitInconclusive
		case err != nil:
			return usageErr(err)
		case certErr != nil:
			return usageErr(certErr)
		}
		if err == nil {
			j.Verdict = "solved"
			j.Winner = res.Winner.String()
			if res.Winner == board.Empty {
				j.Winner = "draw"
			}
			for _, c := range res.WinningMoves {
				i, r := b.Coord(c)
				j.WinningMoves = append(j.WinningMoves, [2]int{i, r})
			}
		}
		out = append(out, j)
		if *jsonOut != "-" {
			fmt.Fprint(stdout, solveText(b, j, res))
		}
	}
	if err := closeFacts(); err != nil {
		return usageErr(err)
	}
	if *jsonOut != "" {
		var raw []byte
		if len(out) == 1 {
			raw, err = json.MarshalIndent(out[0], "", "  ")
		} else {
			raw, err = json.MarshalIndent(out, "", "  ")
		}
		if err != nil {
			return usageErr(err)
		}
		raw = append(raw, '\n')
		if *jsonOut == "-" {
			_, _ = stdout.Write(raw)
		} else if err := os.WriteFile(*jsonOut, raw, 0o644); err != nil {
			return usageErr(fmt.Errorf("--json: %v", err))
		}
	}
	return code
}

// solveText is the human summary of one solve.
func solveText(b *board.Board, j reports.SolveDoc, res *solve.Result) string {
	var sb strings.Builder
	if j.Starter == "" {
		fmt.Fprintf(&sb, "%s, set up with red %s, blue %s", b, orNone(j.Red), orNone(j.Blue))
	} else {
		fmt.Fprintf(&sb, "%s, %s starts", b, j.Starter)
	}
	if j.Moves != "" {
		fmt.Fprintf(&sb, ", after %s", j.Moves)
	}
	fmt.Fprintf(&sb, " (%s to move): ", j.ToMove)
	if j.Verdict == "solved" {
		sb.WriteString(winsText(b, j.Winner, res.WinningMoves))
	} else {
		fmt.Fprintf(&sb, "inconclusive: %s", j.Detail)
	}
	fmt.Fprintf(&sb, "\n  %s positions, %.1f s\n", reports.Thousands(j.Positions), j.Elapsed)
	if j.DB != "" {
		fmt.Fprintf(&sb, "  database %s: %s answers taken from it, %s solved positions added\n", j.DB, reports.Thousands(j.FromDB), reports.Thousands(j.AddedToDB))
		if j.BandFromDB+j.BandAddedToDB > 0 {
			fmt.Fprintf(&sb, "  band games: %s answers taken from the database, %s added\n", reports.Thousands(j.BandFromDB), reports.Thousands(j.BandAddedToDB))
		}
		sb.WriteString(takenText(len(j.TakenFrom), j.TakenFacts, j.TakenBands, j.TakeInterrupted))
	}
	if j.Verdict == "solved" && j.Detail != "" {
		fmt.Fprintf(&sb, "  %s\n", j.Detail)
	}
	if j.Certificate != "" {
		fmt.Fprintf(&sb, "  certificate: %s (%d answers); check it with: hexproof verify --board %s --geometry %s --strategy certificate:%s --starter %s --in-memory\n",
			j.Certificate, j.Answers, j.Board, j.Geometry, j.Certificate, j.Starter)
	}
	return sb.String()
}

// winsText says who wins ("draw": nobody) and, if any, the winning moves.
func winsText(b *board.Board, winner string, moves []board.Cell) string {
	if winner == "draw" {
		return "a draw with perfect play"
	}
	s := winner + " wins"
	if len(moves) > 0 {
		s += fmt.Sprintf("; winning moves (%d): %s", len(moves), cellsText(b, moves))
	}
	return s
}

// cellsText writes cells in the thesis's notation, separated by spaces.
func cellsText(b *board.Board, cells []board.Cell) string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = b.Format(c, board.Thesis)
	}
	return strings.Join(out, " ")
}

// certPath puts the starter into the file name when both are solved.
func certPath(path string, starter board.Color, both bool) string {
	if !both {
		return path
	}
	if i := strings.LastIndex(path, "."); i > strings.LastIndex(path, "/") {
		return path[:i] + "-" + starter.String() + path[i:]
	}
	return path + "-" + starter.String()
}

func writeCertificate(s *solve.Solver, path string, starter, winner board.Color, compact bool) (int, error) {
	build := s.Certificate
	if compact {
		build = s.CompactCertificate
	}
	c, err := build(starter, winner)
	if err != nil {
		return 0, err
	}
	raw, err := json.Marshal(c.File())
	if err != nil {
		return 0, err
	}
	if err := os.WriteFile(path, append(raw, '\n'), 0o644); err != nil {
		return 0, fmt.Errorf("--certificate: %v", err)
	}
	return c.Len(), nil
}

// spin shows a progress display (positions searched, and the resident
// memory against the budget) until the returned function is called.
func spin(w io.Writer, desc string, s *solve.Solver, budget int64) func() {
	bar := progressbar.NewOptions64(-1,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionSetWidth(20),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
	stop := verify.Ticker(200*time.Millisecond, func() {
		anon, _ := procmem.RSS()
		bar.Describe(fmt.Sprintf("%s | mem %s/%s", desc, formatBytes(anon), formatBytes(budget)))
		_ = bar.Set64(s.Progress())
	})
	return func() { stop(); _ = bar.Finish(); fmt.Fprintln(w) }
}

// setUpStones is a position set up with solve --red/--blue/--to-move: the
// position, who moves, and the two lists as written (for the report).
type setUpStones struct {
	p         board.Position
	toMove    board.Color
	red, blue string
}

// setUpPosition reads --red, --blue and --to-move (nil when none is given).
// played says --moves or --certificate was given, which start from the
// empty board, so neither goes with a position set up; nor does --starter,
// as --to-move says who moves.
func setUpPosition(fs *pflag.FlagSet, b *board.Board, red, blue, toMove string, played bool) (*setUpStones, error) {
	if !fs.Changed("red") && !fs.Changed("blue") && !fs.Changed("to-move") {
		return nil, nil
	}
	switch {
	case !fs.Changed("to-move"):
		return nil, fmt.Errorf("a position set up with --red/--blue needs --to-move red or --to-move blue")
	case played:
		return nil, fmt.Errorf("--red/--blue/--to-move set up a position; --moves and --certificate start from the empty board: leave them out")
	case fs.Changed("starter"):
		return nil, fmt.Errorf("--to-move says who moves in a position set up: leave out --starter")
	}
	who, err := board.ParseColor(toMove)
	if err != nil || who == board.Empty {
		return nil, fmt.Errorf("--to-move %q: give red or blue", toMove)
	}
	var toks [2][]board.Token
	for i, list := range []struct{ flag, s string }{{"red", red}, {"blue", blue}} {
		if toks[i], err = b.ParseMoves(list.s); err != nil {
			return nil, fmt.Errorf("--%s: %v", list.flag, err)
		}
	}
	p, err := b.SetUp(toks[0], toks[1])
	if err != nil {
		return nil, err
	}
	if err := b.CheckSetUp(p); err != nil {
		return nil, err
	}
	return &setUpStones{p: p, toMove: who, red: strings.TrimSpace(red), blue: strings.TrimSpace(blue)}, nil
}

// orNone is s, or "none" when it is empty.
func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
