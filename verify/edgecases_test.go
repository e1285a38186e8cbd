package verify

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/strategies"
	"hexproof/tt"
)

// trap behaves like its inner strategy except at one decision (position after
// the opponent's move, and that move), where it answers nothing or panics.
type trap struct {
	strategies.Strategy
	at   board.Position
	last board.Cell
	mode string
}

func (s trap) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	if p == s.at && last == s.last {
		if s.mode == "panic" {
			panic("trap")
		}
		return board.Bits{}, "trap"
	}
	return s.Strategy.Allowed(p, last)
}

// TestPanicVersusNothing: the step catches panics per decision:
// a strategy that panics at one decision must be
// treated like one that answers nothing there (both are strategy errors, docs/design.md
// §5). V5: "a loss decides over a strategy error found in the same layer", and
// the counterexample is the smallest lost game. But engine.expand recovers a
// panic with a defer around the whole state: the panic at the opponent's move
// b1 abandons the state, so the opponent's winning moves b2 > b1 from the same
// state are never recorded as losses. The state drops out of the bad set and
// the reported counterexample is not the smallest lost game (3x3 and 4x3
// cylinder below); with no other loss in the layer the verdict becomes
// "strategy error" although a loss of the same length exists; and with
// --jobs > 1 the outcome depends on whether another worker set lossSeen before
// the state was expanded (then the strategy is not called and the loss is
// recorded), i.e. on timing.
func TestPanicVersusNothing(t *testing.T) {
	for _, b := range []*board.Board{board.MustNew(3, 3, board.Cylinder), board.MustNew(4, 3, board.Cylinder), board.MustNew(3, 4, board.Flat)} {
		inner := lowestEmpty{anyEmpty{B: b, Player: board.Red}}
		base := run(t, Options{Strategy: inner, Name: "low", Starter: board.Blue})
		if base.Verdict != Refuted {
			continue
		}
		g := base.Counterexample
		s := g.Position(len(g.Moves) - 1)
		b2 := g.Moves[len(g.Moves)-1].Cell
		empty := b.All().AndNot(s.Occupied())
		b1 := empty.First()
		if b1 == b2 || empty.Count() < 3 {
			continue
		}
		p1 := s.Play(board.Blue, b1)
		var sums []string
		for _, mode := range []string{"nothing", "panic"} {
			st := trap{inner, p1, b1, mode}
			res := run(t, Options{Strategy: st, Name: "trap", Starter: board.Blue})
			sums = append(sums, summary(res))
			t.Logf("%s %s: %s", b, mode, summary(res))
		}
		if sums[0] != sums[1] {
			t.Errorf("%s: answering nothing gives %s, panicking gives %s", b, sums[0], sums[1])
		}
	}
}

// TestResumeAfterFreshStartDrop:
// a fresh start now records "no finished layer" before dropping, and --resume
// checks every stored layer against the recorded sizes; the resume must now
// either refuse or give the true verdict). Before the fix: a run started afresh (no --resume) on
// the database of the same run begins with e.store.Drop(0) (runBFS) while the
// old metadata stays; the new metadata is queued only after layer d0 is
// rebuilt. A kill -9 (or power loss) in between leaves metadata naming frontier
// F with no layers. --resume then reads layer F as an empty layer (Badger's
// Layer does not fail on a missing layer) and runBFS's "cur.Len() == 0"
// declares the strategy OPTIMAL — here hht on 5x4, which is refuted. The same
// happens for any database whose layers are missing or truncated (see
// tt/hybrid_test.go for a way the Hybrid store can write such metadata).
// The Drop(0) below is exactly the first thing the fresh run does. Reproduced
// with the CLI and a real kill -9 about 60 ms into the fresh run:
//
//	hexproof verify --board 5x4 --strategy hht --starter blue --db D --max-positions 200  # exit 3
//	hexproof verify --board 5x4 --strategy hht --starter blue --db D & sleep 0.06; kill -9 $!
//	hexproof verify --board 5x4 --strategy hht --starter blue --db D --resume
//	→ "Verdict: optimal", exit 0, 201 positions (the true answer: refuted in 13 plies)
func TestResumeAfterFreshStartDrop(t *testing.T) {
	b := board.MustNew(5, 4, board.Cylinder)
	s, err := strategies.New("hht", b)
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Strategy: s, Name: "hht", Starter: board.Blue}
	want := run(t, opt)
	t.Logf("want %s", summary(want))
	opt.DB = filepath.Join(t.TempDir(), "db")
	opt.MaxPositions = 200
	first := run(t, opt)
	t.Logf("first %s %s", first.Verdict, first.Detail)
	// A fresh start of the same run drops every layer first (runBFS), then
	// writes layer d0 and its metadata; a kill -9 in between leaves this:
	st, err := tt.OpenBadger(opt.DB)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Drop(0); err != nil {
		t.Fatal(err)
	}
	st.Close()
	opt.MaxPositions = 0
	opt.Resume = true
	got, err := Run(context.Background(), opt)
	if err != nil {
		t.Logf("resume refused: %v", err)
		return
	}
	t.Logf("got %s", summary(got))
	if got.Verdict != want.Verdict {
		t.Errorf("resumed verdict %s, want %s", got.Verdict, want.Verdict)
	}
}

