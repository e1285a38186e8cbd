package strategies

import (
	"math/rand/v2"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/strategies/notions"
)

func TestFitzgeraldApplies(t *testing.T) {
	for _, c := range []struct {
		m, n int
		geo  board.Geometry
		ok   bool
	}{
		{5, 1, board.Cylinder, true}, {5, 9, board.Cylinder, true}, {5, 25, board.Cylinder, true},
		{5, 26, board.Cylinder, false}, {4, 9, board.Cylinder, false}, {7, 9, board.Cylinder, false},
		{5, 9, board.Flat, false}, {5, 9, board.Torus, false},
	} {
		err := fitzgeraldApplies(c.m, c.n, c.geo)
		if (err == nil) != c.ok {
			t.Errorf("%dx%d %v: err = %v, want ok=%v", c.m, c.n, c.geo, err, c.ok)
		}
		if err != nil && c.m != 5 && !strings.Contains(err.Error(), "5×n cylinders") {
			t.Errorf("%dx%d: unclear error %q", c.m, c.n, err)
		}
	}
	if _, err := New("fitzgerald", board.MustNew(4, 4, board.Cylinder)); err == nil {
		t.Error("registry built fitzgerald on 4x4")
	}
}

func TestRuleNumber(t *testing.T) {
	for s, want := range map[string]int{"6(c)": 6, "14": 14, "3(a)i": 3, "0": 0, "16(b)": 16} {
		if got := RuleNumber(s); got != want {
			t.Errorf("RuleNumber(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestFitzgeraldOpening: step I plays in the middle ring, middle column; for
// even n the upper of the two middle rings (docs/decisions/fitzgerald.md).
func TestFitzgeraldOpening(t *testing.T) {
	for n, ring := range map[int]int{1: 1, 2: 1, 3: 2, 4: 2, 9: 5, 12: 6} {
		b := board.MustNew(5, n, board.Cylinder)
		got, rule := NewFitzgerald(b).Allowed(board.Position{}, board.NoCell)
		if got != board.Bit(b.Cell(3, ring)) || rule != "0" {
			t.Errorf("5x%d: opening %v rule %s, want (3,%d) rule 0", n, testkit.CellsStr(b, got), rule, ring)
		}
	}
}

// TestFitzgeraldLegalAndDeterministic: on random games on 5×1 … 5×12 and
// the largest board, 5×25, with
// either starter, every answer is exactly one empty cell, with a rule label
// whose number is 0…19, and asking twice gives the same answer.
func TestFitzgeraldLegalAndDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	traced := 0
	defer func() {
		if traced == 0 || traceSteps == 0 {
			t.Errorf("%d decisions, %d with a hierarchy trace: the trace is not tested", traced, traceSteps)
		}
	}()
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 25} {
		b := board.MustNew(5, n, board.Cylinder)
		f := NewFitzgerald(b)
		for g := 0; g < 20; g++ {
			var p board.Position
			last := board.NoCell
			who := board.Red
			if g%2 == 1 {
				who = board.Blue
			}
			for b.Winner(p) == board.Empty && p.Occupied() != b.All() {
				if who == board.Red {
					got, rule := f.Allowed(p, last)
					again, rule2 := f.Allowed(p, last)
					if got.Count() != 1 || got.And(p.Occupied()).Any() {
						t.Fatalf("5x%d: answer %v (rule %s) is not one empty cell\n%s", n, testkit.CellsStr(b, got), rule, b.Picture(p, board.Bits{}))
					}
					if again != got || rule2 != rule {
						t.Fatalf("5x%d: not deterministic", n)
					}
					if r := RuleNumber(rule); r < 0 || r > 19 || rule == "" {
						t.Fatalf("5x%d: bad rule label %q", n, rule)
					}
					checkTrace(t, f, p, last, got)
					traced++
					p = p.Play(board.Red, got.First())
				} else {
					e := testkit.EmptyOf(b, p).Cells()
					last = e[rng.IntN(len(e))]
					p = p.Play(board.Blue, last)
				}
				who = who.Other()
			}
		}
	}
}

var traceSteps int

// checkTrace checks the hierarchy's trace at one decision against the
// decision itself: the rule's cells (RuleAllowed) hold the answer, each step
// keeps a non-empty part of what the one before left, and the last step
// leaves exactly the answer.
func checkTrace(t *testing.T, f *Fitzgerald, p board.Position, last board.Cell, got board.Bits) {
	t.Helper()
	allowed, _ := f.RuleAllowed(p, last)
	if !got.AndNot(allowed).Empty() {
		t.Fatalf("answer %v outside the rule's cells %v", got.Cells(), allowed.Cells())
	}
	trace := f.TieBreakTrace(p, last)
	if trace == nil {
		return
	}
	traceSteps++
	left := allowed
	for _, st := range trace {
		if st.Left.Empty() || !st.Left.AndNot(left).Empty() {
			t.Fatalf("%s left %v, not a non-empty part of %v", st.Step, st.Left.Cells(), left.Cells())
		}
		left = st.Left
	}
	if left != got {
		t.Fatalf("the trace ends with %v, the answer is %v", left.Cells(), got.Cells())
	}
}

// redAlwaysWins explores every Blue reply (memoized on the position) and
// reports whether Red, following the strategy, wins every game; on failure it
// returns one lost game's moves.
func redAlwaysWins(b *board.Board, f *Fitzgerald, p board.Position, last board.Cell, redToMove bool, memo map[board.Position]bool, line *[]board.Cell, rules map[int]bool) bool {
	if v, ok := memo[p]; ok {
		return v
	}
	ok := true
	if redToMove {
		c, rule := f.Decide(p, last)
		rules[RuleNumber(rule)] = true
		q := p.Play(board.Red, c)
		*line = append(*line, c)
		if !b.RedWins(q) {
			ok = redAlwaysWins(b, f, q, last, false, memo, line, rules)
		}
		if ok {
			*line = (*line)[:len(*line)-1]
		}
	} else {
		for e := testkit.EmptyOf(b, p); ok && e.Any(); {
			c := e.Pop()
			q := p.Play(board.Blue, c)
			*line = append(*line, c)
			if b.BlueWins(q) {
				ok = false
				break
			}
			ok = redAlwaysWins(b, f, q, c, true, memo, line, rules)
			if ok {
				*line = (*line)[:len(*line)-1]
			}
		}
	}
	memo[p] = ok
	return ok
}

// TestFitzgeraldSmallBoards: thesis §9.4.3 and App. B state that Alg. 8.4.1 is
// optimal on 5×1, 5×2 and 5×3 (either starter) and on 5×4 when Red starts,
// and name the only rules Red uses there: 0 or 1 on 5×1; 0, 1, 3 on 5×2 and
// 5×3 when Red starts, 1, 3, 4 when Blue starts; 0, 1, 3, 4, 9 on 5×4 when Red
// starts. This checks both by exhaustive search over Blue's replies.
func TestFitzgeraldSmallBoards(t *testing.T) {
	for _, c := range []struct {
		n        int
		redFirst bool
		rules    []int
	}{
		{1, true, []int{0, 1}}, {1, false, []int{0, 1}},
		{2, true, []int{0, 1, 3}}, {2, false, []int{1, 3, 4}},
		{3, true, []int{0, 1, 3}}, {3, false, []int{1, 3, 4}},
		{4, true, []int{0, 1, 3, 4, 9}},
	} {
		b := board.MustNew(5, c.n, board.Cylinder)
		f := NewFitzgerald(b)
		var line []board.Cell
		memo := map[board.Position]bool{}
		used := map[int]bool{}
		allowed := map[int]bool{}
		for _, r := range c.rules {
			allowed[r] = true
		}
		ok := redAlwaysWins(b, f, board.Position{}, board.NoCell, c.redFirst, memo, &line, used)
		for r := range used {
			if !allowed[r] {
				t.Errorf("5x%d (red first %v): rule %d used; the thesis lists only %v", c.n, c.redFirst, r, c.rules)
			}
		}
		if !ok {
			var sb strings.Builder
			for _, x := range line {
				sb.WriteString(b.Format(x, board.Thesis) + " ")
			}
			t.Errorf("5x%d (red first %v): Red loses the game %s", c.n, c.redFirst, sb.String())
		} else {
			t.Logf("5x%d red first %v: Red wins all games (%d positions)", c.n, c.redFirst, len(memo))
		}
	}
}

// TestFitzgeraldFig102b: in the position of thesis Fig. 10.2b (App. A.1.1
// game 1 before ply 16) Blue's (3,4) threatens a provisional winning path and
// the figure names the two cells that prevent it, (5,3) and (4,4); the
// hierarchy then chooses (5,3) (Fig. 10.2c).
func TestFitzgeraldFig102b(t *testing.T) {
	b := board.MustNew(5, 9, board.Cylinder)
	f := NewFitzgerald(b)
	red := [][2]int{{4, 7}, {5, 6}, {1, 5}, {2, 8}, {3, 3}, {1, 4}, {4, 1}}
	blue := [][2]int{{2, 7}, {4, 6}, {5, 5}, {3, 9}, {2, 3}, {2, 4}, {1, 3}, {3, 4}}
	p := testkit.Pos(t, b, red, blue)
	last := b.Cell(3, 4)
	var s state
	f.analyse(&s, p, last)
	got, label := f.rule6(&s)
	if want := testkit.CellSet(b, [2]int{5, 3}, [2]int{4, 4}); got != want || label != "6(c)" {
		t.Errorf("rule 6 gives %v (%s), want %v", testkit.CellsStr(b, got), label, testkit.CellsStr(b, want))
	}
	c, rule := f.Decide(p, last)
	if c != b.Cell(5, 3) || RuleNumber(rule) != 6 {
		t.Errorf("decision %s rule %s, want (5,3) rule 6", b.Format(c, board.Thesis), rule)
	}
	// Fig. 10.2c: after (5,3) and Blue (5,4), Blue threatens to win and rule 2
	// forces (4,4).
	p = p.Play(board.Red, b.Cell(5, 3)).Play(board.Blue, b.Cell(5, 4))
	c, rule = f.Decide(p, b.Cell(5, 4))
	if c != b.Cell(4, 4) || RuleNumber(rule) != 2 {
		t.Errorf("after (5,4): %s rule %s, want (4,4) rule 2", b.Format(c, board.Thesis), rule)
	}
}

// TestNextJoinsMatchesBruteForce: the filtered count of hierarchy items 5 and
// 6 equals the count over every empty cell, on random positions.
func TestNextJoinsMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, n := range []int{3, 9, 12} {
		b := board.MustNew(5, n, board.Cylinder)
		f := NewFitzgerald(b)
		nt := f.nt
		for it := 0; it < 60; it++ {
			p := testkit.RandomStones(rng, b, 1+rng.IntN(b.Cells()-1))
			var s state
			s.p, s.empty = p, testkit.EmptyOf(b, p)
			nt.ProvisionalGroups(p.Red, s.empty, true, &s.redG)
			for e := s.empty; e.Any(); {
				c := e.Pop()
				best, ways := f.nextJoins(&s, c)
				red, empty := p.Red.With(c), s.empty.Without(c)
				var g notions.Groups
				nt.ProvisionalGroups(red, empty, true, &g)
				wb, ww := 0, 0
				for x := empty; x.Any(); {
					k := nt.JoinCount(&g, x.Pop(), red, empty, true)
					if k >= 2 {
						ww++
					}
					wb = max(wb, k)
				}
				if best != wb || ways != ww {
					t.Fatalf("5x%d %s: nextJoins = %d/%d, brute force %d/%d\n%s", n, b.Format(c, board.Thesis), best, ways, wb, ww, b.Picture(p, board.Bit(c)))
				}
			}
		}
	}
}

// TestCoverRulesMatchDefinition: rules 4 and 10–14 (with rule 7's one-sided
// restrictions) computed with the incremental spans and the Near filter equal
// their definitions evaluated by recomputing the groups after every empty
// cell, on random positions.
func TestCoverRulesMatchDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, n := range []int{2, 5, 9, 12} {
		b := board.MustNew(5, n, board.Cylinder)
		f := NewFitzgerald(b)
		nt := f.nt
		for it := 0; it < 80; it++ {
			p := testkit.RandomStones(rng, b, 1+rng.IntN(b.Cells()-1))
			if p.Blue.Empty() {
				continue
			}
			bl := p.Blue.Cells()
			last := bl[rng.IntN(len(bl))]
			var s state
			f.analyse(&s, p, last)
			after := func(x board.Cell) *notions.Groups {
				g := new(notions.Groups)
				nt.ProvisionalGroups(p.Red.With(x), s.empty.Without(x), true, g)
				return g
			}
			var want4 board.Bits
			for e := s.empty; e.Any(); {
				x := e.Pop()
				if g := after(x); g.SameGroup(nt.TopNode(), nt.BottomNode()) {
					want4 = want4.With(x)
				}
			}
			if got, _ := f.rule(&s, 4); got != want4 {
				t.Fatalf("rule 4: %v, want %v", testkit.CellsStr(b, got), testkit.CellsStr(b, want4))
			}
			j := s.j
			for r := 10; r <= 14; r++ {
				for dir := -1; dir <= 1; dir++ {
					type tg struct{ lo, hi, a, b int }
					var ts []tg
					switch r {
					case 10:
						ts = []tg{{j - 3, j + 3, j - 2, j + 2}}
					case 11:
						ts = []tg{{j - 2, j + 2, j - 1, j + 1}}
					case 12:
						if dir <= 0 {
							ts = append(ts, tg{j - 3, j + 1, j - 2, j})
						}
						if dir >= 0 {
							ts = append(ts, tg{j - 1, j + 3, j, j + 2})
						}
					case 13:
						if dir <= 0 {
							ts = append(ts, tg{j - 2, j + 1, j - 1, j})
						}
						if dir >= 0 {
							ts = append(ts, tg{j - 1, j + 2, j, j + 1})
						}
					case 14:
						ts = []tg{{j - 1, j + 1, j, j}}
					}
					var want board.Bits
					for _, x := range ts {
						if nt.Covered(&s.redG, x.a, x.b) {
							continue
						}
						for e := nt.RingsCells(x.lo, x.hi).And(s.empty); e.Any(); {
							c := e.Pop()
							if nt.Covered(after(c), x.a, x.b) {
								want = want.With(c)
							}
						}
					}
					if got := f.coverRule(&s, r, dir); got != want {
						t.Fatalf("5x%d rule %d dir %d (j=%d): %v, want %v\n%s", n, r, dir, j, testkit.CellsStr(b, got), testkit.CellsStr(b, want), b.Picture(p, board.Bit(last)))
					}
				}
			}
		}
	}
}

