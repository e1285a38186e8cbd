package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// verdictJSON drops what legitimately varies between runs (time).
func verdictJSON(t *testing.T, raw []byte) string {
	t.Helper()
	var docs []map[string]any
	if err := json.Unmarshal(raw, &docs); err != nil {
		var one map[string]any
		if err := json.Unmarshal(raw, &one); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, raw)
		}
		docs = []map[string]any{one}
	}
	for _, d := range docs {
		delete(d, "elapsed_seconds")
	}
	out, _ := json.Marshal(docs)
	return string(out)
}

func TestVerifyExitCodesAndJSON(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string // in stdout (JSON) or stderr
	}{
		{[]string{"--board", "4x3", "--strategy", "mirror", "--in-memory", "--json", "-"}, 0, `"verdict": "optimal"`},
		{[]string{"--board", "4x3", "--geometry", "torus", "--strategy", "mirror", "--in-memory", "--starter", "blue", "--json", "-"}, 1, `"plies": 7`},
		{[]string{"--board", "5x4", "--strategy", "mirror", "--in-memory"}, 2, "even number of columns"},
		{[]string{"--board", "5x", "--strategy", "mirror"}, 2, "want two whole numbers"},
		{[]string{"--board", "4x3", "--strategy", "nosuch"}, 2, "unknown strategy"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--choices", "all"}, 2, "unknown choice"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--in-memory", "--resume"}, 2, "--in-memory cannot"},
		{[]string{"--board", "9x8", "--strategy", "gardner", "--in-memory"}, 2, "at most 64"},
	}
	for _, c := range cases {
		code, out, errOut := runCmd(append([]string{"verify"}, c.args...)...)
		if code != c.code {
			t.Errorf("verify %s: exit %d, want %d (stderr %q)", strings.Join(c.args, " "), code, c.code, errOut)
		}
		if !strings.Contains(out+errOut, c.want) {
			t.Errorf("verify %s: output does not contain %q:\n%s%s", strings.Join(c.args, " "), c.want, out, errOut)
		}
		if c.code == exitUsage && strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("verify %s: usage error is not one line: %q", strings.Join(c.args, " "), errOut)
		}
	}
	// Required JSON fields (SPEC §6), and results that do not depend on --jobs.
	var first string
	for _, jobs := range []string{"1", "2"} {
		code, out, _ := runCmd("verify", "--board", "4x3", "--geometry", "torus", "--strategy", "gardner", "--in-memory", "--jobs", jobs, "--json", "-")
		if code != exitRefuted {
			t.Fatalf("gardner on the 4x3 torus: exit %d", code)
		}
		var docs []map[string]any
		if err := json.Unmarshal([]byte(out), &docs); err != nil || len(docs) != 2 {
			t.Fatalf("--starter both should give an array of two results: %v\n%s", err, out)
		}
		for _, f := range []string{"board", "geometry", "strategy", "side", "starter", "choices", "verdict", "positions", "longest_game", "rule_counts", "elapsed_seconds", "counterexample"} {
			if _, ok := docs[0][f]; !ok {
				t.Errorf("JSON lacks %q", f)
			}
		}
		got := verdictJSON(t, []byte(out))
		if first == "" {
			first = got
		} else if got != first {
			t.Errorf("--jobs 2 gives another result than --jobs 1:\n%s\n%s", first, got)
		}
	}
}

// TestKillAndResume kills a real hexproof process with SIGKILL at several
// moments and checks that --resume finishes with the result of an
// uninterrupted run.
func TestKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs it several times")
	}
	bin := filepath.Join(t.TempDir(), "hexproof")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	args := []string{"verify", "--board", "5x4", "--strategy", "gardner", "--starter", "red", "--no-progress", "--json", "-"}
	want, err := exec.Command(bin, append(args, "--in-memory")...).Output()
	if err != nil && !isExit(err, 0) {
		t.Fatalf("reference run: %v", err)
	}
	resumedSome := false
	for _, delay := range []time.Duration{150 * time.Millisecond, 400 * time.Millisecond, 800 * time.Millisecond, 1500 * time.Millisecond} {
		db := filepath.Join(t.TempDir(), "db")
		cmd := exec.Command(bin, append(args, "--db", db)...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(delay)
		killed := cmd.Process.Signal(syscall.SIGKILL) == nil
		_ = cmd.Wait()
		out, err := exec.Command(bin, append(args, "--db", db, "--resume")...).Output()
		if err != nil && !isExit(err, 0) {
			t.Fatalf("resume after kill at %s: %v", delay, err)
		}
		if verdictJSON(t, out) != verdictJSON(t, want) {
			t.Errorf("resume after kill at %s: got\n%s\nwant\n%s", delay, out, want)
		}
		if killed && cmd.ProcessState != nil && !cmd.ProcessState.Success() {
			resumedSome = true
		}
	}
	if !resumedSome {
		t.Error("no run was killed before it finished, so resuming was not tested")
	}
}

func isExit(err error, code int) bool {
	ee, ok := err.(*exec.ExitError)
	return ok && ee.ExitCode() == code
}

// TestDatabaseKeptOnlyWhenNeeded: a settled run removes its database unless
// --keep-db; an inconclusive one keeps it for --resume.
func TestDatabaseKeptOnlyWhenNeeded(t *testing.T) {
	root := t.TempDir()
	entries := func() int {
		es, _ := os.ReadDir(root)
		return len(es)
	}
	if code, _, errOut := runCmd("verify", "--board", "4x3", "--strategy", "mirror", "--starter", "red", "--db", root, "--no-progress"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if n := entries(); n != 0 {
		t.Fatalf("a settled run left %d entries in the database root", n)
	}
	if code, _, _ := runCmd("verify", "--board", "4x3", "--strategy", "mirror", "--starter", "red", "--db", root, "--keep-db", "--no-progress"); code != 0 || entries() != 1 {
		t.Fatalf("--keep-db: exit %d, %d entries", code, entries())
	}
	code, _, _ := runCmd("verify", "--board", "5x4", "--strategy", "gardner", "--starter", "red", "--db", root, "--max-positions", "10", "--no-progress")
	if code != exitInconclusive || entries() != 2 {
		t.Fatalf("inconclusive run: exit %d, %d entries (want its database kept)", code, entries())
	}
	code, out, _ := runCmd("verify", "--board", "5x4", "--strategy", "gardner", "--starter", "red", "--db", root, "--resume", "--no-progress")
	if code != 0 || !strings.Contains(out, "optimal") || entries() != 1 {
		t.Fatalf("resume: exit %d, %d entries\n%s", code, entries(), out)
	}
}
