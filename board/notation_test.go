package board

import (
	"strings"
	"testing"
)

// TestFormatParseRoundTrip: every cell of many boards survives Format → ParseCell
// in both notations, including two-letter columns (m > 26).
func TestFormatParseRoundTrip(t *testing.T) {
	sizes := [][2]int{{1, 1}, {1, 9}, {5, 4}, {9, 1}, {11, 11}, {26, 4}, {27, 4}, {40, 3}, {128, 1}}
	for _, g := range geometries {
		for _, s := range sizes {
			b := cachedBoard(t, s[0], s[1], g)
			for c := Cell(0); int(c) < b.Cells(); c++ {
				for _, n := range []Notation{Thesis, Letter} {
					text := b.Format(c, n)
					got, err := b.ParseCell(text)
					if err != nil || got != c {
						t.Fatalf("%s: ParseCell(%q) = %v, %v; want %d", b, text, got, err, c)
					}
				}
			}
		}
	}
	b := MustNew(30, 4, Cylinder)
	for _, c := range []struct {
		i    int
		want string
	}{{1, "a1"}, {26, "z1"}, {27, "aa1"}, {28, "ab1"}} {
		if got := b.Format(b.Cell(c.i, 1), Letter); got != c.want {
			t.Errorf("column %d: %q, want %q", c.i, got, c.want)
		}
	}
	if got := b.Format(b.Cell(3, 4), Thesis); got != "(3,4)" {
		t.Errorf("thesis form %q", got)
	}
	if b.Format(NoCell, Letter) != "-" {
		t.Error("NoCell")
	}
}

// TestParseMovesSpecExamples reads the forms listed in docs/design.md §1.
func TestParseMovesSpecExamples(t *testing.T) {
	b := MustNew(5, 4, Cylinder)
	c34, c23 := b.Cell(3, 4), b.Cell(2, 3)
	cases := []struct {
		in      string
		cells   []Cell
		players []Color
	}{
		{"(3,4)", []Cell{c34}, []Color{Empty}},
		{"(3, 4)", []Cell{c34}, []Color{Empty}},
		{"( 3 ,4 )", []Cell{c34}, []Color{Empty}},
		{"c4", []Cell{c34}, []Color{Empty}},
		{"C4", []Cell{c34}, []Color{Empty}},
		{"R:c4", []Cell{c34}, []Color{Red}},
		{"B:(2,3)", []Cell{c23}, []Color{Blue}},
		{"r: c4, b:(2, 3)", []Cell{c34, c23}, []Color{Red, Blue}},
		{"c4,(2,3)", []Cell{c34, c23}, []Color{Empty, Empty}},
		{"c4 (2,3)", []Cell{c34, c23}, []Color{Empty, Empty}},
		{"  c4 ,, \t(2,3)\n", []Cell{c34, c23}, []Color{Empty, Empty}},
		{"R:(3, 4) B:b3", []Cell{c34, c23}, []Color{Red, Blue}},
		{"", nil, nil},
	}
	for _, c := range cases {
		toks, err := b.ParseMoves(c.in)
		if err != nil {
			t.Errorf("ParseMoves(%q): %v", c.in, err)
			continue
		}
		if len(toks) != len(c.cells) {
			t.Errorf("ParseMoves(%q): %d tokens, want %d", c.in, len(toks), len(c.cells))
			continue
		}
		for k, tok := range toks {
			if tok.Cell != c.cells[k] || tok.Player != c.players[k] || tok.Index != k+1 {
				t.Errorf("ParseMoves(%q)[%d] = %+v, want cell %d player %v", c.in, k, tok, c.cells[k], c.players[k])
			}
		}
	}
}

// TestParseMovesErrors: bad tokens get an error naming the token and its
// 1-based position in the list.
func TestParseMovesErrors(t *testing.T) {
	b := MustNew(5, 4, Cylinder)
	cases := []struct{ in, token, pos string }{
		{"(3,4) x9", `"x9"`, "move 2"},
		{"c4 f1", `"f1"`, "move 2"},
		{"c0", `"c0"`, "move 1"},
		{"c5", `"c5"`, "move 1"},
		{"(0,1)", `"(0,1)"`, "move 1"},
		{"(6,1)", `"(6,1)"`, "move 1"},
		{"a1 b1 (3,", `"(3,"`, "move 3"},
		{"(3 4)", `"(3 4)"`, "move 1"},
		{"(a,b)", `"(a,b)"`, "move 1"},
		{"c", `"c"`, "move 1"},
		{"c-1", `"c-1"`, "move 1"},
		{"R:c4 Q:(1,1)", `"Q:"`, "move 2"},
		{"a1 R:", `"R:"`, "move 2"},
		{"a1 a2 7", `"7"`, "move 3"},
		{"a1 a2 3c", `"3c"`, "move 3"},
	}
	for _, c := range cases {
		_, err := b.ParseMoves(c.in)
		if err == nil {
			t.Errorf("ParseMoves(%q) succeeded", c.in)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, c.token) || !strings.HasPrefix(msg, c.pos+" ") || strings.Contains(msg, "\n") {
			t.Errorf("ParseMoves(%q): error %q does not name %s %s on one line", c.in, msg, c.pos, c.token)
		}
	}
}

