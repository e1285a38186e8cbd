package hunt

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
)

// exactNeed is the plain enumeration need is compared with: the fewest empty
// cells that, coloured by who, make who win (board.Wins), by trying every
// set of empty cells of size 0, 1, 2, … up to limit.
func exactNeed(b *board.Board, p board.Position, who board.Color, limit int) int {
	empty := b.All().AndNot(p.Occupied()).Cells()
	for size := 0; size < limit; size++ {
		found := false
		var rec func(start, left int, q board.Position)
		rec = func(start, left int, q board.Position) {
			if found {
				return
			}
			if left == 0 {
				found = b.Wins(q, who)
				return
			}
			for i := start; i < len(empty); i++ {
				rec(i+1, left-1, q.Play(who, empty[i]))
			}
		}
		rec(0, size, p)
		if found {
			return size
		}
	}
	return limit
}

// TestNeedIsExact checks need against the enumeration on random positions of
// small boards: on the cylinder and the flat board it is the exact number of
// stones still missing (so it is a lower bound, and pruning on it is sound).
func TestNeedIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	boards := []*board.Board{
		board.MustNew(3, 3, board.Cylinder), board.MustNew(4, 3, board.Cylinder),
		board.MustNew(5, 3, board.Cylinder), board.MustNew(3, 4, board.Cylinder),
		board.MustNew(3, 3, board.Flat), board.MustNew(4, 3, board.Flat),
	}
	trials := 300
	if testing.Short() {
		trials = 80
	}
	checked := 0
	for _, b := range boards {
		for _, who := range []board.Color{board.Red, board.Blue} {
			nd := newNeed(b, who)
			for range trials {
				var p board.Position
				cells := b.All().Cells()
				rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
				stones := rng.IntN(len(cells))
				for i, c := range cells[:stones] {
					p = p.Play([]board.Color{board.Red, board.Blue}[i%2], c)
				}
				if b.Wins(p, board.Red) || b.Wins(p, board.Blue) {
					continue
				}
				limit := b.Cells() + 1
				want := exactNeed(b, p, who, limit)
				if got := nd.of(p, limit); got != want {
					t.Fatalf("%s, %s to win in\n%s: need %d, enumeration %d", b, who, b.Picture(p, board.Bits{}), got, want)
				}
				// With a limit, the answer is min(limit, need).
				if got := nd.of(p, 1); got != min(1, want) {
					t.Fatalf("%s, %s: need with limit 1 is %d, want %d", b, who, got, min(1, want))
				}
				checked++
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d positions checked", checked)
	}
}
