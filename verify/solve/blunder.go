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
// the move), and only then about the position before it. The earliest move
// found is the answer: every side move was asked, so it is exact. A position
// the solver cannot finish stops the walk: with ErrStopped if no blunder was
// found yet, else with the blunder found and Unchecked set to the number of
// earlier moves left unsettled.
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
	first, won, unchecked := -1, false, 0
	for i := len(turns) - 1; i >= 0; i-- {
		t := turns[i]
		keeps, err := s.MoveWins(t.before, side, g.Moves[t.k].Cell)
		var win bool
		if err == nil && !keeps {
			win, err = s.Wins(t.before, side, side)
		}
		if errors.Is(err, ErrStopped) && first >= 0 {
			// Moves 0…i stay unsettled: the blunder found is the first
			// after them, which is still worth reporting.
			unchecked = i + 1
			break
		}
		if err != nil {
			return nil, err
		}
		if keeps {
			won = true // the position before a winning move is won
			continue
		}
		if win {
			first, won = i, true
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
	bl := &Blunder{Found: true, Index: t.k, Move: g.Moves[t.k], Before: t.before, Unchecked: unchecked}
	if unchecked > 0 {
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
