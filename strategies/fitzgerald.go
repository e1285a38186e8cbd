package strategies

// Alg. 8.4.1 of the thesis (Red on 5×n cylinders): step I (first move in the
// middle), step II (rules 1–19 tried in order, most of them skipped when every
// move they allow is dangerous) and the 11-item hierarchy that narrows the moves
// of the chosen rule to one. Every reading the thesis leaves open is recorded in
// docs/decisions/fitzgerald.md with the game move that decided it; the
// conformance test replays the published games (App. A.1.1, A.2) decision by
// decision.
//
// The algorithm is split by concept over four files:
//   - fitzgerald.go: registration, options (the open readings), the Strategy
//     methods, step I, step II and its skip of dangerous moves;
//   - fitzgerald_analysis.go: the per-decision state the rules and the
//     hierarchy read (groups, bridges, lifting, near cells, roots, spans);
//   - fitzgerald_rules.go: one function per rule 1–19;
//   - fitzgerald_hierarchy.go: the hierarchy and its trace (TieBreakTrace).
// The notions they use (bridges, paths, rings, set-ups…) are in
// strategies/notions, one file per notion.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"hexproof/board"
	"hexproof/strategies/notions"
)

func init() {
	Register(Info{
		Name:        "fitzgerald",
		Side:        board.Red,
		Seed:        "thesis Alg. 8.4.1 (with its hierarchy)",
		Description: "rules 0-19 and the 11-item hierarchy for 5xn cylinders, deterministic",
		Applies:     fitzgeraldApplies,
		Options:     FitzgeraldOptions,
		BuildWith:   buildFitzgerald(false),
	})
	Register(Info{
		Name:        "fitzgerald-repaired",
		Side:        board.Red,
		Seed:        "thesis Alg. 8.4.1 and ch. 10, with Hex knowledge",
		Description: "fitzgerald:repairs=all,knowledge=keep: the four repairs of ch. 10, the knowledge tie-break and rule K",
		Applies:     fitzgeraldApplies,
		Options:     fitzgeraldRepairedOptions("keep"),
		BuildWith:   buildFitzgerald(false),
	})
	Register(Info{
		Name:        "fitzgerald-hold",
		Side:        board.Red,
		Seed:        "thesis Alg. 8.4.1 and ch. 10, with Hex knowledge that holds a proved win",
		Description: "fitzgerald:repairs=all,knowledge=hold: fitzgerald-repaired, and rule H finds the move that restores a win H-search proved before Blue's move",
		Applies:     fitzgeraldApplies,
		Options:     fitzgeraldRepairedOptions("hold"),
		BuildWith:   buildFitzgerald(false),
	})
	Register(Info{
		Name:        "fitzgerald-sweep",
		Side:        board.Red,
		Seed:        "thesis Alg. 8.4.1 and ch. 10, with Hex knowledge tried on every move",
		Description: "fitzgerald:repairs=all,knowledge=sweep: fitzgerald-repaired, and rule S plays a move after which the knowledge proves the win whenever the rules' move is not proved won",
		Applies:     fitzgeraldApplies,
		Options:     fitzgeraldRepairedOptions("sweep"),
		BuildWith:   buildFitzgerald(false),
	})
	Register(Info{
		Name:        "fitzgerald-rules",
		Side:        board.Red,
		Seed:        "thesis Alg. 8.4.1 (without its hierarchy)",
		Description: "every move the rule chosen by Alg. 8.4.1 step II allows, before the hierarchy and the connection area",
		Applies:     fitzgeraldApplies,
		Options:     fitzgeraldRulesOptions,
		BuildWith:   buildFitzgerald(true),
	})
}

// buildFitzgerald builds the strategy on a board it applies to
// (fitzgerald-rules when rulesOnly).
func buildFitzgerald(rulesOnly bool) func(*board.Board, Options) (Strategy, error) {
	return func(b *board.Board, o Options) (Strategy, error) {
		if err := fitzgeraldApplies(b.M, b.N, b.Geo); err != nil {
			return nil, err
		}
		return NewFitzgeraldWith(b, o, rulesOnly)
	}
}

