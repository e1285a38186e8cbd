package strategies

import "hexproof/board"

// CertificateImagesPrefix begins the specification of a certificate read
// up to symmetry: certificate-images:FILE (docs/design.md §7).
const CertificateImagesPrefix = "certificate-images:"

// ImageCertificate is a certificate that also answers at the images of its
// positions under the board's symmetries: shown a position the table lacks,
// it looks for the first symmetry g of the board's group (in the group's
// order) that maps the position, and the last move, onto an entry, and
// answers g⁻¹ of that entry's move. So the certificate of a `some` piece,
// written for the games after one start position, answers the games after
// each image of that position, and `verify --strategy
// certificate-images:FILE --moves IMAGE` checks it there: the piece of every
// move of a class (scripts/some-openings.sh CLASSES=1) has a certificate
// that the ordinary search checks. Nothing here has to be trusted: the
// verifier checks every game it plays, and --within that every move is one
// the rules allow where it is played; a symmetry the strategy does not
// commute with only makes the check fail. Its own symmetries are the
// identity (it claims none).
type ImageCertificate struct {
	c       *Certificate
	group   []board.Perm
	inverse []board.Perm
}

// NewImageCertificate reads c up to the symmetries of its board.
func NewImageCertificate(c *Certificate) *ImageCertificate {
	ic := &ImageCertificate{c: c, group: c.b.Group()}
	for _, g := range ic.group {
		ic.inverse = append(ic.inverse, g.Inverse())
	}
	return ic
}

func (ic *ImageCertificate) Board() *board.Board       { return ic.c.b }
func (ic *ImageCertificate) Side() board.Color         { return ic.c.side }
func (ic *ImageCertificate) Starter() board.Color      { return ic.c.starter }
func (ic *ImageCertificate) Symmetries() []board.Perm  { return ic.c.b.Identity() }
func (ic *ImageCertificate) Certificate() *Certificate { return ic.c }

// Allowed is the certificate's own answer where it has one, else the first
// image's, mapped back (rule "certificate image"); else no move.
func (ic *ImageCertificate) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	if a, rule := ic.c.Allowed(p, last); a.Any() || ic.c.compact {
		return a, rule // a compact certificate answers at every image already
	}
	for k, g := range ic.group {
		if k == 0 {
			continue // the identity: asked above
		}
		q, l := g.ApplyPos(p), g.Apply(last)
		if x, ok := ic.c.answers[q]; ok {
			return board.Bit(ic.inverse[k].Apply(x)), "certificate image"
		}
		if x, ok := ic.c.after[AfterMove{q, l}]; ok {
			return board.Bit(ic.inverse[k].Apply(x)), "certificate image"
		}
	}
	return board.Bits{}, "not in certificate"
}
