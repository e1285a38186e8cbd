package solve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"hexproof/board"
	"hexproof/tt"
)

// openFacts opens the store of solved positions in dir (fresh: emptied
// first).
func openFacts(t *testing.T, dir string, fresh bool) (*tt.Facts, func()) {
	t.Helper()
	open := tt.OpenBadger
	if fresh {
		open = tt.OpenBadgerFresh
	}
	s, err := open(dir)
	if err != nil {
		t.Fatal(err)
	}
	f := tt.NewFacts(s)
	return f, func() {
		if err := f.Flush(); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFactsResumeEqualsWhole: a solve stopped after a few expansions, its
// solved positions kept in a store that is closed and opened again, and
// then solved again with the store gives the winner and the exact winning
// moves of the plain minimax; and every fact in the store is the plain
// minimax's winner of its position. On every cylinder, flat board and torus
// of 6 to 12 cells, both starters, with and without symmetry and the
// knowledge.
func TestFactsResumeEqualsWhole(t *testing.T) {
	maxCells := 12
	if testing.Short() {
		maxCells = 9
	}
	facts, resumed := 0, 0
	for _, b := range boards(maxCells) {
		if b.Cells() < 6 {
			continue
		}
		ref := &plain{b: b, memo: map[node]board.Color{}}
		for _, v := range []struct{ nosym, noKnow bool }{{false, false}, {true, true}} {
			for _, starter := range []board.Color{board.Red, board.Blue} {
				name := fmt.Sprintf("%s, %s starts (nosym=%v, no knowledge=%v)", b, starter, v.nosym, v.noKnow)
				dir := t.TempDir()
				f, done := openFacts(t, dir, true)
				opt := Options{TableBytes: 1 << 20, NoSymmetry: v.nosym, NoKnowledge: v.noKnow, Facts: f, MaxNodes: 8}
				s, _ := NewSolver(context.Background(), b, opt)
				_, err := s.Solve(board.Position{}, starter)
				if err != nil && !errors.Is(err, ErrStopped) {
					t.Fatalf("%s: %v", name, err)
				}
				s.Close()
				done()
				f, done = openFacts(t, dir, false)
				opt.Facts, opt.MaxNodes = f, 0
				s, _ = NewSolver(context.Background(), b, opt)
				res, err := s.Solve(board.Position{}, starter)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if s.FromFacts > 0 {
					resumed++
				}
				s.Close()
				if want := ref.value(board.Position{}, starter); res.Winner != want {
					t.Fatalf("%s: winner %s after resuming, plain minimax %s", name, res.Winner, want)
				}
				if want := ref.winningMoves(board.Position{}, starter); !slices.Equal(res.WinningMoves, want) {
					t.Fatalf("%s: winning moves %v after resuming, plain minimax %v", name, res.WinningMoves, want)
				}
				if err := f.Flush(); err != nil {
					t.Fatal(err)
				}
				err = f.Each(func(x tt.Fact) error {
					facts++
					if want := ref.value(x.Key.Position(), x.Mover); x.Winner != want {
						return fmt.Errorf("%s: the store says %s wins %v with %s to move; plain minimax %s", name, x.Winner, x.Key.Position(), x.Mover, want)
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				done()
			}
		}
	}
	if resumed == 0 || facts == 0 {
		t.Fatalf("no solve took a fact from the store (%d resumed, %d facts): the test tests nothing", resumed, facts)
	}
	t.Logf("%d facts checked, %d solves resumed from a store", facts, resumed)
}

// TestFactsResumeWithKnowledge: 5×8 with Red starting (a search of a few
// hundred positions with the knowledge but without the band templates,
// with which it takes one), stopped half way and resumed from
// its store, gives the winner and winning moves of the whole solve in fewer
// positions; a third solve, with the full store, takes the answer from it.
func TestFactsResumeWithKnowledge(t *testing.T) {
	b := board.MustNew(5, 8, board.Cylinder)
	lim := withoutBands()
	whole, _ := NewSolver(context.Background(), b, Options{TableBytes: 16 << 20, Limits: lim})
	want, err := whole.Solve(board.Position{}, board.Red)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	f, done := openFacts(t, dir, true)
	s, _ := NewSolver(context.Background(), b, Options{TableBytes: 16 << 20, Facts: f, MaxNodes: want.Positions / 2, Limits: lim})
	if _, err := s.Solve(board.Position{}, board.Red); !errors.Is(err, ErrStopped) {
		t.Fatalf("the first half: %v, want stopped", err)
	}
	done()
	for round := 0; round < 2; round++ {
		f, done = openFacts(t, dir, false)
		s, _ = NewSolver(context.Background(), b, Options{TableBytes: 16 << 20, Facts: f, Limits: lim})
		got, err := s.Solve(board.Position{}, board.Red)
		if err != nil {
			t.Fatal(err)
		}
		done()
		if got.Winner != want.Winner || !slices.Equal(got.WinningMoves, want.WinningMoves) {
			t.Fatalf("round %d: %s wins %v, the whole solve %s %v", round, got.Winner, got.WinningMoves, want.Winner, want.WinningMoves)
		}
		if got.Positions >= want.Positions || s.FromFacts == 0 {
			t.Fatalf("round %d: %d positions (%d from the store), the whole solve %d", round, got.Positions, s.FromFacts, want.Positions)
		}
		if round == 1 && got.Positions > 1 {
			t.Fatalf("with the full store the solve still expanded %d positions", got.Positions)
		}
		t.Logf("round %d: %d positions (whole %d), %d answers from the store", round, got.Positions, want.Positions, s.FromFacts)
	}
}
