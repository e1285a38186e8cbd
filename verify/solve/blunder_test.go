package solve

import (
	"context"
	"testing"

	"hexproof/board"
)

// TestFindBlunderAgreesWithPlainMinimax: on random games of small boards, the
// blunder is the first move of the side whose position went from won to
// lost by the plain minimax, with the kept moves of the plain minimax.
func TestFindBlunderAgreesWithPlainMinimax(t *testing.T) {
	rng := uint64(12345)
	next := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	found := 0
	for _, b := range []*board.Board{board.MustNew(3, 3, board.Cylinder), board.MustNew(4, 3, board.Cylinder), board.MustNew(3, 3, board.Flat), board.MustNew(3, 4, board.Torus)} {
		ref := &plain{b: b, memo: map[node]board.Color{}}
		for game := 0; game < 30; game++ {
			starter := []board.Color{board.Red, board.Blue}[game%2]
			g := board.Game{Board: b, Starter: starter}
			var p board.Position
			for !b.Wins(p, board.Red) && !b.Wins(p, board.Blue) && p.Occupied() != b.All() {
				empty := b.All().AndNot(p.Occupied()).Cells()
				c := empty[next(len(empty))]
				who := p.ToMove(starter)
				g.Moves = append(g.Moves, board.Move{Player: who, Cell: c})
				p = p.Play(who, c)
			}
			for _, side := range []board.Color{board.Red, board.Blue} {
				bl, err := FindBlunder(context.Background(), g, side, Options{TableBytes: 1 << 20})
				if err != nil {
					t.Fatal(err)
				}
				// The reference: the first side move from a won position
				// (side to move wins) to a position side does not win.
				want := -1
				var q board.Position
				for k, m := range g.Moves {
					if m.Player == side && ref.value(q, side) == side {
						r := q.Play(side, m.Cell)
						if !b.Wins(r, side) && (r.Occupied() == b.All() || ref.value(r, side.Other()) != side) {
							want = k
							break
						}
					}
					q = q.Play(m.Player, m.Cell)
				}
				if (want >= 0) != bl.Found || (bl.Found && bl.Index != want) {
					t.Fatalf("%s %v, %s: blunder %+v, plain minimax says move index %d", b, g.Moves, side, bl, want)
				}
				if bl.Found {
					found++
					kept := ref.winningMoves(bl.Before, side)
					if len(kept) != len(bl.Kept) {
						t.Fatalf("%s: kept %v, plain minimax %v", b, bl.Kept, kept)
					}
					for i := range kept {
						if kept[i] != bl.Kept[i] {
							t.Fatalf("%s: kept %v, plain minimax %v", b, bl.Kept, kept)
						}
					}
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no blunder in any random game: the test tests nothing")
	}
	t.Logf("%d blunders compared", found)
}
