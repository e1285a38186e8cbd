package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
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

	// {} in the flags is the shard's index: a database per shard.
	dir, _ = plan("--board", "4x4", "--starter", "blue", "--plies", "2")
	dbs := t.TempDir()
	run(nil, dir, "--db", filepath.Join(dbs, "db-{}"), "--resume")
	fs, _ := filepath.Glob(filepath.Join(dir, "result-*.json"))
	got, _ := filepath.Glob(filepath.Join(dbs, "*"))
	if len(fs) == 0 || len(got) != len(fs) {
		t.Fatalf("%d shards run, databases %v", len(fs), got)
	}
	for _, f := range fs {
		i := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "result-"), ".json")
		if _, err := os.Stat(filepath.Join(dbs, "db-"+i)); err != nil {
			t.Fatalf("shard %s ran without its own database: %v (databases %v)", i, err, got)
		}
	}

	// SEED_STORES=1: every shard takes from the databases of the shards
	// solved before it (one runner: the k-th shard run from k-1 of them),
	// and the merge is still solved.
	dir, _ = plan("--board", "4x4", "--starter", "blue", "--plies", "2")
	dbs = t.TempDir()
	run([]string{"SEED_STORES=1"}, dir, "--db", filepath.Join(dbs, "db-{}"), "--resume")
	fs, _ = filepath.Glob(filepath.Join(dir, "result-*.json"))
	var takes []int
	for _, f := range fs {
		i := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "result-"), ".json")
		out, err := os.ReadFile(filepath.Join(dir, "out-"+i+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		n := strings.Count(string(out), "--take-from "+dbs)
		if n > 0 && !strings.Contains(string(out), "taken first from the other ") {
			t.Fatalf("shard %s ran with %d --take-from but its report does not say so:\n%s", i, n, out)
		}
		takes = append(takes, n)
	}
	slices.Sort(takes)
	for k, n := range takes {
		if n != k {
			t.Fatalf("SEED_STORES: the shards took from %v databases; want 0, 1, 2, …", takes)
		}
	}
	if len(fs) < 2 || !strings.HasPrefix(merged(dir), "4x4 cylinder, blue starts (blue to move): red wins\n") {
		t.Fatalf("SEED_STORES: %d shards run; merge.txt:\n%s", len(fs), merged(dir))
	}
}

