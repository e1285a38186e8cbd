package verify

import (
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify/andor"
)

// TestSomeUndecidedIsInconclusive: when the proof-number search of `some`
// ends with its numbers saturated (forced here by lowering the bound from
// 2^62 to 4, which the search reaches at once), the verdict is inconclusive
// with the reason said, never optimal or refuted; with the normal bound the
// same runs are decided (their verdicts are those of the tables in
// docs/results.md: hht optimal on 5×4 for both starters).
func TestSomeUndecidedIsInconclusive(t *testing.T) {
	b := board.MustNew(5, 4, board.Cylinder)
	s, err := strategies.New("hht", b)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []board.Color{board.Red, board.Blue} {
		opt := Options{Strategy: s, Name: "hht", Starter: st, Choices: Some}
		restore := andor.SaturateAt(4)
		res := run(t, opt)
		restore()
		if res.Verdict != Inconclusive || !strings.Contains(res.Detail, "saturated") || res.Counterexample != nil {
			t.Errorf("%s starts, saturated: %s (%s), want inconclusive for saturation", st, res.Verdict, res.Detail)
		}
		if res := run(t, opt); res.Verdict != Optimal {
			t.Errorf("%s starts: %s, want optimal", st, res.Verdict)
		}
	}
}
