package strategies

import (
	"fmt"
	"slices"
	"testing"

	"hexproof/board"
)

// TestHandicapCellsThesis: for n = 6 … 12 the handicap cells are App. B.1's
// (thesis columns 4 and n-1-6j, 0 ≤ j < ⌊n/6⌋, in the second row; its
// columns counted from the other corner, t ↦ n+1-t), ⌈(n+1)/6⌉ of them
// (Lemma 21), and the explicit list below.
func TestHandicapCellsThesis(t *testing.T) {
	want := map[int][][2]int{
		6:  {{2, 5}, {3, 5}},
		7:  {{2, 6}, {4, 6}},
		8:  {{2, 7}, {5, 7}},
		9:  {{2, 8}, {6, 8}},
		10: {{2, 9}, {7, 9}},
		11: {{2, 10}, {8, 10}},
		12: {{2, 11}, {8, 11}, {9, 11}},
	}
	for n := 6; n <= 12; n++ {
		var thesis [][2]int
		for _, tcol := range append([]int{4}, func() (c []int) {
			for j := 0; j <= n/6-1; j++ {
				c = append(c, n-1-6*j)
			}
			return
		}()...) {
			thesis = append(thesis, [2]int{n + 1 - tcol, n - 1})
		}
		slices.SortFunc(thesis, func(a, b [2]int) int { return a[0] - b[0] })
		got := HandicapCells(n)
		if !slices.Equal(got, thesis) || !slices.Equal(got, want[n]) {
			t.Errorf("n=%d: cells %v, thesis %v, want %v", n, got, thesis, want[n])
		}
		if k := (n + 1 + 5) / 6; len(got) != k {
			t.Errorf("n=%d: %d cells, want ⌈(n+1)/6⌉ = %d", n, len(got), k)
		}
		// The first rings of the n×n board carry the same columns.
		for r := 2; r < n; r++ {
			for i, c := range HandicapCellsOn(n, r) {
				if c != [2]int{got[i][0], r - 1} {
					t.Errorf("%dx%d: cell %v, want column %d", n, r, c, got[i][0])
				}
			}
		}
	}
}

func handicapFor(t *testing.T, spec string, m, n int) (*board.Board, *handicap) {
	t.Helper()
	b := board.MustNew(m, n, board.Flat)
	s, err := New(spec, b)
	if err != nil {
		t.Fatal(err)
	}
	return b, s.(*handicap)
}

