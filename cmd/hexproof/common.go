package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/strategies/gtp"
	"hexproof/tt"
	"hexproof/verify"
)

// The flags several commands share: one method declares each, with its one
// help text (a parameter only where the flag means something else in that
// command), and check reads and validates all of them after parsing, with
// the same words in every command. What a command does with a flag beyond
// that (and its own flags) stays in its file.

// commonFlags are the shared flags one command declared; a nil field was not
// declared.
type commonFlags struct {
	fs                                                  *pflag.FlagSet
	board, geometry, strategy, starter, choices, memory *string
	json                                                *string
	jobs                                                *int
	timeLimit                                           *time.Duration
	player                                              *string        // --player, for exec: strategies
	engineTimeout                                       *time.Duration // --engine-timeout, for exec: strategies
	noProgress, noSymmetry, handicap                    *bool

	boards    boardMode
	starters  starterMode
	jobsZero  string // what --jobs 0 means in this command
	noDefault bool   // --strategy is optional (certify --table)
}

// boardMode is how check reads --board.
type boardMode int

const (
	boardOne        boardMode = iota // one board
	boardVerifiable                  // one board the verifier's positions hold (verify)
	boardList                        // a comma-separated list (simulate)
	boardOwn                         // the command reads it itself (certify: boards beyond board.MaxCells, --table)
)

// starterMode is what --starter takes and what it means when left out.
type starterMode int

const (
	starterBoth      starterMode = iota // red, blue or both (the default)
	starterOne                          // red or blue, required (plan)
	starterFromMoves                    // red or blue; default: the first move's prefix (replay)
	starterShow                         // red or blue; default: the first move's prefix, else red (show)
	starterOrSetUp                      // red or blue, required unless --to-move sets a position up (plan --solve)
)

func newCommonFlags(fs *pflag.FlagSet) *commonFlags { return &commonFlags{fs: fs} }

// addBoard declares --board; example is a size typical of the command, need
// says when it is required.
func (c *commonFlags) addBoard(mode boardMode, example, need string) {
	c.boards = mode
	what := "board size"
	if mode == boardList {
		what = "board size(s)"
	}
	c.board = c.fs.String("board", "", fmt.Sprintf("%s, columns x rings, e.g. %s (%s)", what, example, need))
}

// addBoardDefault declares --board with a default size (explore).
func (c *commonFlags) addBoardDefault(def string) {
	c.boards = boardOne
	c.board = c.fs.String("board", def, "board size, columns x rings")
}

// addGeometry declares --geometry.
func (c *commonFlags) addGeometry() {
	c.geometry = c.fs.String("geometry", "cylinder", "cylinder, flat or torus")
}

// addStrategy declares --strategy: any registered strategy, required.
func (c *commonFlags) addStrategy() {
	c.strategy = c.fs.String("strategy", "", "strategy: NAME or NAME:key=value,… (see 'hexproof strategies'), 'certificate:FILE' or 'overlay:FILE' (a proof written by solve or verify), or 'exec:PROGRAM ARG…', an external GTP engine (required)")
	c.player = c.fs.String("player", "red", "with --strategy exec:…: the side the engine plays, red or blue")
	c.engineTimeout = c.fs.Duration("engine-timeout", gtp.DefaultTimeout, "with --strategy exec:…: how long the engine may take to answer one command; longer is a strategy error")
}

// addStrategyDefault declares --strategy with a default (explore).
func (c *commonFlags) addStrategyDefault(def string) {
	c.strategy = c.fs.String("strategy", def, "strategy: NAME or NAME:key=value,… (see 'hexproof strategies')")
}

// addPairingStrategy declares certify's --strategy: a pairing strategy,
// optional with --table.
func (c *commonFlags) addPairingStrategy() {
	c.noDefault = true
	c.strategy = c.fs.String("strategy", "", "pairing strategy: mirror, gardner or gardner-blue (--table: default all)")
}

