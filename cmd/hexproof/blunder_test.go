package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestBlunderAnnotations: verify's and replay's lost games carry the blunder
// that perfect play finds (thesis Fig. 4.7 on the 4×3 torus: Red's (2,2) at
// move 5, where (1,2) (3,2) (2,3) (4,3) kept the win), in text and JSON, and
// --blunder-time 0 leaves it out.
func TestBlunderAnnotations(t *testing.T) {
	base := []string{"verify", "--board", "4x3", "--geometry", "torus", "--strategy", "mirror", "--starter", "red", "--in-memory", "--no-progress"}
	code, out, errOut := runCmd(base...)
	want := "Blunder: move 5, Red (2,2) (rule 2), turned a won position into a lost one"
	if code != exitRefuted || !strings.Contains(out, want) {
		t.Fatalf("verify: exit %d, no %q:\n%s\n%s", code, want, out, errOut)
	}
	_, out, _ = runCmd(append(base, "--json", "-")...)
	var doc struct {
		Blunder *struct {
			Found        bool     `json:"found"`
			MoveNumber   int      `json:"move_number"`
			Cell         [2]int   `json:"cell"`
			WinningMoves [][2]int `json:"winning_moves"`
		} `json:"blunder"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.Blunder == nil || !doc.Blunder.Found ||
		doc.Blunder.MoveNumber != 5 || doc.Blunder.Cell != [2]int{2, 2} || len(doc.Blunder.WinningMoves) != 4 {
		t.Fatalf("verify JSON blunder: %+v (%v)\n%s", doc.Blunder, err, out)
	}
	if _, out, _ := runCmd(append(base, "--blunder-time", "0")...); strings.Contains(out, "Blunder") {
		t.Errorf("--blunder-time 0 still annotates:\n%s", out)
	}
	code, out, errOut = runCmd("replay", "--board", "4x3", "--geometry", "torus", "--strategy", "mirror", "--choices", "every",
		"--moves", "R:(1,1) B:(2,1) R:(4,1) B:(3,1) R:(2,2) B:(1,2) R:(3,2) B:(4,3)")
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("replay: exit %d, no %q:\n%s\n%s", code, want, out, errOut)
	}
}

// TestBlunderTimeNegative: a negative --blunder-time is one line and exit 2
// in every command that takes it.
func TestBlunderTimeNegative(t *testing.T) {
	for _, args := range [][]string{
		{"verify", "--board", "4x3", "--strategy", "mirror", "--in-memory", "--no-progress"},
		{"hunt", "--board", "4x3", "--strategy", "mirror", "--no-progress"},
		{"replay", "--board", "4x3", "--strategy", "mirror", "--starter", "blue", "--moves", "(1,1)"},
	} {
		code, _, errOut := runCmd(append(args, "--blunder-time", "-1s")...)
		if code != exitUsage || !strings.Contains(errOut, "--blunder-time cannot be negative") || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%s --blunder-time -1s: exit %d, %q", args[0], code, errOut)
		}
	}
}
