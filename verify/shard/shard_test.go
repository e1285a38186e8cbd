package shard

import (
	"fmt"
	"maps"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
	"hexproof/verify/game"
)

type splitCase struct {
	name    string
	m, n    int
	geo     board.Geometry
	starter board.Color
	choices verify.Choices
	want    verify.Verdict // as in docs/results.md
}

// Boards of at least 20 cells whose single runs take about a second.
var splitCases = []splitCase{
	{"mirror", 6, 4, board.Cylinder, board.Blue, verify.Every, verify.Optimal},      // 14,447 positions
	{"gardner", 5, 4, board.Cylinder, board.Blue, verify.Every, verify.Optimal},     // 20,492
	{"fitzgerald", 5, 4, board.Cylinder, board.Red, verify.Every, verify.Optimal},   // 361, strategy opens
	{"vandenbroek", 5, 4, board.Cylinder, board.Red, verify.First, verify.Refuted},  // 14 plies
	{"vandenbroek", 5, 4, board.Cylinder, board.Blue, verify.First, verify.Refuted}, // 11 plies
	{"gardner-blue", 5, 6, board.Cylinder, board.Red, verify.Every, verify.Refuted}, // 11 plies, strategy opens
}

func (c splitCase) String() string {
	return fmt.Sprintf("%s %dx%d %s, %s starts, %s", c.name, c.m, c.n, c.geo, c.starter, c.choices)
}