// TestBluePWMovesMatchDefinition: Blue's provisional winning moves, and
// whether a red stone leaves Blue none, against the definition (Blue's
// provisional win recomputed after each stone) on random positions.
func TestBluePWMovesMatchDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, n := range []int{2, 5, 9, 12} {
		b := board.MustNew(5, n, board.Cylinder)
		f := NewFitzgerald(b)
		for it := 0; it < 150; it++ {
			p := testkit.RandomStones(rng, b, rng.IntN(b.Cells()))
			e := testkit.EmptyOf(b, p)
			var want board.Bits
			for x := e; x.Any(); {
				c := x.Pop()
				if f.nt.BlueProvisionalWin(p.Blue.With(c), e.Without(c)) {
					want = want.With(c)
				}
			}
			if got := f.bluePWMoves(p); got != want {
				t.Fatalf("5x%d: %v, want %v\n%s", n, testkit.CellsStr(b, got), testkit.CellsStr(b, want), b.Picture(p, board.Bits{}))
			}
			// stopsBluePW (which reuses the position's lifting where it can)
			// against the definition after each red stone.
			if p.Blue.Empty() {
				continue
			}
			var s state
			f.analyse(&s, p, p.Blue.First())
			for x := e; x.Any(); {
				c := x.Pop()
				e2 := e.Without(c)
				stops := true
				for y := e2; y.Any(); {
					if z := y.Pop(); f.nt.BlueProvisionalWin(p.Blue.With(z), e2.Without(z)) {
						stops = false
						break
					}
				}
				if got := f.stopsBluePW(&s, c); got != stops {
					t.Fatalf("5x%d: stopsBluePW(%s) = %v, want %v\n%s", n, testkit.CellStr(b, c), got, stops, b.Picture(p, board.Bit(c)))
				}
			}
		}
	}
}