// FitzgeraldOptions are the readings of Alg. 8.4.1 that the thesis leaves
// open, as options of the strategy (docs/decisions/fitzgerald.md); the first
// value of each is the default, the reading that agrees with the most
// published decisions and, where the games do not decide, the text.
var FitzgeraldOptions = []Option{
	{Key: "area", Values: []string{"round-up", "round-down", "lifted", "rect", "middle-ring", "off"},
		Doc: "rule 7 connection area (Def. 8.2.1): midpoint column rounded up or down, midpoint in lifted columns, rectangle between the ends, with the middle ring, or no area preference"},
	{Key: "item3", Values: []string{"before", "after"},
		Doc: "hierarchy 3: the lengthened path covers ring j before the move, or after it"},
	{Key: "item7", Values: []string{"off", "on"},
		Doc: "hierarchy 7 (most vertical bridge options): not applied, or applied"},
	{Key: "skip", Values: []string{"5", "4"},
		Doc: "step II skip: a move is dangerous from 5, or from 4, blue neighbours"},
	{Key: "overlap", Values: []string{"shared-end", "any"},
		Doc: "step II skip and hierarchy 1: overlapping bridges that share an end, or any overlap"},
	{Key: "item8", Values: []string{"any", "shared-end"},
		Doc: "hierarchy 8: points of overlap of any red overlapping bridges, or shared-end ones only"},
	{Key: "rule6c", Values: []string{"ordered", "union"},
		Doc: "rule 6(c): the four kinds of cell tried in the order listed, or all together"},
	// The repairs the thesis proposes in ch. 10 (off by default: Alg. 8.4.1
	// as published does not have them).
	{Key: "lookahead", Values: []string{"off", "on"},
		Doc: "repair of §10.1.2: among a rule's moves, keep those after which no Blue move makes two disjoint threats (of a win or a provisional winning path, no one red stone stopping all)"},
	{Key: "truepath", Values: []string{"off", "on"},
		Doc: "repair of §10.2.2: a move creating an overlapping bridge is not dangerous (step II skip, hierarchy 1) if Red then has a true provisional winning path"},
	{Key: "rule16", Values: []string{"ring", "near"},
		Doc: "rule 16's paths: those covering ring j, or also (repair of §10.2.2) those one red stone would extend to cover ring j"},
	{Key: "dead", Values: []string{"allow", "avoid"},
		Doc: "repair of §10.3: among a rule's moves, drop the dead cells (Def. 10.3.2) when a live one is left"},
	{Key: "repairs", Values: []string{"none", "all"},
		Doc: "all four repairs of ch. 10 at once: lookahead=on, truepath=on, rule16=near, dead=avoid"},
	// Not from the thesis: the solver's Hex knowledge as a tie-break (issue 30
	// item 3; docs/decisions/fitzgerald.md, "Knowledge as a tie-break").
	{Key: "knowledge", Values: []string{"off", "prefer", "keep", "hold", "sweep", "solve"},
		Doc: "prefer: among a rule's moves, keep those after which the solver's Hex knowledge (dead cells, H-search) proves a Red win, else drop those after which it proves a Blue win; keep: also, when the move chosen is not proved won but the knowledge proves that Red to move wins, play one of H-search's winning moves instead (rule K); hold: keep, and when the knowledge proved Red's win before Blue's last move but finds no winning move now, play one of the moves after which it proves the win again (rule H); sweep: keep, and whenever the knowledge proves nothing, play one of the moves after which it proves the win, if any (rule S); solve: prefer, with perfect play (solve) wherever the knowledge proves nothing, so that the hierarchy chooses among the rule's moves that win, if any (boards of at most 40 cells)"},
}

// fitzgeraldRepairedOptions are fitzgerald's options with repairs=all and
// knowledge=kn first: the defaults of fitzgerald-repaired (keep) and
// fitzgerald-hold (hold) (issue 30 item 3: docs/decisions/fitzgerald.md,
// "Knowledge as a tie-break, and rule K", "Rule H").
func fitzgeraldRepairedOptions(kn string) []Option {
	out := slices.Clone(FitzgeraldOptions)
	first := map[string]string{"repairs": "all", "knowledge": kn}
	for i, op := range out {
		if v, ok := first[op.Key]; ok {
			k := slices.Index(op.Values, v)
			vs := append([]string{v}, slices.Delete(slices.Clone(op.Values), k, k+1)...)
			out[i].Values = vs
		}
	}
	return out
}

