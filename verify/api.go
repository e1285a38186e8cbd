// Package verify is hexproof's exhaustive search (docs/design.md §4–5): it plays a
// strategy against every opponent reply from the empty board and returns a
// proof (optimal), a minimal counterexample (refuted), an inconclusive report
// when a budget runs out, or a strategy error.
package verify

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"hexproof/board"
	"hexproof/strategies"
)

// Choices is the semantics of a strategy's set of allowed moves (docs/design.md §4).
type Choices uint8

const (
	// Every: each allowed move must keep the win (the adversary picks among them).
	Every Choices = iota
	// Some: at every turn some allowed move keeps the win.
	Some
	// First: the first allowed move in cell order is played.
	First
)

func (c Choices) String() string {
	switch c {
	case Every:
		return "every"
	case Some:
		return "some"
	case First:
		return "first"
	}
	return fmt.Sprintf("choices(%d)", uint8(c))
}

// ParseChoices reads every, some or first.
func ParseChoices(s string) (Choices, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "every", "":
		return Every, nil
	case "some":
		return Some, nil
	case "first":
		return First, nil
	}
	return 0, fmt.Errorf("unknown choice semantics %q (want every, some or first)", s)
}

// Verdict is the outcome of a verification (docs/design.md §5).
type Verdict string

const (
	Optimal       Verdict = "optimal"
	Refuted       Verdict = "refuted"
	Inconclusive  Verdict = "inconclusive"
	StrategyError Verdict = "strategy error"
)

// ExitCode is the CLI exit code of docs/design.md §5.
func (v Verdict) ExitCode() int {
	switch v {
	case Optimal:
		return 0
	case Refuted:
		return 1
	case Inconclusive:
		return 3
	case StrategyError:
		return 4
	}
	return 2
}

// Options says what to verify and with which resources.
type Options struct {
	Strategy     strategies.Strategy
	Name         string // the strategy's registry name, for reports and the database
	Starter      board.Color
	Choices      Choices
	Jobs         int  // workers; <1 means 1
	NoSymmetry   bool // ignore the strategy's declared symmetries
	DB           string
	Resume       bool
	TimeLimit    time.Duration // 0: none
	MaxPositions int64         // 0: none
	// MemoryBudget bounds the successor buffers held in memory before they are
	// sorted and handed to the store (bytes; 0: 4 GiB).
	MemoryBudget int64
	// CheckpointEvery is how often, with a database, the expansion of a layer
	// saves what it has done, so that a resumed run loses at most about this
	// much work (docs/reliability.md); 0: every minute; negative: only at the
	// end of each layer.
	CheckpointEvery time.Duration
	MaxLosses       int // losing games passed to OnLoss; 0 means none
	// OnLoss receives distinct losing games (each strategy move carries its rule),
	// at most MaxLosses of them, in a deterministic order.
	OnLoss func(board.Game) error
	// Progress, if set, is called from time to time from one goroutine.
	Progress func(Progress)
	// Starts, if not empty, restricts the search to the games that begin with
	// one of these prefixes (a shard of a split verification): each is a game
	// from the empty board with the same number of moves, played by the rules
	// (the strategy's moves allowed by it under Choices), not over, and with the
	// opponent to move. The prefixes' own strategy decisions are not counted in
	// the result's rule counts (the plan that made them counts them), and a
	// counterexample starts with its prefix. Under Choices Some, at most
	// one prefix (the search's root).
	Starts []board.Game
	// Handicap: the game begins with the strategy's handicap stones
	// (strategies.HandicapStones) placed at once, before the opponent's first
	// move, then alternates with the opponent to move (`verify --handicap`,
	// docs/design.md §7). Starter must be the strategy's side; the stones are
	// the search's one start prefix (so Starts must be empty), and a
	// counterexample begins with them. Not for Choices Some.
	Handicap bool
	// Certificate: under Choices Some, an optimal verdict also writes the
	// proof's winning choices as a certificate strategy (Result.Certificate,
	// or Result.CertificateErr saying why not). Ignored under other choices.
	Certificate bool
	// PerfectPlay, under Choices Some, prunes every allowed move of the
	// strategy after which perfect play (any moves for both players) wins
	// the game for the opponent (some.go, "Pruning by perfect play"). The
	// verdict stays exact if the oracle is; a refutation found so is not
	// claimed shortest (Result.Minimal false). nil: no pruning. Ignored
	// under other choices.
	PerfectPlay PerfectPlay
	// Prefer, under Choices Some, is a strategy of the same side whose move
	// the search tries first at each of the strategy's turns, following it
	// until it is refuted (some.go FocusAt; answers unchanged). With
	// Certificate, the certificate takes its move wherever that move is allowed
	// and keeps the win (a tie-break of the rules, such as fitzgerald's
	// hierarchy for fitzgerald-rules). The certificate then leaves Prefer's
	// choice only where that choice loses, and Result.Departures lists those
	// positions (somecert.go). nil: the certificate takes the first winning
	// move in cell order.
	Prefer strategies.Strategy
	// PreferName is Prefer's spec, for the overlay (Result.Overlay).
	PreferName string
	// Overlay, under Choices Some with Prefer, writes an optimal proof as
	// Result.Overlay. Without Certificate, the construction answers each
	// position after each last move on its own, in one walk (somecert.go,
	// "One walk for an overlay"), which holds a fraction of a certificate's
	// memory; with it, the overlay is the certificate's.
	Overlay bool
}

