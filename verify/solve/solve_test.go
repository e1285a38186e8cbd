package solve

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"hexproof/board"
)

// plain is the reference: memoised minimax over raw positions with the full
// winner test (board.Wins), no symmetry, no pruning, no game step. It returns
// the winner with perfect play (Empty: a draw) from p with toMove to move.
type plain struct {
	b    *board.Board
	memo map[node]board.Color
}

type node struct {
	p      board.Position
	toMove board.Color
}

func (r *plain) value(p board.Position, toMove board.Color) board.Color {
	if v, ok := r.memo[node{p, toMove}]; ok {
		return v
	}
	other := toMove.Other()
	best := other // the worst for toMove, improved below
	sawDraw := false
	for _, c := range r.b.All().AndNot(p.Occupied()).Cells() {
		q := p.Play(toMove, c)
		var v board.Color
		switch {
		case r.b.Wins(q, toMove):
			v = toMove
		case q.Occupied() == r.b.All():
			v = board.Empty
		default:
			v = r.value(q, other)
		}
		if v == toMove {
			best = toMove
			break
		}
		if v == board.Empty {
			sawDraw = true
		}
	}
	if best != toMove && sawDraw {
		best = board.Empty
	}
	r.memo[node{p, toMove}] = best
	return best
}

// winningMoves by the reference.
func (r *plain) winningMoves(p board.Position, toMove board.Color) []board.Cell {
	var out []board.Cell
	for _, c := range r.b.All().AndNot(p.Occupied()).Cells() {
		q := p.Play(toMove, c)
		if r.b.Wins(q, toMove) || (q.Occupied() != r.b.All() && r.value(q, toMove.Other()) == toMove) {
			out = append(out, c)
		}
	}
	return out
}

func boards(maxCells int) []*board.Board {
	var out []*board.Board
	for _, g := range []board.Geometry{board.Cylinder, board.Flat, board.Torus} {
		for m := 1; m <= maxCells; m++ {
			for n := 1; m*n <= maxCells; n++ {
				out = append(out, board.MustNew(m, n, g))
			}
		}
	}
	return out
}

// TestSolveAgreesWithPlainMinimax: winner and winning moves from the empty
// board and from every position after one move, both starters, on every
// cylinder, flat board and torus of at most 12 cells (9 with -short), with
// and without symmetry, and with a table so small (1024 entries) that
// entries are replaced all the time (a lost entry must cost time only).
func TestSolveAgreesWithPlainMinimax(t *testing.T) {
	maxCells := 12
	if testing.Short() {
		maxCells = 9
	}
	compared := 0
	for _, b := range boards(maxCells) {
		ref := &plain{b: b, memo: map[node]board.Color{}}
		for _, v := range []struct {
			nosym bool
			table int64
		}{{false, 1 << 20}, {true, 1 << 20}, {false, 1}} {
			nosym := v.nosym
			s, err := NewSolver(context.Background(), b, Options{TableBytes: v.table, NoSymmetry: nosym})
			if err != nil {
				t.Fatal(err)
			}
			for _, starter := range []board.Color{board.Red, board.Blue} {
				positions := []board.Position{{}}
				for _, c := range b.All().Cells() {
					q := board.Position{}.Play(starter, c)
					if !b.Wins(q, starter) && q.Occupied() != b.All() {
						positions = append(positions, q)
					}
				}
				for _, p := range positions {
					mover := p.ToMove(starter)
					res, err := s.Solve(p, mover)
					if err != nil {
						t.Fatal(err)
					}
					name := fmt.Sprintf("%s %s starts, %s to move in %v (nosym=%v, table %d B)", b, starter, mover, p, nosym, v.table)
					if want := ref.value(p, mover); res.Winner != want {
						t.Fatalf("%s: winner %s, plain minimax %s", name, res.Winner, want)
					}
					if want := ref.winningMoves(p, mover); !slices.Equal(res.WinningMoves, want) {
						t.Fatalf("%s: winning moves %v, plain minimax %v", name, res.WinningMoves, want)
					}
					compared++
				}
			}
		}
	}
	t.Logf("%d positions compared", compared)
}

// TestKnownWinners: facts that do not need a search to be believed: on a
// 1-ring cylinder Red wins with its first stone; on an m×1 flat board the
// starter wins (Red at once; Blue needs the whole row... so whoever).
func TestKnownWinners(t *testing.T) {
	// 1 ring: any red stone connects ring 1 to ring 1.
	b := board.MustNew(4, 1, board.Cylinder)
	s, _ := NewSolver(context.Background(), b, Options{})
	res, err := s.Solve(board.Position{}, board.Red)
	if err != nil {
		t.Fatal(err)
	}
	if res.Winner != board.Red || len(res.WinningMoves) != 4 {
		t.Fatalf("4x1 cylinder, red to move: %s wins with %v; want red with every cell", res.Winner, res.WinningMoves)
	}
	// Blue to move on 4x1: Red still wins with its first stone.
	if res, _ = s.Solve(board.Position{}, board.Blue); res.Winner != board.Red || res.WinningMoves != nil {
		t.Fatalf("4x1 cylinder, blue to move: %s wins with %v; want red", res.Winner, res.WinningMoves)
	}
	// A finished game is refused.
	if _, err := s.Solve(board.Position{}.Play(board.Red, 0), board.Blue); err == nil {
		t.Fatal("solved a won position")
	}
}
