package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"hexproof/board"
	"hexproof/internal/procmem"
	"hexproof/reports"
	"hexproof/strategies"
	"hexproof/strategies/gtp"
	"hexproof/verify"
	"hexproof/verify/pairing"
)

func init() {
	commands["certify"] = command{"prove a pairing strategy by its pairs (boards up to 32x32), or refute it", runCertify}
}

const certifySynopsis = `Decides whether a pairing strategy (mirror, gardner, gardner-blue: answer the
opponent's cell with its mate) wins every game, without enumerating positions:
the strategy wins iff every set of cells that wins for the opponent holds both
cells of some pair (on the torus also: every set of one cell per pair wins for
the strategy). It does not depend on the starter. Two theorems settle it in
linear time when the pairs have their shape (docs/decisions/pairing.md P6):
  theorem I  every cell is paired by a symmetry of order 2 of the board that
             keeps ring 1 and ring n (mirror: the rotation by m/2 columns)
  theorem G  the pairs are Gardner's triangles on n+1 columns, m > n
A pairing of Blue on the flat board is checked on the board reflected in its
diagonal (gardner-blue: theorem G).
Otherwise an exact search over the opponent's chains decides; it is
exponential in the worst case (--max-nodes, --time-limit bound it).
--no-theorems makes the search decide alone (to cross-check the theorems).

  optimal       no pair-free winning chain exists (the proof of
                docs/decisions/pairing.md)
  refuted       the opponent's chain that slips through the pairs, and a game
                built from it that the strategy loses (replayed through the
                strategy itself on boards of at most 128 cells)
  inconclusive  --time-limit ran out, or (torus only) a pair-free chain exists
                but no game built from it beats the strategy, which may win
                the race first

Free choices of the strategy are the adversary's (--choices every of verify).
Boards of at most 16 cells that the certificate cannot settle go to verify's
exhaustive search (reason "exhaustive").

--table MxN certifies every board up to MxN on the cylinder, the flat board and
the torus (the pairing rows of the thesis's Table B.1), for --strategy or for
every pairing strategy, with the time per board; --time-limit and --max-nodes
are then per board. --max-nodes gives the same verdicts on a loaded machine.

--handicap certifies a strategy made of local games instead (handicap,
Henderson's thesis App. B; flat boards of at most 128 cells), from its handicap stones
with the opponent to move (docs/decisions/pairing.md L1-L4): every answer of
the strategy must stay in its region or be a free move, each region's local
game is searched exhaustively for the cells the opponent can end up owning,
and an exact search asks whether one outcome per region lets the opponent
win. optimal: none does. refuted: one does, and a game built from it, which
the strategy loses, is replayed through the strategy. inconclusive: one does
but no such game was found, or --max-nodes/--time-limit ran out.

Exit codes: 0 optimal, 1 refuted, 2 bad input, 3 inconclusive, 4 strategy error
(with --starter both, the more serious of the two: 1, then 3). With --table: 0,
or 2 for bad input.`

// parseLargeBoard reads MxN (also M×N) without package board's cell limit.
func parseLargeBoard(s string) (m, n int, err error) {
	t := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "×", "x")
	a, b, ok := strings.Cut(t, "x")
	if ok {
		m, err = strconv.Atoi(strings.TrimSpace(a))
		if err == nil {
			n, err = strconv.Atoi(strings.TrimSpace(b))
		}
	}
	if !ok || err != nil || m < 1 || n < 1 {
		return 0, 0, fmt.Errorf("board %q: want MxN, columns x rings, e.g. 20x19", s)
	}
	if m*n > pairing.MaxCells {
		return 0, 0, fmt.Errorf("board %q has %d cells; certify handles at most %d", s, m*n, pairing.MaxCells)
	}
	return m, n, nil
}