// fitzgeraldRulesOptions are the options that matter before the hierarchy.
var fitzgeraldRulesOptions = []Option{FitzgeraldOptions[3], FitzgeraldOptions[4], FitzgeraldOptions[6]}

// Connection-area readings (option area).
const (
	areaRoundUp = iota
	areaRoundDown
	areaLifted
	areaRect
	areaMiddleRing
	areaOff
)

func fitzgeraldApplies(m, n int, g board.Geometry) error {
	if g != board.Cylinder || m != 5 {
		return fmt.Errorf("thesis Alg. 8.4.1 is defined for 5×n cylinders (got %d×%d %s)", m, n, g)
	}
	if n < 1 || 5*n > board.MaxCells {
		return fmt.Errorf("thesis Alg. 8.4.1 needs 1 ≤ n ≤ %d rings on a 5-column board (got %d)", board.MaxCells/5, n)
	}
	return nil
}

// Fitzgerald is Alg. 8.4.1 bound to one board, under one reading.
type Fitzgerald struct {
	nt *notions.Notions
	// blueDanger is the number of blue neighbours from which a move counts as
	// dangerous in hierarchy item 2; skipDanger the same in the step II skip
	// (and rule 16's sub-rules).
	blueDanger, skipDanger int
	area                   int  // connection-area reading (area*)
	item3After             bool // item 3: the path covers ring j after the move
	item7                  bool // item 7 applied
	overlapAny             bool // skip and item 1: any overlap counts
	item8SharedEnd         bool // item 8: shared-end overlap points only
	rule6cUnion            bool // rule 6(c): the four kinds united
	// The repairs of ch. 10 (options lookahead, truepath, rule16, dead,
	// repairs=all), decisions/fitzgerald.md "The repairs of chapter 10".
	lookahead, truePath, rule16Near, deadAvoid bool
	// kn, when not nil, is the knowledge in the strategy (option knowledge,
	// any value but off): a pool of Analyzers, one per goroutine at a time.
	kn *knowledgeTieBreak
	// knMode: 0 (knowledge off, prefer or solve), else how far the knowledge may
	// replace the rules' move (rules K, H, S; see keepWin).
	knMode knMode
	// rulesOnly: Allowed returns every move of the chosen rule, before the
	// hierarchy and the connection area narrow them (fitzgerald-rules).
	rulesOnly bool
}

// NewFitzgerald builds the strategy for a 5×n cylinder (Applies must hold)
// under the default reading.
func NewFitzgerald(b *board.Board) *Fitzgerald {
	f, err := NewFitzgeraldWith(b, Defaults(FitzgeraldOptions), false)
	if err != nil {
		panic(err) // the defaults are valid values
	}
	return f
}

// NewFitzgeraldWith builds the strategy under the readings o (every key of
// FitzgeraldOptions that rulesOnly uses must be set); rulesOnly makes it the
// fitzgerald-rules variant.
func NewFitzgeraldWith(b *board.Board, o Options, rulesOnly bool) (*Fitzgerald, error) {
	f := &Fitzgerald{nt: notions.NewNotions(b), blueDanger: 5, skipDanger: 5, rulesOnly: rulesOnly}
	for _, op := range FitzgeraldOptions {
		v, ok := o[op.Key]
		if !ok {
			if !rulesOnly {
				return nil, fmt.Errorf("fitzgerald: option %s not set", op.Key)
			}
			v = op.Values[0]
		}
		k := slices.Index(op.Values, v)
		if k < 0 {
			return nil, fmt.Errorf("fitzgerald: option %s has no value %q (valid: %s)", op.Key, v, strings.Join(op.Values, ", "))
		}
		switch op.Key {
		case "area":
			f.area = k
		case "item3":
			f.item3After = k == 1
		case "item7":
			f.item7 = k == 1
		case "skip":
			f.skipDanger = 5 - k
		case "overlap":
			f.overlapAny = k == 1
		case "item8":
			f.item8SharedEnd = k == 1
		case "rule6c":
			f.rule6cUnion = k == 1
		case "lookahead":
			f.lookahead = f.lookahead || k == 1
		case "truepath":
			f.truePath = f.truePath || k == 1
		case "rule16":
			f.rule16Near = f.rule16Near || k == 1
		case "dead":
			f.deadAvoid = f.deadAvoid || k == 1
		case "repairs":
			if k == 1 {
				f.lookahead, f.truePath, f.rule16Near, f.deadAvoid = true, true, true, true
			}
		case "knowledge":
			if k >= 1 {
				kn, err := newKnowledgeTieBreak(b)
				if err != nil {
					return nil, fmt.Errorf("fitzgerald: option knowledge: %w", err)
				}
				f.kn = kn
				switch v {
				case "keep":
					f.knMode = knKeep
				case "hold":
					f.knMode = knHold
				case "sweep":
					f.knMode = knSweep
				case "solve":
					// prefer's tie-break with exact verdicts: no rule K, H or S
					if err := checkPerfectPlay(b); err != nil {
						return nil, fmt.Errorf("fitzgerald: option knowledge: %w", err)
					}
					kn.exact = true
				}
			}
		}
	}
	return f, nil
}

