package strategies

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"hexproof/board"
	"hexproof/internal/jsonwords"
)

// An overlay is a strategy given as another strategy (its base, e.g.
// fitzgerald, the hierarchy of Alg. 8.4.1) and the positions where it plays
// otherwise: a table of (position, the opponent's last move) → move. Where
// the table has no entry it plays the base's move (the first cell the base
// allows). So a `some` proof written with --prefer BASE (verify --overlay)
// is the base and its departures from it: a file of a few kilobytes where the
// certificate of the same proof (certificate.go) holds every answer, and
// exactly the list issue 30 asks for, "where a completion of the rules must
// leave the hierarchy". `verify --strategy overlay:FILE --within RULES`
// checks it with the ordinary search, which trusts nothing of the search
// that wrote it: the overlay is a strategy like any other.
//
// An overlay may be written for the games after a start (verify --moves: a
// piece of a split question); it then records that start, and it answers the
// games after the start or after any image of it under the board's symmetry
// group: told the start of the question (AtStart), it takes the first
// symmetry g (in the group's order) that maps its own start onto it, and
// plays g·S·g⁻¹, where S is the base with the table: shown p after last, it
// answers g of S's answer at g⁻¹·p after g⁻¹·last. So one overlay per class
// of symmetric openings (scripts/some-openings.sh CLASSES=1) is checked
// after every opening of its class, with nothing about the base's symmetry
// trusted: the verifier checks every game, and --within every move.

// OverlayFormat names the file format.
const OverlayFormat = "hexproof-overlay/1"

// OverlayPrefix begins the specification of an overlay: overlay:FILE.
const OverlayPrefix = "overlay:"

// OverlayFile is the JSON form of an overlay.
type OverlayFile struct {
	Format   string `json:"format"`
	Board    string `json:"board"`
	Geometry string `json:"geometry"`
	Side     string `json:"side"`
	Starter  string `json:"starter"`
	// Base is the strategy the overlay plays where its table has no entry
	// (a name with options, as --strategy takes it; not a file).
	Base string `json:"base"`
	// Start is the game before the games the overlay answers, in the
	// thesis notation with players ("B:(1,4) R:(2,4) B:(1,1)"); empty for
	// the whole game.
	Start string `json:"start"`
	// Answers are [red stones, blue stones, the opponent's last move, move]
	// (stones as in CertificateFile; the last move "-" where the side
	// opens), sorted like a certificate's.
	Answers [][4]string `json:"answers"`
}

// Overlay is the strategy read from an overlay file (or built by verify).
type Overlay struct {
	b             *board.Board
	side, starter board.Color
	base          Strategy
	baseSpec      string
	start         []board.Move
	startPos      board.Position
	startLast     board.Cell
	table         map[AfterMove]board.Cell
	g, gInv       board.Perm // the symmetry chosen by AtStart (identity before)
}

// NewOverlay makes an overlay of base (named baseSpec) for side, in the
// games starter opens, after start (nil for the whole game), with table.
func NewOverlay(b *board.Board, side, starter board.Color, base Strategy, baseSpec string, start []board.Move, table map[AfterMove]board.Cell) *Overlay {
	o := &Overlay{b: b, side: side, starter: starter, base: base, baseSpec: baseSpec, table: table, startLast: board.NoCell}
	o.start = append([]board.Move(nil), start...)
	for _, m := range start {
		o.startPos = o.startPos.Play(m.Player, m.Cell)
		o.startLast = m.Cell
	}
	id := b.Identity()[0]
	o.g, o.gInv = id, id
	return o
}

func (o *Overlay) Board() *board.Board  { return o.b }
func (o *Overlay) Side() board.Color    { return o.side }
func (o *Overlay) Starter() board.Color { return o.starter }
func (o *Overlay) Base() string         { return o.baseSpec }
func (o *Overlay) Len() int             { return len(o.table) }

// Symmetries: only the identity (the base's moves need not commute with any).
func (o *Overlay) Symmetries() []board.Perm { return o.b.Identity() }

// Each calls f for every entry of the table, in no given order.
func (o *Overlay) Each(f func(p board.Position, last, move board.Cell)) {
	for k, x := range o.table {
		f(k.P, k.Last, x)
	}
}

// AtStart is told the position p, after the opponent's last move last, from
// which the overlay is asked (the position after verify --moves; the empty
// board and NoCell without). It chooses the first symmetry of the board that
// maps the overlay's own start onto p (and its last move onto last), and
// fails when there is none: the overlay was not written for those games.
func (o *Overlay) AtStart(p board.Position, last board.Cell) error {
	for _, g := range o.b.Group() {
		if g.ApplyPos(o.startPos) == p && g.Apply(o.startLast) == last {
			o.g, o.gInv = g, g.Inverse()
			return nil
		}
	}
	what := "the whole game"
	if len(o.start) > 0 {
		what = "the games after " + o.b.FormatMoves(o.start, board.Thesis, true) + " and its images"
	}
	return fmt.Errorf("overlay: it answers %s; give --moves with one of them", what)
}

// Allowed is the table's move where it has one (rule "overlay"), else the
// base's first allowed cell, with the base's rule; both through the
// symmetry AtStart chose.
func (o *Overlay) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	q, l := o.gInv.ApplyPos(p), o.gInv.Apply(last)
	if x, ok := o.table[AfterMove{q, l}]; ok {
		return board.Bit(o.g.Apply(x)), "overlay"
	}
	a, rule := o.base.Allowed(q, l)
	if !a.Any() {
		return a, rule
	}
	return board.Bit(o.g.Apply(a.First())), rule
}

