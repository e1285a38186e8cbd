package shard

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/tt"
	"hexproof/verify"
	"hexproof/verify/game"
)

// PlanOptions says what to split and into how many shards.
type PlanOptions struct {
	Strategy   strategies.Strategy
	Name       string // registry name
	Starter    board.Color
	Choices    verify.Choices // every or first
	NoSymmetry bool
	Shards     int // wanted; at least 1
	// MaxPrefixes bounds the prefix games the plan may hold (0: 2,000,000).
	MaxPrefixes int
	// Progress, if set, is called after each layer the plan expands.
	Progress func(layer, subtrees int)
}

// Plan is a split verification: plan.json and the shard files.
type Plan struct {
	File   PlanFile
	Shards []ShardFile
}

// PlanError says why a verification cannot be split as asked.
type PlanError struct{ Why string }

func (e *PlanError) Error() string { return e.Why }

// node is one position of a layer, up to symmetry, with every game from the
// empty board (by the rules) that reaches a position of its class.
type node struct {
	key   tt.Key
	games [][]board.Move
}

// Make expands the first plies of the search, layer by layer as the
// breadth-first search does (the opponent's replies and the strategy's
// answers, through game.Rules), until a layer holds at least opt.Shards
// distinct positions, and deals those positions out to the shards. A layer is
// expanded only when nothing ends the search in it (no loss, draw or strategy
// error) and some game goes on: then the shards, which start from that layer,
// find whatever ends it exactly as a single run would, and the plan may make
// fewer shards than asked (PlanFile.StopReason says why).
//
// The plan counts the decisions, positions, wins and transpositions of the
// layers it expands exactly as the single run does (the shards do not count
// their prefixes' decisions).
func Make(ctx context.Context, opt PlanOptions) (*Plan, error) {
	pl, err := newPlanner(opt)
	if err != nil {
		return nil, err
	}
	pl.ctx = ctx
	// The first layer: the empty board, or the strategy's openings.
	d, layer, settled := pl.firstLayer()
	if settled {
		return pl.settle(ctx)
	}
	if opt.Progress != nil {
		opt.Progress(d, len(layer))
	}
	for len(layer) < opt.Shards {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		next, err := pl.nextLayer(layer, d)
		if err != nil || next == nil {
			if err != nil {
				return nil, err
			}
			break // an event or the end of the games: the shards start at d
		}
		layer = next
		d += 2
		if opt.Progress != nil {
			opt.Progress(d, len(layer))
		}
	}
	if len(layer) < opt.Shards && pl.pf.StopReason == "" {
		pl.pf.StopReason = "fewer positions than shards"
	}
	return pl.deal(layer, d), nil
}

// planner holds what Make builds a plan with.
type planner struct {
	ctx         context.Context // an interrupt stops a layer's expansion too
	opt         PlanOptions
	b           *board.Board
	x           *verify.Expander // the engine's own expansion
	r           *game.Rules
	maxPrefixes int
	pf          PlanFile
}

func newPlanner(opt PlanOptions) (*planner, error) {
	switch {
	case opt.Strategy == nil:
		return nil, &PlanError{"no strategy given"}
	case opt.Shards < 1:
		return nil, &PlanError{fmt.Sprintf("cannot split into %d shards", opt.Shards)}
	case opt.Choices == verify.Some:
		return nil, &PlanError{"a verification under choices some cannot be split (it searches depth-first, in memory)"}
	case opt.Starter != board.Red && opt.Starter != board.Blue:
		return nil, &PlanError{"the starter must be red or blue"}
	}
	pl := &planner{opt: opt, b: opt.Strategy.Board(), maxPrefixes: opt.MaxPrefixes}
	if pl.maxPrefixes <= 0 {
		pl.maxPrefixes = 2_000_000
	}
	b := pl.b
	if b.Cells() > tt.MaxCells {
		return nil, &PlanError{fmt.Sprintf("board %dx%d has %d cells; verify handles at most %d", b.M, b.N, b.Cells(), tt.MaxCells)}
	}
	pl.x = verify.NewExpander(opt.Strategy, opt.Choices, opt.NoSymmetry)
	pl.r = pl.x.Rules()
	pl.pf = PlanFile{
		Format: Format, Setup: setupOf(b, opt.Name, opt.Starter, opt.Choices, opt.NoSymmetry),
		Requested: opt.Shards, RuleCounts: map[string]int64{},
	}
	return pl, nil
}

