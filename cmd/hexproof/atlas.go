package main

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/tt"
	"hexproof/verify"
)

func init() {
	commands["atlas"] = command{"recompute the table of solved boards (thesis Table B.1)", runAtlas}
}

const atlasUsage = "atlas --max-cells N [--strategies a,b] [--geometry G] [--out DIR] [flags]"

const atlasSynopsis = `Verifies every registered strategy that applies on every m x n board with at
most N cells, for both starters, and writes DIR/atlas.csv (one row per run,
appended as runs finish) and DIR/atlas.md (the thesis's Table B.1 recomputed,
and every run in detail). Searches keep their tables in memory. With --resume,
runs already in DIR/atlas.csv are kept and skipped. Exit code 0 when every run
finished (whatever the verdicts), 3 when interrupted, 2 on bad usage.`

// atlasHeader is the CSV's columns; --resume refuses a file with others.
var atlasHeader = []string{"board", "m", "n", "geometry", "strategy", "side", "starter", "choices",
	"verdict", "plies", "positions", "longest_game", "elapsed_seconds", "detail"}

// atlasRow is one finished run, as stored in the CSV.
type atlasRow struct {
	M, N      int
	Geo       string
	Strategy  string
	Side      string
	Starter   string
	Choices   string
	Verdict   string
	Plies     int // counterexample plies; 0 when there is none
	Positions int64
	Longest   int
	Elapsed   float64
	Detail    string
}

func (r atlasRow) key() string {
	return fmt.Sprintf("%dx%d/%s/%s/%s/%s", r.M, r.N, r.Geo, r.Strategy, r.Starter, r.Choices)
}

func (r atlasRow) record() []string {
	plies := ""
	if r.Plies > 0 {
		plies = strconv.Itoa(r.Plies)
	}
	return []string{fmt.Sprintf("%dx%d", r.M, r.N), strconv.Itoa(r.M), strconv.Itoa(r.N), r.Geo, r.Strategy,
		r.Side, r.Starter, r.Choices, r.Verdict, plies, strconv.FormatInt(r.Positions, 10),
		strconv.Itoa(r.Longest), strconv.FormatFloat(r.Elapsed, 'f', 3, 64), r.Detail}
}

func parseAtlasRecord(rec []string) (atlasRow, error) {
	if len(rec) != len(atlasHeader) {
		return atlasRow{}, fmt.Errorf("%d fields, want %d", len(rec), len(atlasHeader))
	}
	var r atlasRow
	var errs []error
	atoi := func(s string) int {
		if s == "" {
			return 0
		}
		v, err := strconv.Atoi(s)
		errs = append(errs, err)
		return v
	}
	r.M, r.N = atoi(rec[1]), atoi(rec[2])
	r.Geo, r.Strategy, r.Side, r.Starter, r.Choices, r.Verdict = rec[3], rec[4], rec[5], rec[6], rec[7], rec[8]
	r.Plies = atoi(rec[9])
	p, err := strconv.ParseInt(rec[10], 10, 64)
	errs = append(errs, err)
	r.Positions = p
	r.Longest = atoi(rec[11])
	r.Elapsed, err = strconv.ParseFloat(rec[12], 64)
	errs = append(errs, err)
	r.Detail = rec[13]
	if err := errors.Join(errs...); err != nil {
		return atlasRow{}, err
	}
	return r, nil
}

// atlasJob is one run to do.
type atlasJob struct {
	b       *board.Board
	info    strategies.Info
	starter board.Color
}

