package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"hexproof/board"
	"hexproof/reports"
	"hexproof/reports/atlas"
	"hexproof/strategies"
	"hexproof/tt"
	"hexproof/verify"
	"hexproof/verify/pairing"
)

func init() {
	commands["atlas"] = command{"recompute the table of solved boards (thesis Table B.1)", runAtlas}
}

const atlasUsage = "atlas --max-cells N [--strategies a,b] [--geometry G] [--out DIR] [flags]"

const atlasSynopsis = `Verifies every registered strategy that applies on every m x n board with at
most N cells, for both starters, and writes DIR/atlas.csv (one row per run,
appended as runs finish) and DIR/atlas.md (the thesis's Table B.1 recomputed,
and every run in detail). Searches keep their tables in memory. With
--pairing MxN it also writes DIR/pairing.md: the pairing strategies (mirror,
gardner, gardner-blue) decided by 'hexproof certify' on every board up to MxN
of the three geometries, with the time per board (20x20 takes about 12 s).
With --resume, runs already in DIR/atlas.csv are kept and skipped.

Boards of at most --solve-cells cells are also solved (perfect play, as
'hexproof solve'): the "perfect-play" rows give the winner for each starter,
and on boards of at most --certificate-cells cells the winner's computed
strategy (a compact certificate) checked by verify; on cylinders atlas.md
then prints Table B.1 with its blanks filled where perfect play settled them.
The defaults keep the atlas to seconds of solving (4x5 takes about 7 s of CPU
with both certificates, 5x5 minutes).

Exit codes: 0 every run finished (whatever the verdicts), 2 bad usage,
3 interrupted.`

// atlasConfig is the atlas command's flags, checked.
type atlasConfig struct {
	maxCells   int
	geo        board.Geometry
	sources    []atlas.Source
	choices    verify.Choices
	out        string
	opts       atlas.Options
	resume     bool
	noProgress bool
	// pairM, pairN: --pairing's largest board (0: no pairing page).
	pairM, pairN int
	pairNodes    int64
	only         map[string]bool // --strategies, nil for all
}

// atlasFlags parses the flags; done reports that the command should stop
// with code (help was asked for, or the flags were bad).
func atlasFlags(args []string, stdout, stderr io.Writer) (cfg atlasConfig, done bool, code int) {
	fs := newFlags(atlasUsage, atlasSynopsis, stdout)
	maxCells := fs.Int("max-cells", 0, fmt.Sprintf("largest board, in cells (1..%d; required)", tt.MaxCells))
	only := fs.String("strategies", "", "comma-separated strategy names (default: all registered)")
	c := newCommonFlags(fs)
	c.addGeometry()
	out := fs.String("out", "atlas", "directory for atlas.csv and atlas.md")
	each := fs.Duration("time-limit-each", time.Minute, "time limit of each run (0: none); a run that hits it is inconclusive")
	c.addChoices("every", choicesHelp)
	c.addJobs(1, "worker goroutines of each run; 0 means all CPUs", "all CPUs")
	solveCells := fs.Int("solve-cells", 20, "solve boards of at most this many cells with perfect play (0: none)")
	certCells := fs.Int("certificate-cells", 20, "build and verify the winner's computed strategy on boards of at most this many cells (0: none)")
	resume := fs.Bool("resume", false, "keep the runs already in DIR/atlas.csv and do only the others")
	noKnow := fs.Bool("no-knowledge", false, "solve perfect play without the Hex knowledge (see 'hexproof solve --help'), for cross-checks")
	c.addNoProgress()
	pairingSize := fs.String("pairing", "", "also write DIR/pairing.md: the pairing strategies certified on every board up to MxN, all geometries (e.g. 20x20)")
	pairNodes := fs.Int64("pairing-nodes", 1000, "with --pairing: search nodes a board before it is inconclusive")
	if done, code := parseFlags(fs, args, stderr); done {
		return cfg, true, code
	}
	if err := onlyWith(fs, flagNeed{"pairing-nodes", *pairingSize != "", "is for --pairing"}); err != nil {
		return cfg, true, fail(stderr, "atlas", exitUsage, err)
	}
	usageErr := func(err error) (atlasConfig, bool, int) { return cfg, true, fail(stderr, "atlas", exitUsage, err) }
	if *maxCells < 1 || *maxCells > tt.MaxCells {
		return usageErr(fmt.Errorf("--max-cells must be between 1 and %d, got %d", tt.MaxCells, *maxCells))
	}
	v, err := c.check()
	if err != nil {
		return usageErr(err)
	}
	geo, choices := v.geo, v.choices
	if *each < 0 {
		return usageErr(fmt.Errorf("--time-limit-each cannot be negative (0 means no limit)"))
	}
	jobs := allCPUs(*c.jobs)
	if *solveCells < 0 || *certCells < 0 {
		return usageErr(fmt.Errorf("--solve-cells and --certificate-cells cannot be negative (0 means none)"))
	}
	infos, err := atlasStrategies(*only)
	if err != nil {
		return usageErr(err)
	}
	var pm, pn int
	if *pairingSize != "" {
		if pm, pn, err = parseLargeBoard(*pairingSize); err != nil {
			return usageErr(fmt.Errorf("--pairing: %v", err))
		}
	}
	if *pairNodes < 1 {
		return usageErr(fmt.Errorf("--pairing-nodes must be at least 1, got %d", *pairNodes))
	}
	var onlySet map[string]bool
	if strings.TrimSpace(*only) != "" {
		onlySet = map[string]bool{}
		for _, info := range infos {
			onlySet[info.Name] = true
		}
	}
	cfg = atlasConfig{pairM: pm, pairN: pn, pairNodes: *pairNodes, only: onlySet, maxCells: *maxCells, geo: geo, choices: choices, out: *out, resume: *resume, noProgress: *c.noProgress,
		sources: []atlas.Source{atlas.StrategySource{Infos: infos, Choices: choices},
			atlas.SolveSource{MaxCells: *solveCells, CertificateCells: *certCells, Choices: choices}},
		opts: atlas.Options{TimeLimit: *each, Jobs: jobs, NoKnowledge: *noKnow}}
	return cfg, false, 0
}

