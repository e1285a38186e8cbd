package board

import "testing"

// TestPictureGolden fixes the exact text of a cylinder and a flat picture.
// Checked by hand: ring j is indented j-1 places, so cell (i, j+1) sits below
// and between (i, j) and (i+1, j), the two cells it touches in ring j by
// Def. 2.1.1 (offsets (0,-1) and (1,-1)).
func TestPictureGolden(t *testing.T) {
	b := MustNew(5, 4, Cylinder)
	toks, err := b.ParseMoves("R:(3,1) B:c2 R:(1,4) B:b4")
	if err != nil {
		t.Fatal(err)
	}
	p, _, _, err := b.Play(Red, toks)
	if err != nil {
		t.Fatal(err)
	}
	mark := Bit(b.Cell(3, 1)).With(b.Cell(2, 4)).With(b.Cell(5, 3))
	want := "" +
		"    a b c d e\n" +
		"1 : . . r . . :\n" +
		"2  : . . B . . :\n" +
		"3   : . . . . * :\n" +
		"4    : R b . . . :\n" +
		"(cylinder: ':' marks the seam; column 5 is glued to column 1)\n"
	if got := b.Picture(p, mark); got != want {
		t.Errorf("cylinder picture:\n%s\nwant:\n%s", got, want)
	}

	f := MustNew(3, 3, Flat)
	q := Position{Red: Bit(f.Cell(1, 1)).With(f.Cell(3, 2)), Blue: Bit(f.Cell(2, 2))}
	want = "" +
		"    a b c\n" +
		"1 \\ R . . \\\n" +
		"2  \\ . B R \\\n" +
		"3   \\ . . * \\\n"
	if got := f.Picture(q, Bit(f.Cell(3, 3))); got != want {
		t.Errorf("flat picture:\n%s\nwant:\n%s", got, want)
	}

	// Two-digit ring labels stay aligned.
	tb := MustNew(3, 10, Torus)
	pic := tb.Picture(Position{Blue: Bit(tb.Cell(2, 10))}, Bits{})
	want = "" +
		"     a b c\n" +
		" 1 : . . . :\n" +
		" 2  : . . . :\n" +
		" 3   : . . . :\n" +
		" 4    : . . . :\n" +
		" 5     : . . . :\n" +
		" 6      : . . . :\n" +
		" 7       : . . . :\n" +
		" 8        : . . . :\n" +
		" 9         : . . . :\n" +
		"10          : . B . :\n" +
		"(torus: ':' marks the seam; columns and rings wrap around)\n"
	if pic != want {
		t.Errorf("torus picture:\n%s\nwant:\n%s", pic, want)
	}
}
