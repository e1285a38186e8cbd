package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/tt"
	"hexproof/verify"
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
		delete(d, "peak_rss_bytes")
		delete(d, "memory_budget_bytes") // the default follows the free memory
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
		{[]string{"--board", "5x4", "--strategy", "fitzgerald", "--in-memory", "--prune-lost"}, 2, "--prune-lost needs --choices some"},
		{[]string{"--board", "5x4", "--strategy", "fitzgerald", "--choices", "some", "--prune-lost=-1"}, 2, "positive number"},
		// A refutation found with pruning: not claimed shortest, and it says what was pruned.
		{[]string{"--board", "5x4", "--strategy", "hht-strict", "--choices", "some", "--starter", "blue", "--prune-lost", "--blunder-time", "0", "--json", "-"}, 1, `"minimal": false`},
		{[]string{"--board", "5x4", "--strategy", "hht-strict", "--choices", "some", "--starter", "blue", "--prune-lost=50", "--blunder-time", "0"}, 1, "one such line"},
		// --moves: a start prefix.
		{[]string{"--board", "4x3", "--strategy", "mirror", "--in-memory", "--moves", "(1,1)"}, 2, "--moves needs --starter red or --starter blue"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--in-memory", "--starter", "blue", "--moves", "(1,1) (2,1)"}, 2, "--moves: move 2, (2,1), is not a move the strategy plays there"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--in-memory", "--starter", "blue", "--moves", "(1,1) (1,1)"}, 2, "already occupied"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--in-memory", "--starter", "blue", "--moves", "(1,1)"}, 0, "From the position after 2 plies: B:(1,1) R:(3,1)"},
		{[]string{"--board", "5x6", "--strategy", "fitzgerald", "--in-memory", "--starter", "red", "--within", "gardner-blue"}, 2, "--within gardner-blue: it plays blue, the strategy red"},
		{[]string{"--board", "5x4", "--strategy", "fitzgerald", "--in-memory", "--within", "nosuch"}, 2, "--within: unknown strategy"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--in-memory", "--starter", "blue", "--moves", "(1,1) zz"}, 2, "--moves:"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--in-memory", "--starter", "blue", "--moves", "(1,1) (3,1)", "--json", "-"}, 0, `"start": [`},
		{[]string{"--board", "5x4", "--strategy", "fitzgerald-rules", "--choices", "some", "--starter", "blue", "--moves", "(1,1)", "--blunder-time", "0"}, 0, "From the position after 1 ply: B:(1,1)"},
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
	// Required JSON fields (docs/design.md §6), and results that do not depend on --jobs.
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
// moments and checks that --resume finishes with the JSON of an uninterrupted
// run: verdict, counts, rule counts, counterexample and longest game (all
// but the elapsed time), for a proof and for a refutation.
func TestKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs it several times")
	}
	bin := testkit.Binary(t)
	// Kills land at fixed fractions of an uninterrupted --db run's wall
	// time, measured on this machine, so that the test means the same on
	// a fast and on a slow machine (fixed delays let CI finish the run
	// before most kills).
	fractions := []float64{0.1, 0.25, 0.4, 0.55, 0.7, 0.85}
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"--board", "5x4", "--strategy", "gardner", "--starter", "red"}, 0},
		{[]string{"--board", "5x4", "--strategy", "hht-strict", "--starter", "blue"}, 1},
		// Checkpoints inside layers: kills land between them.
		{[]string{"--board", "5x4", "--strategy", "gardner", "--starter", "red", "--checkpoint-every", "5ms"}, 0},
	} {
		checkpoints := slices.Contains(c.args, "--checkpoint-every")
		withinLayer := 0
		args := append([]string{"verify", "--no-progress", "--json", "-"}, c.args...)
		// The in-memory reference has no database to checkpoint to, and
		// refuses the flag.
		ref := slices.Clone(args)
		if i := slices.Index(ref, "--checkpoint-every"); i >= 0 {
			ref = slices.Delete(ref, i, i+2)
		}
		want, err := exec.Command(bin, append(ref, "--in-memory")...).Output()
		if err != nil && !isExit(err, c.code) {
			t.Fatalf("reference run %v: %v", c.args, err)
		}
		if c.code == 1 && !strings.Contains(string(want), `"counterexample"`) {
			t.Fatalf("reference run %v has no counterexample:\n%s", c.args, want)
		}
		start := time.Now()
		full, err := exec.Command(bin, append(args, "--db", filepath.Join(t.TempDir(), "db"))...).Output()
		if err != nil && !isExit(err, c.code) {
			t.Fatalf("uninterrupted --db run %v: %v", c.args, err)
		}
		if verdictJSON(t, full) != verdictJSON(t, want) {
			t.Fatalf("%v: --db and --in-memory differ:\n%s\n%s", c.args, full, want)
		}
		wall := time.Since(start)
		var delays []time.Duration
		for _, f := range fractions {
			delays = append(delays, time.Duration(f*float64(wall)))
		}
		// With checkpoints inside layers, a kill must land after one of
		// them at least once; on a loaded machine the first kills may all
		// miss, so further rounds kill in between the first ones (at most
		// two more; the assertion below is unchanged).
		if checkpoints {
			for _, shift := range []float64{0.05, 0.1} {
				for _, f := range fractions {
					delays = append(delays, time.Duration((f+shift)*float64(wall)))
				}
			}
		}
		resumed := 0
		for k, delay := range delays {
			if k >= len(fractions) && withinLayer > 0 {
				break // the extra rounds are only for a kill inside a layer
			}
			db := filepath.Join(t.TempDir(), "db")
			cmd := exec.Command(bin, append(args, "--db", db)...)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(delay)
			_ = cmd.Process.Signal(syscall.SIGKILL)
			_ = cmd.Wait()
			killed := cmd.ProcessState != nil && !cmd.ProcessState.Exited()
			stored := hasRunStore(t, db)
			res := exec.Command(bin, append(args, "--db", db, "--resume")...)
			var errb strings.Builder
			res.Stderr = &errb
			out, err := res.Output()
			if !killed || !stored {
				// Finished (and removed its database) before the kill, or
				// killed before it made one or while it removed it (a
				// finished run renames its store before deleting it,
				// tt.RemoveStore): nothing to resume, said in one line.
				if !isExit(err, exitUsage) || !strings.Contains(errb.String(), "nothing to resume") {
					t.Errorf("%v, kill at %s (killed: %v): resume gave %v: %s", c.args, delay, killed, err, errb.String())
				}
				continue
			}
			resumed++
			if err != nil && !isExit(err, c.code) {
				t.Fatalf("%v: resume after kill at %s: %v\n%s", c.args, delay, err, errb.String())
			}
			if !strings.Contains(errb.String(), "resuming from layer") && !strings.Contains(errb.String(), "recorded no finished layer") {
				t.Errorf("%v: resume after kill at %s did not say where it resumed: %q", c.args, delay, errb.String())
			}
			if verdictJSON(t, out) != verdictJSON(t, want) {
				t.Errorf("%v: resume after kill at %s: got\n%s\nwant\n%s", c.args, delay, out, want)
			}
			if strings.Contains(errb.String(), "expanded at a checkpoint") {
				withinLayer++
			}
		}
		if checkpoints && withinLayer == 0 {
			t.Errorf("%v: no kill was resumed from a checkpoint inside a layer", c.args)
		}
		if resumed < 2 {
			t.Errorf("%v: only %d runs were killed before they finished, so resuming was hardly tested", c.args, resumed)
		}
	}
}

