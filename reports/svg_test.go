package reports

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hexproof/board"
)

// svgElems parses an SVG and returns its elements by name with their attributes.
func svgElems(t *testing.T, data []byte) map[string][]map[string]string {
	t.Helper()
	out := map[string][]map[string]string{}
	d := xml.NewDecoder(bytes.NewReader(data))
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if root == "" {
				root = se.Name.Local
				if root != "svg" || se.Name.Space != "http://www.w3.org/2000/svg" {
					t.Fatalf("root element is %v, want svg in the SVG namespace", se.Name)
				}
			}
			attrs := map[string]string{}
			for _, a := range se.Attr {
				attrs[a.Name.Local] = a.Value
			}
			out[se.Name.Local] = append(out[se.Name.Local], attrs)
		}
	}
	return out
}

func hasClass(a map[string]string, c string) bool {
	for _, f := range strings.Fields(a["class"]) {
		if f == c {
			return true
		}
	}
	return false
}

func TestSVGCells(t *testing.T) {
	cases := []struct {
		m, n        int
		geo         board.Geometry
		repeats     int
		seams       int
		moves       string
		winner      board.Color
		redStones   int
		chainLinksN int // at least this many links
	}{
		{5, 4, board.Cylinder, 4, 1, "(1,1) (2,1) (1,2) (2,2) (1,3) (2,3) (1,4)", board.Red, 4, 3},
		{4, 3, board.Flat, 0, 0, "(1,1) (1,2) (2,1) (2,2) (3,1) (3,2) (4,1)", board.Empty, 4, 0},
		{4, 3, board.Torus, 3 + 4 + 1, 2, "(1,1) (1,2) (2,1)", board.Empty, 2, 0},
		{1, 2, board.Cylinder, 2, 1, "(1,2)", board.Empty, 1, 0},
		{2, 2, board.Torus, 2 + 2 + 1, 2, "", board.Empty, 0, 0},
	}
	for _, tc := range cases {
		b := board.MustNew(tc.m, tc.n, tc.geo)
		toks, err := b.ParseMoves(tc.moves)
		if err != nil {
			t.Fatal(err)
		}
		_, mv, w, err := b.Play(board.Red, toks)
		if err != nil {
			t.Fatal(err)
		}
		if w != tc.winner {
			t.Fatalf("%v: winner %v, want %v", b, w, tc.winner)
		}
		el := svgElems(t, SVG(board.Game{Board: b, Starter: board.Red, Moves: mv, Winner: w}, SVGOptions{}))
		seen := map[string]bool{}
		repeats, red, marks := 0, 0, 0
		for _, a := range el["polygon"] {
			switch {
			case hasClass(a, "cell"):
				if seen[a["data-cell"]] {
					t.Errorf("%v: cell %s drawn twice", b, a["data-cell"])
				}
				seen[a["data-cell"]] = true
				if hasClass(a, "red") {
					red++
				}
				if pts := strings.Fields(a["points"]); len(pts) != 6 {
					t.Errorf("%v: cell %s has %d corners", b, a["data-cell"], len(pts))
				}
			case hasClass(a, "repeat"):
				repeats++
				if _, err := b.ParseCell(a["data-repeat-of"]); err != nil {
					t.Errorf("%v: repeat of %q: %v", b, a["data-repeat-of"], err)
				}
			case hasClass(a, "chain-mark"):
				marks++
			}
		}
		if len(seen) != b.Cells() {
			t.Errorf("%v: %d cell elements, want %d", b, len(seen), b.Cells())
		}
		for c := board.Cell(0); int(c) < b.Cells(); c++ {
			if !seen[b.Format(c, board.Thesis)] {
				t.Errorf("%v: no element for %s", b, b.Format(c, board.Thesis))
			}
		}
		if repeats != tc.repeats {
			t.Errorf("%v: %d repeats, want %d", b, repeats, tc.repeats)
		}
		if red != tc.redStones {
			t.Errorf("%v: %d red cells, want %d", b, red, tc.redStones)
		}
		seams := 0
		for _, a := range el["polyline"] {
			if hasClass(a, "seam") {
				seams++
			}
		}
		if seams != tc.seams {
			t.Errorf("%v: %d seams, want %d", b, seams, tc.seams)
		}
		links := 0
		for _, a := range el["line"] {
			if hasClass(a, "chain-link") {
				links++
			}
		}
		if links < tc.chainLinksN || (tc.winner == board.Empty && (links > 0 || marks > 0)) {
			t.Errorf("%v: %d chain links and %d marks", b, links, marks)
		}
		if tc.winner == board.Red && marks != tc.n {
			t.Errorf("%v: %d chain cells marked, want a straight path of %d", b, marks, tc.n)
		}
	}
}

func TestSVGNoBoard(t *testing.T) {
	if el := svgElems(t, SVG(board.Game{}, SVGOptions{})); len(el["polygon"]) != 0 {
		t.Error("a game without a board has cells")
	}
}

