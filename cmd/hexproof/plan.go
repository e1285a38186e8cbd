package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"hexproof/internal/procmem"
	"hexproof/reports"
	"hexproof/strategies"
	"hexproof/verify"
	"hexproof/verify/shard"
)

func init() {
	commands["plan"] = command{"split a verification into shards for Slurm or GNU parallel", runPlan}
}

const planSynopsis = `Splits one verification into independent shards that a cluster can run on
machines that share no disk (docs/sharding.md). It expands the first plies
(the opponent's replies and the strategy's answers) until at least --shards
distinct positions are reached, deals them out, and writes into --out:

  plan.json          the split and the plan's own share of the search
  shard-I.json       shard I: the board, the strategy and its opening games
  slurm.sbatch       a Slurm job array: sbatch DIR/slurm.sbatch
  parallel.sh        the same shards with GNU parallel: sh DIR/parallel.sh

Each shard runs with 'hexproof verify --shard DIR/I' and writes DIR/result-I.json;
'hexproof merge DIR' then gives what a single verify would have reported.
If the search ends within the first plies, the plan stops there and may make
fewer shards. --jobs and --time-limit go into the job files (per shard).
With --cancel-on-loss the job files cancel the other shards once one shard
loses or finds a strategy error; merge then says which shards, if any, must be
resumed to prove the counterexample minimal.

Shards share no positions: one reached from two shards is searched in both,
so the more shards, the more work in all (on 5x7, 256 shards cost twice what
35 do). Ask for as few as the machines and the time between interruptions
need, and use --jobs within a shard.

With --solve instead of --strategy, it splits a solve (perfect play) by
opening: 'hexproof plan --solve --help' says how.

Exit codes: 0 the plan was written, 2 bad input or usage. If the search ends
with the strategy's opening move there are no shards, and the exit code is the
verdict's (0 optimal, 1 refuted, 4 strategy error), which merge reports.`

// maxShards bounds --shards: a plan with more would take long to refuse
// (the planner stops at two million prefix games) and no scheduler runs an
// array that large.
const maxShards = 100_000

