package main

import (
	"context"
	"encoding/json"
	"fmt"
	"hexproof/internal/testkit"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The job files of 'hexproof plan' run by the real engines: a Slurm job array
// on the single-node cluster of scripts/slurm/start.sh, and GNU parallel.
// These tests need sbatch (with a running cluster) and parallel; CI installs
// and starts them (.ci/run). Where they cannot run, say so explicitly:
// HEXPROOF_SLURM=unavailable or HEXPROOF_PARALLEL=unavailable skip them; -short
// skips them too (they take tens of seconds). Otherwise a missing engine is a
// failure, never a silent skip.

func needEngine(t *testing.T, envVar, tool, how string) {
	t.Helper()
	if os.Getenv(envVar) == "unavailable" {
		t.Skipf("%s=unavailable", envVar)
	}
	if testing.Short() {
		t.Skip("-short: the cluster tests take tens of seconds")
	}
	if _, err := exec.LookPath(tool); err != nil {
		t.Fatalf("%s not found: %s, or set %s=unavailable to skip this test", tool, how, envVar)
	}
}

type clusterCase struct {
	args   []string
	shards int
}

var clusterCases = []clusterCase{
	{[]string{"--board", "5x4", "--strategy", "vandenbroek", "--starter", "blue", "--choices", "first"}, 4}, // refuted
	{[]string{"--board", "6x4", "--strategy", "mirror", "--starter", "blue"}, 5},                            // optimal
}

// planFor writes a plan whose job files run bin; it returns the directory.
func planFor(t *testing.T, bin string, c clusterCase, extra ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "plan")
	args := append([]string{"plan", "--shards", fmt.Sprint(c.shards), "--out", dir, "--hexproof", bin, "--no-progress"}, c.args...)
	if code, out, errOut := runCmd(append(args, extra...)...); code != 0 {
		t.Fatalf("plan: exit %d: %s%s", code, out, errOut)
	}
	return dir
}

// engineEnv keeps the shards' databases out of the shared cache.
func engineEnv(t *testing.T) []string {
	return append(os.Environ(), "XDG_CACHE_HOME="+t.TempDir(), "HOME="+t.TempDir())
}

func mergeJSON(t *testing.T, dir string) (map[string]any, int) {
	t.Helper()
	code, out, errOut := runCmd("merge", dir, "--json", "-", "--no-progress")
	if errOut != "" {
		t.Fatalf("merge: %s", errOut)
	}
	var d map[string]any
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("merge JSON: %v\n%s", err, out)
	}
	return d, code
}

// figures is what two runs of the same shards must share exactly.
func figures(d map[string]any) string {
	out, _ := json.Marshal([]any{d["verdict"], d["counterexample"], d["longest_game"], d["layers_done"], d["positions"], d["rule_counts"], d["transposition_hits"], d["symmetry_hits"], d["shards"]})
	return string(out)
}

func singleRun(t *testing.T, c clusterCase) (string, int) {
	t.Helper()
	code, out, errOut := runCmd(append([]string{"verify", "--in-memory", "--json", "-", "--no-progress"}, c.args...)...)
	if errOut != "" {
		t.Fatal(errOut)
	}
	return outcome(t, out), code
}

