package verify

import (
	"fmt"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
)

// TestFitzgeraldRulesSymmetryAgrees: fitzgerald-rules claims the whole group
// of the cylinder (decisions.md V37), so the verifier now merges symmetric
// positions of its searches. The verdicts, longest games and counterexamples
// must be those of the search without symmetry: compared run against run on
// 5×4 (both starters, every and some), and on 5×5 with Blue starting against
// what the search without symmetry gave (107 s, too long for a test: the
// 11-ply game below, and `some` optimal with longest game 14, docs/results.md).
func TestFitzgeraldRulesSymmetryAgrees(t *testing.T) {
	b4 := board.MustNew(5, 4, board.Cylinder)
	s4, err := strategies.New("fitzgerald-rules", b4)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []board.Color{board.Red, board.Blue} {
		for _, ch := range []Choices{Every, Some} {
			name := fmt.Sprintf("5×4 %s starts %s", st, ch)
			opt := Options{Strategy: s4, Name: "fitzgerald-rules", Starter: st, Choices: ch, Jobs: 1}
			sym := run(t, opt)
			opt.NoSymmetry = true
			plain := run(t, opt)
			if sym.SymmetryHits == 0 {
				t.Errorf("%s: no symmetry hit: the group was not used", name)
			}
			if sym.Verdict != plain.Verdict || sym.LongestGame != plain.LongestGame {
				t.Errorf("%s: %s, longest %d with symmetry; %s, longest %d without", name, sym.Verdict, sym.LongestGame, plain.Verdict, plain.LongestGame)
			}
			if sym.Verdict == Refuted && gameString(b4, sym.Counterexample.Moves) != gameString(b4, plain.Counterexample.Moves) {
				t.Errorf("%s: counterexample %s with symmetry, %s without", name, gameString(b4, sym.Counterexample.Moves), gameString(b4, plain.Counterexample.Moves))
			}
		}
	}

	b5 := board.MustNew(5, 5, board.Cylinder)
	s5, err := strategies.New("fitzgerald-rules", b5)
	if err != nil {
		t.Fatal(err)
	}
	every := run(t, Options{Strategy: s5, Name: "fitzgerald-rules", Starter: board.Blue, Choices: Every, Jobs: 2})
	const want = "B:(1,2) R:(3,2) B:(2,3) R:(4,3) B:(5,2) R:(2,4) B:(3,3) R:(3,4) B:(4,2) R:(2,2) B:(1,3)"
	if every.Verdict != Refuted {
		t.Fatalf("5×5 Blue starts, every: %s, want refuted", every.Verdict)
	}
	if got := gameString(b5, every.Counterexample.Moves); got != want {
		t.Errorf("5×5 Blue starts, every: counterexample %s, want the search without symmetry's %s", got, want)
	}
	checkLoss(t, "5×5 Blue starts every", s5, Every, every.Counterexample)
	some := run(t, Options{Strategy: s5, Name: "fitzgerald-rules", Starter: board.Blue, Choices: Some, Jobs: 1})
	if some.Verdict != Optimal || some.LongestGame != 14 {
		t.Errorf("5×5 Blue starts, some: %s, longest game %d; want optimal, 14", some.Verdict, some.LongestGame)
	}
}