func runPlan(args []string, stdout, stderr io.Writer) int {
	if flagRequested(args, "solve") { // plan --solve: a solve split by opening (solveplan.go)
		return runPlanSolve(args, stdout, stderr)
	}
	fs := newFlags("plan --board MxN --strategy NAME --starter red|blue --shards K --out DIR [flags]", planSynopsis, stdout)
	c := newCommonFlags(fs)
	c.addBoard(boardOne, "5x4", "required")
	c.addGeometry()
	c.addStrategy()
	c.addStarter(starterOne)
	c.addChoices("every", "every or first (some cannot be split)")
	c.addNoSymmetry()
	shards := fs.Int("shards", 0, "number of shards (required)")
	out := fs.String("out", "", "directory for the plan, shard and job files (required)")
	c.addJobs(0, "goroutines per shard (job files); 0 means Slurm's CPUs per task, or 1", "Slurm's CPUs per task, or 1")
	c.addTimeLimit("this long in each shard (job files)", "")
	binary := fs.String("hexproof", "hexproof", "the hexproof command the job files run")
	cancel := fs.Bool("cancel-on-loss", false, "job files cancel the other shards once a shard loses or errs")
	c.addJSON("a summary of the plan")
	c.addNoProgress()
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	usageErr := func(err error) int { return fail(stderr, "plan", exitUsage, err) }
	if strings.HasPrefix(*c.strategy, strategies.ExecPrefix) {
		return usageErr(fmt.Errorf("--strategy exec:…: an external engine cannot be sharded yet (each shard would start its own); run verify"))
	}
	v, err := c.check()
	if err != nil {
		return usageErr(err)
	}
	defer v.close()
	b, strat, starter, choices, name := v.b(), v.strat(), v.starters[0], v.choices, c.strategy
	jsonOut, jobs, timeLimit := c.json, c.jobs, c.timeLimit
	if *shards < 1 || *shards > maxShards {
		return usageErr(fmt.Errorf("--shards must be between 1 and %d", maxShards))
	}
	if err := c.checkFits(v, v.starters); err != nil {
		return usageErr(err)
	}
	if *out == "" {
		return usageErr(fmt.Errorf("--out DIR is required"))
	}
	if err := checkOutputSet(output{flag: "out", path: *out, dir: true, files: []string{shard.PlanName, "slurm.sbatch", "parallel.sh"}},
		output{flag: "json", path: *jsonOut, std: true}, certificateInput(*name)); err != nil {
		return usageErr(err)
	}
	if _, err := os.Stat(filepath.Join(*out, shard.PlanName)); err == nil {
		return usageErr(fmt.Errorf("%s already holds a plan; choose another --out", *out))
	}
	// Files of another plan (a plan interrupted while writing, or copied
	// shards) would be overwritten, or make the writing fail after the work.
	for _, pattern := range []string{"shard-*.json", "result-*.json"} {
		if found, _ := filepath.Glob(filepath.Join(*out, pattern)); len(found) > 0 {
			return usageErr(fmt.Errorf("--out %s holds %s from another plan; choose another --out", *out, filepath.Base(found[0])))
		}
	}
	dir, err := filepath.Abs(*out)
	if err != nil {
		return usageErr(err)
	}
	// The job files name the program and the directory; values they cannot
	// hold would make scripts that fail on the cluster, long after this.
	if strings.TrimSpace(*binary) == "" || *binary == "-" || strings.ContainsAny(*binary, "\n\r\x00") {
		return usageErr(fmt.Errorf("--hexproof %q: give the hexproof command the job files run (a program name or path)", *binary))
	}
	if strings.ContainsAny(dir, " \t\n\r%\x00") {
		return usageErr(fmt.Errorf("--out %s: the job files name it as %s, and they cannot hold a path with a space, a tab, a newline or %%; choose another", *out, dir))
	}

	ctx, stop := interruptible()
	defer stop()
	opt := shard.PlanOptions{Strategy: strat, Name: *name, Starter: starter, Choices: choices, NoSymmetry: *c.noSymmetry, Shards: *shards}
	var bar *progressbar.ProgressBar
	if v.progress {
		bar = progressbar.NewOptions(-1, progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription("planning"),
			progressbar.OptionSetWidth(20), progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(100*time.Millisecond))
		opt.Progress = func(layer, subtrees int) {
			bar.Describe(fmt.Sprintf("planning: %d positions after %d plies", subtrees, layer))
			_ = bar.Add(1)
		}
	}
	p, err := shard.Make(ctx, opt)
	if bar != nil {
		_ = bar.Finish()
	}
	if err == nil {
		err = ctx.Err() // an interrupt after the last layer: nothing is written either
	}
	if errors.Is(err, context.Canceled) {
		return fail(stderr, "plan", exitInconclusive, fmt.Errorf("interrupted; no plan was written"))
	}
	if err != nil {
		return usageErr(err)
	}
	if err := p.Write(dir); err != nil {
		return usageErr(err)
	}
	if len(p.Shards) > 0 {
		jf := jobFiles{dir: dir, binary: *binary, jobs: *jobs, timeLimit: *timeLimit, cancel: *cancel, shards: len(p.Shards), id: p.File.ID}
		if err := jf.write(); err != nil {
			return usageErr(err)
		}
	}
	if *jsonOut != "" {
		if err := writePlanJSON(*jsonOut, &p.File, dir, procmem.PeakRSS(), stdout); err != nil {
			return usageErr(err)
		}
	}
	if *jsonOut == "-" {
		return planExit(p)
	}
	pf := &p.File
	if pf.Settled != nil {
		fmt.Fprintf(stdout, "%s, %s starts: no shards: %s (%s).\nRun 'hexproof merge %s' for the result.\n", b, starter, pf.StopReason, pf.Settled.Verdict, *out)
		return planExit(p)
	}
	fmt.Fprintf(stdout, "%s, %s starts, %s: %d shards over %d positions after %d plies (%d opening games).\n",
		b, starter, *name, len(p.Shards), pf.Subtrees, pf.Depth, reports.PlanPrefixes(pf))
	if pf.StopReason != "" && len(p.Shards) < *shards {
		fmt.Fprintf(stdout, "Fewer shards than asked: %s.\n", pf.StopReason)
	}
	fmt.Fprintf(stdout, "Written to %s. Run the shards with one of\n  sbatch %s\n  sh %s\nor one at a time with\n  %s verify --shard %s/I   (I = 0 … %d)\nthen: %s merge %s\n",
		*out, filepath.Join(*out, "slurm.sbatch"), filepath.Join(*out, "parallel.sh"), *binary, *out, len(p.Shards)-1, *binary, *out)
	return planExit(p)
}

// planExit is 0 for a written plan, or the verdict's code when the plan
// settled the verification itself.
func planExit(p *shard.Plan) int {
	if p.File.Settled != nil {
		return verify.Verdict(p.File.Settled.Verdict).ExitCode()
	}
	return exitOptimal
}

// writePlanJSON writes the plan's JSON summary (reports.PlanDoc), with the
// plan's peak memory.
func writePlanJSON(path string, pf *shard.PlanFile, dir string, peak int64, stdout io.Writer) error {
	doc := reports.NewPlanDoc(pf, dir)
	doc.PeakRSSBytes = peak
	return writeJSON(path, doc, stdout)
}

// jobFiles writes the Slurm job array and the GNU parallel script of a plan.
type jobFiles struct {
	dir, binary, id string
	jobs, shards    int
	timeLimit       time.Duration
	cancel          bool
	// solve: the shards of a split solve (solve --shard); certificate: each
	// writes its piece and checks it (verify --piece).
	solve, certificate bool
}