// Board implements Strategy.
func (f *Fitzgerald) Board() *board.Board { return f.nt.B }

// Side implements Strategy.
func (f *Fitzgerald) Side() board.Color { return board.Red }

// Symmetries implements Strategy. The tie-breaks of hierarchy items 10 and 11
// (lowest ring, left-most column) commute with no non-trivial symmetry, so a
// strategy with the hierarchy has the identity only. fitzgerald-rules, which
// returns every move of the chosen rule, commutes with the whole group of the
// cylinder at every position with a stone (decisions.md V37): its rules are
// written in rings counted from both edges, adjacency, bridges and paths,
// which every symmetry maps onto themselves, and the readings it uses were
// chosen symmetric (rule 3's (i+2, j+2)). Rule 0, Red's fixed opening cell, is
// asked only on the empty board, which the contract exempts (design.md §3).
// The claim is made only for the readings it was argued and tested for: no
// repair of ch. 10 and no knowledge (fitzgerald-rules cannot be given them
// from the command line; a program building the strategy could).
func (f *Fitzgerald) Symmetries() []board.Perm {
	if f.rulesOnly && f.kn == nil && !f.lookahead && !f.truePath && !f.rule16Near && !f.deadAvoid {
		return f.nt.B.Group()
	}
	return f.nt.B.Identity()
}

// RuleNumber is the leading number of a rule label ("6(c)" → 6).
func RuleNumber(label string) int {
	k := strings.IndexFunc(label, func(r rune) bool { return r < '0' || r > '9' })
	if k < 0 {
		k = len(label)
	}
	n, _ := strconv.Atoi(label[:k])
	return n
}

// WinRule implements WinTaker: rule 1 comes first in step II and is never
// skipped, and its moves are the winning moves (a single one, or the
// hierarchy's pick among several; every move for fitzgerald-rules).
func (f *Fitzgerald) WinRule() string { return "1" }

// Allowed implements Strategy: one cell, or for fitzgerald-rules every cell
// of the rule step II chooses.
func (f *Fitzgerald) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	nt := f.nt
	empty := nt.B.All().AndNot(p.Occupied())
	if empty.Empty() {
		return board.Bits{}, "none"
	}
	if last == board.NoCell || !p.Blue.Has(last) {
		return board.Bit(f.middle(empty)), "0"
	}
	var s state
	return f.decide(&s, p, last, nt.RedWinningMoves(p), nil)
}

// RuleAllowed implements RuleAllower: every cell of the rule step II
// chooses, before the hierarchy and the connection area narrow them (what
// fitzgerald-rules allows under the same readings).
func (f *Fitzgerald) RuleAllowed(p board.Position, last board.Cell) (board.Bits, string) {
	g := *f
	g.rulesOnly = true
	return g.Allowed(p, last)
}

