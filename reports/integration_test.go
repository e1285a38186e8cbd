package reports

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
)

// A real refutation from the verifier goes through every writer: the thesis's
// Fig. 4.7 says the mirror strategy loses on the 4x3 torus.
func TestReportsOfARealRun(t *testing.T) {
	b := board.MustNew(4, 3, board.Torus)
	s, err := strategies.New("mirror", b)
	if err != nil {
		t.Fatalf("mirror on the 4x3 torus: %v", err)
	}
	dir := t.TempDir()
	lw, err := NewLossWriter(filepath.Join(dir, "losses.sgf"), b, Meta{Strategy: "mirror", Side: board.Red})
	if err != nil {
		t.Fatal(err)
	}
	res, err := verify.Run(context.Background(), verify.Options{Strategy: s, Name: "mirror", Starter: board.Red,
		Choices: verify.Every, TimeLimit: 20 * time.Second, MaxLosses: 3, OnLoss: lw.Write})
	if err != nil {
		t.Fatal(err)
	}
	if err := lw.Close(); err != nil {
		t.Fatal(err)
	}
	if res.Verdict != verify.Refuted || res.Counterexample == nil {
		t.Fatalf("verdict %s, want refuted (thesis Fig. 4.7)", res.Verdict)
	}
	g := *res.Counterexample
	if g.Winner != board.Blue {
		t.Errorf("counterexample winner %v, want blue", g.Winner)
	}

	out, err := ResultJSON(res)
	if err != nil {
		t.Fatal(err)
	}
	var doc ResultDoc
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Board != "4x3" || doc.Geometry != "torus" || doc.Verdict != "refuted" || doc.Counterexample == nil ||
		doc.Counterexample.Plies != len(g.Moves) || len(doc.Counterexample.Moves) != len(g.Moves) {
		t.Errorf("JSON: %s", out)
	}
	for k, m := range doc.Counterexample.Moves {
		i, j := b.Coord(g.Moves[k].Cell)
		if m.Cell != [2]int{i, j} || m.Player != g.Moves[k].Player.String() || m.Rule != g.Moves[k].Rule {
			t.Errorf("JSON move %d = %+v, game has %+v", k+1, m, g.Moves[k])
		}
		if m.Player == "red" && m.Rule == "" {
			t.Errorf("strategy move %d has no rule", k+1)
		}
	}

	txt := ResultText(res)
	for _, l := range strings.Split(txt, "\n") {
		if tooWide(l) {
			t.Errorf("line over 80 columns: %q", l)
		}
	}
	if !strings.Contains(txt, "Blue won; its winning chain in lower case") {
		t.Errorf("summary:\n%s", txt)
	}

	data, err := os.ReadFile(filepath.Join(dir, "losses.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	tr := parseSGF(t, string(data))
	if len(tr.vars) == 0 || len(tr.vars) > 3 || tr.nodes[0]["GE"][0] != "torus" {
		t.Errorf("losses.sgf: %d variations, root %v", len(tr.vars), tr.nodes[0])
	}
	if err := WriteReport(filepath.Join(dir, "rep"), res); err != nil {
		t.Fatal(err)
	}
}
