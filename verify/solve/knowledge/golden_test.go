package knowledge

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"
	"testing"

	"hexproof/board"
)

// analysesDigest hashes the analyses (every field), with either mover, of
// count positions of random play on b with 2 to 2+span stones that nobody
// has won, from a fixed seed; it returns the digest and how many analyses
// decided the position.
func analysesDigest(t *testing.T, b *board.Board, lim Limits, count, span int) (string, int) {
	t.Helper()
	a, err := New(b, lim)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(29, uint64(b.Cells())))
	h := sha256.New()
	var buf [8]byte
	word := func(x uint64) {
		binary.LittleEndian.PutUint64(buf[:], x)
		h.Write(buf[:])
	}
	bits := func(s board.Bits) {
		for _, c := range s.Cells() {
			word(uint64(c))
		}
		word(1 << 63)
	}
	decided := 0
	for _, p := range randomPositions(b, r, count, span) {
		for _, m := range []board.Color{board.Red, board.Blue} {
			an := a.Analyze(p, m)
			word(uint64(an.Winner))
			h.Write([]byte(an.Why))
			for _, s := range []board.Bits{an.Dead, an.Captured, an.Moves, an.Keys, an.MustPlay} {
				bits(s)
			}
			if an.Winner != board.Empty {
				decided++
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16], decided
}

// randomPositions is count positions of random play on b with 2 to 2+span
// stones that nobody has won, drawn from r.
func randomPositions(b *board.Board, r *rand.Rand, count, span int) []board.Position {
	var ps []board.Position
	for len(ps) < count {
		var p board.Position
		stones := 2 + r.IntN(span)
		mover := board.Red
		for i := 0; i < stones; i++ {
			free := b.All().AndNot(p.Occupied()).Cells()
			p = p.Play(mover, free[r.IntN(len(free))])
			mover = mover.Other()
		}
		if b.Wins(p, board.Red) || b.Wins(p, board.Blue) {
			continue
		}
		ps = append(ps, p)
	}
	return ps
}

// TestAnalyzeRedFirstIsAnalyze checks AnalyzeRedFirst against Analyze, every
// field, with either mover, on random positions of cylinders and a flat
// board, stones from few to many so that each step decides some of them
// (counted: Red's wins, which AnalyzeRedFirst finds before Blue's checks,
// and Blue's, which it finds after a search that found nothing for Red).
func TestAnalyzeRedFirstIsAnalyze(t *testing.T) {
	eachAnalysisCase(t, func(b *board.Board, a *Analyzer, ps []board.Position) {
		var red, blue, open int
		for _, p := range ps {
			for _, m := range []board.Color{board.Red, board.Blue} {
				want, got := a.Analyze(p, m), a.AnalyzeRedFirst(p, m)
				if got != want {
					t.Fatalf("%s %s to move, red %v blue %v: AnalyzeRedFirst %+v, Analyze %+v", b, m, p.Red.Cells(), p.Blue.Cells(), got, want)
				}
				switch want.Winner {
				case board.Red:
					red++
				case board.Blue:
					blue++
				default:
					open++
				}
			}
		}
		t.Logf("%s: %d analyses decided for red, %d for blue, %d open", b, red, blue, open)
		if red == 0 || blue == 0 || open == 0 {
			t.Errorf("%s: red %d, blue %d, open %d: some outcome never came up", b, red, blue, open)
		}
	})
}

// eachAnalysisCase calls f with an Analyzer and random positions (stones
// from few to two thirds of the cells) of cylinders and a flat board.
func eachAnalysisCase(t *testing.T, f func(b *board.Board, a *Analyzer, ps []board.Position)) {
	for _, c := range []struct {
		m, n  int
		geo   board.Geometry
		count int
	}{
		{5, 6, board.Cylinder, 1500}, {5, 7, board.Cylinder, 1500}, {5, 9, board.Cylinder, 600},
		{7, 7, board.Cylinder, 400}, {6, 5, board.Cylinder, 800}, {5, 5, board.Flat, 800},
	} {
		b := board.MustNew(c.m, c.n, c.geo)
		a, err := New(b, DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(30, uint64(b.Cells())))
		f(b, a, randomPositions(b, r, c.count, b.Cells()*2/3))
	}
}

// TestRedWinsIsAnalyze checks RedWins against AnalyzeRedFirst on the
// positions of TestAnalyzeRedFirstIsAnalyze: it proves Red's win exactly when
// the analysis does, and when it says its result is the whole analysis, it
// is, every field; it stops early on some positions of every board (counted)
// and never on one the analysis decides for Red.
func TestRedWinsIsAnalyze(t *testing.T) {
	eachAnalysisCase(t, func(b *board.Board, a *Analyzer, ps []board.Position) {
		var stopped, red int
		for _, p := range ps {
			for _, m := range []board.Color{board.Red, board.Blue} {
				want := a.AnalyzeRedFirst(p, m)
				got, full := a.RedWins(p, m)
				if (got.Winner == board.Red) != (want.Winner == board.Red) || full && got != want {
					t.Fatalf("%s %s to move, red %v blue %v: RedWins %+v (full %v), AnalyzeRedFirst %+v", b, m, p.Red.Cells(), p.Blue.Cells(), got, full, want)
				}
				if !full {
					stopped++
				}
				if want.Winner == board.Red {
					red++
				}
			}
		}
		t.Logf("%s: %d analyses stopped early, %d red wins", b, stopped, red)
		if stopped == 0 || red == 0 {
			t.Errorf("%s: stopped %d, red %d: some case never came up", b, stopped, red)
		}
	})
}

// TestAnalysesPinned pins the analyses under PinnedLimits, the knowledge the
// strategies ask: their digest on fixed random positions of six boards must
// equal the one recorded when fitzgerald-repaired was verified (results.md,
// issue 30). The solver's own limits (DefaultLimits) are not pinned: its
// answers are exact whatever its knowledge finds. That strategy asks
// the knowledge, so a change of any analysis makes it another strategy, whose
// recorded proofs (5×6 both starters, 5×7 Red) and resumable 5×7 Blue run no
// longer apply. A speedup must leave this test passing; a change of the
// knowledge must give the strategy a new name (or re-run its proofs) and
// then record the new digests here.
func TestAnalysesPinned(t *testing.T) {
	for _, c := range []struct {
		m, n, count, span int
		want              string
	}{
		{5, 6, 400, 18, "4219539b5f936246"},
		{5, 7, 400, 20, "3fd97085a5957bbc"},
		{5, 9, 200, 20, "9ba50e33d5073caf"},
		{5, 11, 150, 16, "e12f486b87355a97"},
		{7, 7, 150, 20, "c2f333378ffc194e"},
		{6, 5, 200, 16, "b78600c4922f40cb"},
	} {
		b := board.MustNew(c.m, c.n, board.Cylinder)
		got, decided := analysesDigest(t, b, PinnedLimits, c.count, c.span)
		if got != c.want {
			t.Errorf("%s: analyses digest %s, pinned %s: the knowledge changed (see the comment)", b, got, c.want)
		}
		if decided == 0 || decided == 2*c.count {
			t.Errorf("%s: %d of %d analyses decided: the digest pins too little", b, decided, 2*c.count)
		}
	}
}
