package main

import (
	"bytes"
	"encoding/json"
	"hexproof/reports"
	"strings"
	"testing"
)

// TestVerifyHandicapFlag: --handicap runs from the stones (Red starts,
// optimal on the first three rings of 6×6); bad uses are one line, exit 2.
func TestVerifyHandicapFlag(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"verify", "--board", "6x3", "--geometry", "flat", "--strategy", "handicap", "--handicap", "--in-memory", "--no-progress", "--blunder-time", "0"}, &out, &errb); code != exitOptimal {
		t.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "Red starts") || strings.Contains(out.String(), "Blue starts") {
		t.Errorf("want one run, Red starting:\n%s", out.String())
	}
	for _, args := range [][]string{
		{"--board", "6x3", "--geometry", "cylinder", "--strategy", "gardner", "--handicap"},
		{"--board", "6x3", "--geometry", "flat", "--strategy", "gardner", "--handicap"},
		{"--board", "6x3", "--geometry", "flat", "--strategy", "handicap", "--handicap", "--starter", "blue"},
		{"--board", "6x3", "--geometry", "flat", "--strategy", "handicap", "--handicap", "--choices", "some"},
	} {
		out.Reset()
		errb.Reset()
		code := run(append([]string{"verify", "--in-memory", "--no-progress"}, args...), &out, &errb)
		if code != exitUsage || strings.Count(strings.TrimSpace(errb.String()), "\n") != 0 || !strings.Contains(errb.String(), "handicap") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// TestReplayHandicapFlag: replay --handicap starts from the stones, with the
// stones listed (as verify --handicap's counterexample line begins) or left
// out, and gives the same game; without --handicap such a line is refused;
// bad uses are verify --handicap's refusals, one line, exit 2.
func TestReplayHandicapFlag(t *testing.T) {
	base := []string{"replay", "--board", "7x3", "--geometry", "flat", "--strategy", "handicap", "--handicap"}
	var games []string
	for _, moves := range []string{
		"R:(2,2) R:(4,2) B:(4,1) R:(1,1) B:(5,1) R:(2,1) B:(6,1) R:(3,1) B:(7,1)",
		"B:(4,1) R:(1,1) B:(5,1) R:(2,1) B:(6,1) R:(3,1) B:(7,1)",
		"(4,1) (5,1) (6,1) (7,1)",
	} {
		var out, errb bytes.Buffer
		if code := run(append(base, "--moves", moves), &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", moves, code, errb.String())
		}
		if !strings.Contains(out.String(), "(2, 2) - H") || !strings.Contains(out.String(), "(4, 2) - H  | (4, 1)") {
			t.Errorf("%s: the stones are not placed before Blue's first move:\n%s", moves, out.String())
		}
		games = append(games, out.String()[strings.Index(out.String(), "Red - rule"):])
	}
	if games[0] != games[1] {
		t.Errorf("the stones listed or left out give different games:\n%s\n%s", games[0], games[1])
	}
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--board", "7x3", "--geometry", "flat", "--strategy", "handicap", "--moves", "R:(2,2) R:(4,2) B:(4,1)"}, &out, &errb); code != exitUsage {
		t.Errorf("without --handicap, two red stones in a row: exit %d, want 2", code)
	}
	for _, args := range [][]string{
		{"--board", "7x3", "--geometry", "cylinder", "--strategy", "gardner", "--handicap", "--moves", "(1,1)"},
		{"--board", "7x3", "--geometry", "flat", "--strategy", "gardner", "--handicap", "--moves", "(1,1)"},
		{"--board", "7x3", "--geometry", "flat", "--strategy", "handicap", "--handicap", "--starter", "blue", "--moves", "(1,1)"},
		{"--board", "7x3", "--geometry", "flat", "--strategy", "handicap", "--handicap", "--choices", "some", "--moves", "(1,1)"},
		{"--board", "7x3", "--geometry", "flat", "--strategy", "handicap", "--handicap", "--moves", "R:(4,2) R:(2,2) B:(4,1)"},
		{"--board", "7x3", "--geometry", "flat", "--strategy", "handicap", "--handicap", "--moves", "R:(2,2) B:(4,1)"},
	} {
		out.Reset()
		errb.Reset()
		code := run(append([]string{"replay"}, args...), &out, &errb)
		if code != exitUsage || strings.Count(strings.TrimSpace(errb.String()), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// TestCertifyHandicapFlag: certify --handicap proves App. B's strategy on
// 6x6 (exit 0), refutes the second=shannon reading there with a game whose
// replay command, run, gives Blue's win (exit 1); bad uses are one line,
// exit 2.
func TestCertifyHandicapFlag(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"certify", "--board", "6x6", "--geometry", "flat", "--strategy", "handicap", "--handicap"}, &out, &errb); code != exitOptimal {
		t.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "red places (2,5) (3,5), then blue moves: optimal (local responses)") {
		t.Errorf("report:\n%s", out.String())
	}
	out.Reset()
	if code := run([]string{"certify", "--board", "6x6", "--geometry", "flat", "--strategy", "handicap:second=shannon", "--handicap", "--json", "-"}, &out, &errb); code != exitRefuted {
		t.Fatalf("second=shannon: exit %d: %s%s", code, out.String(), errb.String())
	}
	var doc reports.LocalCertifyDoc
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("--json: %v\n%s", err, out.String())
	}
	if doc.Verdict != "refuted" || doc.Counterexample == nil || !doc.Replayed || len(doc.Chain) == 0 || doc.Counterexample.Plies != len(doc.Counterexample.Moves) {
		t.Fatalf("--json: %+v", doc)
	}
	line, ok := strings.CutPrefix(doc.Replay, "hexproof ")
	if !ok {
		t.Fatalf("no replay command: %q", doc.Replay)
	}
	args := strings.Fields(line[:strings.Index(line, "--moves")])
	moves := strings.Trim(line[strings.Index(line, "--moves")+len("--moves "):], "\"")
	var rout, rerr bytes.Buffer
	if code := run(append(args, "--moves", moves), &rout, &rerr); code != 0 || !strings.Contains(rout.String(), "Blue won after") {
		t.Errorf("replay %v: exit %d: %s%s", args, code, rout.String(), rerr.String())
	}
	for _, args := range [][]string{
		{"--board", "6x6", "--geometry", "cylinder", "--strategy", "handicap", "--handicap"},
		{"--board", "6x6", "--geometry", "flat", "--strategy", "gardner", "--handicap"},
		{"--board", "6x6", "--geometry", "flat", "--strategy", "handicap", "--handicap", "--starter", "blue"},
		{"--board", "6x6", "--geometry", "flat", "--strategy", "handicap", "--handicap", "--json", "/nonexistent/dir/c.json"},
		{"--board", "5x5", "--geometry", "flat", "--strategy", "handicap", "--handicap"},
		{"--board", "12x12", "--geometry", "flat", "--strategy", "handicap", "--handicap"},
		{"--table", "6x6", "--handicap"},
	} {
		out.Reset()
		errb.Reset()
		code := run(append([]string{"certify"}, args...), &out, &errb)
		if code != exitUsage || strings.Count(strings.TrimSpace(errb.String()), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}
