package strategies

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"hexproof/board"
)

// A certificate is a strategy given as data: the position before each of its
// moves and the move, for every position it can meet when it wins (a proof
// tree, as `hexproof solve --certificate` writes it). The certificate
// strategy answers from that table alone, so `verify --strategy
// certificate:FILE` checks the proof without trusting whatever made it. A
// position the table lacks is answered with no move, which the verifier
// reports as a strategy error.

// CertificateFormat names the file format.
const CertificateFormat = "hexproof-certificate/1"

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
}

// Certificate is the strategy read from a certificate.
type Certificate struct {
	b       *board.Board
	side    board.Color
	starter board.Color
	answers map[board.Position]board.Cell
}

// Starter is who moves first in the games the certificate covers.
func (c *Certificate) Starter() board.Color { return c.starter }

// Len is the number of positions the certificate answers.
func (c *Certificate) Len() int { return len(c.answers) }

func (c *Certificate) Board() *board.Board { return c.b }
func (c *Certificate) Side() board.Color   { return c.side }

// Symmetries: none but the identity (the table is not closed under any).
func (c *Certificate) Symmetries() []board.Perm { return c.b.Identity() }

// Allowed answers from the table; a position not in it gets no move.
func (c *Certificate) Allowed(p board.Position, _ board.Cell) (board.Bits, string) {
	if x, ok := c.answers[p]; ok {
		return board.Bit(x), "certificate"
	}
	return board.Bits{}, "not in certificate"
}

// NewCertificate makes the certificate strategy from answers (position →
// move) for side on b.
func NewCertificate(b *board.Board, side, starter board.Color, answers map[board.Position]board.Cell) *Certificate {
	return &Certificate{b: b, side: side, starter: starter, answers: answers}
}

// File is the certificate as data.
func (c *Certificate) File() CertificateFile {
	f := CertificateFile{
		Format: CertificateFormat, Board: fmt.Sprintf("%dx%d", c.b.M, c.b.N), Geometry: c.b.Geo.String(),
		Side: c.side.String(), Starter: c.starter.String(), Answers: make([][3]string, 0, len(c.answers)),
	}
	ps := make([]board.Position, 0, len(c.answers))
	for p := range c.answers {
		ps = append(ps, p)
	}
	// Deterministic files: by stone count, then by the stones.
	sort.Slice(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if a.Plies() != b.Plies() {
			return a.Plies() < b.Plies()
		}
		if a.Red != b.Red {
			return a.Red.Less(b.Red)
		}
		return a.Blue.Less(b.Blue)
	})
	for _, p := range ps {
		f.Answers = append(f.Answers, [3]string{bitsHex(p.Red), bitsHex(p.Blue), c.b.Format(c.answers[p], board.Thesis)})
	}
	return f
}

func bitsHex(b board.Bits) string {
	if b[1] == 0 {
		return strconv.FormatUint(b[0], 16)
	}
	return strconv.FormatUint(b[1], 16) + ":" + fmt.Sprintf("%016x", b[0])
}

func parseBitsHex(s string) (board.Bits, error) {
	var b board.Bits
	hi, lo, two := strings.Cut(s, ":")
	if !two {
		lo, hi = hi, "0"
	}
	var err1, err2 error
	b[1], err1 = strconv.ParseUint(hi, 16, 64)
	b[0], err2 = strconv.ParseUint(lo, 16, 64)
	if err1 != nil || err2 != nil {
		return b, fmt.Errorf("%q is not a hexadecimal set of cells", s)
	}
	return b, nil
}

// LoadCertificate reads a certificate file for board b.
func LoadCertificate(path string, b *board.Board) (*Certificate, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("certificate: %v", err)
	}
	return ParseCertificate(raw, b)
}

// ParseCertificate reads a certificate for board b, checking that it is for
// that board and that every answer is an empty cell of its position.
func ParseCertificate(raw []byte, b *board.Board) (*Certificate, error) {
	var f CertificateFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("certificate: not a certificate file: %v", err)
	}
	if f.Format != CertificateFormat {
		return nil, fmt.Errorf("certificate: format %q, want %q", f.Format, CertificateFormat)
	}
	if want := fmt.Sprintf("%dx%d", b.M, b.N); f.Board != want || f.Geometry != b.Geo.String() {
		return nil, fmt.Errorf("certificate: it is for the %s %s board, not %s %s", f.Board, f.Geometry, want, b.Geo)
	}
	side, err := board.ParseColor(f.Side)
	if err != nil {
		return nil, fmt.Errorf("certificate: side: %v", err)
	}
	starter, err := board.ParseColor(f.Starter)
	if err != nil {
		return nil, fmt.Errorf("certificate: starter: %v", err)
	}
	c := &Certificate{b: b, side: side, starter: starter, answers: make(map[board.Position]board.Cell, len(f.Answers))}
	for i, a := range f.Answers {
		red, err1 := parseBitsHex(a[0])
		blue, err2 := parseBitsHex(a[1])
		if err := firstErr(err1, err2); err != nil {
			return nil, fmt.Errorf("certificate: answer %d: %v", i+1, err)
		}
		p := board.Position{Red: red, Blue: blue}
		if p.Occupied().AndNot(b.All()).Any() || red.And(blue).Any() {
			return nil, fmt.Errorf("certificate: answer %d: the stones are not a position of the board", i+1)
		}
		x, err := b.ParseCell(a[2])
		if err != nil {
			return nil, fmt.Errorf("certificate: answer %d: %v", i+1, err)
		}
		if p.Occupied().Has(x) {
			return nil, fmt.Errorf("certificate: answer %d: the move %s is on an occupied cell", i+1, a[2])
		}
		if _, dup := c.answers[p]; dup {
			return nil, fmt.Errorf("certificate: answer %d: a second answer for the same position", i+1)
		}
		c.answers[p] = x
	}
	return c, nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
