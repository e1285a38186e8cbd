// Package strategies holds the strategies hexproof verifies, one file each, and
// a registry by name. A strategy answers a position and the opponent's last move
// with the set of moves its rules allow and the label of the rule that produced
// them (docs/design.md §4). Each declares the symmetry subgroup it commutes with (docs/design.md §3),
// which is the only reduction the verifier may use for it.
package strategies

import (
	"fmt"
	"slices"
	"strings"

	"hexproof/board"
	"hexproof/strategies/gtp"
)

// RuleAllower is a strategy that narrows the cells its rule allows by a
// tie-break (a hierarchy, as Alg. 8.4.1's): RuleAllowed is the rule's whole
// set before the tie-break, with the rule's label. The blunder annotation
// asks it whether a winning alternative lay within the rule (the tie-break
// chose wrongly) or not (the rules did).
type RuleAllower interface {
	RuleAllowed(p board.Position, last board.Cell) (board.Bits, string)
}

// TieBreakStep is one step of a strategy's tie-break: its name, as the
// strategy's source calls it, and the cells left after it.
type TieBreakStep struct {
	Step string
	Left board.Bits
}

// TieBreakTracer is a RuleAllower that can also say how its tie-break
// narrowed the rule's cells, step by step, at the same decision. The
// blunder annotation names the step that dropped the last winning move.
type TieBreakTracer interface {
	TieBreakTrace(p board.Position, last board.Cell) []TieBreakStep
}

// PairedPreference is an optional interface of a strategy used as the
// preferred one of a `some` search (verify --prefer): when it knows the rules
// of s, the strategy being verified, it answers for both from one analysis of
// the position: s's allowed set and rule, which must equal s.Allowed(p,
// last), and its own answer, which must equal its Allowed(p, last). ok is
// false when it does not know s; then nothing was computed.
type PairedPreference interface {
	PairedAllowed(s Strategy, p board.Position, last board.Cell) (allowed board.Bits, rule string, own board.Bits, ownRule string, ok bool)
}

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
	// identity first: for every g in it and every position p with at least one
	// stone, Allowed(g·p, g·last) = g·Allowed(p, last) (as sets; the rule label
	// may be the same or not — it is not compared). The opening on the empty
	// board is exempt: every g fixes the empty board, so no other position is
	// merged with it, and the searches ask the opening there as it is
	// (docs/design.md §3, decisions.md V37); a fixed opening cell is allowed.
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

// WinTaker is an optional interface for strategies that, when they answer an
// opponent's move and have a move that wins at once, always answer with such
// moves only, under the rule label WinRule (the thesis strategies' rule 1,
// which no rule comes before). A search that needs only the outcome of the
// answer may then skip the decision: whichever winning move the strategy would
// choose, the game ends the same way (game.Rules.Outcomes). TestWinTakers
// checks the contract against Allowed on random positions.
type WinTaker interface {
	WinRule() string
}

// LastClasser is an optional interface for strategies whose answer depends on
// the opponent's last move only through a class of it: for every position p
// and cells x, y with LastClass(x) == LastClass(y), Allowed(p, x) and
// Allowed(p, y) are the same set (hht: the ring of the move). `--choices
// some` then keys a position with the strategy to move by the class instead
// of the cell, so that games which differ only there share their results.
// Classes are in 0 … Board().Cells()-1. TestLastClass checks the contract.
type LastClasser interface {
	LastClass(last board.Cell) int
}

// Explainer is an optional interface for strategies whose decisions can
// fail for a reason outside their rules: an external engine (strategies/gtp)
// that crashed, hung or answered something that is not a move. Such a
// strategy answers the decision with no move (a strategy error), and
// Explain(p, last) words what happened there; "" when nothing did. The game
// step's report of the fault uses it.
type Explainer interface {
	Explain(p board.Position, last board.Cell) string
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
	// Options are the strategy's parameters, chosen as name:key=value,…
	// (see New); BuildWith builds the strategy with every option set (the
	// defaults filled in). A strategy with Options must set BuildWith; Build
	// is then BuildWith with the defaults.
	Options   []Option
	BuildWith func(b *board.Board, opts Options) (Strategy, error)
}

// Option is one parameter of a strategy: a key and its possible values, the
// first of which is the default.
type Option struct {
	Key    string
	Values []string
	Doc    string // one line: what the option chooses
}

// Options maps each option key of a strategy to its chosen value.
type Options map[string]string

// SpecError is a strategy specification that names an unknown strategy, an
// unknown option or a value the option does not have; Valid lists what would
// have been accepted.
type SpecError struct {
	Spec  string
	What  string // "strategy", "option" or "value"
	Got   string
	Valid []string
}

func (e *SpecError) Error() string {
	switch e.What {
	case "strategy":
		return fmt.Sprintf("unknown strategy %q (known: %s)", e.Got, strings.Join(e.Valid, ", "))
	case "option":
		if len(e.Valid) == 0 {
			name, _, _ := strings.Cut(e.Spec, ":")
			return fmt.Sprintf("strategy %q: unknown option %q (%s has no options)", e.Spec, e.Got, name)
		}
		return fmt.Sprintf("strategy %q: unknown option %q (options: %s)", e.Spec, e.Got, strings.Join(e.Valid, ", "))
	}
	return fmt.Sprintf("strategy %q: %s (valid: %s)", e.Spec, e.Got, strings.Join(e.Valid, ", "))
}

