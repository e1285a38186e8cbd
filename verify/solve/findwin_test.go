package solve

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"hexproof/board"
)

// TestFindWinAgreesWithPlainMinimax: on every board of at most 12 cells
// (9 with -short), in positions of zero to four random stones with either
// player to move, FindWin returns a move the plain minimax calls winning
// exactly when there is one, without a budget and with one these boards
// never exhaust (TestFindWinBudget is where it bites).
func TestFindWinAgreesWithPlainMinimax(t *testing.T) {
	maxCells := 12
	if testing.Short() {
		maxCells = 9
	}
	rng := rand.New(rand.NewPCG(7, 11))
	asked := 0
	for _, b := range boards(maxCells) {
		ref := &plain{b: b, memo: map[node]board.Color{}}
		for _, budget := range []int64{0, 1 << 16} {
			s, err := NewSolver(context.Background(), b, Options{TableBytes: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			for range 12 {
				var p board.Position
				who := board.Red
				if rng.IntN(2) == 0 {
					who = board.Blue
				}
				for range rng.IntN(5) {
					empty := b.All().AndNot(p.Occupied()).Cells()
					q := p.Play(who, empty[rng.IntN(len(empty))])
					if b.Wins(q, who) || q.Occupied() == b.All() {
						break
					}
					p, who = q, who.Other()
				}
				want := ref.winningMoves(p, who)
				c, err := s.FindWin(p, who, budget)
				asked++
				switch {
				case err != nil:
					t.Fatalf("%s %v, %s to move, budget %d: %v", b, p, who, budget, err)
				case c == board.NoCell && len(want) > 0:
					t.Fatalf("%s %v, %s to move, budget %d: no win, plain minimax wins with %v", b, p, who, budget, want)
				case c != board.NoCell && !slices.Contains(want, c):
					t.Fatalf("%s %v, %s to move, budget %d: %d, plain minimax's winning moves %v", b, p, who, budget, c, want)
				}
			}
		}
	}
	t.Logf("%d questions", asked)
}

// TestFindWinBudget: on the 5×8 cylinder, where a position of a few stones
// takes more than the budget, FindWin with 64 expansions (on 5×7 the focused
// search, K11, answered all 15 questions within 64; on 5×8 it stops 11)
// either says
// ErrStopped or answers as an unbounded solver does: its move
// wins (MoveWins without a budget), and "no win" means the position is not
// won. Both outcomes must occur, or the test tested nothing.
func TestFindWinBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	b := board.MustNew(5, 8, board.Cylinder)
	s, err := NewSolver(context.Background(), b, Options{TableBytes: 1 << 22})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := NewSolver(context.Background(), b, Options{TableBytes: 1 << 24})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	stopped, answered := 0, 0
	for range 15 {
		var p board.Position
		who := board.Blue
		for range rng.IntN(6) {
			empty := b.All().AndNot(p.Occupied()).Cells()
			q := p.Play(who, empty[rng.IntN(len(empty))])
			if b.Wins(q, who) {
				break
			}
			p, who = q, who.Other()
		}
		c, err := s.FindWin(p, who, 64)
		switch {
		case errors.Is(err, ErrStopped):
			stopped++
			continue
		case err != nil:
			t.Fatal(err)
		}
		answered++
		if c == board.NoCell {
			if w, err := ref.Wins(p, who, who); err != nil || w {
				t.Fatalf("%v, %s to move: FindWin says no win; the unbounded solver: %v, %v", p, who, w, err)
			}
			continue
		}
		if w, err := ref.MoveWins(p, who, c); err != nil || !w {
			t.Fatalf("%v, %s to move: FindWin plays %d; the unbounded solver: wins %v, %v", p, who, c, w, err)
		}
	}
	t.Logf("%d answered, %d stopped", answered, stopped)
	if stopped == 0 || answered == 0 {
		t.Fatalf("%d answered, %d stopped: the budget never bit or always did", answered, stopped)
	}
}
