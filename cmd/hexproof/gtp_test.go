package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestGTPSession: hexproof gtp answers a scripted session: name, boardsize,
// play, genmove (the strategy's move, played), hexproof_allowed (every
// allowed cell and the rule), undo, ids, and errors as "? …".
func TestGTPSession(t *testing.T) {
	script := strings.Join([]string{
		"name",
		"boardsize 4 3",
		"hexproof_geometry cylinder",
		"play blue a1",
		"genmove red",          // mirror: c1 by rule 1
		"hexproof_allowed red", // after Red's own move: no opponent's last move, rule I: every empty cell
		"undo",
		"hexproof_allowed red", // Blue's a1 again last: c1
		"7 known_command undo",
		"play blue a1", // occupied
		"play blue z9", // off the board
		"genmove blue", // not the strategy's side
		"frobnicate",
		"boardsize 5 3", // mirror needs m even
		"quit",
	}, "\n") + "\n"
	var out, errb bytes.Buffer
	if code := runGTPOn(strings.NewReader(script), []string{"--strategy", "mirror", "--board", "4x3"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	answers := strings.Split(strings.TrimSuffix(out.String(), "\n\n"), "\n\n")
	want := []string{
		"= hexproof mirror",
		"= ",
		"= ",
		"= ",
		"= c1",
		"= b1 d1 a2 b2 c2 d2 a3 b3 c3 d3 # I",
		"= ",
		"= c1 # 1",
		"=7 true",
		"? cell a1 is occupied",
		`? "z9": not on the 4x3 board`,
		"? the strategy plays red",
		"? unknown command",
		"? strategy mirror on 5x3 cylinder",
		"= ",
	}
	if len(answers) != len(want) {
		t.Fatalf("%d answers, want %d:\n%s", len(answers), len(want), out.String())
	}
	for k := range want {
		if !strings.HasPrefix(answers[k], want[k]) {
			t.Errorf("answer %d = %q, want %q…", k+1, answers[k], want[k])
		}
	}
}

// TestGTPSolver: with --solver, genmove plays a winning move: Red, to move
// on the empty 2x2 cylinder, wins, and hexproof_allowed lists only winning
// cells.
func TestGTPSolver(t *testing.T) {
	var out, errb bytes.Buffer
	script := "boardsize 3 2\nhexproof_allowed red\ngenmove red\nquit\n"
	if code := runGTPOn(strings.NewReader(script), []string{"--solver"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	answers := strings.Split(strings.TrimSuffix(out.String(), "\n\n"), "\n\n")
	if len(answers) != 4 || !strings.HasSuffix(answers[1], "# winning") || !strings.HasPrefix(answers[2], "= ") {
		t.Errorf("got %q", out.String())
	}
}