// TestHandicapRegions pins App. B.1's first-row fill-in (Lemma 22's proof) for
// n = 6 … 12: primary cells, dead cells, captured pairs and permanently
// inferior cells with their killers, in our columns of the first row (ring n).
func TestHandicapRegions(t *testing.T) {
	type want struct {
		primary, dead []int
		pairs         [][2]int
		pi            [][2]int // c1's column, c2's column (c2 in ring n-1)
	}
	cases := map[int]want{
		6:  {[]int{1, 2, 3}, nil, [][2]int{{5, 6}}, [][2]int{{4, 5}}},
		7:  {[]int{1, 2, 3, 4}, nil, [][2]int{{6, 7}}, [][2]int{{5, 6}}},
		8:  {[]int{1, 2, 4, 5}, []int{3}, [][2]int{{7, 8}}, [][2]int{{6, 7}}},
		9:  {[]int{1, 2, 5, 6}, nil, [][2]int{{3, 4}, {8, 9}}, [][2]int{{7, 8}}},
		10: {[]int{1, 2, 6, 7}, []int{4}, [][2]int{{9, 10}}, [][2]int{{3, 4}, {5, 5}, {8, 9}}},
		11: {[]int{1, 2, 7, 8}, nil, [][2]int{{4, 5}, {10, 11}}, [][2]int{{3, 4}, {6, 6}, {9, 10}}},
		12: {[]int{1, 2, 7, 8, 9}, nil, [][2]int{{4, 5}, {11, 12}}, [][2]int{{3, 4}, {6, 6}, {10, 11}}},
	}
	for n := 6; n <= 12; n++ {
		rings := []int{n, 3}
		if n == 12 {
			rings = []int{10, 3} // 144 cells is beyond package board
		}
		for _, r := range rings {
			b, s := handicapFor(t, "handicap", n, r)
			w := cases[n]
			cols := func(x board.Bits) (out []int) {
				for _, c := range x.Cells() {
					i, _ := b.Coord(c)
					out = append(out, i)
				}
				return
			}
			if got := cols(s.primary); !slices.Equal(got, w.primary) {
				t.Errorf("%dx%d: primary %v, want %v", n, r, got, w.primary)
			}
			if got := cols(s.dead); !slices.Equal(got, w.dead) {
				t.Errorf("%dx%d: dead %v, want %v", n, r, got, w.dead)
			}
			var pairs [][2]int
			for c, x := range s.capMate {
				if x != board.NoCell && board.Cell(c) < x {
					i, _ := b.Coord(board.Cell(c))
					k, _ := b.Coord(x)
					pairs = append(pairs, [2]int{i, k})
				}
			}
			if !slices.Equal(pairs, w.pairs) {
				t.Errorf("%dx%d: captured pairs %v, want %v", n, r, pairs, w.pairs)
			}
			var pi [][2]int
			for _, g := range s.pi {
				i, j := b.Coord(g.c1)
				k, l := b.Coord(g.c2)
				if j != r || l != r-1 || g.probes.Count() != 3 || !g.probes.Has(g.c1) || g.probes.Has(g.c2) {
					t.Errorf("%dx%d: malformed region %v", n, r, g)
				}
				pi = append(pi, [2]int{i, k})
			}
			if !slices.Equal(pi, w.pi) {
				t.Errorf("%dx%d: permanently inferior (c1, c2) %v, want %v", n, r, pi, w.pi)
			}
		}
	}
}

