package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestReplayOpponentMoves(t *testing.T) {
	code, out, errs := runCmd("replay", "--board", "4x3", "--strategy", "mirror", "--starter", "blue", "--moves", "(1,1) b2 (1,3)")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{
		"Red - rule | Blue\n–          | (1, 1)\n(3, 1) - 1 | (2, 2)\n(4, 2) - 1 | (1, 3)\n(3, 3) - 1 | –\n",
		"No winner after 6 moves",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "decisions agree") {
		t.Errorf("opponent-only replay must not print an agreement summary:\n%s", out)
	}
	// A win ends the game and is reported.
	code, out, _ = runCmd("replay", "--board", "4x2", "--strategy", "mirror", "--starter", "blue", "--moves", "a1 a2", "--notation", "letter")
	if code != 0 || !strings.Contains(out, "c1 - 1") || !strings.Contains(out, "Red won after 4 moves.") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestReplayWholeGameCLI(t *testing.T) {
	code, out, errs := runCmd("replay", "--board", "4x3", "--strategy", "mirror", "--moves", "B:(1,1) R:(3,1) B:(2,2) R:(1,2) B:(4,1)")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"(3, 1) - 1 ", "(1, 2) - * rule 1 plays (4, 2) | (4, 1)", "1 of 2 decisions agree."} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestReplayJSON(t *testing.T) {
	type move struct {
		Player string  `json:"player"`
		Cell   [2]int  `json:"cell"`
		Rule   *string `json:"rule"`
		Answer *[2]int `json:"answer"`
		Agrees *bool   `json:"agrees"`
	}
	type doc struct {
		Board    string  `json:"board"`
		Strategy string  `json:"strategy"`
		Starter  string  `json:"starter"`
		Winner   *string `json:"winner"`
		Moves    []move  `json:"moves"`
	}
	// Whole game to a file; the table still goes to stdout.
	path := filepath.Join(t.TempDir(), "g.json")
	code, out, errs := runCmd("replay", "--board", "4x2", "--strategy", "mirror", "--moves", "B:a1 R:c1 B:a2 R:d2", "--json", path)
	if code != 0 || errs != "" || !strings.Contains(out, "Red - rule") {
		t.Fatalf("exit %d, stderr %q, out %q", code, errs, out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var d doc
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	if d.Board != "4x2" || d.Strategy != "mirror" || d.Starter != "blue" || d.Winner != nil || len(d.Moves) != 4 {
		t.Fatalf("got %+v", d)
	}
	m1, m3 := d.Moves[1], d.Moves[3]
	if m1.Player != "red" || m1.Cell != [2]int{3, 1} || m1.Rule == nil || *m1.Rule != "1" || m1.Answer == nil || *m1.Answer != [2]int{3, 1} || m1.Agrees == nil || !*m1.Agrees {
		t.Errorf("move 2: %+v", m1)
	}
	if m3.Cell != [2]int{4, 2} || m3.Answer == nil || *m3.Answer != [2]int{3, 2} || m3.Agrees == nil || *m3.Agrees {
		t.Errorf("move 4: %+v", m3)
	}
	if d.Moves[0].Rule != nil || d.Moves[0].Answer != nil || d.Moves[0].Agrees != nil {
		t.Errorf("opponent move carries strategy fields: %+v", d.Moves[0])
	}
	// Opponent-only to stdout: a winner, rules, and no answer/agrees fields.
	code, out, _ = runCmd("replay", "--board", "4x2", "--strategy", "mirror", "--starter", "blue", "--moves", "a1 a2", "--json", "-")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	d = doc{}
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if d.Winner == nil || *d.Winner != "red" || len(d.Moves) != 4 || d.Moves[3].Cell != [2]int{3, 2} || d.Moves[3].Answer != nil || d.Moves[3].Agrees != nil {
		t.Errorf("got %+v", d)
	}
}

func TestReplayBadInput(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--board", "4x3", "--strategy", "mirror", "--starter", "blue", "--moves", "(1,1) (1,1)"}, `move 2 "(1,1)": cell (1,1) is already occupied`},
		{[]string{"--board", "4x2", "--strategy", "mirror", "--starter", "blue", "--moves", "a1 a2 b1"}, `move 3 "b1": the game already ended (red won at move 4)`},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--moves", "B:a1 R:c1 R:b1"}, `move 3 "R:b1": it is blue's turn`},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--starter", "blue", "--moves", "a1 z9"}, `move 2 "z9"`},
		{[]string{"--board", "5x3", "--strategy", "mirror", "--starter", "blue", "--moves", "a1"}, "odd"},
		{[]string{"--board", "3x3", "--strategy", "gardner", "--starter", "blue", "--moves", "a1"}, "m > n"},
		{[]string{"--board", "4x3", "--strategy", "nope", "--starter", "blue"}, "unknown strategy"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--moves", "a1"}, "--starter is required"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--starter", "red", "--moves", "a1", "--choices", "every"}, "several moves (12 by rule I:"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--starter", "red", "--moves", "a1", "--choices", "every"}, "; use --choices first, or list the whole game with R:/B: prefixes"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--starter", "green"}, "--starter"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(append([]string{"replay"}, c.args...)...)
		if code != exitUsage || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line containing %q", c.args, code, out, errs, c.want)
		}
	}
}

func TestReplayHelp(t *testing.T) {
	code, out, _ := runCmd("replay", "--help")
	if code != 0 || !strings.Contains(out, "whole game") || !strings.Contains(out, "--choices") {
		t.Errorf("exit %d, help:\n%s", code, out)
	}
}
