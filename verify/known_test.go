package verify

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/tt"
	"hexproof/verify/game"
)

// TestKnownResults checks what the seeds claim or show, with --choices every
// (thesis §4.2, ch. 5, Fig. 4.6, 4.7, 5.2, 5.3), and replays every
// counterexample through Replay (what `hexproof replay` runs) to a
// loss.
func TestKnownResults(t *testing.T) {
	cases := []struct {
		size     string
		geo      board.Geometry
		strategy string
		starter  board.Color // Empty: both
		want     Verdict
		slow     bool
	}{
		{"4x3", board.Cylinder, "mirror", board.Empty, Optimal, false},
		{"4x4", board.Cylinder, "mirror", board.Empty, Optimal, false},
		{"6x3", board.Cylinder, "mirror", board.Empty, Optimal, false},
		{"4x3", board.Cylinder, "gardner", board.Empty, Optimal, false},
		{"5x4", board.Cylinder, "gardner", board.Empty, Optimal, false},
		{"4x3", board.Flat, "gardner", board.Empty, Optimal, false},
		{"5x4", board.Flat, "gardner", board.Empty, Optimal, false},
		{"3x4", board.Cylinder, "hht", board.Empty, Optimal, false},
		{"4x3", board.Torus, "mirror", board.Empty, Refuted, false},         // Fig. 4.7
		{"4x3", board.Torus, "gardner", board.Empty, Refuted, false},        // Fig. 5.3
		{"5x5", board.Cylinder, "hht", board.Blue, Refuted, true},           // Fig. 4.6
		{"5x6", board.Cylinder, "gardner-blue", board.Empty, Refuted, true}, // Fig. 5.2
		// Henderson–Hayward's handicap strategy (§5, the handicap player
		// starts): on 4×4 its handicap cell (1,3) itself loses (solve:
		// Blue wins by (3,2) or (1,4)); on 5×5 this file's reading of the
		// first-row rule loses (docs/results.md, handicap).
		{"4x4", board.Flat, "handicap", board.Red, Refuted, false},
		{"5x5", board.Flat, "handicap", board.Red, Refuted, true},
	}
	for _, c := range cases {
		m, n, err := board.ParseBoardSize(c.size)
		if err != nil {
			t.Fatal(err)
		}
		b := board.MustNew(m, n, c.geo)
		s, err := strategies.New(c.strategy, b)
		if err != nil {
			t.Fatalf("%s on %s: %v", c.strategy, b, err)
		}
		starters := []board.Color{board.Red, board.Blue}
		if c.starter != board.Empty {
			starters = []board.Color{c.starter}
		}
		for _, st := range starters {
			name := fmt.Sprintf("%s/%s/%s-starts", b, c.strategy, st)
			t.Run(name, func(t *testing.T) {
				if c.slow && testing.Short() {
					t.Skip("slow; run without -short")
				}
				res := run(t, Options{Strategy: s, Name: c.strategy, Starter: st, Choices: Every, Jobs: 2})
				if c.want == Refuted && res.Verdict == Refuted {
					replayLoss(t, s, st, res.Counterexample)
					return
				}
				// Optimal is claimed for both starters; a refutation for one
				// starter is enough where the seeds show one lost game.
				if res.Verdict != c.want && !(c.want == Refuted && c.starter == board.Empty && res.Verdict == Optimal) {
					t.Fatalf("verdict %s, want %s (%s)", res.Verdict, c.want, res.Detail)
				}
			})
		}
	}
}

// replayLoss feeds the counterexample to Replay as a whole game and
// checks that every strategy move agrees with the strategy and that the
// opponent wins.
func replayLoss(t *testing.T, s strategies.Strategy, starter board.Color, g *board.Game) {
	t.Helper()
	b := s.Board()
	text := b.FormatMoves(g.Moves, board.Letter, true)
	toks, err := b.ParseMoves(text)
	if err != nil {
		t.Fatalf("counterexample %q does not parse: %v", text, err)
	}
	r, err := game.Replay(s, starter, toks, true)
	if err != nil {
		t.Fatalf("counterexample %q does not replay: %v", text, err)
	}
	if r.Agreeing() != len(r.Turns) {
		t.Fatalf("counterexample %q: only %d of %d strategy moves agree with the strategy", text, r.Agreeing(), len(r.Turns))
	}
	if r.Game.Winner != s.Side().Other() {
		t.Fatalf("counterexample %q: winner %s, want %s", text, r.Game.Winner, s.Side().Other())
	}
}