// TestHandicapResponses: the answer and rule of App. B.2 to Blue moves on
// positions built for the purpose (11×11 and 10×10, handicap stones placed).
func TestHandicapResponses(t *testing.T) {
	type step struct {
		spec   string
		n      int
		red    string // extra red stones
		blue   string // blue stones before the last
		last   string
		rule   string
		answer string // the allowed cells, "*" for every empty cell
	}
	steps := []step{
		{"handicap", 11, "", "", "(1,11)", "B1", "(2,11)"},
		{"handicap", 11, "", "", "(8,11)", "B1", "(7,11)"},
		{"handicap", 12, "", "", "(8,3)", "B1", "(7,3) (9,3)"}, // the shared primary cell (12×3)
		{"handicap", 11, "", "", "(3,11)", "B2", "(4,10)"},     // the inferior cell itself
		{"handicap", 11, "", "", "(4,11)", "B2", "(4,10)"},
		{"handicap", 11, "", "", "(3,10)", "B2", "(4,10)"}, // a second-row probe
		{"handicap:second=shannon", 11, "", "", "(3,10)", "B5", "(1,9)"},
		{"handicap:probe=carrier", 11, "", "", "(3,11)", "B4", "*"},
		{"handicap", 11, "(4,10)", "", "(3,11)", "B2", "(4,11) (3,10)"},       // c2 red: keep the carrier
		{"handicap", 11, "", "", "(4,10)", "B5", "(1,8)"},                     // c2 itself: Shannon
		{"handicap", 11, "", "(4,10)", "(3,11)", "B4", "*"},                   // c1 dead
		{"handicap", 11, "", "(4,10)", "(4,11)", "B3", "(5,11)"},              // then the pair
		{"handicap", 11, "(6,10)", "(4,10)", "(5,11)", "B2", "(6,11) (7,10)"}, // the right region's carrier
		{"handicap", 11, "", "(4,10) (6,10)", "(5,11)", "B3", "(4,11)"},
		{"handicap", 11, "", "", "(10,11)", "B2", "(10,10)"}, // inferior region before the pair
		{"handicap", 11, "", "", "(11,11)", "B3", "(10,11)"},
		{"handicap", 11, "", "", "(9,11)", "B2", "(10,10)"}, // the acute corner's inferior cell
		{"handicap", 10, "", "", "(4,10)", "B2", "(4,9)"},   // middle of a gap of 3: left region first
		{"handicap", 10, "", "(4,9)", "(4,10)", "B2", "(5,9)"},
		{"handicap", 10, "", "(4,9) (5,9)", "(4,10)", "B4", "*"},
		{"handicap", 8, "", "", "(3,8)", "B4", "*"}, // dead
		{"handicap", 11, "", "", "(5,5)", "B5", "(7,6)"},
		{"handicap", 11, "", "(7,6)", "(5,5)", "B6", "*"},
	}
	for _, st := range steps {
		r := st.n
		if st.n == 12 {
			r = 3
		}
		b, s := handicapFor(t, st.spec, st.n, r)
		var p board.Position
		for _, c := range s.hand {
			p.Red = p.Red.With(c)
		}
		parse := func(text string) []board.Cell {
			if text == "" {
				return nil
			}
			toks, err := b.ParseMoves(text)
			if err != nil {
				t.Fatal(err)
			}
			var out []board.Cell
			for _, k := range toks {
				out = append(out, k.Cell)
			}
			return out
		}
		for _, c := range parse(st.red) {
			p.Red = p.Red.With(c)
		}
		for _, c := range parse(st.blue) {
			p.Blue = p.Blue.With(c)
		}
		last := parse(st.last)[0]
		p.Blue = p.Blue.With(last)
		allowed, rule := s.Allowed(p, last)
		want := b.All().AndNot(p.Occupied())
		if st.answer != "*" {
			want = board.Bits{}
			for _, c := range parse(st.answer) {
				want = want.With(c)
			}
		}
		name := fmt.Sprintf("%s %d×%d red %q blue %q last %s", st.spec, st.n, r, st.red, st.blue, st.last)
		if rule != st.rule || allowed != want {
			t.Errorf("%s: rule %s allows %v, want %s allowing %v", name, rule, allowed, st.rule, want)
		}
	}
}

// TestHandicapRegionsPartition: for n = 6 … 11 the local games the handicap
// strategy declares (Regions) split the cells its stones leave empty, and
// each permanently inferior pattern C lies in one region with the Shannon
// mates of its second-row cells (rule B2 answers those cells, not B5).
func TestHandicapRegionsPartition(t *testing.T) {
	for n := 6; n <= 11; n++ {
		b, s := handicapFor(t, "handicap", n, n)
		var stones, seen board.Bits
		for _, c := range s.HandicapStones() {
			stones = stones.With(c)
		}
		of := map[board.Cell]int{}
		for k, r := range s.Regions() {
			if r.And(seen).Any() || r.And(stones).Any() || r.Empty() {
				t.Fatalf("n=%d: region %d overlaps another or a stone", n, k)
			}
			seen = seen.Or(r)
			for _, c := range r.Cells() {
				of[c] = k
			}
		}
		if seen != b.All().AndNot(stones) {
			t.Fatalf("n=%d: the regions miss cells", n)
		}
		for _, r := range s.pi {
			k := of[r.c2]
			for _, c := range r.probes.Cells() {
				if of[c] != k {
					t.Errorf("n=%d: pattern at %v split", n, b.Format(r.c1, board.Thesis))
				}
				if _, j := b.Coord(c); j == n-1 && s.mate[c] != board.NoCell && !stones.Has(s.mate[c]) && of[s.mate[c]] != k {
					t.Errorf("n=%d: the mate of %v is not in its pattern's region", n, b.Format(c, board.Thesis))
				}
			}
		}
	}
}
