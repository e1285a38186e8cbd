package strategies

import (
	"testing"

	"hexproof/board"
)

// vbGame is one published game (see loadThesisGames).
type vbGame = thesisGame

func vbThesisGames(t *testing.T) []vbGame {
	t.Helper()
	var out []vbGame
	for _, g := range loadThesisGames(t).Games {
		if g.Strategy == "vandenbroek" {
			out = append(out, g)
		}
	}
	if len(out) == 0 {
		t.Fatal("no vandenbroek game in testdata/thesis-games.json")
	}
	return out
}

// vbDivergence is a Red move of a published game whose listed rule is not the
// first applicable rule under a reading, although the move itself is allowed.
type vbDivergence struct {
	move       int    // 1-based ply in the game
	thesisRule string // the rule the thesis lists
	ourRule    string // the first applicable rule under the reading
}

// TestVandenbroekFig71 replays the 5×7 game of thesis Fig. 7.1 (moves 1B–9B of
// its caption). At every Red turn it checks that the listed move lies in the
// allowed set of the first applicable rule and that this rule is the listed
// one — except for the divergences listed, which are checked exactly: the
// listed move is allowed, our rule is the one in the table, and the thesis's
// rule allows nothing there on its own (so no reading of that rule alone could
// have produced the move). Under vandenbroek-fig71 (rules 5↔6 and 7↔8
// exchanged) every listed rule is reproduced (docs/decisions/vandenbroek.md).
func TestVandenbroekFig71(t *testing.T) {
	readings := []struct {
		upFirst     bool
		divergences []vbDivergence
	}{
		// Printed order (downwards first): the caption's 6R (2,4) "rule 5" only
		// connects rings 2..4 (a bridge to (3,2)), which is rule 6; its 8R (3,5)
		// "rule 8" touches (2,6) in ring 6, which is rule 7 — (3,5) has no link
		// to ring 4 at all, since (2,5) and (3,4) are blue.
		{false, []vbDivergence{{6, "5", "6"}, {8, "8", "7"}}},
		{true, nil},
	}
	for _, g := range vbThesisGames(t) {
		m, n, err := board.ParseBoardSize(g.Board)
		if err != nil {
			t.Fatal(err)
		}
		b := board.MustNew(m, n, board.Cylinder)
		for _, rd := range readings {
			s := newVandenbroek(b, rd.upFirst)
			var p board.Position
			last := board.NoCell
			checked, diverged := 0, 0
			for k, mv := range g.Moves {
				c, ok := b.CellAt(mv.Cell[0], mv.Cell[1])
				if !ok || p.Occupied().Has(c) {
					t.Fatalf("%s: move %d %v is not an empty cell", g.Source, k+1, mv.Cell)
				}
				if mv.Player != "red" {
					p = p.Play(board.Blue, c)
					last = c
					continue
				}
				allowed, rule := s.Allowed(p, last)
				if !allowed.Has(c) {
					t.Errorf("upFirst=%v move %d: %v not in rule %s's set %s", rd.upFirst, k+1, mv.Cell, rule, formatSet(b, allowed))
				}
				want := mv.Rule
				var div *vbDivergence
				for i := range rd.divergences {
					if rd.divergences[i].move == k+1 {
						div = &rd.divergences[i]
					}
				}
				if div != nil {
					if div.thesisRule != mv.Rule {
						t.Errorf("upFirst=%v move %d: divergence table says the thesis lists rule %s, the data says %s", rd.upFirst, k+1, div.thesisRule, mv.Rule)
					}
					want = div.ourRule
					var a vbAnalysis
					empty := b.All().AndNot(p.Occupied())
					if alone := s.rule(vbRuleNumber(t, mv.Rule), p, last, empty, &a); alone.Any() {
						t.Errorf("upFirst=%v move %d: the thesis's rule %s alone allows %s; the divergence is not forced", rd.upFirst, k+1, mv.Rule, formatSet(b, alone))
					}
					diverged++
				}
				if rule != want {
					t.Errorf("upFirst=%v move %d %v: first applicable rule %s, want %s (thesis lists %s)", rd.upFirst, k+1, mv.Cell, rule, want, mv.Rule)
				}
				checked++
				p = p.Play(board.Red, c)
			}
			if checked != 4 || diverged != len(rd.divergences) {
				t.Errorf("upFirst=%v: checked %d Red moves with %d divergences, want 4 and %d", rd.upFirst, checked, diverged, len(rd.divergences))
			}
		}
	}
}

func vbRuleNumber(t *testing.T, label string) int {
	t.Helper()
	for r, l := range vbRuleLabels {
		if l == label {
			return r
		}
	}
	t.Fatalf("unknown rule label %q", label)
	return 0
}
