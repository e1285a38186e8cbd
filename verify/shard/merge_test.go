package shard

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/verify"
	"hexproof/verify/game"
)

// synthetic is a plan of three shards at depth 2 on 6x4 (mirror, Blue
// starts, so the layers are even): shard i's smallest prefix starts at
// column i+1 of ring 1 (shard 0 first in cell order).
func synthetic(t *testing.T) (*PlanFile, *board.Board) {
	t.Helper()
	b := board.MustNew(6, 4, board.Cylinder)
	pf := &PlanFile{Format: Format, ID: "test", Setup: setupOf(b, "mirror", board.Blue, verify.Every, false), Depth: 2, RuleCounts: map[string]int64{}}
	for i := range 3 {
		pf.Parts = append(pf.Parts, Part{Index: i, Subtrees: 1, Prefixes: 1, First: []Move{
			{Player: "blue", Cell: [2]int{i + 1, 1}}, {Player: "red", Cell: [2]int{i + 1, 2}},
		}})
	}
	pf.Subtrees = 3
	return pf, b
}

// gameOf is a game of n plies that starts with shard i's prefix; tail shifts
// its later cells (a larger tail is later in cell order).
func gameOf(pf *PlanFile, i, n, tail int) *GameRecord {
	g := &GameRecord{Moves: slices.Clone(pf.Parts[i].First)}
	players := []string{"blue", "red"}
	for k := 2; k < n; k++ {
		g.Moves = append(g.Moves, Move{Player: players[k%2], Cell: [2]int{(k+tail)%6 + 1, 3 + k%2}})
	}
	if n%2 == 1 {
		g.Winner = "blue"
	}
	return g
}

func finished(pf *PlanFile, i int, v verify.Verdict, n, tail int) *ResultFile {
	rf := &ResultFile{Format: Format, Plan: pf.ID, Index: i, Verdict: string(v), RuleCounts: map[string]int64{"r": 1}}
	switch v {
	case verify.Optimal:
		rf.LayersDone = 24
		rf.LongestGame = 20
	default:
		rf.Counterexample = gameOf(pf, i, n, tail)
		rf.Minimal = true
		rf.LongestGame = n
		rf.LayersDone = n - 1 - (n-1-2)%2
		if v == verify.StrategyError {
			rf.Detail = "bad answer"
		}
	}
	return rf
}

func stopped(pf *PlanFile, i, layersDone int) *ResultFile {
	return &ResultFile{Format: Format, Plan: pf.ID, Index: i, Verdict: string(verify.Inconclusive), LayersDone: layersDone, Detail: "interrupted"}
}

