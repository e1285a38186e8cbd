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
func analysesDigest(t *testing.T, b *board.Board, count, span int) (string, int) {
	t.Helper()
	a, err := New(b, DefaultLimits)
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
	for n := 0; n < count; {
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
		n++
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

// TestAnalysesPinned pins the analyses: their digest on fixed random
// positions of six boards must equal the one recorded when
// fitzgerald-repaired was verified (results.md, issue 30). That strategy asks
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
		got, decided := analysesDigest(t, b, c.count, c.span)
		if got != c.want {
			t.Errorf("%s: analyses digest %s, pinned %s: the knowledge changed (see the comment)", b, got, c.want)
		}
		if decided == 0 || decided == 2*c.count {
			t.Errorf("%s: %d of %d analyses decided: the digest pins too little", b, decided, 2*c.count)
		}
	}
}
