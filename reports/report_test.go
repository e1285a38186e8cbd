package reports

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/verify"
)

func TestWriteReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "rep")
	r := refutation(t)
	if err := WriteReport(dir, r); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	// Well-formed (we write XHTML-compatible markup), self-contained, with one
	// inline SVG holding every cell, and the game table row by row.
	d := xml.NewDecoder(bytes.NewReader(page))
	d.Strict = true
	svgs, cells, gameRows := 0, 0, 0
	inGame := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("report.html is not well-formed: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			for _, a := range e.Attr {
				if a.Name.Local == "src" || (a.Name.Local == "href" && !strings.HasPrefix(a.Value, "#")) {
					t.Errorf("external reference <%s %s=%q>", e.Name.Local, a.Name.Local, a.Value)
				}
				if a.Name.Local == "class" && a.Value == "game" {
					inGame = true
				}
				if a.Name.Local == "class" && strings.HasPrefix(a.Value, "cell ") {
					cells++
				}
			}
			switch e.Name.Local {
			case "svg":
				svgs++
			case "link", "script", "img", "iframe":
				t.Errorf("report.html has a <%s> element", e.Name.Local)
			case "tr":
				if inGame {
					gameRows++
				}
			}
		case xml.EndElement:
			if e.Name.Local == "table" {
				inGame = false
			}
		}
	}
	if svgs != 1 || cells != 45 {
		t.Errorf("%d inline SVGs with %d cells, want 1 with 45", svgs, cells)
	}
	if gameRows != 12 { // header + 11 rounds, as App. A.1.1 prints game 1
		t.Errorf("game table has %d rows, want 12", gameRows)
	}
	for _, s := range []string{"refuted — Red loses a game of 21 plies", "(4, 5) - 2", "1,234,567"} {
		if !bytes.Contains(page, []byte(s)) {
			t.Errorf("report.html lacks %q", s)
		}
	}

	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	g := thesisGame(t, 0)
	p := g.Position(-1)
	for _, s := range []string{
		"# fitzgerald on 5x9 cylinder, Blue starts: refuted",
		"| Positions examined | 1,234,567 |",
		"| 6(a) | 2 |",
		Table(g, board.Thesis),
		g.Board.Picture(p, WinningChain(g.Board, p, board.Blue)),
		"![final position](final.svg)",
	} {
		if !strings.Contains(string(md), s) {
			t.Errorf("report.md lacks %q:\n%s", s, md)
		}
	}
	if svg, err := os.ReadFile(filepath.Join(dir, "final.svg")); err != nil || !bytes.Equal(svg, SVG(g, SVGOptions{})) {
		t.Errorf("final.svg missing or not the game's picture (%v)", err)
	}

	// An optimal result: figures, no game, no picture.
	opt := &verify.Result{Board: board.MustNew(4, 3, board.Cylinder), Strategy: "mirror", Side: board.Red,
		Starter: board.Blue, Verdict: verify.Optimal, Positions: 42, LongestGame: 12,
		RuleCounts: map[string]int64{"mirror": 30}}
	dir2 := t.TempDir()
	if err := WriteReport(dir2, opt); err != nil {
		t.Fatal(err)
	}
	page, _ = os.ReadFile(filepath.Join(dir2, "report.html"))
	if bytes.Contains(page, []byte("<svg")) || !bytes.Contains(page, []byte("optimal — Red wins every game")) {
		t.Errorf("optimal report.html:\n%s", page)
	}
	if _, err := os.Stat(filepath.Join(dir2, "final.svg")); err == nil {
		t.Error("optimal report has a final.svg")
	}
	if err := WriteReport(dir2, nil); err == nil {
		t.Error("WriteReport(nil) did not fail")
	}
}
