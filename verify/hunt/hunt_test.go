package hunt

import (
	"context"
	"fmt"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
	"hexproof/verify/game"
)

type huntCase struct {
	name    string
	m, n    int
	geo     board.Geometry
	starter board.Color
	choices verify.Choices
}

func (c huntCase) String() string {
	return fmt.Sprintf("%s %dx%d %s, %s starts, %s", c.name, c.m, c.n, c.geo, c.starter, c.choices)
}

func (c huntCase) strategy(t *testing.T) strategies.Strategy {
	t.Helper()
	s, err := strategies.New(c.name, board.MustNew(c.m, c.n, c.geo))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// checkReplays replays every loss of a report independently of the hunt:
// through game.Replay (the whole game listed), each strategy move must be
// allowed and the game must end with the opponent's win (or a full board).
func checkReplays(t *testing.T, c huntCase, s strategies.Strategy, rep *Report) {
	t.Helper()
	for _, g := range rep.Losses {
		toks, err := g.Board.ParseMoves(g.Board.FormatMoves(g.Moves, board.Thesis, true))
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		r, err := game.Replay(s, c.starter, toks, c.choices == verify.First)
		if err != nil {
			t.Fatalf("%s: loss %s does not replay: %v", c, g.Board.FormatMoves(g.Moves, board.Thesis, true), err)
		}
		if r.Agreeing() != len(r.Turns) {
			t.Errorf("%s: the strategy does not allow every move of %s", c, g.Board.FormatMoves(g.Moves, board.Thesis, true))
		}
		p := r.Game.Position(-1)
		lost := g.Board.Wins(p, s.Side().Other()) || (p.Occupied() == g.Board.All() && !g.Board.Wins(p, s.Side()))
		if !lost || len(r.Game.Moves) != len(g.Moves) {
			t.Errorf("%s: %s is not a lost game on replay", c, g.Board.FormatMoves(g.Moves, board.Thesis, true))
		}
	}
}

// TestHuntAgreesWithVerify runs the exhaustive search and the hunt on small
// boards: where verify refutes, the hunt (without a budget) finds a loss of
// the same length and says no shorter one exists; where verify proves the
// strategy optimal, the hunt finds no loss.
func TestHuntAgreesWithVerify(t *testing.T) {
	cases := []huntCase{
		{"vandenbroek", 5, 4, board.Cylinder, board.Blue, verify.Every},
		{"vandenbroek", 5, 4, board.Cylinder, board.Red, verify.First},
		{"vandenbroek", 5, 4, board.Cylinder, board.Blue, verify.First},
		{"vandenbroek", 5, 3, board.Cylinder, board.Blue, verify.Some},
		{"fitzgerald", 5, 3, board.Cylinder, board.Blue, verify.Every},
		{"fitzgerald", 5, 4, board.Cylinder, board.Red, verify.Every},
		{"mirror", 4, 3, board.Torus, board.Blue, verify.Every},
		{"gardner", 4, 3, board.Torus, board.Blue, verify.Every},
		{"mirror", 4, 3, board.Cylinder, board.Red, verify.Every},
		{"hht", 3, 4, board.Cylinder, board.Blue, verify.Every},
		{"gardner", 4, 3, board.Flat, board.Red, verify.Every},
	}
	small := len(cases) // the cases hunted again with tiny tables
	if !testing.Short() {
		cases = append(cases,
			huntCase{"vandenbroek", 5, 4, board.Cylinder, board.Red, verify.Every},
			huntCase{"vandenbroek", 5, 4, board.Cylinder, board.Blue, verify.Some},
			huntCase{"fitzgerald", 5, 4, board.Cylinder, board.Blue, verify.Every},
			huntCase{"vandenbroek", 5, 5, board.Cylinder, board.Red, verify.First},
			huntCase{"vandenbroek", 5, 5, board.Cylinder, board.Blue, verify.Every},
		)
	}
	for i, c := range cases {
		s := c.strategy(t)
		want, err := verify.Run(context.Background(), verify.Options{Strategy: s, Name: c.name, Starter: c.starter, Choices: c.choices, Jobs: 2})
		if err != nil {
			t.Fatalf("%s: verify: %v", c, err)
		}
		// Memory 1 caps each table at 1,024 positions (TableCap), so the
		// tables are cleared many times: the verdicts must not change (on
		// the small cases; the others take minutes so).
		memories := []int64{0}
		if i < small {
			memories = append(memories, 1)
		}
		for _, memory := range memories {
			rep, err := Run(context.Background(), Options{Strategy: s, Name: c.name, Starter: c.starter, Choices: c.choices, Jobs: 2, Seed: 7, Memory: memory})
			if err != nil {
				t.Fatalf("%s: hunt: %v", c, err)
			}
			checkAgrees(t, fmt.Sprintf("%s, memory %d", c, memory), want, rep)
			checkReplays(t, c, s, rep)
		}
	}
}

// checkAgrees checks a hunt's report against verify's verdict.
func checkAgrees(t *testing.T, c string, want *verify.Result, rep *Report) {
	t.Helper()
	{
		got := rep.Result
		switch want.Verdict {
		case verify.Refuted:
			if got.Verdict != verify.Refuted || got.Counterexample == nil {
				t.Errorf("%s: verify refutes in %d plies, hunt says %s", c, len(want.Counterexample.Moves), got.Verdict)
				return
			}
			if len(got.Counterexample.Moves) != len(want.Counterexample.Moves) || !rep.NoShorter {
				t.Errorf("%s: hunt's loss has %d plies (no shorter: %v), verify's %d", c, len(got.Counterexample.Moves), rep.NoShorter, len(want.Counterexample.Moves))
			}
			if got.Minimal || got.Verdict.ExitCode() != 1 {
				t.Errorf("%s: a hunt must not claim a minimal counterexample (minimal %v, exit %d)", c, got.Minimal, got.Verdict.ExitCode())
			}
		case verify.Optimal:
			if got.Verdict != verify.Inconclusive || !rep.NoLoss || len(rep.Losses) != 0 {
				t.Errorf("%s: verify proves optimal, hunt says %s (no loss: %v, %d losses)", c, got.Verdict, rep.NoLoss, len(rep.Losses))
			}
		default:
			t.Fatalf("%s: verify says %s; the case needs a conclusive verdict", c, want.Verdict)
		}
	}
}

// summary is what a report must repeat exactly for the same seed, jobs and
// node budget (everything but times).
func summary(r *Report) string {
	s := fmt.Sprintf("%s nodes=%d games=%d depth=%d found=%d proven=%d noShorter=%v noLoss=%v stopped=%q",
		r.Result.Verdict, r.Nodes, r.Games, r.Depth, r.LossesFound, r.ProvenPlies, r.NoShorter, r.NoLoss, r.Stopped)
	for _, g := range r.Losses {
		s += "\n" + g.Board.FormatMoves(g.Moves, board.Thesis, true)
		for _, m := range g.Moves {
			s += " " + m.Rule
		}
	}
	return s
}

// TestHuntIsRepeatable: the same seed, jobs and node budget give the same
// report; another seed still finds a loss of the same length on a board
// where the hunt finishes.
func TestHuntIsRepeatable(t *testing.T) {
	c := huntCase{"fitzgerald", 5, 6, board.Cylinder, board.Blue, verify.Every}
	s := c.strategy(t)
	budget := int64(6000)
	if testing.Short() {
		budget = 2500
	}
	for _, jobs := range []int{1, 2} {
		var first string
		for range 2 {
			rep, err := Run(context.Background(), Options{Strategy: s, Name: c.name, Starter: c.starter, Jobs: jobs, Seed: 3, MaxNodes: budget})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Stopped != "node budget" || rep.Nodes < budget {
				t.Fatalf("jobs %d: the hunt should stop on its node budget (%d nodes, stopped %q)", jobs, rep.Nodes, rep.Stopped)
			}
			got := summary(rep)
			if first == "" {
				first = got
			} else if got != first {
				t.Fatalf("jobs %d, seed 3: two runs differ:\n%s\n---\n%s", jobs, first, got)
			}
			checkReplays(t, c, s, rep)
		}
	}
	c = huntCase{"vandenbroek", 5, 4, board.Cylinder, board.Blue, verify.First}
	s = c.strategy(t)
	var length int
	for seed := uint64(1); seed <= 3; seed++ {
		rep, err := Run(context.Background(), Options{Strategy: s, Name: c.name, Starter: c.starter, Choices: c.choices, Jobs: 1, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Result.Counterexample == nil {
			t.Fatalf("seed %d: no loss found", seed)
		}
		if n := len(rep.Result.Counterexample.Moves); length == 0 {
			length = n
		} else if n != length {
			t.Fatalf("seed %d: shortest loss %d plies, another seed found %d", seed, n, length)
		}
	}
}

// TestHuntStopsWhenCancelled: an interrupted hunt returns what it has.
func TestHuntStopsWhenCancelled(t *testing.T) {
	c := huntCase{"fitzgerald", 5, 9, board.Cylinder, board.Red, verify.Every}
	s := c.strategy(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep, err := Run(ctx, Options{Strategy: s, Name: c.name, Starter: c.starter, Jobs: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Stopped != "interrupted" || rep.Result.Verdict != verify.Inconclusive {
		t.Fatalf("stopped %q, verdict %s", rep.Stopped, rep.Result.Verdict)
	}
}

// TestTableCap: a job's table holds its share of the budget at
// tableEntryBytes a position, between 1,024 positions and maxTable.
func TestTableCap(t *testing.T) {
	for _, c := range []struct {
		memory int64
		jobs   int
		want   int
	}{
		{0, 2, maxTable},
		{1, 1, 1024},
		{16 << 20, 2, 8 << 20 / tableEntryBytes},
		{16 << 20, 0, 16 << 20 / tableEntryBytes},
		{64 << 30, 2, maxTable},
	} {
		if got := TableCap(c.memory, c.jobs); got != c.want {
			t.Errorf("TableCap(%d, %d) = %d, want %d", c.memory, c.jobs, got, c.want)
		}
	}
}

// TestStopPolledEveryNode: a search told to stop (a time limit, Ctrl-C)
// gives up at the next node it expands, not 256 nodes later; with a
// strategy that analyses every move a node can take a second
// (fitzgerald-sweep on 5×11 overran a ten-minute limit by two minutes when
// the poll came every 256 nodes).
func TestStopPolledEveryNode(t *testing.T) {
	polls := 0
	s := &searcher{stop: func() bool { polls++; return polls >= 3 }}
	for i := 1; i <= 3; i++ {
		if got := s.tick(); got != (i == 3) {
			t.Fatalf("node %d: aborted %v, want %v", i, got, i == 3)
		}
	}
	if s.nodes != 3 || polls != 3 {
		t.Errorf("nodes %d, polls %d; want 3 and 3", s.nodes, polls)
	}
}