// burst answers the lowest empty cell, except that its first answer may also
// be cell 63, and from then on, once it holds cell 63, every empty cell.
type burst struct{ anyEmpty }

func (s burst) Symmetries() []board.Perm { return s.B.Identity() }
func (s burst) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	e := s.B.All().AndNot(p.Occupied())
	top := board.Cell(s.B.Cells() - 1)
	switch {
	case p.Plies() == 1:
		return board.Bit(e.First()).Or(board.Bit(top).And(e)), "open"
	case p.Red.Has(top):
		return e, "all"
	}
	return board.Bit(e.First()), "low"
}

// TestKeySetOverflow: a search whose successors overflow a tiny layer set
// finishes. It was a hang when the set was a hash table of at most 4096 slots
// at a small --memory: one state adding more new successors than the free
// slots made the insertion probe forever, and no time limit could stop it
// (the context is only checked between chunks). The layer set is sorted runs
// now, which cannot fill up; the test stays, as the case that a small budget
// and a burst of successors must not stall the search. Here: 8x8,
// MemoryBudget 64 KiB, a strategy that allows every empty cell in some
// states.
func TestKeySetOverflow(t *testing.T) {
	b := board.MustNew(8, 8, board.Cylinder)
	done := make(chan *Result, 1)
	go func() {
		res, _ := Run(context.Background(), Options{Strategy: burst{anyEmpty{B: b, Player: board.Red}}, Name: "burst", Starter: board.Blue, MemoryBudget: 64 << 10, MaxPositions: 1000})
		done <- res
	}()
	select {
	case res := <-done:
		t.Logf("finished: %s %s", summary(res), res.Detail)
	case <-time.After(20 * time.Second):
		t.Errorf("no result after 20 s: the search stalls in the layer set")
	}
}

// commuteReachable checks docs/design.md §3 where the verifier relies on it: at every
// decision reachable under `every` (the strategy's whole allowed set is
// followed, the opponent plays anywhere), except the opening on the empty
// board, which the contract exempts (the opening is asked there as it is:
// Expander.Open, some.go's Key), and so also
// at every image of one (which is what a canonical state presents to the
// strategy), Allowed(g·p, g·last) = g·Allowed(p, last) for each declared g.
// It returns the number of decisions checked, or -1 if the cap was reached.
func commuteReachable(t *testing.T, name string, s strategies.Strategy, starter board.Color, limit int) int {
	t.Helper()
	b := s.Board()
	me, opp := s.Side(), s.Side().Other()
	syms := s.Symmetries()
	checked := 0
	check := func(p board.Position, last board.Cell) (board.Bits, bool) {
		allowed, _ := s.Allowed(p, last)
		checked++
		for k, g := range syms {
			if p.Plies() == 0 {
				break // the opening on the empty board is exempt (Strategy.Symmetries)
			}
			got, _ := s.Allowed(g.ApplyPos(p), g.Apply(last))
			if want := g.ApplyBits(allowed); got != want {
				t.Errorf("%s on %s, %s starts: symmetry %d of %d does not commute at\n%s(last %s): Allowed(g·p)=%v, g·Allowed(p)=%v",
					name, b, starter, k, len(syms), b.Picture(p, board.Bits{}), b.Format(last, board.Thesis), got.Cells(), want.Cells())
				return allowed, false
			}
		}
		return allowed, allowed.Any() && allowed.AndNot(b.All().AndNot(p.Occupied())).Empty()
	}
	var layer []board.Position
	if starter == opp {
		layer = []board.Position{{}}
	} else {
		allowed, ok := check(board.Position{}, board.NoCell)
		if !ok {
			return checked
		}
		for a := allowed; a.Any(); {
			c := a.Pop()
			p := board.Position{}.Play(me, c)
			if !b.Wins(p, me) && b.Cells() > 1 {
				layer = append(layer, p)
			}
		}
	}
	for len(layer) > 0 {
		seen := map[board.Position]bool{}
		var next []board.Position
		for _, p := range layer {
			empty := b.All().AndNot(p.Occupied())
			for bs := empty; bs.Any(); {
				x := bs.Pop()
				p1 := p.Play(opp, x)
				if b.Wins(p1, opp) || empty.Count() == 1 {
					continue
				}
				allowed, ok := check(p1, x)
				if !ok {
					return checked
				}
				for allowed.Any() {
					a := allowed.Pop()
					p2 := p1.Play(me, a)
					if b.Wins(p2, me) || empty.Count() == 2 || seen[p2] {
						continue
					}
					seen[p2] = true
					next = append(next, p2)
				}
				if checked > limit {
					return -1
				}
			}
		}
		layer = next
	}
	return checked
}

