package verify

import (
	"testing"

	"hexproof/board"
	"hexproof/strategies"
)

// TestImageCertificate: the certificate of a `some` piece, read up to
// symmetry (strategies.ImageCertificate, certificate-images:FILE), is
// proven optimal under `every`, within the rules, from every image of the
// piece's start position, and only there. fitzgerald-rules on 5×4 with Blue
// starting, the piece after B:(1,1) written with fitzgerald preferred: its
// images are Blue's openings on rings 1 and 4 (the rotations, and the
// half-turn that swaps the rings). From each of them the image certificate
// is optimal, while the certificate itself answers only after (1,1) (a
// strategy error elsewhere, at its first answer); after (1,2), not an
// image, the image certificate has no answer either.
func TestImageCertificate(t *testing.T) {
	b := board.MustNew(5, 4, board.Cylinder)
	rules, hier := fitzgeraldPair(t, b)
	start := func(i, j int) []board.Game {
		return []board.Game{{Board: b, Starter: board.Blue, Moves: []board.Move{{Player: board.Blue, Cell: b.Cell(i, j)}}}}
	}
	piece := run(t, Options{Strategy: rules, Name: "fitzgerald-rules", Starter: board.Blue, Choices: Some,
		Starts: start(1, 1), Certificate: true, Prefer: hier})
	if piece.Verdict != Optimal || piece.Certificate == nil {
		t.Fatalf("the piece after B:(1,1): %s (%v)", piece.Verdict, piece.CertificateErr)
	}
	// check is the verdict under every from B:(i,j), continued by each of
	// the strategy's answers (verify.StartGames, as `verify --moves`); a
	// strategy error there counts as one.
	check := func(s strategies.Strategy, i, j int) Verdict {
		w, err := strategies.NewWithin(s, rules, "fitzgerald-rules")
		if err != nil {
			t.Fatal(err)
		}
		opt := Options{Strategy: w, Name: "certificate", Starter: board.Blue, Choices: Every}
		if opt.Starts, err = StartGames(opt, []board.Cell{b.Cell(i, j)}); err != nil {
			return StrategyError
		}
		return run(t, opt).Verdict
	}
	images := strategies.NewImageCertificate(piece.Certificate)
	for _, j := range []int{1, 4} {
		for i := 1; i <= 5; i++ {
			if v := check(images, i, j); v != Optimal {
				t.Errorf("after B:(%d,%d), an image of (1,1): the image certificate is %s", i, j, v)
			}
			if v := check(piece.Certificate, i, j); (v == Optimal) != (i == 1 && j == 1) {
				t.Errorf("after B:(%d,%d): the certificate itself is %s", i, j, v)
			}
		}
	}
	if v := check(images, 1, 2); v != StrategyError {
		t.Errorf("after B:(1,2), not an image of (1,1): the image certificate is %s, want a strategy error", v)
	}
}
