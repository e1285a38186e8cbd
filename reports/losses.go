package reports

import (
	"bufio"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
)

// LossWriter receives the lost games of a verification (verify.Options.OnLoss)
// one at a time and writes them to a file as they come, so a long run that is
// interrupted still leaves the games found so far. WriteAnnotated writes a
// game with its blunder (nil: none computed), in each format's own way: a
// "blunder" object in JSONL, a sentence under the game in Markdown, a comment
// on the blunder's move in SGF.
type LossWriter interface {
	Write(board.Game) error
	WriteAnnotated(board.Game, *verify.Blunder) error
	Close() error
}

// NewLossWriter creates path and picks the format by its extension:
// .jsonl (one JSON game per line), .md (numbered thesis-style tables), .sgf
// (one HexGui-readable game tree, each lost game a variation) or .html (one
// self-contained page with a game stepper per game). Every game must be on
// board b.
func NewLossWriter(path string, b *board.Board, meta Meta) (LossWriter, error) {
	if b == nil {
		return nil, fmt.Errorf("export losses to %s: no board", path)
	}
	ext := strings.ToLower(filepath.Ext(path))
	switch ext {
	case ".jsonl", ".md", ".sgf", ".html":
	default:
		return nil, fmt.Errorf("export losses to %s: unknown format %q (want a file ending in .jsonl, .md or .sgf, or .html for a page)", path, ext)
	}
	if meta.Side == board.Empty && meta.Strategy != "" {
		// Callers may leave the side out; the registry knows it.
		if info, err := strategies.Lookup(meta.Strategy); err == nil {
			meta.Side = info.Side
		}
	}
	if ext == ".sgf" {
		if err := sgfFits(b); err != nil {
			return nil, fmt.Errorf("export losses to %s: %w", path, err)
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("export losses: %w", err)
	}
	base := lossFile{f: f, w: bufio.NewWriter(f), b: b, meta: meta, path: path}
	var lw LossWriter
	switch ext {
	case ".jsonl":
		w := &jsonlWriter{base}
		w.annotated, lw = w.write, w
	case ".md":
		w := &mdWriter{lossFile: base}
		w.annotated, lw = w.write, w
	case ".html":
		w := &htmlWriter{lossFile: base}
		w.annotated, lw = w.write, w
	default:
		w := &sgfWriter{lossFile: base}
		w.annotated, lw = w.write, w
	}
	if h, ok := lw.(interface{ header() error }); ok {
		if err := h.header(); err != nil {
			f.Close()
			return nil, err
		}
	}
	return lw, nil
}

// lossFile is what every format shares: the open file and what the games are.
type lossFile struct {
	f     *os.File
	w     *bufio.Writer
	b     *board.Board
	meta  Meta
	path  string
	count int
	// annotated writes one game; Write and WriteAnnotated share it.
	annotated func(board.Game, *verify.Blunder) error
}

func (l *lossFile) Write(g board.Game) error { return l.annotated(g, nil) }

func (l *lossFile) WriteAnnotated(g board.Game, bl *verify.Blunder) error { return l.annotated(g, bl) }

func (l *lossFile) check(g board.Game) error {
	if g.Board != nil && (g.Board.M != l.b.M || g.Board.N != l.b.N || g.Board.Geo != l.b.Geo) {
		return fmt.Errorf("export losses to %s: game on %v, file is for %v", l.path, g.Board, l.b)
	}
	return nil
}

func (l *lossFile) close(trailer string) error {
	if l.f == nil {
		return fmt.Errorf("export losses to %s: already closed", l.path)
	}
	_, err := l.w.WriteString(trailer)
	if err == nil {
		err = l.w.Flush()
	}
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	if err != nil {
		return fmt.Errorf("export losses to %s: %w", l.path, err)
	}
	return nil
}

func (l *lossFile) wrapErr(err error) error {
	if err != nil {
		return fmt.Errorf("export losses to %s: %w", l.path, err)
	}
	return nil
}

// jsonlWriter writes one compact JSON game (GameJSON, with "blunder" when
// there is an annotation) per line.
type jsonlWriter struct{ lossFile }

// lossJSON is a line of a .jsonl export.
type lossJSON struct {
	GameJSON
	Blunder *BlunderJSON `json:"blunder,omitempty"`
}

func (j *jsonlWriter) write(g board.Game, bl *verify.Blunder) error {
	if err := j.check(g); err != nil {
		return err
	}
	g.Board = j.b
	line := lossJSON{GameJSON: NewGameJSON(g, j.meta)}
	if bl != nil {
		bj := NewBlunderJSON(j.b, bl)
		line.Blunder = &bj
	}
	out, err := json.Marshal(line)
	if err != nil {
		return j.wrapErr(err)
	}
	j.count++
	_, err = j.w.Write(append(out, '\n'))
	return j.wrapErr(err)
}

func (j *jsonlWriter) Close() error { return j.close("") }

// mdWriter writes a heading, then per game a numbered section with the
// thesis-style table (in a code block, so its columns stay aligned) and the
// move list in a form `hexproof show --moves` reads back.
type mdWriter struct{ lossFile }

func (m *mdWriter) header() error {
	_, err := fmt.Fprintf(m.w, "# Lost games: %s\n", describe(m.b, m.meta))
	return m.wrapErr(err)
}

func (m *mdWriter) write(g board.Game, bl *verify.Blunder) error {
	if err := m.check(g); err != nil {
		return err
	}
	g.Board = m.b
	m.count++
	_, err := fmt.Fprintf(m.w, "\n## Game %d: %s started, %s\n\n```text\n%s```\n\nMoves: `%s`\n%s",
		m.count, title(g.Starter.String()), Outcome(g), Table(g, board.Thesis),
		m.b.FormatMoves(g.Moves, board.Thesis, true), blunderParagraph(m.b, bl))
	return m.wrapErr(err)
}

// blunderParagraph is the blunder sentence as a Markdown paragraph (empty
// without an annotation).
func blunderParagraph(b *board.Board, bl *verify.Blunder) string {
	if bl == nil {
		return ""
	}
	return "\n" + MarkdownEscape(BlunderText(b, bl, board.Thesis)) + "\n"
}

func (m *mdWriter) Close() error { return m.close("") }

// describe is "fitzgerald (Red) on 5x9 cylinder", or just the board.
func describe(b *board.Board, meta Meta) string {
	s := fmt.Sprintf("%dx%d %s", b.M, b.N, b.Geo)
	if meta.Strategy == "" {
		return s
	}
	who := meta.Strategy
	if meta.Side != board.Empty {
		who += " (" + title(meta.Side.String()) + ")"
	}
	s = who + " on " + s
	if meta.Choices != "" {
		s += ", choices " + meta.Choices
	}
	return s
}

// htmlWriter writes one page: a heading, then per game a section with its
// moves, its blunder and a game stepper (StepperHTML), each game's own.
type htmlWriter struct{ lossFile }

func (w *htmlWriter) header() error {
	t := "Lost games: " + describe(w.b, w.meta)
	_, err := fmt.Fprintf(w.w, "%s<h1>%s</h1>\n<p>Each game has its own stepper: its buttons, or the arrow keys, Home and End once one of its buttons has the focus.</p>\n",
		htmlHead(t, reportCSS), html.EscapeString(t))
	return w.wrapErr(err)
}

func (w *htmlWriter) write(g board.Game, bl *verify.Blunder) error {
	if err := w.check(g); err != nil {
		return err
	}
	g.Board = w.b
	w.count++
	h := html.EscapeString
	id := fmt.Sprintf("game-%d", w.count)
	var sb strings.Builder
	fmt.Fprintf(&sb, "<h2 id=\"%s-heading\">Game %d: %s started, %s</h2>\n<p>Moves: <code>%s</code></p>\n",
		id, w.count, title(g.Starter.String()), h(Outcome(g)), h(w.b.FormatMoves(g.Moves, board.Thesis, true)))
	if bl != nil {
		fmt.Fprintf(&sb, "<p class=\"blunder\">%s</p>\n", h(BlunderText(w.b, bl, board.Thesis)))
	}
	sb.WriteString(StepperHTML(g, bl, id))
	_, err := w.w.WriteString(sb.String())
	return w.wrapErr(err)
}

func (w *htmlWriter) Close() error { return w.close("</body>\n</html>\n") }