// File is the overlay as data.
func (o *Overlay) File() OverlayFile {
	f := OverlayFile{
		Format: OverlayFormat, Board: fmt.Sprintf("%dx%d", o.b.M, o.b.N), Geometry: o.b.Geo.String(),
		Side: o.side.String(), Starter: o.starter.String(), Base: o.baseSpec,
		Start: o.b.FormatMoves(o.start, board.Thesis, true), Answers: make([][4]string, 0, len(o.table)),
	}
	ks := make([]AfterMove, 0, len(o.table))
	for k := range o.table {
		ks = append(ks, k)
	}
	sortAfterMoves(ks)
	for _, k := range ks {
		last := "-"
		if k.Last != board.NoCell {
			last = o.b.Format(k.Last, board.Thesis)
		}
		f.Answers = append(f.Answers, [4]string{bitsHex(k.P.Red), bitsHex(k.P.Blue), last, o.b.Format(o.table[k], board.Thesis)})
	}
	return f
}

// LoadOverlay reads an overlay file for board b.
func LoadOverlay(path string, b *board.Board) (*Overlay, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("overlay: %w", err)
	}
	return ParseOverlay(raw, b)
}

// External says whether a strategy spec reads a file or runs a program
// (certificate:, certificate-images:, overlay:, exec:). An overlay's base
// may not be one (a path inside another file, an overlay of an overlay),
// nor may a spec that `explore` gets from a page.
func External(spec string) bool {
	for _, p := range []string{"certificate:", CertificateImagesPrefix, OverlayPrefix, ExecPrefix} {
		if strings.HasPrefix(spec, p) {
			return true
		}
	}
	return false
}

// ParseOverlay reads an overlay for board b, checking that it is for that
// board, that its base is a strategy of b for the same side, that its start
// is a game of b, and that every entry is a position of b with the side to
// move, the last move a stone of the opponent and the move an empty cell.
func ParseOverlay(raw []byte, b *board.Board) (*Overlay, error) {
	var f OverlayFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("overlay: %s", jsonwords.Describe(err, "an overlay file"))
	}
	if f.Format != OverlayFormat {
		return nil, fmt.Errorf("overlay: format %q, want %q", f.Format, OverlayFormat)
	}
	if want := fmt.Sprintf("%dx%d", b.M, b.N); f.Board != want || f.Geometry != b.Geo.String() {
		return nil, fmt.Errorf("overlay: it is for the %s %s board, not %s %s", f.Board, f.Geometry, want, b.Geo)
	}
	side, err := board.ParseColor(f.Side)
	if err != nil {
		return nil, fmt.Errorf("overlay: side: %w", err)
	}
	starter, err := board.ParseColor(f.Starter)
	if err != nil {
		return nil, fmt.Errorf("overlay: starter: %w", err)
	}
	if f.Base == "" || External(f.Base) {
		return nil, fmt.Errorf("overlay: base %q: give a strategy by name (not a file or a program)", f.Base)
	}
	base, err := New(f.Base, b)
	if err != nil {
		return nil, fmt.Errorf("overlay: base: %w", err)
	}
	if base.Side() != side {
		return nil, fmt.Errorf("overlay: base %s plays %s, the overlay %s", f.Base, base.Side(), side)
	}
	var start []board.Move
	if strings.TrimSpace(f.Start) != "" {
		toks, err := b.ParseMoves(f.Start)
		if err != nil {
			return nil, fmt.Errorf("overlay: start: %w", err)
		}
		_, moves, winner, err := b.Play(starter, toks)
		if err != nil {
			return nil, fmt.Errorf("overlay: start: %w", err)
		}
		if winner != board.Empty {
			return nil, fmt.Errorf("overlay: start: the game is over (%s has won)", winner)
		}
		start = moves
	}
	table := make(map[AfterMove]board.Cell, len(f.Answers))
	for i, a := range f.Answers {
		p, x, err := parseAnswer(b, a[0], a[1], a[3])
		if err != nil {
			return nil, fmt.Errorf("overlay: answer %d: %w", i+1, err)
		}
		if p.ToMove(starter) != side {
			return nil, fmt.Errorf("overlay: answer %d: %s is to move there, not %s (the overlay's side)", i+1, p.ToMove(starter), side)
		}
		last := board.NoCell
		if a[2] != "-" {
			if last, err = b.ParseCell(a[2]); err != nil {
				return nil, fmt.Errorf("overlay: answer %d: %w", i+1, err)
			}
			if !p.Stones(side.Other()).Has(last) {
				return nil, fmt.Errorf("overlay: answer %d: the last move %s is not a stone of %s", i+1, a[2], side.Other())
			}
		} else if p.Stones(side.Other()).Any() {
			return nil, fmt.Errorf("overlay: answer %d: no last move (\"-\"), but %s has stones", i+1, side.Other())
		}
		k := AfterMove{p, last}
		if _, dup := table[k]; dup {
			return nil, fmt.Errorf("overlay: answer %d: a second answer for the same position and last move", i+1)
		}
		table[k] = x
	}
	return NewOverlay(b, side, starter, base, f.Base, start, table), nil
}

// StartAware is a strategy that must be told the position its games start
// from (verify --moves), as Overlay.AtStart.
type StartAware interface {
	AtStart(p board.Position, last board.Cell) error
}
