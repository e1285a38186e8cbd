package strategies

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"hexproof/board"
)

// overlayFixture is an overlay of fitzgerald on 5×4 with Blue starting,
// written for the games after B:(1,1), with one entry: after B:(1,1)
// R:(2,2) B:(3,3), (4,1).
func overlayFixture(t *testing.T) (*board.Board, Strategy, *Overlay, board.Position) {
	t.Helper()
	b := board.MustNew(5, 4, board.Cylinder)
	base, err := New("fitzgerald", b)
	if err != nil {
		t.Fatal(err)
	}
	start := []board.Move{{Player: board.Blue, Cell: b.Cell(1, 1)}}
	q := board.Position{}.Play(board.Blue, b.Cell(1, 1)).Play(board.Red, b.Cell(2, 2)).Play(board.Blue, b.Cell(3, 3))
	o := NewOverlay(b, board.Red, board.Blue, base, "fitzgerald", start,
		map[AfterMove]board.Cell{{q, b.Cell(3, 3)}: b.Cell(4, 1)})
	return b, base, o, q
}

// TestOverlayRoundTrip: an overlay written as a file reads back the same;
// it plays its entry where it has one (after that last move only) and the
// base's first allowed cell elsewhere, with the base's rule.
func TestOverlayRoundTrip(t *testing.T) {
	b, base, o, q := overlayFixture(t)
	raw, err := json.Marshal(o.File())
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseOverlay(raw, b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.File(), o.File()) || back.Len() != 1 || back.Base() != "fitzgerald" || back.Starter() != board.Blue {
		t.Fatalf("read back %+v, want %+v", back.File(), o.File())
	}
	if a, rule := back.Allowed(q, b.Cell(3, 3)); a != board.Bit(b.Cell(4, 1)) || rule != "overlay" {
		t.Errorf("the entry: %v %q", a.Cells(), rule)
	}
	for _, k := range []struct {
		p    board.Position
		last board.Cell
	}{{q, b.Cell(1, 1)}, {board.Position{}.Play(board.Blue, b.Cell(1, 1)), b.Cell(1, 1)}, {board.Position{}.Play(board.Blue, b.Cell(3, 2)), b.Cell(3, 2)}} {
		want, wantRule := base.Allowed(k.p, k.last)
		if a, rule := back.Allowed(k.p, k.last); a != board.Bit(want.First()) || rule != wantRule {
			t.Errorf("off the table, after %d: %v %q, the base %v %q", k.last, a.Cells(), rule, want.Cells(), wantRule)
		}
	}
}

// TestOverlayAtStart: told a start that is an image of its own under a
// symmetry g, the overlay plays g of its answers at g of its positions;
// told one that is not, it refuses. An overlay of the whole game takes the
// empty board only.
func TestOverlayAtStart(t *testing.T) {
	b, base, o, q := overlayFixture(t)
	// The rotation by one column maps (i,j) to (i+1,j).
	var rot board.Perm
	for _, g := range b.Group() {
		if g.Apply(b.Cell(1, 1)) == b.Cell(2, 1) && g.Apply(b.Cell(1, 2)) == b.Cell(2, 2) {
			rot = g
			break
		}
	}
	if rot == nil {
		t.Fatal("no rotation in the group")
	}
	at := board.Position{}.Play(board.Blue, b.Cell(2, 1))
	if err := o.AtStart(at, b.Cell(2, 1)); err != nil {
		t.Fatal(err)
	}
	if a, rule := o.Allowed(rot.ApplyPos(q), b.Cell(4, 3)); a != board.Bit(b.Cell(5, 1)) || rule != "overlay" {
		t.Errorf("the image of the entry: %v %q, want (5,1)", a.Cells(), rule)
	}
	// Off the table: the base's answer at the preimage, mapped.
	p := at.Play(board.Red, b.Cell(3, 2)).Play(board.Blue, b.Cell(1, 3))
	inv := rot.Inverse()
	want, _ := base.Allowed(inv.ApplyPos(p), inv.Apply(b.Cell(1, 3)))
	if a, _ := o.Allowed(p, b.Cell(1, 3)); a != board.Bit(rot.Apply(want.First())) {
		t.Errorf("off the table: %v, want the image of %v", a.Cells(), want.Cells())
	}
	if err := o.AtStart(board.Position{}.Play(board.Blue, b.Cell(1, 2)), b.Cell(1, 2)); err == nil || !strings.Contains(err.Error(), "B:(1,1) and its images") {
		t.Errorf("after B:(1,2), not an image: %v", err)
	}
	whole := NewOverlay(b, board.Red, board.Blue, base, "fitzgerald", nil, nil)
	if err := whole.AtStart(board.Position{}, board.NoCell); err != nil {
		t.Error(err)
	}
	if err := whole.AtStart(at, b.Cell(2, 1)); err == nil || !strings.Contains(err.Error(), "the whole game") {
		t.Errorf("an overlay of the whole game after a start: %v", err)
	}
}

