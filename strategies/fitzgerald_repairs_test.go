package strategies

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/strategies/notions"
	"hexproof/verify/solve/knowledge"
)

// repairCase is one Red decision that a repair of ch. 10 changes: the game
// before it (whole game, every move prefixed), Red's answer under the
// default reading and under the repair.
type repairCase struct {
	name, spec, board, moves string
	def, repaired            [2]int
	defRule, repairedRule    string
}

// TestFitzgeraldRepairsChangeMoves pins, for each repair, a decision it
// changes on a position from the thesis or from a recorded loss
// (docs/results.md, "The repairs of chapter 10"); everything else about the
// position is the default reading's.
func TestFitzgeraldRepairsChangeMoves(t *testing.T) {
	// App. A.1.1 game 1 up to Blue's (3,4): the position of Fig. 10.2b.
	const fig102b = "B:(2,7) R:(4,7) B:(4,6) R:(5,6) B:(5,5) R:(1,5) B:(3,9) R:(2,8) B:(2,3) R:(3,3) B:(2,4) R:(1,4) B:(1,3) R:(4,1) B:(3,4)"
	for _, c := range []repairCase{
		// Fig. 10.2b (App. A.1.1 game 1 before move 16): rule 6(c) allows
		// (5,3) and (4,4); the look-ahead sees that after (5,3) Blue's (5,4)
		// threatens a win at (4,4) and, once Red blocks it, a provisional
		// winning path (Fig. 10.2c, d) — and takes (4,4), Red's only winning move
		// there (docs/results.md, blunders of App. A.1.1), as §10.1.2 says.
		{"Fig. 10.2b", "fitzgerald:lookahead=on", "5x9",
			fig102b,
			[2]int{5, 3}, [2]int{4, 4}, "6(c)", "6(c)"},
		{"Fig. 10.2b, all repairs", "fitzgerald:repairs=all", "5x9",
			fig102b,
			[2]int{5, 3}, [2]int{4, 4}, "6(c)", "6(c)"},
		// The 15-ply 5×6 loss (`verify`, Blue starts) before move 10: rule
		// 3(a)ii allows (3,2) and (2,4); after (2,4), Blue's (3,2) leaves
		// threats no single red stone stops (Red's next rule is 5(b)), and
		// after (3,2) no Blue move does. (3,2) is one of Red's winning moves
		// there (blunder table of docs/results.md).
		{"5x6 verify loss, move 10", "fitzgerald:lookahead=on", "5x6",
			"B:(1,1) R:(2,2) B:(4,1) R:(1,4) B:(1,3) R:(3,3) B:(5,2) R:(5,6) B:(2,3)",
			[2]int{2, 4}, [2]int{3, 2}, "3(a)ii", "3(a)ii"},
		// The 27-ply 5×12 loss (10-minute hunt, Blue starts) before move 24,
		// Blue's (1,8) in ring 8: counting also the paths one red stone would
		// extend to ring 8, rule 16 extends another end: (2,8) by 16(b)
		// instead of (2,2) by 16(a).
		{"5x12 hunt loss, move 24", "fitzgerald:rule16=near", "5x12",
			"B:(2,6) R:(1,6) B:(3,8) R:(5,8) B:(3,11) R:(4,11) B:(2,4) R:(1,4) B:(4,10) R:(3,10) B:(5,10) R:(4,9) B:(2,11) R:(1,11) B:(2,10) R:(1,10) B:(1,9) R:(2,9) B:(1,7) R:(5,7) B:(3,6) R:(1,5) B:(1,8)",
			[2]int{2, 2}, [2]int{2, 8}, "16(a)", "16(b)"},
		// No position of the thesis's games or of a recorded loss has a
		// decision that truepath or dead changes (docs/results.md, "The
		// repairs of chapter 10"): these two come from games of fitzgerald
		// against a uniformly random Blue on 5×6.
		//
		// Rule 4's (2,4) joins ring 0 to ring 7 but creates an overlapping
		// bridge, so step II skips rule 4 and plays (4,4) by rule 12; the path
		// it makes is true, so with truepath (2,4) is played (Fig. 10.5a's
		// situation).
		{"truepath, rule 4 with an overlap", "fitzgerald:truepath=on", "5x6",
			"B:(4,3) R:(1,3) B:(4,6) R:(1,5) B:(2,1) R:(3,2) B:(1,4)",
			[2]int{4, 4}, [2]int{2, 4}, "12", "4"},
		// Rule 3(d) allows the path's bridge cells; the hierarchy picks
		// (4,1), which is dead (Def. 10.3.2; checked below), so dead=avoid
		// takes the live (4,3).
		{"dead, rule 3(d)", "fitzgerald:dead=avoid", "5x6",
			"B:(2,4) R:(4,4) B:(5,2) R:(2,2) B:(5,3) R:(3,3) B:(5,1) R:(3,6) B:(1,3) R:(2,1) B:(5,5) R:(3,2) B:(1,4)",
			[2]int{4, 1}, [2]int{4, 3}, "3(d)", "3(d)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var m, n int
			if _, err := fmt.Sscanf(c.board, "%dx%d", &m, &n); err != nil {
				t.Fatal(err)
			}
			b := board.MustNew(m, n, board.Cylinder)
			p, last := testkit.Played(t, b, c.moves)
			if c.spec == "fitzgerald:dead=avoid" {
				nt := notions.NewNotions(b)
				for _, x := range []struct {
					cell [2]int
					live bool
				}{{c.def, false}, {c.repaired, true}} {
					if live, proven := nt.Live(p, b.Cell(x.cell[0], x.cell[1])); live != x.live || !proven {
						t.Errorf("Live(%v) = %v (proven %v), want %v", x.cell, live, proven, x.live)
					}
				}
			}
			checkDecides(t, b, p, last, "fitzgerald", c.def, c.defRule)
			checkDecides(t, b, p, last, c.spec, c.repaired, c.repairedRule)
		})
	}
}

