package reports

import (
	"context"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/verify"
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

// fig47 is the lost game of thesis Fig. 4.7 on the 4×3 torus (the mirror
// strategy, Red starts) with its blunder as perfect play finds it: Red's
// (2,2) at move 5, where (1,2) (3,2) (2,3) (4,3) kept the win.
func fig47(t *testing.T) (board.Game, *verify.Blunder) {
	t.Helper()
	b := board.MustNew(4, 3, board.Torus)
	toks, err := b.ParseMoves("R:(1,1) B:(2,1) R:(4,1) B:(3,1) R:(2,2) B:(1,2) R:(3,2) B:(4,3)")
	if err != nil {
		t.Fatal(err)
	}
	_, moves, winner, err := b.Play(board.Red, toks)
	if err != nil || winner != board.Blue {
		t.Fatalf("Fig. 4.7 game: winner %v, %v", winner, err)
	}
	moves[4].Rule = "2"
	g := board.Game{Board: b, Starter: board.Red, Moves: moves, Winner: winner}
	bl, err := solve.FindBlunder(context.Background(), g, board.Red, solve.Options{})
	if err != nil || !bl.Found || bl.Index != 4 || len(bl.Kept) != 4 {
		t.Fatalf("Fig. 4.7 blunder %+v, %v", bl, err)
	}
	return g, bl
}

const fig47Blunder = "Blunder: move 5, Red (2,2) (rule 2), turned a won position into a lost one; the moves that kept the win were (1,2) (3,2) (2,3) (4,3)."

// TestBlunderInExports: every loss export carries the blunder (JSONL as
// "blunder", Markdown as a sentence under the game, SGF as a comment on the
// blunder's own move), a search that found none says why, and a game written
// without an annotation has none.
func TestBlunderInExports(t *testing.T) {
	g, bl := fig47(t)
	none := &verify.Blunder{Reason: "red never had a won position at its turn"}
	dir := t.TempDir()
	write := func(name string) string {
		t.Helper()
		path := filepath.Join(dir, name)
		return writeLossFile(t, path, g.Board, Meta{Strategy: "mirror", Side: board.Red}, func(w LossWriter) []error {
			return []error{w.WriteAnnotated(g, bl), w.WriteAnnotated(g, none), w.Write(g)}
		})
	}

	lines := strings.Split(strings.TrimSpace(write("l.jsonl")), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d JSONL lines, want 3", len(lines))
	}
	var docs [3]struct {
		Plies   int          `json:"plies"`
		Blunder *BlunderJSON `json:"blunder"`
	}
	for k, l := range lines {
		if err := json.Unmarshal([]byte(l), &docs[k]); err != nil {
			t.Fatal(err)
		}
	}
	if b := docs[0].Blunder; docs[0].Plies != 8 || b == nil || !b.Found || b.MoveNumber != 5 || *b.Cell != [2]int{2, 2} || len(b.WinningMoves) != 4 {
		t.Errorf("JSONL game 1 blunder %+v", b)
	}
	if b := docs[1].Blunder; b == nil || b.Found || b.Reason != none.Reason {
		t.Errorf("JSONL game 2 blunder %+v", b)
	}
	if docs[2].Blunder != nil || strings.Contains(lines[2], "blunder") {
		t.Errorf("JSONL game 3 has a blunder: %s", lines[2])
	}

	md := write("l.md")
	parts := strings.Split(md, "\n## Game ")
	if len(parts) != 4 {
		t.Fatalf("markdown has %d games, want 3:\n%s", len(parts)-1, md)
	}
	if !strings.Contains(parts[1], "`\n\n"+fig47Blunder+"\n") {
		t.Errorf("markdown game 1 lacks the blunder paragraph:\n%s", parts[1])
	}
	if !strings.Contains(parts[2], "No blunder: "+none.Reason+".") || strings.Contains(parts[2], "Blunder: move") {
		t.Errorf("markdown game 2:\n%s", parts[2])
	}
	if strings.Contains(parts[3], "lunder") {
		t.Errorf("markdown game 3 has a blunder:\n%s", parts[3])
	}

	tr := parseSGF(t, write("l.sgf"))
	if len(tr.vars) != 3 {
		t.Fatalf("SGF: %d variations, want 3", len(tr.vars))
	}
	for k, v := range tr.vars {
		for i, n := range v.nodes {
			comment := strings.Join(n["C"], "")
			has := strings.Contains(comment, fig47Blunder)
			if want := k == 0 && i == 4; has != want {
				t.Errorf("SGF game %d move %d: blunder comment %v, want %v (%q)", k+1, i+1, has, want, comment)
			}
			if noneHere := strings.Contains(comment, "No blunder: "+none.Reason); noneHere != (k == 1 && i == 0) {
				t.Errorf("SGF game %d move %d: comment %q", k+1, i+1, comment)
			}
		}
		// The rules still read back with the blunder in the comments.
		if got := sgfGame(t, g.Board, v.nodes); !sameMoves(got, g.Moves) {
			t.Errorf("SGF game %d moves read back as %v", k+1, got)
		}
	}
}

// TestBlunderInReport: report.md and report.html carry the counterexample's
// blunder, and leave it out when the result has none.
func TestBlunderInReport(t *testing.T) {
	g, bl := fig47(t)
	r := &verify.Result{Board: g.Board, Strategy: "mirror", Side: board.Red, Starter: board.Red, Choices: verify.Every,
		Verdict: verify.Refuted, Positions: 10, Counterexample: &g, Minimal: true, Blunder: bl}
	for _, withBlunder := range []bool{true, false} {
		if !withBlunder {
			r.Blunder = nil
		}
		dir := t.TempDir()
		if err := WriteReport(dir, r); err != nil {
			t.Fatal(err)
		}
		md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
		page, _ := os.ReadFile(filepath.Join(dir, "report.html"))
		// The sentence sits under the game's move list.
		inMD := strings.Contains(string(md), "`\n\n"+fig47Blunder+"\n\nReplay it:")
		inHTML := strings.Contains(string(page), "<p class=\"blunder\">"+html.EscapeString(fig47Blunder)+"</p>")
		if inMD != withBlunder || inHTML != withBlunder || !withBlunder && (strings.Contains(string(md), "lunder") || strings.Contains(string(page), "lunder:")) {
			t.Errorf("blunder %v: in report.md %v, in report.html %v\n%s", withBlunder, inMD, inHTML, md)
		}
	}
}