// TestOverlayBadInput: each damage to a file gets an error that names it.
func TestOverlayBadInput(t *testing.T) {
	b, _, o, _ := overlayFixture(t)
	for _, tc := range []struct {
		damage func(f *OverlayFile)
		want   string
	}{
		{func(f *OverlayFile) { f.Format = "hexproof-certificate/1" }, "format"},
		{func(f *OverlayFile) { f.Board = "5x5" }, "it is for the 5x5 cylinder board"},
		{func(f *OverlayFile) { f.Base = "certificate:c.json" }, "not a file or a program"},
		{func(f *OverlayFile) { f.Base = "overlay:o.json" }, "not a file or a program"},
		{func(f *OverlayFile) { f.Base = "" }, "give a strategy by name"},
		{func(f *OverlayFile) { f.Base = "nonesuch" }, "base"},
		{func(f *OverlayFile) { f.Side = "green" }, "side"},
		{func(f *OverlayFile) { f.Start = "B:(9,9)" }, "start"},
		{func(f *OverlayFile) { f.Start = "R:(1,1)" }, "start"},
		{func(f *OverlayFile) { f.Answers[0][2] = "(2,2)" }, "not a stone of blue"},
		{func(f *OverlayFile) { f.Answers[0][2] = "-" }, "no last move"},
		{func(f *OverlayFile) { f.Answers[0][3] = "(1,1)" }, "occupied"},
		{func(f *OverlayFile) { f.Answers = append(f.Answers, f.Answers[0]) }, "a second answer"},
		{func(f *OverlayFile) { f.Answers[0][1] = "1" }, "blue is to move there"},
	} {
		f := o.File()
		tc.damage(&f)
		raw, _ := json.Marshal(f)
		if _, err := ParseOverlay(raw, b); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error with %q", f, err, tc.want)
		}
	}
	if _, err := ParseOverlay([]byte(`[1]`), b); err == nil || !strings.Contains(err.Error(), "not an overlay file") {
		t.Errorf("a JSON array: %v", err)
	}
}

// FuzzParseOverlay: no input makes the parser panic, and whatever it
// accepts answers only empty cells and writes itself back unchanged.
func FuzzParseOverlay(f *testing.F) {
	b := board.MustNew(5, 4, board.Cylinder)
	base, err := New("fitzgerald", b)
	if err != nil {
		f.Fatal(err)
	}
	q := board.Position{}.Play(board.Blue, 0)
	o := NewOverlay(b, board.Red, board.Blue, base, "fitzgerald", []board.Move{{Player: board.Blue, Cell: 0}}, map[AfterMove]board.Cell{{q, 0}: 6})
	raw, _ := json.Marshal(o.File())
	f.Add(raw)
	f.Add([]byte(`{"format":"hexproof-overlay/1","board":"5x4","geometry":"cylinder","side":"red","starter":"red","base":"fitzgerald","start":"","answers":[["0","0","-","(3,2)"]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := ParseOverlay(data, b)
		if err != nil {
			return
		}
		for k, x := range o.table {
			if k.P.Occupied().Has(x) || !b.Valid(x) {
				t.Fatalf("accepted answer %d in %v", x, k.P)
			}
		}
		raw, err := json.Marshal(o.File())
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseOverlay(raw, b)
		if err != nil || !reflect.DeepEqual(back.File(), o.File()) {
			t.Fatalf("written back: %v", err)
		}
	})
}