// TestFitzgeraldRule3a: a red provisional winning path top–(2,2)–(1,4)–bottom
// on 5×5 whose bridge (2,2)–(1,4) (cells (2,3), (1,3)) overlaps, at (2,3),
// bridges to (3,3) sharing its ends. Blue on the path bridge's other cell
// (1,3): Red takes the point of overlap (rule 3(a)i). Blue on the point (2,3):
// Red saves the path bridge with (1,3) (rule 3(a)ii), not a cell of the
// bridges off the path.
func TestFitzgeraldRule3a(t *testing.T) {
	b := board.MustNew(5, 5, board.Cylinder)
	f := NewFitzgerald(b)
	red := [][2]int{{2, 2}, {1, 4}, {3, 3}}
	for _, c := range []struct {
		blue, want [2]int
		rule       string
	}{
		{[2]int{1, 3}, [2]int{2, 3}, "3(a)i"},
		{[2]int{2, 3}, [2]int{1, 3}, "3(a)ii"},
	} {
		p := testkit.Pos(t, b, red, [][2]int{c.blue})
		if !f.nt.RedProvisionalWin(p.Red, testkit.EmptyOf(b, p).With(b.Cell(c.blue[0], c.blue[1]))) {
			t.Fatal("set-up has no provisional winning path")
		}
		got, rule := f.Decide(p, b.Cell(c.blue[0], c.blue[1]))
		if got != b.Cell(c.want[0], c.want[1]) || rule != c.rule {
			t.Errorf("blue %v: %s rule %s, want %v rule %s", c.blue, b.Format(got, board.Thesis), rule, c.want, c.rule)
		}
	}
}

