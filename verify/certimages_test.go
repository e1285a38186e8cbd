package verify

import (
	"encoding/json"
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

// TestOverlayImages: the overlay of a `some` piece (Result.Overlay: the
// preferred strategy and where the proof plays otherwise), written to a file
// and read back (base fitzgerald by name), is proven optimal under `every`,
// within the rules, from every image of the piece's start (told the start,
// strategies.Overlay.AtStart), and refuses every other start. fitzgerald-rules
// on 5×4 with Blue starting, one piece per class of openings ((1,1): rings 1
// and 4; (1,2): rings 2 and 3), fitzgerald preferred; and the whole board
// with Red starting.
func TestOverlayImages(t *testing.T) {
	b := board.MustNew(5, 4, board.Cylinder)
	rules, hier := fitzgeraldPair(t, b)
	reread := func(o *strategies.Overlay) *strategies.Overlay {
		raw, err := json.Marshal(o.File())
		if err != nil {
			t.Fatal(err)
		}
		back, err := strategies.ParseOverlay(raw, b)
		if err != nil {
			t.Fatal(err)
		}
		return back
	}
	check := func(o *strategies.Overlay, starter board.Color, moves []board.Cell) Verdict {
		w, err := strategies.NewWithin(o, rules, "fitzgerald-rules")
		if err != nil {
			t.Fatal(err)
		}
		opt := Options{Strategy: w, Name: "overlay", Starter: starter, Choices: Every}
		if moves != nil {
			if opt.Starts, err = StartGames(opt, moves); err != nil {
				t.Fatal(err)
			}
		}
		return run(t, opt).Verdict
	}
	covered, entries := 0, 0
	for _, rep := range []board.Cell{b.Cell(1, 1), b.Cell(1, 2)} {
		start := []board.Game{{Board: b, Starter: board.Blue, Moves: []board.Move{{Player: board.Blue, Cell: rep}}}}
		piece := run(t, Options{Strategy: rules, Name: "fitzgerald-rules", Starter: board.Blue, Choices: Some,
			Starts: start, Certificate: true, Prefer: hier, PreferName: "fitzgerald"})
		if piece.Verdict != Optimal || piece.Overlay == nil {
			t.Fatalf("the piece after B:%s: %s (%v)", b.Format(rep, board.Thesis), piece.Verdict, piece.CertificateErr)
		}
		o := reread(piece.Overlay)
		entries += o.Len()
		for x := board.Cell(0); int(x) < b.Cells(); x++ {
			err := o.AtStart(board.Position{}.Play(board.Blue, x), x)
			image := false
			for _, g := range b.Group() {
				image = image || g.Apply(rep) == x
			}
			if (err == nil) != image {
				t.Errorf("overlay of B:%s told the start B:%s: %v", b.Format(rep, board.Thesis), b.Format(x, board.Thesis), err)
				continue
			}
			if image {
				covered++
				if v := check(o, board.Blue, []board.Cell{x}); v != Optimal {
					t.Errorf("overlay of B:%s after B:%s: %s", b.Format(rep, board.Thesis), b.Format(x, board.Thesis), v)
				}
			}
		}
	}
	if covered != b.Cells() {
		t.Errorf("%d of %d openings covered by the two classes", covered, b.Cells())
	}
	whole := run(t, Options{Strategy: rules, Name: "fitzgerald-rules", Starter: board.Red, Choices: Some,
		Certificate: true, Prefer: hier, PreferName: "fitzgerald"})
	if whole.Verdict != Optimal || whole.Overlay == nil {
		t.Fatalf("5x4 with Red starting: %s", whole.Verdict)
	}
	o := reread(whole.Overlay)
	if err := o.AtStart(board.Position{}, board.NoCell); err != nil {
		t.Fatal(err)
	}
	if v := check(o, board.Red, nil); v != Optimal {
		t.Errorf("the whole board with Red starting: %s", v)
	}
	t.Logf("%d openings checked; %d overlay entries in the two pieces, %d in the whole board", covered, entries, o.Len())

	// 5×6 with Blue starting, from the position before the blunder of
	// fitzgerald's 15-ply loss (move 10, docs/results.md): fitzgerald
	// loses from there, the overlay leaves it where it must (entries), and
	// is optimal from every image of the start.
	b6 := board.MustNew(5, 6, board.Cylinder)
	rules6, hier6 := fitzgeraldPair(t, b6)
	toks, err := b6.ParseMoves("(1,1) (2,2) (4,1) (1,4) (1,3) (3,3) (5,2) (5,6)")
	if err != nil {
		t.Fatal(err)
	}
	var cells []board.Cell
	for _, tk := range toks {
		cells = append(cells, tk.Cell)
	}
	startOf := func(s strategies.Strategy, cs []board.Cell) Options {
		opt := Options{Strategy: s, Name: "s", Starter: board.Blue, Choices: Every}
		if opt.Starts, err = StartGames(opt, cs); err != nil {
			t.Fatal(err)
		}
		return opt
	}
	if v := run(t, startOf(hier6, cells)).Verdict; v != Refuted {
		t.Fatalf("fitzgerald from the position before the blunder: %s, want refuted", v)
	}
	opt := startOf(rules6, cells)
	opt.Choices, opt.Certificate, opt.Prefer, opt.PreferName = Some, true, hier6, "fitzgerald"
	piece := run(t, opt)
	if piece.Verdict != Optimal || piece.Overlay == nil || piece.Overlay.Len() == 0 {
		t.Fatalf("5x6 piece: %s, overlay %v (%v)", piece.Verdict, piece.Overlay, piece.CertificateErr)
	}
	raw, err := json.Marshal(piece.Overlay.File())
	if err != nil {
		t.Fatal(err)
	}
	for k, g := range b6.Group() {
		o6, err := strategies.ParseOverlay(raw, b6)
		if err != nil {
			t.Fatal(err)
		}
		var img []board.Cell
		var p board.Position
		for i, c := range cells {
			img = append(img, g.Apply(c))
			p = p.Play([]board.Color{board.Blue, board.Red}[i%2], g.Apply(c))
		}
		if err := o6.AtStart(p, img[len(img)-1]); err != nil {
			t.Fatalf("image %d: %v", k, err)
		}
		w, err := strategies.NewWithin(o6, rules6, "fitzgerald-rules")
		if err != nil {
			t.Fatal(err)
		}
		if v := run(t, startOf(w, img)).Verdict; v != Optimal {
			t.Errorf("5x6: the overlay (%d entries) from image %d of the start: %s", o6.Len(), k, v)
		}
	}
}
