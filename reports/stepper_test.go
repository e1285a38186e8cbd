package reports

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"hexproof/board"
	"hexproof/verify"
)

// pageCheck parses an HTML page as a browser does (golang.org/x/net/html)
// and checks what every page with a stepper must have: the doctype, a
// language, the charset and viewport, a title; no external resource and no
// element that loads one; unique ids; every button labelled (aria-label); an
// aria-live status per stepper whose parts have the ids the stepper names;
// one picture per stepper; the stepper's script on the body. It returns the
// elements by id.
func pageCheck(t *testing.T, name string, page []byte) map[string]*html.Node {
	t.Helper()
	if !bytes.HasPrefix(page, []byte("<!DOCTYPE html>\n")) {
		t.Errorf("%s: no <!DOCTYPE html> first", name)
	}
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	ids := map[string]*html.Node{}
	attr := func(n *html.Node, k string) (string, bool) {
		for _, a := range n.Attr {
			if a.Key == k {
				return a.Val, true
			}
		}
		return "", false
	}
	var steppers []*html.Node
	tags := map[string]int{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			if n.Data != "title" || n.Parent.Data == "head" { // the SVGs have titles of their own
				tags[n.Data]++
			}
			if id, ok := attr(n, "id"); ok {
				if ids[id] != nil {
					t.Errorf("%s: id %q twice", name, id)
				}
				ids[id] = n
			}
			for _, a := range n.Attr {
				if (a.Key == "src" || a.Key == "href") && !strings.HasPrefix(a.Val, "#") {
					t.Errorf("%s: external reference <%s %s=%q>", name, n.Data, a.Key, a.Val)
				}
			}
			switch n.Data {
			case "link", "img", "iframe", "object", "embed", "script":
				t.Errorf("%s: a <%s> element", name, n.Data)
			case "button":
				if l, _ := attr(n, "aria-label"); l == "" {
					t.Errorf("%s: a button without aria-label", name)
				}
				if ty, _ := attr(n, "type"); ty != "button" {
					t.Errorf("%s: a button of type %q", name, ty)
				}
			case "section":
				if c, _ := attr(n, "class"); c == "stepper" {
					steppers = append(steppers, n)
				}
			case "html":
				if l, _ := attr(n, "lang"); l != "en" {
					t.Errorf("%s: <html lang=%q>", name, l)
				}
			case "meta":
				if v, _ := attr(n, "name"); v == "viewport" {
					tags["viewport"]++
				}
				if _, ok := attr(n, "charset"); ok {
					tags["charset"]++
				}
			case "body":
				if js, _ := attr(n, "onload"); js != StepperJS {
					t.Errorf("%s: the body does not run the stepper's script", name)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	for _, k := range []string{"title", "viewport", "charset", "h1"} {
		if tags[k] != 1 {
			t.Errorf("%s: %d <%s>, want 1", name, tags[k], k)
		}
	}
	if tags["svg"] != len(steppers) {
		t.Errorf("%s: %d pictures for %d steppers", name, tags["svg"], len(steppers))
	}
	for _, s := range steppers {
		id, _ := attr(s, "id")
		var d stepperData
		data, _ := attr(s, "data-game")
		if err := json.Unmarshal([]byte(data), &d); err != nil || len(d.Steps) != len(d.Moves)+1 {
			t.Errorf("%s: stepper %s: data-game %v, %d steps for %d moves", name, id, err, len(d.Steps), len(d.Moves))
		}
		status := ids[id+"-status"]
		if live, _ := attr(status, "aria-live"); status == nil || live != "polite" {
			t.Errorf("%s: stepper %s has no aria-live status", name, id)
		}
		for _, part := range []string{"move", "rule", "stones", "note", "first", "back", "forward", "last"} {
			if ids[id+"-"+part] == nil {
				t.Errorf("%s: stepper %s lacks #%s-%s", name, id, id, part)
			}
		}
	}
	return ids
}

// TestStepperReportHTML: report.html, parsed as a browser parses it, is one
// valid self-contained page whose stepper holds the game: a step per ply, the
// final position shown without script, the blunder's alternatives drawn
// (hidden until its move) and named at its move.
func TestStepperReportHTML(t *testing.T) {
	g, bl := fig47(t)
	r := &verify.Result{Board: g.Board, Strategy: "mirror", Side: board.Red, Starter: board.Red, Choices: verify.Every,
		Verdict: verify.Refuted, Positions: 10, Counterexample: &g, Minimal: true, Blunder: bl}
	dir := t.TempDir()
	if err := WriteReport(dir, r); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	ids := pageCheck(t, "report.html", page)
	if ids["game"] == nil || text(ids["game-move"]) != "Move 8 of 8: Blue (4,3)" || text(ids["game-stones"]) != "8 stones on the board" {
		t.Errorf("the stepper does not open on the final position: %q, %q", text(ids["game-move"]), text(ids["game-stones"]))
	}
	for _, want := range []string{`<g class="alternatives" display="none">`, `data-alternative="(1,2)"`, `data-alternative="(4,3)"`, `data-move="5"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	steps := stepperSteps(g, bl)
	if s := steps[5]; s.Move != "Move 5 of 8: Red (2,2)" || s.Rule != "rule 2" || s.Stones != "5 stones on the board" ||
		!strings.Contains(s.Note, "ringed in green: (1,2) (3,2) (2,3) (4,3).") {
		t.Errorf("step 5 (the blunder): %+v", s)
	}
	if s := steps[0]; s.Move != "Start: the empty board, Red to move" || s.Stones != "0 stones on the board" || s.Note != "" {
		t.Errorf("step 0: %+v", s)
	}
	if !strings.Contains(steps[8].Note, "Blue won; its winning chain outlined in gold") {
		t.Errorf("last step: %+v", steps[8])
	}
	// The hierarchy item that dropped the last winning move is named with
	// the rule, where the blunder has one.
	bl2 := *bl
	bl2.AtFault, bl2.TieBreakStep = "tie-break", "hierarchy item 3"
	if s := stepperSteps(g, &bl2)[5]; s.Rule != "rule 2; tie-break: hierarchy item 3" {
		t.Errorf("tie-break step: %+v", s)
	}
}

// TestStepperExportHTML: --export-losses FILE.html writes one page with a
// stepper per game, each with its own ids, its blunder under its moves.
func TestStepperExportHTML(t *testing.T) {
	g, bl := fig47(t)
	path := filepath.Join(t.TempDir(), "losses.html")
	w, err := NewLossWriter(path, g.Board, Meta{Strategy: "mirror", Side: board.Red, Choices: "every"})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteAnnotated(g, bl); err != nil {
		t.Fatal(err)
	}
	if err := w.Write(g); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(path)
	ids := pageCheck(t, "losses.html", page)
	if ids["game-1"] == nil || ids["game-2"] == nil || ids["game-3"] != nil {
		t.Errorf("want steppers game-1 and game-2")
	}
	if strings.Count(string(page), `<p class="blunder">`) != 1 || !strings.HasSuffix(string(page), "</body>\n</html>\n") ||
		!strings.Contains(string(page), "<h1>Lost games: mirror (Red) on 4x3 torus, choices every</h1>") {
		t.Errorf("losses.html:\n%s", page)
	}
	if _, err := NewLossWriter(filepath.Join(t.TempDir(), "x.htm"), g.Board, Meta{}); err == nil || !strings.Contains(err.Error(), ".html for a page") {
		t.Errorf("unknown format: %v", err)
	}
}

// text is the text content of n.
func text(n *html.Node) string {
	if n == nil {
		return ""
	}
	var sb strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			sb.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return sb.String()
}
