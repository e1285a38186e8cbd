package strategies

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"hexproof/board"
	"hexproof/internal/jsonwords"
)

// A certificate is a strategy given as data: the position before each of its
// moves and the move, for every position it can meet when it wins (a proof
// tree, as `hexproof solve --certificate` writes it). The certificate
// strategy answers from that table alone, so `verify --strategy
// certificate:FILE` checks the proof without trusting whatever made it. A
// position the table lacks is answered with no move, which the verifier
// reports as a strategy error.
//
// Most answers are for a position alone. A proof that needs two answers in
// one position, depending on the opponent's last move (as a strategy may,
// and as `verify --choices some` may prove with), gives that position's
// answers for each last move instead (AnswersAfter). A position has answers
// of one kind only, so a last move the table lacks gets no move either: never
// the answer of another last move.

// CertificateFormat names the file format.
const CertificateFormat = "hexproof-certificate/1"

// CompactCertificateFormat names the compact format: its table is keyed by
// the least image of each position under the board's symmetry group
// (board.Canonical), and it leaves out every position where the side has a
// winning cell. Its strategy, shown a position p:
//   - where the side has winning cells, allows all of them (rule "win");
//   - else looks up c, the least image of p, and allows g⁻¹(a) for every
//     group element g with g(p) = c, where a is c's answer (rule
//     "certificate"); a position whose image the table lacks gets no move.
//
// Both sets commute with every symmetry of the board (design.md §3), so the
// verifier may merge symmetric positions: winning cells map to winning cells;
// and for a symmetry t, t(p) has the same least image c, and the elements
// mapping t(p) to c are exactly g∘t⁻¹ for those mapping p to c, so the set
// at t(p) is t of the set at p. (Allowing every g⁻¹(a) rather than one is what
// makes this exact when p has symmetries of its own.) Every allowed move wins
// when the table is a proof: a winning cell ends the game, and g⁻¹(a) leads to
// an image of c after a, which the proof covers; the verifier checks that
// anyway, knowing nothing of how the table was made. A compact certificate
// has no answers after a given last move (AnswersAfter): the key would have
// to map the last move too, and no writer of compact files needs it.
const CompactCertificateFormat = "hexproof-certificate/2"

// CertificateFile is the JSON form of a certificate.
type CertificateFile struct {
	Format   string `json:"format"`
	Board    string `json:"board"`    // "5x5"
	Geometry string `json:"geometry"` // cylinder, flat or torus
	Side     string `json:"side"`     // the player the certificate plays
	Starter  string `json:"starter"`  // who moves first in the games it covers
	// Answers are [red stones, blue stones, move]: the stones as hexadecimal
	// bit sets over the cell indices (ring-1)*m + (column-1), the move in the
	// thesis notation "(column,ring)".
	Answers [][3]string `json:"answers"`
	// AnswersAfter are [red stones, blue stones, the opponent's last move,
	// move], for positions whose answer depends on the last move; none of
	// them is also in Answers.
	AnswersAfter [][4]string `json:"answers_after,omitempty"`
}

// Certificate is the strategy read from a certificate.
type Certificate struct {
	b       *board.Board
	side    board.Color
	starter board.Color
	answers map[board.Position]board.Cell
	after   map[AfterMove]board.Cell
	// compact: the CompactCertificateFormat's strategy (canon, group and
	// inverse set only then).
	compact bool
	canon   *board.Canonicalizer
	group   []board.Perm
	inverse []board.Perm
}

// Compact says whether the certificate is in the compact format.
func (c *Certificate) Compact() bool { return c.compact }

// AfterMove is a position and the opponent's last move in it.
type AfterMove struct {
	P    board.Position
	Last board.Cell
}

// Starter is who moves first in the games the certificate covers.
func (c *Certificate) Starter() board.Color { return c.starter }

// Len is the number of answers: positions, and positions after a given last
// move.
func (c *Certificate) Len() int { return len(c.answers) + len(c.after) }

// LenAfter is the number of answers given for a position after a given last
// move.
func (c *Certificate) LenAfter() int { return len(c.after) }

// Each calls f for every answer: the position, the opponent's last move
// (board.NoCell for an answer that holds after any last move) and the move.
// The order is not specified.
func (c *Certificate) Each(f func(p board.Position, last, move board.Cell)) {
	for p, x := range c.answers {
		f(p, board.NoCell, x)
	}
	for a, x := range c.after {
		f(a.P, a.Last, x)
	}
}

func (c *Certificate) Board() *board.Board { return c.b }
func (c *Certificate) Side() board.Color   { return c.side }

// Symmetries: none but the identity for the plain format (its table is not
// closed under any); the board's whole group for the compact one (see
// CompactCertificateFormat for why it commutes with it).
func (c *Certificate) Symmetries() []board.Perm {
	if c.compact {
		return c.group
	}
	return c.b.Identity()
}

