package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hexproof/internal/testkit"
)

// TestRunPlanStopsWhenSettled runs scripts/run-plan.sh on small split
// solves. With Blue to move at the root of 4×4 (openings of two plies), the
// merge is solved before every shard has run (each Blue move needs one
// winning Red reply): the runner stops there, leaves shards unrun, merge.txt
// says they are not needed and gives the unsplit solve's winner, and the
// same command again runs nothing. With UNTIL_WINNER=1 on 4×5 with Red to
// move, it stops after the first shard that proves Red's win. With
// --certificate among the flags it never stops early.
func TestRunPlanStopsWhenSettled(t *testing.T) {
	bin, script := testkit.Binary(t), scriptPath(t, "run-plan.sh")
	plan := func(args ...string) (string, int) {
		t.Helper()
		dir := filepath.Join(t.TempDir(), "plan")
		if code, out, errOut := runCmd(append([]string{"plan", "--solve", "--out", dir}, args...)...); code != 0 {
			t.Fatalf("plan %v: exit %d: %s%s", args, code, out, errOut)
		}
		return dir, countShards(t, dir)
	}
	run := func(env []string, dir string, flags ...string) string {
		t.Helper()
		cmd := exec.Command(script, append([]string{bin, dir, "--"}, flags...)...)
		cmd.Env = append(os.Environ(), env...)
		var errb strings.Builder
		cmd.Stderr = &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("run-plan.sh %s %v: %v\n%s", dir, flags, err, errb.String())
		}
		return errb.String()
	}
	results := func(dir string) int {
		t.Helper()
		fs, _ := filepath.Glob(filepath.Join(dir, "result-*.json"))
		return len(fs)
	}
	merged := func(dir string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, "merge.txt"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}

	dir, n := plan("--board", "4x4", "--starter", "blue", "--plies", "2")
	errs := run(nil, dir)
	k := results(dir)
	if k == 0 || k >= n || !strings.Contains(errs, "the merge is solved; the shards left are not needed") {
		t.Fatalf("4x4 Blue: %d of %d shards run; stderr:\n%s", k, n, errs)
	}
	if m := merged(dir); !strings.HasPrefix(m, "4x4 cylinder, blue starts (blue to move): red wins\n") || !strings.Contains(m, "not needed: shard") {
		t.Fatalf("merge.txt:\n%s", m)
	}
	if code, out, _ := runCmd("solve", "--board", "4x4", "--starter", "blue"); code != 0 || !strings.Contains(out, "red wins") {
		t.Fatalf("the unsplit solve: exit %d\n%s", code, out)
	}
	errs = run(nil, dir)
	if results(dir) != k || !strings.Contains(errs, "before any shard the merge is solved") {
		t.Fatalf("run again: %d results (was %d); stderr:\n%s", results(dir), k, errs)
	}

	dir, n = plan("--board", "4x5", "--starter", "red", "--plies", "1")
	if n < 2 {
		t.Fatalf("4x5 Red: %d shards", n)
	}
	errs = run([]string{"UNTIL_WINNER=1"}, dir)
	if results(dir) != 1 || !strings.Contains(errs, "after shard 0 the winner is known") ||
		!strings.Contains(merged(dir), "inconclusive: red wins, proved by the shards solved") {
		t.Fatalf("UNTIL_WINNER: %d results; stderr:\n%s\nmerge.txt:\n%s", results(dir), errs, merged(dir))
	}

	dir, n = plan("--board", "4x4", "--starter", "blue", "--plies", "2")
	if errs = run([]string{"UNTIL_WINNER=1"}, dir, "--certificate"); results(dir) != n {
		t.Fatalf("--certificate: %d of %d shards run; stderr:\n%s", results(dir), n, errs)
	}
}