func TestSymmetriesOnReachableDecisions(t *testing.T) {
	limit, hi := 60_000, 12
	if testing.Short() {
		limit, hi = 20_000, 9
	}
	complete, total := 0, 0
	for _, b := range boardsWithCells(1, hi) {
		for _, info := range strategies.All() {
			if info.Applies(b.M, b.N, b.Geo) != nil {
				continue
			}
			s, err := info.Build(b)
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Symmetries()) <= 1 {
				continue
			}
			for _, st := range []board.Color{board.Red, board.Blue} {
				total++
				if commuteReachable(t, info.Name, s, st, limit) >= 0 {
					complete++
				}
			}
		}
	}
	t.Logf("%d of %d (strategy, board, starter) game graphs checked completely", complete, total)
}

// strategyCase is a strategy to verify, with its registry name and starter.
type strategyCase struct {
	name    string
	s       strategies.Strategy
	starter board.Color
}

// lossyCases are refuted (or otherwise settled) searches with many losing
// games of the minimal length, so that timing could matter.
func lossyCases(t *testing.T) []strategyCase {
	var out []strategyCase
	add := func(name string, s strategies.Strategy, st board.Color) {
		out = append(out, strategyCase{name, s, st})
	}
	for _, c := range []struct {
		name string
		m, n int
		geo  board.Geometry
	}{{"mirror", 4, 3, board.Torus}, {"gardner", 4, 3, board.Torus}, {"hht", 3, 4, board.Torus}, {"hht-strict", 3, 5, board.Torus}, {"hht", 4, 4, board.Cylinder}} {
		b := board.MustNew(c.m, c.n, c.geo)
		s, err := strategies.New(c.name, b)
		if err != nil {
			t.Fatal(err)
		}
		add(c.name, s, board.Red)
		add(c.name, s, board.Blue)
	}
	b := board.MustNew(4, 4, board.Cylinder)
	add("near-red", neighbourly{anyEmpty{B: b, Player: board.Red}}, board.Blue)
	add("any-blue", anyEmpty{B: board.MustNew(3, 5, board.Torus), Player: board.Blue}, board.Red)
	return out
}

// fullSummary is summary plus the exported losing games and the detail.
func fullSummary(t *testing.T, opt Options) string {
	t.Helper()
	return runSummary(t, context.Background(), opt).s
}

// TestDeterminism: the whole result — verdict, counts, counterexample,
// and the exported losing games in order — is the same for 1, 2 and 3 jobs,
// repeated, in memory and in Badger with successor buffers so small that
// every layer spills (tt.Hybrid streaming into Badger); with the long
// cases, everything twice (a race that shows once in two runs).
func TestDeterminism(t *testing.T) {
	repeats := 1
	if testkit.Long() {
		repeats = 2
	}
	for _, c := range lossyCases(t) {
		base := Options{Strategy: c.s, Name: c.name, Starter: c.starter, Jobs: 1}
		want := fullSummary(t, base)
		for r := 0; r < repeats; r++ {
			for _, jobs := range []int{2, 3} {
				for _, disk := range []bool{false, true} {
					opt := base
					opt.Jobs = jobs
					if disk {
						opt.DB = filepath.Join(t.TempDir(), "db")
						opt.MemoryBudget = 1 << 10
					}
					if got := fullSummary(t, opt); got != want {
						t.Fatalf("%s on %s, %s starts, jobs=%d db=%v:\n got %s\nwant %s", c.name, c.s.Board(), c.starter, jobs, disk, got, want)
					}
				}
			}
		}
	}
}