func runCertify(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("certify --board MxN --strategy NAME [flags] | certify --table MxN [flags]", certifySynopsis, stdout)
	c := newCommonFlags(fs)
	c.addBoard(boardOwn, "20x19", "required unless --table")
	c.addGeometry()
	c.addPairingStrategy()
	c.addStarter(starterBoth)
	table := fs.String("table", "", "certify every board up to MxN, all geometries (instead of --board)")
	c.addJobs(1, "--table: boards certified at once; never changes the result", "1")
	c.addTimeLimit("this long, per board with --table", ": inconclusive")
	maxNodes := fs.Int64("max-nodes", 0, "stop after this many search nodes (per board with --table): inconclusive")
	noTheorems := fs.Bool("no-theorems", false, "the exact search alone decides (to cross-check theorems I and G)")
	handicap := fs.Bool("handicap", false, "certify a strategy of local games from its handicap stones (strategy handicap, flat board, at most 128 cells): the local-response certificate")
	c.addJSON("the report")
	c.addNoProgress()
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	if err := onlyWith(fs,
		flagNeed{"jobs", *table != "", "is the number of boards --table certifies at once"},
		flagNeed{"starter", *table == "", "does not apply to --table, which certifies both starters"},
	); err != nil {
		return fail(stderr, "certify", exitUsage, err)
	}
	usageErr := func(err error) int { return fail(stderr, "certify", exitUsage, err) }
	v, err := c.check()
	if err != nil {
		return usageErr(err)
	}
	if err := checkNotNegative(signedFlag{"max-nodes", *maxNodes < 0}); err != nil {
		return usageErr(err)
	}
	geo, size, name, jsonOut, jobs, timeLimit := v.geo, c.board, c.strategy, c.json, c.jobs, c.timeLimit
	// The output is checked before the search, as verify does.
	if err := checkOutputSet(output{flag: "json", path: *jsonOut, std: true}); err != nil {
		return usageErr(err)
	}
	ctx, stop := interruptible()
	defer stop()
	if *handicap {
		if *table != "" || *noTheorems {
			return usageErr(fmt.Errorf("--handicap cannot be combined with --table or --no-theorems"))
		}
		return certifyHandicap(ctx, fs.Changed("starter"), v, *size, *name, *jsonOut, *maxNodes, *timeLimit, stdout, stderr)
	}
	if *table != "" {
		if *size != "" {
			return usageErr(fmt.Errorf("give --board or --table, not both"))
		}
		return certifyTable(ctx, *table, *name, *jobs, *timeLimit, pairing.Limits{MaxNodes: *maxNodes, NoTheorems: *noTheorems}, *jsonOut, v.progress, stdout, stderr)
	}
	if *size == "" {
		return usageErr(fmt.Errorf("--board is required (or --table)"))
	}
	if *name == "" {
		return usageErr(fmt.Errorf("--strategy is required (see 'hexproof strategies')"))
	}
	m, n, err := parseLargeBoard(*size)
	if err != nil {
		return usageErr(fmt.Errorf("--board: %v", err))
	}
	starters := v.starters
	if *timeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeLimit)
		defer cancel()
	}
	results, err := pairing.CertifyWith(ctx, pairing.Limits{MaxNodes: *maxNodes, NoTheorems: *noTheorems}, *name, m, n, geo, starters...)
	if err != nil {
		return usageErr(err)
	}
	code := exitOptimal
	rank := map[int]int{exitOptimal: 0, exitInconclusive: 1, exitRefuted: 2}
	var js []reports.CertifyDoc
	for k, r := range results {
		if c := r.Verdict.ExitCode(); rank[c] > rank[code] {
			code = c
		}
		js = append(js, certifyDoc(r))
		if *jsonOut != "-" {
			if k > 0 {
				fmt.Fprintln(stdout)
			}
			fmt.Fprint(stdout, certifyText(r))
		}
	}
	if *jsonOut != "" {
		var v any = js
		if len(js) == 1 {
			v = js[0]
		}
		if err := writeJSON(*jsonOut, v, stdout); err != nil {
			return usageErr(err)
		}
	}
	return code
}

