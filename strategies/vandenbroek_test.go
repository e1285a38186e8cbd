package strategies

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

// vbCells parses a list of cells in thesis notation.
func vbCells(t *testing.T, b *board.Board, s string) board.Bits {
	t.Helper()
	toks, err := b.ParseMoves(s)
	if err != nil {
		t.Fatal(err)
	}
	var out board.Bits
	for _, tk := range toks {
		out = out.With(tk.Cell)
	}
	return out
}

func TestVandenbroekApplies(t *testing.T) {
	for _, c := range []struct {
		m, n int
		geo  board.Geometry
		ok   bool
	}{
		{5, 1, board.Cylinder, true}, {5, 7, board.Cylinder, true}, {5, 25, board.Cylinder, true},
		{3, 7, board.Cylinder, false}, {6, 7, board.Cylinder, false}, {5, 7, board.Flat, false}, {5, 7, board.Torus, false},
	} {
		for _, name := range []string{"vandenbroek", "vandenbroek-fig71"} {
			info, err := Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			err = info.Applies(c.m, c.n, c.geo)
			if (err == nil) != c.ok {
				t.Errorf("%s Applies(%d, %d, %v) = %v, want ok=%v", name, c.m, c.n, c.geo, err, c.ok)
			}
			if err != nil && !strings.Contains(err.Error(), "5×n cylinders") {
				t.Errorf("error %q does not say where Alg. 7.1.1 is defined", err)
			}
		}
	}
}

