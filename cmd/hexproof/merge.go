package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"hexproof/internal/procmem"
	"hexproof/reports"
	"hexproof/verify/shard"
)

func init() {
	commands["merge"] = command{"combine the shards' results of a plan into one verdict", runMerge}
}

const mergeSynopsis = `Combines the results of the shards of a plan (DIR/result-I.json, written by
'hexproof verify --shard DIR/I') into what a single 'hexproof verify' of the
whole board would report: the verdict, the minimal counterexample (shortest,
then smallest in cell order, its opening moves included) and the longest game.
It says which shards are missing, failed, or not finished. A shard that did not
finish (cancelled after another one lost, or out of time) is ignored only when
it cannot hold a loss or strategy error the single run would report first;
otherwise the result is inconclusive and names the shards to resume.

Positions, rule counts and transposition figures are the plan's plus the
shards' sums: shards do not share transpositions, so a position two shards
reach is counted in both (docs/sharding.md). For a refutation the longest game
is the counterexample, as in a single run.

For a split solve ('hexproof plan --solve') it gives what 'hexproof solve'
of the empty board reports: the winner and every winning first move, from the
shards' winners by the minimax of the openings' plies; with certificate
pieces, whether they make a whole certificate (docs/design.md §8). Part way
through a plan it says which shards are solved (by winner), inconclusive or
missing, and gives the answer already if it does not depend on them (a win
of the player to move is reported as soon as one known move wins; exit 3
until every move is known). A result that is damaged or of another plan is
refused (exit 2).

--result-for PARENT/I records what a solved split gives its parent: when DIR
splits the position after one move of the player to move at shard I of the
split solve in PARENT (its opening and one stone more, checked on the
positions), and DIR's merge proves that player wins there, shard I is a win
for that player, and merge writes PARENT/result-I.json saying so, with
derived_from naming DIR's plan and the move (docs/sharding.md, "A shard
settled by a split of its answer"). PARENT's merge then counts the shard as
solved and lists it as derived. If DIR is not solved yet, or proves the
move is not a win, nothing follows and nothing is written (exit 3); a DIR
that does not split such a position, or a shard that is solved already, is
refused (exit 2).

--check-derived trusts no derived result of a split solve: for each, it finds
the split that derived_from names (from_parent beside DIR, then dir as
recorded), merges it (its own derived results checked the same way) and
requires that it gives the same result again. A derived shard whose split is
not found or not solved yet counts as unknown (and is listed with the
reason); one its split does not give again is refused (exit 2). With
--result-for it checks DIR's derived results before writing.

Exit codes: 0 optimal, 1 refuted, 2 bad input, 3 inconclusive (also when a
shard is missing, failed or unfinished), 4 strategy error.`