// PairedAllowed implements PairedPreference: for s the fitzgerald-rules
// variant of the receiver's readings (no repair, no knowledge in either),
// s's allowed set and rule and the receiver's own answer, from one analysis.
// The two differ only after step II has chosen its rule: fitzgerald-rules
// answers with the rule's cells (decide notes them in state.wide: the
// winning cells under rule 1, the cells before the connection area under
// rule 7), fitzgerald narrows them by the hierarchy. TestPairedAllowed
// compares both with Allowed on random positions of every reading.
func (f *Fitzgerald) PairedAllowed(s Strategy, p board.Position, last board.Cell) (allowed board.Bits, rule string, own board.Bits, ownRule string, ok bool) {
	g, isF := s.(*Fitzgerald)
	if !isF || !f.pairs(g) {
		return board.Bits{}, "", board.Bits{}, "", false
	}
	nt := f.nt
	empty := nt.B.All().AndNot(p.Occupied())
	if empty.Empty() || last == board.NoCell || !p.Blue.Has(last) {
		own, ownRule = f.Allowed(p, last) // a full board, or rule 0: the same for both
		return own, ownRule, own, ownRule, true
	}
	var st state
	own, ownRule = f.decide(&st, p, last, nt.RedWinningMoves(p), nil)
	return st.wide, ownRule, own, ownRule, true
}

// pairs says whether g is the fitzgerald-rules variant of f's readings, with
// neither a repair nor knowledge (whose answers are more than the hierarchy
// on the rule's cells), on a board of the same size. The readings compared
// are the rules' own, fitzgerald-rules' options (skip, overlap, rule6c); the
// others (area, items 3, 7 and 8) are the hierarchy's and the connection
// area's, which the rules-only answer does not read.
func (f *Fitzgerald) pairs(g *Fitzgerald) bool {
	plain := func(x *Fitzgerald) bool {
		return x.kn == nil && x.knMode == 0 && !x.lookahead && !x.truePath && !x.rule16Near && !x.deadAvoid
	}
	return !f.rulesOnly && g.rulesOnly && plain(f) && plain(g) &&
		f.nt.B.M == g.nt.B.M && f.nt.B.N == g.nt.B.N && f.nt.B.Geo == g.nt.B.Geo &&
		f.skipDanger == g.skipDanger && f.overlapAny == g.overlapAny && f.rule6cUnion == g.rule6cUnion
}

// Decide returns Red's move (the first allowed cell for fitzgerald-rules;
// board.NoCell on a full board) and the label of the rule that produced it.
func (f *Fitzgerald) Decide(p board.Position, last board.Cell) (board.Cell, string) {
	a, label := f.Allowed(p, last)
	if a.Empty() {
		return board.NoCell, label
	}
	return a.First(), label
}

// decide is step II of Alg. 8.4.1 (§8.4; its structure argued in §8.1) for
// position p (not full, Blue's last stone on last), given win = Red's winning
// moves in p (rule 1). Rule 1 comes first in step II and is never skipped, so
// it is answered before the rest of the analysis: a single winning move needs
// no hierarchy, several need only the red part of the analysis (hierarchy
// items 1–9 look only at red groups and bridges, blue neighbour counts and
// ring j). sib, when not nil, is the red analysis of the position before
// Blue's move (see Replies).
func (f *Fitzgerald) decide(s *state, p board.Position, last board.Cell, win board.Bits, sib *sibling) (board.Bits, string) {
	if win.Count() == 1 || win.Any() && f.rulesOnly {
		s.wide = win
		return win, "1" // the hierarchy of a single move is that move
	}
	f.analyseRed(s, p, last, sib)
	if win.Any() {
		s.wide = win
		return board.Bit(f.hierarchy(s, win, s.trace)), "1"
	}
	f.analyseBlue(s)
	for r := 2; r <= 19; r++ {
		cands, label := f.rule(s, r)
		if cands.Empty() {
			continue
		}
		// Step II skips rules 4 and 8–19 when every move they allow is
		// dangerous; rule 19 is the last, so skipping it would leave no move:
		// it is applied anyway (docs/decisions/fitzgerald.md).
		if (r == 4 || r >= 8 && r < 19) && f.allDangerous(s, cands) {
			continue
		}
		if f.rulesOnly {
			return cands, label
		}
		if r != 7 {
			s.wide = cands // rule 7 notes its cells before the connection area
		}
		cands = f.repairChoice(s, cands, func(l board.Bits) board.Cell { return f.hierarchy(s, l, nil) }, s.trace != nil)
		if s.trace != nil {
			// What the hierarchy starts from: the rule's cells, narrowed
			// by the connection area under rule 7 (coverRule).
			*s.trace = append(*s.trace, TieBreakStep{Step: "the connection area (Def. 8.2.1)", Left: cands})
		}
		h := f.hierarchy(s, cands, s.trace)
		if f.knMode != 0 {
			if k, rule, ok := f.kn.keepWin(p, last, h, func(l board.Bits) board.Cell { return f.hierarchy(s, l, nil) }, f.knMode); ok {
				if s.trace != nil {
					step := "rule K (knowledge=keep): a winning move of H-search instead"
					switch rule {
					case "H":
						step = "rule H (knowledge=hold): a move after which the knowledge proves the win again"
					case "S":
						step = "rule S (knowledge=sweep): a move after which the knowledge proves the win"
					}
					*s.trace = append(*s.trace, TieBreakStep{Step: step, Left: board.Bit(k)})
				}
				return board.Bit(k), rule
			}
		}
		return board.Bit(h), label
	}
	return board.Bits{}, "none" // unreachable: rule 19 allows every empty cell
}