// TestFitzgeraldRule8: red (3,5)-(4,6) through (4,5), (3,6) and (3,5)-(2,7)
// through (3,6), (2,6) share the end (3,5) and the point (3,6) (the blue stone
// on (3,7) removes the third bridge). Blue on (4,5) attacks the first: Red
// plays the point of overlap, which saves both (rule 8(a)).
func TestFitzgeraldRule8(t *testing.T) {
	b := board.MustNew(5, 9, board.Cylinder)
	f := NewFitzgerald(b)
	p := testkit.Pos(t, b, [][2]int{{3, 5}, {4, 6}, {2, 7}}, [][2]int{{3, 7}, {4, 5}})
	got, rule := f.Decide(p, b.Cell(4, 5))
	if got != b.Cell(3, 6) || rule != "8(a)" {
		t.Errorf("%s rule %s, want (3,6) rule 8(a)", b.Format(got, board.Thesis), rule)
	}
}

// TestFitzgeraldRule16: a red column (3,3)…(3,7) on 5×9 and Blue on (1,5).
// Rings R(3,7) are covered and ring 5 has a red stone, so rules 10–15 have
// nothing to do; rule 16 extends the path through ring 5 from its nearest ends
// (rings 3 and 7) by a bridge two rings further: (4,1) or (2,9). Items 3–9 tie
// and item 10 (lowest ring) picks (4,1).
func TestFitzgeraldRule16(t *testing.T) {
	b := board.MustNew(5, 9, board.Cylinder)
	f := NewFitzgerald(b)
	p := testkit.Pos(t, b, [][2]int{{3, 3}, {3, 4}, {3, 5}, {3, 6}, {3, 7}}, [][2]int{{1, 5}})
	var s state
	f.analyse(&s, p, b.Cell(1, 5))
	got, label := f.rule16(&s)
	if want := testkit.CellSet(b, [2]int{4, 1}, [2]int{2, 9}); got != want || label != "16(a)" {
		t.Errorf("rule 16 gives %v (%s), want %v (16(a))", testkit.CellsStr(b, got), label, testkit.CellsStr(b, want))
	}
	c, rule := f.Decide(p, b.Cell(1, 5))
	if c != b.Cell(4, 1) || rule != "16(a)" {
		t.Errorf("decision %s rule %s, want (4,1) rule 16(a)", b.Format(c, board.Thesis), rule)
	}
	// With both far cells taken by Blue (placed earlier; Blue's last move is
	// still (1,5)), 16(b) offers the cells one ring further that touch or
	// bridge from an end.
	p = testkit.Pos(t, b, [][2]int{{3, 3}, {3, 4}, {3, 5}, {3, 6}, {3, 7}}, [][2]int{{1, 5}, {4, 1}, {2, 9}})
	f.analyse(&s, p, b.Cell(1, 5))
	got, label = f.rule16(&s)
	want := testkit.CellSet(b, [2]int{3, 2}, [2]int{4, 2}, [2]int{2, 2}, [2]int{5, 2}, [2]int{3, 8}, [2]int{2, 8}, [2]int{4, 8}, [2]int{1, 8})
	if got != want || label != "16(b)" {
		t.Errorf("rule 16 gives %v (%s), want %v (16(b))", testkit.CellsStr(b, got), label, testkit.CellsStr(b, want))
	}
}

