package atlas

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
)

// A Source lists the runs it has for one board (none when nothing of it
// applies there). See the package documentation for adding one.
type Source interface {
	Jobs(b *board.Board) []Job
}

// A Job is one run of the atlas, giving one Row.
type Job interface {
	// Key is the key of the row the job gives (Row.Key), known before it runs.
	Key() string
	// Label names the run for progress lines, e.g. "5x4 gardner, red starts".
	Label() string
	// Run does the run. With an error, the row still names the run.
	Run(ctx context.Context, o Options) (Row, error)
}

// Options are the budget and reporting of a run; they do not change what a
// finished run answers.
type Options struct {
	TimeLimit time.Duration // of each run; 0: none (a run that hits it is inconclusive)
	Jobs      int           // workers per run
	// NoKnowledge solves without the Hex knowledge (solve.Options).
	NoKnowledge bool
	Progress    func(verify.Progress)
}

// Plan lists the runs of every source on every board of at most maxCells
// cells: boards by size (cells, then columns), then in the order of the
// sources and of their jobs, so small boards come first.
func Plan(maxCells int, geo board.Geometry, sources ...Source) []Job {
	type size struct{ m, n int }
	var sizes []size
	for m := 1; m <= maxCells; m++ {
		for n := 1; m*n <= maxCells; n++ {
			sizes = append(sizes, size{m, n})
		}
	}
	slices.SortFunc(sizes, func(a, b size) int {
		return cmp.Or(cmp.Compare(a.m*a.n, b.m*b.n), cmp.Compare(a.m, b.m))
	})
	var out []Job
	for _, s := range sizes {
		b, err := board.New(s.m, s.n, geo)
		if err != nil {
			continue // a size the board package does not support (e.g. too many cells)
		}
		for _, src := range sources {
			out = append(out, src.Jobs(b)...)
		}
	}
	return out
}

// Pending is the jobs whose rows are not among done.
func Pending(jobs []Job, done []Row) []Job {
	have := make(map[string]bool, len(done))
	for _, r := range done {
		have[r.Key()] = true
	}
	var out []Job
	for _, j := range jobs {
		if !have[j.Key()] {
			out = append(out, j)
		}
	}
	return out
}

// Do runs a job and returns its row; a failed run becomes a row with verdict
// "error" and the error as its detail, so that the table records it.
func Do(ctx context.Context, j Job, o Options) Row {
	row, err := j.Run(ctx, o)
	if err != nil {
		row.Verdict, row.Detail = "error", err.Error()
	}
	return row
}

// StrategySource verifies each of its strategies, where it applies, for Red
// starting and then for Blue, under one choice semantics.
type StrategySource struct {
	Infos   []strategies.Info
	Choices verify.Choices
}

// Jobs implements Source.
func (s StrategySource) Jobs(b *board.Board) []Job {
	var out []Job
	for _, info := range s.Infos {
		if info.Applies(b.M, b.N, b.Geo) != nil {
			continue
		}
		for _, st := range []board.Color{board.Red, board.Blue} {
			out = append(out, strategyJob{b: b, info: info, starter: st, choices: s.Choices})
		}
	}
	return out
}

// strategyJob verifies one strategy on one board for one starter, in memory.
type strategyJob struct {
	b       *board.Board
	info    strategies.Info
	starter board.Color
	choices verify.Choices
}

// row is the job's row before the run: what identifies it.
func (j strategyJob) row() Row {
	return Row{M: j.b.M, N: j.b.N, Geo: j.b.Geo.String(), Strategy: j.info.Name, Side: j.info.Side.String(),
		Starter: j.starter.String(), Choices: j.choices.String()}
}

func (j strategyJob) Key() string { return j.row().Key() }

func (j strategyJob) Label() string {
	return fmt.Sprintf("%dx%d %s, %s starts", j.b.M, j.b.N, j.info.Name, j.starter)
}

func (j strategyJob) Run(ctx context.Context, o Options) (Row, error) {
	row := j.row()
	s, err := j.info.Build(j.b)
	if err != nil {
		return row, fmt.Errorf("building the strategy: %w", err)
	}
	res, err := verify.Run(ctx, verify.Options{Strategy: s, Name: j.info.Name, Starter: j.starter, Choices: j.choices,
		Jobs: o.Jobs, TimeLimit: o.TimeLimit, Progress: o.Progress})
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
