package solve

import (
	"context"
	"errors"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
)

// Oracle answers verify's perfect-play questions (verify.PerfectPlay, for
// `verify --choices some --prune-lost`) with a Solver: each Winner question
// may spend at most Budget expansions (0: no bound but the context), and
// says "not known" when they run out rather than guess. The solver's tables
// persist across questions, so a position met again is answered from them.
// Questions are asked in the search's order, which does not depend on
// --jobs (a `some` search is single-threaded), so the answers, budget
// included, are the same on every run.
type Oracle struct {
	S      *Solver
	Budget int64
}

var _ verify.PerfectPlay = (*Oracle)(nil)

// Winner implements verify.PerfectPlay.
func (o *Oracle) Winner(p board.Position, toMove board.Color) (board.Color, bool, error) {
	saved := o.S.opt.MaxNodes
	defer o.S.setMaxNodes(saved)
	o.S.budget(o.Budget)
	w, err := o.S.Winner(p, toMove)
	switch {
	case errors.Is(err, ErrStopped) && o.S.ctx.Err() == nil:
		return board.Empty, false, nil // the budget ran out: not known
	case err != nil:
		return board.Empty, false, err
	}
	return w, true, nil
}

// WinningMove implements verify.PerfectPlay: FindWin with no budget.
func (o *Oracle) WinningMove(p board.Position, mover board.Color) (board.Cell, error) {
	c, err := o.S.FindWin(p, mover, 0)
	if err == nil && c == board.NoCell {
		return c, errors.New("solve: the position is not won by " + mover.String())
	}
	return c, err
}

// perfectPlayTable is the table of each solver a strategy asks
// (strategies.RegisterPerfectPlay): positions of boards of at most 40 cells
// solve in a few thousand expansions with the knowledge, and the table
// starts small and grows only as far as this.
const perfectPlayTable = 32 << 20

func init() {
	strategies.RegisterPerfectPlay(func(b *board.Board) (strategies.PerfectPlay, error) {
		return NewSolver(context.Background(), b, Options{TableBytes: perfectPlayTable})
	})
}
