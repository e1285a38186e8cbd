package solve

import (
	"context"
	"fmt"

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
func (s *Solver) Blunder(g board.Game, side board.Color) (*Blunder, error) {
	if g.Board == nil || g.Board.M != s.B.M || g.Board.N != s.B.N || g.Board.Geo != s.B.Geo {
		return nil, fmt.Errorf("the game is not on the solver's %s board", s.B)
	}
	var p board.Position
	won := false // side had a won position before one of its moves
	for k, m := range g.Moves {
		if p.Occupied().Has(m.Cell) || !g.Board.Valid(m.Cell) {
			return nil, fmt.Errorf("move %d: cell %d is not an empty cell of the board", k+1, m.Cell)
		}
		if m.Player == side {
			if err := s.check(p); err != nil {
				return nil, fmt.Errorf("move %d: %v", k+1, err)
			}
			win, err := s.Wins(p, side, side)
			if err != nil {
				return nil, err
			}
			if win {
				won = true
				keeps, err := s.MoveWins(p, side, m.Cell)
				if err != nil {
					return nil, err
				}
				if !keeps {
					bl := &Blunder{Found: true, Index: k, Move: m, Before: p}
					bl.Kept, err = s.WinningMoves(p, side)
					return bl, err
				}
			}
		}
		p = p.Play(m.Player, m.Cell)
		if g.Board.Wins(p, m.Player) {
			break
		}
	}
	switch {
	case g.Board.Wins(p, side):
		return &Blunder{Reason: fmt.Sprintf("%s won the game", side)}, nil
	case !won:
		return &Blunder{Reason: fmt.Sprintf("%s never had a won position at its turn: the game was lost with perfect play before its first move", side)}, nil
	}
	return &Blunder{Reason: fmt.Sprintf("every move of %s kept a won position won (the game did not end in a loss)", side)}, nil
}