// TestPlay follows move lists and checks the errors of docs/design.md §1: occupied cell,
// wrong player prefix, a move after the game ended.
func TestPlay(t *testing.T) {
	b := MustNew(5, 4, Cylinder)
	play := func(starter Color, s string) (Position, []Move, Color, error) {
		t.Helper()
		toks, err := b.ParseMoves(s)
		if err != nil {
			t.Fatalf("ParseMoves(%q): %v", s, err)
		}
		return b.Play(starter, toks)
	}
	// Red walks down column a while Blue plays column b: Red wins at move 7.
	p, moves, w, err := play(Red, "a1 b1 a2 b2 a3 b3 a4")
	if err != nil || w != Red || len(moves) != 7 || p.Red.Count() != 4 || p.Blue.Count() != 3 {
		t.Fatalf("Red's column: winner %v, %d moves, err %v", w, len(moves), err)
	}
	for k, m := range moves {
		want := Red
		if k%2 == 1 {
			want = Blue
		}
		if m.Player != want {
			t.Errorf("move %d played by %v", k+1, m.Player)
		}
	}
	// Blue starts and fills ring 2: Blue wins at move 9.
	_, _, w, err = play(Blue, "B:a2 R:a1 B:b2 R:b1 B:c2 R:c1 B:d2 R:d1 B:e2")
	if err != nil || w != Blue {
		t.Fatalf("Blue's ring: winner %v, err %v", w, err)
	}
	errCases := []struct {
		starter   Color
		in, token string
		pos       string
	}{
		{Red, "a1 b1 a1", `"a1"`, "move 3"},
		{Red, "(1,1) a1", `"a1"`, "move 2"},
		{Red, "R:a1 R:a2", `"R:a2"`, "move 2"},
		{Blue, "R:a1", `"R:a1"`, "move 1"},
		{Red, "a1 b1 a2 b2 a3 b3 a4 b4", `"b4"`, "move 8"},
	}
	for _, c := range errCases {
		_, _, _, err := play(c.starter, c.in)
		if err == nil {
			t.Errorf("Play(%q) succeeded", c.in)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, c.token) || !strings.HasPrefix(msg, c.pos+" ") {
			t.Errorf("Play(%q): error %q does not name %s %s", c.in, msg, c.pos, c.token)
		}
	}
	// Game.Position replays the moves.
	_, moves, w, _ = play(Red, "c2 d3 e1")
	g := Game{Board: b, Starter: Red, Moves: moves, Winner: w}
	if q := g.Position(2); q.Red != Bit(b.Cell(3, 2)) || q.Blue != Bit(b.Cell(4, 3)) {
		t.Errorf("Game.Position(2) = %+v", q)
	}
	if q := g.Position(-1); q.Plies() != 3 {
		t.Errorf("Game.Position(-1) has %d stones", q.Plies())
	}
}

// TestFormatMoves: written lists read back to the same moves, with and without
// player prefixes, in both notations.
func TestFormatMoves(t *testing.T) {
	b := MustNew(30, 4, Cylinder)
	moves := []Move{{Red, b.Cell(1, 1), ""}, {Blue, b.Cell(27, 4), ""}, {Red, b.Cell(30, 2), ""}}
	for _, n := range []Notation{Thesis, Letter} {
		for _, prefix := range []bool{false, true} {
			s := b.FormatMoves(moves, n, prefix)
			toks, err := b.ParseMoves(s)
			if err != nil || len(toks) != len(moves) {
				t.Fatalf("FormatMoves → %q → %v, %v", s, toks, err)
			}
			for k, tok := range toks {
				wantP := Empty
				if prefix {
					wantP = moves[k].Player
				}
				if tok.Cell != moves[k].Cell || tok.Player != wantP {
					t.Errorf("%q token %d: %+v", s, k, tok)
				}
			}
		}
	}
	if got := b.FormatMoves(moves, Letter, true); got != "R:a1 B:aa4 R:ad2" {
		t.Errorf("FormatMoves = %q", got)
	}
}

func TestParseBoardSize(t *testing.T) {
	for s, want := range map[string][2]int{"5x4": {5, 4}, "5×4": {5, 4}, " 10X7 ": {10, 7}, "1x1": {1, 1}, "128x1": {128, 1}} {
		m, n, err := ParseBoardSize(s)
		if err != nil || m != want[0] || n != want[1] {
			t.Errorf("ParseBoardSize(%q) = %d, %d, %v", s, m, n, err)
		}
	}
	for _, s := range []string{"", "5", "5x", "x4", "0x4", "5x-1", "5x4x3", "12x11", "axb"} {
		if _, _, err := ParseBoardSize(s); err == nil {
			t.Errorf("ParseBoardSize(%q) succeeded", s)
		} else if !strings.Contains(err.Error(), s) {
			t.Errorf("ParseBoardSize(%q): error %q does not quote the input", s, err)
		}
	}
	for s, want := range map[string]Notation{"thesis": Thesis, "letter": Letter} {
		if n, err := ParseNotation(s); err != nil || n != want {
			t.Errorf("ParseNotation(%q) = %v, %v", s, n, err)
		}
	}
	if _, err := ParseNotation("roman"); err == nil {
		t.Error("ParseNotation(roman) succeeded")
	}
}

