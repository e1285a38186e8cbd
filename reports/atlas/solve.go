package atlas

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hexproof/board"
	"hexproof/tt"
	"hexproof/verify"
	"hexproof/verify/solve"
)

// PerfectPlay is the Row.Strategy of SolveSource's rows.
const PerfectPlay = "perfect-play"

// Solved is the verdict of a PerfectPlay row whose winner is known but whose
// computed strategy was not built (the board has more cells than
// SolveSource.CertificateCells, or the game is a draw).
const Solved = "solved"

// SolveSource solves every board of at most MaxCells cells for each starter
// (verify/solve, perfect play: both sides may play any empty cell) and, on
// boards of at most CertificateCells cells, builds the winner's strategy as
// data (a compact certificate, the proof tree up to symmetry) and verifies it
// with verify, which knows nothing of the solver. The row's Side is the winner (the side the
// computed strategy plays), its Winner the same, its Verdict the certificate's
// verdict (optimal, unless something is wrong) or Solved. Its Choices are the
// atlas's (perfect play does not depend on them; the row then sits in that
// atlas's table).
type SolveSource struct {
	MaxCells, CertificateCells int
	Choices                    verify.Choices
}

// Jobs implements Source.
func (s SolveSource) Jobs(b *board.Board) []Job {
	if b.Cells() > min(s.MaxCells, tt.MaxCells) {
		return nil
	}
	return []Job{solveJob{s, b, board.Red}, solveJob{s, b, board.Blue}}
}

type solveJob struct {
	src     SolveSource
	b       *board.Board
	starter board.Color
}

func (j solveJob) row() Row {
	return Row{M: j.b.M, N: j.b.N, Geo: j.b.Geo.String(), Strategy: PerfectPlay, Starter: j.starter.String(), Choices: j.src.Choices.String()}
}

func (j solveJob) Key() string { return j.row().Key() }

func (j solveJob) Label() string {
	return fmt.Sprintf("%dx%d perfect play, %s starts", j.b.M, j.b.N, j.starter)
}

// Run solves the empty board, then builds and verifies the certificate; the
// time limit covers both. A solve that runs out of time is inconclusive with
// no winner; a verification that does, inconclusive with the winner known.
func (j solveJob) Run(ctx context.Context, o Options) (Row, error) {
	start := time.Now()
	row, err := j.run(ctx, o, start)
	row.Elapsed = time.Since(start).Seconds()
	return row, err
}

func (j solveJob) run(ctx context.Context, o Options, start time.Time) (Row, error) {
	row := j.row()
	sctx := ctx
	if o.TimeLimit > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, o.TimeLimit)
		defer cancel()
	}
	s, err := solve.NewSolver(sctx, j.b, solve.Options{NoKnowledge: o.NoKnowledge})
	if err != nil {
		return row, err
	}
	w, err := s.Winner(board.Position{}, j.starter)
	row.Positions = s.Nodes()
	if errors.Is(err, solve.ErrStopped) {
		row.Verdict = string(verify.Inconclusive)
		row.Detail = fmt.Sprintf("perfect play not solved within the time limit (%d positions)", row.Positions)
		return row, nil
	}
	if errors.Is(err, solve.ErrUndecided) {
		row.Verdict = string(verify.Inconclusive)
		row.Detail = fmt.Sprintf("perfect play not solved: the proof numbers saturated (%d positions)", row.Positions)
		return row, nil
	}
	if err != nil {
		return row, err
	}
	if w == board.Empty {
		row.Verdict, row.Winner, row.Detail = Solved, "draw", "a draw with perfect play: no computed strategy wins"
		return row, nil
	}
	row.Winner, row.Side = w.String(), w.String()
	if j.b.Cells() > j.src.CertificateCells {
		row.Verdict = Solved
		row.Detail = fmt.Sprintf("%s wins; no computed strategy (more than %d cells)", w, j.src.CertificateCells)
		return row, nil
	}
	cert, err := s.CompactCertificate(j.starter, w)
	if errors.Is(err, solve.ErrStopped) {
		row.Verdict = Solved
		row.Detail = fmt.Sprintf("%s wins; the computed strategy was not built within the time limit", w)
		return row, nil
	}
	if err != nil {
		return row, err
	}
	limit := time.Duration(0)
	if o.TimeLimit > 0 {
		if limit = o.TimeLimit - time.Since(start); limit <= 0 {
			limit = time.Nanosecond // spent: verify stops at once, inconclusive
		}
	}
	res, err := verify.Run(ctx, verify.Options{Strategy: cert, Name: "certificate", Starter: j.starter, Choices: verify.Every,
		Jobs: o.Jobs, TimeLimit: limit, Progress: o.Progress})
	if err != nil {
		return row, err
	}
	row.Verdict, row.Longest, row.Detail = string(res.Verdict), res.LongestGame, res.Detail
	if res.Counterexample != nil {
		row.Plies = len(res.Counterexample.Moves)
	}
	row.Positions += res.Positions
	what := fmt.Sprintf("%s wins; its computed strategy (%s)", w, count(cert.Len(), "answer"))
	switch {
	case res.Verdict == verify.Optimal:
		row.Detail = what + " verified optimal"
	case res.Verdict == verify.Inconclusive && row.Detail == "":
		row.Detail = what + " not verified within the time limit"
	default: // a wrong certificate: a bug of the solver, shown as found
		row.Detail = what + ": " + string(res.Verdict) + "; " + res.Detail
	}
	return row, nil
}

// count is "1 answer" or "n answers".
func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
