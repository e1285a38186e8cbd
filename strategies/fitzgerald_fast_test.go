package strategies

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

// referenceDecide is step II as the thesis writes it, without the shortcuts of
// Decide and Replies: the whole per-decision analysis, then rules 1–19 in
// order. It is the slow reference the fast paths are compared with.
func referenceDecide(f *Fitzgerald, p board.Position, last board.Cell) (board.Cell, string) {
	empty := f.nt.B.All().AndNot(p.Occupied())
	if empty.Empty() {
		return board.NoCell, "none"
	}
	if last == board.NoCell || !p.Blue.Has(last) {
		return f.middle(empty), "0"
	}
	var s state
	f.analyse(&s, p, last)
	for r := 1; r <= 19; r++ {
		cands, label := f.rule(&s, r)
		if cands.Empty() {
			continue
		}
		if (r == 4 || r >= 8 && r < 19) && f.allDangerous(&s, cands) {
			continue
		}
		return f.hierarchy(&s, cands, nil), label
	}
	return board.NoCell, "none"
}

// randomFitzPositions returns positions with Blue to move (Blue's turn in a
// game where Red follows f with probability 3/4 and plays at random
// otherwise, and Blue plays at random), from the empty board up to a full or
// won board, on 5×n for both starters; plus positions with stones scattered at
// random (any density, possibly won for either side).
func randomFitzPositions(rng *rand.Rand, f *Fitzgerald, games int) []board.Position {
	b := f.Board()
	var out []board.Position
	for g := 0; g < games; g++ {
		var p board.Position
		last := board.NoCell
		red := g%2 == 0
		for p.Occupied() != b.All() {
			if red {
				c, _ := f.Decide(p, last)
				if rng.IntN(4) == 0 {
					e := b.All().AndNot(p.Occupied()).Cells()
					c = e[rng.IntN(len(e))]
				}
				p = p.Play(board.Red, c)
			} else {
				out = append(out, p)
				e := b.All().AndNot(p.Occupied()).Cells()
				last = e[rng.IntN(len(e))]
				p = p.Play(board.Blue, last)
			}
			red = !red
			if b.Winner(p) != board.Empty && rng.IntN(3) != 0 {
				break
			}
		}
	}
	for k := 0; k < games; k++ {
		var p board.Position
		density := rng.IntN(101)
		for _, c := range b.All().Cells() {
			if rng.IntN(100) < density {
				p = p.Play(board.Color(1+rng.IntN(2)), c)
			}
		}
		out = append(out, p)
	}
	return out
}

// TestFitzgeraldDecideMatchesReference: Decide (rule 1 first, analysis only
// as far as needed) gives the same cell and label as the plain step II on
// every Blue move from many random positions, 5×1 … 5×12.
func TestFitzgeraldDecideMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 4))
	games := 60
	if testing.Short() {
		games = 15
	}
	decisions := 0
	for n := 1; n <= 12; n++ {
		f := NewFitzgerald(board.MustNew(5, n, board.Cylinder))
		b := f.Board()
		for _, p := range randomFitzPositions(rng, f, games) {
			for e := b.All().AndNot(p.Occupied()); e.Any(); {
				x := e.Pop()
				q := p.Play(board.Blue, x)
				gc, gl := f.Decide(q, x)
				wc, wl := referenceDecide(f, q, x)
				if gc != wc || gl != wl {
					t.Fatalf("5x%d, Blue %v: Decide %v rule %s, reference %v rule %s\n%s", n, testkit.CellStr(b, x),
						testkit.CellStr(b, gc), gl, testkit.CellStr(b, wc), wl, b.Picture(q, board.Bits{}))
				}
				decisions++
			}
		}
	}
	if decisions < 10000 {
		t.Fatalf("only %d decisions compared", decisions)
	}
}