// FuzzParseMoves: no input panics; a list that parses is written back by
// FormatMoves (both notations; with prefixes when every token had one) and
// reads back to the same cells and players; Play never panics on it.
func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{
		"(3,4)", "(3, 4)", "c4", "R:c4", "B:(2,3)", "c4,(2,3) b1", "R:a1 B:b1 R:a2",
		"", ",", "(", ")", "R:", "Q:c4", "(3,", "c", "c-1", "zzzzzzzzzzzz1", "(99999999999999999999,1)",
		"a1;b2\tc3\nd4\r", "( 1 , 1 )", "A1 b:B2", "aa1", "(+1,2)", "é1", "c4c4",
	} {
		f.Add(s, uint8(5), uint8(4), uint8(0))
	}
	f.Add("a1 b1 a2 b2 a3 b3 a4 b4", uint8(5), uint8(4), uint8(0))
	f.Add("aa1 ab2", uint8(30), uint8(4), uint8(1))
	f.Fuzz(func(t *testing.T, s string, mm, nn, geo uint8) {
		m, n := int(mm%40)+1, int(nn%12)+1
		if m*n > MaxCells {
			n = MaxCells / m
		}
		b, err := New(m, n, Geometry(geo%3))
		if err != nil {
			t.Fatalf("New(%d, %d): %v", m, n, err)
		}
		toks, err := b.ParseMoves(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "move ") {
				t.Fatalf("error is not one line naming the move: %q", err)
			}
			return
		}
		allPrefixed := true
		moves := make([]Move, len(toks))
		for k, tok := range toks {
			if !b.Valid(tok.Cell) || tok.Index != k+1 {
				t.Fatalf("token %+v", tok)
			}
			moves[k] = Move{Player: tok.Player, Cell: tok.Cell}
			if tok.Player == Empty {
				allPrefixed = false
			}
		}
		for _, nt := range []Notation{Thesis, Letter} {
			for _, prefix := range []bool{false, true} {
				if prefix && !allPrefixed {
					continue
				}
				out := b.FormatMoves(moves, nt, prefix)
				back, err := b.ParseMoves(out)
				if err != nil || len(back) != len(toks) {
					t.Fatalf("%q → %q → %v, %v", s, out, back, err)
				}
				for k := range back {
					want := Empty
					if prefix {
						want = toks[k].Player
					}
					if back[k].Cell != toks[k].Cell || back[k].Player != want {
						t.Fatalf("%q → %q: token %d %+v, want cell %d player %v", s, out, k, back[k], toks[k].Cell, want)
					}
				}
			}
		}
		for _, starter := range []Color{Red, Blue} {
			if _, _, _, err := b.Play(starter, toks); err != nil && !strings.HasPrefix(err.Error(), "move ") {
				t.Fatalf("Play error does not name the move: %q", err)
			}
		}
	})
}

// TestSetUp: a position set up has exactly the stones named, whatever
// their counts; a cell named twice, or a prefixed stone in the other
// player's list, is refused with the stone named.
func TestSetUp(t *testing.T) {
	b := MustNew(5, 7, Cylinder)
	parse := func(s string) []Token {
		toks, err := b.ParseMoves(s)
		if err != nil {
			t.Fatal(err)
		}
		return toks
	}
	p, err := b.SetUp(parse("(1,2) c7 R:(4,7)"), parse("(2,2) a1 a7 b7 (5,7)"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[Color][]Cell{Red: {b.Cell(1, 2), b.Cell(3, 7), b.Cell(4, 7)}, Blue: {b.Cell(1, 1), b.Cell(2, 2), b.Cell(1, 7), b.Cell(2, 7), b.Cell(5, 7)}}
	for c := Cell(0); int(c) < b.Cells(); c++ {
		who := Empty
		for _, col := range []Color{Red, Blue} {
			for _, x := range want[col] {
				if x == c {
					who = col
				}
			}
		}
		if got := p.At(c); got != who {
			t.Fatalf("cell %s: %s, want %s", b.Format(c, Thesis), got, who)
		}
	}
	for _, c := range []struct{ red, blue, want string }{
		{"a1 a1", "", `red stone 2 "a1": cell (1,1) is named twice`},
		{"a1", "b2 (1,1)", `blue stone 2 "(1,1)": cell (1,1) is named twice`},
		{"B:a1", "", `red stone 1 "B:a1": a blue stone in red's list`},
		{"", "R:c3", `blue stone 1 "R:c3": a red stone in blue's list`},
	} {
		if _, err := b.SetUp(parse(c.red), parse(c.blue)); err == nil || err.Error() != c.want {
			t.Errorf("red %q blue %q: %v, want %q", c.red, c.blue, err, c.want)
		}
	}
}