// checkDecides checks that spec's fitzgerald answers (p, last) with want by
// rule.
func checkDecides(t *testing.T, b *board.Board, p board.Position, last board.Cell, spec string, want [2]int, rule string) {
	t.Helper()
	s, err := New(spec, b)
	if err != nil {
		t.Fatal(err)
	}
	got, r := s.(*Fitzgerald).Decide(p, last)
	if got != b.Cell(want[0], want[1]) || r != rule {
		t.Errorf("%s plays %s by rule %s, want (%d,%d) by %s", spec, b.Format(got, board.Thesis), r, want[0], want[1], rule)
	}
}

// TestFitzgeraldKnowledgeChangesMoves pins decisions the knowledge options
// (not from the thesis) change, at the blunders of recorded losses
// (docs/results.md, blunder tables). For knowledge=prefer, the rule allowed
// a winning move and the hierarchy dropped it; the knowledge proves Red's
// win after the winning move and not after the blunder. For knowledge=keep
// (rule K), no move of the rule won, and H-search proves that Red to move
// wins.
func TestFitzgeraldKnowledgeChangesMoves(t *testing.T) {
	for _, c := range []struct {
		name, base, spec, moves string
		def, repaired           [2]int
		defRule, rule           string
		n                       int // rings
	}{
		// The 15-ply 5×6 loss (`verify`, Blue starts) before move 10: rule
		// 3(a)ii allows (3,2) and (2,4); hierarchy item 3 keeps (2,4), which
		// loses; after (3,2) H-search finds Red's virtual connection.
		{"5x6 verify loss, move 10", "fitzgerald", "fitzgerald:knowledge=prefer",
			"B:(1,1) R:(2,2) B:(4,1) R:(1,4) B:(1,3) R:(3,3) B:(5,2) R:(5,6) B:(2,3)",
			[2]int{2, 4}, [2]int{3, 2}, "3(a)ii", "3(a)ii", 6},
		// The 17-ply 5×6 loss of the four repairs (Blue starts) before move
		// 12: rule 6(c) allows (2,4) and (3,4); hierarchy item 5 keeps (3,4),
		// which loses; (2,4) is Red's only winning move.
		{"5x6 loss of repairs=all, move 12", "fitzgerald:repairs=all", "fitzgerald:repairs=all,knowledge=prefer",
			"B:(4,2) R:(1,2) B:(5,4) R:(4,4) B:(1,5) R:(3,6) B:(5,3) R:(5,2) B:(4,3) R:(1,4) B:(5,5)",
			[2]int{3, 4}, [2]int{2, 4}, "6(c)", "6(c)", 6},
		// The 19-ply 5×6 loss of knowledge=prefer (Blue starts) before move
		// 14: rule 15 allows (3,5) and (4,5), both losing (the rules are at
		// fault); Red's winning moves are (2,3) (3,3) (2,4) (3,4) (5,5), and
		// rule K plays (5,5), the hierarchy's pick among H-search's.
		{"5x6 loss of knowledge=prefer, move 14", "fitzgerald:knowledge=prefer", "fitzgerald:knowledge=keep",
			"B:(4,2) R:(1,2) B:(5,4) R:(4,4) B:(1,5) R:(3,6) B:(5,3) R:(5,2) B:(4,3) R:(1,4) B:(3,2) R:(1,3) B:(2,5)",
			[2]int{3, 5}, [2]int{5, 5}, "15", "K", 6},
		// The 25-ply 5×7 loss of fitzgerald-repaired (Blue starts; shard 24
		// of the 5×7 plan) before move 18: after move 16 H-search proved
		// Red's win, Blue's (3,7) entered the carrier, and H-search finds no
		// semi-connection now; rule 6(c) plays (1,6), which loses. Red's
		// winning moves are (3,6) (2,7) (4,7), each of them proved won by
		// the knowledge once played, and rule H plays the hierarchy's pick.
		{"5x7 loss of fitzgerald-repaired, move 18", "fitzgerald-repaired", "fitzgerald-hold",
			"B:(4,2) R:(1,2) B:(5,7) R:(4,6) B:(5,4) R:(4,4) B:(1,5) R:(4,5) B:(5,3) R:(5,2) B:(4,3) R:(1,4) B:(2,6) R:(2,2) B:(5,5) R:(2,4) B:(3,7)",
			[2]int{1, 6}, [2]int{4, 7}, "6(c)", "H", 7},
		// The 27-ply 5×7 loss of fitzgerald-hold (Blue starts; shard 35 of
		// the 5×7 plan) before move 20: at move 18 rule K kept the rules'
		// (1,7), a key of H-search's semi-connection, after which H-search
		// proves nothing; so rule H, which needs a proof before Blue's
		// move, does not fire, and rule 6(c)'s (4,5) loses. Red's winning
		// moves are (2,3) (3,4) (4,4); rule S tries every empty cell and
		// plays the hierarchy's pick among those proved won.
		{"5x7 loss of fitzgerald-hold, move 20", "fitzgerald-hold", "fitzgerald-sweep",
			"B:(2,6) R:(1,6) B:(2,4) R:(1,4) B:(2,2) R:(1,2) B:(1,3) R:(5,3) B:(3,5) R:(5,5) B:(5,7) R:(4,7) B:(5,6) R:(1,5) B:(4,1) R:(1,1) B:(4,6) R:(1,7) B:(5,4)",
			[2]int{4, 5}, [2]int{2, 3}, "6(c)", "S", 7},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := board.MustNew(5, c.n, board.Cylinder)
			p, last := testkit.Played(t, b, c.moves)
			checkDecides(t, b, p, last, c.base, c.def, c.defRule)
			checkDecides(t, b, p, last, c.spec, c.repaired, c.rule)
		})
	}
}

