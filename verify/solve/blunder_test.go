package solve

import (
	"context"
	"testing"

	"hexproof/board"
)

// TestFindBlunderAgreesWithPlainMinimax: on random games of small boards, the
// blunder is the first move of the side whose position went from won to
// lost by the plain minimax, with the kept moves of the plain minimax; half
// the walks start with passes too small to settle much.
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
				// Every other game walks in passes whose first budgets
				// are a few expansions, so that questions are left open
				// and asked again (Solver.Blunder).
				if game%2 == 1 {
					blunderBudget = 1
				}
				bl, err := FindBlunder(context.Background(), g, side, Options{TableBytes: 1 << 20})
				blunderBudget = 20_000
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

// thesisGame1 is App. A.1.1, game 1 (5×9, Blue starts; lost by Red), from
// testdata/thesis-games.json.
const thesisGame1 = "B:(2,7) R:(4,7) B:(4,6) R:(5,6) B:(5,5) R:(1,5) B:(3,9) R:(2,8) B:(2,3) R:(3,3) B:(2,4) R:(1,4) B:(1,3) R:(4,1) B:(3,4) R:(5,3) B:(5,4) R:(4,4) B:(3,5) R:(4,5) B:(3,6)"

// TestBlunderPartial: with a node budget that the late positions of the
// thesis's game fit in and its first positions do not, the walk still names
// the blunder among the moves it settled (move 16, (5,3), with (4,4) the
// one move that kept the win: solved without the budget by
// `hexproof solve --moves`, docs/results.md) and says how many earlier moves
// it left unsettled.
func TestBlunderPartial(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 5x9 positions")
	}
	g := thesisGame1Of(t)
	b := g.Board
	// The band templates (K21) settle every move of this game within the
	// budget; without them the first ones stay open, which is the case
	// this test is about.
	bl, err := FindBlunder(context.Background(), g, board.Red, Options{TableBytes: 64 << 20, MaxNodes: 1500, Limits: withoutBands()})
	if err != nil {
		t.Fatal(err)
	}
	want := b.Cell(4, 4)
	if !bl.Found || bl.Index != 15 || bl.Move.Cell != b.Cell(5, 3) || len(bl.Kept) != 1 || bl.Kept[0] != want {
		t.Fatalf("blunder %+v; want move 16 (5,3) with (4,4) kept", bl)
	}
	if bl.Unchecked < 1 || bl.Unchecked > 7 {
		t.Fatalf("unchecked %d: want the first moves unsettled under the budget", bl.Unchecked)
	}
	t.Logf("unchecked earlier moves: %d", bl.Unchecked)
}

// TestBlunderPasses: the thesis's game 1 walked with a first pass of 50
// expansions per question (most questions left open, asked again with 200,
// 800, … and then without a budget) gives the walk's exact answer, move 16,
// (5,3), with (4,4) kept, and no move unsettled.
func TestBlunderPasses(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 5x9 positions")
	}
	g := thesisGame1Of(t)
	b := g.Board
	defer func() { blunderBudget = 20_000 }()
	blunderBudget = 50
	bl, err := FindBlunder(context.Background(), g, board.Red, Options{TableBytes: 64 << 20, Limits: withoutBands()})
	if err != nil {
		t.Fatal(err)
	}
	if !bl.Found || bl.Index != 15 || bl.Move.Cell != b.Cell(5, 3) || len(bl.Kept) != 1 || bl.Kept[0] != b.Cell(4, 4) || bl.Unchecked != 0 {
		t.Fatalf("blunder %+v; want move 16 (5,3) with (4,4) kept, every earlier move settled", bl)
	}
}

// thesisGame1Of is thesisGame1 as a game on 5×9.
func thesisGame1Of(t *testing.T) board.Game {
	t.Helper()
	b := board.MustNew(5, 9, board.Cylinder)
	toks, err := b.ParseMoves(thesisGame1)
	if err != nil {
		t.Fatal(err)
	}
	_, moves, winner, err := b.Play(board.Blue, toks)
	if err != nil || winner != board.Blue {
		t.Fatalf("the game does not replay to Blue's win: %v, %v", winner, err)
	}
	return board.Game{Board: b, Starter: board.Blue, Moves: moves, Winner: winner}
}
