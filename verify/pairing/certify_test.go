package pairing

import (
	"context"
	"errors"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
	"hexproof/verify/game"
)

// replayGame plays a certificate's game through game.Replay, listing the
// whole game, and returns the replay.
func replayGame(t *testing.T, name string, r *Result) *game.Replayed {
	t.Helper()
	b := board.MustNew(r.M, r.N, r.Geo)
	st, err := strategies.New(name, b)
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, mv := range r.Game.Moves {
		p := "R:"
		if mv.Player == board.Blue {
			p = "B:"
		}
		text = append(text, p+b.Format(b.Cell(mv.I, mv.J), board.Thesis))
	}
	toks, err := b.ParseMoves(strings.Join(text, " "))
	if err != nil {
		t.Fatal(err)
	}
	rp, err := game.Replay(st, r.Starter, toks, false)
	if err != nil {
		t.Fatalf("replay %s: %v", strings.Join(text, " "), err)
	}
	return rp
}

// TestRefutationsReplay: the thesis's torus counterexamples (Fig. 4.7: mirror
// on the 4×3 torus; Fig. 5.3: Gardner on the torus; and 10×2, where Red
// starting wins the race against the first chain found, so another chain is
// needed) come out refuted with a
// game that, replayed move by move with the registered strategy, has every
// strategy move allowed and Blue winning at its last move; the opponent's
// chain is pair-free and inside the game.
func TestRefutationsReplay(t *testing.T) {
	for _, c := range []struct {
		name string
		m, n int
	}{{"mirror", 4, 3}, {"mirror", 6, 4}, {"mirror", 10, 2}, {"gardner", 4, 3}, {"gardner", 6, 5}, {"gardner", 9, 8}} {
		res, err := Certify(context.Background(), c.name, c.m, c.n, board.Torus, board.Red, board.Blue)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res {
			if r.Verdict != verify.Refuted || !r.Replayed || r.Game == nil {
				t.Fatalf("%s %dx%d torus %s: %s (%s)", c.name, c.m, c.n, r.Starter, r.Verdict, r.Detail)
			}
			rp := replayGame(t, c.name, r)
			if rp.Game.Winner != board.Blue || len(rp.Game.Moves) != len(r.Game.Moves) {
				t.Fatalf("%s %dx%d: replay winner %v after %d moves", c.name, c.m, c.n, rp.Game.Winner, len(rp.Game.Moves))
			}
			for _, turn := range rp.Turns {
				if !turn.Agrees {
					t.Fatalf("%s %dx%d: move %d not allowed", c.name, c.m, c.n, turn.Index+1)
				}
			}
			if r.Reason == "P" {
				blue := map[[2]int]bool{}
				for _, mv := range r.Game.Moves {
					if mv.Player == board.Blue {
						blue[[2]int{mv.I, mv.J}] = true
					}
				}
				for _, x := range r.Chain {
					if !blue[x] {
						t.Fatalf("%s %dx%d: chain cell %v not played by Blue", c.name, c.m, c.n, x)
					}
				}
			}
		}
	}
}

// TestLargeBoards: boards beyond board.MaxCells are certified with the grid's
// own rules: the 20×20 torus mirror is refuted by a game whose moves are
// distinct cells, alternate from the starter, and end with Blue's win.
func TestLargeBoards(t *testing.T) {
	res, err := Certify(context.Background(), "mirror", 20, 20, board.Torus, board.Blue)
	if err != nil {
		t.Fatal(err)
	}
	r := res[0]
	if r.Verdict != verify.Refuted || r.Replayed {
		t.Fatalf("mirror 20x20 torus: %s, replayed %v", r.Verdict, r.Replayed)
	}
	g, _ := newGrid(20, 20, board.Torus)
	var stones [3]set
	who := r.Starter
	for k, mv := range r.Game.Moves {
		c := g.cell(mv.I, mv.J)
		if mv.Player != who || stones[board.Red].has(c) || stones[board.Blue].has(c) {
			t.Fatalf("move %d %v is not legal", k+1, mv)
		}
		stones[who].add(c)
		won := g.wins(who, stones[who])
		if won != (k == len(r.Game.Moves)-1) {
			t.Fatalf("move %d: win %v", k+1, won)
		}
		who = who.Other()
	}
	if r.Game.Winner != board.Blue {
		t.Fatalf("winner %v", r.Game.Winner)
	}
}

// TestCertifyErrors: typed errors for a strategy without pairs and for a board
// the strategy does not apply to.
func TestCertifyErrors(t *testing.T) {
	if _, err := Certify(context.Background(), "hht", 3, 3, board.Cylinder, board.Red); !errors.Is(err, ErrNotPairing) {
		t.Fatalf("hht: %v", err)
	}
	var na *NotApplicableError
	if _, err := Certify(context.Background(), "gardner", 4, 4, board.Cylinder, board.Red); !errors.As(err, &na) {
		t.Fatalf("gardner 4x4: %v", err)
	}
	if _, err := Certify(context.Background(), "mirror", 5, 3, board.Cylinder, board.Red); !errors.As(err, &na) {
		t.Fatalf("mirror 5x3: %v", err)
	}
}