// TestKnowledgeLazyIsEager: the knowledge tie-break asks the hierarchy first
// and analyses the other moves only when the hierarchy's move is not proved
// won (knowledgeTieBreak.won argues why the answer is the same). Here
// the lazy and the eager strategy answer every Red decision of 120 games of
// knowledge=prefer, 240 of fitzgerald-repaired, 60 of fitzgerald-hold and
// 60 of fitzgerald-sweep against a uniformly random Blue on 5×6 and 5×7,
// both starters, alike (at least 100 of them with a choice between cells of
// the rule).
func TestKnowledgeLazyIsEager(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 3))
	decisions, multi := 0, 0
	for k := 0; k < 6; k++ {
		n, spec, games := 6+k%2, "fitzgerald:knowledge=prefer", 60
		switch {
		case k == 5:
			spec, games = "fitzgerald-sweep", 60
		case k == 4:
			spec, games = "fitzgerald-hold", 60
		case k >= 2:
			spec, games = "fitzgerald-repaired", 120
		}
		b := board.MustNew(5, n, board.Cylinder)
		lazy, err := New(spec, b)
		if err != nil {
			t.Fatal(err)
		}
		eagerS, _ := New(spec, b)
		eager := eagerS.(*Fitzgerald)
		eager.kn.eager = true
		for g := 0; g < games; g++ {
			var p board.Position
			last := board.NoCell
			toMove := board.Red
			if g%2 == 1 {
				toMove = board.Blue
			}
			for b.Winner(p) == board.Empty && p.Occupied() != b.All() {
				empty := b.All().AndNot(p.Occupied())
				if toMove == board.Blue {
					cs := empty.Cells()
					last = cs[rng.IntN(len(cs))]
					p = p.Play(board.Blue, last)
					toMove = board.Red
					continue
				}
				got, rule := lazy.(*Fitzgerald).Decide(p, last)
				want, wantRule := eager.Decide(p, last)
				if got != want || rule != wantRule {
					t.Fatalf("%s 5x%d %v: lazy %s (%s), eager %s (%s)", spec, n, p, b.Format(got, board.Thesis), rule, b.Format(want, board.Thesis), wantRule)
				}
				if a, _ := eager.RuleAllowed(p, last); a.Count() > 1 {
					multi++
				}
				decisions++
				p = p.Play(board.Red, got)
				toMove = board.Blue
			}
		}
	}
	if multi < 100 {
		t.Errorf("only %d of %d decisions had a choice", multi, decisions)
	}
	t.Logf("%d decisions, %d with a choice", decisions, multi)
}