func runAtlas(args []string, stdout, stderr io.Writer) int {
	fs := newFlags(atlasUsage, atlasSynopsis, stdout)
	maxCells := fs.Int("max-cells", 0, fmt.Sprintf("largest board, in cells (1..%d; required)", tt.MaxCells))
	only := fs.String("strategies", "", "comma-separated strategy names (default: all registered)")
	geoFlag := fs.String("geometry", "cylinder", "cylinder, flat or torus")
	out := fs.String("out", "atlas", "directory for atlas.csv and atlas.md")
	each := fs.Duration("time-limit-each", time.Minute, "time limit of each run (0: none); a run that hits it is inconclusive")
	choicesFlag := fs.String("choices", "every", "choice semantics: every, some or first")
	jobs := fs.Int("jobs", 1, "workers per run")
	resume := fs.Bool("resume", false, "keep the runs already in DIR/atlas.csv and do only the others")
	noProgress := fs.Bool("no-progress", false, "no progress bar (it is shown only when standard error is a terminal)")
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	usageErr := func(err error) int { return fail(stderr, "atlas", exitUsage, err) }
	if *maxCells < 1 || *maxCells > tt.MaxCells {
		return usageErr(fmt.Errorf("--max-cells must be between 1 and %d, got %d", tt.MaxCells, *maxCells))
	}
	geo, err := board.ParseGeometry(*geoFlag)
	if err != nil {
		return usageErr(err)
	}
	choices, err := verify.ParseChoices(*choicesFlag)
	if err != nil {
		return usageErr(err)
	}
	if *each < 0 {
		return usageErr(fmt.Errorf("--time-limit-each must not be negative"))
	}
	infos, err := atlasStrategies(*only)
	if err != nil {
		return usageErr(err)
	}
	jobsList := atlasJobs(*maxCells, geo, infos)

	if err := os.MkdirAll(*out, 0o755); err != nil {
		return usageErr(fmt.Errorf("--out: %w", err))
	}
	csvPath := filepath.Join(*out, "atlas.csv")
	var rows []atlasRow
	if *resume {
		if rows, err = readAtlasCSV(csvPath); err != nil {
			return usageErr(err)
		}
	}
	done := map[string]bool{}
	for _, r := range rows {
		done[r.key()] = true
	}
	csvFile, err := openAtlasCSV(csvPath, *resume && len(rows) > 0)
	if err != nil {
		return usageErr(err)
	}
	cw := csv.NewWriter(csvFile)
	if !(*resume && len(rows) > 0) {
		_ = cw.Write(atlasHeader)
		cw.Flush()
	}

	var todo []atlasJob
	for _, j := range jobsList {
		if !done[atlasKey(j, choices)] {
			todo = append(todo, j)
		}
	}
	fmt.Fprintf(stdout, "atlas: %d runs on %s boards of at most %d cells (%d already in %s)\n",
		len(todo), geo, *maxCells, len(jobsList)-len(todo), csvPath)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var bar *progressbar.ProgressBar
	if !*noProgress && atlasIsTerminal(stderr) && len(todo) > 0 {
		bar = progressbar.NewOptions(len(todo),
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetWidth(24),
			progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	interrupted := false
	for _, j := range todo {
		var progress func(verify.Progress)
		if bar != nil {
			desc := fmt.Sprintf("%dx%d %s, %s starts", j.b.M, j.b.N, j.info.Name, j.starter)
			bar.Describe(desc)
			progress = func(p verify.Progress) {
				bar.Describe(fmt.Sprintf("%s: layer %d/%d, %s positions", desc, p.Layer, p.MaxLayer, atlasThousands(p.Positions)))
			}
		}
		row, err := atlasRun(ctx, j, choices, *each, *jobs, progress)
		if ctx.Err() != nil {
			interrupted = true // the run was cut short by the user: leave it for --resume
			break
		}
		if err != nil {
			row.Verdict, row.Detail = "error", err.Error()
		}
		if bar != nil {
			_ = bar.Clear()
		}
		fmt.Fprintf(stdout, "%-6s %-13s %-4s starts: %s\n", fmt.Sprintf("%dx%d", row.M, row.N), row.Strategy, row.Starter, atlasOutcome(row))
		if err := cw.Write(row.record()); err != nil {
			return fail(stderr, "atlas", exitUsage, fmt.Errorf("%s: %w", csvPath, err))
		}
		cw.Flush()
		if err := cw.Error(); err != nil {
			return fail(stderr, "atlas", exitUsage, fmt.Errorf("%s: %w", csvPath, err))
		}
		rows = append(rows, row)
		if bar != nil {
			_ = bar.Add(1)
		}
	}
	if bar != nil {
		_ = bar.Finish()
	}
	if err := csvFile.Close(); err != nil {
		return fail(stderr, "atlas", exitUsage, fmt.Errorf("%s: %w", csvPath, err))
	}
	mdPath := filepath.Join(*out, "atlas.md")
	md := atlasMarkdown(rows, geo, *maxCells, choices.String())
	if err := os.WriteFile(mdPath, []byte(md), 0o644); err != nil {
		return fail(stderr, "atlas", exitUsage, fmt.Errorf("%s: %w", mdPath, err))
	}
	fmt.Fprintf(stdout, "atlas: wrote %s and %s\n", csvPath, mdPath)
	if interrupted {
		fmt.Fprintln(stderr, "hexproof atlas: interrupted; run again with --resume to finish")
		return exitInconclusive
	}
	return 0
}

func atlasIsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// atlasStrategies is the registry, or the named part of it.
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
		if name == "" || seen[name] {
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

// atlasJobs lists the runs: boards by size (cells, then columns), then
// strategy name, then Red starting before Blue, so small boards come first.
func atlasJobs(maxCells int, geo board.Geometry, infos []strategies.Info) []atlasJob {
	type size struct{ m, n int }
	var sizes []size
	for m := 1; m <= maxCells; m++ {
		for n := 1; m*n <= maxCells; n++ {
			sizes = append(sizes, size{m, n})
		}
	}
	sort.Slice(sizes, func(a, b int) bool {
		ca, cb := sizes[a].m*sizes[a].n, sizes[b].m*sizes[b].n
		if ca != cb {
			return ca < cb
		}
		return sizes[a].m < sizes[b].m
	})
	var out []atlasJob
	for _, s := range sizes {
		b, err := board.New(s.m, s.n, geo)
		if err != nil {
			continue
		}
		for _, info := range infos {
			if info.Applies(s.m, s.n, geo) != nil {
				continue
			}
			for _, st := range []board.Color{board.Red, board.Blue} {
				out = append(out, atlasJob{b: b, info: info, starter: st})
			}
		}
	}
	return out
}

func atlasKey(j atlasJob, c verify.Choices) string {
	return atlasRow{M: j.b.M, N: j.b.N, Geo: j.b.Geo.String(), Strategy: j.info.Name, Starter: j.starter.String(), Choices: c.String()}.key()
}

// atlasRun verifies one strategy on one board for one starter, in memory.
func atlasRun(ctx context.Context, j atlasJob, c verify.Choices, limit time.Duration, jobs int, progress func(verify.Progress)) (atlasRow, error) {
	row := atlasRow{M: j.b.M, N: j.b.N, Geo: j.b.Geo.String(), Strategy: j.info.Name, Side: j.info.Side.String(),
		Starter: j.starter.String(), Choices: c.String()}
	s, err := j.info.Build(j.b)
	if err != nil {
		return row, fmt.Errorf("building the strategy: %v", err)
	}
	res, err := verify.Run(ctx, verify.Options{Strategy: s, Name: j.info.Name, Starter: j.starter, Choices: c,
		Jobs: jobs, TimeLimit: limit, Progress: progress})
	if err != nil {
		return row, err
	}
	row.Verdict = string(res.Verdict)
	row.Positions, row.Longest, row.Elapsed = res.Positions, res.LongestGame, res.Elapsed.Seconds()
	row.Detail = res.Detail
	if res.Counterexample != nil {
		row.Plies = len(res.Counterexample.Moves)
	}
	return row, nil
}

func atlasOutcome(r atlasRow) string {
	s := r.Verdict
	if r.Plies > 0 {
		s += fmt.Sprintf(" (%d plies)", r.Plies)
	}
	s += fmt.Sprintf(", %s positions, %.2fs", atlasThousands(r.Positions), r.Elapsed)
	if r.Verdict != string(verify.Optimal) && r.Verdict != string(verify.Refuted) && r.Detail != "" {
		s += ": " + r.Detail
	}
	return s
}

func atlasThousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for k := range len(s) {
		if k > 0 && (len(s)-k)%3 == 0 && s[k-1] != '-' {
			b.WriteByte(',')
		}
		b.WriteByte(s[k])
	}
	return b.String()
}

func readAtlasCSV(path string) ([]atlasRow, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("--resume: %w", err)
	}
	defer f.Close()
	cr := csv.NewReader(f)
	cr.FieldsPerRecord = -1
	recs, err := cr.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("--resume: %s: %w", path, err)
	}
	if len(recs) == 0 {
		return nil, nil
	}
	if strings.Join(recs[0], ",") != strings.Join(atlasHeader, ",") {
		return nil, fmt.Errorf("--resume: %s is not an atlas table (its header differs); choose another --out", path)
	}
	var rows []atlasRow
	for k, rec := range recs[1:] {
		r, err := parseAtlasRecord(rec)
		if err != nil {
			return nil, fmt.Errorf("--resume: %s line %d: %v", path, k+2, err)
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// openAtlasCSV appends to the table when resuming one, else starts it afresh.
func openAtlasCSV(path string, appendTo bool) (*os.File, error) {
	flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
	if appendTo {
		flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if err != nil {
		return nil, fmt.Errorf("--out: %w", err)
	}
	return f, nil
}

// atlasMark is a run's verdict in one or two characters for the grid.
func atlasMark(r atlasRow) string {
	switch r.Verdict {
	case string(verify.Optimal):
		return "✓"
	case string(verify.Refuted):
		return fmt.Sprintf("✗%d", r.Plies)
	case string(verify.Inconclusive):
		return "?"
	}
	return "!"
}

// atlasMarkdown writes Table B.1 recomputed (columns m, rows n, each cell the
// strategies run there with their verdicts for Red / Blue starting) and then
// every run in detail.
func atlasMarkdown(rows []atlasRow, geo board.Geometry, maxCells int, choices string) string {
	type cellKey struct{ m, n int }
	type pair struct{ red, blue string }
	grid := map[cellKey]map[string]*pair{}
	maxM, maxN := 0, 0
	var mine []atlasRow
	for _, r := range rows {
		if r.Geo != geo.String() || r.Choices != choices || r.M*r.N > maxCells {
			continue
		}
		mine = append(mine, r)
		k := cellKey{r.M, r.N}
		if grid[k] == nil {
			grid[k] = map[string]*pair{}
		}
		p := grid[k][r.Strategy]
		if p == nil {
			p = &pair{"·", "·"}
			grid[k][r.Strategy] = p
		}
		if r.Starter == "red" {
			p.red = atlasMark(r)
		} else {
			p.blue = atlasMark(r)
		}
		maxM, maxN = max(maxM, r.M), max(maxN, r.N)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "# Atlas: %s boards of at most %d cells, choices %s\n\n", geo, maxCells, choices)
	sb.WriteString("The thesis's Table B.1 recomputed by exhaustive search: for each m×n board, each\n" +
		"strategy that applies, with its verdict when Red starts / when Blue starts.\n" +
		"✓ optimal, ✗k refuted by a shortest lost game of k plies, ? inconclusive (a\n" +
		"budget ran out), ! strategy error or failed run, · not run.\n\n")
	if len(mine) == 0 {
		sb.WriteString("(no runs)\n")
		return sb.String()
	}
	sb.WriteString("| |")
	for m := 1; m <= maxM; m++ {
		fmt.Fprintf(&sb, " m = %d |", m)
	}
	sb.WriteString("\n|---|")
	for m := 1; m <= maxM; m++ {
		sb.WriteString("---|")
	}
	sb.WriteString("\n")
	for n := 1; n <= maxN; n++ {
		fmt.Fprintf(&sb, "| **n = %d** |", n)
		for m := 1; m <= maxM; m++ {
			cell := grid[cellKey{m, n}]
			if len(cell) == 0 {
				if m*n <= maxCells {
					sb.WriteString(" — |")
				} else {
					sb.WriteString(" |")
				}
				continue
			}
			names := make([]string, 0, len(cell))
			for name := range cell {
				names = append(names, name)
			}
			sort.Strings(names)
			parts := make([]string, len(names))
			for k, name := range names {
				parts[k] = fmt.Sprintf("%s %s/%s", name, cell[name].red, cell[name].blue)
			}
			fmt.Fprintf(&sb, " %s |", strings.Join(parts, "<br>"))
		}
		sb.WriteString("\n")
	}
	sb.WriteString("\n— no registered strategy applies; empty: more than the cell limit.\n")
	if geo == board.Cylinder {
		sb.WriteString(atlasCompareB1(mine))
	}
	sb.WriteString("\n## Runs\n\n")
	sb.WriteString("| board | strategy | side | starter | verdict | plies | positions | longest game | seconds | detail |\n")
	sb.WriteString("|---|---|---|---|---|--:|--:|--:|--:|---|\n")
	sort.SliceStable(mine, func(a, b int) bool {
		ra, rb := mine[a], mine[b]
		if ra.M*ra.N != rb.M*rb.N {
			return ra.M*ra.N < rb.M*rb.N
		}
		if ra.M != rb.M {
			return ra.M < rb.M
		}
		if ra.Strategy != rb.Strategy {
			return ra.Strategy < rb.Strategy
		}
		return ra.Starter > rb.Starter // red before blue
	})
	esc := strings.NewReplacer("|", `\|`, "\n", " ")
	for _, r := range mine {
		plies := ""
		if r.Plies > 0 {
			plies = strconv.Itoa(r.Plies)
		}
		fmt.Fprintf(&sb, "| %dx%d | %s | %s | %s | %s | %s | %s | %d | %.3f | %s |\n", r.M, r.N, r.Strategy, r.Side,
			r.Starter, r.Verdict, plies, atlasThousands(r.Positions), r.Longest, r.Elapsed, esc.Replace(r.Detail))
	}
	return sb.String()
}
