package reports

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"
	"time"

	"hexproof/board"
	"hexproof/verify"
)

// WriteReport writes a verification's report into dir (created if needed):
// report.html, one self-contained page (styles and pictures inline, no
// external assets) to open in a browser or attach to a mail; report.md, the
// same for a repository or an issue; and, when there is a game to show,
// final.svg, the picture report.md links to.
func WriteReport(dir string, r *verify.Result) error {
	if r == nil || r.Board == nil {
		return fmt.Errorf("report: no result")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	var g *board.Game
	var svg []byte
	if r.Counterexample != nil {
		gg := *r.Counterexample
		if gg.Board == nil {
			gg.Board = r.Board
		}
		g = &gg
		svg = SVG(gg, SVGOptions{})
	}
	files := map[string][]byte{
		"report.html": []byte(reportHTML(r, g)),
		"report.md":   []byte(reportMarkdown(r, g)),
	}
	if svg != nil {
		files["final.svg"] = svg
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return fmt.Errorf("report: %w", err)
		}
	}
	return nil
}

// reportFigures are the numbers of a result as (label, value) pairs, in the
// order a reader wants them.
func reportFigures(r *verify.Result) [][2]string {
	f := [][2]string{
		{"Board", fmt.Sprintf("%dx%d %s", r.Board.M, r.Board.N, r.Board.Geo)},
		{"Strategy", fmt.Sprintf("%s (plays %s)", r.Strategy, title(r.Side.String()))},
		{"Starter", title(r.Starter.String())},
		{"Choices", r.Choices.String()},
		{"Verdict", string(r.Verdict)},
		{"Positions examined", Thousands(r.Positions)},
	}
	switch {
	case r.Verdict != verify.Inconclusive:
		f = append(f, [2]string{"Longest game", Plies(r.LongestGame)})
	case r.LongestGame > 0:
		f = append(f, [2]string{"Longest game so far", Plies(r.LongestGame)})
	}
	f = append(f, [][2]string{
		{"Transposition hits", Thousands(r.TranspositionHits)},
		{"Symmetry hits", Thousands(r.SymmetryHits)},
		{"Layers fully explored", fmt.Sprint(r.LayersDone)},
		{"Elapsed", r.Elapsed.Round(time.Millisecond).String()},
	}...)
	if r.Counterexample != nil {
		note := "not proven shortest"
		if r.Minimal {
			note = "shortest"
		}
		f = append(f, [2]string{"Counterexample", fmt.Sprintf("%s (%s)", Plies(len(r.Counterexample.Moves)), note)})
	}
	if r.Detail != "" {
		f = append(f, [2]string{"Detail", r.Detail})
	}
	return f
}

func reportTitle(r *verify.Result) string {
	return fmt.Sprintf("%s on %dx%d %s, %s starts: %s", r.Strategy, r.Board.M, r.Board.N, r.Board.Geo,
		title(r.Starter.String()), r.Verdict)
}

func reportMarkdown(r *verify.Result, g *board.Game) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# %s\n\n**%s**\n\n", reportTitle(r), MarkdownEscape(VerdictSentence(r)))
	sb.WriteString("| | |\n|---|---|\n")
	for _, f := range reportFigures(r) {
		fmt.Fprintf(&sb, "| %s | %s |\n", f[0], MarkdownEscape(f[1]))
	}
	if len(r.RuleCounts) > 0 {
		sb.WriteString("\n## Rules fired\n\nHow many of the strategy's moves each of its rules chose.\n\n| rule | times |\n|---|--:|\n")
		for _, k := range SortedRules(r.RuleCounts) {
			fmt.Fprintf(&sb, "| %s | %s |\n", MarkdownEscape(k), Thousands(r.RuleCounts[k]))
		}
	}
	if g != nil {
		fmt.Fprintf(&sb, "\n## %s\n\n%s.\n\n```text\n%s```\n\nMoves: `%s`\n%s\nReplay it:\n\n```sh\n%s\n```\n", counterexampleHeading(r),
			title(Outcome(*g)), Table(*g, board.Thesis), g.Board.FormatMoves(g.Moves, board.Thesis, true),
			blunderParagraph(g.Board, r.Blunder), ReplayCommand(r))
		p := g.Position(-1)
		fmt.Fprintf(&sb, "\n## Final position\n\n![final position](final.svg)\n\n%s:\n\n```text\n%s```\n",
			title(chainNote(*g)), g.Board.Picture(p, WinningChain(g.Board, p, g.Winner)))
	}
	return sb.String()
}