// command is what a task runs for one shard: hexproof and the shard
// (DIR/I) as the script writes them, and its number of workers.
func (j jobFiles) command(hexproof, shard, jobs string) string {
	limit := ""
	if j.timeLimit > 0 {
		limit = " --time-limit " + j.timeLimit.String()
	}
	if j.solve {
		// A shard of a split solve; with certificates, its piece is checked
		// by verify once it is solved (solve exits 0 only then).
		s := fmt.Sprintf("%s solve --shard %s --no-progress%s", hexproof, shard, limit)
		if j.certificate {
			s += fmt.Sprintf(" --certificate && %s verify --piece %s --jobs %s --no-progress", hexproof, shard, jobs)
		}
		return s
	}
	// --resume: a resubmitted shard continues (a fresh one just starts).
	return fmt.Sprintf("%s verify --shard %s --jobs %s --no-progress --resume%s", hexproof, shard, jobs, limit)
}

func (j jobFiles) write() error {
	jobs := "${SLURM_CPUS_PER_TASK:-1}"
	cpus := 1
	if j.jobs > 0 {
		jobs = fmt.Sprint(j.jobs)
		cpus = j.jobs
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `#!/bin/bash
# One Slurm array task per shard of plan %[1]s (written by 'hexproof plan').
# Submit: sbatch %[2]s/slurm.sbatch   Then: hexproof merge %[2]s
# HEXPROOF (the command) and HEXPROOF_PLAN_DIR (this directory as the nodes
# see it) may be set in the environment to override the values below.
#SBATCH --job-name=hexproof-%[1]s
#SBATCH --array=0-%[3]d
#SBATCH --cpus-per-task=%[4]d
#SBATCH --output=%[7]s/slurm-%%A_%%a.out
hexproof="${HEXPROOF:-%[5]s}"
dir="${HEXPROOF_PLAN_DIR:-%[2]s}"
%[6]s
rc=$?
`, j.id, shellQuote(j.dir), j.shards-1, cpus, shellQuote(j.binary), j.command(`"$hexproof"`, `"$dir/$SLURM_ARRAY_TASK_ID"`, jobs), j.dir)
	if j.cancel {
		sb.WriteString(`# A loss (1) or a strategy error (4): the strategy is not optimal; cancel
# the other shards ('hexproof merge' says which must be resumed, if any, to
# prove the counterexample minimal).
if [ "$rc" -eq 1 ] || [ "$rc" -eq 4 ]; then scancel "$SLURM_ARRAY_JOB_ID"; fi
`)
	}
	sb.WriteString("exit $rc\n")
	if err := os.WriteFile(filepath.Join(j.dir, "slurm.sbatch"), []byte(sb.String()), 0o755); err != nil {
		return err
	}

	sb.Reset()
	pjobs := "1"
	if j.jobs > 0 {
		pjobs = fmt.Sprint(j.jobs)
	}
	fmt.Fprintf(&sb, `#!/bin/sh
# Every shard of plan %[1]s with GNU parallel (written by 'hexproof plan').
# Run: sh %[2]s/parallel.sh [parallel options]   Then: hexproof merge %[2]s
# Extra arguments go to parallel, e.g. --jobs 8. For machines that share no
# disk, from this directory's parent (docs/sharding.md):
#   HEXPROOF_PLAN_DIR=%[3]s sh %[3]s/parallel.sh --sshloginfile nodes \
#     --transferfile %[3]s/shard-{}.json --return %[3]s/result-{}.json --cleanup
hexproof="${HEXPROOF:-%[4]s}"
dir="${HEXPROOF_PLAN_DIR:-%[2]s}"
`, j.id, shellQuote(j.dir), filepath.Base(j.dir), shellQuote(j.binary))
	if j.cancel {
		// parallel halts on a failing job; only a loss or a strategy error
		// counts as one here, so that a time limit does not stop the rest.
		fmt.Fprintf(&sb, `seq 0 %d | parallel --halt now,fail=1 "$@" "%s; rc=\$?; [ \$rc -eq 1 ] || [ \$rc -eq 4 ] && exit 1; exit 0"
rc=$?
# parallel's exit code is the number of failed jobs: 1 means a shard lost or
# found a strategy error and the others were cancelled.
exit $rc
`, j.shards-1, j.command(`\"$hexproof\"`, `\"$dir\"/{}`, pjobs))
	} else {
		fmt.Fprintf(&sb, `seq 0 %d | parallel "$@" "%s"
`, j.shards-1, j.command(`\"$hexproof\"`, `\"$dir\"/{}`, pjobs))
	}
	return os.WriteFile(filepath.Join(j.dir, "parallel.sh"), []byte(sb.String()), 0o755)
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