// addStarter declares --starter.
func (c *commonFlags) addStarter(mode starterMode) {
	c.starters = mode
	switch mode {
	case starterBoth:
		c.starter = c.fs.String("starter", "both", "who moves first: red, blue or both")
	case starterOne:
		c.starter = c.fs.String("starter", "", "who moves first: red or blue (required; one plan per starter)")
	case starterFromMoves:
		c.starter = c.fs.String("starter", "", "who moves first: red or blue (default: the first move's prefix)")
	case starterShow:
		c.starter = c.fs.String("starter", "", "who moves first: red or blue (default: the first move's prefix, else red)")
	case starterOrSetUp:
		c.starter = c.fs.String("starter", "", "who moves first: red or blue (required, one plan per starter, unless --to-move sets a position up)")
	}
}

// choicesHelp is --choices where it means what docs/design.md §4 says.
const choicesHelp = "every, some or first (as for verify)"

// addChoices declares --choices with its default; help is choicesHelp unless
// the command reads the choices its own way.
func (c *commonFlags) addChoices(def, help string) {
	c.choices = c.fs.String("choices", def, help)
}

// addJobs declares --jobs: help says what the workers are, zero what 0
// means (in the error for a negative value too).
func (c *commonFlags) addJobs(def int, help, zero string) {
	c.jobsZero = zero
	c.jobs = c.fs.Int("jobs", def, help)
}

// addTimeLimit declares --time-limit; after is how long what runs ("this
// long" for the whole run, "this long per starter", …), then what a run
// stopped by it is (": inconclusive"), if anything.
func (c *commonFlags) addTimeLimit(after, then string) {
	c.timeLimit = c.fs.Duration("time-limit", 0, fmt.Sprintf("stop after %s (e.g. 30m)%s; 0 means no limit", after, then))
}

// addMemory declares --memory; use says what the budget bounds.
func (c *commonFlags) addMemory(use string) {
	c.memory = c.fs.String("memory", "", "memory budget (at least 16MiB; default: "+defaultMemoryHelp+"): "+use)
}

// addNoSymmetry declares --no-symmetry.
func (c *commonFlags) addNoSymmetry() {
	c.noSymmetry = c.fs.Bool("no-symmetry", false, "do not merge symmetric positions (for cross-checks)")
}

// addJSON declares --json; what names the document.
func (c *commonFlags) addJSON(what string) {
	c.json = c.fs.String("json", "", "write "+what+" as JSON to FILE, or - for standard output")
}

// addNoProgress declares --no-progress.
func (c *commonFlags) addNoProgress() {
	c.noProgress = c.fs.Bool("no-progress", false, "no progress bar (shown only when standard error is a terminal)")
}

// common is what check made of the shared flags.
type common struct {
	boards   []*board.Board        // one per --board size (one unless boardList)
	strats   []strategies.Strategy // one per board, when --strategy is declared and not the pairing kind
	geo      board.Geometry        //
	starters []board.Color         // nil when --starter was left out and its default depends on the moves
	choices  verify.Choices        //
	memory   int64                 // --memory in bytes, or the default
	progress bool                  // a progress bar: not --no-progress, and stderr is a terminal
}

// b is the board (of a command that takes one).
func (v *common) b() *board.Board { return v.boards[0] }

// strat is the strategy (of a command that takes one board).
func (v *common) strat() strategies.Strategy { return v.strats[0] }

// check reads and validates the shared flags after parsing, in a fixed order:
// the board, geometry and strategy, the choices, the starter (and whether
// the strategy covers it), negative --jobs and --time-limit, the memory.
func (c *commonFlags) check() (*common, error) {
	v := &common{}
	if err := c.checkAll(v); err != nil {
		v.close() // the engines of exec: strategies built before the error
		return nil, err
	}
	return v, nil
}