// settle is the plan of a search that ends at the opening move: a single
// run settles it at once.
func (pl *planner) settle(ctx context.Context) (*Plan, error) {
	opt := pl.opt
	res, err := verify.Run(ctx, verify.Options{Strategy: opt.Strategy, Name: opt.Name, Starter: opt.Starter, Choices: opt.Choices, NoSymmetry: opt.NoSymmetry, Jobs: 1})
	if err != nil {
		return nil, err
	}
	pf := pl.pf
	pf.ID = planID(pf.Setup, nil)
	pf.Settled = NewResult(pf.ID, -1, res)
	pf.StopReason = "the search ends with the strategy's opening move"
	return &Plan{File: pf}, nil
}

// firstLayer is the layer the engine starts from, with the games to each
// position: the empty board, or the positions after the strategy's opening
// moves (verify.Expander.Open, as the engine). settled: the opening decides
// the search (an error, a draw, or wins only).
func (pl *planner) firstLayer() (d int, layer map[tt.Key]*node, settled bool) {
	pf := &pl.pf
	layer = map[tt.Key]*node{}
	if pl.opt.Starter == pl.r.Opp {
		layer[tt.Key{}] = &node{games: [][]board.Move{{}}}
		return 0, layer, false
	}
	o := pl.x.Open()
	if o.Fault != game.NoFault || o.Drawn != board.NoCell {
		return 1, nil, true
	}
	pf.RuleCounts[o.Rule]++
	if o.Won {
		pf.LongestGame = max(pf.LongestGame, 1)
	}
	pf.SymmetryHits += o.SymmetryHits
	for i, k := range o.Keys {
		n := layer[k]
		if n == nil {
			n = &node{key: k}
			layer[k] = n
		}
		n.games = append(n.games, []board.Move{{Player: pl.r.Me, Cell: o.Cells[i], Rule: o.Rule}})
	}
	pf.TranspositionHits += int64(len(o.Keys) - len(layer))
	return 1, layer, len(layer) == 0 // no layer: the strategy wins with its opening move
}

// successorSet collects the states of the next layer, for a Tally.
type successorSet map[tt.Key]*node

func (s successorSet) Add(k tt.Key) error {
	if s[k] == nil {
		s[k] = &node{key: k}
	}
	return nil
}

// nextLayer expands layer d into d+2 with the engine's expansion
// (verify.Tally), and gives each new position its games; nil (and a stop
// reason in the plan) when something ends the search in layer d or no game
// goes on.
func (pl *planner) nextLayer(layer map[tt.Key]*node, d int) (map[tt.Key]*node, error) {
	pf := &pl.pf
	nodes := sortedNodes(layer)
	next := successorSet{}
	pl.x.BeginLayer(false)
	t := pl.x.NewTally(next)
	// The engine's view: one expansion per state, of its stored
	// representative (the least image).
	for i, n := range nodes {
		if i%256 == 0 && pl.ctx != nil && pl.ctx.Err() != nil {
			return nil, pl.ctx.Err()
		}
		t.Expand(n.key, d)
	}
	rules := map[string]int64{}
	sum := t.Summary(rules)
	switch {
	case sum.Losses:
		pf.StopReason = fmt.Sprintf("in the layer of %d plies the strategy loses a game (the opponent wins or the board fills): the shards start there", d)
		return nil, nil
	case sum.Errors:
		pf.StopReason = fmt.Sprintf("in the layer of %d plies the strategy errs: the shards start there", d)
		return nil, nil
	case len(next) == 0:
		pf.StopReason = fmt.Sprintf("every game is won within %d plies: the shards start at %d", d+2, d)
		return nil, nil
	}
	if err := pl.extendGames(nodes, next, d); err != nil {
		return nil, err
	}
	pf.Positions += int64(len(layer))
	addCounts(pf.RuleCounts, rules)
	pf.LongestGame = max(pf.LongestGame, sum.Longest)
	pf.SymmetryHits += sum.SymmetryHits
	pf.TranspositionHits += sum.Generated - int64(len(next))
	return next, nil
}

