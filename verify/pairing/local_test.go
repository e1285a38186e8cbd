package pairing

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/strategies"
	"hexproof/verify"
)

// handicapOn builds the registered handicap strategy (spec may carry options)
// on the flat m×n board.
func handicapOn(t *testing.T, spec string, m, n int) strategies.Strategy {
	t.Helper()
	s, err := strategies.New(spec, board.MustNew(m, n, board.Flat))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func verifyHandicap(t *testing.T, s strategies.Strategy, name string) *verify.Result {
	t.Helper()
	r, err := verify.Run(context.Background(), verify.Options{Strategy: s, Name: name, Starter: board.Red, Choices: verify.Every, Jobs: 2, Handicap: true})
	if err != nil {
		t.Fatalf("%s: verify: %v", name, err)
	}
	return r
}

// broken is the handicap strategy with the answer to one cell replaced by a
// free move (testkit.FreeAt).
type broken = testkit.FreeAt

func breakAt(s strategies.Strategy, c board.Cell) broken {
	return broken{Handicapped: s.(testkit.Handicapped), Cell: c}
}

// TestLocalAgreesWithVerify: on the reduced boards (the first 2 and 3 rings
// of the n×n board, where exhaustive verify runs) the local-response
// certificate and verify --handicap agree that every reading of App. B's
// strategy is optimal; and for every one-cell break of the strategy (one
// answer replaced by a free move) on 6x2, 7x2, 8x2 and 6x3 the certificate
// never says optimal where verify refutes, and rejects at least one broken
// strategy (so that the test can fail).
func TestLocalAgreesWithVerify(t *testing.T) {
	sizes := [][2]int{{6, 2}, {7, 2}, {8, 2}, {9, 2}, {10, 2}, {11, 2}, {12, 2}, {6, 3}, {7, 3}}
	if testing.Short() {
		sizes = sizes[:3]
	}
	specs := []string{"handicap", "handicap:second=shannon", "handicap:probe=carrier"}
	for _, sz := range sizes {
		for _, spec := range specs {
			s := handicapOn(t, spec, sz[0], sz[1])
			name := fmt.Sprintf("%s %dx%d", spec, sz[0], sz[1])
			c, err := CertifyLocal(context.Background(), s, spec, LocalLimits{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if c.Verdict != verify.Optimal {
				t.Errorf("%s: certificate %s (%s)", name, c.Verdict, c.Detail)
			}
			if v := verifyHandicap(t, s, spec); v.Verdict != verify.Optimal {
				t.Errorf("%s: verify %s", name, v.Verdict)
			}
		}
	}
	rejected, refuted, agree := 0, 0, 0
	for _, sz := range [][2]int{{6, 2}, {7, 2}, {8, 2}, {6, 3}} {
		s := handicapOn(t, "handicap", sz[0], sz[1])
		stones := board.Bits{}
		for _, c := range s.(strategies.HandicapStones).HandicapStones() {
			stones = stones.With(c)
		}
		for _, x := range s.Board().All().AndNot(stones).Cells() {
			bs := breakAt(s, x)
			name := fmt.Sprintf("%dx%d broken at %s", sz[0], sz[1], s.Board().Format(x, board.Thesis))
			v := verifyHandicap(t, bs, "broken")
			c, err := CertifyLocal(context.Background(), bs, "broken", LocalLimits{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if v.Verdict == verify.Refuted {
				refuted++
			}
			if c.Verdict != verify.Optimal {
				rejected++
				if len(c.Chain) == 0 {
					t.Errorf("%s: not optimal but no chain", name)
				}
			}
			if c.Verdict == verify.Optimal && v.Verdict != verify.Optimal {
				t.Errorf("%s: certificate optimal, verify %s", name, v.Verdict)
			}
			if c.Verdict == verify.Refuted && v.Verdict != verify.Refuted {
				t.Errorf("%s: certificate refuted (game %v), verify %s", name, c.Game, v.Verdict)
			}
			if (c.Verdict == verify.Optimal) == (v.Verdict == verify.Optimal) {
				agree++
			}
		}
	}
	t.Logf("broken strategies: %d refuted by verify, %d rejected by the certificate, %d agree", refuted, rejected, agree)
	if refuted == 0 || rejected == 0 {
		t.Errorf("no broken strategy was refuted (%d) or rejected (%d): the cross-check cannot fail", refuted, rejected)
	}
}

// split is the handicap strategy with its regions cut into single cells:
// its answers then leave their regions, which the certificate must refuse.
type split struct{ broken }

func (s split) Regions() []board.Bits {
	var out []board.Bits
	for _, r := range s.broken.Regions() {
		for _, c := range r.Cells() {
			out = append(out, board.Bit(c))
		}
	}
	return out
}

// peeking answers like the handicap strategy, except that its answer to
// the opponent's move at cell depends on a cell outside that cell's region.
type peeking struct {
	broken
	far board.Cell
}

func (s peeking) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	if last == s.Cell && p.Occupied().Has(s.far) {
		return s.Board().All().AndNot(p.Occupied()), "peek"
	}
	return s.Handicapped.Allowed(p, last)
}

// TestLocalityRefused: regions that do not match the answers, or answers that
// read cells outside their region, give a *LocalityError, never a verdict.
func TestLocalityRefused(t *testing.T) {
	s := handicapOn(t, "handicap", 6, 3)
	b := s.Board()
	sp := split{breakAt(s, board.NoCell)}
	_, err := CertifyLocal(context.Background(), sp, "split", LocalLimits{})
	var le *LocalityError
	if !errors.As(err, &le) {
		t.Errorf("split regions: %v, want a LocalityError", err)
	}
	// The primary cell (1,3)'s answer is (2,3) (rule B1); let it depend on
	// (6,1), in another region.
	pk := peeking{breakAt(s, b.Cell(1, 3)), b.Cell(6, 1)}
	if _, err := CertifyLocal(context.Background(), pk, "peeking", LocalLimits{}); !errors.As(err, &le) {
		t.Errorf("an answer reading another region: %v, want a LocalityError", err)
	}
	if _, err := CertifyLocal(context.Background(), handicapOn(t, "gardner", 6, 3), "gardner", LocalLimits{}); !errors.Is(err, ErrNotLocal) {
		t.Errorf("gardner: %v, want ErrNotLocal", err)
	}
}

// TestLocalHandicapBoards: App. B's strategy in its default reading is proved
// on the full n×n boards n = 6, 7, 8 (each within a few seconds).
func TestLocalHandicapBoards(t *testing.T) {
	for n := 6; n <= 8; n++ {
		c, err := CertifyLocal(context.Background(), handicapOn(t, "handicap", n, n), "handicap", LocalLimits{})
		if err != nil {
			t.Fatal(err)
		}
		if c.Verdict != verify.Optimal {
			t.Errorf("%dx%d: %s (%s), chain %v", n, n, c.Verdict, c.Detail, c.Chain)
		}
	}
}

// TestLocalHandicapReadingsRefuted: the readings second=shannon and
// probe=carrier lose on 6x6 and 7x7; the certificate gives a game the
// strategy loses, replayed through it from the handicap stones.
func TestLocalHandicapReadingsRefuted(t *testing.T) {
	for n := 6; n <= 7; n++ {
		for _, spec := range []string{"handicap:second=shannon", "handicap:probe=carrier"} {
			c, err := CertifyLocal(context.Background(), handicapOn(t, spec, n, n), spec, LocalLimits{})
			if err != nil {
				t.Fatal(err)
			}
			if c.Verdict != verify.Refuted || c.Game == nil || !c.Replayed || c.Game.Winner != board.Blue {
				t.Errorf("%s %dx%d: %s (%s)", spec, n, n, c.Verdict, c.Detail)
			}
		}
	}
}
