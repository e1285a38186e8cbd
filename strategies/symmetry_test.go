package strategies

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

// TestDeclaredSymmetries checks, for every registered strategy on every test
// board it applies to, the claim of docs/design.md §3: for each g in Symmetries(),
// Allowed(g·p, g·last) = g·Allowed(p, last) as sets, on the positions of random
// games in which the strategy's side plays a random allowed move and the other
// side a random empty cell, with either player starting. It also checks that the
// declaration is a subgroup of b.Group() with the identity first. An unsound
// claim would let the verifier merge positions the strategy treats differently.
func TestDeclaredSymmetries(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 15
	}
	for _, info := range All() {
		for _, bd := range stBoards {
			if info.Applies(bd.m, bd.n, bd.geo) != nil {
				continue
			}
			b := board.MustNew(bd.m, bd.n, bd.geo)
			t.Run(fmt.Sprintf("%s/%dx%d-%v", info.Name, bd.m, bd.n, bd.geo), func(t *testing.T) {
				s, err := info.Build(b)
				if err != nil {
					t.Fatal(err)
				}
				if err := checkSubgroup(b, s.Symmetries()); err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(uint64(bd.m*100+bd.n), uint64(bd.geo)+uint64(len(info.Name))))
				if err := checkSymmetries(s, s.Symmetries(), rng, games); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// TestSymmetryCheckFindsOverclaims shows that checkSymmetries can fail: hht is
// not symmetric under the half-turn (it swaps rings j-1 and j+1, i.e. the
// unequal rules 2 and 3), and claiming the full group must be caught. Likewise
// Gardner's triangles in columns 1..n+1 are not invariant under a rotation.
func TestSymmetryCheckFindsOverclaims(t *testing.T) {
	for _, c := range []struct {
		name string
		m, n int
	}{{"hht", 3, 4}, {"hht-strict", 3, 4}, {"gardner", 5, 3}} {
		s := testkit.Strategy(t, New, c.name, c.m, c.n, board.Cylinder)
		full := s.Board().Group()
		if len(s.Symmetries()) >= len(full) {
			t.Fatalf("%s on %v claims the whole group of %d elements", c.name, s.Board(), len(full))
		}
		rng := rand.New(rand.NewPCG(1, 2))
		if err := checkSymmetries(s, full, rng, 200); err == nil {
			t.Errorf("%s on %v: the check accepted the whole group, which the strategy does not commute with", c.name, s.Board())
		} else {
			t.Logf("%s: over-claim caught: %v", c.name, err)
		}
	}
}

// TestDeclaredGroups pins the subgroups worked out from the rules
// (docs/decisions/strategies.md), so a change in board.Group() or in a
// strategy's derivation is noticed: mirror commutes with the whole group of the
// cylinder and torus (the half-way translation is central); hht with the 2m
// ring-preserving maps on the cylinder and the rotations and vertical shifts
// on the torus; gardner with {id, (i,j)→(n+2-i, n+1-j)} on the
// cylinder and torus, and on the flat board only when m = n+1.
func TestDeclaredGroups(t *testing.T) {
	cases := []struct {
		name string
		m, n int
		geo  board.Geometry
		want int
	}{
		{"mirror", 4, 3, board.Cylinder, 16},
		{"mirror", 6, 5, board.Cylinder, 24},
		{"mirror", 4, 3, board.Torus, len(board.MustNew(4, 3, board.Torus).Group())},
		{"hht", 3, 4, board.Cylinder, 6},
		{"hht", 5, 5, board.Cylinder, 10},
		{"hht", 3, 4, board.Torus, 12}, // rotations × vertical shifts
		{"hht-strict", 5, 3, board.Torus, 15},
		{"gardner", 4, 3, board.Cylinder, 2},
		{"gardner", 7, 3, board.Cylinder, 2},
		{"gardner", 4, 3, board.Flat, 2},
		{"gardner", 5, 3, board.Flat, 1},
		{"gardner", 5, 3, board.Torus, 2},
		// fitzgerald-rules: the whole group (decisions.md V37); fitzgerald,
		// with its hierarchy's tie-breaks, the identity.
		{"fitzgerald-rules", 5, 6, board.Cylinder, 20},
		{"fitzgerald-rules", 5, 7, board.Cylinder, 20},
		{"fitzgerald", 5, 7, board.Cylinder, 1},
	}
	for _, c := range cases {
		s := testkit.Strategy(t, New, c.name, c.m, c.n, c.geo)
		if got := len(s.Symmetries()); got != c.want {
			t.Errorf("%s on %v: %d symmetries, want %d", c.name, s.Board(), got, c.want)
		}
	}
}

func checkSubgroup(b *board.Board, syms []board.Perm) error {
	if len(syms) == 0 {
		return fmt.Errorf("no symmetries declared (the identity must be first)")
	}
	in := func(g board.Perm) bool {
		for _, h := range syms {
			if stEqualPerm(g, h) {
				return true
			}
		}
		return false
	}
	for c, x := range syms[0] {
		if board.Cell(c) != x {
			return fmt.Errorf("first symmetry is not the identity")
		}
	}
	for k, g := range syms {
		found := false
		for _, h := range b.Group() {
			if stEqualPerm(g, h) {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("symmetry %d is not in the board's group", k)
		}
		for _, h := range syms {
			gh := make(board.Perm, len(g))
			for c := range h {
				gh[c] = g[h[c]]
			}
			if !in(gh) {
				return fmt.Errorf("declared symmetries are not closed under composition")
			}
		}
	}
	return nil
}

func stEqualPerm(g, h board.Perm) bool {
	if len(g) != len(h) {
		return false
	}
	for c := range g {
		if g[c] != h[c] {
			return false
		}
	}
	return true
}

// syms0 is how many of syms the claim covers at p: all of them, or none on
// the empty board, whose opening the contract exempts (Strategy.Symmetries).
func syms0(p board.Position, syms []board.Perm) int {
	if p.Plies() == 0 {
		return 0
	}
	return len(syms)
}

// checkSymmetries plays games random games (half started by each player) and at
// every turn of the strategy compares Allowed on the position and on its images.
func checkSymmetries(s Strategy, syms []board.Perm, rng *rand.Rand, games int) error {
	b, side := s.Board(), s.Side()
	for game := 0; game < games; game++ {
		starter := board.Red
		if game%2 == 1 {
			starter = board.Blue
		}
		var p board.Position
		var moves []board.Move
		last := board.NoCell
		for p.Plies() < b.Cells() && b.Winner(p) == board.Empty {
			who := p.ToMove(starter)
			var x board.Cell
			if who == side {
				allowed, _ := s.Allowed(p, last)
				if err := checkAnswer(b, p, allowed); err != nil {
					return fmt.Errorf("after %s: %v", b.FormatMoves(moves, board.Thesis, true), err)
				}
				// The opening on the empty board is exempt (Strategy.Symmetries).
				for _, g := range syms[:syms0(p, syms)] {
					got, _ := s.Allowed(g.ApplyPos(p), g.Apply(last))
					if want := g.ApplyBits(allowed); got != want {
						return fmt.Errorf("%s started, after %s (last %s): Allowed(g·p) = %s but g·Allowed(p) = %s",
							starter, b.FormatMoves(moves, board.Thesis, true), b.Format(last, board.Thesis),
							formatSet(b, got), formatSet(b, want))
					}
				}
				x = testkit.Pick(rng, allowed)
			} else {
				x = testkit.Pick(rng, b.All().AndNot(p.Occupied()))
				last = x
			}
			p = p.Play(who, x)
			moves = append(moves, board.Move{Player: who, Cell: x})
		}
	}
	return nil
}

func formatSet(b *board.Board, s board.Bits) string {
	out := "{"
	for k, c := range s.Cells() {
		if k > 0 {
			out += " "
		}
		out += b.Format(c, board.Thesis)
	}
	return out + "}"
}

// TestFitzgeraldRulesSymmetric backs fitzgerald-rules' claim of the whole
// group (decisions.md V37) beyond TestDeclaredSymmetries' few games: more
// games, the longer boards where rules 10–19 fire, every reading of the
// options fitzgerald-rules has, and both starters (with Red starting, every
// position after rule 0's fixed opening). The claim is what lets `verify
// --choices some` merge the 35 openings of 5×7 into 4.
func TestFitzgeraldRulesSymmetric(t *testing.T) {
	games := 150
	if testing.Short() {
		games = 40
	}
	// The claim is limited to the readings argued for: a rules-only strategy
	// built with a repair (possible from a program, not from the command
	// line) claims nothing.
	b7 := board.MustNew(5, 7, board.Cylinder)
	o := Defaults(FitzgeraldOptions)
	o["repairs"] = "all"
	if f, err := NewFitzgeraldWith(b7, o, true); err != nil || len(f.Symmetries()) != 1 {
		t.Errorf("rules only with repairs=all: err %v, want the identity only", err)
	}
	readings := []string{"", ":skip=4", ":overlap=any", ":rule6c=union", ":skip=4,overlap=any,rule6c=union"}
	for _, n := range []int{4, 5, 6, 7, 8, 9, 12} {
		for k, rd := range readings {
			if k > 0 && n > 7 {
				break // the readings on the shorter boards; the default on all
			}
			s := testkit.Strategy(t, New, "fitzgerald-rules"+rd, 5, n, board.Cylinder)
			if got := len(s.Symmetries()); got != 20 {
				t.Fatalf("fitzgerald-rules%s on 5×%d declares %d symmetries, want the 20 of the group", rd, n, got)
			}
			rng := rand.New(rand.NewPCG(uint64(n), uint64(k)))
			if err := checkSymmetries(s, s.Symmetries(), rng, games); err != nil {
				t.Errorf("fitzgerald-rules%s on 5×%d: %v", rd, n, err)
			}
		}
	}
}
