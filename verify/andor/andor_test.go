package andor

import (
	"context"
	"errors"
	"testing"

	"hexproof/board"
	"hexproof/tt"
)

// ladder is a game of depth plies in which each player has two moves that
// lead to the same next position (a transposition at every ply), and the
// last move wins for Red. A transposition counted twice doubles the AND
// nodes' proof numbers at every Blue ply, so the numbers grow as 2^(plies/2):
// the worst case of the overcounting that saturated 32-bit numbers on 2x12.
type ladder struct{ plies int }

func (l ladder) Mover(d int) board.Color {
	if d%2 == 0 {
		return board.Red
	}
	return board.Blue
}

func (l ladder) Key(d int) (Key, bool) { return Key{Key: tt.Key{Red: uint64(d)}}, true }

func (l ladder) Expand(d int, out []Child[int]) ([]Child[int], error) {
	o := Going
	if d+1 == l.plies {
		o = Won
		if l.Mover(d) != board.Red {
			o = Drawn // Blue's last move: the game ends drawn (a loss for Red)
		}
	}
	return append(out, Child[int]{Cell: 0, S: d + 1, O: o}, Child[int]{Cell: 1, S: d + 1, O: o}), nil
}

func (l ladder) Threats(int) (board.Bits, bool) { return board.Bits{}, false }

// TestSaturatedNumbersAreNotADisproof: Red wins every ladder. Short ones
// are proven. On one long enough for the proof numbers to reach the
// saturation bound (lowered here from 2^62 so that it happens on a small
// problem: the overcounting doubles the numbers every two plies), Prove says
// it is undecided — never that Red does not win, which is what the 32-bit
// search answered on the 2×12 cylinder.
func TestSaturatedNumbersAreNotADisproof(t *testing.T) {
	for _, c := range []struct {
		plies int
		bound uint64
		want  error
	}{
		{5, inf, nil}, {11, inf, nil}, {21, inf, nil},
		{11, 1 << 12, nil}, // numbers up to about 2^6: far below the bound
		{41, 1 << 12, ErrUndecided}, {61, 1 << 12, ErrUndecided},
	} {
		saved := inf
		inf = c.bound
		s := New[int](ladder{c.plies}, board.Red, false, context.Background(), 1<<20)
		win, err := s.Prove(0, 0, c.plies)
		inf = saved
		switch {
		case !errors.Is(err, c.want):
			t.Errorf("%d plies, bound %d: error %v, want %v", c.plies, c.bound, err, c.want)
		case err == nil && !win:
			t.Errorf("%d plies, bound %d: Red does not win, but it does", c.plies, c.bound)
		}
	}
}