// TestRunPlanVerifyStops runs scripts/run-plan.sh on small verify plans. On
// the 4×3 torus (mirror, Blue starts) the merge is conclusive before every
// shard has run: the runner stops, and merge.txt gives the single run's
// counterexample; with ALL_SHARDS=1 every shard runs and the merge is the
// same. On 5×4 (vandenbroek, Blue starts), once a shard has lost, the shards
// after it run with --until-layers, and the merge is still the single
// run's minimal counterexample.
func TestRunPlanVerifyStops(t *testing.T) {
	bin, script := testkit.Binary(t), scriptPath(t, "run-plan.sh")
	type run struct {
		dir, stderr string
		shards      int
	}
	runPlan := func(env []string, args ...string) run {
		t.Helper()
		dir := filepath.Join(t.TempDir(), "plan")
		if code, out, errOut := runCmd(append([]string{"plan", "--shards", "8", "--out", dir}, args...)...); code != 0 {
			t.Fatalf("plan %v: exit %d: %s%s", args, code, out, errOut)
		}
		cmd := exec.Command(script, bin, dir, "--", "--in-memory")
		cmd.Env = append(os.Environ(), env...)
		var errb strings.Builder
		cmd.Stderr = &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("run-plan.sh %v: %v\n%s", args, err, errb.String())
		}
		fs, _ := filepath.Glob(filepath.Join(dir, "result-*.json"))
		return run{dir, errb.String(), len(fs)}
	}
	file := func(path string) string {
		t.Helper()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	// The counterexample's replay command and the verdict line, from a
	// verify or merge text.
	answer := func(text string) string {
		lines := strings.Split(text, "\n")
		var out []string
		for i, l := range lines {
			if strings.HasPrefix(l, "Verdict: ") {
				out = append(out, l)
			}
			if l == "Replay it with:" && i+1 < len(lines) {
				out = append(out, lines[i+1])
			}
		}
		return strings.Join(out, "\n")
	}
	single := func(args ...string) string {
		t.Helper()
		code, out, errOut := runCmd(append([]string{"verify", "--in-memory", "--no-progress"}, args...)...)
		if code != 1 {
			t.Fatalf("verify %v: exit %d: %s%s", args, code, out, errOut)
		}
		return answer(out)
	}

	torus := []string{"--board", "4x3", "--geometry", "torus", "--strategy", "mirror", "--starter", "blue"}
	want := single(torus...)
	if !strings.Contains(want, "a shortest counterexample") {
		t.Fatalf("the single run:\n%s", want)
	}
	r := runPlan(nil, torus...)
	if r.shards == 0 || r.shards >= 8 || !strings.Contains(r.stderr, "the merge is conclusive") {
		t.Fatalf("4x3 torus: %d of 8 shards run; stderr:\n%s", r.shards, r.stderr)
	}
	if got := answer(file(filepath.Join(r.dir, "merge.txt"))); got != want {
		t.Errorf("4x3 torus, stopped early: merge\n%s\nwant\n%s", got, want)
	}
	if r = runPlan([]string{"ALL_SHARDS=1"}, torus...); r.shards != 8 || strings.Contains(r.stderr, "conclusive") {
		t.Fatalf("ALL_SHARDS=1: %d of 8 shards run; stderr:\n%s", r.shards, r.stderr)
	}
	if got := answer(file(filepath.Join(r.dir, "merge.txt"))); got != want {
		t.Errorf("4x3 torus, every shard: merge\n%s\nwant\n%s", got, want)
	}

	cyl := []string{"--board", "5x4", "--strategy", "vandenbroek", "--starter", "blue"}
	want = single(cyl...)
	r = runPlan(nil, cyl...)
	if !strings.Contains(r.stderr, "a loss or error is known; the shards the merge needs run to layer") {
		t.Fatalf("5x4: stderr:\n%s", r.stderr)
	}
	bounded := 0
	for i := 1; i < 8; i++ {
		if out, err := os.ReadFile(filepath.Join(r.dir, "out-"+strconv.Itoa(i)+".txt")); err == nil && strings.Contains(string(out), " --until-layers ") {
			bounded++
		}
	}
	if bounded == 0 {
		t.Errorf("5x4: no shard ran with --until-layers")
	}
	if got := answer(file(filepath.Join(r.dir, "merge.txt"))); got != want {
		t.Errorf("5x4: merge\n%s\nwant\n%s", got, want)
	}
}

