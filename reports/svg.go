package reports

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"hexproof/board"
)

// SVGOptions tunes a picture; the zero value is a sensible default.
type SVGOptions struct {
	CellSize  float64 // circumradius of a hexagon in SVG units; 0 means 22
	Title     string  // caption above the board; "" means one made from the game
	NoNumbers bool    // leave out the move numbers on the stones
	NoChain   bool    // do not highlight the winning chain
	// Stepper tags the picture for the game stepper of the HTML pages
	// (stepper.go): each move number carries data-move, and Alternatives, the
	// cells that would have kept the win at the blunder, are drawn as a hidden
	// group (class "alternatives") that the stepper shows at that move. The
	// default picture is unchanged.
	Stepper      bool
	Alternatives []board.Cell
}

// Colours of the picture. Stones are saturated, the board pale, so move numbers
// in white stay legible and the chain's gold outline stands out on both colours.
const (
	svgRed     = "#d7263d"
	svgBlue    = "#1b4f9c"
	svgEmpty   = "#f3eedf"
	svgGrid    = "#6b6b6b"
	svgChain   = "#ffc20e"
	svgSeam    = "#222222"
	svgLabel   = "#333333"
	svgRepeatO = "0.35"
	svgAlt     = "#1a7f37"
)

// svgPic is the geometry of one picture: where each (column, ring) lands.
type svgPic struct {
	b          *board.Board
	s, w, h    float64 // circumradius, cell width, ring height
	x0, y0     float64 // centre of (1, 1)
	repI, repJ bool    // a repeat column m+1 (cylinder, torus) and ring n+1 (torus)
}

// centre of (i, j), which may be a repeat (i = m+1 or j = n+1) or outside.
func (q *svgPic) centre(i, j int) (float64, float64) {
	return q.x0 + float64(i-1)*q.w + float64(j-1)*q.w/2, q.y0 + float64(j-1)*q.h
}

// corner k of the hexagon at (i, j): 0 top, 1 upper right, 2 lower right,
// 3 bottom, 4 lower left, 5 upper left (pointy-top hexagons, y grows down).
func (q *svgPic) corner(i, j, k int) (float64, float64) {
	cx, cy := q.centre(i, j)
	a := math.Pi / 180 * float64(-90+60*k)
	return cx + q.s*math.Cos(a), cy + q.s*math.Sin(a)
}

func (q *svgPic) hexPoints(i, j int) string {
	var sb strings.Builder
	for k := range 6 {
		x, y := q.corner(i, j, k)
		if k > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(num(x) + "," + num(y))
	}
	return sb.String()
}

// drawn reports whether (i, j) appears in the picture, as a cell or a repeat.
func (q *svgPic) drawn(i, j int) bool {
	maxI, maxJ := q.b.M, q.b.N
	if q.repI {
		maxI++
	}
	if q.repJ {
		maxJ++
	}
	return i >= 1 && j >= 1 && i <= maxI && j <= maxJ
}

// cellOf is the board cell shown at (i, j), folding repeats back.
func (q *svgPic) cellOf(i, j int) board.Cell {
	return q.b.Cell((i-1)%q.b.M+1, (j-1)%q.b.N+1)
}

// num writes a coordinate with one decimal, so the output is byte-stable.
func num(x float64) string {
	s := fmt.Sprintf("%.1f", x)
	s = strings.TrimSuffix(s, ".0")
	if s == "-0" {
		s = "0"
	}
	return s
}

