package reports

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// golden compares got with testdata/name byte for byte (or rewrites it with -update).
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	testkit.Golden(t, filepath.Join("testdata", name), got, *update)
}

// thesisGame loads game k of ../testdata/thesis-games.json, played out on the
// board it names (a cylinder), with the winner computed from the moves.
func thesisGame(t *testing.T, k int) board.Game {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "thesis-games.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Games []struct {
			Board   string     `json:"board"`
			Starter string     `json:"starter"`
			Moves   []MoveJSON `json:"moves"`
		} `json:"games"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	src := doc.Games[k]
	m, n, err := board.ParseBoardSize(src.Board)
	if err != nil {
		t.Fatal(err)
	}
	b := board.MustNew(m, n, board.Cylinder)
	starter, err := board.ParseColor(src.Starter)
	if err != nil {
		t.Fatal(err)
	}
	g := board.Game{Board: b, Starter: starter}
	var p board.Position
	for _, mv := range src.Moves {
		who, err := board.ParseColor(mv.Player)
		if err != nil {
			t.Fatal(err)
		}
		c := b.Cell(mv.Cell[0], mv.Cell[1])
		p = p.Play(who, c)
		g.Moves = append(g.Moves, board.Move{Player: who, Cell: c, Rule: mv.Rule})
		if g.Winner == board.Empty && b.Wins(p, who) {
			g.Winner = who
		}
	}
	return g
}
