package strategies

import (
	"math/rand/v2"
	"strings"
	"testing"

	"hexproof/board"
)

// TestWithin: fitzgerald (rules and hierarchy) keeps to fitzgerald-rules at
// every Red turn of random games on 5×6 … 5×8, both starters, so Within
// passes its answer through with the rules' label; vandenbroek does not
// keep to fitzgerald-rules everywhere, and there Within answers nothing and
// says which cell went outside.
func TestWithin(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	var kept, outside int
	for n := 6; n <= 8; n++ {
		b := board.MustNew(5, n, board.Cylinder)
		fitz, _ := New("fitzgerald", b)
		rules, _ := New("fitzgerald-rules", b)
		vdb, _ := New("vandenbroek", b)
		wf, err := NewWithin(fitz, rules, "fitzgerald-rules")
		if err != nil {
			t.Fatal(err)
		}
		wv, _ := NewWithin(vdb, rules, "fitzgerald-rules")
		for g := 0; g < 40; g++ {
			starter := board.Color(board.Red)
			if g%2 == 1 {
				starter = board.Blue
			}
			var p board.Position
			last := board.NoCell
			for !b.Wins(p, board.Red) && !b.Wins(p, board.Blue) && p.Occupied() != b.All() {
				who := p.ToMove(starter)
				empty := b.All().AndNot(p.Occupied()).Cells()
				c := empty[rng.IntN(len(empty))]
				if who == board.Red {
					a, _ := fitz.Allowed(p, last)
					got, rule := wf.Allowed(p, last)
					_, rrule := rules.Allowed(p, last)
					if got != a || rule != rrule {
						t.Fatalf("5x%d: fitzgerald's %v (rule %s) within its rules gives %v (%s)", n, a, rrule, got, rule)
					}
					kept++
					av, _ := vdb.Allowed(p, last)
					r, _ := rules.Allowed(p, last)
					gv, vrule := wv.Allowed(p, last)
					switch {
					case av.AndNot(r).Any():
						outside++
						if gv.Any() || !strings.HasPrefix(vrule, "outside fitzgerald-rules: it plays ") {
							t.Fatalf("5x%d: vandenbroek outside the rules gives %v (%s)", n, gv, vrule)
						}
						// A report words the error from Explain.
						if why := wv.Explain(p, last); why != "the strategy leaves "+strings.TrimPrefix(vrule, "outside ") {
							t.Fatalf("5x%d: vandenbroek outside the rules explained as %q (rule %q)", n, why, vrule)
						}
					case gv != av:
						t.Fatalf("5x%d: vandenbroek inside the rules gives %v, not %v", n, gv, av)
					case wv.Explain(p, last) != "":
						t.Fatalf("5x%d: vandenbroek inside the rules explained as %q", n, wv.Explain(p, last))
					}
					if a.Any() && rng.IntN(2) == 0 {
						c = a.First()
					}
				}
				p, last = p.Play(who, c), c
			}
		}
	}
	t.Logf("%d Red turns; vandenbroek went outside the rules at %d", kept, outside)
	if kept < 500 || outside < 20 {
		t.Errorf("too few cases: %d turns, %d outside", kept, outside)
	}
	if _, err := NewWithin(mustNew(t, "gardner-blue", board.MustNew(5, 6, board.Cylinder)), mustNew(t, "fitzgerald-rules", board.MustNew(5, 6, board.Cylinder)), "fitzgerald-rules"); err == nil {
		t.Error("a Blue strategy within a Red one was accepted")
	}
}

func mustNew(t *testing.T, spec string, b *board.Board) Strategy {
	t.Helper()
	s, err := New(spec, b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
