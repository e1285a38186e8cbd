package solve

import (
	"errors"

	"hexproof/board"
	"hexproof/verify/game"
)

// FindWin looks for one move of mover in p (a position nobody has won, not
// full) that keeps mover's forced win, spending at most budget expansions
// on each question it asks (0: no bound but the context). It returns the
// move; board.NoCell with a nil error when mover does not win p; and
// ErrStopped when the budget ran out (or the context ended) first, so that
// nothing is known: it never guesses. The budget is for the whole call (its
// questions together), kept to within 16 expansions a question.
//
// It is for players that follow perfect play where they can afford it (the
// guided games of `hexproof hunt --guide`). Every move it returns was proved
// winning: an immediate win, a child whose win the table already holds
// (the proof of p put it there), or one proved by its own question.
// Candidates are tried in the certificate walk's order (tryOrder), so that
// the knowledge's keys come before the rest.
func (s *Solver) FindWin(p board.Position, mover board.Color, budget int64) (board.Cell, error) {
	if err := s.check(p); err != nil {
		return board.NoCell, err
	}
	saved := s.opt.MaxNodes
	defer s.setMaxNodes(saved)
	start := s.Nodes()
	// left sets the next question's budget to what the call has left; false
	// when nothing is left.
	left := func() bool {
		if budget <= 0 {
			s.budget(0)
			return true
		}
		n := budget - (s.Nodes() - start)
		s.budget(n)
		return n > 0
	}
	left()
	win, err := s.Wins(p, mover, mover)
	if err != nil || !win {
		return board.NoCell, err
	}
	other := mover.Other()
	cells := s.tryOrder(p, mover, s.B.All().AndNot(p.Occupied()))
	for _, c := range cells {
		q, o := s.g.r.Place(p, mover, c)
		if o == game.Won || o == game.Going && s.known(q, other, mover) {
			return c, nil
		}
	}
	for _, c := range cells {
		if !left() {
			return board.NoCell, ErrStopped
		}
		w, err := s.MoveWins(p, mover, c)
		switch {
		case err != nil:
			return board.NoCell, err
		case w:
			return c, nil
		}
	}
	// Unreachable when the search is sound: p is won, so one of its moves
	// keeps the win, and every move was asked to the end (a question that
	// ran out of budget returned ErrStopped above).
	return board.NoCell, errors.New("solve: a won position without a winning move")
}

// budget makes the next question stop after n more expansions (0: none).
func (s *Solver) budget(n int64) {
	if n <= 0 {
		s.setMaxNodes(0)
		return
	}
	s.opt.MaxNodes = n
	for _, xs := range s.by {
		for _, x := range xs {
			if x != nil {
				x.MaxNodes = x.Nodes + n
			}
		}
	}
}