// certifyText is the plain-text report of one board and starter.
func certifyText(r *pairing.Result) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s, %dx%d %s, %s starts: %s", r.Strategy, r.M, r.N, r.Geo, r.Starter, r.Verdict)
	if r.Reason != "" {
		fmt.Fprintf(&sb, " (%s)", r.Reason)
	}
	sb.WriteString("\n")
	sb.WriteString(reports.WrapIndented(r.Detail, "  "))
	if r.Checked != "" {
		sb.WriteString(reports.WrapIndented(fmt.Sprintf("hypotheses of %s checked on this board: %s", r.Proof, r.Checked), "  "))
	}
	fmt.Fprintf(&sb, "  %d search nodes, %.3f s\n", r.Nodes, r.Elapsed.Seconds())
	if len(r.Chain) > 0 {
		fmt.Fprintf(&sb, "  %s's pair-free winning chain: %s\n", r.Side.Other(), formatCoords(r.Chain))
	}
	if len(r.Transversal) > 0 {
		fmt.Fprintf(&sb, "  one cell per pair, not winning for %s: %s\n", r.Side, formatCoords(r.Transversal))
	}
	if g := r.Game; g != nil {
		how := "checked by the certificate's own rules (board above 128 cells)"
		if r.Replayed {
			how = "replayed through the strategy"
		}
		fmt.Fprintf(&sb, "  game (%d plies, %s):\n", len(g.Moves), how)
		for k, mv := range g.Moves {
			rule := ""
			if mv.Rule != "" {
				rule = " - " + mv.Rule
			}
			fmt.Fprintf(&sb, "    %2d. %s (%d,%d)%s\n", k+1, mv.Player, mv.I, mv.J, rule)
		}
		if g.Winner == board.Empty {
			sb.WriteString("  the board is full and nobody has won\n")
		} else {
			fmt.Fprintf(&sb, "  %s wins\n", g.Winner)
		}
	}
	return sb.String()
}

func formatCoords(cs [][2]int) string {
	parts := make([]string, len(cs))
	for k, c := range cs {
		parts[k] = fmt.Sprintf("(%d,%d)", c[0], c[1])
	}
	return strings.Join(parts, " ")
}

// tableBar is the progress bar of a pairing table (certify --table, atlas
// --pairing) and the pairing.Table callback that moves it.
func tableBar(stderr io.Writer, desc string) (*progressbar.ProgressBar, func(done, total int)) {
	bar := progressbar.NewOptions(-1, progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription(desc),
		progressbar.OptionSetWidth(20), progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionClearOnFinish())
	return bar, func(done, total int) {
		bar.ChangeMax(total)
		_ = bar.Set(done)
	}
}

// certifyTable runs pairing.Table and prints one line per board.
func certifyTable(ctx context.Context, size, name string, jobs int, limit time.Duration, lim pairing.Limits, jsonOut string, progress bool, stdout, stderr io.Writer) int {
	m, n, err := parseLargeBoard(size)
	if err != nil {
		return fail(stderr, "certify", exitUsage, fmt.Errorf("--table: %v", err))
	}
	names := pairing.PairingStrategies()
	if name != "" {
		names = []string{name}
	}
	var bar *progressbar.ProgressBar
	var onDone func(done, total int)
	if progress {
		bar, onDone = tableBar(stderr, "boards")
	}
	rows := pairing.Table(ctx, names, m, n, limit, lim, jobs, onDone)
	if bar != nil {
		_ = bar.Finish()
		fmt.Fprintln(stderr)
	}
	for _, r := range rows {
		if r.Err != nil {
			return fail(stderr, "certify", exitUsage, r.Err)
		}
	}
	if jsonOut != "-" {
		fmt.Fprint(stdout, pairing.FormatTable(rows))
	}
	if jsonOut != "" {
		var js []reports.CertifyDoc
		for _, r := range rows {
			for _, res := range r.Results {
				js = append(js, certifyDoc(res))
			}
		}
		if err := writeJSON(jsonOut, js, stdout); err != nil {
			return fail(stderr, "certify", exitUsage, err)
		}
	}
	if ctx.Err() != nil {
		// ctx ends only by an interrupt here (the time limit is per board).
		return fail(stderr, "certify", exitInconclusive, fmt.Errorf("interrupted; the boards after the last one shown were not certified"))
	}
	return exitOptimal
}

