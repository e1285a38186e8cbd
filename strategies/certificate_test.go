package strategies

import (
	"encoding/json"
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
