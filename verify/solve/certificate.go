package solve

import (
	"fmt"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
)

// Certificate builds the winner's strategy from the empty board with the
// given starter as data: one answer for every position the winner can meet
// when it follows the answers and the opponent plays anything (a proof tree,
// shared where positions transpose). It fails if winner does not win.
//
// At its turns the winner plays an immediately winning cell if there is
// one, else the first cell in cell order that keeps the win (asked of the
// solver, whose table makes the later questions cheap); at the opponent's
// turns every empty cell is followed.
func (s *Solver) Certificate(starter, winner board.Color) (*strategies.Certificate, error) {
	var p board.Position
	if win, err := s.Wins(p, starter, winner); err != nil {
		return nil, err
	} else if !win {
		return nil, fmt.Errorf("%s does not win the %s board with %s starting", winner, s.B, starter)
	}
	answers := map[board.Position]board.Cell{}
	seen := map[board.Position]bool{}
	var walk func(p board.Position, mover board.Color) error
	walk = func(p board.Position, mover board.Color) error {
		if seen[p] {
			return nil
		}
		seen[p] = true
		empty := s.B.All().AndNot(p.Occupied())
		if mover != winner {
			for bs := empty; bs.Any(); {
				q, o := s.g.r.Place(p, mover, bs.Pop())
				if o != verify.Going {
					return fmt.Errorf("solve: certificate: the opponent's move ends a won game (a bug)")
				}
				if err := walk(q, winner); err != nil {
					return err
				}
			}
			return nil
		}
		move := board.NoCell
		for bs := empty; bs.Any() && move == board.NoCell; {
			if c := bs.Pop(); func() bool { _, o := s.g.r.Place(p, mover, c); return o == verify.Won }() {
				move = c
			}
		}
		for bs := empty; bs.Any() && move == board.NoCell; {
			c := bs.Pop()
			w, err := s.MoveWins(p, mover, c)
			if err != nil {
				return err
			}
			if w {
				move = c
			}
		}
		if move == board.NoCell {
			return fmt.Errorf("solve: certificate: no move keeps a won position won (a bug)")
		}
		answers[p] = move
		q, o := s.g.r.Place(p, mover, move)
		if o == verify.Going {
			return walk(q, mover.Other())
		}
		return nil
	}
	if err := walk(p, starter); err != nil {
		return nil, err
	}
	return strategies.NewCertificate(s.B, winner, starter, answers), nil
}
