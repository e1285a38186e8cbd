package reports

import (
	"testing"
	"time"

	"hexproof/board"
	"hexproof/verify"
	"hexproof/verify/hunt"
	"hexproof/verify/pairing"
)

// The JSON documents' field names are a contract (docs/design.md §6): each
// document below is filled in every field, so that an omitempty field shows
// too, and written as its command writes it; the bytes are pinned in
// testdata/docs/. A renamed or reordered field fails here.

// docBoard is the board of the pinned documents.
var docBoard = board.MustNew(3, 3, board.Cylinder)

// docGame is a short lost game with a rule on each strategy move.
func docGame() board.Game {
	b := docBoard
	return board.Game{Board: b, Starter: board.Red, Winner: board.Blue, Moves: []board.Move{
		{Player: board.Red, Cell: b.Cell(1, 1), Rule: "1"},
		{Player: board.Blue, Cell: b.Cell(2, 1)},
		{Player: board.Red, Cell: b.Cell(1, 2), Rule: "2a"},
		{Player: board.Blue, Cell: b.Cell(2, 2)},
		{Player: board.Red, Cell: b.Cell(1, 3), Rule: "3"},
		{Player: board.Blue, Cell: b.Cell(2, 3)},
	}}
}

// docBlunder is a blunder with every field set.
func docBlunder() *verify.Blunder {
	b := docBoard
	return &verify.Blunder{Found: true, Index: 2, Move: docGame().Moves[2], Kept: []board.Cell{b.Cell(2, 2)},
		RuleAllowed: []board.Cell{b.Cell(1, 2), b.Cell(3, 2)}, AtFault: "tie-break", TieBreakStep: "hierarchy item 3",
		Unchecked: 1, Reason: "a reason"}
}

// docResult is a refuted verify result with every field set.
func docResult() *verify.Result {
	g := docGame()
	return &verify.Result{Board: docBoard, Strategy: "mirror", Side: board.Red, Starter: board.Red,
		Choices: verify.Every, Verdict: verify.Refuted, Positions: 1234, LongestGame: 6,
		RuleCounts: map[string]int64{"1": 3, "2a": 2}, TranspositionHits: 5, SymmetryHits: 6,
		Elapsed: 1500 * time.Millisecond, Counterexample: &g, Minimal: true, Detail: "a detail",
		LayersDone: 6, Losses: 2, Blunder: docBlunder(), StopReason: verify.StopBudget,
		MemoryBudget: 16 << 20, PeakRSS: 32 << 20, Pruned: 7, Unsettled: 8,
		Start: g.Moves[:2], Departures: []verify.Departure{docDeparture()}}
}

// docDeparture is a departure (verify --prefer) with every field set.
func docDeparture() verify.Departure {
	b, g := docBoard, docGame()
	return verify.Departure{Moves: g.Moves[:2], Preferred: board.Move{Player: board.Red, Cell: b.Cell(3, 1), Rule: "2a"},
		Move: b.Cell(1, 2), Winning: []board.Cell{b.Cell(1, 2)}, RuleAllowed: []board.Cell{b.Cell(1, 2), b.Cell(3, 1)},
		AfterAnother: true, TieBreakStep: "hierarchy item 3", OutsideRules: true}
}

func TestResultDocFields(t *testing.T) {
	out, err := ResultJSON(docResult())
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "docs/result.json", out)
}

func TestHuntDocFields(t *testing.T) {
	g := docGame()
	out, err := HuntJSON([]*hunt.Report{{Result: docResult(), Losses: []board.Game{g}, Seed: 7, Jobs: 2, Nodes: 99,
		Games: 12, Depth: 6, LossesFound: 3, FirstLoss: 250 * time.Millisecond, FirstLossNodes: 40,
		NoShorter: true, ProvenPlies: 4, Stopped: "time limit"}})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "docs/hunt.json", out)
}

func TestSimDocFields(t *testing.T) {
	g := docGame()
	out, err := SimJSON([]*hunt.SimReport{{Board: docBoard, Strategy: "mirror", Side: board.Red, Starter: board.Blue,
		Choices: verify.First, Opponent: hunt.Random, Seed: 3, Games: 10, Wins: 9, WinRate: 0.9, Low: 0.6, High: 0.98,
		MeanLength: 6.5, MeanPath: 3.25, RuleCounts: map[string]int64{"1": 10}, Lost: []board.Game{g},
		Fault: &g, FaultDetail: "a fault", Playouts: 500, Elapsed: 2 * time.Second, Stopped: "interrupted", PeakRSS: 48 << 20}})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "docs/simulate.json", out)
}

func TestGameJSONFields(t *testing.T) {
	out, err := GameJSONBytes(docGame(), Meta{Strategy: "mirror", Side: board.Red, Choices: "every"})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "docs/game.json", out)
}

func TestLocalCertifyDocFields(t *testing.T) {
	g := docGame()
	r := &pairing.LocalResult{M: 3, N: 3, Geo: board.Flat, Strategy: "handicap:second=shannon", Side: board.Red,
		Verdict: verify.Refuted, Stones: [][2]int{{2, 2}}, Regions: []pairing.LocalRegion{
			{Cells: [][2]int{{1, 1}, {2, 1}}, States: 5, Outcomes: [][][2]int{{{1, 1}}, {{2, 1}}}},
			{Cells: [][2]int{{3, 3}}, States: 2, Outcomes: [][][2]int{{}}}},
		Chain: [][2]int{{2, 1}, {2, 3}}, Game: &g, Replayed: true, States: 7, Nodes: 11,
		Elapsed: 1500 * time.Millisecond, Detail: "a detail"}
	d := NewLocalCertifyDoc(docBoard, r)
	d.PeakRSSBytes = 48 << 20
	out, err := prettyJSON(d)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "docs/certify-local.json", out)
}