// TestMergeOrder: the merged verdict and counterexample follow the single
// run's order (first layer with an event; in it a loss before a strategy
// error; the shortest loss; the smallest in cell order), and a shard that did
// not finish is ignored only when it cannot hold an event the single run
// would report first.
func TestMergeOrder(t *testing.T) {
	// The games here are made up (they only have the right lengths and
	// prefixes): the replay check of the result files is off.
	validGame = func(*game.Rules, board.Color, *verify.Result) error { return nil }
	defer func() { validGame = checkGame }()
	pf, b := synthetic(t)
	E, R, O := verify.StrategyError, verify.Refuted, verify.Optimal
	cases := []struct {
		name    string
		results []*ResultFile
		verdict verify.Verdict
		from    int // shard whose counterexample is reported, -1 none
		plies   int
		needed  []int
	}{
		{"error after 9 plies before a loss in 11", []*ResultFile{finished(pf, 0, R, 11, 0), finished(pf, 1, E, 9, 0), finished(pf, 2, O, 0, 0)}, E, 1, 9, nil},
		{"a loss in 10 (draw after the strategy's move, layer 8) beats an error after 9 (layer 8)", []*ResultFile{finished(pf, 0, E, 9, 0), finished(pf, 1, R, 10, 0), finished(pf, 2, O, 0, 0)}, R, 1, 10, nil},
		{"a loss in 9 beats a loss in 10 of the same layer", []*ResultFile{finished(pf, 0, R, 10, 0), finished(pf, 1, R, 9, 0), finished(pf, 2, R, 9, 0)}, R, 1, 9, nil},
		{"equal length: smallest in cell order", []*ResultFile{finished(pf, 0, O, 0, 0), finished(pf, 1, R, 11, 0), finished(pf, 2, R, 11, 0)}, R, 1, 11, nil},
		{"the later shard loses sooner", []*ResultFile{finished(pf, 0, R, 13, 0), finished(pf, 1, R, 11, 0), finished(pf, 2, O, 0, 0)}, R, 1, 11, nil},
		{"all optimal", []*ResultFile{finished(pf, 0, O, 0, 0), finished(pf, 1, O, 0, 0), finished(pf, 2, O, 0, 0)}, O, -1, 0, nil},
		{"one missing", []*ResultFile{finished(pf, 0, O, 0, 0), nil, finished(pf, 2, O, 0, 0)}, verify.Inconclusive, -1, 0, []int{1}},
		{"stopped after the loss's length", []*ResultFile{stopped(pf, 0, 12), finished(pf, 1, R, 11, 0), finished(pf, 2, O, 0, 0)}, R, 1, 11, nil},
		{"stopped one short, earlier prefixes: could hold an equal smaller loss", []*ResultFile{stopped(pf, 0, 10), finished(pf, 1, R, 11, 0), finished(pf, 2, O, 0, 0)}, verify.Inconclusive, 1, 11, []int{0}},
		{"stopped one short, later prefixes: nothing shorter, nothing smaller", []*ResultFile{finished(pf, 0, R, 11, 0), finished(pf, 1, O, 0, 0), stopped(pf, 2, 10)}, R, 0, 11, nil},
		{"stopped too early, later prefixes: could lose sooner", []*ResultFile{finished(pf, 0, R, 11, 0), finished(pf, 1, O, 0, 0), stopped(pf, 2, 8)}, verify.Inconclusive, 0, 11, []int{2}},
		{"cancelled without a result", []*ResultFile{finished(pf, 0, R, 11, 0), nil, nil}, verify.Inconclusive, 0, 11, []int{1, 2}},
		{"a loss in 10 (layer 8): a shard through layer 8 only could lose in 9", []*ResultFile{finished(pf, 0, R, 10, 0), finished(pf, 1, O, 0, 0), stopped(pf, 2, 8)}, verify.Inconclusive, 0, 10, []int{2}},
		{"a loss in 10 (layer 8): a shard through layer 10 cannot", []*ResultFile{finished(pf, 0, O, 0, 0), finished(pf, 1, R, 10, 0), stopped(pf, 2, 10)}, R, 1, 10, nil},
		{"error after 9: a shard through layer 8 could still lose in layer 8", []*ResultFile{finished(pf, 0, O, 0, 0), finished(pf, 1, E, 9, 0), stopped(pf, 2, 8)}, verify.Inconclusive, -1, 0, []int{2}},
		{"error after 9: a shard through layer 10 cannot", []*ResultFile{stopped(pf, 0, 10), finished(pf, 1, E, 9, 0), finished(pf, 2, O, 0, 0)}, E, 1, 9, nil},
	}
	for _, c := range cases {
		m, err := Merge(pf, c.results, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r := m.Result
		if r.Verdict != c.verdict {
			t.Errorf("%s: %s (%s), want %s", c.name, r.Verdict, r.Detail, c.verdict)
			continue
		}
		if got := m.Needed(); !slices.Equal(got, c.needed) {
			t.Errorf("%s: needed shards %v, want %v", c.name, got, c.needed)
		}
		if c.from < 0 {
			if r.Counterexample != nil {
				t.Errorf("%s: counterexample %s, want none", c.name, gameText(r.Counterexample))
			}
			continue
		}
		want, err := movesIn(b, c.results[c.from].Counterexample.Moves)
		if err != nil {
			t.Fatal(err)
		}
		if r.Counterexample == nil || compareMoves(r.Counterexample.Moves, want) != 0 || len(want) != c.plies {
			t.Errorf("%s: counterexample %s, want shard %d's %s", c.name, gameText(r.Counterexample), c.from, b.FormatMoves(want, board.Thesis, true))
		}
		if r.Minimal != (r.Verdict != verify.Inconclusive) {
			t.Errorf("%s: minimal %v for %s", c.name, r.Minimal, r.Verdict)
		}
		if r.Verdict != verify.Inconclusive && r.LongestGame != c.plies {
			t.Errorf("%s: longest %d, want the counterexample's %d", c.name, r.LongestGame, c.plies)
		}
		if r.Verdict == verify.Inconclusive && !strings.Contains(r.Detail, "--resume") {
			t.Errorf("%s: detail %q does not say what to do", c.name, r.Detail)
		}
	}
}

// TestMergeRejects: results of another plan or shard, broken files, and
// counterexamples that are not games by the rules are failed shards, never
// merged.
func TestMergeRejects(t *testing.T) {
	pf, _ := synthetic(t)
	other := finished(pf, 1, verify.Optimal, 0, 0)
	other.Plan = "another"
	dir := t.TempDir()
	if err := writeJSON(dir+"/"+PlanName, pf); err != nil {
		t.Fatal(err)
	}
	forged := finished(pf, 0, verify.Refuted, 11, 0) // mirror does not play these moves
	for i, rf := range []*ResultFile{forged, other} {
		rf.Index = i
		if err := WriteResult(dir, rf); err != nil {
			t.Fatal(err)
		}
	}
	bad := finished(pf, 2, verify.Refuted, 11, 0)
	bad.Counterexample.Moves[3].Cell = [2]int{9, 9}
	if err := WriteResult(dir, bad); err != nil {
		t.Fatal(err)
	}
	m, err := MergeDir(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Failed(); !slices.Equal(got, []int{0, 1, 2}) {
		t.Errorf("failed %v, want [0 1 2]", got)
	}
	if !strings.Contains(m.Shards[0].Why, "not one the strategy plays") {
		t.Errorf("forged game: %q", m.Shards[0].Why)
	}
	if m.Result.Verdict != verify.Inconclusive {
		t.Errorf("verdict %s with failed shards", m.Result.Verdict)
	}
	for _, i := range []int{0, 1, 2} {
		if m.Shards[i].Why == "" {
			t.Errorf("shard %d failed without a reason", i)
		}
	}
}

// TestMergeAfterCancel: real shards of a refuted case; the shards other than
// the losing one are stopped early (as after scancel), with a position
// budget. Merge reports the single run's refutation exactly when every
// stopped shard got far enough, and otherwise an inconclusive result that
// names the shards to run on; running those on gives the single run's answer.
func TestMergeAfterCancel(t *testing.T) {
	c := splitCases[4] // vandenbroek 5x4 first, Blue starts: refuted in 11
	whole := c.whole(t)
	p := c.plan(t, 6)
	full := runAll(t, p)
	loser := -1
	for i, rf := range full {
		if rf.Verdict == string(verify.Refuted) && compareMoves(mustMoves(t, c, rf.Counterexample.Moves), whole.Counterexample.Moves) == 0 {
			loser = i
		}
	}
	if loser < 0 {
		t.Fatal("no shard holds the single run's counterexample")
	}
	L := len(whole.Counterexample.Moves)
	sawNeeded, sawIgnored := false, false
	for _, budget := range []int64{1, 200, 2000, 20000} {
		rs := make([]*ResultFile, len(full))
		for i := range full {
			if i == loser {
				rs[i] = full[i]
			} else {
				rs[i] = runShard(t, &p.Shards[i], budget)
			}
		}
		m := merge(t, p, rs)
		what := fmt.Sprintf("%s, other shards stopped after %d positions", c, budget)
		needed := false
		for i, rf := range rs {
			if rf.Verdict != string(verify.Inconclusive) {
				continue
			}
			// Independently: could shard i hold a loss the single run reports?
			first := mustMoves(t, c, p.File.Parts[i].First)
			mayMatter := rf.LayersDone < L-1 || (rf.LayersDone < L && compareMoves(first, whole.Counterexample.Moves) < 0)
			if mayMatter != m.Shards[i].Needed {
				t.Errorf("%s: shard %d (layers %d, first prefix %s) needed = %v", what, i, rf.LayersDone, c.strategy(t).Board().FormatMoves(first, board.Thesis, true), m.Shards[i].Needed)
			}
			needed = needed || mayMatter
		}
		if needed {
			sawNeeded = true
			if m.Result.Verdict != verify.Inconclusive || m.Result.Minimal {
				t.Errorf("%s: %s, minimal %v, want inconclusive", what, m.Result.Verdict, m.Result.Minimal)
			}
			verb := " have not got far enough"
			if len(m.Needed()) == 1 {
				verb = " has not got far enough"
			}
			if want := List(m.Needed()) + verb; !strings.Contains(m.Result.Detail, want) {
				t.Errorf("%s: detail %q does not say %q", what, m.Result.Detail, want)
			}
			// Run the needed shards on: the single run's answer.
			for _, i := range m.Needed() {
				rs[i] = full[i]
			}
			m = merge(t, p, rs)
		} else {
			sawIgnored = true
		}
		sameOutcome(t, what, m.Result, whole)
	}
	if !sawNeeded || !sawIgnored {
		t.Errorf("the budgets did not exercise both cases (needed %v, ignored %v)", sawNeeded, sawIgnored)
	}
}

// FuzzMergeResult: whatever a result file holds, merge neither panics nor
// merges it unless it is a valid result (then it reports a verdict).
func FuzzMergeResult(f *testing.F) {
	pf, _ := synthetic(&testing.T{})
	for _, rf := range []*ResultFile{finished(pf, 0, verify.Optimal, 0, 0), finished(pf, 0, verify.Refuted, 11, 0), stopped(pf, 0, 6)} {
		raw, err := json.Marshal(rf)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Add([]byte(`{"format":1,"plan":"test","index":0,"verdict":"refuted","counterexample":{"moves":[{"player":"red","cell":[0,99]}]}}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		dir := t.TempDir()
		if err := writeJSON(filepath.Join(dir, PlanName), pf); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, ResultName(0)), raw, 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := MergeDir(dir, nil)
		if err != nil {
			t.Fatal(err) // the plan is valid: a bad result is a failed shard, not an error
		}
		if m.Shards[0].State == "finished" && m.Shards[0].Result == nil {
			t.Fatal("a finished shard without its result")
		}
		// Shards 1 and 2 are missing: never a conclusive verdict.
		if v := m.Result.Verdict; v == verify.Optimal {
			t.Fatalf("verdict %s with missing shards", v)
		}
	})
}

// TestDamagedPlanRefused: a plan changed after it was written is refused,
// never merged into a verdict (issue 36: a plan edited to list no shards
// merged into "optimal" with one position). Without a digest (older plans),
// the structural checks still refuse no shards and no verdict, and shards
// that do not add up.
func TestDamagedPlanRefused(t *testing.T) {
	pf, _ := synthetic(t)
	dir := t.TempDir()
	write := func(p *PlanFile) {
		t.Helper()
		if err := writeJSON(dir+"/"+PlanName, p); err != nil {
			t.Fatal(err)
		}
	}
	signed := *pf
	signed.Digest = signed.digest()
	write(&signed)
	if _, err := ReadPlan(dir); err != nil {
		t.Fatalf("the plan as written: %v", err)
	}
	for name, change := range map[string]func(p *PlanFile){
		"no shards, signed":     func(p *PlanFile) { p.Parts = nil },
		"more positions":        func(p *PlanFile) { p.Positions++ },
		"no shards, unsigned":   func(p *PlanFile) { p.Parts, p.Digest = nil, "" },
		"subtrees, unsigned":    func(p *PlanFile) { p.Subtrees, p.Digest = 5, "" },
		"empty shard, unsigned": func(p *PlanFile) { p.Parts = append([]Part(nil), p.Parts...); p.Parts[1].Subtrees, p.Digest = 0, "" },
	} {
		bad := signed
		change(&bad)
		write(&bad)
		if _, err := ReadPlan(dir); err == nil {
			t.Errorf("%s: the plan was read", name)
		}
		if _, err := MergeDir(dir, nil); err == nil {
			t.Errorf("%s: the plan was merged", name)
		}
	}
}

// TestNumbers pins how shard lists are written: runs of three or more as
// ranges, pairs and single numbers as they are, in ascending order.
func TestNumbers(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
	}{
		{nil, ""},
		{[]int{7}, "7"},
		{[]int{3, 4}, "3, 4"},
		{[]int{0, 1, 2}, "0-2"},
		{[]int{19, 20, 21, 22, 23, 25, 26, 27, 36, 37, 255}, "19-23, 25-27, 36, 37, 255"},
		{[]int{9, 2, 0, 1, 5}, "0-2, 5, 9"},
		{[]int{4, 4, 5, 6}, "4-6"},
	} {
		if got := Numbers(c.in); got != c.want {
			t.Errorf("Numbers(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestList pins the singular and the plural.
func TestList(t *testing.T) {
	if got := List([]int{3}); got != "shard 3" {
		t.Errorf("List([3]) = %q", got)
	}
	if got := List([]int{0, 1, 2, 7}); got != "shards 0-2, 7" {
		t.Errorf("List([0 1 2 7]) = %q", got)
	}
}