// Departure is a position of a `some` certificate (Options.Prefer) where the
// preferred strategy's move loses under every completion of the rules and
// the certificate plays another allowed move.
type Departure struct {
	// Moves is the game from the empty board to the position (the strategy
	// to move), each strategy move with its rule.
	Moves []board.Move
	// Preferred is Prefer's move there and its rule; Move the certificate's.
	Preferred    board.Move
	Move         board.Cell
	Winning      []board.Cell // the allowed moves that keep the win, in cell order
	AfterAnother bool         // an earlier departure lies on the way here
	TieBreakStep string       // for a TieBreakTracer: the step that left no winning move
	RuleAllowed  []board.Cell // the strategy's allowed moves there
	OutsideRules bool         // Prefer's move is not among them
}

// PerfectPlay answers questions about free play, in which both players may
// play any empty cell (package verify/solve provides one). verify cannot
// import the solver (the solver imports verify), so it is passed in.
type PerfectPlay interface {
	// Winner is who wins p with toMove to move, if the oracle can tell
	// within its own budget (known false: it cannot; never a guess). p is a
	// position nobody has won that is not full. An error (the context
	// ended, say) stops the search.
	Winner(p board.Position, toMove board.Color) (winner board.Color, known bool, err error)
	// WinningMove is a move of mover that keeps its win in p, which mover
	// wins, with no budget but the context.
	WinningMove(p board.Position, mover board.Color) (board.Cell, error)
}

// Progress is a snapshot for a progress bar.
type Progress struct {
	Layer     int   // plies placed in the positions being expanded
	MaxLayer  int   // the board's cell count
	Positions int64 // distinct positions so far
	Frontier  int64 // positions in the layer being expanded
	Done      int64 // of those, expanded so far
	Elapsed   time.Duration
}

// Result is what a verification found.
type Result struct {
	Board    *board.Board
	Strategy string
	Side     board.Color
	Starter  board.Color
	Choices  Choices
	// Handicap: the run started from the strategy's handicap stones
	// (Options.Handicap); a counterexample begins with them.
	Handicap bool
	// Start is the moves every start prefix begins with (Options.Starts;
	// `verify --moves`, StartGames), nil from the empty board or a
	// handicap: the verdict, the longest game and a counterexample (which
	// begins with them) are about the games that begin with them. Plies
	// count from the empty board.
	Start   []board.Move
	Verdict Verdict
	// Positions is the number of distinct positions examined (one per symmetry
	// class when symmetry is used).
	Positions         int64
	LongestGame       int              // plies of the longest game in the explored game graph
	RuleCounts        map[string]int64 // how often each rule fired, over the explored game graph
	TranspositionHits int64
	SymmetryHits      int64
	// Symmetries is the size of the group the search merged positions under
	// (the strategy's declared symmetries, design.md §3; 1 when none are
	// used: --no-symmetry, --choices first, or the identity declared). Two
	// start positions that are images under it have the same value.
	Symmetries int
	Elapsed    time.Duration
	// Counterexample is, for Refuted, a shortest lost game (smallest in cell
	// order among those), with the rule of every strategy move; for
	// StrategyError, the game that led to the bad answer; for Inconclusive, a
	// lost game if one was found (then Minimal is false).
	Counterexample *board.Game
	Minimal        bool
	// Detail says, for Inconclusive, which budget ran out and how far the search
	// got; for StrategyError, what the strategy answered.
	Detail     string
	LayersDone int   // plies fully explored
	Losses     int64 // losing games passed to OnLoss
	// Blunder, if set by the caller (verify/solve computes it), annotates the
	// counterexample with the first move of the strategy's side after which
	// perfect play no longer wins.
	Blunder *Blunder
	// StopReason says, for Inconclusive, why the search stopped.
	StopReason StopReason
	// Certificate is, when Options.Certificate was set and the verdict is
	// Optimal under Some, the strategy's winning choices as data: for every
	// position it meets following them, one of its allowed moves that keeps
	// the win (somecert.go). CertificateErr says why it is missing after an
	// optimal verdict (a *CertificateError).
	Certificate    *strategies.Certificate
	CertificateErr error
	// Departures are, with Options.Prefer, the positions of the certificate
	// where Prefer's move loses (in the order the walk met them).
	Departures []Departure
	// Overlay is, with Options.Prefer and a certificate, the same proof as
	// Prefer and the positions (after a last move) where the certificate
	// plays otherwise (strategies.Overlay): the certificate's moves wherever
	// its games go, in a few entries where the certificate has one per
	// position. Its departures are among those entries; the other entries
	// are where Prefer's move also wins but the certificate kept another.
	Overlay *strategies.Overlay
	// MemoryBudget is the run's budget in bytes (Options.MemoryBudget, or
	// the default); PeakRSS the process's peak resident memory at the
	// run's end (VmHWM; 0 where it cannot be read). Like Elapsed, PeakRSS
	// varies between runs of the same question.
	MemoryBudget, PeakRSS int64
	// Pruned counts, under Choices Some with Options.PerfectPlay, the
	// strategy's allowed moves that perfect play proved lost (each time a
	// node was expanded), and Unsettled the questions the oracle could not
	// answer within its budget (those moves were searched).
	Pruned, Unsettled int64
}