func esc(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// SVG draws the final position of a game in the thesis's orientation: ring 1 at
// the top, each ring half a cell to the right of the ring above, so the board is
// a parallelogram leaning right going down and (i, j) touches (i+1, j-1) above
// right and (i-1, j+1) below left. Stones carry their move numbers; the winning
// chain is outlined in gold and its links drawn. On the cylinder the seam after
// column m is a dashed line and column 1 is repeated, faded, to its right, so
// the wrapped neighbours can be seen; the torus also repeats ring 1 under ring
// n. Every board cell is one <polygon class="cell …" data-cell="(i,j)">; the
// repeats are <polygon class="repeat" data-repeat-of="(i,j)">.
func SVG(g board.Game, opt SVGOptions) []byte {
	b := g.Board
	if b == nil {
		return []byte("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"30\"><text x=\"10\" y=\"20\">no board</text></svg>\n")
	}
	q, width, height := newSVGPic(b, opt.CellSize)

	p := g.Position(-1)
	winner := g.Winner
	if winner == board.Empty {
		winner = b.Winner(p)
	}
	var chain board.Bits
	if !opt.NoChain {
		chain = WinningChain(b, p, winner)
	}
	moveNo := map[board.Cell]int{}
	for k, m := range g.Moves {
		if _, seen := moveNo[m.Cell]; !seen {
			moveNo[m.Cell] = k + 1
		}
	}
	caption := opt.Title
	if caption == "" {
		caption = svgCaption(g, winner)
	}
	// Wide enough for the caption (14px) and the note (11px) in a sans font.
	width = max(width, 2*svgMargin+7.8*float64(utf8.RuneCountInString(caption)), 2*svgMargin+6.2*float64(utf8.RuneCountInString(q.note())))

	var sb strings.Builder
	fmt.Fprintf(&sb, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
<title>%s</title>
<rect class="background" x="0" y="0" width="%s" height="%s" fill="#ffffff"/>
<text class="caption" x="%s" y="%s" font-size="14" fill="%s">%s</text>
`, num(width), num(height), num(width), num(height), esc(caption), num(width), num(height),
		num(svgMargin), num(svgMargin+14), svgLabel, esc(caption))
	q.writeCells(&sb, p, moveNo)
	q.writeEdges(&sb)
	if chain.Any() {
		q.writeChain(&sb, chain)
	}
	if !opt.NoNumbers {
		q.writeNumbers(&sb, p, moveNo, opt.Stepper)
	}
	if opt.Stepper && len(opt.Alternatives) > 0 {
		q.writeAlternatives(&sb, opt.Alternatives)
	}
	q.writeLabels(&sb)
	sb.WriteString("</svg>\n")
	return []byte(sb.String())
}

// svgMargin is the blank border around the picture.
const svgMargin = 12.0

// newSVGPic lays out b with hexagons of circumradius s (0: 22): where each
// cell goes, leaving room for the caption, the column labels and the ring
// numbers; it returns the layout and the picture's size.
func newSVGPic(b *board.Board, s float64) (q *svgPic, width, height float64) {
	q = &svgPic{b: b, s: s, repI: b.Geo != board.Flat, repJ: b.Geo == board.Torus}
	if q.s <= 0 {
		q.s = 22
	}
	q.w, q.h = math.Sqrt(3)*q.s, 1.5*q.s
	cols, rows := q.extent()
	labelW := 14 + 8*float64(len(fmt.Sprint(b.N)))
	top := svgMargin + 22 + 18 // caption, then column labels
	q.x0 = svgMargin + labelW + q.w/2
	q.y0 = top + q.s
	width = q.x0 + float64(cols-1)*q.w + float64(rows-1)*q.w/2 + q.w/2 + svgMargin
	height = q.y0 + float64(rows-1)*q.h + q.s + svgMargin + 16
	return q, width, height
}

// extent is the number of columns and rings drawn, repeats included.
func (q *svgPic) extent() (cols, rows int) {
	cols, rows = q.b.M, q.b.N
	if q.repI {
		cols++
	}
	if q.repJ {
		rows++
	}
	return cols, rows
}

// svgCaption is the default caption: the board, who started and the outcome,
// or who has won when the game does not say so itself.
func svgCaption(g board.Game, winner board.Color) string {
	b := g.Board
	if winner != board.Empty && g.Winner == board.Empty {
		return fmt.Sprintf("%dx%d %s, %s has won", b.M, b.N, b.Geo, title(winner.String()))
	}
	return fmt.Sprintf("%dx%d %s, %s started, %s", b.M, b.N, b.Geo, title(g.Starter.String()), Outcome(g))
}

// svgFill is the fill colour and class of a cell in position p.
func svgFill(p board.Position, c board.Cell) (colour, class string) {
	switch p.At(c) {
	case board.Red:
		return svgRed, "red"
	case board.Blue:
		return svgBlue, "blue"
	}
	return svgEmpty, "empty"
}

// writeCells draws the hexagons: first the repeated column and ring, faded,
// so that the real board is drawn over their outlines, then the board's
// cells, each tagged with its cell and the number of the move played there.
func (q *svgPic) writeCells(sb *strings.Builder, p board.Position, moveNo map[board.Cell]int) {
	b := q.b
	if q.repI || q.repJ {
		cols, rows := q.extent()
		fmt.Fprintf(sb, "<g class=\"repeats\" opacity=\"%s\">\n", svgRepeatO)
		for j := 1; j <= rows; j++ {
			for i := 1; i <= cols; i++ {
				if i <= b.M && j <= b.N {
					continue
				}
				c := q.cellOf(i, j)
				col, _ := svgFill(p, c)
				fmt.Fprintf(sb, "<polygon class=\"repeat\" data-repeat-of=\"%s\" points=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1\"/>\n",
					b.Format(c, board.Thesis), q.hexPoints(i, j), col, svgGrid)
			}
		}
		sb.WriteString("</g>\n")
	}

	sb.WriteString("<g class=\"cells\">\n")
	for j := 1; j <= b.N; j++ {
		for i := 1; i <= b.M; i++ {
			c := b.Cell(i, j)
			col, what := svgFill(p, c)
			extra := ""
			if k, ok := moveNo[c]; ok && what != "empty" {
				extra = fmt.Sprintf(" data-move=\"%d\"", k)
			}
			fmt.Fprintf(sb, "<polygon class=\"cell %s\" data-cell=\"%s\"%s points=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1\"/>\n",
				what, b.Format(c, board.Thesis), extra, q.hexPoints(i, j), col, svgGrid)
		}
	}
	sb.WriteString("</g>\n")
}

// writeEdges draws the goal edges (Red's ring 1 and ring n, Blue's columns on
// the flat board) and the seams where the sheet is glued.
func (q *svgPic) writeEdges(sb *strings.Builder) {
	b := q.b
	line := func(class, colour string, width float64, dash string, pts [][2]float64) {
		var ps []string
		for _, pt := range pts {
			ps = append(ps, num(pt[0])+","+num(pt[1]))
		}
		d := ""
		if dash != "" {
			d = fmt.Sprintf(" stroke-dasharray=\"%s\"", dash)
		}
		fmt.Fprintf(sb, "<polyline class=\"%s\" points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" stroke-linecap=\"round\"%s/>\n",
			class, strings.Join(ps, " "), colour, num(width), d)
	}
	pt := func(i, j, k int) [2]float64 { x, y := q.corner(i, j, k); return [2]float64{x, y} }
	sb.WriteString("<g class=\"edges\">\n")
	if b.Geo != board.Torus {
		var topE, botE [][2]float64
		for i := 1; i <= b.M; i++ {
			topE = append(topE, pt(i, 1, 5), pt(i, 1, 0))
			botE = append(botE, pt(i, b.N, 4), pt(i, b.N, 3))
		}
		topE = append(topE, pt(b.M, 1, 1))
		botE = append(botE, pt(b.M, b.N, 2))
		line("edge red-edge", svgRed, 4, "", topE)
		line("edge red-edge", svgRed, 4, "", botE)
	}
	// The right side of column m: top, upper right, lower right of each cell.
	var right, left [][2]float64
	for j := 1; j <= b.N; j++ {
		right = append(right, pt(b.M, j, 0), pt(b.M, j, 1), pt(b.M, j, 2))
		left = append(left, pt(1, j, 5), pt(1, j, 4), pt(1, j, 3))
	}
	if b.Geo == board.Flat {
		line("edge blue-edge", svgBlue, 4, "", left)
		line("edge blue-edge", svgBlue, 4, "", right)
	} else {
		line("seam", svgSeam, 2.5, "6,4", right)
	}
	if b.Geo == board.Torus {
		var bottom [][2]float64
		for i := 1; i <= b.M; i++ {
			bottom = append(bottom, pt(i, b.N, 4), pt(i, b.N, 3))
		}
		bottom = append(bottom, pt(b.M, b.N, 2))
		line("seam", svgSeam, 2.5, "6,4", bottom)
	}
	sb.WriteString("</g>\n")
}

// writeChain outlines the chain's cells and joins neighbouring chain cells
// centre to centre; a link across a seam is drawn to the repeat.
func (q *svgPic) writeChain(sb *strings.Builder, chain board.Bits) {
	b := q.b
	sb.WriteString("<g class=\"chain\">\n")
	type seg struct{ i1, j1, i2, j2 int }
	done := map[seg]bool{}
	steps := [6][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}}
	maxI, maxJ := b.M, b.N
	if q.repI {
		maxI++
	}
	if q.repJ {
		maxJ++
	}
	for j := 1; j <= maxJ; j++ {
		for i := 1; i <= maxI; i++ {
			c := q.cellOf(i, j)
			if !chain.Has(c) {
				continue
			}
			for _, d := range steps {
				i2, j2 := i+d[0], j+d[1]
				if !q.drawn(i2, j2) {
					continue
				}
				c2 := q.cellOf(i2, j2)
				if c2 == c || !chain.Has(c2) {
					continue
				}
				s := seg{i, j, i2, j2}
				if i2 < i || (i2 == i && j2 < j) {
					s = seg{i2, j2, i, j}
				}
				if done[s] {
					continue
				}
				done[s] = true
				x1, y1 := q.centre(s.i1, s.j1)
				x2, y2 := q.centre(s.i2, s.j2)
				op := ""
				if s.i1 > b.M || s.j1 > b.N || s.i2 > b.M || s.j2 > b.N {
					op = " opacity=\"0.5\""
				}
				fmt.Fprintf(sb, "<line class=\"chain-link\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" stroke-width=\"%s\" stroke-linecap=\"round\"%s/>\n",
					num(x1), num(y1), num(x2), num(y2), svgChain, num(q.s*0.14), op)
			}
		}
	}
	for _, c := range chain.Cells() {
		i, j := b.Coord(c)
		fmt.Fprintf(sb, "<polygon class=\"chain-mark\" data-chain=\"%s\" points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"3\" stroke-linejoin=\"round\"/>\n",
			b.Format(c, board.Thesis), q.hexPoints(i, j), svgChain)
	}
	sb.WriteString("</g>\n")
}

// writeNumbers writes each stone's move number on it (and, faded, on repeats).
func (q *svgPic) writeNumbers(sb *strings.Builder, p board.Position, moveNo map[board.Cell]int, tag bool) {
	b := q.b
	sb.WriteString("<g class=\"numbers\" text-anchor=\"middle\" fill=\"#ffffff\">\n")
	fs := q.s * 0.72
	for j := 1; j <= b.N+1; j++ {
		for i := 1; i <= b.M+1; i++ {
			if !q.drawn(i, j) {
				continue
			}
			c := q.cellOf(i, j)
			k, ok := moveNo[c]
			if !ok || p.At(c) == board.Empty {
				continue
			}
			x, y := q.centre(i, j)
			op := ""
			if i > b.M || j > b.N {
				op = " opacity=\"" + svgRepeatO + "\""
			}
			if tag {
				op += fmt.Sprintf(" data-move=\"%d\"", k)
			}
			fmt.Fprintf(sb, "<text x=\"%s\" y=\"%s\" font-size=\"%s\" font-weight=\"bold\"%s>%d</text>\n",
				num(x), num(y+fs*0.36), num(fs), op, k)
		}
	}
	sb.WriteString("</g>\n")
}

// writeAlternatives marks cells (the moves that would have kept the win) with
// a green dashed ring, in a group hidden until the stepper shows it.
func (q *svgPic) writeAlternatives(sb *strings.Builder, cells []board.Cell) {
	b := q.b
	sb.WriteString("<g class=\"alternatives\" display=\"none\">\n")
	for _, c := range cells {
		i, j := b.Coord(c)
		x, y := q.centre(i, j)
		fmt.Fprintf(sb, "<circle class=\"alternative\" data-alternative=\"%s\" cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"%s\" fill-opacity=\"0.35\" stroke=\"%s\" stroke-width=\"3\" stroke-dasharray=\"4,3\"><title>%s would have kept the win</title></circle>\n",
			b.Format(c, board.Thesis), num(x), num(y), num(q.s*0.55), svgAlt, svgAlt, b.Format(c, board.Thesis))
	}
	sb.WriteString("</g>\n")
}

// writeLabels writes column numbers above ring 1 and ring numbers left of
// column 1, as the thesis's (column, ring) coordinates; repeats get their
// number in grey.
func (q *svgPic) writeLabels(sb *strings.Builder) {
	b := q.b
	sb.WriteString("<g class=\"labels\" font-size=\"12\">\n")
	for i := 1; i <= b.M+1; i++ {
		if !q.drawn(i, 1) {
			continue
		}
		x, y := q.centre(i, 1)
		colour := svgLabel
		if i > b.M {
			colour = "#999999"
		}
		fmt.Fprintf(sb, "<text class=\"col-label\" x=\"%s\" y=\"%s\" text-anchor=\"middle\" fill=\"%s\">%d</text>\n",
			num(x), num(y-q.s-6), colour, (i-1)%b.M+1)
	}
	for j := 1; j <= b.N+1; j++ {
		if !q.drawn(1, j) {
			continue
		}
		x, y := q.centre(1, j)
		colour := svgLabel
		if j > b.N {
			colour = "#999999"
		}
		fmt.Fprintf(sb, "<text class=\"ring-label\" x=\"%s\" y=\"%s\" text-anchor=\"end\" fill=\"%s\">%d</text>\n",
			num(x-q.w/2-6), num(y+4), colour, (j-1)%b.N+1)
	}
	if note := q.note(); note != "" {
		_, y := q.centre(1, b.N)
		if q.repJ {
			_, y = q.centre(1, b.N+1)
		}
		fmt.Fprintf(sb, "<text class=\"note\" x=\"12\" y=\"%s\" font-size=\"11\" fill=\"#777777\">%s</text>\n",
			num(y+q.s+14), esc(note))
	}
	sb.WriteString("</g>\n")
}

// note explains the seam and the repeats under the picture.
func (q *svgPic) note() string {
	switch q.b.Geo {
	case board.Cylinder:
		return fmt.Sprintf("dashed: seam (column %d meets column 1); faded: column 1 repeated", q.b.M)
	case board.Torus:
		return "dashed: seams; faded: column 1 and ring 1 repeated"
	}
	return ""
}
