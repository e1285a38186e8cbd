package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// outcome is what a merge must share with a single verify: the verdict, the
// counterexample (moves, rules, winner, minimality), the longest game and
// the layers done.
func outcome(t *testing.T, raw string) string {
	t.Helper()
	var d map[string]any
	if err := json.Unmarshal([]byte(raw), &d); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, raw)
	}
	out, _ := json.Marshal([]any{d["verdict"], d["counterexample"], d["longest_game"], d["layers_done"], d["detail"]})
	return string(out)
}

// splitRun plans, runs every shard with 'verify --shard' and merges, all in
// this process; it returns the plan directory and merge's JSON and exit code.
func splitRun(t *testing.T, shards int, args ...string) (string, string, int) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "plan")
	code, out, errOut := runCmd(append([]string{"plan", "--shards", fmt.Sprint(shards), "--out", dir}, args...)...)
	if code != 0 {
		t.Fatalf("plan %v: exit %d: %s%s", args, code, out, errOut)
	}
	n := countShards(t, dir)
	for i := range n {
		code, out, errOut := runCmd("verify", "--shard", fmt.Sprintf("%s/%d", dir, i), "--in-memory", "--jobs", "2", "--no-progress")
		if code == exitUsage || !strings.Contains(out, fmt.Sprintf("Shard %d of %d", i, n)) {
			t.Fatalf("verify --shard %d: exit %d: %s%s", i, code, out, errOut)
		}
	}
	code, out, errOut = runCmd("merge", dir, "--json", "-")
	if errOut != "" {
		t.Fatalf("merge: %s", errOut)
	}
	return dir, out, code
}

func countShards(t *testing.T, dir string) int {
	t.Helper()
	ms, err := filepath.Glob(filepath.Join(dir, "shard-*.json"))
	if err != nil || len(ms) == 0 {
		t.Fatalf("no shard files in %s", dir)
	}
	return len(ms)
}

// TestPlanShardMerge: on a refuted and an optimal case of at least 20 cells,
// plan + every shard + merge reports what one verify reports, with the same
// exit code; merge's JSON has verify's fields and the shards'.
func TestPlanShardMerge(t *testing.T) {
	cases := [][]string{
		{"--board", "5x4", "--strategy", "vandenbroek", "--starter", "blue", "--choices", "first"}, // refuted, 11 plies
		{"--board", "6x4", "--strategy", "mirror", "--starter", "blue"},                            // optimal
	}
	for _, args := range cases {
		code, want, errOut := runCmd(append([]string{"verify", "--in-memory", "--json", "-"}, args...)...)
		if errOut != "" {
			t.Fatal(errOut)
		}
		_, got, mcode := splitRun(t, 7, args...)
		if mcode != code || outcome(t, got) != outcome(t, want) {
			t.Errorf("%v: merge exit %d %s\nverify exit %d %s", args, mcode, outcome(t, got), code, outcome(t, want))
		}
		var doc map[string]any
		if err := json.Unmarshal([]byte(got), &doc); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"board", "geometry", "strategy", "side", "starter", "choices", "verdict", "positions", "longest_game", "rule_counts", "elapsed_seconds", "transposition_hits", "symmetry_hits", "layers_done", "shards"} {
			if _, ok := doc[f]; !ok {
				t.Errorf("merge JSON lacks %q", f)
			}
		}
		sh := doc["shards"].(map[string]any)
		if sh["total"].(float64) != 7 || sh["finished"].(float64) != 7 || len(sh["missing"].([]any)) != 0 {
			t.Errorf("%v: shards %v", args, sh)
		}
	}
}

