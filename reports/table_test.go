package reports

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"hexproof/board"
)

func TestTableGolden(t *testing.T) {
	g := thesisGame(t, 0)
	golden(t, "game1-table.txt", []byte(Table(g, board.Thesis)))
	golden(t, "game1-table-letter.txt", []byte(Table(g, board.Letter)))
}

func TestMarkdownGolden(t *testing.T) {
	golden(t, "game1.md", []byte(Markdown(thesisGame(t, 0), board.Thesis)))
}

// The table pairs moves by player: Blue's opening gets "–" on Red's side, and a
// game that Red ends gets "–" on Blue's side, as in the thesis's App. A.2.
func TestTableRows(t *testing.T) {
	b := board.MustNew(3, 2, board.Cylinder)
	g := board.Game{Board: b, Starter: board.Blue, Moves: []board.Move{
		{Player: board.Blue, Cell: b.Cell(1, 1)},
		{Player: board.Red, Cell: b.Cell(2, 1), Rule: "6(c)"},
		{Player: board.Blue, Cell: b.Cell(3, 1)},
		{Player: board.Red, Cell: b.Cell(2, 2), Rule: "1"},
	}}
	lines := strings.Split(strings.TrimSuffix(Table(g, board.Thesis), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("want a header and 3 rows, got %q", lines)
	}
	cells := func(l string) [2]string {
		p := strings.SplitN(l, " | ", 2)
		if len(p) != 2 {
			t.Fatalf("row %q has no ' | '", l)
		}
		return [2]string{strings.TrimSpace(p[0]), strings.TrimSpace(p[1])}
	}
	wantRows := [][2]string{{"Red - rule", "Blue"}, {"–", "(1, 1)"}, {"(2, 1) - 6(c)", "(3, 1)"}, {"(2, 2) - 1", "–"}}
	barAt := func(l string) int { return utf8.RuneCountInString(l[:strings.Index(l, " | ")]) }
	for k, l := range lines {
		if got := cells(l); got != wantRows[k] {
			t.Errorf("row %d = %q, want %q", k, got, wantRows[k])
		}
		if barAt(l) != barAt(lines[0]) {
			t.Errorf("row %d %q: the bar is not aligned with the header", k, l)
		}
	}
	// A Blue strategy's rules put "- rule" on Blue's side of the header.
	bg := board.Game{Board: b, Starter: board.Red, Moves: []board.Move{
		{Player: board.Red, Cell: b.Cell(1, 1)}, {Player: board.Blue, Cell: b.Cell(2, 1), Rule: "pair"}}}
	if got := Table(bg, board.Letter); got != "Red | Blue - rule\na1  | b1 - pair\n" {
		t.Errorf("Blue strategy table:\n%s", got)
	}
	if Table(board.Game{Board: b}, board.Thesis) != "Red - rule | Blue\n" {
		t.Errorf("empty game: %q", Table(board.Game{Board: b}, board.Thesis))
	}
}

func TestGameJSON(t *testing.T) {
	g := thesisGame(t, 0)
	out, err := GameJSONBytes(g, Meta{Strategy: "fitzgerald", Side: board.Red})
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Board, Geometry, Strategy, Side, Starter string
		Winner                                   *string
		Plies                                    int
		Moves                                    []struct {
			Player string
			Cell   []int
			Rule   *string
		}
	}
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if back.Board != "5x9" || back.Geometry != "cylinder" || back.Strategy != "fitzgerald" ||
		back.Side != "red" || back.Starter != "blue" || back.Plies != 21 || len(back.Moves) != 21 {
		t.Fatalf("header fields wrong: %+v", back)
	}
	if back.Winner == nil || *back.Winner != "blue" {
		t.Errorf("winner = %v, want blue (the thesis lists this game as lost by Red)", back.Winner)
	}
	m0, m1 := back.Moves[0], back.Moves[1]
	if m0.Player != "blue" || len(m0.Cell) != 2 || m0.Cell[0] != 2 || m0.Cell[1] != 7 || m0.Rule != nil {
		t.Errorf("move 1 = %+v, want blue (2,7) without rule", m0)
	}
	if m1.Player != "red" || m1.Cell[0] != 4 || m1.Cell[1] != 7 || m1.Rule == nil || *m1.Rule != "14" {
		t.Errorf("move 2 = %+v, want red (4,7) rule 14", m1)
	}
	// A game in progress has winner null, not "empty".
	g.Moves, g.Winner = g.Moves[:3], board.Empty
	out, _ = GameJSONBytes(g, Meta{})
	if !strings.Contains(string(out), `"winner": null`) || strings.Contains(string(out), `"strategy"`) {
		t.Errorf("unfinished game JSON:\n%s", out)
	}
}

// prettyJSON changes only whitespace, and puts one move on a line.
func TestPrettyJSON(t *testing.T) {
	g := thesisGame(t, 0)
	g.Moves[1].Rule = `6"(c)\ ]` // escapes must survive
	v := NewGameJSON(g, Meta{Strategy: "x"})
	pretty, err := prettyJSON(v)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := json.Marshal(v)
	var a, b bytes.Buffer
	if err := json.Compact(&a, pretty); err != nil {
		t.Fatalf("%v\n%s", err, pretty)
	}
	json.Compact(&b, plain)
	if a.String() != b.String() {
		t.Errorf("pretty JSON differs from Marshal:\n%s\n%s", a.String(), b.String())
	}
	for _, want := range []string{
		"\n    {\"player\": \"blue\", \"cell\": [2, 7]},\n",
		"\n    {\"player\": \"red\", \"cell\": [4, 7], \"rule\": \"6\\\"(c)\\\\ ]\"},\n",
		"\n    {\"player\": \"blue\", \"cell\": [3, 6]}\n  ]",
	} {
		if !strings.Contains(string(pretty), want) {
			t.Errorf("pretty JSON lacks %q:\n%s", want, pretty)
		}
	}
}

func TestOutcome(t *testing.T) {
	b := board.MustNew(1, 3, board.Cylinder)
	g := board.Game{Board: b, Starter: board.Blue}
	if got := Outcome(g); got != "no winner after 0 moves" {
		t.Error(got)
	}
	g.Moves, g.Winner = []board.Move{{Player: board.Blue, Cell: b.Cell(1, 2)}}, board.Blue
	if got := Outcome(g); got != "Blue won after 1 move" {
		t.Error(got)
	}
}
