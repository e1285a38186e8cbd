package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/pflag"

	"hexproof/reports"
	"hexproof/tt"
	"hexproof/verify"
	"hexproof/verify/shard"
)

// 'hexproof verify --shard DIR/I': one shard of a plan (see plan.go). The
// hook in verify.go hands the arguments here when --shard is among them.

const shardSynopsis = `Verifies shard I of the plan in DIR (made by 'hexproof plan'): the games that
begin with the shard's opening moves, with verify's engine and store (an
interrupted shard continues with --resume). The board, strategy, starter and
choices come from DIR/shard-I.json; the result goes to DIR/result-I.json, which
'hexproof merge DIR' combines with the others. Only the shard file and the
result file are needed on the machine that runs it.

Exit codes: as verify, for this shard's games only: 0 optimal, 1 refuted,
2 bad input, 3 inconclusive (time limit, interrupted or cancelled), 4 strategy
error.`

// shardRequested says whether verify's arguments ask for a shard.
func shardRequested(args []string) bool { return flagRequested(args, "shard") }

// hideFixed declares, hidden, the flags a shard file decides (the string
// flags named, and --no-symmetry); the function it returns refuses any of
// them that was given, so that nobody believes they apply.
func hideFixed(fs *pflag.FlagSet, names ...string) func() error {
	for _, f := range names {
		fs.String(f, "", "")
		_ = fs.MarkHidden(f)
	}
	fs.Bool("no-symmetry", false, "")
	_ = fs.MarkHidden("no-symmetry")
	return func() error {
		for _, f := range append(names, "no-symmetry") {
			if fs.Changed(f) {
				return fmt.Errorf("--%s comes from the shard file and cannot be given with --shard", f)
			}
		}
		return nil
	}
}

// flagRequested says whether the arguments give --name (before any "--").
func flagRequested(args []string, name string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == "--"+name || strings.HasPrefix(a, "--"+name+"=") {
			return true
		}
	}
	return false
}

var shardFileName = regexp.MustCompile(`^shard-(\d+)\.json$`)

// parseShardArg reads DIR/I (or DIR/shard-I.json).
func parseShardArg(s string) (dir string, i int, err error) {
	dir, base := filepath.Dir(s), filepath.Base(s)
	if m := shardFileName.FindStringSubmatch(base); m != nil {
		base = m[1]
	}
	if dir == "-" || s == "-" {
		return "", 0, fmt.Errorf("--shard %s: the plan is read from a directory, not standard input; give DIR/I", s)
	}
	i, err = strconv.Atoi(base)
	if err != nil || i < 0 {
		return "", 0, fmt.Errorf("--shard %s: want DIR/I, the plan directory and a shard number", s)
	}
	return dir, i, nil
}