func runMerge(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("merge DIR [flags]", mergeSynopsis, stdout)
	c := newCommonFlags(fs)
	c.addJSON("the report (verify's fields and the shards')")
	c.addNoProgress()
	resultFor := fs.String("result-for", "", "with a split solve: write the result that follows for shard I of the split solve in PARENT, given as PARENT/I")
	checkDerived := fs.Bool("check-derived", false, "with a split solve: check every derived result again from the split it names")
	// DIR may stand before or after the flags: take it out first.
	var dir string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--json" || a == "--result-for" {
			i++ // its value
			continue
		}
		if a == "--" || !strings.HasPrefix(a, "-") || a == "-" {
			if a == "--" && i+1 < len(args) {
				i++
			}
			if dir != "" {
				return fail(stderr, "merge", exitUsage, fmt.Errorf("one plan directory at a time (got %q and %q)", dir, args[i]))
			}
			dir = args[i]
			args = append(args[:i:i], args[i+1:]...)
			i--
		}
	}
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	v, err := c.check()
	if err != nil {
		return fail(stderr, "merge", exitUsage, err)
	}
	jsonOut := c.json
	if dir == "-" {
		return fail(stderr, "merge", exitUsage, fmt.Errorf("the plan is read from a directory, not standard input; give DIR"))
	}
	if dir == "" {
		return fail(stderr, "merge", exitUsage, fmt.Errorf("give the plan directory: hexproof merge DIR"))
	}
	outs := []output{{flag: "json", path: *jsonOut, std: true}, inputOf("the plan directory", dir, true)}
	parent, index := "", 0
	if *resultFor != "" {
		if parent, index, err = parseShardArg(*resultFor); err != nil {
			return fail(stderr, "merge", exitUsage, fmt.Errorf("--result-for %s: want PARENT/I, the parent plan's directory and a shard number", *resultFor))
		}
		if kind, err := shard.PlanKind(dir); err == nil && kind != shard.SolveKind {
			return fail(stderr, "merge", exitUsage, fmt.Errorf("--result-for is for split solves ('hexproof plan --solve'); %s is a verify plan", dir))
		}
		outs = append(outs, output{flag: "result-for", path: parent, dir: true, files: []string{shard.ResultName(index)}})
	}
	if *checkDerived {
		if kind, err := shard.PlanKind(dir); err == nil && kind != shard.SolveKind {
			return fail(stderr, "merge", exitUsage, fmt.Errorf("--check-derived is for split solves ('hexproof plan --solve'); %s is a verify plan, whose results are all searched", dir))
		}
	}
	if err := checkOutputSet(outs...); err != nil {
		return fail(stderr, "merge", exitUsage, err)
	}
	if *resultFor != "" {
		return runMergeResultFor(dir, parent, index, *checkDerived, *jsonOut, stdout, stderr)
	}
	var progress func(done, total int)
	var bar *progressbar.ProgressBar
	if v.progress {
		progress = func(done, total int) {
			if bar == nil {
				bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription("reading results"),
					progressbar.OptionSetWidth(20), progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(100*time.Millisecond))
			}
			_ = bar.Set(done)
		}
	}
	if kind, err := shard.PlanKind(dir); err == nil && kind == shard.SolveKind {
		return runMergeSolve(dir, *checkDerived, *jsonOut, stdout, stderr) // a split solve (solveplan.go)
	}
	m, err := shard.MergeDir(dir, progress)
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		return fail(stderr, "merge", exitUsage, err)
	}
	if *jsonOut != "-" {
		fmt.Fprint(stdout, reports.ResultText(m.Result))
		fmt.Fprint(stdout, shardLines(m))
	}
	if *jsonOut != "" {
		if err := writeMergeJSON(*jsonOut, m, procmem.PeakRSS(), stdout); err != nil {
			return fail(stderr, "merge", exitUsage, err)
		}
	}
	return m.Result.Verdict.ExitCode()
}

// shardLines says how the shards stand.
func shardLines(m *shard.Merged) string {
	if len(m.Shards) == 0 {
		return "The plan settled the verification itself (no shards).\n"
	}
	s := fmt.Sprintf("Shards: %d, finished %d", len(m.Shards), len(m.Shards)-len(m.Unfinished())-len(m.Missing())-len(m.Failed()))
	for _, l := range []struct {
		name string
		ids  []int
	}{{"unfinished", m.Unfinished()}, {"missing", m.Missing()}, {"failed", m.Failed()}, {"needed to settle the result", m.Needed()}} {
		if len(l.ids) > 0 {
			s += fmt.Sprintf("; %s: %s", l.name, shard.List(l.ids))
		}
	}
	s += ".\n"
	for _, st := range m.Shards {
		if st.State == "failed" {
			s += fmt.Sprintf("Shard %d failed: %s\n", st.Index, st.Why)
		}
	}
	return s
}

// writeMergeJSON writes the merge's JSON document (reports.MergeDoc), with
// the merge's own peak memory (it takes no --memory).
func writeMergeJSON(path string, m *shard.Merged, peak int64, stdout io.Writer) error {
	doc, err := reports.NewMergeDoc(m)
	doc.PeakRSSBytes = peak
	if err != nil {
		return err
	}
	return writeJSON(path, doc, stdout)
}
