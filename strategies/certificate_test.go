package strategies

import (
	"encoding/json"
	"strings"
	"testing"

	"hexproof/board"
)

// TestCertificateRoundTrip: a certificate written as a file reads back with
// the same answers, and answers nothing elsewhere.
func TestCertificateRoundTrip(t *testing.T) {
	b := board.MustNew(3, 3, board.Cylinder)
	p := board.Position{}.Play(board.Blue, 4)
	c := NewCertificate(b, board.Red, board.Blue, map[board.Position]board.Cell{p: 1, p.Play(board.Red, 1).Play(board.Blue, 7): 0})
	raw, err := json.Marshal(c.File())
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseCertificate(raw, b)
	if err != nil {
		t.Fatal(err)
	}
	if back.Len() != 2 || back.Side() != board.Red || back.Starter() != board.Blue {
		t.Fatalf("read back %d answers, side %s, starter %s", back.Len(), back.Side(), back.Starter())
	}
	if a, rule := back.Allowed(p, 4); a != board.Bit(1) || rule != "certificate" {
		t.Fatalf("answer %v %q", a, rule)
	}
	if a, _ := back.Allowed(board.Position{}, board.NoCell); a.Any() {
		t.Fatalf("answered a position it does not hold: %v", a)
	}
	// An answer on an occupied cell is refused.
	f := c.File()
	f.Answers[0][2] = "(2,2)" // cell 4, Blue's stone
	raw, _ = json.Marshal(f)
	if _, err := ParseCertificate(raw, b); err == nil {
		t.Fatal("an answer on an occupied cell was accepted")
	}
}

// FuzzParseCertificate: no input makes the parser panic, and whatever it
// accepts answers only empty cells of its positions.
func FuzzParseCertificate(f *testing.F) {
	b := board.MustNew(3, 3, board.Cylinder)
	c := NewCertificate(b, board.Red, board.Blue, map[board.Position]board.Cell{board.Position{}.Play(board.Blue, 4): 1})
	raw, _ := json.Marshal(c.File())
	f.Add(raw)
	f.Add([]byte(`{"format":"hexproof-certificate/1","board":"3x3","geometry":"cylinder","side":"red","starter":"blue","answers":[["1:0","zz","(1,1)"]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseCertificate(data, b)
		if err != nil {
			return
		}
		for p, x := range c.answers {
			if p.Occupied().Has(x) || !b.Valid(x) {
				t.Fatalf("accepted answer %d in %v", x, p)
			}
		}
	})
}

// TestCertificateAfterLastMove: answers given per last move read back, answer
// only after their own last move (no other last move falls back to them), and
// the parser refuses a position answered both ways or a last move that is not
// an opponent's stone.
func TestCertificateAfterLastMove(t *testing.T) {
	b := board.MustNew(3, 3, board.Cylinder)
	p := board.Position{}.Play(board.Blue, 4).Play(board.Red, 0).Play(board.Blue, 5)
	q := board.Position{}.Play(board.Blue, 4)
	c := NewCertificateAfter(b, board.Red, board.Blue, map[board.Position]board.Cell{q: 0},
		map[AfterMove]board.Cell{{p, 4}: 1, {p, 5}: 8})
	raw, err := json.Marshal(c.File())
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseCertificate(raw, b)
	if err != nil {
		t.Fatal(err)
	}
	if back.Len() != 3 || back.LenAfter() != 2 {
		t.Fatalf("read back %d answers, %d per last move", back.Len(), back.LenAfter())
	}
	for _, k := range []struct {
		last board.Cell
		want board.Bits
	}{{4, board.Bit(1)}, {5, board.Bit(8)}, {0, board.Bits{}}, {board.NoCell, board.Bits{}}} {
		if a, _ := back.Allowed(p, k.last); a != k.want {
			t.Errorf("after %d: answer %v, want %v", k.last, a, k.want)
		}
	}
	if a, _ := back.Allowed(q, 4); a != board.Bit(0) {
		t.Errorf("the answer for every last move: %v", a)
	}
	for _, bad := range []func(f *CertificateFile){
		func(f *CertificateFile) { f.AnswersAfter[0][2] = "(1,1)" }, // Red's stone
		func(f *CertificateFile) { f.AnswersAfter[0][2] = "(3,3)" }, // empty
		func(f *CertificateFile) {
			f.Answers = append(f.Answers, [3]string{f.AnswersAfter[0][0], f.AnswersAfter[0][1], "(2,1)"})
		},
		func(f *CertificateFile) { f.AnswersAfter = append(f.AnswersAfter, f.AnswersAfter[0]) },
	} {
		f := c.File()
		bad(&f)
		raw, _ := json.Marshal(f)
		if _, err := ParseCertificate(raw, b); err == nil {
			t.Errorf("accepted %v", f.AnswersAfter)
		}
	}
}

// TestCompactCertificate: the compact format reads back compact, answers the
// images of a stored position with the images of its answer (every one, when
// the position has symmetries of its own), plays winning cells by its rule,
// and refuses a file whose key is not the least of its images.
func TestCompactCertificate(t *testing.T) {
	b := board.MustNew(4, 3, board.Cylinder)
	empty := board.Position{}
	c := NewCompactCertificate(b, board.Red, board.Red, map[board.Position]board.Cell{empty: b.Cell(2, 2)})
	raw, err := json.Marshal(c.File())
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseCertificate(raw, b)
	if err != nil || !back.Compact() || back.Len() != 1 || len(back.Symmetries()) != len(b.Group()) {
		t.Fatalf("read back: %v, %+v", err, back)
	}
	// The empty board is fixed by every symmetry: the allowed set is the
	// orbit of (2,2) — every cell of ring 2, since rotations reach every
	// column and the reflection keeps ring 2 (n = 3).
	var ring2 board.Bits
	for i := 1; i <= b.M; i++ {
		ring2 = ring2.With(b.Cell(i, 2))
	}
	got, rule := back.Allowed(empty, board.NoCell)
	if rule != "certificate" || got != ring2 {
		t.Errorf("empty board: %v %q, want ring 2", got.Cells(), rule)
	}
	// A position where Red has a winning cell: the rule, not the table.
	p := empty.Play(board.Red, b.Cell(1, 1)).Play(board.Red, b.Cell(1, 2))
	if got, rule := back.Allowed(p, board.NoCell); rule != "win" || got != b.WinningCells(p, board.Red) {
		t.Errorf("winning position: %v %q", got.Cells(), rule)
	}
	// A key that is not the least image is refused.
	var f CertificateFile
	json.Unmarshal(raw, &f)
	f.Answers = [][3]string{{"2", "4", "(3,2)"}} // red on (2,1), blue on (3,1): its least image is one column to the left
	raw, _ = json.Marshal(f)
	if _, err := ParseCertificate(raw, b); err == nil || !strings.Contains(err.Error(), "not the least of its images") {
		t.Errorf("a compact certificate keyed by a position that is not the least image: %v", err)
	}
}
