package verify

import (
	"sync/atomic"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
)

// winLast is a WinTaker for the tests: it plays its highest winning cell when
// it has one (the shortcut of Rules.Outcomes plays the lowest) and otherwise
// what the strategy it wraps plays, and counts how often it is asked.
type winLast struct {
	strategies.Strategy
	asked *atomic.Int64
}

func (s winLast) WinRule() string { return "win" }

// Symmetries: the highest winning cell commutes with no symmetry.
func (s winLast) Symmetries() []board.Perm { return s.Board().Identity() }
func (s winLast) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	s.asked.Add(1)
	if w := s.Board().WinningCells(p, s.Side()); w.Any() {
		c := w.First()
		for ; w.Any(); c = w.Pop() {
		}
		return board.Bit(c), "win"
	}
	return s.Strategy.Allowed(p, last)
}

// withOutcomes runs opt with the layer expansion's shortcut on or off.
func withOutcomes(t *testing.T, on bool, opt Options) string {
	t.Helper()
	defer func(v bool) { useOutcomes = v }(useOutcomes)
	useOutcomes = on
	return fullSummary(t, opt)
}

// TestOutcomesSameResults: skipping a WinTaker's choice among winning moves
// in the layer expansion (Rules.Outcomes) changes nothing in the result —
// verdict, positions, transpositions, rule counts, longest game,
// counterexample and the exported losing games — for fitzgerald,
// fitzgerald-rules and vandenbroek, both starters, under every
// and first, on 1 and 2 jobs: every case on 5×3 and 5×4, and on 5×5 those of
// fitzgerald that take a second or less (fitzgerald-rules with Blue starting
// under first is refuted in 17 plies).
func TestOutcomesSameResults(t *testing.T) {
	type tc struct {
		name string
		n    int
		st   board.Color
		ch   Choices
	}
	var cases []tc
	for _, name := range []string{"fitzgerald", "fitzgerald-rules", "vandenbroek"} {
		for _, n := range []int{3, 4} {
			for _, st := range []board.Color{board.Red, board.Blue} {
				cases = append(cases, tc{name, n, st, Every}, tc{name, n, st, First})
			}
		}
	}
	if !testing.Short() {
		cases = append(cases, tc{"fitzgerald", 5, board.Red, Every}, tc{"fitzgerald", 5, board.Red, First},
			tc{"fitzgerald-rules", 5, board.Red, First}, tc{"fitzgerald-rules", 5, board.Blue, First})
	}
	for _, c := range cases {
		b := board.MustNew(5, c.n, board.Cylinder)
		s, err := strategies.New(c.name, b)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := s.(strategies.WinTaker); !ok {
			t.Fatalf("%s is not a WinTaker: the test compares nothing", c.name)
		}
		for _, jobs := range []int{1, 2} {
			opt := Options{Strategy: s, Name: c.name, Starter: c.st, Choices: c.ch, Jobs: jobs}
			want := withOutcomes(t, false, opt)
			if got := withOutcomes(t, true, opt); got != want {
				t.Fatalf("%s on %s, %s starts, %s, jobs %d:\n with the shortcut %s\n without %s", c.name, b, c.st, c.ch, jobs, got, want)
			}
		}
	}
}

// TestOutcomesSkipsDecisions: the shortcut is taken (the strategy is asked
// less often) and gives the same result although the strategy would have
// chosen another winning cell.
func TestOutcomesSkipsDecisions(t *testing.T) {
	b := board.MustNew(5, 4, board.Cylinder)
	g, err := strategies.New("gardner", b)
	if err != nil {
		t.Fatal(err)
	}
	var asked atomic.Int64
	s := winLast{g, &asked}
	for _, st := range []board.Color{board.Red, board.Blue} {
		opt := Options{Strategy: s, Name: "win-last", Starter: st, Jobs: 2}
		asked.Store(0)
		want := withOutcomes(t, false, opt)
		without := asked.Load()
		asked.Store(0)
		got := withOutcomes(t, true, opt)
		with := asked.Load()
		if got != want {
			t.Fatalf("%s starts:\n with the shortcut %s\n without %s", st, got, want)
		}
		if with >= without {
			t.Fatalf("%s starts: the strategy was asked %d times with the shortcut, %d without", st, with, without)
		}
		t.Logf("%s starts: asked %d times with the shortcut, %d without; %s", st, with, without, want[:70])
	}
}
