package solve

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
)

// roundTrip writes a certificate as JSON and reads it back as a strategy.
func roundTrip(t *testing.T, c *strategies.Certificate, b *board.Board) *strategies.Certificate {
	t.Helper()
	raw, err := json.Marshal(c.File())
	if err != nil {
		t.Fatal(err)
	}
	back, err := strategies.ParseCertificate(raw, b)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// TestCertificatesVerifyOptimal: the winner's certificate, written and read
// back, is verified optimal by verify.Run (which knows nothing of the
// solver), on every board of at most 9 cells (12 without -short), both
// starters, whenever the game has a winner.
func TestCertificatesVerifyOptimal(t *testing.T) {
	maxCells := 12
	if testing.Short() {
		maxCells = 9
	}
	checked := 0
	for _, b := range boards(maxCells) {
		s, err := NewSolver(context.Background(), b, Options{TableBytes: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		for _, starter := range []board.Color{board.Red, board.Blue} {
			res, err := s.Solve(board.Position{}, starter)
			if err != nil {
				t.Fatal(err)
			}
			if res.Winner == board.Empty {
				continue
			}
			c, err := s.Certificate(starter, res.Winner)
			if err != nil {
				t.Fatal(err)
			}
			cert := roundTrip(t, c, b)
			name := fmt.Sprintf("%s %s starts, %s's certificate (%d answers)", b, starter, res.Winner, cert.Len())
			for _, ch := range []verify.Choices{verify.Every, verify.Some} {
				v, err := verify.Run(context.Background(), verify.Options{Strategy: cert, Name: "certificate", Starter: starter, Choices: ch, Jobs: 1})
				if err != nil {
					t.Fatal(err)
				}
				if v.Verdict != verify.Optimal {
					t.Fatalf("%s under %s: %s (%s)", name, ch, v.Verdict, v.Detail)
				}
			}
			// The compact certificate is no larger and verifies optimal
			// too, merging symmetric positions or not (the plain check).
			cc, err := s.CompactCertificate(starter, res.Winner)
			if err != nil {
				t.Fatal(err)
			}
			compact := roundTrip(t, cc, b)
			if !compact.Compact() || compact.Len() > cert.Len() {
				t.Fatalf("%s: compact certificate of %d answers (compact %v)", name, compact.Len(), compact.Compact())
			}
			for _, o := range []verify.Options{{Choices: verify.Every}, {Choices: verify.Some}, {Choices: verify.Every, NoSymmetry: true}} {
				o.Strategy, o.Name, o.Starter, o.Jobs = compact, "certificate", starter, 1
				v, err := verify.Run(context.Background(), o)
				if err != nil || v.Verdict != verify.Optimal {
					t.Fatalf("%s, compact (%d answers), %s, no symmetry %v: %s (%s) %v", name, compact.Len(), o.Choices, o.NoSymmetry, v.Verdict, v.Detail, err)
				}
			}
			// The loser has no certificate.
			if _, err := s.Certificate(starter, res.Winner.Other()); err == nil {
				t.Fatalf("%s: a certificate for the loser", name)
			}
			checked++
		}
	}
	t.Logf("%d certificates verified", checked)
}

// TestCertificateDefects: a certificate with an answer missing is a
// strategy error; one with a losing answer is refuted (on 3x3 both matter).
func TestCertificateDefects(t *testing.T) {
	b := board.MustNew(3, 3, board.Cylinder)
	s, _ := NewSolver(context.Background(), b, Options{})
	c, err := s.Certificate(board.Blue, board.Red)
	if err != nil {
		t.Fatal(err)
	}
	f := c.File()
	if len(f.Answers) < 2 {
		t.Fatalf("only %d answers", len(f.Answers))
	}
	// Drop the last answer (a position reached late in some game).
	g := f
	g.Answers = f.Answers[:len(f.Answers)-1]
	raw, _ := json.Marshal(g)
	short, err := strategies.ParseCertificate(raw, b)
	if err != nil {
		t.Fatal(err)
	}
	v, err := verify.Run(context.Background(), verify.Options{Strategy: short, Name: "certificate", Starter: board.Blue, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if v.Verdict != verify.StrategyError {
		t.Fatalf("missing answer: verdict %s", v.Verdict)
	}
	// The wrong board is refused.
	if _, err := strategies.ParseCertificate(raw, board.MustNew(4, 3, board.Cylinder)); err == nil {
		t.Fatal("a 3x3 certificate accepted for 4x3")
	}
	// Through the registry name.
	if _, err := strategies.New("certificate:/nonexistent/file.json", b); err == nil {
		t.Fatal("a missing certificate file accepted")
	}
}
