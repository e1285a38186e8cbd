// Package strategies holds the strategies hexproof verifies, one file each, and
// a registry by name. A strategy answers a position and the opponent's last move
// with the set of moves its rules allow and the label of the rule that produced
// them (docs/design.md §4). Each declares the symmetry subgroup it commutes with (docs/design.md §3),
// which is the only reduction the verifier may use for it.
package strategies

import (
	"fmt"
	"sort"
	"strings"

	"hexproof/board"
)

// Strategy is a strategy bound to one board. Implementations are immutable after
// construction and safe for concurrent use: the verifier calls Allowed from many
// goroutines, billions of times, so Allowed must not allocate.
type Strategy interface {
	// Board is the board the strategy was built for.
	Board() *board.Board
	// Side is the player the strategy plays.
	Side() board.Color
	// Allowed returns the moves the rules allow for Side() in position p, where
	// last is the opponent's last move (board.NoCell when the strategy opens), and
	// the label of the rule that produced them, e.g. "6(c)". A deterministic
	// strategy returns one cell. An empty set, or one with an occupied cell, is a
	// strategy error that the verifier reports.
	Allowed(p board.Position, last board.Cell) (board.Bits, string)
	// Symmetries is the subgroup of Board().Group() the strategy commutes with,
	// identity first: for every g in it, Allowed(g·p, g·last) = g·Allowed(p, last)
	// (as sets; the rule label may be the same or not — it is not compared).
	Symmetries() []board.Perm
}

// Replier is an optional interface for strategies that answer all of the
// opponent's moves from one position faster together than one at a time (for
// example by analysing the position once and then only what each opponent
// stone changes). The engine's game step uses it when present.
//
// Replies must call yield(b, allowed, rule) for every cell b of moves, in
// increasing cell order, with exactly what Allowed(p.Play(opp, b), b) would
// return (opp = Side().Other()), and stop as soon as yield returns false. moves
// holds only empty cells. After a panic in Replies the caller asks Allowed one
// decision at a time for the cells not yet answered, so the outcome is the same
// as without Replier. Like Allowed, Replies must be safe for concurrent use and should not
// allocate.
type Replier interface {
	Replies(p board.Position, moves board.Bits, yield func(b board.Cell, allowed board.Bits, rule string) bool)
}

// Info describes a registered strategy.
type Info struct {
	Name        string
	Side        board.Color
	Seed        string // where it is defined, e.g. "thesis Alg. 4.2.1"
	Description string // one line
	// Applies returns nil if the strategy is defined on the board, else an error
	// that says why (shown to the user, exit code 2).
	Applies func(m, n int, g board.Geometry) error
	// Build makes the strategy for a board on which Applies returned nil.
	Build func(b *board.Board) (Strategy, error)
	// Pairs, for a pairing strategy (answer the opponent's cell with its mate
	// when that is empty, else any cell of the paired zone, else any empty
	// cell; see pairing), lists its pairs on an m×n board where Applies
	// returned nil. nil for strategies that are not pairing strategies.
	Pairs func(m, n int, g board.Geometry) []Pair
}

var registry = map[string]Info{}

// Register adds a strategy; it is called from init functions.
func Register(info Info) {
	if _, dup := registry[info.Name]; dup {
		panic("strategies: duplicate name " + info.Name)
	}
	registry[info.Name] = info
}

// All lists the registered strategies by name.
func All() []Info {
	out := make([]Info, 0, len(registry))
	for _, i := range registry {
		out = append(out, i)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Name < out[b].Name })
	return out
}

// Lookup finds a strategy by name.
func Lookup(name string) (Info, error) {
	if i, ok := registry[name]; ok {
		return i, nil
	}
	names := make([]string, 0, len(registry))
	for _, i := range All() {
		names = append(names, i.Name)
	}
	return Info{}, fmt.Errorf("unknown strategy %q (known: %s)", name, strings.Join(names, ", "))
}

// New looks up a strategy and builds it for the board, with a clear error when it
// does not apply there.
func New(name string, b *board.Board) (Strategy, error) {
	// certificate:FILE — a strategy read from a proof tree (certificate.go).
	if path, ok := strings.CutPrefix(name, "certificate:"); ok {
		return LoadCertificate(path, b)
	}
	info, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	if err := info.Applies(b.M, b.N, b.Geo); err != nil {
		return nil, fmt.Errorf("strategy %s on %dx%d %s: %v", name, b.M, b.N, b.Geo, err)
	}
	return info.Build(b)
}