// TestMergeMissingShard: a missing result makes the merge inconclusive,
// names the shard, and exits 3; a result of another plan is a failed shard.
func TestMergeMissingShard(t *testing.T) {
	dir, _, _ := splitRun(t, 4, "--board", "6x4", "--strategy", "mirror", "--starter", "blue")
	if err := os.Remove(filepath.Join(dir, "result-2.json")); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCmd("merge", dir)
	if code != exitInconclusive || !strings.Contains(out, "missing: shard 2") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	other, _, _ := splitRun(t, 3, "--board", "6x4", "--strategy", "mirror", "--starter", "blue")
	raw, err := os.ReadFile(filepath.Join(other, "result-1.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "result-1.json"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCmd("merge", "--json", "-", dir) // DIR after the flags
	if code != exitInconclusive || !strings.Contains(out, "another plan") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}

// TestPlanUsageErrors: bad flags are one-line errors with exit code 2.
func TestPlanUsageErrors(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"plan", "--board", "6x4", "--strategy", "mirror", "--shards", "4", "--out", dir}, "--starter red or --starter blue"},
		{[]string{"plan", "--board", "6x4", "--strategy", "mirror", "--starter", "blue", "--out", dir}, "--shards"},
		{[]string{"plan", "--board", "6x4", "--strategy", "mirror", "--starter", "blue", "--shards", "3"}, "--out"},
		{[]string{"plan", "--board", "6x4", "--strategy", "mirror", "--starter", "blue", "--shards", "3", "--choices", "some", "--out", dir}, "choices some"},
		{[]string{"verify", "--shard", dir + "/x"}, "want DIR/I"},
		{[]string{"verify", "--shard", dir + "/0"}, "shard-0.json"},
		{[]string{"verify", "--shard", dir + "/0", "--board", "5x4"}, "comes from the shard file"},
		{[]string{"verify", "--shard", dir + "/0", "--log-every", "-1s"}, "cannot be negative"},
		{[]string{"merge"}, "plan directory"},
		{[]string{"merge", dir, dir}, "one plan directory"},
		{[]string{"merge", dir}, "plan.json"},
	}
	for _, c := range cases {
		code, out, errOut := runCmd(c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit 2 and one line with %q", c.args, code, errOut, out, c.want)
		}
	}
	for _, c := range [][]string{{"plan", "--help"}, {"merge", "--help"}, {"verify", "--shard", "x/0", "--help"}} {
		code, out, _ := runCmd(c...)
		if code != 0 || !strings.Contains(out, "Exit codes") {
			t.Errorf("%v: exit %d, no exit codes in help:\n%s", c, code, out)
		}
	}
}

// TestShardUntilLayers: --until-layers N stops a long shard once its layers
// up to N stones are complete: an inconclusive result with layers_done ≥ N,
// which merge counts as N layers free of losses.
func TestShardUntilLayers(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "plan")
	// fitzgerald 5x6, Blue starts: a single run takes minutes (refuted in 15).
	if code, out, errOut := runCmd("plan", "--board", "5x6", "--strategy", "fitzgerald", "--starter", "blue", "--shards", "2", "--out", dir); code != 0 {
		t.Fatalf("plan: %s%s", out, errOut)
	}
	code, out, errOut := runCmd("verify", "--shard", dir+"/1", "--in-memory", "--no-progress", "--until-layers", "6", "--time-limit", "5m")
	if code != exitInconclusive {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "result-1.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Verdict    string `json:"verdict"`
		LayersDone int    `json:"layers_done"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	if r.Verdict != "inconclusive" || r.LayersDone < 6 || r.LayersDone > 10 {
		t.Errorf("result %+v, want inconclusive with layers_done from 6 (a little more if the layers are quick)", r)
	}
	code, out, _ = runCmd("merge", dir)
	if code != exitInconclusive || !strings.Contains(out, "unfinished: shard 1; missing: shard 0") {
		t.Errorf("merge: exit %d\n%s", code, out)
	}
}

// TestShardLogEvery: a shard without a progress bar (a batch job's stderr is
// a file) prints progress lines every --log-every, and nothing else there.
func TestShardLogEvery(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "plan")
	if code, out, errOut := runCmd("plan", "--board", "5x6", "--strategy", "fitzgerald", "--starter", "blue", "--shards", "2", "--out", dir); code != 0 {
		t.Fatalf("plan: %s%s", out, errOut)
	}
	// About 4 s of search: many ticks of the progress goroutine (200 ms).
	code, out, errOut := runCmd("verify", "--shard", dir+"/1", "--in-memory", "--until-layers", "10", "--time-limit", "5m", "--log-every", "1ms")
	if code != exitInconclusive {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	for _, l := range lines {
		if !strings.HasPrefix(l, "hexproof verify: Blue starts, ") || !strings.Contains(l, "positions stored") {
			t.Fatalf("not a progress line: %q", l)
		}
	}
	if errOut == "" {
		t.Fatalf("no progress line")
	}
}