// Allowed answers from the table; a position (after that last move) not in
// it gets no move.
func (c *Certificate) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	if !c.compact {
		if x, ok := c.answers[p]; ok {
			return board.Bit(x), "certificate"
		}
		if x, ok := c.after[AfterMove{p, last}]; ok {
			return board.Bit(x), "certificate"
		}
		return board.Bits{}, "not in certificate"
	}
	if w := c.b.WinningCells(p, c.side); w.Any() {
		return w, "win"
	}
	least, _ := c.canon.Canonical(p)
	x, ok := c.answers[least]
	if !ok {
		return board.Bits{}, "not in certificate"
	}
	var out board.Bits
	for k, g := range c.group {
		if g.ApplyPos(p) == least {
			out = out.With(c.inverse[k].Apply(x))
		}
	}
	return out, "certificate"
}

// NewCertificate makes the certificate strategy from answers (position →
// move) for side on b.
func NewCertificate(b *board.Board, side, starter board.Color, answers map[board.Position]board.Cell) *Certificate {
	return &Certificate{b: b, side: side, starter: starter, answers: answers}
}

// NewCertificateAfter is NewCertificate with answers that depend on the
// opponent's last move too (after); no position may be in both maps.
func NewCertificateAfter(b *board.Board, side, starter board.Color, answers map[board.Position]board.Cell, after map[AfterMove]board.Cell) *Certificate {
	return &Certificate{b: b, side: side, starter: starter, answers: answers, after: after}
}

// NewCompactCertificate makes the compact certificate strategy
// (CompactCertificateFormat) from answers keyed by least images.
func NewCompactCertificate(b *board.Board, side, starter board.Color, answers map[board.Position]board.Cell) *Certificate {
	c := &Certificate{b: b, side: side, starter: starter, answers: answers, compact: true, group: b.Group()}
	c.canon = board.NewCanonicalizer(b, c.group)
	for _, g := range c.group {
		c.inverse = append(c.inverse, g.Inverse())
	}
	return c
}

// Least is p's key in a compact certificate: its least image under the
// board's group.
func (c *Certificate) Least(p board.Position) board.Position {
	least, _ := c.canon.Canonical(p)
	return least
}

// LeastBy is Least and a symmetry of the board's group that maps p to it.
func (c *Certificate) LeastBy(p board.Position) (board.Position, board.Perm) {
	least, k := board.Canonical(p, c.group)
	return least, c.group[k]
}

// File is the certificate as data.
func (c *Certificate) File() CertificateFile {
	format := CertificateFormat
	if c.compact {
		format = CompactCertificateFormat
	}
	f := CertificateFile{
		Format: format, Board: fmt.Sprintf("%dx%d", c.b.M, c.b.N), Geometry: c.b.Geo.String(),
		Side: c.side.String(), Starter: c.starter.String(), Answers: make([][3]string, 0, len(c.answers)),
	}
	ps := make([]board.Position, 0, len(c.answers))
	for p := range c.answers {
		ps = append(ps, p)
	}
	// Deterministic files: by stone count, then by the stones (then by the
	// last move).
	sort.Slice(ps, func(i, j int) bool { return positionLess(ps[i], ps[j]) })
	for _, p := range ps {
		f.Answers = append(f.Answers, [3]string{bitsHex(p.Red), bitsHex(p.Blue), c.b.Format(c.answers[p], board.Thesis)})
	}
	as := make([]AfterMove, 0, len(c.after))
	for a := range c.after {
		as = append(as, a)
	}
	sortAfterMoves(as)
	for _, a := range as {
		f.AnswersAfter = append(f.AnswersAfter, [4]string{bitsHex(a.P.Red), bitsHex(a.P.Blue),
			c.b.Format(a.Last, board.Thesis), c.b.Format(c.after[a], board.Thesis)})
	}
	return f
}

// sortAfterMoves puts keys in a file's order: by position (positionLess),
// then by the last move.
func sortAfterMoves(as []AfterMove) {
	sort.Slice(as, func(i, j int) bool {
		if as[i].P != as[j].P {
			return positionLess(as[i].P, as[j].P)
		}
		return as[i].Last < as[j].Last
	})
}

func positionLess(a, b board.Position) bool {
	if a.Plies() != b.Plies() {
		return a.Plies() < b.Plies()
	}
	if a.Red != b.Red {
		return a.Red.Less(b.Red)
	}
	return a.Blue.Less(b.Blue)
}

func bitsHex(b board.Bits) string {
	if b.Hi == 0 {
		return strconv.FormatUint(b.Lo, 16)
	}
	return strconv.FormatUint(b.Hi, 16) + ":" + fmt.Sprintf("%016x", b.Lo)
}

func parseBitsHex(s string) (board.Bits, error) {
	var b board.Bits
	hi, lo, two := strings.Cut(s, ":")
	if !two {
		lo, hi = hi, "0"
	}
	var err1, err2 error
	b.Hi, err1 = strconv.ParseUint(hi, 16, 64)
	b.Lo, err2 = strconv.ParseUint(lo, 16, 64)
	if err1 != nil || err2 != nil {
		return b, fmt.Errorf("%q is not a hexadecimal set of cells", s)
	}
	return b, nil
}