// TestResumeEverywhere: a run stopped by the position budget after any
// layer, then resumed (with other jobs and another memory budget), gives
// exactly the uninterrupted result; so does resuming a finished database.
func TestResumeEverywhere(t *testing.T) {
	cases := lossyCases(t)
	if testing.Short() {
		cases = cases[:4]
	}
	for _, c := range cases {
		base := Options{Strategy: c.s, Name: c.name, Starter: c.starter, Jobs: 2}
		want := run(t, base)
		wantSum := summary(want)
		// The layer sizes, from a run stopped after each layer.
		for budget := int64(1); budget < want.Positions; budget = budget*5 + 1 {
			opt := base
			opt.DB = filepath.Join(t.TempDir(), "db")
			opt.MaxPositions = budget
			first := run(t, opt)
			opt.MaxPositions = 0
			opt.Resume = true
			opt.Jobs = 1 + int(budget%3)
			opt.MemoryBudget = 1 << (10 + budget%5)
			got := run(t, opt)
			if summary(got) != wantSum {
				t.Fatalf("%s on %s, %s starts, stopped at %d positions (%s, %s), resumed:\n got %s\nwant %s",
					c.name, c.s.Board(), c.starter, budget, first.Verdict, first.Detail, summary(got), wantSum)
			}
			// Resuming the settled database again gives the same answer.
			if again := run(t, opt); summary(again) != wantSum {
				t.Fatalf("%s on %s: resuming a settled database: %s", c.name, c.s.Board(), summary(again))
			}
		}
	}
}

// TestSomeOnTori: --choices some against the plain minimax on tori of
// 10 to 12 cells and cylinders of m = 1, 2, for the test strategies and the
// registered ones. (A full board without a winner, a draw, would end a game
// on the torus; an exhaustive check found none on any board of at most 16
// cells, so the draw rules are tested on constructed replies instead:
// TestAnswersIsAfter.)
func TestSomeOnTori(t *testing.T) {
	if testing.Short() {
		t.Skip("plain minimax on 10-12 cells")
	}
	compared := 0
	for _, b := range boardsWithCells(10, 12) {
		if b.Geo != board.Torus && b.M > 2 {
			continue
		}
		for _, ns := range testStrategies(b) {
			for _, st := range []board.Color{board.Red, board.Blue} {
				ref := reference(ns.s, st, Some, 150_000)
				if ref.exceeded {
					continue
				}
				res := run(t, Options{Strategy: ns.s, Name: ns.name, Starter: st, Choices: Some})
				compared++
				if res.Verdict != ref.verdict {
					t.Fatalf("%s %s %s starts: verdict %s, plain minimax %s", b, ns.name, st, res.Verdict, ref.verdict)
				}
				switch res.Verdict {
				case Optimal:
					if res.LongestGame != ref.longest {
						t.Errorf("%s %s %s starts: longest %d, plain minimax %d", b, ns.name, st, res.LongestGame, ref.longest)
					}
				case Refuted:
					if len(res.Counterexample.Moves) != ref.plies {
						t.Errorf("%s %s %s starts: %d plies, plain minimax %d", b, ns.name, st, len(res.Counterexample.Moves), ref.plies)
					}
					checkLoss(t, b.String()+" "+ns.name, ns.s, Some, res.Counterexample)
				}
			}
		}
	}
	t.Logf("%d runs compared", compared)
}

// canceller cancels the run's context at its first decision with `at` stones
// on the board, and otherwise plays like its inner strategy.
type canceller struct {
	strategies.Strategy
	at     int
	cancel func()
}

func (s canceller) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	if p.Plies() == s.at {
		s.cancel()
	}
	return s.Strategy.Allowed(p, last)
}

