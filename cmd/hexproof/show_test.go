package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestShowClasses checks `show --classes` on 5×7 after Red's (3,4): 11
// classes (board.TestMoveClassesCounts works them out), the representatives
// at the start of their lines as scripts/some-openings.sh reads them, and
// every empty cell listed once.
func TestShowClasses(t *testing.T) {
	code, out, errs := runCmd("show", "--board", "5x7", "--moves", "R:(3,4)", "--classes")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "Moves up to symmetry: 11 classes of 34 empty cells (4 of the board's 20 symmetries") {
		t.Fatalf("no class header:\n%s", out)
	}
	var reps []string
	for _, l := range strings.Split(out, "\n") {
		if m := regexp.MustCompile(`^  (\(\d+,\d+\))`).FindStringSubmatch(l); m != nil {
			reps = append(reps, m[1])
		}
	}
	want := "(1,1) (2,1) (4,1) (1,2) (3,2) (4,2) (1,3) (2,3) (3,3) (1,4) (2,4)"
	if got := strings.Join(reps, " "); got != want {
		t.Errorf("representatives %s, want %s", got, want)
	}
	_, tail, _ := strings.Cut(out, "onto itself):\n")
	cells := regexp.MustCompile(`\(\d+,\d+\)`).FindAllString(tail, -1)
	seen := map[string]bool{}
	for _, c := range cells {
		if seen[c] || c == "(3,4)" {
			t.Errorf("cell %s listed twice or occupied", c)
		}
		seen[c] = true
	}
	if len(seen) != 34 {
		t.Errorf("%d cells listed, want 34", len(seen))
	}
}

// TestShowClassesBadInput: a value --classes does not take is one line and
// exit 2.
func TestShowClassesBadInput(t *testing.T) {
	code, _, errs := runCmd("show", "--board", "5x7", "--classes=maybe")
	if code != exitUsage || !strings.Contains(errs, "--classes") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Errorf("exit %d, %q; want one line about --classes and exit 2", code, errs)
	}
}
