package andor

import (
	"context"
	"testing"

	"hexproof/board"
	"hexproof/tt"
)

// randomGame is a small game with transpositions for checking the search
// against a plain minimax: a node is (ply, id) with ids in [0, width); each
// node has one to three moves, derived from a hash of the seed and the node,
// that end the game (won by the mover, or drawn) or lead to a node of the
// next ply; at the last ply every move ends it.
type randomGame struct {
	seed         uint64
	width, plies int
}

type rgNode struct{ d, id int }

func (g randomGame) h(d, id, k int) uint64 {
	x := g.seed*0x9E3779B97F4A7C15 ^ uint64(d)*0xC2B2AE3D27D4EB4F ^ uint64(id)*0x165667B19E3779F9 ^ uint64(k)*0x27D4EB2F165667C5
	x ^= x >> 31
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 29
	return x
}

func (g randomGame) Mover(n rgNode) board.Color {
	if n.d%2 == 0 {
		return board.Red
	}
	return board.Blue
}

func (g randomGame) Key(n rgNode) (Key, bool) {
	return Key{Key: tt.Key{Red: uint64(n.d), Blue: uint64(n.id)}}, true
}

func (g randomGame) Expand(n rgNode, out []Child[rgNode]) ([]Child[rgNode], error) {
	moves := 1 + int(g.h(n.d, n.id, 99)%3)
	for k := 0; k < moves; k++ {
		x := g.h(n.d, n.id, k)
		c := Child[rgNode]{Cell: board.Cell(k), S: rgNode{n.d + 1, int(x>>8) % g.width}}
		switch {
		case n.d+1 >= g.plies || x%8 == 0:
			c.O = Won
			if x&0x10 != 0 {
				c.O = Drawn
			}
		case x%8 == 1:
			c.O = Won
		}
		out = append(out, c)
	}
	return out, nil
}

func (g randomGame) Threats(rgNode) (board.Bits, bool) { return board.Bits{}, false }

// nextWinsGame is randomGame with the moves after which the next player has
// a move that wins at once marked NextWins, as `some` marks them.
type nextWinsGame struct{ randomGame }

func (g nextWinsGame) Expand(n rgNode, out []Child[rgNode]) ([]Child[rgNode], error) {
	out, _ = g.randomGame.Expand(n, out)
	for i := range out {
		if out[i].O != Going {
			continue
		}
		next, _ := g.randomGame.Expand(out[i].S, nil)
		for _, c := range next {
			if c.O == Won {
				out[i].O = NextWins
			}
		}
	}
	return out, nil
}

// forces is the plain minimax: does side force, from n at ply d, a game that
// ends by ply K with an outcome good for it? (good: the prover's win, with a
// draw as drawWins says, for the prover; its complement for the other side.)
func forces(g randomGame, n rgNode, d, K int, side, prover board.Color, drawWins bool) bool {
	if d >= K {
		return false
	}
	kids, _ := g.Expand(n, nil)
	mover := g.Mover(n)
	any, all := false, true
	for _, c := range kids {
		var ok bool
		if c.O == Going {
			ok = forces(g, c.S, d+1, K, side, prover, drawWins)
		} else {
			proverWins := c.O == Won && mover == prover || c.O == Drawn && drawWins
			ok = proverWins == (side == prover)
		}
		any = any || ok
		all = all && ok
	}
	if mover == side {
		return any
	}
	return all
}

// TestDepthBoundsProofLength: on random games with transpositions, the
// unbounded answer equals the plain minimax, and the depth ProveDepth gives
// is a true bound: the winner of the answer (the prover if proven, else the
// other player) forces its result by that ply. Then every bounded question,
// asked of the same search (whose table now holds proofs recorded at their
// trees' depths) and of a fresh one, equals the plain minimax. The same
// holds when the search is given the games with NextWins marked.
func TestDepthBoundsProofLength(t *testing.T) {
	checked, marked := 0, 0
	for seed := uint64(1); seed <= 800; seed++ {
		g := randomGame{seed: seed / 2, width: 3 + int(seed/2%5), plies: 6 + int(seed/2%7)}
		var p Problem[rgNode] = g
		if seed%2 == 1 {
			p = nextWinsGame{g}
			kids, _ := p.Expand(rgNode{0, 0}, nil)
			for _, k := range kids {
				if k.O == NextWins {
					marked++
				}
			}
		}
		root := rgNode{0, 0}
		for _, prover := range []board.Color{board.Red, board.Blue} {
			for _, drawWins := range []bool{false, true} {
				s := New[rgNode](p, prover, drawWins, context.Background(), 1<<16)
				v, depth, err := s.ProveDepth(root, 0, g.plies+1)
				if err != nil {
					t.Fatal(err)
				}
				if want := forces(g, root, 0, g.plies+1, prover, prover, drawWins); v != want {
					t.Fatalf("seed %d, prover %s, drawWins %v: unbounded %v, minimax %v", seed, prover, drawWins, v, want)
				}
				winner := prover
				if !v {
					winner = prover.Other()
				}
				if !forces(g, root, 0, depth, winner, prover, drawWins) {
					t.Fatalf("seed %d, prover %s, drawWins %v: answer %v with a tree of depth %d, but %s does not force it by then",
						seed, prover, drawWins, v, depth, winner)
				}
				checked++
				for K := 1; K <= g.plies+1; K++ {
					want := forces(g, root, 0, K, prover, prover, drawWins)
					got, err := s.Prove(root, 0, K)
					if err != nil {
						t.Fatal(err)
					}
					fresh, err := New[rgNode](p, prover, drawWins, context.Background(), 1<<16).Prove(root, 0, K)
					if err != nil {
						t.Fatal(err)
					}
					if got != want || fresh != want {
						t.Fatalf("seed %d, prover %s, drawWins %v, K %d: %v (after the unbounded question), %v (fresh), minimax %v",
							seed, prover, drawWins, K, got, fresh, want)
					}
				}
			}
		}
	}
	if checked == 0 || marked < 50 {
		t.Fatalf("%d questions checked, %d root moves marked NextWins", checked, marked)
	}
}