// TestInterruptedAfterLossSeen:
// docs/design.md §5 says an inconclusive report
// tells whether a counterexample was found. Here the run is interrupted in
// the layer that holds the shortest losses, after the expansion has seen one
// (the whole layer is even finished: the context is checked only between
// chunks), and the report says "no loss was found so far". run.go builds that
// sentence without looking at lr.minEvent / e.lossSeen (nor does it offer the
// loss as a non-minimal counterexample, as api.go's Result doc promises).
func TestInterruptedAfterLossSeen(t *testing.T) {
	b := board.MustNew(3, 3, board.Cylinder)
	inner := lowestEmpty{anyEmpty{B: b, Player: board.Red}}
	base := run(t, Options{Strategy: inner, Name: "low", Starter: board.Blue})
	if base.Verdict != Refuted {
		t.Fatalf("base verdict %s", base.Verdict)
	}
	dL := len(base.Counterexample.Moves) - 1
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err := Run(ctx, Options{Strategy: canceller{inner, dL + 1, cancel}, Name: "low", Starter: board.Blue, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %s", res.Verdict, res.Detail)
	if res.Verdict == Inconclusive && strings.Contains(res.Detail, "no loss was found") {
		t.Errorf("interrupted after the loss layer was expanded (%d-ply losses exist), the report says: %s", dL+1, res.Detail)
	}
}

// TestSomeRuleCountsIncludePrincipal: under --choices some the
// reported rule counts and positions are those of the searches whose
// questions decided the result (verdict, length and principal game alike):
// a replica of the run counts the same. (Originally a regression test for
// the exact minimax, whose principal walk counted decisions outside the
// reported positions; adapted to the proof-number search of some.go.)
func TestSomeRuleCountsIncludePrincipal(t *testing.T) {
	b := board.MustNew(4, 4, board.Cylinder)
	st, err := strategies.New("hht-strict", b)
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Strategy: st, Name: "hht-strict", Starter: board.Blue, Choices: Some}
	res := run(t, opt)
	if res.Verdict != Refuted {
		t.Fatalf("hht-strict 4x4 Blue starts under some: verdict %s, the test needs the refutation", res.Verdict)
	}
	e := newEngine(opt)
	s := e.newSomeSearch(context.Background())
	if err := s.run(); err != nil {
		t.Fatal(err)
	}
	if s.nodes() != res.Positions {
		t.Fatalf("replica searched %d positions, Run reported %d", s.nodes(), res.Positions)
	}
	counted := map[string]int64{}
	s.g.w.counts.addTo(counted)
	if got, searched := fmt.Sprint(res.RuleCounts), fmt.Sprint(counted); got != searched {
		t.Errorf("rule counts reported %s, counted by the search of the %d reported positions %s", got, res.Positions, searched)
	}
}

// TestCompactCertificatesCommute: a compact certificate (hexproof solve
// --compact, strategies.CompactCertificateFormat) claims the board's whole
// group; the claim holds at every decision it meets and at every image of
// one, on the cylinder, the flat board and the torus, both starters (the
// files in testdata/certificates were written by `solve --compact`).
func TestCompactCertificatesCommute(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "certificates", "*.json"))
	if err != nil || len(files) < 10 {
		t.Fatalf("%d certificate files (%v)", len(files), err)
	}
	for _, f := range files {
		var m, n int
		var geoName, starterName string
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		if _, err := fmt.Sscanf(strings.ReplaceAll(name, "-", " "), "%dx%d %s %s", &m, &n, &geoName, &starterName); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		geo, _ := board.ParseGeometry(geoName)
		starter, _ := board.ParseColor(starterName)
		b := board.MustNew(m, n, geo)
		c, err := strategies.LoadCertificate(f, b)
		if err != nil {
			t.Fatal(err)
		}
		if !c.Compact() || len(c.Symmetries()) != len(b.Group()) || c.Starter() != starter {
			t.Fatalf("%s: compact %v, %d symmetries of %d, starter %v", name, c.Compact(), len(c.Symmetries()), len(b.Group()), c.Starter())
		}
		if checked := commuteReachable(t, name, c, starter, 1<<20); checked <= 0 {
			t.Errorf("%s: %d decisions checked", name, checked)
		}
		// And the verifier finds it optimal with the symmetry and without.
		for _, noSym := range []bool{false, true} {
			res, err := Run(context.Background(), Options{Strategy: c, Name: "certificate", Starter: starter, Choices: Every, NoSymmetry: noSym})
			if err != nil || res.Verdict != Optimal {
				t.Errorf("%s (no symmetry %v): %v %v", name, noSym, summary(res), err)
			}
		}
	}
}