func TestSlurmJobArray(t *testing.T) {
	needEngine(t, "HEXPROOF_SLURM", "sbatch", "install slurm-wlm and start it with scripts/slurm/start.sh (as root)")
	if out, err := exec.Command("sinfo", "-h", "-o", "%t").CombinedOutput(); err != nil || !strings.Contains(string(out), "idle") && !strings.Contains(string(out), "mix") {
		t.Fatalf("Slurm has no node that takes jobs (sinfo: %v %s): start it with scripts/slurm/start.sh, or set HEXPROOF_SLURM=unavailable", err, out)
	}
	bin := testkit.Binary(t)
	for _, c := range clusterCases {
		want, wantCode := singleRun(t, c)
		dir := planFor(t, bin, c)
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
		cmd := exec.CommandContext(ctx, "sbatch", "--wait", filepath.Join(dir, "slurm.sbatch"))
		cmd.Env = engineEnv(t)
		out, err := cmd.CombinedOutput()
		cancel()
		// sbatch --wait exits non-zero when a task did (a refuted shard exits 1).
		if !strings.Contains(string(out), "Submitted batch job") {
			t.Fatalf("sbatch: %v\n%s", err, out)
		}
		logs, _ := filepath.Glob(filepath.Join(dir, "slurm-*_*.out"))
		if len(logs) != c.shards {
			t.Errorf("%v: %d task logs for %d shards", c.args, len(logs), c.shards)
		}
		d, code := mergeJSON(t, dir)
		got, _ := json.Marshal(d)
		if code != wantCode || outcome(t, string(got)) != want {
			t.Fatalf("%v: Slurm + merge: exit %d %s\nverify: exit %d %s", c.args, code, outcome(t, string(got)), wantCode, want)
		}

		// GNU parallel runs the same shards: the very same figures.
		if os.Getenv("HEXPROOF_PARALLEL") == "unavailable" {
			continue
		}
		if _, err := exec.LookPath("parallel"); err != nil {
			t.Fatal("parallel not found: apt-get install parallel, or set HEXPROOF_PARALLEL=unavailable")
		}
		slurm := figures(d)
		results, _ := filepath.Glob(filepath.Join(dir, "result-*.json"))
		for _, r := range results {
			if err := os.Remove(r); err != nil {
				t.Fatal(err)
			}
		}
		runParallel(t, dir)
		d2, _ := mergeJSON(t, dir)
		if figures(d2) != slurm {
			t.Errorf("%v: GNU parallel and Slurm give different merges:\n%s\n%s", c.args, figures(d2), slurm)
		}
	}
}

func runParallel(t *testing.T, dir string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", append([]string{filepath.Join(dir, "parallel.sh"), "--jobs", "2"}, args...)...)
	cmd.Env = engineEnv(t)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("parallel: %v\n%s", err, out)
	}
}

// cancelCase is refuted in 11 plies; its 12 shards take a few seconds each.
var cancelCase = clusterCase{[]string{"--board", "5x6", "--strategy", "gardner-blue", "--starter", "red"}, 12}

// TestParallelCancelOnLoss: with --cancel-on-loss, GNU parallel stops the
// other shards when one loses (see checkCancelled).
func TestParallelCancelOnLoss(t *testing.T) {
	needEngine(t, "HEXPROOF_PARALLEL", "parallel", "apt-get install parallel")
	dir := planFor(t, testkit.Binary(t), cancelCase, "--cancel-on-loss")
	runParallel(t, dir)
	checkCancelled(t, dir, cancelCase)
}

// TestSlurmCancelOnLoss: with --cancel-on-loss, the first array task that
// loses scancels the array (see checkCancelled).
func TestSlurmCancelOnLoss(t *testing.T) {
	needEngine(t, "HEXPROOF_SLURM", "sbatch", "install slurm-wlm and start it with scripts/slurm/start.sh (as root)")
	dir := planFor(t, testkit.Binary(t), cancelCase, "--cancel-on-loss")
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sbatch", "--wait", filepath.Join(dir, "slurm.sbatch"))
	cmd.Env = engineEnv(t)
	if out, err := cmd.CombinedOutput(); !strings.Contains(string(out), "Submitted batch job") {
		t.Fatalf("sbatch: %v\n%s", err, out)
	}
	checkCancelled(t, dir, cancelCase)
}