func runAtlas(args []string, stdout, stderr io.Writer) int {
	cfg, done, code := atlasFlags(args, stdout, stderr)
	if done {
		return code
	}
	failed := func(err error) int { return fail(stderr, "atlas", exitUsage, err) }
	if err := checkOutputSet(output{flag: "out", path: cfg.out, dir: true, files: []string{"atlas.csv", "atlas.md", "pairing.md"}}); err != nil {
		return failed(err)
	}
	if err := os.MkdirAll(cfg.out, 0o755); err != nil {
		return failed(fmt.Errorf("--out: %w", err))
	}
	csvPath := filepath.Join(cfg.out, "atlas.csv")
	var rows []atlas.Row
	if cfg.resume {
		var err error
		if rows, err = atlas.ReadCSV(csvPath); errors.Is(err, atlas.ErrForeignTable) {
			return failed(fmt.Errorf("--resume: %v; choose another --out", err))
		} else if err != nil {
			return failed(fmt.Errorf("--resume: %w", err))
		}
	}
	w, err := atlas.OpenCSV(csvPath, cfg.resume && len(rows) > 0)
	if err != nil {
		return failed(fmt.Errorf("--out: %w", err))
	}
	all := atlas.Plan(cfg.maxCells, cfg.geo, cfg.sources...)
	todo := atlas.Pending(all, rows)
	fmt.Fprintf(stdout, "atlas: %s on %s boards of at most %d cells (%d already in %s)\n",
		runsWord(len(todo)), cfg.geo, cfg.maxCells, len(all)-len(todo), csvPath)

	ctx, stop := interruptible()
	defer stop()
	rows, interrupted, err := atlasRunJobs(ctx, cfg, todo, rows, w, stdout, stderr)
	if err != nil {
		w.Close()
		return failed(err)
	}
	if err := w.Close(); err != nil {
		return failed(err)
	}
	mdPath := filepath.Join(cfg.out, "atlas.md")
	md := atlas.Markdown(rows, cfg.geo, cfg.maxCells, cfg.choices)
	if err := os.WriteFile(mdPath, []byte(md), 0o644); err != nil {
		return failed(fmt.Errorf("%s: %w", mdPath, err))
	}
	fmt.Fprintf(stdout, "atlas: wrote %s and %s\n", csvPath, mdPath)
	if cfg.pairM > 0 && !interrupted {
		path, err := atlasPairing(ctx, cfg, stderr)
		if err != nil {
			return failed(err)
		}
		if ctx.Err() != nil {
			interrupted = true
		} else {
			fmt.Fprintf(stdout, "atlas: wrote %s\n", path)
		}
	}
	if interrupted {
		fmt.Fprintln(stderr, "hexproof atlas: interrupted; run again with --resume to finish")
		return exitInconclusive
	}
	return 0
}