// TestBadgerStoreAgrees runs the same searches with the Badger store as with
// memory, and with tiny successor buffers so that layers arrive in many runs.
func TestBadgerStoreAgrees(t *testing.T) {
	for _, c := range []struct {
		size     string
		geo      board.Geometry
		strategy string
	}{{"4x3", board.Torus, "gardner"}, {"5x4", board.Cylinder, "gardner"}, {"4x4", board.Cylinder, "mirror"}} {
		m, n, _ := board.ParseBoardSize(c.size)
		b := board.MustNew(m, n, c.geo)
		s, err := strategies.New(c.strategy, b)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range []board.Color{board.Red, board.Blue} {
			opt := Options{Strategy: s, Name: c.strategy, Starter: st, Jobs: 2}
			mem := run(t, opt)
			opt.DB = filepath.Join(t.TempDir(), "db")
			opt.MemoryBudget = 1 << 14
			disk := run(t, opt)
			if summary(mem) != summary(disk) {
				t.Errorf("%s %s %s-starts: memory %s, Badger %s", b, c.strategy, st, summary(mem), summary(disk))
			}
		}
	}
}

func summary(r *Result) string {
	s := fmt.Sprintf("%s positions=%d longest=%d trans=%d sym=%d rules=%v", r.Verdict, r.Positions, r.LongestGame, r.TranspositionHits, r.SymmetryHits, r.RuleCounts)
	if r.Counterexample != nil {
		s += " game=" + r.Board.FormatMoves(r.Counterexample.Moves, board.Thesis, true)
	}
	return s
}

// TestResumeAfterInterrupt stops a run part-way (as a time limit or Ctrl-C
// would), resumes it from the database, and expects exactly the result of an
// uninterrupted run.
func TestResumeAfterInterrupt(t *testing.T) {
	b := board.MustNew(5, 4, board.Cylinder)
	s, err := strategies.New("gardner", b)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []board.Color{board.Red, board.Blue} {
		opt := Options{Strategy: s, Name: "gardner", Starter: st, Jobs: 2}
		want := summary(run(t, opt))
		for _, stopAfter := range []int64{1, 3, 6} {
			opt.DB = filepath.Join(t.TempDir(), "db")
			ctx, cancel := context.WithCancel(context.Background())
			var layers atomic.Int64
			opt.Progress = nil
			// Cancel once the search has reached the stopAfter-th layer.
			opt2 := opt
			opt2.Progress = func(p Progress) {
				if int64(p.Layer) >= stopAfter*2 && layers.Add(1) == 1 {
					cancel()
				}
			}
			first, err := Run(ctx, opt2)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			// The library says how far the search got (the command adds how
			// to continue); it names no flag.
			if first.Verdict == Inconclusive && (!strings.Contains(first.Detail, "stones are complete") || strings.Contains(first.Detail, "--")) {
				t.Errorf("inconclusive detail does not say which layers are complete, or names a flag: %s", first.Detail)
			}
			opt.Resume = true
			got := summary(run(t, opt))
			if got != want {
				t.Errorf("%s-starts, stopped near layer %d (%s): resumed %s, want %s", st, stopAfter*2, first.Verdict, got, want)
			}
			opt.Resume = false
		}
	}
}

// TestDatabaseRefusals: a directory that is not a hexproof database, or one
// holding another run, is refused without touching it.
func TestDatabaseRefusals(t *testing.T) {
	b := board.MustNew(4, 3, board.Cylinder)
	s, _ := strategies.New("mirror", b)
	dir := t.TempDir()
	if err := writeFile(filepath.Join(dir, "notes.txt"), "precious"); err != nil {
		t.Fatal(err)
	}
	_, err := Run(context.Background(), Options{Strategy: s, Name: "mirror", Starter: board.Red, DB: dir})
	if err == nil || !strings.Contains(err.Error(), "not a hexproof database") {
		t.Fatalf("foreign directory: err = %v", err)
	}
	if got, _ := readFile(filepath.Join(dir, "notes.txt")); got != "precious" {
		t.Fatalf("foreign directory was modified")
	}
	db := filepath.Join(t.TempDir(), "db")
	run(t, Options{Strategy: s, Name: "mirror", Starter: board.Red, DB: db})
	_, err = Run(context.Background(), Options{Strategy: s, Name: "mirror", Starter: board.Blue, DB: db})
	if err == nil || !strings.Contains(err.Error(), "holds another run") {
		t.Fatalf("other run: err = %v", err)
	}
	st, err := tt.OpenBadger(db)
	if err != nil {
		t.Fatalf("the database was damaged by the refusal: %v", err)
	}
	st.Close()
}