// Replies implements Replier: Red's answer to every Blue move b of moves from
// position p (Blue to move), in increasing cell order. The red analysis of p
// is done once (see analyseRed), and so is rule 1: a blue stone changes no red
// group that touches ring 1 or ring n, so Red's winning moves after Blue's b
// are Red's winning moves in p other than b.
func (f *Fitzgerald) Replies(p board.Position, moves board.Bits, yield func(b board.Cell, allowed board.Bits, rule string) bool) {
	nt := f.nt
	empty := nt.B.All().AndNot(p.Occupied())
	win := nt.RedWinningMoves(p)
	var sib sibling
	sibDone := false
	var s state
	for m := moves; m.Any(); {
		b := m.Pop()
		q := p.Play(board.Blue, b)
		var allowed board.Bits
		var label string
		switch {
		case !empty.Has(b) || empty.Count() == 1:
			allowed, label = f.Allowed(q, b) // outside the contract, or a full board
		case win.Without(b).Count() == 1:
			allowed, label = win.Without(b), "1"
		default:
			if !sibDone {
				nt.ProvisionalGroups(p.Red, empty, true, &sib.redG)
				nt.Bridges(p.Red, empty, true, &sib.redBr)
				sibDone = true
			}
			s.reset()
			allowed, label = f.decide(&s, q, b, win.Without(b), &sib)
		}
		if !yield(b, allowed, label) {
			return
		}
	}
}

// middle is step I of Alg. 8.4.1 (§8.4): the middle ring (for even n the upper of the two middle
// rings), middle column.
func (f *Fitzgerald) middle(empty board.Bits) board.Cell {
	nt := f.nt
	c := nt.B.Cell((nt.M+1)/2, (nt.N+1)/2)
	if empty.Has(c) {
		return c
	}
	return empty.First()
}

// dangerous is step II's test for a move too dangerous to play (§8.4; why,
// §8.1): whether a red move on c creates an overlapping bridge (of the kind
// option overlap names) or has skipDanger or more blue neighbours.
func (f *Fitzgerald) dangerous(s *state, c board.Cell) bool {
	if f.nt.NeighbourCount(c, s.p.Blue) >= f.skipDanger {
		return true
	}
	return f.createsOverlap(s, c)
}

// createsOverlap: a red stone on c creates an overlapping bridge, sharing an
// end vertex unless option overlap=any; with truepath=on (§10.2.2) not when
// Red then has a true provisional winning path.
func (f *Fitzgerald) createsOverlap(s *state, c board.Cell) bool {
	if !f.nt.CreatesOverlapWith(&s.redBr, s.p.Red, s.empty, true, c, !f.overlapAny) {
		return false
	}
	return !f.truePath || !f.nt.TrueRedProvisionalWin(s.p.Red.With(c), s.empty.Without(c))
}

// allDangerous: step II skips rule r when every move it allows is dangerous.
func (f *Fitzgerald) allDangerous(s *state, cands board.Bits) bool {
	for c := cands; c.Any(); {
		if !f.dangerous(s, c.Pop()) {
			return false
		}
	}
	return true
}
