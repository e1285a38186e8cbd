package shard

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"hexproof/board"
	"hexproof/verify/solve"
)

// solveShards runs every shard of the split solve in dir and writes the
// results.
func solveShards(t *testing.T, dir string, n int) {
	t.Helper()
	for i := range n {
		solveShard(t, dir, i)
	}
}

// writePlan writes p into a new directory.
func writePlan(t *testing.T, p *SolvePlan, err error) string {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := p.Write(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestDeriveEqualsWhole: a split solve whose shards are settled by splits
// of the position after one more move (DeriveSolveResult) where the mover
// wins, and searched where it does not, merges to the unsplit solve's
// winner and exact winning moves. For every shard of a one-ply plan the
// test solves the shard's position; when the mover wins, the split after
// its first winning move gives the result (and before its shards have run
// gives none: not solved yet); when the mover does not win, the split after
// a losing (or drawing) move is solved but gives none, since another move
// could win. One split per shard is made from a set-up of the same
// position instead of a prefix, which must fit as well. Cylinder, flat
// board and torus (draws), both starters.
func TestDeriveEqualsWhole(t *testing.T) {
	cases := []solveCase{{"4x4", board.Cylinder, 1, false}, {"3x4", board.Cylinder, 2, false}, {"4x3", board.Flat, 2, false}, {"3x3", board.Torus, 1, false}, {"3x3", board.Torus, 2, false}}
	if testing.Short() {
		cases = cases[:2]
	}
	wins, losses := 0, 0
	for _, c := range cases {
		for _, starter := range []board.Color{board.Red, board.Blue} {
			b := c.board()
			t.Run(fmt.Sprintf("%s-%s-%d-%s", c.size, c.geo, c.plies, starter), func(t *testing.T) {
				s, whole := solveWhole(t, b, board.Position{}, starter)
				plan, err := MakeSolvePlan(SolvePlanOptions{Board: b, Starter: starter, Plies: c.plies, NoSymmetry: c.noSym})
				parent := writePlan(t, plan, err)
				var derived []int
				for i, sh := range plan.Shards {
					pp, moves, err := sh.Opening(b, starter)
					if err != nil {
						t.Fatal(err)
					}
					mover := pp.ToMove(starter)
					r, err := s.Solve(pp, mover)
					if err != nil {
						t.Fatal(err)
					}
					var m board.Cell
					if r.Winner == mover {
						m = r.WinningMoves[0]
					} else {
						m = b.All().AndNot(pp.Occupied()).First() // any move: none wins
					}
					q := pp.Play(mover, m)
					if b.Wins(q, mover) || q.Occupied().Count()+1 >= b.Cells() {
						solveShard(t, parent, i) // the game ends or the board fills: searched
						continue
					}
					opt := SolvePlanOptions{Board: b, Starter: starter, Plies: 1, Prefix: append(moves, board.Move{Player: mover, Cell: m})}
					if i%3 == 1 {
						opt = SolvePlanOptions{Board: b, Plies: 1, SetUp: q, ToMove: mover.Other()}
					}
					sp, err := MakeSolvePlan(opt)
					sub := writePlan(t, sp, err)
					var not *NotDerivedError
					if _, _, err := DeriveSolveResult(parent, i, sub, false); !errors.As(err, &not) {
						t.Fatalf("shard %d before the split's shards ran: %v, want not solved yet", i, err)
					}
					solveShards(t, sub, len(sp.Shards))
					rf, sm, err := DeriveSolveResult(parent, i, sub, false)
					if r.Winner != mover {
						losses++
						if !errors.As(err, &not) || sm == nil || !sm.Solved {
							t.Fatalf("shard %d: %s does not win, yet after its move (%v) the derivation gave %v, %v", i, mover, m, rf, err)
						}
						solveShard(t, parent, i)
						continue
					}
					wins++
					if err != nil {
						t.Fatalf("shard %d: %v", i, err)
					}
					if rf.Winner != mover.String() || rf.Index != i || rf.DerivedFrom == nil || rf.DerivedFrom.Plan != sp.File.ID {
						t.Fatalf("shard %d: derived %+v", i, rf)
					}
					if err := WriteSolveResult(parent, rf); err != nil {
						t.Fatal(err)
					}
					derived = append(derived, i)
					if _, _, err := DeriveSolveResult(parent, i, sub, false); !errors.Is(err, ErrShardSolved) {
						t.Fatalf("shard %d derived twice: %v", i, err)
					}
				}
				got, err := MergeSolveDir(parent)
				if err != nil {
					t.Fatal(err)
				}
				if !got.Solved || got.Winner != whole.Winner || !slices.Equal(got.WinningMoves, whole.WinningMoves) || !slices.Equal(got.Derived, derived) {
					t.Fatalf("merge: solved %v, %s wins %v, derived %v; whole: %s wins %v, derived %v",
						got.Solved, got.Winner, got.WinningMoves, got.Derived, whole.Winner, whole.WinningMoves, derived)
				}
				t.Logf("%d shards derived", len(derived))
			})
		}
	}
	// Both branches ran: shards derived, and splits after a move that does
	// not win, which give nothing.
	if wins == 0 || losses == 0 {
		t.Fatalf("%d shards derived, %d splits after a move that does not win", wins, losses)
	}
	t.Logf("%d shards derived, %d splits after a move that does not win", wins, losses)
}

// solveWhole solves p with mover to move, unsplit, and returns the solver
// for more positions of b.
func solveWhole(t *testing.T, b *board.Board, p board.Position, mover board.Color) (*solve.Solver, *solve.Result) {
	t.Helper()
	s, err := solve.NewSolver(context.Background(), b, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Solve(p, mover)
	if err != nil {
		t.Fatal(err)
	}
	return s, r
}

// solveShard runs shard i of the split solve in dir and writes its result.
func solveShard(t *testing.T, dir string, i int) {
	t.Helper()
	rf, err := RunSolveShard(context.Background(), dir, i, SolveShardOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteSolveResult(dir, rf); err != nil {
		t.Fatal(err)
	}
}

// TestDeriveRefuses: a split of another shard's position, of a position two
// moves later, of another board, or a shard out of range, is refused with
// an error that is not a NotDerivedError, and nothing is written.
func TestDeriveRefuses(t *testing.T) {
	b := board.MustNew(4, 4, board.Cylinder)
	plan, err := MakeSolvePlan(SolvePlanOptions{Board: b, Starter: board.Blue, Plies: 1, NoSymmetry: true})
	parent := writePlan(t, plan, err)
	cell := func(i, j int) board.Cell { c, _ := b.CellAt(i, j); return c }
	mv := func(who board.Color, i, j int) board.Move { return board.Move{Player: who, Cell: cell(i, j)} }
	// Shard 0 is B:(1,1) (no symmetry: one opening per cell, in cell order).
	if plan.Shards[0].Moves[0].Cell != [2]int{1, 1} {
		t.Fatalf("shard 0 opens with %v", plan.Shards[0].Moves)
	}
	splits := map[string]SolvePlanOptions{
		"another shard's":  {Board: b, Starter: board.Blue, Plies: 1, Prefix: []board.Move{mv(board.Blue, 2, 1), mv(board.Red, 2, 2)}},
		"two moves later":  {Board: b, Starter: board.Blue, Plies: 1, Prefix: []board.Move{mv(board.Blue, 1, 1), mv(board.Red, 2, 2), mv(board.Blue, 3, 3)}},
		"the other colour": {Board: b, Plies: 1, SetUp: board.Position{}.Play(board.Blue, cell(1, 1)).Play(board.Blue, cell(2, 2)), ToMove: board.Red},
		// One stone more and the right player to move, but not the mover's
		// stone, or not on the shard's position.
		"the other colour's stone": {Board: b, Plies: 1, SetUp: board.Position{}.Play(board.Blue, cell(1, 1)).Play(board.Blue, cell(2, 2)), ToMove: board.Blue},
		"the colours swapped":      {Board: b, Plies: 1, SetUp: board.Position{}.Play(board.Red, cell(1, 1)).Play(board.Red, cell(2, 2)), ToMove: board.Blue},
		"another board":            {Board: board.MustNew(4, 4, board.Flat), Starter: board.Blue, Plies: 1, Prefix: []board.Move{mv(board.Blue, 1, 1), mv(board.Red, 2, 2)}},
	}
	for name, opt := range splits {
		sp, err := MakeSolvePlan(opt)
		sub := writePlan(t, sp, err)
		solveShards(t, sub, len(sp.Shards))
		_, _, err = DeriveSolveResult(parent, 0, sub, false)
		var not *NotDerivedError
		if err == nil || errors.As(err, &not) {
			t.Errorf("%s split: %v, want a refusal", name, err)
		}
	}
	sp, err := MakeSolvePlan(SolvePlanOptions{Board: b, Starter: board.Blue, Plies: 1, Prefix: []board.Move{mv(board.Blue, 1, 1), mv(board.Red, 2, 2)}})
	sub := writePlan(t, sp, err)
	solveShards(t, sub, len(sp.Shards))
	if _, _, err := DeriveSolveResult(parent, len(plan.Shards), sub, false); err == nil {
		t.Error("a shard out of range was accepted")
	}
	if fs, _ := filepath.Glob(filepath.Join(parent, "result-*.json")); len(fs) != 0 {
		t.Errorf("refusals wrote %v", fs)
	}
	if _, err := os.Stat(filepath.Join(parent, ResultName(0))); err == nil {
		t.Error("result-0.json written")
	}
	// The right split is accepted.
	if rf, _, err := DeriveSolveResult(parent, 0, sub, false); err != nil || rf.Winner != "red" {
		t.Errorf("the split after B:(1,1) R:(2,2): %+v, %v", rf, err)
	}
}