func (c *commonFlags) checkAll(v *common) error {
	if err := c.checkBoards(v); err != nil {
		return err
	}
	if c.choices != nil {
		ch, err := verify.ParseChoices(*c.choices)
		if err != nil {
			return fmt.Errorf("--choices: %v", err)
		}
		v.choices = ch
	}
	if c.starter != nil {
		if err := c.checkStarter(v); err != nil {
			return err
		}
	}
	var neg []signedFlag
	if c.jobs != nil {
		neg = append(neg, signedFlag{"jobs", *c.jobs < 0})
	}
	if c.timeLimit != nil {
		neg = append(neg, signedFlag{"time-limit", *c.timeLimit < 0})
	}
	for _, f := range neg {
		if f.negative {
			if f.name == "jobs" && c.jobsZero != "" {
				return fmt.Errorf("--jobs cannot be negative (0 means %s)", c.jobsZero)
			}
			return checkNotNegative(f)
		}
	}
	if c.memory != nil {
		m, err := memoryFlag(*c.memory)
		if err != nil {
			return err
		}
		v.memory = m
	}
	if c.noProgress != nil {
		v.progress = !*c.noProgress && isTerminal(os.Stderr)
	}
	return nil
}

func (c *commonFlags) checkBoards(v *common) error {
	if c.geometry != nil && (c.board == nil || c.boards == boardOwn) {
		g, err := board.ParseGeometry(*c.geometry)
		if err != nil {
			return fmt.Errorf("--geometry: %v", err)
		}
		v.geo = g
	}
	if c.board == nil || c.boards == boardOwn {
		return nil
	}
	sizes := []string{*c.board}
	switch c.boards {
	case boardVerifiable:
		if err := checkVerifiable(*c.board); err != nil {
			return err
		}
	case boardList:
		if *c.board == "" {
			return fmt.Errorf("--board is required, e.g. --board 5x4")
		}
		sizes = strings.Split(*c.board, ",")
		for k, s := range sizes {
			if strings.TrimSpace(s) == "" {
				return fmt.Errorf("--board %q: a size in the list is empty; write sizes such as 5x4,5x5", *c.board)
			}
			sizes[k] = strings.TrimSpace(s)
		}
	}
	for _, size := range sizes {
		if c.strategy == nil || c.noDefault {
			b, err := boardFromFlags(size, *c.geometry)
			if err != nil {
				return err
			}
			v.boards = append(v.boards, b)
			continue
		}
		eo, err := c.engineOptions()
		if err != nil {
			return err
		}
		b, s, err := strategyFromFlags(size, *c.geometry, *c.strategy, eo)
		if err != nil {
			return err
		}
		v.boards, v.strats = append(v.boards, b), append(v.strats, s)
	}
	v.geo = v.boards[0].Geo
	return nil
}

func (c *commonFlags) checkStarter(v *common) error {
	s := *c.starter
	switch c.starters {
	case starterBoth:
		st, err := parseStarters(s)
		if err != nil {
			return err
		}
		v.starters = st
	case starterOrSetUp:
		switch {
		case s == "" && (c.fs.Changed("to-move") || c.fs.Changed("red") || c.fs.Changed("blue")):
			return nil // the position set up says who moves (or says what it lacks)
		case s == "" || s == "both":
			return fmt.Errorf("--starter red or --starter blue is required (one plan per starter), or a position set up with --red, --blue and --to-move")
		}
		fallthrough
	case starterOne:
		if s == "" || s == "both" {
			return fmt.Errorf("--starter red or --starter blue is required (one plan per starter)")
		}
		fallthrough
	default:
		if s == "" {
			return nil // the command takes it from the moves
		}
		col, err := board.ParseColor(s)
		if err != nil {
			return fmt.Errorf("--starter: %v", err)
		}
		v.starters = []board.Color{col}
	}
	return nil
}

// addHandicap declares --handicap: the strategy's handicap stones placed at
// once before the opponent's first move (verify.Options.Handicap).
func (c *commonFlags) addHandicap() {
	c.handicap = c.fs.Bool("handicap", false, "start from the strategy's handicap stones, all placed before the opponent's first move (flat board; strategy handicap); the strategy's side is the starter")
}

