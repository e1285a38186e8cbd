package templates

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"hexproof/board"
)

func place(t *testing.T, tp Template) *Placed {
	t.Helper()
	p, err := Place(tp)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func holds(t *testing.T, p *Placed, red, blue board.Bits) bool {
	t.Helper()
	h, err := p.Holds(red, blue)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestVirtualConnections: the edge bridge and the 4-3-2 (the ziggurat) are
// virtual connections (Red, second to move, connects inside the carrier), and
// their carriers are minimal: with any one carrier cell Blue's, they are not
// (paper §1: "the reader can check that a 4-3-2's carrier is minimal"). With
// Red to move and nothing probed, the stone is not yet connected.
func TestVirtualConnections(t *testing.T) {
	for _, tp := range []Template{Bridge, Ziggurat} {
		p := place(t, tp)
		if !holds(t, p, board.Bits{}, board.Bits{}) {
			t.Fatalf("%s is not a virtual connection", tp.Name)
		}
		if p.B.RedWins(p.Position(board.Bits{}, board.Bits{})) {
			t.Fatalf("%s: the stone touches the edge already", tp.Name)
		}
		for _, c := range p.Cells {
			if holds(t, p, board.Bits{}, board.Bit(c)) {
				t.Errorf("%s: still a virtual connection with %s Blue's: carrier not minimal", tp.Name, p.B.Format(c, board.Thesis))
			}
		}
	}
}

// TestNotTemplates: shapes that are not virtual connections are recognised
// (the solver can say no): a row-3 stone with only the six cells below it, and
// the ziggurat mirrored left-right in offsets (which is not its mirror image
// on the hex grid).
func TestNotTemplates(t *testing.T) {
	for _, tp := range []Template{
		{Name: "row 3 without the side cell", Stones: [][2]int{{0, 3}}, Carrier: [][2]int{{-1, 2}, {0, 2}, {-2, 1}, {-1, 1}, {0, 1}, {1, 1}}},
		{Name: "offset mirror", Stones: [][2]int{{0, 3}}, Carrier: [][2]int{{-1, 3}, {-1, 2}, {0, 2}, {1, 2}, {-1, 1}, {0, 1}, {1, 1}, {2, 1}}},
	} {
		if holds(t, place(t, tp), board.Bits{}, board.Bits{}) {
			t.Errorf("%s: claimed a virtual connection", tp.Name)
		}
	}
	if _, err := Place(Template{Name: "loose top cell", Stones: [][2]int{{0, 2}}, Carrier: [][2]int{{2, 2}, {0, 1}, {-1, 1}}}); err == nil {
		t.Error("a top-row carrier cell away from the stones was accepted")
	}
}

// labelled is the 4-3-2 placed, with its cells by the paper's labels.
func labelled(t *testing.T) (*Placed, [9]board.Cell) {
	p := place(t, Ziggurat)
	var l [9]board.Cell
	for k := 1; k <= 8; k++ {
		l[k] = p.At(ZigguratLabels[k])
		if !p.Carrier.Has(l[k]) {
			t.Fatalf("label %d is not a carrier cell", k)
		}
	}
	// The geometry the labels are read from (ZigguratLabels): the row-1
	// cells below 2, 3, 4 are {5,6}, {6,7}, {7,8}; 1 touches the stone; the
	// common neighbours of the stone and 4 are {1,3}.
	edge := p.B.Bottom()
	for k, below := range map[int]board.Bits{2: set(l, 5, 6), 3: set(l, 6, 7), 4: set(l, 7, 8)} {
		if p.B.Neighbours(l[k]).And(edge) != below {
			t.Fatalf("label %d: the cells below are not %v", k, names(l, below))
		}
	}
	stone := p.Stones.First()
	if !p.B.Neighbours(stone).Has(l[1]) || p.B.Neighbours(stone).And(p.B.Neighbours(l[4])) != set(l, 1, 3) {
		t.Fatal("labels 1, 3, 4 do not sit as Lemma 6 needs")
	}
	return p, l
}

func set(l [9]board.Cell, labels ...int) board.Bits {
	var s board.Bits
	for _, k := range labels {
		s = s.With(l[k])
	}
	return s
}

// TestZigguratProbes reproduces the classification of probes of the 4-3-2
// (White = Blue, Black = Red): for each probe, every Black reply that
// restores the virtual connection, equal to testdata/templates/4-3-2-replies.txt;
// then the paper's own statements about probes and replies, each checked
// against the computed sets.
func TestZigguratProbes(t *testing.T) {
	p, l := labelled(t)
	var got [9]board.Bits
	for k := 1; k <= 8; k++ {
		r, err := p.Replies(l[k])
		if err != nil {
			t.Fatal(err)
		}
		got[k] = r
	}
	want := readReplies(t, l)
	for k := 1; k <= 8; k++ {
		if got[k] != want[k] {
			t.Errorf("probe %d: replies %v, testdata says %v", k, names(l, got[k]), names(l, want[k]))
		}
	}
	// §1: "if White plays at any of {2,5,6}, Black can reply at 4; if White
	// plays at any of {1,3,4,7,8}, Black can reply at 2."
	for _, k := range []int{2, 5, 6} {
		if !got[k].Has(l[4]) {
			t.Errorf("§1: probe %d is not answered at 4", k)
		}
	}
	for _, k := range []int{1, 3, 4, 7, 8} {
		if !got[k].Has(l[2]) {
			t.Errorf("§1: probe %d is not answered at 2", k)
		}
	}
	// §4, proof of Theorem 1: "Against White 1, every other carrier cell
	// maintains the virtual connection"; after White 2 Black replies at one
	// of {3,4} — and those are all its restoring replies —; after White 4 at 2.
	if got[1] != p.Carrier.Without(l[1]) {
		t.Errorf("Thm 1: probe 1 replies %v, want every other carrier cell", names(l, got[1]))
	}
	if got[2] != set(l, 3, 4) {
		t.Errorf("Thm 1: probe 2 replies %v, want {3,4}", names(l, got[2]))
	}
	// Exchange states the paper uses (Lemmas 2–6, Theorem 1's and
	// Theorem 3's proofs, Fig. 9) are ones where Black restores the template.
	for _, e := range [][2]int{{2, 3}, {5, 3}, {1, 4}, {3, 4}, {4, 2}, {3, 2}, {2, 4}, {6, 4}, {1, 2}, {7, 2}, {8, 2}, {6, 2}, {5, 2}, {5, 4}, {7, 4}, {8, 4}} {
		if !got[e[0]].Has(l[e[1]]) {
			t.Errorf("exchange S + W[%d] + B[%d]: Black does not restore the template", e[0], e[1])
		}
	}
	// Theorem 3's state S + W[1] + W[2] + B[3] still holds the template
	// locally (its loss for White must come from outside the carrier).
	if !holds(t, p, set(l, 3), set(l, 1, 2)) {
		t.Error("Thm 3: S + W[1] + W[2] + B[3] does not keep the connection")
	}
	// Lemma 6: in S + W[6] + B[4], Black's pairing {2,5}, {1,3} (with 7, 8
	// from the edge bridge of 4) keeps the connection: every choice of one
	// cell from each pair, with 4, joins the stone to the edge.
	for _, a := range []int{1, 3} {
		for _, b := range []int{2, 5} {
			for _, c := range []int{7, 8} {
				if !p.B.RedWins(p.Position(set(l, 4, a, b, c), p.Carrier.AndNot(set(l, 4, a, b, c)))) {
					t.Errorf("Lemma 6: Black 4, %d, %d, %d does not connect", a, b, c)
				}
			}
		}
	}
}

func names(l [9]board.Cell, s board.Bits) []int {
	var out []int
	for k := 1; k <= 8; k++ {
		if s.Has(l[k]) {
			out = append(out, k)
		}
	}
	return out
}

// readReplies reads testdata/templates/4-3-2-replies.txt ("probe k: r r …").
func readReplies(t *testing.T, l [9]board.Cell) [9]board.Bits {
	f, err := os.Open("../../../testdata/templates/4-3-2-replies.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [9]board.Bits
	seen := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, tail, ok := strings.Cut(line, ":")
		k, err := strconv.Atoi(strings.TrimPrefix(head, "probe "))
		if !ok || err != nil || k < 1 || k > 8 {
			t.Fatalf("bad line %q", line)
		}
		for _, f := range strings.Fields(tail) {
			r, err := strconv.Atoi(f)
			if err != nil || r < 1 || r > 8 {
				t.Fatalf("bad reply %q in %q", f, line)
			}
			out[k] = out[k].With(l[r])
		}
		seen++
	}
	if seen != 8 {
		t.Fatalf("%d probe lines, want 8", seen)
	}
	return out
}