// The numbers on the stones are the move numbers, in order.
func TestSVGNumbers(t *testing.T) {
	g := thesisGame(t, 0)
	el := svgElems(t, SVG(g, SVGOptions{}))
	moves := map[string]string{}
	for _, a := range el["polygon"] {
		if hasClass(a, "cell") && a["data-move"] != "" {
			moves[a["data-cell"]] = a["data-move"]
		}
	}
	if len(moves) != 21 || moves["(2,7)"] != "1" || moves["(4,7)"] != "2" || moves["(3,6)"] != "21" {
		t.Errorf("move numbers: %v", moves)
	}
}

// A real renderer (rsvg-convert, Debian package librsvg2-bin) accepts the
// pictures of a lost game on each geometry and turns them into PNG. The full
// suite needs the renderer (CI installs it); only -short runs go without it.
func TestSVGRenders(t *testing.T) {
	conv, err := exec.LookPath("rsvg-convert")
	if err != nil {
		if testing.Short() {
			t.Skip("rsvg-convert not installed (apt-get install librsvg2-bin); the full suite fails without it")
		}
		t.Fatal("rsvg-convert not installed: apt-get install librsvg2-bin (or run go test -short)")
	}
	dir := t.TempDir()
	if d := os.Getenv("HEXPROOF_SVG_OUT"); d != "" {
		dir = d // keep the pictures to look at them
	}
	games := map[string]board.Game{"cylinder": thesisGame(t, 0)}
	tb := board.MustNew(4, 3, board.Torus)
	toks, _ := tb.ParseMoves("(1,1) (2,1) (1,2) (2,2) (1,3)")
	_, mv, w, _ := tb.Play(board.Red, toks)
	games["torus"] = board.Game{Board: tb, Starter: board.Red, Moves: mv, Winner: w}
	fb := board.MustNew(4, 4, board.Flat)
	toks, _ = fb.ParseMoves("(1,1) (2,2) (2,1) (3,2) (3,1) (4,2) (1,3) (1,2)")
	_, mv, w, _ = fb.Play(board.Red, toks)
	games["flat"] = board.Game{Board: fb, Starter: board.Red, Moves: mv, Winner: w}
	for name, g := range games {
		svg := filepath.Join(dir, name+".svg")
		png := filepath.Join(dir, name+".png")
		if err := os.WriteFile(svg, SVG(g, SVGOptions{}), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(conv, "-o", png, svg).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: rsvg-convert: %v\n%s", name, err, out)
		}
		data, err := os.ReadFile(png)
		if err != nil || len(data) < 1000 || !bytes.HasPrefix(data, []byte("\x89PNG")) {
			t.Fatalf("%s: no PNG written (%d bytes, %v)", name, len(data), err)
		}
	}
}

// The picture has the thesis's orientation: ring 1 on top, each ring half a
// cell right of the one above, and two cells share an edge (two corners) in
// the picture exactly when they are neighbours on the flat sheet — (i±1, j),
// (i, j±1), (i+1, j-1), (i-1, j+1).
func TestSVGOrientation(t *testing.T) {
	b := board.MustNew(4, 3, board.Cylinder)
	el := svgElems(t, SVG(board.Game{Board: b, Starter: board.Red}, SVGOptions{}))
	corners := map[string][]string{}
	centre := map[string][2]float64{}
	for _, a := range el["polygon"] {
		if !hasClass(a, "cell") {
			continue
		}
		pts := strings.Fields(a["points"])
		corners[a["data-cell"]] = pts
		var cx, cy float64
		for _, p := range pts {
			var x, y float64
			if _, err := fmt.Sscanf(p, "%g,%g", &x, &y); err != nil {
				t.Fatal(err)
			}
			cx, cy = cx+x/6, cy+y/6
		}
		centre[a["data-cell"]] = [2]float64{cx, cy}
	}
	at := func(i, j int) [2]float64 { return centre[fmt.Sprintf("(%d,%d)", i, j)] }
	w := at(2, 1)[0] - at(1, 1)[0]
	if w <= 0 || math.Abs(at(1, 1)[1]-at(2, 1)[1]) > 0.2 {
		t.Fatalf("columns do not run left to right along a ring: %v %v", at(1, 1), at(2, 1))
	}
	for j := 1; j < b.N; j++ {
		down, right := at(1, j+1), at(1, j)
		if down[1] <= right[1] || math.Abs(down[0]-right[0]-w/2) > 0.2 {
			t.Errorf("ring %d is not below ring %d and half a cell to the right: %v %v", j+1, j, down, right)
		}
	}
	shared := func(a, c string) int {
		n := 0
		for _, p := range corners[a] {
			for _, q := range corners[c] {
				if p == q {
					n++
				}
			}
		}
		return n
	}
	for i := 1; i <= b.M; i++ {
		for j := 1; j <= b.N; j++ {
			for i2 := 1; i2 <= b.M; i2++ {
				for j2 := 1; j2 <= b.N; j2++ {
					di, dj := i2-i, j2-j
					adj := (di*di+dj*dj == 1) || (di == 1 && dj == -1) || (di == -1 && dj == 1)
					a, c := fmt.Sprintf("(%d,%d)", i, j), fmt.Sprintf("(%d,%d)", i2, j2)
					if got := shared(a, c); a != c && (got == 2) != adj {
						t.Errorf("%s and %s share %d corners; neighbours on the sheet: %v", a, c, got, adj)
					}
				}
			}
		}
	}
}
