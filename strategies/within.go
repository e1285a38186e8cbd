package strategies

import (
	"fmt"
	"strings"

	"hexproof/board"
)

// Within plays S, but only where Rules allows it: every move of S must be
// one of the moves Rules allows in the same position after the same last
// move, and where it is not, Within answers nothing (a strategy error, which
// the verifier reports with the position). So `verify --strategy
// certificate:FILE --within fitzgerald-rules` under `every` proves both that
// the certificate wins every game and that it is a completion of the rules
// (each of its moves a tie-break among what the rules allow), without
// trusting the search that wrote it (docs/decisions.md V33).
type Within struct {
	S, Rules Strategy
	Name     string // Rules's name, for the error
}

// NewWithin checks that s and rules play the same side on the same board.
func NewWithin(s, rules Strategy, name string) (*Within, error) {
	if a, b := s.Board(), rules.Board(); a.M != b.M || a.N != b.N || a.Geo != b.Geo {
		return nil, fmt.Errorf("--within %s: it is for another board", name)
	}
	if s.Side() != rules.Side() {
		return nil, fmt.Errorf("--within %s: it plays %s, the strategy %s", name, rules.Side(), s.Side())
	}
	return &Within{S: s, Rules: rules, Name: name}, nil
}

func (w *Within) Board() *board.Board { return w.S.Board() }
func (w *Within) Side() board.Color   { return w.S.Side() }

// Symmetries: only the identity. Symmetric positions are then searched
// apart, which is slower but needs no claim that the two strategies share
// a symmetry.
func (w *Within) Symmetries() []board.Perm { return w.S.Board().Identity() }

// Allowed is S's answer when Rules allows all of it, labelled with Rules's
// rule; otherwise nothing, labelled with what went wrong.
func (w *Within) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	a, rule, left := w.answer(p, last)
	if left != "" {
		return board.Bits{}, "outside " + left
	}
	return a, rule
}

// Explain words the strategy error Within gives where S leaves Rules (a
// report would otherwise word the empty answer as "allowed no move");
// elsewhere S's own explanation, if it has one.
func (w *Within) Explain(p board.Position, last board.Cell) string {
	_, _, left := w.answer(p, last)
	if left != "" {
		return "the strategy leaves " + left
	}
	if x, ok := w.S.(Explainer); ok {
		return x.Explain(p, last)
	}
	return ""
}

// answer is S's answer with Rules's label when Rules allows all of it, S's
// own when it answers nothing; left says, when S plays outside Rules, which
// cells and what Rules allows there ("" when it does not).
func (w *Within) answer(p board.Position, last board.Cell) (a board.Bits, rule, left string) {
	a, rule = w.S.Allowed(p, last)
	if !a.Any() {
		return a, rule, ""
	}
	r, rrule := w.Rules.Allowed(p, last)
	if out := a.AndNot(r); out.Any() {
		b := w.S.Board()
		return a, rrule, fmt.Sprintf("%s: it plays %s where %s allows %s (rule %s)",
			w.Name, cellsText(b, out), w.Name, cellsText(b, r), rrule)
	}
	return a, rrule, ""
}

func cellsText(b *board.Board, s board.Bits) string {
	if !s.Any() {
		return "nothing"
	}
	var parts []string
	for _, c := range s.Cells() {
		parts = append(parts, b.Format(c, board.Thesis))
	}
	return strings.Join(parts, " ")
}
