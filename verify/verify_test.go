package verify

import (
	"context"
	"fmt"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/strategies"
)

// anyEmpty allows every empty cell (testkit.AnyEmpty).
type anyEmpty = testkit.AnyEmpty

// lowestEmpty plays the first empty cell: deterministic, commutes with nothing.
type lowestEmpty struct{ anyEmpty }

func (s lowestEmpty) Symmetries() []board.Perm { return s.B.Identity() }
func (s lowestEmpty) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	e := s.B.All().AndNot(p.Occupied())
	return board.Bit(e.First()), "low"
}

// neighbourly answers next to the opponent's last move when it can (all empty
// neighbours: a set), else any empty cell; it commutes with the whole group
// because it is defined by adjacency alone.
type neighbourly struct{ anyEmpty }

func (s neighbourly) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	e := s.B.All().AndNot(p.Occupied())
	if last != board.NoCell {
		if n := s.B.Neighbours(last).And(e); n.Any() {
			return n, "near"
		}
	}
	return e, "far"
}

// highestAllowed plays the last cell in cell order of what s allows: a
// preferred strategy for `some` (Options.Prefer) whose move is always allowed
// and is the one the search would otherwise try last.
type highestAllowed struct{ strategies.Strategy }

func (s highestAllowed) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	a, rule := s.Strategy.Allowed(p, last)
	var c board.Cell = board.NoCell
	for a.Any() {
		c = a.Pop()
	}
	if c == board.NoCell {
		return board.Bits{}, rule
	}
	return board.Bit(c), rule
}

type namedStrategy struct {
	name string
	s    strategies.Strategy
}

func testStrategies(b *board.Board) []namedStrategy {
	out := []namedStrategy{
		{"any-red", anyEmpty{B: b, Player: board.Red}},
		{"any-blue", anyEmpty{B: b, Player: board.Blue}},
		{"lowest-red", lowestEmpty{anyEmpty{B: b, Player: board.Red}}},
		{"near-red", neighbourly{anyEmpty{B: b, Player: board.Red}}},
	}
	for _, info := range strategies.All() {
		if info.Applies(b.M, b.N, b.Geo) != nil {
			continue
		}
		s, err := info.Build(b)
		if err != nil {
			continue
		}
		out = append(out, namedStrategy{info.Name, s})
	}
	return out
}

func run(t *testing.T, opt Options) *Result {
	t.Helper()
	res, err := Run(context.Background(), opt)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
}

func gameString(b *board.Board, moves []board.Move) string {
	return b.FormatMoves(moves, board.Thesis, true)
}

// TestAgreesWithPlainEnumeration compares every verdict, minimal counterexample
// (length and the game itself) and longest game with the plain enumeration, for
// test strategies and every registered strategy, on every board of at most 9
// cells, both starters, all three semantics, with and without symmetry, with 1
// and 2 jobs. TestAgreesUpTo16Cells extends it to the registered strategies on
// boards of 10 to 16 cells, where the plain enumeration fits a node budget.
func TestAgreesWithPlainEnumeration(t *testing.T) {
	compared := 0
	for _, b := range boardsWithCells(1, 9) {
		for _, ns := range testStrategies(b) {
			compared += compareAll(t, b, ns, 3_000_000)
		}
	}
	if compared < 1500 {
		t.Errorf("only %d runs compared", compared)
	}
}

func TestAgreesUpTo16Cells(t *testing.T) {
	if testing.Short() {
		t.Skip("minutes of plain enumeration")
	}
	compared, total := 0, 0
	for _, b := range boardsWithCells(10, 16) {
		for _, ns := range testStrategies(b)[4:] { // the registered strategies
			compared += compareAll(t, b, ns, 400_000)
			total += 2 * 3 * 3
		}
	}
	t.Logf("%d of %d runs on 10–16 cells compared; the rest exceeded the plain enumeration's budget", compared, total)
	if compared < total/4 {
		t.Errorf("only %d of %d runs compared", compared, total)
	}
}

func boardsWithCells(lo, hi int) []*board.Board {
	var boards []*board.Board
	for _, g := range []board.Geometry{board.Cylinder, board.Flat, board.Torus} {
		for m := 1; m <= hi; m++ {
			for n := 1; n <= hi; n++ {
				if m*n >= lo && m*n <= hi {
					boards = append(boards, board.MustNew(m, n, g))
				}
			}
		}
	}
	return boards
}