// Blunder is the first move of a player in a game that turned a won position
// into a lost one under perfect play (any move allowed), and the moves that
// would have kept the win (the thesis does this by hand for Fig. 10.2,
// §10.1.2). verify/solve computes it; the reports word it.
type Blunder struct {
	// Found: such a move exists. When not, Reason says why (the player never
	// had a won position before its moves, it won the game, or the solver ran
	// out of time).
	Found  bool
	Reason string
	// Index is the blunder's index in the game's moves (0-based; the move
	// number is Index+1), Move the move itself (with its rule, if any).
	Index int
	Move  board.Move
	// Before is the position in which the blunder was played, Kept the moves
	// there that keep the win, in cell order.
	Before board.Position
	Kept   []board.Cell
	// RuleAllowed, for a strategy that narrows its rule's cells by a
	// tie-break (strategies.RuleAllower), is every cell the blunder's rule
	// allowed before the tie-break, and AtFault says which part of the
	// strategy lost the win: "tie-break" when a winning move (Kept) was among
	// them, "rules" when none was. Empty for other strategies.
	RuleAllowed []board.Cell
	AtFault     string
	// TieBreakStep, when the tie-break is at fault and the strategy can
	// trace it (strategies.TieBreakTracer), is the step that left no
	// winning move among the cells it kept.
	TieBreakStep string
	// Unchecked is how many of the player's earlier moves the solver could
	// not settle in the time given (they come before the blunder). 0: the
	// blunder is exact, the first such move. Otherwise it is the first among
	// the moves after those, and an earlier one (whose loss the opponent
	// later gave back) is not excluded.
	Unchecked int
	// UncheckedAt are those moves, as indices into the game's moves.
	UncheckedAt []int
}

// Attribute fills bl's RuleAllowed and AtFault when s narrows its rules by a
// tie-break (strategies.RuleAllower); g is the game bl is the blunder of.
// It asks the strategy the same question as at the blunder: the position
// before it and the opponent's move before that.
func (bl *Blunder) Attribute(s strategies.Strategy, g board.Game) {
	ra, ok := s.(strategies.RuleAllower)
	if bl == nil || !bl.Found || !ok || bl.Index >= len(g.Moves) {
		return
	}
	last := board.NoCell
	if bl.Index > 0 {
		last = g.Moves[bl.Index-1].Cell
	}
	allowed, _ := safeRuleAllowed(ra, bl.Before, last)
	if allowed.Empty() {
		return
	}
	bl.RuleAllowed = allowed.Cells()
	bl.AtFault = "rules"
	for _, c := range bl.Kept {
		if allowed.Has(c) {
			bl.AtFault = "tie-break"
		}
	}
	if tr, ok := s.(strategies.TieBreakTracer); ok && bl.AtFault == "tie-break" {
		for _, st := range safeTieBreakTrace(tr, bl.Before, last) {
			if !slices.ContainsFunc(bl.Kept, st.Left.Has) {
				bl.TieBreakStep = st.Step
				break
			}
		}
	}
}

// safeTieBreakTrace is TieBreakTrace with a panic turned into no trace.
func safeTieBreakTrace(tr strategies.TieBreakTracer, p board.Position, last board.Cell) (steps []strategies.TieBreakStep) {
	defer func() {
		if recover() != nil {
			steps = nil
		}
	}()
	return tr.TieBreakTrace(p, last)
}

// safeRuleAllowed is RuleAllowed with a panic turned into an empty answer:
// an annotation never costs the result it annotates.
func safeRuleAllowed(ra strategies.RuleAllower, p board.Position, last board.Cell) (a board.Bits, rule string) {
	defer func() {
		if recover() != nil {
			a, rule = board.Bits{}, ""
		}
	}()
	return ra.RuleAllowed(p, last)
}