// TestConnectionAreaReadings: the connection area of the (i+2, j+2) set-up
// from (4,5) to (1,7) through (5,6) (App. A.1.1 game 2 ply 8) under each
// reading of option area (Def. 8.2.1; docs/decisions/fitzgerald.md).
func TestConnectionAreaReadings(t *testing.T) {
	b := board.MustNew(5, 9, board.Cylinder)
	su := notions.DoubleBridgeSetup{A: b.Cell(4, 5), B: b.Cell(1, 7), Mid: b.Cell(5, 6), BDX: 2}
	for area, want := range map[string][][2]int{
		"round-up":    {{4, 5}, {1, 5}, {3, 5}, {4, 7}, {1, 7}, {3, 7}},
		"round-down":  {{4, 5}, {1, 5}, {2, 5}, {4, 7}, {1, 7}, {2, 7}},
		"lifted":      {{4, 5}, {1, 5}, {5, 5}, {4, 7}, {1, 7}, {5, 7}},
		"rect":        {{1, 5}, {2, 5}, {3, 5}, {4, 5}, {1, 6}, {2, 6}, {3, 6}, {4, 6}, {1, 7}, {2, 7}, {3, 7}, {4, 7}},
		"middle-ring": {{4, 5}, {1, 5}, {3, 5}, {4, 6}, {1, 6}, {3, 6}, {4, 7}, {1, 7}, {3, 7}},
	} {
		s, err := New("fitzgerald:area="+area, b)
		if err != nil {
			t.Fatal(err)
		}
		if got, w := s.(*Fitzgerald).connectionArea(su), testkit.CellSet(b, want...); got != w {
			t.Errorf("area=%s: %v, want %v", area, testkit.CellsStr(b, got), testkit.CellsStr(b, w))
		}
	}
}
