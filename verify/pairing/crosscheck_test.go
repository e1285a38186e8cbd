package pairing

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
)

// crossBoards lists the boards on which exhaustive verification is cheap
// (at most maxCells cells) and the strategy applies.
func crossBoards(name string, maxCells int) [][3]int {
	info, err := strategies.Lookup(name)
	if err != nil {
		panic(err)
	}
	var out [][3]int
	for _, geo := range []board.Geometry{board.Cylinder, board.Flat, board.Torus} {
		for m := 1; m <= maxCells; m++ {
			for n := 1; m*n <= maxCells; n++ {
				if info.Applies(m, n, geo) == nil {
					out = append(out, [3]int{m, n, int(geo)})
				}
			}
		}
	}
	return out
}

// TestCertifyAgreesWithVerify compares the certificate with exhaustive
// verification (verify.Run in memory, "every" semantics) on every small board,
// both starters, for every registered pairing strategy: same verdict, and on a
// refutation the certificate's game is a game the strategy does not win
// (checked by the replay machinery inside Certify).
func TestCertifyAgreesWithVerify(t *testing.T) {
	maxCells := 16
	if testing.Short() {
		maxCells = 12
	}
	checked, fallback, race := 0, 0, 0
	for _, info := range strategies.All() {
		if info.Pairs == nil {
			continue
		}
		for _, bd := range crossBoards(info.Name, maxCells) {
			m, n, geo := bd[0], bd[1], board.Geometry(bd[2])
			b := board.MustNew(m, n, geo)
			st, err := info.Build(b)
			if err != nil {
				t.Fatal(err)
			}
			for _, starter := range []board.Color{board.Red, board.Blue} {
				name := fmt.Sprintf("%s/%dx%d-%s/%s", info.Name, m, n, geo, starter)
				want, err := verify.Run(context.Background(), verify.Options{Strategy: st, Name: info.Name, Starter: starter, Choices: verify.Every, Jobs: 1})
				if err != nil {
					t.Fatalf("%s: verify: %v", name, err)
				}
				res, err := Certify(context.Background(), info.Name, m, n, geo, starter)
				if err != nil {
					t.Fatalf("%s: certify: %v", name, err)
				}
				got := res[0]
				if strings.HasSuffix(got.Reason, "exhaustive") {
					// Decided by verify itself: not a comparison. Only the
					// torus race (P fails, the strategy wins first) may get here.
					if geo != board.Torus || !strings.HasPrefix(got.Reason, "P") {
						t.Errorf("%s: fell back to exhaustive search off the torus race (%s)", name, got.Reason)
					}
					fallback++
					continue
				}
				if got.Verdict == verify.Inconclusive && geo == board.Torus && strings.HasPrefix(got.Reason, "P") {
					// The torus race: the opponent has a pair-free winning
					// set, but no game built from it beats the strategy,
					// which may win first. Sound, not decided.
					race++
					continue
				}
				if got.Verdict != want.Verdict {
					t.Errorf("%s: certify says %s (%s: %s), verify says %s", name, got.Verdict, got.Reason, got.Detail, want.Verdict)
					continue
				}
				if got.Verdict == verify.Refuted && !got.Replayed {
					t.Errorf("%s: refutation not replayed", name)
				}
				checked++
			}
		}
	}
	t.Logf("%d boards × starters agree; %d torus boards left to exhaustive search, %d undecided torus races", checked, fallback, race)
	if checked < 20 {
		t.Fatalf("only %d comparisons", checked)
	}
}