// extendGames gives each position of next its games: every prefix by the
// rules, extended from its own (not canonical) position, so that a
// counterexample can start with any of them, as in a single run.
func (pl *planner) extendGames(nodes []*node, next map[tt.Key]*node, d int) error {
	r := pl.r
	prefixes := 0
	event := ""
	for _, n := range nodes {
		for _, g := range n.games {
			var p board.Position
			for _, m := range g {
				p = p.Play(m.Player, m.Cell)
			}
			r.Replies(p, r.All.AndNot(p.Occupied()), func(rep game.Reply) bool {
				if rep.Outcome != game.Going || rep.Fault != game.NoFault {
					// Its class has no event: only a strategy that breaks
					// the symmetry it declares gets here.
					event = "an event that the position's least image does not have (the strategy breaks its declared symmetry)"
					return false
				}
				for a := rep.Allowed; a.Any(); {
					c := a.Pop()
					p2, o := r.Place(rep.P, r.Me, c)
					if o != game.Going {
						continue
					}
					k, _ := pl.x.Key(p2)
					m := next[k]
					if m == nil {
						// The strategy does not commute with the symmetry
						// it declares: the engine would be unsound too.
						event = "a position outside the engine's layer (the strategy breaks its declared symmetry)"
						return false
					}
					ng := append(append(slices.Clip(g), board.Move{Player: r.Opp, Cell: rep.B}), board.Move{Player: r.Me, Cell: c, Rule: rep.Rule})
					m.games = append(m.games, ng)
					prefixes++
				}
				return prefixes <= pl.maxPrefixes
			})
			if event != "" {
				return &PlanError{"expanding the prefixes met " + event}
			}
			if prefixes > pl.maxPrefixes {
				return &PlanError{fmt.Sprintf("more than %d prefix games at %d plies; ask for fewer shards", pl.maxPrefixes, d+2)}
			}
		}
	}
	for _, m := range next {
		if len(m.games) == 0 {
			return &PlanError{"a position of the engine's layer has no game by the rules (the strategy breaks its declared symmetry)"}
		}
	}
	return nil
}

// deal shares the subtrees of layer d out: in the order of their smallest
// games, round robin, so that neighbouring (often similar) subtrees go to
// different shards.
func (pl *planner) deal(layer map[tt.Key]*node, d int) *Plan {
	pf := &pl.pf
	nodes := sortedNodes(layer)
	for _, n := range nodes {
		slices.SortFunc(n.games, compareMoves)
	}
	slices.SortFunc(nodes, func(a, b *node) int { return compareMoves(a.games[0], b.games[0]) })
	k := min(pl.opt.Shards, len(nodes))
	parts := make([][]*node, k)
	for i, n := range nodes {
		parts[i%k] = append(parts[i%k], n)
	}
	pf.Depth, pf.Subtrees = d, len(nodes)
	plan := &Plan{}
	for i, ns := range parts {
		sf := ShardFile{Format: Format, Index: i, Shards: k, Setup: pf.Setup, Depth: d}
		part := Part{Index: i, Subtrees: len(ns)}
		var all [][]board.Move
		for _, n := range ns {
			all = append(all, n.games...)
		}
		slices.SortFunc(all, compareMoves)
		for _, g := range all {
			sf.Prefixes = append(sf.Prefixes, movesOut(pl.b, g))
			var p board.Position
			for _, m := range g {
				p = p.Play(m.Player, m.Cell)
			}
			if _, changed := pl.x.Key(p); changed {
				part.StartSymmetryHits++
			}
		}
		part.Prefixes = len(all)
		part.StartTranspositions = int64(len(all) - len(ns))
		part.First = sf.Prefixes[0]
		pf.Parts = append(pf.Parts, part)
		plan.Shards = append(plan.Shards, sf)
	}
	pf.ID = planID(pf.Setup, plan.Shards)
	for i := range plan.Shards {
		plan.Shards[i].Plan = pf.ID
	}
	plan.File = *pf
	return plan
}

func sortedNodes(layer map[tt.Key]*node) []*node {
	out := make([]*node, 0, len(layer))
	for _, n := range layer {
		out = append(out, n)
	}
	slices.SortFunc(out, func(a, b *node) int { return tt.Compare(a.key, b.key) })
	return out
}

// compareMoves orders move lists by their cells, then by length (docs/design.md §5:
// among games of one length, the smallest in cell order).
func compareMoves(a, b []board.Move) int {
	for i := range min(len(a), len(b)) {
		if a[i].Cell != b[i].Cell {
			return cmp.Compare(a[i].Cell, b[i].Cell)
		}
	}
	return cmp.Compare(len(a), len(b))
}

func addCounts(into, from map[string]int64) {
	for k, v := range from {
		into[k] += v
	}
}
