package reports

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"hexproof/board"
	"hexproof/verify"
)

// refutation is a hand-made result around the thesis's first lost game.
func refutation(t *testing.T) *verify.Result {
	g := thesisGame(t, 0)
	return &verify.Result{
		Board: g.Board, Strategy: "fitzgerald", Side: board.Red, Starter: board.Blue,
		Choices: verify.Every, Verdict: verify.Refuted, Positions: 1234567, LongestGame: 45,
		RuleCounts:        map[string]int64{"14": 3, "2": 10, "6(b)": 1, "6(a)": 2, "open": 1},
		TranspositionHits: 99, SymmetryHits: 7, Elapsed: 1500 * time.Millisecond,
		Counterexample: &g, Minimal: true, LayersDone: 21,
	}
}

func TestResultJSON(t *testing.T) {
	out, err := ResultJSON(refutation(t))
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := map[string]any{
		"board": "5x9", "geometry": "cylinder", "strategy": "fitzgerald", "side": "red",
		"starter": "blue", "choices": "every", "verdict": "refuted", "positions": 1234567.0,
		"longest_game": 45.0, "elapsed_seconds": 1.5, "transposition_hits": 99.0,
		"symmetry_hits": 7.0, "layers_done": 21.0,
	}
	for k, v := range want {
		if back[k] != v {
			t.Errorf("%s = %v, want %v", k, back[k], v)
		}
	}
	rc, _ := back["rule_counts"].(map[string]any)
	if rc["2"] != 10.0 || rc["6(b)"] != 1.0 || len(rc) != 5 {
		t.Errorf("rule_counts = %v", back["rule_counts"])
	}
	ce, _ := back["counterexample"].(map[string]any)
	if ce == nil || ce["plies"] != 21.0 || ce["minimal"] != true || ce["winner"] != "blue" {
		t.Fatalf("counterexample = %v", back["counterexample"])
	}
	moves, _ := ce["moves"].([]any)
	if len(moves) != 21 {
		t.Fatalf("counterexample has %d moves, want 21", len(moves))
	}
	last := moves[20].(map[string]any)
	if last["player"] != "blue" || last["cell"].([]any)[0] != 3.0 || last["cell"].([]any)[1] != 6.0 {
		t.Errorf("last move = %v, want blue (3,6)", last)
	}
	if r := moves[19].(map[string]any); r["rule"] != "2" || r["player"] != "red" {
		t.Errorf("move 20 = %v, want red rule 2", r)
	}

	// An optimal result has no counterexample and an empty (not null) rule map.
	opt := &verify.Result{Board: board.MustNew(3, 3, board.Cylinder), Strategy: "hht", Side: board.Red,
		Starter: board.Red, Verdict: verify.Optimal}
	out, err = ResultJSON(opt)
	if err != nil {
		t.Fatal(err)
	}
	back = nil
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	if _, ok := back["counterexample"]; ok {
		t.Errorf("optimal result has a counterexample: %s", out)
	}
	if m, ok := back["rule_counts"].(map[string]any); !ok || len(m) != 0 {
		t.Errorf("rule_counts = %v, want {}", back["rule_counts"])
	}
	if _, ok := back["certificate_error"]; ok {
		t.Errorf("a result with no certificate asked has certificate_error: %s", out)
	}
	// An optimal verdict whose certificate or overlay could not be made says
	// why, so that a script reading only the JSON knows the file is missing.
	missing := *opt
	missing.CertificateErr = &verify.CertificateError{Why: "stopped while building it (time limit, budget or interrupt)"}
	out, err = ResultJSON(&missing)
	if err != nil {
		t.Fatal(err)
	}
	back = nil
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	if back["verdict"] != "optimal" || back["certificate_error"] != "no certificate: stopped while building it (time limit, budget or interrupt)" {
		t.Errorf("verdict %v, certificate_error %v", back["verdict"], back["certificate_error"])
	}
	// Several results: an array of the same documents.
	out, err = ResultsJSON([]*verify.Result{refutation(t), opt})
	if err != nil {
		t.Fatal(err)
	}
	var arr []ResultDoc
	if err := json.Unmarshal(out, &arr); err != nil || len(arr) != 2 || arr[0].Verdict != "refuted" ||
		arr[1].Strategy != "hht" || arr[0].Counterexample == nil || len(arr[0].Counterexample.Moves) != 21 {
		t.Errorf("ResultsJSON: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), `{"player": "red", "cell": [4, 7], "rule": "14"}`) {
		t.Errorf("ResultsJSON does not keep a move on one line:\n%s", out)
	}
	if _, err := ResultJSON(nil); err == nil {
		t.Error("ResultJSON(nil) did not fail")
	}
}

// tooWide: a line over 80 columns, except the replay command, which is
// printed whole so that it can be copied.
func tooWide(l string) bool {
	return utf8.RuneCountInString(l) > 80 && !strings.HasPrefix(l, "hexproof replay ")
}

func TestResultText(t *testing.T) {
	txt := ResultText(refutation(t))
	for _, l := range strings.Split(txt, "\n") {
		if n := utf8.RuneCountInString(l); tooWide(l) {
			t.Errorf("line of %d columns: %q", n, l)
		}
	}
	for _, want := range []string{
		"fitzgerald (Red) on 5x9 cylinder, Blue starts, choices every",
		"refuted — Red loses a game of 21 plies (a shortest counterexample)",
		"Positions: 1,234,567",
		"Rules fired (the strategy's rule label: how many of its moves that rule chose):\n  2: 10, 6(a): 2, 6(b): 1, 14: 3, open: 1\n",
		"Replay it with:\nhexproof replay --board 5x9 --geometry cylinder --strategy fitzgerald --choices every --moves \"B:(2,7) R:(4,7) B:(4,6) ",
		"(4, 5) - 2  | (3, 6)",
		"Blue won; its winning chain in lower case",
	} {
		if !strings.Contains(txt, want) {
			t.Errorf("summary lacks %q:\n%s", want, txt)
		}
	}
	// Long verdicts and details are wrapped too.
	inc := refutation(t)
	inc.Verdict, inc.Minimal = verify.Inconclusive, false
	inc.Detail = strings.Repeat("the time limit of 10s ran out while layer 17 was expanded; ", 3)
	for _, l := range strings.Split(ResultText(inc), "\n") {
		if n := utf8.RuneCountInString(l); tooWide(l) {
			t.Errorf("inconclusive: line of %d columns: %q", n, l)
		}
	}
	// A board too wide for a picture in 80 columns names the chain instead.
	wb := board.MustNew(40, 1, board.Cylinder)
	wide := &verify.Result{Board: wb, Strategy: "gardner", Side: board.Red, Starter: board.Blue,
		Verdict: verify.Refuted, Minimal: true, Counterexample: &board.Game{Board: wb, Starter: board.Blue,
			Winner: board.Red, Moves: []board.Move{{Player: board.Blue, Cell: wb.Cell(1, 1)}, {Player: board.Red, Cell: wb.Cell(2, 1), Rule: "1"}}}}
	wt := ResultText(wide)
	for _, l := range strings.Split(wt, "\n") {
		if tooWide(l) {
			t.Errorf("wide board: line of %d columns: %q", utf8.RuneCountInString(l), l)
		}
	}
	if !strings.Contains(wt, "Red's winning chain: (2, 1)") {
		t.Errorf("wide board summary:\n%s", wt)
	}
	// The picture marks exactly the cells of the winning chain in lower case.
	g := thesisGame(t, 0)
	chain := WinningChain(g.Board, g.Position(-1), board.Blue)
	pic := strings.Split(txt[strings.Index(txt, "Final position"):], "\n")
	rows := strings.Join(pic[2:2+g.Board.N], "\n") // skip the heading and the column letters
	if got := strings.Count(rows, "b"); got != chain.Count() {
		t.Errorf("picture marks %d blue cells, the chain has %d", got, chain.Count())
	}
}

// The chain must itself win, and every one of its cells must be needed.
func TestWinningChain(t *testing.T) {
	g := thesisGame(t, 0)
	p := g.Position(-1)
	chain := WinningChain(g.Board, p, board.Blue)
	if chain.Empty() || chain.AndNot(p.Blue).Any() {
		t.Fatalf("chain %v is empty or not all blue", chain.Cells())
	}
	if !g.Board.BlueWins(board.Position{Blue: chain}) {
		t.Fatal("the chain alone does not win")
	}
	for _, c := range chain.Cells() {
		if g.Board.BlueWins(board.Position{Blue: chain.Without(c)}) {
			t.Errorf("cell %s is not needed", g.Board.Format(c, board.Thesis))
		}
	}
	// On a 5-column cylinder an encircling blue cycle has at least 5 cells.
	if chain.Count() < 5 {
		t.Errorf("chain of %d cells cannot encircle 5 columns", chain.Count())
	}
	if !WinningChain(g.Board, p, board.Red).Empty() {
		t.Error("Red has not won, but got a chain")
	}
	// Red on a flat 3x3 board: a column path.
	b := board.MustNew(3, 3, board.Flat)
	q := board.Position{Red: board.Bit(b.Cell(2, 1)).With(b.Cell(2, 2)).With(b.Cell(1, 3)).With(b.Cell(3, 1))}
	// (2,1) is dropped first: (3,1) touches (2,2) too, so it is not needed.
	want := board.Bit(b.Cell(3, 1)).With(b.Cell(2, 2)).With(b.Cell(1, 3))
	if got := WinningChain(b, q, board.Red); got != want {
		t.Errorf("flat chain = %v, want %v", got.Cells(), want.Cells())
	}
}

func TestSortedRules(t *testing.T) {
	got := SortedRules(map[string]int64{"10": 1, "2": 1, "1": 1, "6(c)": 1, "6(a)": 1, "x": 1, "a": 1})
	want := []string{"1", "2", "6(a)", "6(c)", "10", "a", "x"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 123456: "123,456",
		1234567: "1,234,567", -1000: "-1,000", -123456: "-123,456"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestInconclusiveWording: the text says why a run stopped (issue 18: Ctrl-C
// is not "a budget"), and leaves out a longest game it does not know.
func TestInconclusiveWording(t *testing.T) {
	r := refutation(t)
	r.Verdict, r.Minimal, r.Counterexample, r.LongestGame = verify.Inconclusive, false, nil, 0
	for _, c := range []struct {
		why  verify.StopReason
		want string
	}{
		{verify.StopInterrupted, "inconclusive — interrupted before the search finished"},
		{verify.StopTimeLimit, "inconclusive — the time limit ran out before the search finished"},
		{verify.StopBudget, "inconclusive — a position or memory budget ran out"},
		{verify.StopShardsOpen, "inconclusive — not every shard has finished, or got far enough"},
	} {
		r.StopReason = c.why
		txt := ResultText(r)
		if !strings.Contains(txt, c.want) || strings.Contains(txt, "longest game") {
			t.Errorf("%v:\n%s", c.why, txt)
		}
		if c.why != verify.StopBudget && strings.Contains(txt, "budget") {
			t.Errorf("an interruption is worded as a budget:\n%s", txt)
		}
		doc, err := NewResultDoc(r)
		if err != nil || doc.StopReason != c.why.String() {
			t.Errorf("JSON stop_reason %q, want %q (%v)", doc.StopReason, c.why, err)
		}
	}
	r.LongestGame = 9
	if txt := ResultText(r); !strings.Contains(txt, "longest game so far: 9 plies") {
		t.Errorf("a known lower bound is not shown:\n%s", txt)
	}
	if Plies(1) != "1 ply" || Plies(0) != "0 plies" || Plies(13) != "13 plies" {
		t.Errorf("Plies: %q %q %q", Plies(1), Plies(0), Plies(13))
	}
}

// TestRulesNeverSplit: a long list of rule counts wraps between entries,
// never inside one ("I: 1" stays on one line).
func TestRulesNeverSplit(t *testing.T) {
	r := refutation(t)
	r.RuleCounts = map[string]int64{}
	for k := 1; k <= 40; k++ {
		r.RuleCounts[fmt.Sprintf("rule %d", k)] = int64(k) * 1000003
	}
	txt := ResultText(r)
	start := strings.Index(txt, "Rules fired")
	lines := strings.Split(txt[start:], "\n")[1:]
	seen := 0
	for _, l := range lines {
		if !strings.HasPrefix(l, "  ") {
			break
		}
		if utf8.RuneCountInString(l) > 80 {
			t.Errorf("line of %d columns: %q", utf8.RuneCountInString(l), l)
		}
		for _, item := range strings.Split(strings.TrimSpace(l), ", ") {
			item = strings.TrimSuffix(item, ",")
			if !regexp.MustCompile(`^rule \d+: [\d,]+$`).MatchString(item) {
				t.Errorf("entry split across lines: %q in %q", item, l)
			}
			seen++
		}
	}
	if seen != 40 {
		t.Errorf("%d entries listed, want 40:\n%s", seen, txt)
	}
}
