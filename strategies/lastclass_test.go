package strategies

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

// TestLastClass checks the LastClasser contract that `--choices some` relies
// on to share results between games: for every registered strategy that
// implements it, on cylinders and tori where it is defined, in positions
// from games in which the opponent plays at random and the strategy follows
// its rules (now and then at random), Allowed is the same set for every
// opponent stone of the same class taken as the last move, and every class is
// in range.
func TestLastClass(t *testing.T) {
	classers, compared := 0, 0
	for _, info := range All() {
		for _, geo := range []board.Geometry{board.Cylinder, board.Torus} {
			for _, size := range [][2]int{{3, 3}, {3, 5}, {5, 4}, {5, 5}, {4, 7}} {
				b := board.MustNew(size[0], size[1], geo)
				s, err := New(info.Name, b)
				if err != nil {
					continue
				}
				lc, ok := s.(LastClasser)
				if !ok {
					break
				}
				classers++
				rng := rand.New(rand.NewPCG(uint64(b.Cells()), 11))
				strategyGames(rng, s, 40, func(p board.Position, last board.Cell) board.Bits {
					want, _ := s.Allowed(p, last)
					if last == board.NoCell {
						return want
					}
					theirs := p.Red
					if s.Side() == board.Red {
						theirs = p.Blue
					}
					for _, x := range theirs.Cells() {
						k := lc.LastClass(x)
						if k < 0 || k >= b.Cells() {
							t.Fatalf("%s on %s: class %d of %s out of range", info.Name, b, k, b.Format(x, board.Thesis))
						}
						if k != lc.LastClass(last) {
							continue
						}
						compared++
						if got, _ := s.Allowed(p, x); got != want {
							t.Fatalf("%s on %s: last move %s allows %s, %s of the same class allows %s\n%s", info.Name, b,
								b.Format(last, board.Thesis), testkit.CellsStr(b, want), b.Format(x, board.Thesis), testkit.CellsStr(b, got), b.Picture(p, board.Bits{}))
						}
					}
					return want
				})
			}
		}
	}
	if classers == 0 || compared < 1000 {
		t.Fatalf("%d strategies and boards, %d answers compared: the test checks too little", classers, compared)
	}
}