// certifyDoc is a result's JSON document with the process's peak memory
// (certify takes no --memory: what it holds is bounded by its own limits,
// docs/reliability.md "Memory").
func certifyDoc(r *pairing.Result) reports.CertifyDoc {
	d := reports.NewCertifyDoc(r)
	d.PeakRSSBytes = procmem.PeakRSS()
	return d
}

// certifyHandicap is certify --handicap: the local-response certificate
// (pairing.CertifyLocal) for one flat board, the strategy's side starting.
func certifyHandicap(ctx context.Context, starterSet bool, v *common, size, name, jsonOut string, maxNodes int64, limit time.Duration, stdout, stderr io.Writer) int {
	usageErr := func(err error) int { return fail(stderr, "certify", exitUsage, err) }
	if v.geo != board.Flat {
		return usageErr(fmt.Errorf("--handicap is for the flat board; here the geometry is %v", v.geo))
	}
	if size == "" || name == "" {
		return usageErr(fmt.Errorf("--handicap needs --board and --strategy"))
	}
	b, s, err := strategyFromFlags(size, "flat", name, gtp.Options{})
	if err != nil {
		return usageErr(err)
	}
	if _, ok := s.(strategies.HandicapStones); !ok {
		return usageErr(fmt.Errorf("--handicap: strategy %s places no handicap stones", name))
	}
	if side := s.Side(); starterSet && (len(v.starters) != 1 || v.starters[0] != side) {
		return usageErr(fmt.Errorf("--handicap: %s, who places the handicap, starts", side))
	}
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	r, err := pairing.CertifyLocal(ctx, s, name, pairing.LocalLimits{MaxNodes: maxNodes})
	if err != nil {
		var le *pairing.LocalityError
		if errors.As(err, &le) {
			return fail(stderr, "certify", exitStrategyError, err)
		}
		if ctx.Err() != nil {
			return fail(stderr, "certify", exitInconclusive, fmt.Errorf("stopped before the static check: %v", verify.StopWords(err)))
		}
		return usageErr(err)
	}
	if jsonOut != "-" {
		fmt.Fprint(stdout, certifyLocalText(b, r))
	}
	if jsonOut != "" {
		d := reports.NewLocalCertifyDoc(b, r)
		d.PeakRSSBytes = procmem.PeakRSS()
		if err := writeJSON(jsonOut, d, stdout); err != nil {
			return fail(stderr, "certify", exitUsage, err)
		}
	}
	return r.Verdict.ExitCode()
}

// certifyLocalText is the plain-text report of certify --handicap.
func certifyLocalText(b *board.Board, r *pairing.LocalResult) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s, %dx%d %s, %s places %s, then %s moves: %s (local responses)\n",
		r.Strategy, r.M, r.N, r.Geo, r.Side, formatCoords(r.Stones), r.Side.Other(), r.Verdict)
	sb.WriteString(reports.WrapIndented(r.Detail, "  "))
	largest, outcomes := 0, 0
	for _, g := range r.Regions {
		largest = max(largest, len(g.Cells))
		outcomes += len(g.Outcomes)
	}
	fmt.Fprintf(&sb, "  %d regions (largest %d cells), %d local positions, %d outcomes; %d search nodes, %.3f s\n",
		len(r.Regions), largest, r.States, outcomes, r.Nodes, r.Elapsed.Seconds())
	if len(r.Chain) > 0 {
		fmt.Fprintf(&sb, "  %s's winning set compatible with the local outcomes: %s\n", r.Side.Other(), formatCoords(r.Chain))
	}
	if g := r.Game; g != nil {
		fmt.Fprintf(&sb, "  game (%d plies, replayed through the strategy): %s\n", len(g.Moves), b.FormatMoves(g.Moves, board.Thesis, true))
		fmt.Fprintf(&sb, "  replay it: %s\n", reports.LocalReplayLine(b, r))
		fmt.Fprintf(&sb, "  %s wins\n", g.Winner)
	}
	return sb.String()
}