func runVerifyShard(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("verify --shard DIR/I [flags]", shardSynopsis, stdout)
	shardArg := fs.String("shard", "", "the plan directory and the shard number, DIR/I (required)")
	c := newCommonFlags(fs)
	c.addJobs(0, jobsWorkers, "all CPUs")
	db := fs.String("db", "", "database directory (default: <user cache>/hexproof)")
	inMemory := fs.Bool("in-memory", false, "no database: positions in memory (no --resume)")
	resume := fs.Bool("resume", false, "continue an interrupted shard from its last checkpoint")
	c.addTimeLimit("this long", ": inconclusive")
	maxPositions := fs.Int64("max-positions", 0, "stop after this many positions: inconclusive")
	c.addMemory(memorySpills)
	c.addJSON("the shard's verify report")
	keepDB := fs.Bool("keep-db", false, "keep the database after a conclusive verdict")
	c.addNoProgress()
	logEvery := fs.Duration("log-every", 10*time.Minute, "without a progress bar (not a terminal, as in a batch job, or --no-progress), print a progress line to stderr this often; 0: never")
	untilLayers := fs.Int("until-layers", 0, "stop (inconclusive) once the layers up to N stones are complete; merge names the N it needs after a loss")
	cpuProfile := addCPUProfile(fs)
	// What the shard file decides: refused, so that nobody believes they apply.
	fixed := hideFixed(fs, "board", "geometry", "strategy", "starter", "choices")
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	if err := onlyWith(fs, flagNeed{"keep-db", !*inMemory, "keeps a database, and --in-memory has none"}); err != nil {
		return fail(stderr, "verify", exitUsage, err)
	}
	usageErr := func(err error) int { return fail(stderr, "verify", exitUsage, err) }
	if err := fixed(); err != nil {
		return usageErr(err)
	}
	dir, index, err := parseShardArg(*shardArg)
	if err != nil {
		return usageErr(err)
	}
	// The shard writes its result into the plan's directory, beside the
	// files it reads: that directory must take it.
	if err := checkOutputSet(output{flag: "json", path: *c.json, std: true}, output{flag: "db", path: *db, dir: true},
		output{flag: "cpuprofile", path: *cpuProfile},
		output{flag: "shard", path: dir, dir: true, files: []string{shard.ResultName(index), shard.ResultName(index) + ".tmp"}}); err != nil {
		return usageErr(err)
	}
	if *inMemory && (*db != "" || *resume) {
		return usageErr(fmt.Errorf("--in-memory cannot be combined with --db or --resume"))
	}
	v, err := c.check()
	if err != nil {
		return usageErr(err)
	}
	if err := checkNotNegative(signedFlag{"max-positions", *maxPositions < 0}, signedFlag{"until-layers", *untilLayers < 0},
		signedFlag{"log-every", *logEvery < 0}); err != nil {
		return usageErr(err)
	}
	jobs, timeLimit, memBytes := allCPUs(*c.jobs), *c.timeLimit, v.memory
	sf, err := shard.ReadShard(dir, index)
	if err != nil {
		return usageErr(err)
	}
	// Beside its plan, a shard must be one of it (a shard file copied from
	// another plan would write a result that plan's merge refuses, late).
	if pf, err := shard.ReadPlan(dir); err == nil && pf.ID != sf.Plan {
		return usageErr(fmt.Errorf("%s belongs to plan %s, not to %s's plan %s", shard.ShardName(index), sf.Plan, dir, pf.ID))
	}
	opt, err := sf.Options()
	if err != nil {
		return usageErr(fmt.Errorf("%s: %v", filepath.Join(dir, shard.ShardName(index)), err))
	}
	opt.Jobs, opt.Resume, opt.TimeLimit, opt.MaxPositions, opt.MemoryBudget = jobs, *resume, timeLimit, *maxPositions, memBytes
	if !*inMemory {
		root := *db
		if root == "" {
			cache, err := os.UserCacheDir()
			if err != nil {
				return usageErr(fmt.Errorf("no user cache directory (%v); give --db DIR or --in-memory", err))
			}
			root = filepath.Join(cache, "hexproof")
		}
		// The run ID names the prefixes: each shard has its own database.
		opt.DB = runDir(root, opt)
	}
	if opt.Resume {
		// A shard job is re-run blindly by the scheduler (a requeued Slurm
		// task, a second GNU parallel pass), always with --resume: with
		// nothing stored yet it starts afresh (docs/decisions.md V18).
		p, err := verify.ResumePoint(opt)
		if err != nil {
			return usageErr(dbError(err))
		}
		if p == nil {
			opt.Resume = false
			fmt.Fprintf(stderr, "hexproof verify: shard %d: nothing to resume in %s; starting afresh\n", index, opt.DB)
		}
	}

	stopProfile, err := startCPUProfile(*cpuProfile)
	if err != nil {
		return usageErr(err)
	}
	defer stopProfile()
	ctx, stop := interruptible()
	defer stop()
	ctx, enough := context.WithCancel(ctx)
	defer enough()
	var bar *progressbar.ProgressBar
	if v.progress {
		bar = newBar(opt.Strategy.Board(), opt.Starter, stderr)
	}
	var logLine func(verify.Progress)
	if bar == nil && *logEvery > 0 {
		logLine = progressLog(opt.Starter, *logEvery, memBytes, stderr)
	}
	if bar != nil || logLine != nil || *untilLayers > 0 {
		opt.Progress = func(p verify.Progress) {
			switch {
			case bar != nil:
				updateBar(bar, p, memBytes)
			case logLine != nil:
				logLine(p)
			}
			// Expanding layer p.Layer: the layers up to it are complete
			// (the result's layers_done will be at least p.Layer).
			if *untilLayers > 0 && p.Layer >= *untilLayers {
				enough()
			}
		}
	}
	res, err := verify.Run(ctx, opt)
	if bar != nil {
		_ = bar.Finish()
		fmt.Fprintln(stderr)
	}
	if err != nil {
		return fail(stderr, "verify", exitUsage, err)
	}
	if err := shard.WriteResult(dir, shard.NewResult(sf.Plan, index, res)); err != nil {
		return fail(stderr, "verify", exitUsage, fmt.Errorf("writing the shard's result: %w", err))
	}
	if *c.json != "-" {
		fmt.Fprintf(stdout, "Shard %d of %d (%d opening games of %d plies):\n", index, sf.Shards, len(sf.Prefixes), sf.Depth)
		fmt.Fprint(stdout, reports.ResultText(res))
	}
	if *c.json != "" {
		// The database stays until the results are written (docs/decisions.md V14).
		if err := writeResultsJSON(*c.json, []*verify.Result{res}, false, stdout); err != nil {
			return fail(stderr, "verify", exitUsage, err)
		}
	}
	if opt.DB != "" && !*keepDB && res.Verdict != verify.Inconclusive {
		if err := tt.RemoveStore(opt.DB); err != nil {
			fmt.Fprintf(stderr, "hexproof verify: warning: could not remove %s: %v\n", opt.DB, err)
		}
	}
	return res.Verdict.ExitCode()
}