var registry = map[string]Info{}

// Register adds a strategy; it is called from init functions.
func Register(info Info) {
	if _, dup := registry[info.Name]; dup {
		panic("strategies: duplicate name " + info.Name)
	}
	if strings.ContainsAny(info.Name, ":,=") {
		panic("strategies: name with ':', ',' or '=': " + info.Name)
	}
	if len(info.Options) > 0 {
		if info.BuildWith == nil {
			panic("strategies: " + info.Name + " has options but no BuildWith")
		}
		if info.Build == nil {
			with := info.BuildWith
			info.Build = func(b *board.Board) (Strategy, error) { return with(b, Defaults(info.Options)) }
		}
	}
	registry[info.Name] = info
}

// Defaults is the option set with every option at its default.
func Defaults(opts []Option) Options {
	o := make(Options, len(opts))
	for _, op := range opts {
		o[op.Key] = op.Values[0]
	}
	return o
}

// All lists the registered strategies by name.
func All() []Info {
	out := make([]Info, 0, len(registry))
	for _, i := range registry {
		out = append(out, i)
	}
	slices.SortFunc(out, func(a, b Info) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Lookup finds a strategy by name; a specification name:key=value,… is
// accepted too (its options are checked, see ParseSpec).
func Lookup(spec string) (Info, error) {
	info, _, err := ParseSpec(spec)
	return info, err
}

// ParseSpec splits a strategy specification name[:key=value[,key=value…]]
// into the registered strategy and its options, every option not given at
// its default. An unknown name, an unknown or repeated key, or a value the
// option does not have is a *SpecError listing the valid choices.
func ParseSpec(spec string) (Info, Options, error) {
	name, rest, hasOpts := strings.Cut(spec, ":")
	info, ok := registry[name]
	if !ok {
		names := make([]string, 0, len(registry))
		for _, i := range All() {
			names = append(names, i.Name)
		}
		return Info{}, nil, &SpecError{Spec: spec, What: "strategy", Got: name, Valid: names}
	}
	opts := Defaults(info.Options)
	if !hasOpts {
		return info, opts, nil
	}
	var keys []string
	for _, op := range info.Options {
		keys = append(keys, op.Key)
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(rest, ",") {
		k, v, _ := strings.Cut(kv, "=")
		i := slices.IndexFunc(info.Options, func(op Option) bool { return op.Key == k })
		if i < 0 {
			return Info{}, nil, &SpecError{Spec: spec, What: "option", Got: k, Valid: keys}
		}
		op := info.Options[i]
		if seen[k] {
			return Info{}, nil, &SpecError{Spec: spec, What: "value", Got: "option " + k + " given twice", Valid: op.Values}
		}
		seen[k] = true
		if !slices.Contains(op.Values, v) {
			return Info{}, nil, &SpecError{Spec: spec, What: "value", Got: fmt.Sprintf("option %s has no value %q", k, v), Valid: op.Values}
		}
		opts[k] = v
	}
	return info, opts, nil
}

// New builds the strategy named by spec (a name, or name:key=value,… with
// options, see ParseSpec) for the board, with a clear error when the name or
// an option is wrong or the strategy does not apply there.
func New(spec string, b *board.Board) (Strategy, error) {
	return NewWith(spec, b, gtp.Options{})
}

// ExecPrefix begins the specification of a strategy played by an external
// GTP engine: exec:PROGRAM ARG… (docs/design.md §7).
const ExecPrefix = "exec:"

// NewWith is New with the options of an exec: strategy (the engine's side
// and its time per command), which the command line gives in flags of
// their own; other strategies ignore them.
func NewWith(spec string, b *board.Board, eo gtp.Options) (Strategy, error) {
	// exec:PROGRAM ARG… — an external engine over GTP (strategies/gtp); what
	// follows the colon is a command line, split into words without a shell.
	if line, ok := strings.CutPrefix(spec, ExecPrefix); ok {
		argv, err := gtp.Split(line)
		if err != nil {
			return nil, fmt.Errorf("strategy %q: %v", spec, err)
		}
		s, err := gtp.New(argv, line, b, eo)
		if err != nil {
			return nil, err
		}
		return s, nil
	}
	// certificate:FILE — a strategy read from a proof tree (certificate.go);
	// what follows the colon is a path, not options.
	if path, ok := strings.CutPrefix(spec, "certificate:"); ok {
		return LoadCertificate(path, b)
	}
	// certificate-images:FILE — the same, answering at the images of its
	// positions too (certimages.go).
	if path, ok := strings.CutPrefix(spec, CertificateImagesPrefix); ok {
		c, err := LoadCertificate(path, b)
		if err != nil {
			return nil, err
		}
		return NewImageCertificate(c), nil
	}
	// overlay:FILE — a named strategy and the positions where it plays
	// otherwise (overlay.go).
	if path, ok := strings.CutPrefix(spec, OverlayPrefix); ok {
		return LoadOverlay(path, b)
	}
	info, opts, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	if err := info.Applies(b.M, b.N, b.Geo); err != nil {
		return nil, fmt.Errorf("strategy %s on %dx%d %s: %w", info.Name, b.M, b.N, b.Geo, err)
	}
	if info.BuildWith != nil {
		return info.BuildWith(b, opts)
	}
	return info.Build(b)
}
