package solve

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
)

// TestSolveTieBreak checks fitzgerald's knowledge=solve (the hierarchy's
// choice among the rule's moves that win with perfect play) against the
// rules and against a solver without the Hex knowledge, on random positions
// of 5×5 with Red to move: its move is one fitzgerald-rules allows; when
// fitzgerald's own move wins, it is that move; when some allowed move wins,
// its move wins; when none does, it is fitzgerald's move (the tie-break
// keeps every move, and the hierarchy picks as without it).
func TestSolveTieBreak(t *testing.T) {
	b := board.MustNew(5, 5, board.Cylinder)
	tie := mustStrategy(t, "fitzgerald:knowledge=solve", b)
	plain := mustStrategy(t, "fitzgerald", b)
	rules := mustStrategy(t, "fitzgerald-rules", b)
	ref, err := NewSolver(context.Background(), b, Options{NoKnowledge: true, TableBytes: 16 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	rng := rand.New(rand.NewPCG(7, 30))
	var sawWin, sawNone, sawChange int
	for tries := 0; tries < 5000; tries++ {
		p, moves, ok := randomGame(rng, b, board.Blue, 5+2*rng.IntN(5)) // Red to move
		if !ok {
			continue
		}
		last, at := moves[len(moves)-1].Cell, b.FormatMoves(moves, board.Thesis, true)
		got, _ := tie.Allowed(p, last)
		want, _ := plain.Allowed(p, last)
		allowed, _ := rules.Allowed(p, last)
		if got.Count() != 1 || want.Count() != 1 {
			t.Fatalf("%s: answers %v and %v, want one move each", at, got, want)
		}
		g, w := got.Pop(), want.Pop()
		if !allowed.Has(g) {
			t.Fatalf("%s: knowledge=solve plays %s, which fitzgerald-rules does not allow", at, cellText(b, g))
		}
		wins := func(c board.Cell) bool {
			ok, err := ref.MoveWins(p, board.Red, c)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		// The claims, asked in an order that needs few solves: when g is
		// w and wins, nothing else is asked.
		switch {
		case g != w:
			if wins(w) {
				t.Errorf("%s: fitzgerald's %s wins, knowledge=solve plays %s", at, cellText(b, w), cellText(b, g))
			} else if !wins(g) {
				t.Errorf("%s: knowledge=solve plays the lost %s instead of fitzgerald's %s", at, cellText(b, g), cellText(b, w))
			}
			sawChange++
			sawWin++
		case wins(w):
			sawWin++
		default:
			for m := allowed; m.Any(); {
				if c := m.Pop(); wins(c) {
					t.Errorf("%s: %s wins and is allowed, knowledge=solve plays the lost %s", at, cellText(b, c), cellText(b, g))
				}
			}
			sawNone++
		}
		if sawWin >= 100 && sawNone >= 10 && sawChange >= 5 {
			break
		}
	}
	t.Logf("%d positions with a winning allowed move, %d without; knowledge=solve left fitzgerald's move in %d", sawWin, sawNone, sawChange)
	if sawWin < 100 || sawNone < 10 || sawChange < 5 {
		t.Errorf("too few cases of each kind: %d, %d, %d changes", sawWin, sawNone, sawChange)
	}
}

// TestSolveTieBreakVerified: knowledge=solve, checked within the rules
// (strategies.Within: a move outside fitzgerald-rules is a strategy error),
// wins every game of 5×4 for both starters and of 5×5 with Red starting
// (the ordinary verifier's verdict; 5×5 with Blue starting takes 16 s,
// docs/results.md has it).
func TestSolveTieBreakVerified(t *testing.T) {
	for _, c := range []struct {
		m, n    int
		starter board.Color
	}{{5, 4, board.Red}, {5, 4, board.Blue}, {5, 5, board.Red}} {
		b := board.MustNew(c.m, c.n, board.Cylinder)
		w, err := strategies.NewWithin(mustStrategy(t, "fitzgerald:knowledge=solve", b), mustStrategy(t, "fitzgerald-rules", b), "fitzgerald-rules")
		if err != nil {
			t.Fatal(err)
		}
		r, err := verify.Run(context.Background(), verify.Options{Strategy: w, Name: "fitzgerald:knowledge=solve", Starter: c.starter, Jobs: 2})
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict != verify.Optimal {
			t.Errorf("%s, %s starts: %s (%s)", b, c.starter, r.Verdict, r.Detail)
		}
	}
}

func mustStrategy(t *testing.T, spec string, b *board.Board) strategies.Strategy {
	t.Helper()
	s, err := strategies.New(spec, b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func cellText(b *board.Board, c board.Cell) string { return b.Format(c, board.Thesis) }

// TestSolveTieBreakBoards: knowledge=solve is refused, with the reason, on
// boards where a solve per tie would take minutes or hours.
func TestSolveTieBreakBoards(t *testing.T) {
	if _, err := strategies.New("fitzgerald:knowledge=solve", board.MustNew(5, 8, board.Cylinder)); err != nil {
		t.Errorf("5x8: %v", err)
	}
	_, err := strategies.New("fitzgerald:knowledge=solve", board.MustNew(5, 9, board.Cylinder))
	if err == nil || !strings.Contains(err.Error(), "at most 40 cells") {
		t.Errorf("5x9: %v, want a refusal naming the 40 cells", err)
	}
}