// TestVandenbroekRules checks each rule on a hand-made position: the rule
// that decides and its full allowed set, worked out by hand from the readings
// in docs/decisions/vandenbroek.md (the comment of each case says why).
func TestVandenbroekRules(t *testing.T) {
	cases := []struct {
		name      string
		n         int
		upFirst   bool
		red, blue string // blue's last cell is last
		last      string
		rule      string
		want      string
	}{
		{"I odd n: the middle ring", 7, false, "", "", "", "I", "(1,4) (2,4) (3,4) (4,4) (5,4)"},
		{"I even n: both middle rings", 6, false, "", "", "", "I", "(1,3) (2,3) (3,3) (4,3) (5,3) (1,4) (2,4) (3,4) (4,4) (5,4)"},
		{"1: both ring-7 neighbours of (1,6) win", 7, false, "(1,1) (1,2) (1,3) (1,4) (1,5) (1,6)", "(3,3)", "(3,3)", "1", "(1,7) (5,7)"},
		{"2: bridge (3,2)-(2,4) attacked on (2,3)", 7, false, "(3,2) (2,4)", "(2,3)", "(2,3)", "2", "(3,3)"},
		{"2: edge bridge of (3,2) attacked on (3,1)", 7, false, "(3,2)", "(3,1)", "(3,1)", "2", "(4,1)"},
		// (2,3)-(3,4), (2,3)-(4,2) and (3,4)-(4,2) all have (3,3) as a bridge cell.
		{"2: three bridges share (3,3)", 7, false, "(2,3) (3,4) (4,2)", "(3,3)", "(3,3)", "2", "(2,4) (3,2) (4,3)"},
		// (2,4) bridges up to (3,2) and down to (1,6): rings 2..6 joined.
		{"3: one cell joins rings 2 and 6", 7, false, "(3,2) (1,6)", "(5,4)", "(5,4)", "3", "(2,4)"},
		// (3,3) and (1,5) share only (2,4); (1,4) and (3,4) bridge one and touch the other,
		// (2,3) touches (3,3) and bridges to (1,5), (2,5) the reverse.
		{"4: join rings 3 and 5", 7, false, "(3,3) (1,5)", "(5,4)", "(5,4)", "4", "(2,3) (1,4) (2,4) (3,4) (2,5)"},
		{"5: (3,4) bridges to (2,6)", 7, false, "(2,6)", "(5,4)", "(5,4)", "5", "(3,4)"},
		{"5 under fig71 is rule 6", 7, true, "(2,6)", "(5,4)", "(5,4)", "6", "(3,4)"},
		{"6: (2,4) bridges to (3,2)", 7, false, "(3,2)", "(5,4)", "(5,4)", "6", "(2,4)"},
		{"6 under fig71 is rule 5", 7, true, "(3,2)", "(5,4)", "(5,4)", "5", "(2,4)"},
		// thesis Fig. 7.2a: rings 2..6 already joined by bridges (4,2)-(3,4)-(2,6), so
		// rules 3, 5, 6 do not apply; rule 7 gives the four cells of ring 5 linked to them.
		{"7: the four moves of Fig. 7.2a", 7, false, "(4,2) (3,4) (2,6)", "(1,4)", "(1,4)", "7", "(1,5) (2,5) (3,5) (4,5)"},
		{"8: ring 5 blocked, ring 3 cells linked to (3,4)-(4,2)", 7, false, "(3,4) (4,2)", "(1,5) (2,5) (3,5) (4,5) (1,4)", "(1,4)", "8", "(2,3) (3,3) (4,3) (5,3)"},
		// (4,3) and (1,3) bridge to (3,2); only (4,3) can still bridge over ring 4 to ring 5.
		{"9: bridge back to ring 2, bridge over ring 4 possible", 7, false, "(3,2)", "(2,4) (5,4)", "(5,4)", "9", "(4,3)"},
		{"10: the half-turn image of rule 9's case", 7, false, "(2,6)", "(3,4) (5,4)", "(5,4)", "10", "(1,5)"},
		{"11: Fig. 7.1 move 4R", 7, false, "(2,6)", "(1,5) (5,3)", "(5,3)", "11", "(2,2) (3,2) (4,2)"},
		{"12: Fig. 7.1 move 2R", 7, false, "", "(1,5)", "(1,5)", "12", "(2,6) (3,6) (4,6)"},
		{"13: nothing red, ring 4", 7, false, "", "(3,4)", "(3,4)", "13", "(1,4) (2,4) (4,4) (5,4)"},
		// Path (1,3)..(1,7) on 5×9, ring 5 full: both ends at distance 2.
		{"14: tie, bottom end first", 9, false, "(1,3) (1,4) (1,5) (1,6) (1,7)", "(2,5) (3,5) (4,5) (5,5)", "(5,5)", "14", "(5,9)"},
		// (1,8) is bridged to ring 10, so the bottom end is 10 (distance 5), the top 3.
		{"15: top end nearer", 9, false, "(1,3) (1,4) (1,5) (1,6) (1,7) (1,8)", "(2,5) (3,5) (4,5) (5,5)", "(5,5)", "15", "(2,1)"},
		{"16: bridge to ring 9 taken", 9, false, "(1,2) (1,3) (1,4) (1,5) (1,6) (1,7)", "(2,5) (3,5) (4,5) (5,9) (5,5)", "(5,5)", "16", "(1,8) (2,8) (4,8) (5,8)"},
		{"17: bridge to ring 1 taken", 9, false, "(1,3) (1,4) (1,5) (1,6) (1,7) (1,8)", "(2,5) (3,5) (4,5) (2,1) (5,5)", "(5,5)", "17", "(1,2) (2,2) (3,2) (5,2)"},
		// A provisional winning path (edge bridges at both ends) and ring 4 full.
		{"18: fill the edge bridges", 7, false, "(1,2) (1,3) (1,4) (1,5) (1,6)", "(2,4) (3,4) (4,4) (5,4)", "(5,4)", "18", "(1,1) (2,1) (1,7) (5,7)"},
		// From a random game: ring 8 full; the path through it runs from ring 3
		// to the bottom edge, so its nearest end is ring 9 and cannot be extended;
		// no red bridge is left.
		{"19: nothing else applies", 8, false,
			"(4,1) (3,2) (4,2) (2,3) (5,3) (3,4) (4,4) (5,4) (2,5) (1,6) (1,7) (2,7) (1,8) (2,8)",
			"(5,2) (1,3) (3,3) (4,3) (1,4) (2,4) (1,5) (3,5) (4,5) (3,6) (4,6) (5,7) (3,8) (4,8) (5,8)", "(5,8)", "19",
			"(1,1) (2,1) (3,1) (5,1) (1,2) (2,2) (5,5) (2,6) (5,6) (3,7) (4,7)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := board.MustNew(5, c.n, board.Cylinder)
			s := newVandenbroek(b, c.upFirst)
			p := board.Position{Red: vbCells(t, b, c.red), Blue: vbCells(t, b, c.blue)}
			if p.Red.And(p.Blue).Any() {
				t.Fatal("a cell is both red and blue")
			}
			last := board.NoCell
			if c.last != "" {
				last = vbCells(t, b, c.last).First()
			}
			if b.Winner(p) != board.Empty {
				t.Fatalf("test position is already won:\n%s", b.Picture(p, board.Bits{}))
			}
			got, rule := s.Allowed(p, last)
			want := vbCells(t, b, c.want)
			if rule != c.rule || got != want {
				t.Errorf("got rule %s %s, want rule %s %s\n%s", rule, formatSet(b, got), c.rule, formatSet(b, want), b.Picture(p, board.Bits{}))
			}
			// Every earlier rule allows nothing on its own.
			if last != board.NoCell {
				var a vbAnalysis
				empty := b.All().AndNot(p.Occupied())
				for r := 1; r < vbRuleNumber(t, c.rule); r++ {
					if x := s.rule(r, p, last, empty, &a); x.Any() {
						t.Errorf("rule %s decided but rule %d allows %s", c.rule, r, formatSet(b, x))
					}
				}
			}
		})
	}
}

// vbRandomGame plays one game from the empty board: Blue uniformly at random,
// Red uniformly within its allowed set, calling visit at every Red turn.
func vbRandomGame(b *board.Board, s Strategy, rng *rand.Rand, starter board.Color, visit func(p board.Position, last board.Cell, allowed board.Bits, rule string)) {
	var p board.Position
	last := board.NoCell
	for p.Plies() < b.Cells() && b.Winner(p) == board.Empty {
		if p.ToMove(starter) == board.Red {
			allowed, rule := s.Allowed(p, last)
			visit(p, last, allowed, rule)
			if allowed.Empty() || allowed.And(p.Occupied()).Any() {
				return
			}
			p = p.Play(board.Red, testkit.Pick(rng, allowed))
		} else {
			last = testkit.Pick(rng, b.All().AndNot(p.Occupied()))
			p = p.Play(board.Blue, last)
		}
	}
}