// TestMemoryBudgetInMemory: without a database, a search that outgrows the
// memory budget stops with an inconclusive verdict instead of exhausting
// memory; what it holds stays within the store's share of the budget, and
// the answer does not depend on the number of workers.
func TestMemoryBudgetInMemory(t *testing.T) {
	b := board.MustNew(5, 4, board.Cylinder)
	s, _ := strategies.New("gardner", b)
	opt := Options{Strategy: s, Name: "gardner", Starter: board.Red, MemoryBudget: 1 << 20}
	res := run(t, opt)
	if res.Verdict != Inconclusive || !strings.Contains(res.Detail, "memory budget") {
		t.Fatalf("verdict %s (%s), want inconclusive for the memory budget", res.Verdict, res.Detail)
	}
	_, storeBytes := opt.memoryPlan()
	if res.Positions*16 > storeBytes || res.LayersDone == 0 {
		t.Fatalf("%d positions in %d layers, want at least one layer and at most %d bytes of keys", res.Positions, res.LayersDone, storeBytes)
	}
	full := run(t, Options{Strategy: s, Name: "gardner", Starter: board.Red})
	if full.Verdict != Optimal || full.Positions*16 <= storeBytes {
		t.Fatalf("without the budget: %s after %d positions; the test needs an optimal run larger than the budget", full.Verdict, full.Positions)
	}
	opt.Jobs = 2
	if res2 := run(t, opt); res2.Verdict != res.Verdict || res2.Positions != res.Positions || res2.Detail != res.Detail {
		t.Fatalf("jobs 2: %s, %d positions (%s); jobs 1: %s, %d positions (%s)", res2.Verdict, res2.Positions, res2.Detail, res.Verdict, res.Positions, res.Detail)
	}
}

// refutedRun runs strategy on the m×n board unlimited, and fails the test
// unless it is refuted.
func refutedRun(t *testing.T, m, n int, geom board.Geometry, strategy string, starter board.Color) (*board.Board, Options, *Result) {
	t.Helper()
	b := board.MustNew(m, n, geom)
	s, err := strategies.New(strategy, b)
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Strategy: s, Name: strategy, Starter: starter}
	want := run(t, opt)
	if want.Verdict != Refuted {
		t.Fatalf("%s %s: %s, want a refuted run", b, strategy, want.Verdict)
	}
	return b, opt, want
}

// refutedSmall are small refuted runs whose losses are some layers deep.
var refutedSmall = []struct {
	m, n     int
	geom     board.Geometry
	strategy string
	starter  board.Color
}{
	{4, 3, board.Torus, "gardner", board.Red},
	{4, 4, board.Cylinder, "hht", board.Blue},
	{5, 3, board.Cylinder, "hht", board.Red},
}

// TestMemoryBudgetSweep: under any memory budget, an in-memory search either
// gives the unlimited search's answer — the same verdict and counterexample —
// or stops inconclusive, never while the loss is within the layers it
// completed; and jobs 1 and 2 agree at every budget (a layer is refused
// exactly when its finished size does not fit, whatever the workers' timing).
func TestMemoryBudgetSweep(t *testing.T) {
	for _, c := range refutedSmall {
		b, opt, want := refutedRun(t, c.m, c.n, c.geom, c.strategy, c.starter)
		refuted, inconclusive := 0, 0
		// Up to a budget that holds every layer and the layer set's least
		// size many times over.
		for budget := int64(1 << 10); budget < want.Positions*16*8+1<<22; budget += budget / 4 {
			opt.MemoryBudget = budget
			var got [2]*Result
			for j := range got {
				opt.Jobs = j + 1
				got[j] = run(t, opt)
			}
			if got[0].Verdict != got[1].Verdict || got[0].Positions != got[1].Positions || got[0].Detail != got[1].Detail {
				t.Fatalf("%s %s, budget %d: jobs 1 %s (%s), jobs 2 %s (%s)", b, c.strategy, budget, got[0].Verdict, got[0].Detail, got[1].Verdict, got[1].Detail)
			}
			switch r := got[0]; r.Verdict {
			case Inconclusive:
				inconclusive++
				if r.LayersDone+2 >= len(want.Counterexample.Moves) {
					t.Fatalf("%s %s, budget %d: inconclusive with layers to %d complete, but the loss of %d plies is in reach", b, c.strategy, budget, r.LayersDone, len(want.Counterexample.Moves))
				}
			case Refuted:
				refuted++
				if gameString(b, r.Counterexample.Moves) != gameString(b, want.Counterexample.Moves) || r.Positions != want.Positions {
					t.Fatalf("%s %s, budget %d: counterexample %s after %d positions, want %s after %d", b, c.strategy, budget, gameString(b, r.Counterexample.Moves), r.Positions, gameString(b, want.Counterexample.Moves), want.Positions)
				}
			default:
				t.Fatalf("%s %s, budget %d: %s, want refuted or inconclusive", b, c.strategy, budget, r.Verdict)
			}
		}
		if inconclusive == 0 || refuted == 0 {
			t.Errorf("%s %s: %d budgets inconclusive and %d refuted; the sweep needs both", b, c.strategy, inconclusive, refuted)
		}
		t.Logf("%s %s: %d budgets inconclusive, %d refuted", b, c.strategy, inconclusive, refuted)
	}
}