// LoadCertificate reads a certificate file for board b.
func LoadCertificate(path string, b *board.Board) (*Certificate, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("certificate: %w", err)
	}
	return ParseCertificate(raw, b)
}

// ParseCertificate reads a certificate for board b, checking that it is for
// that board and that every answer is an empty cell of its position.
func ParseCertificate(raw []byte, b *board.Board) (*Certificate, error) {
	var f CertificateFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("certificate: %s", jsonwords.Describe(err, "a certificate file"))
	}
	if f.Format != CertificateFormat && f.Format != CompactCertificateFormat {
		return nil, fmt.Errorf("certificate: format %q, want %q or %q", f.Format, CertificateFormat, CompactCertificateFormat)
	}
	if f.Format == CompactCertificateFormat && len(f.AnswersAfter) > 0 {
		return nil, fmt.Errorf("certificate: format %q has no answers after a last move", f.Format)
	}
	if want := fmt.Sprintf("%dx%d", b.M, b.N); f.Board != want || f.Geometry != b.Geo.String() {
		return nil, fmt.Errorf("certificate: it is for the %s %s board, not %s %s", f.Board, f.Geometry, want, b.Geo)
	}
	side, err := board.ParseColor(f.Side)
	if err != nil {
		return nil, fmt.Errorf("certificate: side: %w", err)
	}
	starter, err := board.ParseColor(f.Starter)
	if err != nil {
		return nil, fmt.Errorf("certificate: starter: %w", err)
	}
	answers := make(map[board.Position]board.Cell, len(f.Answers))
	c := NewCertificate(b, side, starter, answers)
	if f.Format == CompactCertificateFormat {
		c = NewCompactCertificate(b, side, starter, answers)
	}
	for i, a := range f.Answers {
		p, x, err := parseAnswer(b, a[0], a[1], a[2])
		if err != nil {
			return nil, fmt.Errorf("certificate: answer %d: %w", i+1, err)
		}
		if p.ToMove(starter) != side {
			// Its side never moves there: a damaged or mislabelled file.
			return nil, fmt.Errorf("certificate: answer %d: %s is to move there, not %s (the certificate's side)", i+1, p.ToMove(starter), side)
		}
		if c.compact && c.Least(p) != p {
			// Never looked up: a table that has it was not made by the rule.
			return nil, fmt.Errorf("certificate: answer %d: the position is not the least of its images", i+1)
		}
		if _, dup := c.answers[p]; dup {
			return nil, fmt.Errorf("certificate: answer %d: a second answer for the same position", i+1)
		}
		c.answers[p] = x
	}
	// A strategy that wins makes a move, and the plain format answers every
	// one: none means a damaged file. (The compact format may hold none: its
	// rule plays the winning cells, which can be every move on a small
	// board.)
	if !c.compact && len(f.Answers) == 0 && len(f.AnswersAfter) == 0 {
		return nil, fmt.Errorf("certificate: it holds no answers")
	}
	if len(f.AnswersAfter) > 0 {
		c.after = make(map[AfterMove]board.Cell, len(f.AnswersAfter))
	}
	for i, a := range f.AnswersAfter {
		p, x, err := parseAnswer(b, a[0], a[1], a[3])
		if err != nil {
			return nil, fmt.Errorf("certificate: answer after a last move %d: %w", i+1, err)
		}
		last, err := b.ParseCell(a[2])
		if err != nil {
			return nil, fmt.Errorf("certificate: answer after a last move %d: %w", i+1, err)
		}
		if !p.Stones(side.Other()).Has(last) {
			return nil, fmt.Errorf("certificate: answer after a last move %d: the last move %s is not a stone of %s", i+1, a[2], side.Other())
		}
		if _, both := c.answers[p]; both {
			return nil, fmt.Errorf("certificate: answer after a last move %d: the position also has an answer for every last move", i+1)
		}
		k := AfterMove{p, last}
		if _, dup := c.after[k]; dup {
			return nil, fmt.Errorf("certificate: answer after a last move %d: a second answer for the same position and last move", i+1)
		}
		c.after[k] = x
	}
	return c, nil
}

// parseAnswer reads the position and the move of one answer, checking that
// the position is one of b and the move an empty cell of it.
func parseAnswer(b *board.Board, redHex, blueHex, move string) (board.Position, board.Cell, error) {
	red, err1 := parseBitsHex(redHex)
	blue, err2 := parseBitsHex(blueHex)
	if err := firstErr(err1, err2); err != nil {
		return board.Position{}, 0, err
	}
	p := board.Position{Red: red, Blue: blue}
	if p.Occupied().AndNot(b.All()).Any() || red.And(blue).Any() {
		return p, 0, fmt.Errorf("the stones are not a position of the board")
	}
	x, err := b.ParseCell(move)
	if err != nil {
		return p, 0, err
	}
	if p.Occupied().Has(x) {
		return p, 0, fmt.Errorf("the move %s is on an occupied cell", move)
	}
	return p, x, nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