// TestRedWinningMovesAfterBlueStone: a blue stone on b leaves Red's winning
// moves as they were, minus b (Replies relies on it): rule 1 looks only at the
// red stones, which a blue stone does not change, and at which cells are empty.
func TestRedWinningMovesAfterBlueStone(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 1))
	for n := 1; n <= 12; n++ {
		f := NewFitzgerald(board.MustNew(5, n, board.Cylinder))
		b := f.Board()
		for _, p := range randomFitzPositions(rng, f, 20) {
			w := f.nt.RedWinningMoves(p)
			for e := b.All().AndNot(p.Occupied()); e.Any(); {
				x := e.Pop()
				if got := f.nt.RedWinningMoves(p.Play(board.Blue, x)); got != w.Without(x) {
					t.Fatalf("5x%d, Blue %v: winning moves %v, want %v", n, testkit.CellStr(b, x), testkit.CellsStr(b, got), testkit.CellsStr(b, w.Without(x)))
				}
			}
		}
	}
}

// TestFitzgeraldRepliesMatchAllowed: Replies yields, in increasing cell
// order, exactly Allowed(p.Play(Blue, b), b) for every b of moves, on many
// random positions and random sets of moves (empty, one cell, all empty
// cells, the last empty cell), and stops when yield returns false.
func TestFitzgeraldRepliesMatchAllowed(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	games := 40
	if testing.Short() {
		games = 10
	}
	var _ Replier = (*Fitzgerald)(nil)
	checked := 0
	specs := []string{"fitzgerald", "fitzgerald-rules",
		"fitzgerald:area=off,item3=after,item7=on,skip=4,overlap=any,item8=shared-end,rule6c=union",
		// The repairs and the knowledge tie-break (analyses cost ms on the
		// larger boards, so up to 5×6).
		"fitzgerald:repairs=all,knowledge=keep"}
	for k := 0; k < len(specs)*12; k++ {
		n, spec := 1+k%12, specs[k/12]
		if k/12 == 3 && n > 6 {
			continue
		}
		st, err := New(spec, board.MustNew(5, n, board.Cylinder))
		if err != nil {
			t.Fatal(err)
		}
		f := st.(*Fitzgerald)
		b := f.Board()
		for _, p := range randomFitzPositions(rng, f, games) {
			empty := b.All().AndNot(p.Occupied())
			var some board.Bits
			for e := empty; e.Any(); {
				if x := e.Pop(); rng.IntN(2) == 0 {
					some = some.With(x)
				}
			}
			for _, moves := range []board.Bits{empty, some, {}, firstOf(empty)} {
				checked += checkReplies(t, spec, f, p, moves, rng)
			}
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d replies compared", checked)
	}
}

// firstOf is the set of the first cell of s (empty if s is).
func firstOf(s board.Bits) board.Bits {
	if s.Empty() {
		return s
	}
	return board.Bit(s.First())
}

// TestFitzgeraldRulesContainsChoice: fitzgerald-rules allows, with the same
// rule label, every cell that fitzgerald chooses under any hierarchy or area
// reading (they narrow the rule's moves, never add to them), on random
// positions 5×1 … 5×9; and on some decision it allows more than one cell.
func TestFitzgeraldRulesContainsChoice(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 2))
	wider := 0
	for n := 1; n <= 9; n++ {
		b := board.MustNew(5, n, board.Cylinder)
		rules, err := New("fitzgerald-rules:skip=4", b)
		if err != nil {
			t.Fatal(err)
		}
		var fs []Strategy
		for _, spec := range []string{"fitzgerald:skip=4", "fitzgerald:skip=4,area=off,item3=after,item7=on,item8=shared-end", "fitzgerald:skip=4,area=lifted"} {
			f, err := New(spec, b)
			if err != nil {
				t.Fatal(err)
			}
			fs = append(fs, f)
		}
		for _, p := range randomFitzPositions(rng, fs[0].(*Fitzgerald), 10) {
			for e := b.All().AndNot(p.Occupied()); e.Any(); {
				x := e.Pop()
				q := p.Play(board.Blue, x)
				all, label := rules.Allowed(q, x)
				if all.Count() > 1 {
					wider++
				}
				for _, f := range fs {
					one, l := f.Allowed(q, x)
					if all.Empty() && one.Empty() && l == label {
						continue // a full board
					}
					if one.Count() != 1 || !all.Has(one.First()) || l != label {
						t.Fatalf("5x%d: fitzgerald %v rule %s not among fitzgerald-rules %v rule %s", n, testkit.CellsStr(b, one), l, testkit.CellsStr(b, all), label)
					}
				}
			}
		}
	}
	if wider == 0 {
		t.Fatal("fitzgerald-rules never allowed more than one cell")
	}
}