// atlasPairing certifies the pairing strategies among the selected ones on
// every board up to --pairing and writes DIR/pairing.md.
func atlasPairing(ctx context.Context, cfg atlasConfig, stderr io.Writer) (string, error) {
	var names []string
	for _, name := range pairing.PairingStrategies() {
		if cfg.only == nil || cfg.only[name] {
			names = append(names, name)
		}
	}
	var bar *progressbar.ProgressBar
	var onDone func(done, total int)
	if !cfg.noProgress && atlasIsTerminal(stderr) {
		bar, onDone = tableBar(stderr, "pairing boards")
	}
	rows := pairing.Table(ctx, names, cfg.pairM, cfg.pairN, 0, pairing.Limits{MaxNodes: cfg.pairNodes}, cfg.opts.Jobs, onDone)
	if bar != nil {
		_ = bar.Finish()
	}
	for _, r := range rows {
		if r.Err != nil {
			return "", r.Err
		}
	}
	path := filepath.Join(cfg.out, "pairing.md")
	if err := os.WriteFile(path, []byte(atlas.PairingMarkdown(rows, cfg.pairM, cfg.pairN, cfg.pairNodes)), 0o644); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return path, nil
}

// atlasRunJobs does the runs one by one, printing a line and appending a
// row to the table as each finishes; it returns rows with the new ones
// added, and whether the user interrupted (the run cut short is left out, for
// --resume to do again).
func atlasRunJobs(ctx context.Context, cfg atlasConfig, todo []atlas.Job, rows []atlas.Row, w *atlas.CSVWriter,
	stdout, stderr io.Writer) ([]atlas.Row, bool, error) {
	var bar *progressbar.ProgressBar
	if !cfg.noProgress && atlasIsTerminal(stderr) && len(todo) > 0 {
		bar = progressbar.NewOptions(len(todo),
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetWidth(24),
			progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
		defer bar.Finish()
	}
	for _, j := range todo {
		opts := cfg.opts
		if bar != nil {
			desc := j.Label()
			bar.Describe(desc)
			opts.Progress = func(p verify.Progress) {
				bar.Describe(fmt.Sprintf("%s: layer %d/%d, %s positions", desc, p.Layer, p.MaxLayer, reports.Thousands(p.Positions)))
			}
		}
		row := atlas.Do(ctx, j, opts)
		if ctx.Err() != nil {
			return rows, true, nil
		}
		if bar != nil {
			_ = bar.Clear()
		}
		fmt.Fprintf(stdout, "%-6s %-13s %-4s starts: %s\n", fmt.Sprintf("%dx%d", row.M, row.N), row.Strategy, row.Starter, atlasOutcome(row))
		if err := w.Write(row); err != nil {
			return rows, false, err
		}
		rows = append(rows, row)
		if bar != nil {
			_ = bar.Add(1)
		}
	}
	return rows, false, nil
}

func atlasIsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// atlasStrategies is the registry, or the part of it that --strategies names.
func atlasStrategies(only string) ([]strategies.Info, error) {
	if strings.TrimSpace(only) == "" {
		all := strategies.All()
		if len(all) == 0 {
			return nil, fmt.Errorf("no strategies are registered")
		}
		return all, nil
	}
	var out []strategies.Info
	seen := map[string]bool{}
	for _, name := range strings.Split(only, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			return nil, fmt.Errorf("--strategies %q: a name in the list is empty", only)
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		info, err := strategies.Lookup(name)
		if err != nil {
			return nil, fmt.Errorf("--strategies: %v", err)
		}
		out = append(out, info)
	}
	return out, nil
}

// atlasOutcome words a finished run for its line on standard output.
func atlasOutcome(r atlas.Row) string {
	s := r.Verdict
	if r.Plies > 0 {
		s += " (" + reports.Plies(r.Plies) + ")"
	}
	s += fmt.Sprintf(", %s positions, %.2fs", reports.Thousands(r.Positions), r.Elapsed)
	// A perfect-play row's detail names the winner: always shown.
	if (r.Strategy == atlas.PerfectPlay || r.Verdict != string(verify.Optimal) && r.Verdict != string(verify.Refuted)) && r.Detail != "" {
		s += ": " + r.Detail
	}
	return s
}

// runsWord is "1 run" or "n runs".
func runsWord(n int) string {
	if n == 1 {
		return "1 run"
	}
	return fmt.Sprintf("%d runs", n)
}