func (c splitCase) strategy(t *testing.T) strategies.Strategy {
	t.Helper()
	s, err := strategies.New(c.name, board.MustNew(c.m, c.n, c.geo))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (c splitCase) whole(t *testing.T) *verify.Result {
	t.Helper()
	res, err := verify.Run(t.Context(), verify.Options{Strategy: c.strategy(t), Name: c.name, Starter: c.starter, Choices: c.choices, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != c.want {
		t.Fatalf("%s: single run %s, docs/results.md says %s", c, res.Verdict, c.want)
	}
	return res
}

func (c splitCase) plan(t *testing.T, k int) *Plan {
	t.Helper()
	p, err := Make(t.Context(), PlanOptions{Strategy: c.strategy(t), Name: c.name, Starter: c.starter, Choices: c.choices, Shards: k})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// runShard verifies one shard as `verify --shard` does (in memory).
func runShard(t *testing.T, sf *ShardFile, maxPositions int64) *ResultFile {
	t.Helper()
	opt, err := sf.Options()
	if err != nil {
		t.Fatal(err)
	}
	opt.Jobs, opt.MaxPositions = 2, maxPositions
	res, err := verify.Run(t.Context(), opt)
	if err != nil {
		t.Fatalf("shard %d: %v", sf.Index, err)
	}
	return NewResult(sf.Plan, sf.Index, res)
}

func runAll(t *testing.T, p *Plan) []*ResultFile {
	out := make([]*ResultFile, len(p.Shards))
	for i := range p.Shards {
		out[i] = runShard(t, &p.Shards[i], 0)
	}
	return out
}

func merge(t *testing.T, p *Plan, rs []*ResultFile) *Merged {
	t.Helper()
	m, err := Merge(&p.File, rs, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func gameText(g *board.Game) string {
	if g == nil {
		return "none"
	}
	return g.Board.FormatMoves(g.Moves, board.Thesis, true) + " winner " + g.Winner.String()
}

// sameOutcome compares what a merge must reproduce exactly: verdict,
// counterexample (moves, rules, winner, minimality), longest game, layers.
func sameOutcome(t *testing.T, what string, got, want *verify.Result) {
	t.Helper()
	if got.Verdict != want.Verdict || got.Minimal != want.Minimal || got.LongestGame != want.LongestGame || got.LayersDone != want.LayersDone {
		t.Errorf("%s: %s minimal %v longest %d layers %d; single run: %s minimal %v longest %d layers %d (%s)", what,
			got.Verdict, got.Minimal, got.LongestGame, got.LayersDone, want.Verdict, want.Minimal, want.LongestGame, want.LayersDone, got.Detail)
	}
	if g, w := gameText(got.Counterexample), gameText(want.Counterexample); g != w {
		t.Errorf("%s: counterexample %s, single run %s", what, g, w)
	}
	if got.Detail != want.Detail {
		t.Errorf("%s: detail %q, single run %q", what, got.Detail, want.Detail)
	}
}

// TestSplitEqualsWholeRun: plan + every shard + merge gives the single run's
// verdict, minimal counterexample and longest game, for several shard
// counts; positions, rule counts and symmetry hits, which shards may count
// twice (a position reachable from two shards), are never below the single
// run's (transposition hits have no such bound: both the successors generated
// and the distinct ones are counted again); and with one shard, which shares
// every transposition, every figure is the single run's.
func TestSplitEqualsWholeRun(t *testing.T) {
	for _, c := range splitCases {
		whole := c.whole(t)
		for _, k := range []int{1, 4, 25} {
			if testing.Short() && k == 25 {
				continue
			}
			p := c.plan(t, k)
			if len(p.Shards) == 0 {
				t.Fatalf("%s: no shards (%s)", c, p.File.StopReason)
			}
			if len(p.Shards) < k && p.File.StopReason == "" {
				t.Errorf("%s: %d of %d shards without a reason", c, len(p.Shards), k)
			}
			m := merge(t, p, runAll(t, p))
			what := fmt.Sprintf("%s, %d shards (depth %d)", c, len(p.Shards), p.File.Depth)
			sameOutcome(t, what, m.Result, whole)
			got := m.Result
			if k == 1 {
				if got.Positions != whole.Positions || got.TranspositionHits != whole.TranspositionHits || got.SymmetryHits != whole.SymmetryHits || !maps.Equal(got.RuleCounts, whole.RuleCounts) {
					t.Errorf("%s: positions %d trans %d sym %d rules %v; single run %d %d %d %v", what,
						got.Positions, got.TranspositionHits, got.SymmetryHits, got.RuleCounts,
						whole.Positions, whole.TranspositionHits, whole.SymmetryHits, whole.RuleCounts)
				}
			}
			if got.Positions < whole.Positions || got.SymmetryHits < whole.SymmetryHits {
				t.Errorf("%s: %d positions, %d symmetry hits: fewer than the single run's %d, %d", what, got.Positions, got.SymmetryHits, whole.Positions, whole.SymmetryHits)
			}
			for rule, n := range whole.RuleCounts {
				if got.RuleCounts[rule] < n {
					t.Errorf("%s: rule %q fired %d times, the single run %d", what, rule, got.RuleCounts[rule], n)
				}
			}
			if whole.Verdict == verify.Optimal {
				// Every rule that fired in one fired in the other.
				for rule := range got.RuleCounts {
					if _, ok := whole.RuleCounts[rule]; !ok {
						t.Errorf("%s: rule %q fired only in the shards", what, rule)
					}
				}
			}
			t.Logf("%s: positions %d (single run %d), rule decisions %d (single run %d)", what, got.Positions, whole.Positions, sum(got.RuleCounts), sum(whole.RuleCounts))
		}
	}
}

func sum(m map[string]int64) int64 {
	var s int64
	for _, v := range m {
		s += v
	}
	return s
}

// TestPlanCountsExactly: the plan's own share of the figures is the single
// run's: all of a plan's prefixes verified together in one search (so that
// no transposition is lost between shards) give every figure of the single
// run exactly, whatever the depth at which the plan stopped.
func TestPlanCountsExactly(t *testing.T) {
	for _, c := range splitCases {
		whole := c.whole(t)
		for _, k := range []int{6, 60} {
			if testing.Short() && k == 60 {
				continue
			}
			p := c.plan(t, k)
			one := ShardFile{Format: Format, Plan: p.File.ID, Index: 0, Shards: 1, Setup: p.File.Setup, Depth: p.File.Depth}
			part := Part{Index: 0}
			for i, sf := range p.Shards {
				one.Prefixes = append(one.Prefixes, sf.Prefixes...)
				pt := p.File.Parts[i]
				part.Subtrees += pt.Subtrees
				part.Prefixes += pt.Prefixes
				part.StartTranspositions += pt.StartTranspositions
				part.StartSymmetryHits += pt.StartSymmetryHits
				if i == 0 || compareMoves(mustMoves(t, c, pt.First), mustMoves(t, c, part.First)) < 0 {
					part.First = pt.First
				}
			}
			pf := p.File
			pf.Parts = []Part{part}
			m, err := Merge(&pf, []*ResultFile{runShard(t, &one, 0)}, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := m.Result
			what := fmt.Sprintf("%s, the prefixes of %d shards (depth %d) together", c, len(p.Shards), p.File.Depth)
			sameOutcome(t, what, got, whole)
			if got.Positions != whole.Positions || got.TranspositionHits != whole.TranspositionHits || got.SymmetryHits != whole.SymmetryHits || !maps.Equal(got.RuleCounts, whole.RuleCounts) {
				t.Errorf("%s: positions %d trans %d sym %d rules %v; single run %d %d %d %v", what,
					got.Positions, got.TranspositionHits, got.SymmetryHits, got.RuleCounts,
					whole.Positions, whole.TranspositionHits, whole.SymmetryHits, whole.RuleCounts)
			}
		}
	}
}

func mustMoves(t *testing.T, c splitCase, ms []Move) []board.Move {
	t.Helper()
	out, err := movesIn(c.strategy(t).Board(), ms)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPlanPrefixes: the shards' prefixes are exactly the games of the plan's
// depth by the rules (each once), every subtree is in one shard only, and
// the files name one plan.
func TestPlanPrefixes(t *testing.T) {
	for _, c := range splitCases {
		p := c.plan(t, 10)
		seen := map[string]int{}
		for i, sf := range p.Shards {
			if sf.Plan != p.File.ID || sf.Index != i || sf.Depth != p.File.Depth || sf.Setup != p.File.Setup {
				t.Fatalf("%s: shard %d does not match its plan", c, i)
			}
			opt, err := sf.Options()
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range opt.Starts {
				s := g.Board.FormatMoves(g.Moves, board.Thesis, true)
				if j, dup := seen[s]; dup {
					t.Fatalf("%s: prefix %s in shards %d and %d", c, s, j, i)
				}
				seen[s] = i
			}
		}
		// Independent enumeration: every game of that many plies, through the
		// step, not over, with the opponent to move.
		s := c.strategy(t)
		r := game.NewRules(s, c.choices == verify.First)
		want := 0
		var rec func(pos board.Position, last board.Cell, moves []board.Move)
		rec = func(pos board.Position, last board.Cell, moves []board.Move) {
			if len(moves) == p.File.Depth {
				if pos.ToMove(c.starter) == r.Opp {
					want++
					if _, ok := seen[s.Board().FormatMoves(moves, board.Thesis, true)]; !ok {
						t.Errorf("%s: game %s is in no shard", c, s.Board().FormatMoves(moves, board.Thesis, true))
					}
				}
				return
			}
			who := pos.ToMove(c.starter)
			cells, rule := r.All.AndNot(pos.Occupied()), ""
			if who == r.Me {
				a, rl, f := r.Answer(pos, last)
				if f != game.NoFault {
					return
				}
				cells, rule = a, rl
			}
			for cells.Any() {
				x := cells.Pop()
				q, o := r.Place(pos, who, x)
				if o == game.Going {
					rec(q, x, append(moves, board.Move{Player: who, Cell: x, Rule: rule}))
				}
			}
		}
		rec(board.Position{}, board.NoCell, nil)
		if want != len(seen) {
			t.Errorf("%s: %d prefixes in the shards, %d games of %d plies", c, len(seen), want, p.File.Depth)
		}
		if p.File.Subtrees < 10 && p.File.StopReason == "" {
			t.Errorf("%s: %d subtrees for 10 shards, no reason", c, p.File.Subtrees)
		}
	}
}

// TestPlanSettled: when the search ends with the strategy's opening move
// (fitzgerald on 5x1 wins with it), the plan has no shards and merge
// reports the single run's result.
func TestPlanSettled(t *testing.T) {
	c := splitCase{"fitzgerald", 5, 1, board.Cylinder, board.Red, verify.Every, verify.Optimal}
	whole := c.whole(t)
	p := c.plan(t, 3)
	if len(p.Shards) != 0 || p.File.Settled == nil {
		t.Fatalf("%s: %d shards, settled %v", c, len(p.Shards), p.File.Settled)
	}
	m := merge(t, p, nil)
	sameOutcome(t, c.String(), m.Result, whole)
	if m.Result.Positions != whole.Positions || !maps.Equal(m.Result.RuleCounts, whole.RuleCounts) {
		t.Errorf("%s: positions %d rules %v, single run %d %v", c, m.Result.Positions, m.Result.RuleCounts, whole.Positions, whole.RuleCounts)
	}
}
