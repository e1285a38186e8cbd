package reports

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/verify/solve"
)

// TestBlunderForms: a real blunder on flat 3x3 Hex (Red, who wins the empty
// board moving first, plays a losing cell) in text and JSON.
func TestBlunderForms(t *testing.T) {
	b := board.MustNew(3, 3, board.Flat)
	s, err := solve.NewSolver(context.Background(), b, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Find a game with a blunder at Red's first move: some first cell that
	// loses, then any Blue win.
	var g board.Game
	for _, c := range b.All().Cells() {
		w, err := s.MoveWins(board.Position{}, board.Red, c)
		if err != nil {
			t.Fatal(err)
		}
		if !w {
			g = board.Game{Board: b, Starter: board.Red, Moves: []board.Move{{Player: board.Red, Cell: c, Rule: "x"}}}
			break
		}
	}
	if g.Moves == nil {
		t.Fatal("every first move wins on flat 3x3: no blunder to show")
	}
	bl, err := solve.FindBlunder(context.Background(), g, board.Red, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bl.Found || bl.Index != 0 || len(bl.Kept) == 0 {
		t.Fatalf("blunder %+v", bl)
	}
	text := BlunderText(b, bl, board.Thesis)
	if !strings.HasPrefix(text, "Blunder: move 1, Red ") || !strings.Contains(text, "(rule x)") {
		t.Fatalf("text %q", text)
	}
	raw, _ := json.Marshal(NewBlunderJSON(b, bl))
	var back BlunderJSON
	if err := json.Unmarshal(raw, &back); err != nil || back.MoveNumber != 1 || len(back.WinningMoves) != len(bl.Kept) {
		t.Fatalf("json %s", raw)
	}
}