// TestFarQueueKeepsResults runs scripts/far-queue.sh, both workers one after
// the other, on two small split solves of 4×5 (Blue starts, after b2 a2, a
// Blue reply X and Red's c3). Every sub-shard is solved and kept, with its
// time line, in KEEP; each plan's merge gives the unsplit solve's winner; the
// near sub-shards took the key store; and on a new work directory (a new
// machine) with the same KEEP the queue copies the kept results back and
// runs nothing.
func TestFarQueueKeepsResults(t *testing.T) {
	bin, script := testkit.Binary(t), scriptPath(t, "far-queue.sh")
	keep := t.TempDir()
	env := []string{"BOARD=4x5", "PREFIX=b2 a2", "LIST=a5 c4", "ANSWER=c3", "NEAR=5",
		"KEYS=a1", "KEY_ANSWERS=d3 b3", "LIMIT=2m"}
	queue := func(work string) string {
		t.Helper()
		var all strings.Builder
		for _, k := range []string{"1", "0"} { // 1 first: PA5/11 before PC4/12, its twin
			cmd := exec.Command(script, bin, work, k, keep)
			cmd.Env = append(os.Environ(), env...)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("far-queue.sh %s %s: %v\n%s", work, k, err, out)
			}
			all.Write(out)
		}
		return all.String()
	}
	winner := func(out string) string {
		first, _, _ := strings.Cut(out, "\n")
		return first[strings.LastIndex(first, ": ")+2:]
	}
	work := t.TempDir()
	// Asked to stop, a worker stops before its first run and removes the
	// file.
	if err := os.WriteFile(filepath.Join(work, "STOP-0"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	stop := exec.Command(script, bin, work, "0", keep)
	stop.Env = append(os.Environ(), env...)
	if so, err := stop.CombinedOutput(); err != nil || !strings.Contains(string(so), "w0 stopped: STOP-0") || strings.Contains(string(so), " start") {
		t.Fatalf("far-queue.sh with STOP-0: %v\n%s", err, so)
	}
	if _, err := os.Stat(filepath.Join(work, "STOP-0")); err == nil {
		t.Fatal("STOP-0 left in place")
	}
	out := queue(work)
	for _, x := range []string{"a5", "c4"} {
		p := "P" + strings.ToUpper(x)
		n := countShards(t, filepath.Join(work, p))
		kept, _ := filepath.Glob(filepath.Join(keep, p, "result-*.json"))
		times, _ := filepath.Glob(filepath.Join(keep, p, "time-*.txt"))
		if len(kept) != n || len(times) != n {
			t.Fatalf("%s: %d results and %d time files kept of %d sub-shards\n%s", p, len(kept), len(times), n, out)
		}
		m, err := os.ReadFile(filepath.Join(work, p, "merge.txt"))
		if err != nil {
			t.Fatal(err)
		}
		code, whole, _ := runCmd("solve", "--board", "4x5", "--starter", "blue", "--moves", "b2 a2 "+x+" c3")
		if code != 0 || !strings.Contains(string(m), " solved (") || winner(string(m)) != winner(whole) {
			t.Fatalf("%s: merge.txt\n%s\nthe unsplit solve (exit %d):\n%s", p, m, code, whole)
		}
		keys, _ := filepath.Glob(filepath.Join(work, p+"x", "db-a1-*"))
		if len(keys) != 1 {
			t.Fatalf("%s: key stores %v\n%s", p, keys, out)
		}
		for i := 0; i <= 5; i++ {
			log, err := os.ReadFile(filepath.Join(work, p, "log-"+strconv.Itoa(i)+".txt"))
			if err != nil || !strings.Contains(string(log), "taken first from the other") {
				t.Fatalf("%s: near sub-shard %d did not take the key store: %v\n%s", p, i, err, log)
			}
		}
	}
	// PC4's sub-shard after Blue's a5 is PA5's after Blue's c4: the same
	// position, which PA5 solved first, so PC4's takes that store.
	twin := regexp.MustCompile(`PC4/(\d+) takes PA5db/db-\d+ \(the same position\)`).FindStringSubmatch(out)
	if twin == nil {
		t.Fatalf("no sub-shard of PC4 took its twin's store:\n%s", out)
	}
	if log, err := os.ReadFile(filepath.Join(work, "PC4", "log-"+twin[1]+".txt")); err != nil || !strings.Contains(string(log), "taken first from the other") {
		t.Fatalf("PC4/%s did not take its twin's store: %v\n%s", twin[1], err, log)
	}
	// The parent plan (after b2 a2) has the two shards derived and kept.
	code, pm, _ := runCmd("merge", filepath.Join(work, "P2"))
	kept, _ := filepath.Glob(filepath.Join(keep, "P2", "result-*.json"))
	if code != exitInconclusive || !strings.Contains(pm, "2 solved (red wins 2)") || !strings.Contains(pm, "derived from other split solves: shards ") || len(kept) != 2 {
		t.Fatalf("the parent: exit %d, %d results kept; merge:\n%s\n%s", code, len(kept), pm, out)
	}
	if out = queue(t.TempDir()); strings.Contains(out, " start") || strings.Contains(out, "derived from") || !strings.Contains(out, "every sub-shard of parity 1 is solved") {
		t.Fatalf("on a new work directory the queue ran again:\n%s", out)
	}
	// From the kept files alone, the parent's derived shards derive again
	// from their splits (check-kept.sh makes the plans again).
	check := exec.Command(scriptPath(t, "check-kept.sh"), bin, keep, t.TempDir())
	check.Env = append(os.Environ(), env...)
	co, err := check.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInconclusive || !strings.Contains(string(co), "2 solved (red wins 2)") ||
		!strings.Contains(string(co), "derived from other split solves: shards ") || !strings.Contains(string(co), ", each given again by its split") ||
		!strings.Contains(string(co), "PA5: ") || !strings.Contains(string(co), "PC4: ") {
		t.Fatalf("check-kept.sh: %v\n%s", err, co)
	}
}
