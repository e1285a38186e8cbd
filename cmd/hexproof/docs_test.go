package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"path/filepath"
	"testing"
	"time"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/reports"
	"hexproof/verify"
	"hexproof/verify/game"
	"hexproof/verify/pairing"
	"hexproof/verify/shard"
)

// The JSON documents the commands write with writeJSON (their types and the
// functions that fill them are in package reports), pinned byte for byte in
// reports/testdata/docs/ beside the ones package reports writes itself
// (reports/docs_test.go): each filled in every field, so that an omitempty
// field shows too.

var updateDocs = flag.Bool("update", false, "rewrite the golden files in reports/testdata/docs/")

func goldenDoc(t *testing.T, name string, got []byte) {
	t.Helper()
	testkit.Golden(t, filepath.Join("..", "..", "reports", "testdata", "docs", name), got, *updateDocs)
}

func TestCertifyDocFields(t *testing.T) {
	r := &pairing.Result{M: 4, N: 3, Geo: board.Torus, Strategy: "mirror", Side: board.Red, Starter: board.Blue,
		Verdict: verify.Refuted, Reason: "P", Chain: [][2]int{{1, 1}, {1, 2}}, Transversal: [][2]int{{2, 1}},
		Game: &pairing.Game{Starter: board.Blue, Winner: board.Blue, Moves: []pairing.Move{
			{Player: board.Blue, I: 1, J: 1}, {Player: board.Red, I: 3, J: 1, Rule: "pair"}}},
		Replayed: true, Proof: "theorem I", Checked: "h1, h2", Nodes: 17, Elapsed: 1250 * time.Millisecond, Detail: "a detail"}
	var buf bytes.Buffer
	d := reports.NewCertifyDoc(r)
	d.PeakRSSBytes = 48 << 20
	if err := writeJSON("-", d, &buf); err != nil {
		t.Fatal(err)
	}
	goldenDoc(t, "certify.json", buf.Bytes())
}

func TestSolveDocFields(t *testing.T) {
	j := reports.SolveDoc{Board: "3x3", Geometry: "cylinder", Starter: "red", Moves: "c3 (2,1)", ToMove: "red",
		Verdict: "solved", Winner: "red", WinningMoves: [][2]int{{1, 2}, {3, 2}}, Positions: 88, Knowledge: true,
		Elapsed: 0.5, Certificate: "cert.json", Answers: 12, Detail: "a detail", DB: "solve-db", FromDB: 41, AddedToDB: 123, BandFromDB: 17, BandAddedToDB: 5,
		TakenFrom: []string{"other-db"}, TakenFacts: 9, TakenBands: 4, MemoryBudget: 16 << 20, PeakRSS: 32 << 20}
	raw, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	goldenDoc(t, "solve.json", append(raw, '\n'))
}

func TestTakeDocFields(t *testing.T) {
	j := reports.TakeDoc{Board: "5x12", Geometry: "cylinder", DB: "union-db", TakenFrom: []string{"a-db", "b-db"},
		TakenFacts: 631, TakenBands: 135, TakeInterrupted: true, Elapsed: 1.5, PeakRSS: 32 << 20}
	var buf bytes.Buffer
	if err := writeJSON("-", j, &buf); err != nil {
		t.Fatal(err)
	}
	goldenDoc(t, "take.json", buf.Bytes())
}

func TestPlanDocFields(t *testing.T) {
	pf := &shard.PlanFile{ID: "abc123", Setup: shard.Setup{Board: "5x4", Geometry: "cylinder", Strategy: "mirror",
		Starter: "red", Choices: "every"}, Depth: 2, Requested: 4, Subtrees: 9,
		Parts: []shard.Part{{Index: 0, Prefixes: 5}, {Index: 1, Prefixes: 6}}, StopReason: "a reason",
		Settled: &shard.ResultFile{Verdict: "optimal"}}
	var buf bytes.Buffer
	if err := writePlanJSON("-", pf, "/plans/x", 48<<20, &buf); err != nil {
		t.Fatal(err)
	}
	goldenDoc(t, "plan.json", buf.Bytes())
}