// checkHandicap checks --handicap against the board, strategy, starters and
// choices, and returns the starters to run (the strategy's side when
// --starter was left at both).
func (c *commonFlags) checkHandicap(v *common) ([]board.Color, error) {
	if c.handicap == nil || !*c.handicap {
		return v.starters, nil
	}
	s := v.strat()
	if g := s.Board().Geo; g != board.Flat {
		return nil, fmt.Errorf("--handicap is for the flat board; here the geometry is %v", g)
	}
	if _, ok := s.(strategies.HandicapStones); !ok {
		return nil, fmt.Errorf("--handicap: strategy %s places no handicap stones", *c.strategy)
	}
	if v.choices == verify.Some {
		return nil, fmt.Errorf("--handicap cannot be combined with --choices some")
	}
	side := s.Side()
	if !c.fs.Changed("starter") {
		return []board.Color{side}, nil
	}
	if len(v.starters) != 1 || v.starters[0] != side {
		return nil, fmt.Errorf("--handicap: %s, who places the handicap, starts; --starter %s", side, *c.starter)
	}
	return v.starters, nil
}

// checkFits refuses a strategy that covers one starter only (a certificate)
// with another starter (checkStarterFits), for every board.
func (c *commonFlags) checkFits(v *common, starters []board.Color) error {
	for _, s := range v.strats {
		if err := checkStarterFits(s, *c.strategy, starters); err != nil {
			return err
		}
	}
	return nil
}

// allCPUs is --jobs with 0 read as every CPU.
func allCPUs(jobs int) int {
	if jobs == 0 {
		return max(1, runtimeCPUs())
	}
	return jobs
}

// jobsWorkers is --jobs where it is the worker goroutines of one search.
const jobsWorkers = "worker goroutines; 0 means all CPUs; never changes the result"

// memoryHunt is what --memory bounds in a hunt.
const memoryHunt = "the hunt's tables (each job's stops growing at its share of the budget, and at 4,194,304 positions) and the blunder solver (an eighth); when a job's share is below 640MiB its table holds fewer positions and the hunt's counts depend on the budget"

// memorySpills is what --memory bounds in a breadth-first search.
const memorySpills = "the process stays within it plus about 64 MiB; positions beyond it spill to the database, or end an --in-memory run inconclusive"

func boardFromFlags(size, geo string) (*board.Board, error) {
	if size == "" {
		return nil, fmt.Errorf("--board is required, e.g. --board 5x4")
	}
	m, n, err := board.ParseBoardSize(size)
	if err != nil {
		return nil, fmt.Errorf("--board: %v", err)
	}
	if strings.TrimSpace(geo) == "" {
		// An empty value is a mistake (an unset shell variable), not a
		// request for the default.
		return nil, fmt.Errorf("--geometry is empty (want cylinder, flat or torus)")
	}
	g, err := board.ParseGeometry(geo)
	if err != nil {
		return nil, fmt.Errorf("--geometry: %v", err)
	}
	return board.New(m, n, g)
}

// checkVerifiable refuses, with one message whatever the size, a board
// larger than the verifier's positions can hold (verify and the commands
// built on it handle fewer cells than the board package).
func checkVerifiable(size string) error {
	var m, n int
	if _, err := fmt.Sscanf(strings.ToLower(strings.TrimSpace(size)), "%dx%d", &m, &n); err != nil || m <= 0 || n <= 0 {
		return nil // not a size: boardFromFlags says what is wrong
	}
	if c := int64(m) * int64(n); c > tt.MaxCells {
		return fmt.Errorf("--board %s: the board has %d cells; verify handles at most %d", strings.TrimSpace(size), c, tt.MaxCells)
	}
	return nil
}

// engineOptions reads --player and --engine-timeout, which only an exec:
// strategy takes.
func (c *commonFlags) engineOptions() (gtp.Options, error) {
	var eo gtp.Options
	if c.player == nil {
		return eo, nil
	}
	isExec := strings.HasPrefix(*c.strategy, strategies.ExecPrefix)
	if !isExec {
		for _, f := range []string{"player", "engine-timeout"} {
			if c.fs.Changed(f) {
				return eo, fmt.Errorf("--%s is for --strategy exec:… (an external engine); %s plays its own side", f, *c.strategy)
			}
		}
		return eo, nil
	}
	col, err := board.ParseColor(*c.player)
	if err != nil {
		return eo, fmt.Errorf("--player: %v", err)
	}
	if *c.engineTimeout <= 0 {
		return eo, fmt.Errorf("--engine-timeout must be positive (e.g. 10s)")
	}
	return gtp.Options{Player: col, Timeout: *c.engineTimeout}, nil
}

