package notions

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

// liveByDefinition is Def. 10.3.2 itself: x is live iff some completed
// colouring (Def. 10.3.1) of p changes its winner with x's colour.
func liveByDefinition(b *board.Board, p board.Position, x board.Cell) bool {
	rest := b.All().AndNot(p.Occupied()).Without(x).Cells()
	for mask := 0; mask < 1<<len(rest); mask++ {
		q := p
		for k, c := range rest {
			if mask>>k&1 == 1 {
				q.Red = q.Red.With(c)
			} else {
				q.Blue = q.Blue.With(c)
			}
		}
		if b.Winner(q.Play(board.Red, x)) != b.Winner(q.Play(board.Blue, x)) {
			return true
		}
	}
	return false
}

// TestLiveMatchesDefinition: Live agrees with Def. 10.3.2 evaluated over
// every completed colouring, on random positions of small cylinders, and its
// search is always exact there.
func TestLiveMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(103, 2))
	dead := 0
	for _, n := range []int{2, 3, 4} {
		b := board.MustNew(5, n, board.Cylinder)
		nt := NewNotions(b)
		for it := 0; it < 150; it++ {
			p := testkit.RandomStones(rng, b, b.Cells()-13+rng.IntN(8))
			if b.Winner(p) != board.Empty {
				continue
			}
			for e := testkit.EmptyOf(b, p); e.Any(); {
				x := e.Pop()
				live, proven := nt.Live(p, x)
				want := liveByDefinition(b, p, x)
				if live != want || !proven {
					t.Fatalf("5x%d %s: Live(%s) = %v (proven %v), definition says %v", n, b.Picture(p, board.Bit(x)), b.Format(x, board.Thesis), live, proven, want)
				}
				if !want {
					dead++
				}
			}
		}
	}
	if dead == 0 {
		t.Error("no dead cell met: the test checks nothing about them")
	}
	t.Logf("%d dead cells checked", dead)
}