// TestDoubleThreatCache: with the knowledge on, the look-ahead's verdicts
// are cached by exact position (kAnalyzer.doubleThreat); asked twice (the
// second time from the cache, or after a collision evicted it) they equal
// blueDoubleThreat's on 400 random positions of 5×6 and 5×7, and both
// verdicts occur.
func TestDoubleThreatCache(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	seen := map[bool]int{}
	for _, n := range []int{6, 7} {
		f := repairedOn(t, n)
		b := f.Board()
		e := f.kn.pool.Get().(*kAnalyzer)
		var ps []board.Position
		for len(ps) < 200 {
			p := testkit.RandomStones(rng, b, 6+rng.IntN(10))
			if b.Winner(p) != board.Empty || p.Blue.Count() != p.Red.Count() {
				continue
			}
			ps = append(ps, p)
		}
		for round := 0; round < 2; round++ {
			for _, p := range ps {
				want := f.blueDoubleThreat(p)
				if got := e.doubleThreat(p, f.blueDoubleThreat); got != want {
					t.Fatalf("5x%d %v (round %d): cached %v, direct %v", n, p, round, got, want)
				}
				seen[want]++
			}
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Errorf("verdicts seen: %v (want both)", seen)
	}
}

// TestRepairChoiceLazyLive: repairChoice's shortcut (the pick among all
// the candidates, when live and proved won, is the answer) against the
// eager path (every candidate's liveness and verdict), on random positions
// of 5×6 and 5×7 and random candidate sets, half of them with a dead cell
// where the pick looks first. pick is the lowest cell, which picks itself
// again from any subset that holds it, as the hierarchy does. The final
// choice, pick of what repairChoice leaves, must agree.
func TestRepairChoiceLazyLive(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	pick := func(l board.Bits) board.Cell { return l.First() }
	var one, deadFirst int
	for _, n := range []int{6, 7} {
		f := repairedOn(t, n)
		b := f.Board()
		for k := 0; k < 1500; k++ {
			p := testkit.RandomStones(rng, b, 4+rng.IntN(3*n))
			if b.Winner(p) != board.Empty {
				continue
			}
			empty := b.All().AndNot(p.Occupied())
			var dead, live board.Bits
			for e := empty; e.Any(); {
				c := e.Pop()
				if l, _ := f.nt.Live(p, c); l {
					live = live.With(c)
				} else {
					dead = dead.With(c)
				}
			}
			var cands board.Bits
			for _, c := range empty.Cells() {
				if rng.IntN(4) == 0 {
					cands = cands.With(c)
				}
			}
			if k%2 == 0 && dead.Any() && live.Any() {
				// A dead cell before every candidate, so that pick looks at it first.
				d := dead.First()
				cands = board.Bit(d)
				for _, c := range live.Cells() {
					if c > d && rng.IntN(3) == 0 {
						cands = cands.With(c)
					}
				}
			}
			if cands.Count() < 2 {
				continue
			}
			if dead.Has(pick(cands)) {
				deadFirst++
			}
			st := &state{p: p}
			lazy := f.repairChoice(st, cands, pick, false)
			eager := f.repairChoice(st, cands, pick, true)
			if pick(lazy) != pick(eager) {
				t.Fatalf("5x%d %v, candidates %v: lazy leaves %v, eager %v", n, p, cands.Cells(), lazy.Cells(), eager.Cells())
			}
			if lazy.Count() == 1 && eager.Count() > 1 {
				one++
			}
		}
	}
	t.Logf("%d sets left with one cell where the eager path left more, %d sets whose pick was dead", one, deadFirst)
	if one < 100 || deadFirst < 100 {
		t.Errorf("%d sets left with one cell, %d with a dead pick: the test covers too little", one, deadFirst)
	}
}

// repairedOn is fitzgerald-repaired on the 5×n cylinder.
func repairedOn(t *testing.T, n int) *Fitzgerald {
	t.Helper()
	s, err := New("fitzgerald-repaired", board.MustNew(5, n, board.Cylinder))
	if err != nil {
		t.Fatal(err)
	}
	return s.(*Fitzgerald)
}

// TestSweepIsPlain: rule S's sweep (knowledgeTieBreak.sweep), which skips
// the live cells outside Red's must-play set and stops each analysis once
// Red's win can no longer be proved, finds exactly the cells a plain trial
// finds (every empty cell, the whole analysis, a fresh Analyzer), on random
// positions of 5×6, 5×7 and 5×9 with Red to move where the knowledge proves
// nothing; both some cells won and some skipped must come up.
func TestSweepIsPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 30))
	var positions, withWon, withSkip int
	for _, n := range []int{6, 7, 9} {
		f := repairedOn(t, n)
		b := f.Board()
		e := f.kn.pool.Get().(*kAnalyzer)
		plain, err := knowledge.New(b, knowledge.PinnedLimits)
		if err != nil {
			t.Fatal(err)
		}
		for found := 0; found < 80; {
			p := testkit.RandomStones(rng, b, 4+2*rng.IntN(b.Cells()/3))
			if b.Winner(p) != board.Empty {
				continue
			}
			a := e.a.AnalyzeRedFirst(p, board.Red)
			if a.Winner != board.Empty {
				continue
			}
			found++
			got := f.kn.sweep(e, p, a)
			var want board.Bits
			empty := b.All().AndNot(p.Occupied())
			for m := empty; m.Any(); {
				if c := m.Pop(); plain.AnalyzeRedFirst(p.Play(board.Red, c), board.Blue).Winner == board.Red {
					want = want.With(c)
				}
			}
			if got != want {
				t.Fatalf("5x%d %v: sweep %v, plain %v", n, p, got.Cells(), want.Cells())
			}
			positions++
			if want.Any() {
				withWon++
			}
			if empty.AndNot(a.Dead).AndNot(a.Captured).AndNot(a.MustPlay).Any() {
				withSkip++
			}
		}
	}
	t.Logf("%d positions, %d with a won cell, %d with cells skipped", positions, withWon, withSkip)
	if withWon == 0 || withSkip == 0 {
		t.Errorf("won %d, skipped %d: a case never came up", withWon, withSkip)
	}
}