// close ends the strategies that hold resources (the processes of an exec:
// engine). Every command that builds strategies defers it.
func (v *common) close() {
	if v == nil {
		return
	}
	for _, s := range v.strats {
		closeStrategy(s)
	}
}

// closeStrategy closes s if it holds resources (io.Closer).
func closeStrategy(s strategies.Strategy) {
	if c, ok := s.(io.Closer); ok {
		_ = c.Close()
	}
}

// strategyFromFlags builds the board and the strategy named by --board,
// --geometry and --strategy, with the errors a user should see.
func strategyFromFlags(size, geo, name string, eo gtp.Options) (*board.Board, strategies.Strategy, error) {
	b, err := boardFromFlags(size, geo)
	if err != nil {
		return nil, nil, err
	}
	if name == "" {
		return nil, nil, fmt.Errorf("--strategy is required (see 'hexproof strategies')")
	}
	if name == "certificate:-" || name == strategies.CertificateImagesPrefix+"-" || name == strategies.OverlayPrefix+"-" {
		return nil, nil, fmt.Errorf("--strategy %s: a certificate or overlay is read from a file, not standard input; give its path", name)
	}
	s, err := strategies.NewWith(name, b, eo)
	if err != nil {
		return nil, nil, fmt.Errorf("--strategy: %v", err)
	}
	return b, s, nil
}

// checkStarterFits refuses to run a strategy that covers the games of one
// starter only (a certificate) with another starter: that is bad input, not
// a fault of the strategy.
func checkStarterFits(s strategies.Strategy, spec string, starters []board.Color) error {
	bound, ok := s.(interface{ Starter() board.Color })
	if !ok {
		return nil
	}
	given := "both"
	if len(starters) == 1 {
		given = starters[0].String()
	}
	for _, st := range starters {
		if st != bound.Starter() {
			return fmt.Errorf("--starter %s: %s covers only the games %s starts; give --starter %s", given, spec, bound.Starter(), bound.Starter())
		}
	}
	return nil
}

// parseStarters reads --starter: red, blue or both.
func parseStarters(s string) ([]board.Color, error) {
	if s == "both" {
		return []board.Color{board.Red, board.Blue}, nil
	}
	c, err := board.ParseColor(s)
	if err != nil {
		return nil, fmt.Errorf("--starter: %v (or both)", err)
	}
	return []board.Color{c}, nil
}

// zeroMeans says what 0 means for the numeric flags that accept it.
var zeroMeans = map[string]string{
	"jobs": "all CPUs", "max-positions": "no limit", "max-losses": "none",
	"time-limit": "no limit", "max-nodes": "no limit", "guide": "no guide",
	"checkpoint-every": "only when a layer is finished",
	"log-every":        "no progress lines",
	"until-layers":     "no such stop",
}

// signedFlag is a numeric flag's name and whether it was given a negative
// value.
type signedFlag struct {
	name     string
	negative bool
}

// checkNotNegative words the first negative flag the same way for every
// command: its name and what 0 means instead.
func checkNotNegative(flags ...signedFlag) error {
	for _, f := range flags {
		if f.negative {
			return fmt.Errorf("--%s cannot be negative (0 means %s)", f.name, zeroMeans[f.name])
		}
	}
	return nil
}

// addCPUProfile declares the hidden --cpuprofile flag (for developers).
func addCPUProfile(fs *pflag.FlagSet) *string {
	path := fs.String("cpuprofile", "", "write a CPU profile to FILE (for developers)")
	_ = fs.MarkHidden("cpuprofile")
	return path
}
