package verify

import (
	"os"
	"strings"
	"testing"

	"hexproof/board"
)

func writeFile(path, s string) error { return os.WriteFile(path, []byte(s), 0o644) }
func readFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}

// faulty misbehaves once the board holds `after` stones: it answers an occupied
// cell, nothing, or panics.
type faulty struct {
	anyEmpty
	after int
	mode  string
}

func (s faulty) Symmetries() []board.Perm { return s.B.Identity() }
func (s faulty) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	e := s.B.All().AndNot(p.Occupied())
	if p.Plies() < s.after {
		return board.Bit(e.First()), "ok"
	}
	switch s.mode {
	case "occupied":
		return board.Bit(p.Occupied().First()), "bad"
	case "nothing":
		return board.Bits{}, "bad"
	}
	panic("strategy bug")
}

// TestStrategyErrors: each kind of bad answer is a strategy error verdict with
// the game that led to it (the shortest, smallest in cell order), never a crash,
// for every semantics and with 1 or 2 jobs.
func TestStrategyErrors(t *testing.T) {
	b := board.MustNew(3, 3, board.Cylinder)
	for _, mode := range []string{"occupied", "nothing", "panic"} {
		for _, ch := range []Choices{Every, First, Some} {
			for _, jobs := range []int{1, 2} {
				s := faulty{anyEmpty{B: b, Player: board.Red}, 3, mode}
				res := run(t, Options{Strategy: s, Name: "faulty", Starter: board.Blue, Choices: ch, Jobs: jobs})
				if res.Verdict != StrategyError {
					t.Fatalf("%s %s: verdict %s, want strategy error", mode, ch, res.Verdict)
				}
				g := res.Counterexample
				if g == nil || len(g.Moves) != 3 || g.Moves[len(g.Moves)-1].Player != board.Blue {
					t.Fatalf("%s %s: game %v, want the 3 moves up to Blue's move that the strategy answered badly", mode, ch, g)
				}
				want := map[string]string{"occupied": "occupied", "nothing": "no move", "panic": "panicked"}[mode]
				if !strings.Contains(res.Detail, want) {
					t.Errorf("%s %s: detail %q does not say %q", mode, ch, res.Detail, want)
				}
				if ch != Some {
					// The smallest such game in cell order: Blue (1,1), Red (2,1), Blue (3,1).
					if got := b.FormatMoves(g.Moves, board.Thesis, false); got != "(1,1) (2,1) (3,1)" {
						t.Errorf("%s %s: game %s, want (1,1) (2,1) (3,1)", mode, ch, got)
					}
				}
				if mode != "panic" {
					if ref := reference(s, board.Blue, ch, 1_000_000); ref.verdict != StrategyError {
						t.Errorf("%s %s: plain enumeration says %s", mode, ch, ref.verdict)
					}
				}
			}
		}
	}
	// The strategy fails at its very first move.
	s := faulty{anyEmpty{B: b, Player: board.Red}, 0, "nothing"}
	res := run(t, Options{Strategy: s, Name: "faulty", Starter: board.Red})
	if res.Verdict != StrategyError || len(res.Counterexample.Moves) != 0 {
		t.Fatalf("opening error: verdict %s, game %v", res.Verdict, res.Counterexample)
	}
}