// TestFullLayerKeepsEvents: a layer whose successors do not fit the memory
// budget is still searched for losses completely, so the run is refuted,
// with the same counterexample, when that layer holds the shortest loss, and
// inconclusive with the layers before it complete otherwise.
func TestFullLayerKeepsEvents(t *testing.T) {
	defer func() { fullAt = -1 }()
	for _, c := range refutedSmall {
		fullAt = -1
		b, opt, want := refutedRun(t, c.m, c.n, c.geom, c.strategy, c.starter)
		for jobs := 1; jobs <= 2; jobs++ {
			opt.Jobs = jobs
			for fullAt = want.LayersDone; fullAt >= want.LayersDone-4 && fullAt >= 0; fullAt -= 2 {
				got := run(t, opt)
				switch {
				case fullAt == want.LayersDone:
					if got.Verdict != Refuted || gameString(b, got.Counterexample.Moves) != gameString(b, want.Counterexample.Moves) || got.Positions != want.Positions {
						t.Fatalf("%s %s, jobs %d, full at %d: %s (%s), want the loss %s", b, c.strategy, jobs, fullAt, got.Verdict, got.Detail, gameString(b, want.Counterexample.Moves))
					}
				case got.Verdict != Inconclusive || got.LayersDone != fullAt || !strings.Contains(got.Detail, "memory budget"):
					t.Fatalf("%s %s, jobs %d, full at %d: %s with layers to %d (%s), want inconclusive at %d", b, c.strategy, jobs, fullAt, got.Verdict, got.LayersDone, got.Detail, fullAt)
				}
			}
		}
	}
}

// TestDatabaseUnderTinyBudget: with a database and a memory budget too small
// to hold any layer, every layer goes to Badger and the counterexample is
// reconstructed from the layers there; the result equals the in-memory run's
// (verdict, positions, rule counts, counterexample), for jobs 1 and 2.
func TestDatabaseUnderTinyBudget(t *testing.T) {
	for _, c := range []struct {
		m, n     int
		strategy string
		starter  board.Color
	}{
		{4, 4, "hht", board.Blue},
		{5, 3, "hht", board.Red},
		{5, 4, "gardner", board.Blue},
	} {
		b := board.MustNew(c.m, c.n, board.Cylinder)
		s, err := strategies.New(c.strategy, b)
		if err != nil {
			t.Fatal(err)
		}
		want := run(t, Options{Strategy: s, Name: c.strategy, Starter: c.starter})
		for jobs := 1; jobs <= 2; jobs++ {
			got := run(t, Options{Strategy: s, Name: c.strategy, Starter: c.starter, Jobs: jobs,
				DB: filepath.Join(t.TempDir(), "db"), MemoryBudget: 1 << 10})
			if got.Verdict != want.Verdict || got.Positions != want.Positions || !maps.Equal(got.RuleCounts, want.RuleCounts) {
				t.Fatalf("%s %s, jobs %d: %s, %d positions, rules %v; in memory %s, %d, %v", b, c.strategy, jobs, got.Verdict, got.Positions, got.RuleCounts, want.Verdict, want.Positions, want.RuleCounts)
			}
			if (got.Counterexample == nil) != (want.Counterexample == nil) ||
				(want.Counterexample != nil && gameString(b, got.Counterexample.Moves) != gameString(b, want.Counterexample.Moves)) {
				t.Fatalf("%s %s, jobs %d: counterexample %v, want %v", b, c.strategy, jobs, got.Counterexample, want.Counterexample)
			}
		}
	}
}
