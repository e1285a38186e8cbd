package strategies

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

// TestHHTReplies: hht's and hht-strict's Replies (rule sets computed once per
// ring before Blue's move) equal Allowed asked after each Blue move, on
// cylinders and tori of 1 to 7 rings (the tori of one and two rings are where
// rings j-1, j and j+1 are not distinct), for every empty cell, a random
// subset, one cell and none, and Replies stops at the first false.
func TestHHTReplies(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	checked := 0
	for _, name := range []string{"hht", "hht-strict"} {
		for _, geo := range []board.Geometry{board.Cylinder, board.Torus} {
			for _, mn := range [][2]int{{3, 1}, {3, 2}, {3, 3}, {4, 4}, {5, 4}, {5, 5}, {6, 6}, {3, 7}} {
				b := board.MustNew(mn[0], mn[1], geo)
				s, err := New(name, b)
				if err != nil {
					t.Fatal(err)
				}
				for it := 0; it < 150; it++ {
					p := testkit.RandomStones(rng, b, rng.IntN(b.Cells()))
					empty := testkit.EmptyOf(b, p)
					var some board.Bits
					for e := empty; e.Any(); {
						if x := e.Pop(); rng.IntN(2) == 0 {
							some = some.With(x)
						}
					}
					var one board.Bits
					if empty.Any() {
						one = board.Bit(empty.Cells()[rng.IntN(empty.Count())])
					}
					for _, moves := range []board.Bits{empty, some, one, {}} {
						checked += checkReplies(t, name, s, p, moves, rng)
					}
				}
			}
		}
	}
	if checked < 20000 {
		t.Fatalf("only %d replies compared", checked)
	}
}

type reply struct {
	b       board.Cell
	allowed board.Bits
	rule    string
}

// checkReplies checks that s's Replies yields, in increasing cell order,
// exactly Allowed(p.Play(opponent, b), b) for every b of moves, and stops at
// the first false; it returns how many replies it compared.
func checkReplies(t *testing.T, name string, s Strategy, p board.Position, moves board.Bits, rng *rand.Rand) int {
	t.Helper()
	r, ok := s.(Replier)
	if !ok {
		t.Fatalf("%s is not a Replier", name)
	}
	b, opp := s.Board(), s.Side().Other()
	var want, got []reply
	for m := moves; m.Any(); {
		x := m.Pop()
		a, l := s.Allowed(p.Play(opp, x), x)
		want = append(want, reply{x, a, l})
	}
	r.Replies(p, moves, func(x board.Cell, a board.Bits, l string) bool {
		got = append(got, reply{x, a, l})
		return true
	})
	if len(got) != len(want) {
		t.Fatalf("%s on %s: %d replies for %d moves", name, b, len(got), len(want))
	}
	for k := range want {
		if got[k] != want[k] {
			t.Fatalf("%s on %s: reply %d = %s %s %q, Allowed gives %s %s %q\n%s", name, b, k,
				testkit.CellStr(b, got[k].b), testkit.CellsStr(b, got[k].allowed), got[k].rule,
				testkit.CellStr(b, want[k].b), testkit.CellsStr(b, want[k].allowed), want[k].rule, b.Picture(p, board.Bits{}))
		}
	}
	if len(want) >= 2 {
		stop := 1 + rng.IntN(len(want)-1)
		calls := 0
		r.Replies(p, moves, func(board.Cell, board.Bits, string) bool {
			calls++
			return calls < stop
		})
		if calls != stop {
			t.Fatalf("%s on %s: yield called %d times after returning false at call %d", name, b, calls, stop)
		}
	}
	return len(want)
}