// TestVandenbroekNeverStuck is the property test: on random reachable
// positions of 5×n boards (n = 1..12, both starters, both orders), Allowed
// never answers an empty set while cells are empty, never an occupied cell,
// and only labels of Alg. 7.1.1. It also records which rules decided, and
// requires every rule to have been seen (so the positions are not trivial).
func TestVandenbroekNeverStuck(t *testing.T) {
	const games = 120 // about 0.2 s; enough for every rule to occur
	seen := map[string]int{}
	for n := 1; n <= 12; n++ {
		b := board.MustNew(5, n, board.Cylinder)
		for _, upFirst := range []bool{false, true} {
			s := newVandenbroek(b, upFirst)
			rng := rand.New(rand.NewPCG(uint64(n), 71))
			for game := 0; game < games; game++ {
				starter := board.Red
				if game%2 == 1 {
					starter = board.Blue
				}
				vbRandomGame(b, s, rng, starter, func(p board.Position, last board.Cell, allowed board.Bits, rule string) {
					if err := checkAnswer(b, p, allowed); err != nil {
						t.Fatalf("5×%d upFirst=%v: %v (rule %s)\n%s", n, upFirst, err, rule, b.Picture(p, board.Bits{}))
					}
					seen[rule]++
				})
			}
		}
	}
	t.Logf("rules that decided: %v", seen)
	for _, l := range vbRuleLabels {
		if seen[l] == 0 {
			t.Errorf("rule %s never decided in the random games", l)
		}
	}
}

// TestVandenbroekSymmetries checks the declared subgroup (rotations and the
// reflection, order 10) on random games of several lengths, and that the
// half-turn is rightly left out: some position's answer does not map under it
// (the rules prefer ring j+1 to ring j-1 and so on).
func TestVandenbroekSymmetries(t *testing.T) {
	for _, n := range []int{1, 2, 3, 5, 8} {
		b := board.MustNew(5, n, board.Cylinder)
		for _, upFirst := range []bool{false, true} {
			s := newVandenbroek(b, upFirst)
			if len(s.Symmetries()) != 10 {
				t.Fatalf("5×%d: %d symmetries declared, want 10", n, len(s.Symmetries()))
			}
			if err := checkSubgroup(b, s.Symmetries()); err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(n), 3))
			if err := checkSymmetries(s, s.Symmetries(), rng, 40); err != nil {
				t.Fatalf("5×%d upFirst=%v: %v", n, upFirst, err)
			}
		}
	}
	b := board.MustNew(5, 7, board.Cylinder)
	s := newVandenbroek(b, false)
	h := b.HalfTurn()
	rng := rand.New(rand.NewPCG(5, 5))
	broken := 0
	for game := 0; game < 50 && broken == 0; game++ {
		vbRandomGame(b, s, rng, board.Blue, func(p board.Position, last board.Cell, allowed board.Bits, rule string) {
			if got, _ := s.Allowed(h.ApplyPos(p), h.Apply(last)); got != h.ApplyBits(allowed) {
				broken++
			}
		})
	}
	if broken == 0 {
		t.Error("the half-turn commuted with every answer in 50 games; the declared group may be too small")
	}
}

// TestVandenbroekNoAlloc checks the hot path does not allocate.
func TestVandenbroekNoAlloc(t *testing.T) {
	b := board.MustNew(5, 9, board.Cylinder)
	s := newVandenbroek(b, false)
	rng := rand.New(rand.NewPCG(9, 9))
	var ps []board.Position
	var lasts []board.Cell
	for len(ps) < 200 {
		vbRandomGame(b, s, rng, board.Blue, func(p board.Position, last board.Cell, _ board.Bits, _ string) {
			ps = append(ps, p)
			lasts = append(lasts, last)
		})
	}
	k := 0
	allocs := testing.AllocsPerRun(len(ps), func() {
		s.Allowed(ps[k%len(ps)], lasts[k%len(ps)])
		k++
	})
	if allocs != 0 {
		t.Errorf("Allowed allocates %.1f times per call", allocs)
	}
}

func BenchmarkVandenbroekAllowed(b *testing.B) {
	for _, n := range []int{5, 9} {
		bd := board.MustNew(5, n, board.Cylinder)
		s := newVandenbroek(bd, false)
		rng := rand.New(rand.NewPCG(uint64(n), 1))
		var ps []board.Position
		var lasts []board.Cell
		for len(ps) < 1000 {
			vbRandomGame(bd, s, rng, board.Blue, func(p board.Position, last board.Cell, _ board.Bits, _ string) {
				ps = append(ps, p)
				lasts = append(lasts, last)
			})
		}
		b.Run(fmt.Sprintf("5x%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				k := i % len(ps)
				s.Allowed(ps[k], lasts[k])
			}
		})
	}
}
