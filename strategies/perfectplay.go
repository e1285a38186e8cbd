package strategies

import (
	"errors"
	"fmt"

	"hexproof/board"
)

// PerfectPlay answers who wins a position with perfect play (board.Empty: a
// draw, on the torus only). It is the solver of package verify/solve, which
// imports this package and so cannot be imported by it: the solver registers
// itself from its init (RegisterPerfectPlay), as the strategies register
// themselves here. fitzgerald's knowledge=solve tie-break uses it.
type PerfectPlay interface {
	Winner(p board.Position, toMove board.Color) (board.Color, error)
}

// newPerfectPlay makes a PerfectPlay for a board, for one goroutine at a
// time; nil until a solver registers.
var newPerfectPlay func(b *board.Board) (PerfectPlay, error)

// RegisterPerfectPlay sets how a strategy gets a solver for a board (each
// call a new one). verify/solve calls it from its init.
func RegisterPerfectPlay(f func(b *board.Board) (PerfectPlay, error)) { newPerfectPlay = f }

// solveMaxCells bounds the boards of knowledge=solve: it solves a position
// at every tie of the rules, which perfect play does in milliseconds on 5×7
// (the empty board in 0.2 s) and in seconds on 5×8 (8 s from the empty
// board, docs/results.md), but in hours on 5×9 and beyond.
const solveMaxCells = 40

// ErrNoPerfectPlay: a strategy needs the solver, and no solver registered
// (the program or test does not link package verify/solve).
var ErrNoPerfectPlay = errors.New("knowledge=solve needs the solver (package hexproof/verify/solve), which this program does not include")

func checkPerfectPlay(b *board.Board) error {
	if newPerfectPlay == nil {
		return ErrNoPerfectPlay
	}
	if b.Cells() > solveMaxCells {
		return fmt.Errorf("knowledge=solve solves a position at every tie of the rules, in reasonable time only on boards of at most %d cells (5x8); %dx%d has %d", solveMaxCells, b.M, b.N, b.Cells())
	}
	return nil
}