// checkCancelled: merge after a cancel gives the single run's refutation if
// the stopped shards got far enough, and otherwise names the shards to run
// on; running those gives the single run's answer.
func checkCancelled(t *testing.T, dir string, c clusterCase) {
	t.Helper()
	waitShardsGone(t, dir)
	want, wantCode := singleRun(t, c)
	d, code := mergeJSON(t, dir)
	sh := d["shards"].(map[string]any)
	t.Logf("after the cancel: verdict %s, shards %v", d["verdict"], sh)
	needed := sh["needed"].([]any)
	if (code == exitInconclusive) != (len(needed) > 0) {
		t.Errorf("exit %d with needed shards %v", code, needed)
	}
	until := "0"
	if n, ok := sh["needed_layers"].(float64); ok {
		until = fmt.Sprint(int(n))
	} else if len(needed) > 0 {
		t.Errorf("needed shards %v without needed_layers", needed)
	}
	for _, x := range needed {
		i := int(x.(float64))
		if code, out, errOut := runCmd("verify", "--shard", fmt.Sprintf("%s/%d", dir, i), "--in-memory", "--no-progress", "--until-layers", until); code == exitUsage {
			t.Fatalf("shard %d: %s%s", i, out, errOut)
		}
	}
	d, code = mergeJSON(t, dir)
	got, _ := json.Marshal(d)
	if code != wantCode || outcome(t, string(got)) != want {
		t.Errorf("after running the needed shards: exit %d %s\nverify: exit %d %s", code, outcome(t, string(got)), wantCode, want)
	}
}

// waitShardsGone waits until no process runs a shard of the plan in dir.
// The engines report a cancelled task as ended when they signal it, and it
// writes its result on the way out: a shard rerun before that exit had its
// finished result overwritten by the cancelled one's (seen under load).
func waitShardsGone(t *testing.T, dir string) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(100 * time.Millisecond) {
		procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
		running := 0
		for _, p := range procs {
			if b, err := os.ReadFile(p); err == nil && strings.Contains(string(b), dir+"/") {
				running++
			}
		}
		if running == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d processes still run shards of %s two minutes after the engine ended", running, dir)
		}
	}
}

// TestSolveJobFiles: the job files of 'plan --solve --certificate' run by
// Slurm and by GNU parallel: each solves its opening, writes and checks its
// piece; the merge gives the unsplit solve's answer with the certificate
// accepted, the same bytes from both engines.
func TestSolveJobFiles(t *testing.T) {
	needEngine(t, "HEXPROOF_SLURM", "sbatch", "install slurm-wlm and start it with scripts/slurm/start.sh (as root)")
	needEngine(t, "HEXPROOF_PARALLEL", "parallel", "apt-get install parallel")
	bin := testkit.Binary(t)
	dir := filepath.Join(t.TempDir(), "plan")
	if code, out, errOut := runCmd("plan", "--solve", "--board", "5x5", "--starter", "blue", "--certificate", "--out", dir, "--hexproof", bin); code != 0 {
		t.Fatalf("plan --solve: exit %d: %s%s", code, out, errOut)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sbatch", "--wait", filepath.Join(dir, "slurm.sbatch"))
	cmd.Env = engineEnv(t)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sbatch: %v\n%s", err, out)
	}
	accepted := func() string {
		code, out, errOut := runCmd("merge", dir, "--json", "-")
		if code != 0 || !strings.Contains(out, `"winner": "red"`) || !strings.Contains(out, `"accepted": true`) {
			t.Fatalf("merge: exit %d: %s%s", code, out, errOut)
		}
		var d map[string]any
		_ = json.Unmarshal([]byte(out), &d)
		// The same searches (positions too); only measurements differ:
		// time, and the peak RSS of whichever piece was largest.
		delete(d, "elapsed_seconds")
		delete(d, "peak_rss_bytes")
		raw, _ := json.Marshal(d)
		return string(raw)
	}
	slurm := accepted()
	for _, pattern := range []string{"result-*.json", "certificate-*.json", "check-*.json"} {
		files, _ := filepath.Glob(filepath.Join(dir, pattern))
		for _, f := range files {
			_ = os.Remove(f)
		}
	}
	runParallel(t, dir)
	if got := accepted(); got != slurm {
		t.Errorf("GNU parallel and Slurm give different merges:\n%s\n%s", got, slurm)
	}
}