// compareAll compares one strategy on one board for both starters and all
// semantics, in three variants; it returns how many runs were compared.
func compareAll(t *testing.T, b *board.Board, ns namedStrategy, budget int64) int {
	t.Helper()
	compared := 0
	for _, starter := range []board.Color{board.Red, board.Blue} {
		for _, ch := range []Choices{Every, Some, First} {
			ref := reference(ns.s, starter, ch, budget)
			if ref.exceeded {
				continue
			}
			var first string // the first variant's counterexample
			for _, variant := range []struct {
				nosym, prefer bool
				jobs          int
			}{{false, false, 1}, {true, false, 1}, {false, false, 2}, {false, true, 1}} {
				opt := Options{Strategy: ns.s, Name: ns.name, Starter: starter, Choices: ch, NoSymmetry: variant.nosym, Jobs: variant.jobs}
				if variant.prefer {
					if ch != Some {
						continue
					}
					// The search orders the strategy's moves by another
					// strategy (some.go, FocusAt): the answers must not move.
					opt.Prefer = highestAllowed{ns.s}
				}
				name := fmt.Sprintf("%s/%s/%s-starts/%s/nosym=%v/jobs=%d/prefer=%v", b, ns.name, starter, ch, variant.nosym, variant.jobs, variant.prefer)
				res := run(t, opt)
				compared++
				if res.Verdict != ref.verdict {
					t.Errorf("%s: verdict %s, plain enumeration %s", name, res.Verdict, ref.verdict)
					continue
				}
				switch res.Verdict {
				case Optimal:
					if res.LongestGame != ref.longest {
						t.Errorf("%s: longest game %d, plain enumeration %d", name, res.LongestGame, ref.longest)
					}
				case Refuted:
					got := res.Counterexample
					if len(got.Moves) != ref.plies {
						t.Errorf("%s: counterexample of %d plies, plain enumeration %d", name, len(got.Moves), ref.plies)
						continue
					}
					if ch != Some && gameString(b, got.Moves) != gameString(b, ref.game) {
						t.Errorf("%s: counterexample %s, plain enumeration's smallest %s", name, gameString(b, got.Moves), gameString(b, ref.game))
					}
					if g := gameString(b, got.Moves); first == "" {
						first = g
					} else if g != first {
						t.Errorf("%s: counterexample %s, the first variant's %s", name, g, first)
					}
					checkLoss(t, name, ns.s, ch, got)
				}
			}
		}
	}
	return compared
}

// checkLoss replays a counterexample: legal, the strategy's moves are allowed
// (the first allowed under `first`) with the recorded rule, and the strategy
// does not win.
func checkLoss(t *testing.T, name string, s strategies.Strategy, ch Choices, g *board.Game) {
	t.Helper()
	b := s.Board()
	var p board.Position
	last := board.NoCell
	for k, m := range g.Moves {
		if p.Occupied().Has(m.Cell) {
			t.Fatalf("%s: move %d on an occupied cell", name, k+1)
		}
		if m.Player == s.Side() {
			allowed, rule := s.Allowed(p, last)
			if ch == First {
				allowed = board.Bit(allowed.First())
			}
			if !allowed.Has(m.Cell) || rule != m.Rule {
				t.Fatalf("%s: move %d %s (rule %q) is not what the strategy allows (rule %q)", name, k+1, b.Format(m.Cell, board.Thesis), m.Rule, rule)
			}
		}
		if k > 0 && g.Moves[k-1].Player == m.Player {
			t.Fatalf("%s: players do not alternate at move %d", name, k+1)
		}
		p = p.Play(m.Player, m.Cell)
		last = m.Cell
		if b.Wins(p, m.Player) && k != len(g.Moves)-1 {
			t.Fatalf("%s: the game goes on after %s won at move %d", name, m.Player, k+1)
		}
	}
	if b.Wins(p, s.Side()) {
		t.Fatalf("%s: the counterexample ends in a win for the strategy", name)
	}
	if !b.Wins(p, s.Side().Other()) && p.Occupied() != b.All() {
		t.Fatalf("%s: the counterexample ends before the game is over", name)
	}
}