// hasRunStore says whether the --db directory db holds a run's store: a
// store directory that is not one being removed (tt.RemoveStore).
func hasRunStore(t *testing.T, db string) bool {
	t.Helper()
	entries, err := os.ReadDir(db)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !e.IsDir() || strings.HasSuffix(e.Name(), ".removing") {
			continue
		}
		if ok, err := tt.HasStore(filepath.Join(db, e.Name())); err == nil && ok {
			return true
		}
	}
	return false
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

// TestLogEvery: without a progress bar (stderr is not a terminal here), a
// run prints a progress line to stderr every --log-every, and none with 0;
// the result on stdout is the same either way.
func TestLogEvery(t *testing.T) {
	// About 2 s of search (refuted, exit 1): several ticks of the progress
	// goroutine, which reports every 200 ms.
	args := []string{"verify", "--board", "5x4", "--strategy", "hht", "--starter", "red", "--in-memory", "--blunder-time", "0"}
	code, out, errs := runCmd(append(args, "--log-every", "1ms")...)
	if code != 1 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, l := range strings.Split(strings.TrimSpace(errs), "\n") {
		if l == "" {
			continue
		}
		if !strings.HasPrefix(l, "hexproof verify: Red starts, ") || !strings.Contains(l, "expanding the positions of ") || !strings.Contains(l, "positions stored") {
			t.Fatalf("not a progress line: %q", l)
		}
	}
	if n := strings.Count(errs, "\n"); n < 2 {
		t.Fatalf("%d progress lines at 1ms, want several:\n%s", n, errs)
	}
	code0, out0, errs0 := runCmd(append(args, "--log-every", "0")...)
	if code0 != 1 || errs0 != "" {
		t.Fatalf("--log-every 0: exit %d, stderr %q", code0, errs0)
	}
	strip := func(s string) string { // the elapsed time differs
		var keep []string
		for _, l := range strings.Split(s, "\n") {
			if !strings.Contains(l, "elapsed") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	if strip(out) != strip(out0) {
		t.Fatalf("the result differs with progress lines:\n%s\n---\n%s", out, out0)
	}
	if code, _, errs := runCmd(append(args, "--log-every", "-1s")...); code != 2 || !strings.Contains(errs, "--log-every") {
		t.Fatalf("--log-every -1s: exit %d, stderr %q", code, errs)
	}
}

// TestProgressLog: the progress lines come once per interval of the run's
// elapsed time, however often the search reports, and say where it is.
func TestProgressLog(t *testing.T) {
	var buf bytes.Buffer
	log := progressLog(board.Blue, time.Minute, 1<<30, &buf)
	for s := 0; s <= 200; s++ { // reported every second for 200 s
		log(verify.Progress{Layer: 14, MaxLayer: 40, Positions: int64(s) * 1000, Frontier: 400, Done: int64(s), Elapsed: time.Duration(s) * time.Second})
	}
	// Each line ends with the resident memory, which varies: checked apart.
	memory := regexp.MustCompile(`; memory [0-9.]+[KMGT]?i?B \+ [0-9.]+[KMGT]?i?B mapped of --memory 1GiB$`)
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	for i, l := range lines {
		if !memory.MatchString(l) {
			t.Fatalf("line without the memory: %q", l)
		}
		lines[i] = memory.ReplaceAllString(l, "")
	}
	want := []string{
		"hexproof verify: Blue starts, 1m0s: expanding the positions of 14 stones, 60 of 400 (15%); 60,000 positions stored (1,000 a second)",
		"hexproof verify: Blue starts, 2m0s: expanding the positions of 14 stones, 120 of 400 (30%); 120,000 positions stored (1,000 a second)",
		"hexproof verify: Blue starts, 3m0s: expanding the positions of 14 stones, 180 of 400 (45%); 180,000 positions stored (1,000 a second)",
	}
	if !slices.Equal(lines, want) {
		t.Fatalf("lines:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	buf.Reset()
	progressLog(board.Red, time.Second, 1<<30, &buf)(verify.Progress{Positions: 5000, Elapsed: 2 * time.Second})
	if got := memory.ReplaceAllString(strings.TrimSpace(buf.String()), ""); got != "hexproof verify: Red starts, 2s: 5,000 positions searched (2,500 a second)" {
		t.Fatalf("a search without layers: %q", got)
	}
}
