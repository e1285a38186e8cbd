package solve

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hexproof/board"
	"hexproof/verify"
)

// Blunder is verify.Blunder: the data lives beside the results it annotates.
type Blunder = verify.Blunder

// The walk's passes (Solver.Blunder): the first pass's budget of expansions
// per question, and how many passes at most (the last without a budget).
// Variables so that a test can make the first passes small.
var (
	blunderBudget int64 = 20_000
	blunderPasses       = 5
)

// FindBlunder walks the game and returns the first move of side after which
// side no longer wins although it did before. It asks one solver (and its
// tables) for every position, so later positions are cheap; early positions
// of large boards may not be solvable in time, and then it returns
// ErrStopped (bound it with the context or opt.MaxNodes).
func FindBlunder(ctx context.Context, g board.Game, side board.Color, opt Options) (*Blunder, error) {
	s, err := NewSolver(ctx, g.Board, opt)
	if err != nil {
		return nil, err
	}
	return s.Blunder(g, side)
}

// Blunder is FindBlunder with this solver, for several games on its board:
// each game reuses what the earlier ones proved (the tables hold only proven
// values, so a search that was stopped leaves nothing wrong behind).
//
// The blunder is the first move of side played from a position side wins
// (side to move) into one it does not win. Side's move i is one exactly when
// the position before it is won and the one after it is not. The walk asks
// this of every side move, from the last back to the first, because late
// positions are small and the solver's table carries what they proved to the
// earlier ones; of each move it asks first whether the position after it is
// won (one stone further on, usually the cheaper question, and a yes settles
// the move), and only then about the position before it. The earliest
// blunder is the answer once every move before it is settled; the moves after
// it need not be. The walk goes in passes of growing budgets (below), so a
// position it cannot finish does not keep the earlier ones from being asked.
// When the context ends the walk: ErrStopped if no blunder was found, else
// the earliest one found, with Unchecked set to the number of earlier moves
// left unsettled.
func (s *Solver) Blunder(g board.Game, side board.Color) (*Blunder, error) {
	if g.Board == nil || g.Board.M != s.B.M || g.Board.N != s.B.N || g.Board.Geo != s.B.Geo {
		return nil, fmt.Errorf("the game is not on the solver's %s board", s.B)
	}
	// The positions before each of side's moves, until the game ends.
	type turn struct {
		k      int
		before board.Position
	}
	var turns []turn
	var p board.Position
	for k, m := range g.Moves {
		if p.Occupied().Has(m.Cell) || !g.Board.Valid(m.Cell) {
			return nil, fmt.Errorf("move %d: cell %d is not an empty cell of the board", k+1, m.Cell)
		}
		if m.Player == side {
			if err := s.check(p); err != nil {
				return nil, fmt.Errorf("move %d: %w", k+1, err)
			}
			turns = append(turns, turn{k, p})
		}
		p = p.Play(m.Player, m.Cell)
		if g.Board.Wins(p, m.Player) {
			break
		}
	}
	// Each side move is one of: not settled yet, keeps (the position after
	// it is won, so the one before is too), blunder (before won, after
	// not), or lost (before not won).
	const (
		open = iota
		keeps
		blunder
		lost
	)
	state := make([]int, len(turns))
	// settled reports the earliest blunder when every move before it is
	// settled, which is the answer whatever the later moves are.
	settled := func() bool {
		for _, st := range state {
			switch st {
			case open:
				return false
			case blunder:
				return true
			}
		}
		return true
	}
	// The walk runs in passes, each over the moves still open from the
	// last back to the first, each question bounded by a budget of
	// expansions that grows fourfold from pass to pass, the last pass
	// without one (bounded only by the context). A late position that
	// needs more than its share no longer stops the earlier ones from being
	// asked, and what a pass proves stays in the tables for the next. With
	// opt.MaxNodes (a bound on the whole walk) there is one pass, as that
	// bound alone says.
	bounded := s.opt.MaxNodes > 0
	budgets := []int64{0}
	if !bounded {
		budgets = nil
		for b := blunderBudget; len(budgets) < blunderPasses-1; b *= 4 {
			budgets = append(budgets, b)
		}
		budgets = append(budgets, 0)
	}
walk:
	for _, b := range budgets {
		for i := len(turns) - 1; i >= 0; i-- {
			if state[i] != open {
				continue
			}
			if !bounded {
				s.budget(b)
			}
			t := turns[i]
			keep, err := s.MoveWins(t.before, side, g.Moves[t.k].Cell)
			var win bool
			if err == nil && !keep {
				if !bounded {
					s.budget(b)
				}
				win, err = s.Wins(t.before, side, side)
			}
			switch {
			case errors.Is(err, ErrStopped) && s.ctx.Err() == nil && b > 0:
				continue // over this pass's budget: the next pass asks again
			case errors.Is(err, ErrStopped):
				break walk // the context, or the caller's bound, ended the walk
			case err != nil:
				return nil, err
			case keep:
				state[i] = keeps
			case win:
				state[i] = blunder
			default:
				state[i] = lost
			}
		}
		if settled() {
			break
		}
	}
	if !bounded {
		s.setMaxNodes(0)
	}
	first, won, unchecked := -1, false, 0
	var openAt []int
	for i, st := range state {
		if st == blunder {
			first, won = i, true
			break
		}
	}
	for i, st := range state {
		switch {
		case first >= 0 && i >= first:
		case st == open:
			if first < 0 {
				// No blunder found: the walk was stopped before it could
				// say (earlier, it stopped at the first open move).
				return nil, ErrStopped
			}
			unchecked++
			openAt = append(openAt, turns[i].k)
		case st == keeps:
			won = true
		}
	}
	switch {
	case first >= 0:
	case g.Board.Wins(p, side):
		return &Blunder{Reason: fmt.Sprintf("%s won the game", side)}, nil
	case !won:
		return &Blunder{Reason: fmt.Sprintf("%s never had a won position at its turn: the game was lost with perfect play before its first move", side)}, nil
	default:
		return &Blunder{Reason: fmt.Sprintf("every move of %s kept a won position won (the game did not end in a loss)", side)}, nil
	}
	t := turns[first]
	bl := &Blunder{Found: true, Index: t.k, Move: g.Moves[t.k], Before: t.before, Unchecked: unchecked, UncheckedAt: openAt}
	if unchecked > 0 || s.ctx.Err() != nil {
		// The context that stopped the walk would stop this too. The
		// position is solved already, so its other moves are usually quick
		// to refute; they get two minutes of their own.
		saved, budget := s.ctx, s.opt.MaxNodes
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		s.SetContext(ctx)
		s.setMaxNodes(0)
		defer func() { s.SetContext(saved); s.setMaxNodes(budget) }()
	}
	var err error
	bl.Kept, err = s.WinningMoves(t.before, side)
	return bl, err
}