const reportCSS = `body{font-family:"DejaVu Sans",Helvetica,Arial,sans-serif;max-width:60em;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}
td.n{text-align:right}th{background:#f3f3f3}
.verdict{font-size:1.1em;padding:.5em .8em;border-left:6px solid #888;background:#f7f7f7}
.optimal{border-color:#2a8a2a}.refuted{border-color:#d7263d}.inconclusive{border-color:#d9a400}.error{border-color:#7a3cc2}
pre{background:#f7f7f7;padding:.6em;overflow-x:auto}table{max-width:100%;overflow-x:auto}code{overflow-wrap:anywhere}.blunder{border-left:6px solid #d7263d;padding:.3em .8em}.red{color:#d7263d}.blue{color:#1b4f9c}`

func reportHTML(r *verify.Result, g *board.Game) string {
	h := html.EscapeString
	var sb strings.Builder
	sb.WriteString(htmlHead(reportTitle(r), reportCSS))
	class := strings.ReplaceAll(string(r.Verdict), "strategy ", "")
	fmt.Fprintf(&sb, "<h1>%s</h1>\n<p class=\"verdict %s\">%s</p>\n", h(reportTitle(r)), h(class), h(VerdictSentence(r)))
	sb.WriteString("<table class=\"figures\">\n")
	for _, f := range reportFigures(r) {
		fmt.Fprintf(&sb, "<tr><th>%s</th><td>%s</td></tr>\n", h(f[0]), h(f[1]))
	}
	sb.WriteString("</table>\n")
	if len(r.RuleCounts) > 0 {
		sb.WriteString("<h2>Rules fired</h2>\n<table class=\"rules\">\n<tr><th>rule</th><th>times</th></tr>\n")
		for _, k := range SortedRules(r.RuleCounts) {
			fmt.Fprintf(&sb, "<tr><td>%s</td><td class=\"n\">%s</td></tr>\n", h(k), Thousands(r.RuleCounts[k]))
		}
		sb.WriteString("</table>\n")
	}
	if g != nil {
		fmt.Fprintf(&sb, "<h2>%s</h2>\n<p>%s.</p>\n", h(counterexampleHeading(r)), h(title(Outcome(*g))))
		left, right := tableHeader(*g)
		fmt.Fprintf(&sb, "<table class=\"game\">\n<tr><th>%s</th><th>%s</th></tr>\n", h(left), h(right))
		for _, row := range tableRows(*g, board.Thesis) {
			fmt.Fprintf(&sb, "<tr><td class=\"red\">%s</td><td class=\"blue\">%s</td></tr>\n", h(row[0]), h(row[1]))
		}
		sb.WriteString("</table>\n")
		fmt.Fprintf(&sb, "<p>Moves: <code>%s</code></p>\n", h(g.Board.FormatMoves(g.Moves, board.Thesis, true)))
		if r.Blunder != nil {
			fmt.Fprintf(&sb, "<p class=\"blunder\">%s</p>\n", h(BlunderText(g.Board, r.Blunder, board.Thesis)))
		}
		fmt.Fprintf(&sb, "<p>Replay it: <code>%s</code></p>\n", h(ReplayCommand(r)))
		fmt.Fprintf(&sb, "<h2>Final position, and the game move by move</h2>\n<p>%s; stones are numbered in move order. Step through the game with the buttons, the arrow keys, Home and End, or a move of the list.</p>\n",
			h(title(strings.Replace(chainNote(*g), "in lower case", "outlined in gold", 1))))
		sb.WriteString(StepperHTML(*g, r.Blunder, "game"))
		p := g.Position(-1)
		fmt.Fprintf(&sb, "<pre>%s</pre>\n", h(g.Board.Picture(p, WinningChain(g.Board, p, g.Winner))))
	}
	sb.WriteString("</body>\n</html>\n")
	return sb.String()
}

// inlineSVG drops the XML declaration, which may not appear inside HTML.
func inlineSVG(svg []byte) []byte {
	if k := bytes.Index(svg, []byte("?>")); k >= 0 && bytes.HasPrefix(svg, []byte("<?xml")) {
		svg = bytes.TrimLeft(svg[k+2:], "\n")
	}
	return svg
}