func TestReplayDocFields(t *testing.T) {
	b := board.MustNew(3, 3, board.Cylinder)
	g := board.Game{Board: b, Starter: board.Red, Winner: board.Blue, Moves: []board.Move{
		{Player: board.Red, Cell: b.Cell(1, 1), Rule: "1"}, {Player: board.Blue, Cell: b.Cell(2, 1)},
		{Player: board.Red, Cell: b.Cell(1, 2), Rule: "2a"}}}
	r := &game.Replayed{Game: g, Whole: true, Turns: []game.Turn{
		{Index: 0, Rule: "1", Answer: b.Cell(1, 1), Agrees: true}, {Index: 2, Rule: "2a", Answer: b.Cell(3, 2)}}}
	bl := &verify.Blunder{Found: true, Index: 2, Move: g.Moves[2], Kept: []board.Cell{b.Cell(2, 2)},
		RuleAllowed: []board.Cell{b.Cell(1, 2)}, AtFault: "rules", TieBreakStep: "step", Unchecked: 1, Reason: "r"}
	out, err := reports.ReplayJSON(r, "mirror", board.Red, bl, reports.FactsJSON{DB: "walk-db", FromDB: 7, AddedToDB: 40}, reports.MemoryJSON{MemoryBudgetBytes: 16 << 20, PeakRSSBytes: 48 << 20})
	if err != nil {
		t.Fatal(err)
	}
	goldenDoc(t, "replay.json", out)
}

func TestMergeDocFields(t *testing.T) {
	b := board.MustNew(3, 3, board.Cylinder)
	res := &verify.Result{Board: b, Strategy: "mirror", Side: board.Red, Starter: board.Red, Choices: verify.Every,
		Verdict: verify.Inconclusive, Positions: 10, LongestGame: 4, RuleCounts: map[string]int64{"1": 2},
		Elapsed: time.Second, StopReason: verify.StopShardsOpen, LayersDone: 3}
	m := &shard.Merged{Result: res, NeededLayers: 5, Shards: []shard.Status{
		{Index: 0, State: "finished"}, {Index: 1, State: "unfinished", Needed: true},
		{Index: 2, State: "missing"}, {Index: 3, State: "failed", Why: "damaged"}}}
	var buf bytes.Buffer
	if err := writeMergeJSON("-", m, 48<<20, &buf); err != nil {
		t.Fatal(err)
	}
	goldenDoc(t, "merge.json", buf.Bytes())
}

func TestSolveMergeDocFields(t *testing.T) {
	b := board.MustNew(3, 3, board.Cylinder)
	m := &shard.SolveMerged{Plan: &shard.SolvePlanFile{SolveSetup: shard.SolveSetup{Plies: 2, Prefix: []shard.Move{{Player: "red", Cell: [2]int{2, 2}}}}, Parts: make([]shard.SolvePart, 4)},
		Board: b, Starter: board.Red, ToMove: board.Blue, Solved: true, WinnerKnown: true, Winner: board.Blue, WinningMoves: []board.Cell{b.Cell(1, 2)},
		Positions: 40, Elapsed: 1.5, Unfinished: []int{3}, Missing: []int{1}, Decided: map[board.Color]int{board.Blue: 1, board.Red: 1},
		Certificate: &shard.PieceCover{Side: board.Red, Used: []int{0, 2}, Unchecked: []int{2}, Why: map[int]string{2: "not checked"}, Lines: 7}}
	var buf bytes.Buffer
	doc := reports.NewSolveMergeDoc(m)
	doc.PeakRSSBytes = 48 << 20
	if err := writeJSON("-", doc, &buf); err != nil {
		t.Fatal(err)
	}
	goldenDoc(t, "solvemerge.json", buf.Bytes())
}
