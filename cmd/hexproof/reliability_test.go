package main

// Fault injection (issue 18): every kind of file in a Badger database
// directory is damaged in several ways, and the next run must either give
// exactly the undamaged answer or stop with exit 2 and one line naming the
// directory, never a Go panic, never another answer. docs/reliability.md
// tabulates what each fault gives; `go test -run TestDamagedDatabase -v`
// prints that table.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"hexproof/internal/testkit"
	"hexproof/verify"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testkit.RemoveBinary()
	os.Exit(code)
}

// execResult runs the binary and returns its exit code and outputs.
func execResult(t *testing.T, bin string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, out.String(), errb.String()
	case errors.As(err, &ee):
		return ee.ExitCode(), out.String(), errb.String()
	}
	t.Fatalf("%s: %v", strings.Join(args, " "), err)
	return 0, "", ""
}

// A fault applied to one file; ok says whether it applies to a file of that
// size (truncating a 20-byte file to 4 KiB is no fault).
type fault struct {
	name  string
	ok    func(size int64) bool
	apply func(path string, size int64) error
}

func truncateTo(n int64) func(string, int64) error {
	return func(p string, _ int64) error { return os.Truncate(p, n) }
}

func flipAt(at func(size int64) int64) func(string, int64) error {
	return func(p string, size int64) error {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		b[at(size)] ^= 0x5a
		return os.WriteFile(p, b, 0o644)
	}
}

var faults = []fault{
	{"emptied", func(s int64) bool { return s > 0 }, truncateTo(0)},
	{"truncated to 100 B", func(s int64) bool { return s > 100 }, truncateTo(100)},
	{"truncated to 4 KiB", func(s int64) bool { return s > 4096 }, truncateTo(4096)},
	{"3 bytes short", func(s int64) bool { return s > 3 }, func(p string, s int64) error { return os.Truncate(p, s-3) }},
	{"first byte flipped", func(s int64) bool { return s > 0 }, flipAt(func(int64) int64 { return 0 })},
	{"middle byte flipped", func(s int64) bool { return s > 2 }, flipAt(func(s int64) int64 { return s / 2 })},
	{"last byte flipped", func(s int64) bool { return s > 1 }, flipAt(func(s int64) int64 { return s - 1 })},
	{"deleted", func(int64) bool { return true }, func(p string, _ int64) error { return os.Remove(p) }},
}

// fileKind names a database file by kind (000001.sst → .sst).
func fileKind(name string) string {
	if ext := filepath.Ext(name); ext != "" {
		return ext
	}
	return name
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		src := filepath.Join(from, e.Name())
		if e.IsDir() {
			copyDir(t, src, filepath.Join(to, e.Name()))
			continue
		}
		in, err := os.Open(src)
		if err != nil {
			t.Fatal(err)
		}
		out, err := os.Create(filepath.Join(to, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(out, in); err != nil {
			t.Fatal(err)
		}
		in.Close()
		out.Close()
	}
}

// oneCleanLine checks a failure message: one line, naming dir, no panic.
func oneCleanLine(stderr, dir string) string {
	s := strings.TrimSpace(stderr)
	switch {
	case strings.Contains(s, "\n"):
		return "more than one line"
	case strings.Contains(s, "panic") || strings.Contains(s, "goroutine"):
		return "a Go panic"
	case !strings.Contains(s, dir):
		return "no mention of the database directory"
	}
	return ""
}

func TestDamagedDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs it a few hundred times")
	}
	bin := testkit.Binary(t)
	args := []string{"verify", "--board", "6x3", "--strategy", "mirror", "--starter", "red", "--no-progress", "--json", "-"}
	code, ref, errOut := execResult(t, bin, append(args, "--in-memory")...)
	if code != 0 {
		t.Fatalf("reference run: exit %d: %s", code, errOut)
	}
	want := verdictJSON(t, []byte(ref))
	tmp := t.TempDir()
	type outcome struct{ resume, fresh string }
	table := map[string]outcome{} // "kind|fault|state" → outcomes
	for _, state := range []struct {
		name  string
		extra []string
	}{
		{"finished", []string{"--keep-db"}},
		{"interrupted", []string{"--max-positions", "600"}},
	} {
		base := filepath.Join(tmp, state.name)
		code, _, errOut := execResult(t, bin, append(append(args, "--db", base), state.extra...)...)
		if (state.name == "finished" && code != 0) || (state.name == "interrupted" && code != exitInconclusive) {
			t.Fatalf("%s database: exit %d: %s", state.name, code, errOut)
		}
		runs, _ := os.ReadDir(base)
		if len(runs) != 1 {
			t.Fatalf("%s database: %d run directories", state.name, len(runs))
		}
		run := runs[0].Name()
		files, _ := os.ReadDir(filepath.Join(base, run))
		kinds := map[string]bool{}
		for _, f := range files {
			kinds[fileKind(f.Name())] = true
			info, _ := f.Info()
			for _, fl := range faults {
				if !fl.ok(info.Size()) {
					continue
				}
				key := fmt.Sprintf("%s|%s|%s", fileKind(f.Name()), fl.name, state.name)
				var o outcome
				for _, resume := range []bool{true, false} {
					root := filepath.Join(tmp, fmt.Sprintf("case-%d", len(table)), fmt.Sprint(resume))
					copyDir(t, base, root)
					dir := filepath.Join(root, run)
					if err := fl.apply(filepath.Join(dir, f.Name()), info.Size()); err != nil {
						t.Fatal(err)
					}
					a := append(args, "--db", root)
					if resume {
						a = append(a, "--resume")
					}
					code, out, errOut := execResult(t, bin, a...)
					what := ""
					switch {
					case code == exitUsage:
						if bad := oneCleanLine(errOut, dir); bad != "" {
							t.Errorf("%s, resume=%v: exit 2 with %s:\n%s", key, resume, bad, errOut)
						}
						what = "exit 2: " + classify(errOut)
					case code == 0 && verdictJSON(t, []byte(out)) == want:
						what = "same result"
						if strings.Contains(errOut, "panic") {
							t.Errorf("%s, resume=%v: a panic on stderr:\n%s", key, resume, errOut)
						}
					default:
						t.Errorf("%s, resume=%v: exit %d and another result:\n%s\n%s", key, resume, code, out, errOut)
						what = "WRONG"
					}
					// A run without --resume needs nothing old: it must
					// succeed unless the directory no longer says it is a
					// hexproof database (then it is left alone).
					if !resume && what != "same result" && fileKind(f.Name()) != markerFile {
						t.Errorf("%s: a run without --resume gave %q, want the result", key, what)
					}
					if resume {
						o.resume = what
					} else {
						o.fresh = what
					}
				}
				table[key] = o
			}
		}
		for _, k := range []string{".hxl", ".sst", ".vlog", "MANIFEST", "KEYREGISTRY", "DISCARD", markerFile} {
			if !kinds[k] {
				t.Errorf("%s database has no %s file: the suite does not cover it", state.name, k)
			}
		}
	}
	// A fresh --db still works.
	code, out, errOut := execResult(t, bin, append(args, "--db", filepath.Join(tmp, "fresh"))...)
	if code != 0 || verdictJSON(t, []byte(out)) != want {
		t.Errorf("fresh --db: exit %d: %s", code, errOut)
	}
	keys := make([]string, 0, len(table))
	for k := range table {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var sb strings.Builder
	sb.WriteString("| file | fault | database | next run with --resume | next run without |\n|---|---|---|---|---|\n")
	for _, k := range keys {
		p := strings.Split(k, "|")
		fmt.Fprintf(&sb, "| %s | %s | %s | %s | %s |\n", p[0], p[1], p[2], table[k].resume, table[k].fresh)
	}
	t.Logf("fault table:\n%s", sb.String())
}

const markerFile = "HEXPROOF-DB"

// classify names the kind of one-line failure, for the table.
func classify(stderr string) string {
	switch {
	case strings.Contains(stderr, "is damaged"):
		return "damaged, delete it"
	case strings.Contains(stderr, "not a database of this hexproof"), strings.Contains(stderr, "not a hexproof database"):
		return "not a hexproof database, left alone"
	case strings.Contains(stderr, "nothing to resume"):
		return "nothing to resume"
	case strings.Contains(stderr, "inconsistent"):
		return "inconsistent, run without --resume"
	}
	return strings.TrimSpace(stderr)
}

// TestOutputPathsCheckedFirst: a bad output path fails at once, before any
// search: nothing on stdout (no verdict), one line naming the flag, and no
// database created.
func TestOutputPathsCheckedFirst(t *testing.T) {
	tmp := t.TempDir()
	file := filepath.Join(tmp, "a-file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--json", "/nonexistent/x.json"}, "--json /nonexistent/x.json: cannot write there"},
		{[]string{"--json", tmp}, "is a directory"},
		{[]string{"--report", file}, "--report " + file + ": is a file, not a directory"},
		{[]string{"--report", filepath.Join(file, "sub")}, "--report"},
		{[]string{"--export-losses", "/nonexistent/l.jsonl"}, "--export-losses"},
		{[]string{"--cpuprofile", "/nonexistent/cpu.out"}, "/nonexistent/cpu.out"},
	} {
		db := filepath.Join(tmp, "db")
		// A search that would take minutes: the error must come first.
		args := append([]string{"verify", "--board", "6x5", "--strategy", "mirror", "--db", db, "--no-progress", "--time-limit", "10m"}, c.flags...)
		code, out, errOut := runCmd(args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout, one line with %q", c.flags, code, out, errOut, c.want)
		}
		if _, err := os.Stat(db); err == nil {
			t.Errorf("%v: a database was created before the output path was checked", c.flags)
		}
	}
	// The check leaves no trace: a good --json path is not created by it
	// when the run fails later for another reason.
	j := filepath.Join(tmp, "out.json")
	if code, _, _ := runCmd("verify", "--board", "4x3", "--strategy", "nosuch", "--json", j); code != exitUsage {
		t.Fatalf("unknown strategy: exit %d", code)
	}
	if _, err := os.Stat(j); err == nil {
		t.Error("checking --json left a file behind")
	}
}

// TestResultsWrittenBeforeDatabaseGoes: when an output fails after the
// search (the report writer is made to fail), the verdict is still printed,
// the exit code is 2, and the database is kept so that --resume redoes the
// outputs without a new search; once they are written it is removed.
func TestResultsWrittenBeforeDatabaseGoes(t *testing.T) {
	old := writeReport
	defer func() { writeReport = old }()
	fails := true
	writeReport = func(dir string, r *verify.Result) error {
		if fails {
			return fmt.Errorf("report: disk full")
		}
		return old(dir, r)
	}
	root := t.TempDir()
	args := []string{"verify", "--board", "4x3", "--strategy", "mirror", "--starter", "red", "--db", root, "--no-progress", "--report", filepath.Join(root, "..", "rep")}
	code, out, errOut := runCmd(args...)
	if code != exitUsage || !strings.Contains(out, "optimal") || !strings.Contains(errOut, "disk full") || !strings.Contains(errOut, "--resume") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if es, _ := os.ReadDir(root); len(es) != 1 {
		t.Fatalf("the database was not kept after a failed output (%d entries)", len(es))
	}
	fails = false
	code, out, errOut = runCmd(append(args, "--resume")...)
	if code != 0 || !strings.Contains(out, "optimal") || !strings.Contains(errOut, "resuming from layer") {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	if es, _ := os.ReadDir(root); len(es) != 0 {
		t.Fatalf("the database is still there after the outputs were written")
	}
}

// TestResumeMessages: --resume says where it resumes, refuses to resume
// nothing (exit 2, one line), and with --starter both resumes the starter
// that has a database while starting the other afresh.
func TestResumeMessages(t *testing.T) {
	root := t.TempDir()
	base := []string{"verify", "--board", "5x4", "--strategy", "gardner", "--db", root, "--no-progress"}
	code, _, errOut := runCmd(append(base, "--resume")...)
	if code != exitUsage || !strings.Contains(errOut, "nothing to resume in "+root) || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
		t.Fatalf("resume of nothing: exit %d, %q", code, errOut)
	}
	if es, _ := os.ReadDir(root); len(es) != 0 {
		t.Fatalf("resuming nothing created %d entries", len(es))
	}
	// Stop both starters early, then lose Blue's database.
	if code, out, errOut := runCmd(append(base, "--max-positions", "2000")...); code != exitInconclusive || strings.Count(out, "Run again with --resume to continue") != 2 {
		t.Fatalf("budget run: exit %d, no hint to resume for each starter:\n%s\n%s", code, out, errOut)
	}
	es, _ := os.ReadDir(root)
	if len(es) != 2 {
		t.Fatalf("an inconclusive --starter both run kept %d databases, want 2", len(es))
	}
	for _, e := range es {
		if strings.Contains(e.Name(), "blue-starts") {
			os.RemoveAll(filepath.Join(root, e.Name()))
		}
	}
	code, out, errOut := runCmd(append(base, "--resume")...)
	if code != 0 || strings.Count(out, "optimal —") != 2 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{"Red starts: resuming from layer ", "Blue starts: nothing to resume in ", "starting afresh"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("resume notices lack %q:\n%s", want, errOut)
		}
	}
}

// TestReplayLineReproduces: the replay command printed with a counterexample
// replays it as printed, under every --choices (issue 18 item 7).
func TestReplayLineReproduces(t *testing.T) {
	for _, choices := range []string{"every", "first", "some"} {
		code, out, errOut := runCmd("verify", "--board", "4x3", "--geometry", "torus", "--strategy", "mirror", "--starter", "red", "--choices", choices, "--in-memory", "--no-progress")
		if code != exitRefuted {
			t.Fatalf("%s: exit %d: %s", choices, code, errOut)
		}
		_, after, ok := strings.Cut(out, "Replay it with:\n")
		if !ok {
			t.Fatalf("%s: no replay line:\n%s", choices, out)
		}
		line, _, _ := strings.Cut(after, "\n")
		args := shellWords(t, line)
		if len(args) < 2 || args[0] != "hexproof" || args[1] != "replay" {
			t.Fatalf("%s: not a replay command: %q", choices, line)
		}
		code, rout, rerr := runCmd(args[1:]...)
		if code != 0 {
			t.Fatalf("%s: %s\nexit %d: %s", choices, line, code, rerr)
		}
		plies := strings.Count(strings.SplitN(after, "\n\n", 2)[0], "R:") + strings.Count(strings.SplitN(after, "\n\n", 2)[0], "B:")
		if !strings.Contains(rout, fmt.Sprintf("Blue won after %d moves", plies)) {
			t.Errorf("%s: replay does not end with Blue's win after %d moves:\n%s", choices, plies, rout)
		}
		if m := regexp.MustCompile(`(\d+) of (\d+) decisions agree`).FindStringSubmatch(rout); m == nil || m[1] != m[2] {
			t.Errorf("%s: replay disagrees with the strategy:\n%s", choices, rout)
		}
	}
}

// shellWords splits a command line of plain words and double-quoted strings.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var out []string
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
		if line[0] == '"' {
			end := strings.IndexByte(line[1:], '"')
			if end < 0 {
				t.Fatalf("unterminated quote in %q", line)
			}
			out = append(out, line[1:1+end])
			line = line[end+2:]
			continue
		}
		w, rest, _ := strings.Cut(line, " ")
		out, line = append(out, w), rest
	}
	return out
}

// TestFlagMessages: each bad flag is named on its own, in words (issue 18
// item 6).
func TestFlagMessages(t *testing.T) {
	v := []string{"verify", "--board", "4x3", "--strategy", "mirror", "--in-memory"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{append(v, "--jobs", "abc"), `--jobs: "abc" is not a whole number`},
		{append(v, "--time-limit", "soon"), `--time-limit: "soon" is not a duration such as 90s, 30m or 2h`},
		{append(v, "--jobs", "-3"), "--jobs cannot be negative (0 means all CPUs)"},
		{append(v, "--max-positions", "-1"), "--max-positions cannot be negative (0 means no limit)"},
		{append(v, "--max-losses", "-1"), "--max-losses cannot be negative"},
		{append(v, "--time-limit", "-1s"), "--time-limit cannot be negative (0 means no limit)"},
		{append(v, "--geometry", ""), "--geometry is empty"},
		{[]string{"verify", "--board", "100x100", "--strategy", "mirror"}, "--board 100x100: the board has 10000 cells; verify handles at most 64"},
		{[]string{"verify", "--board", "65x1", "--strategy", "mirror"}, "--board 65x1: the board has 65 cells; verify handles at most 64"},
		{[]string{"show", "--board", "4x3", "--geometry", "", "--moves", "a1"}, "--geometry is empty"},
	} {
		code, _, errOut := runCmd(c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%v: exit %d, %q; want exit 2 and one line with %q", c.args, code, errOut, c.want)
		}
	}
	_, help, _ := runCmd("verify", "--help")
	for _, want := range []string{"0 means all CPUs", "0 means no limit", "Exit codes:"} {
		if !strings.Contains(help, want) {
			t.Errorf("verify --help lacks %q", want)
		}
	}
	if _, help, _ := runCmd("show", "--help"); !strings.Contains(help, "Exit codes: 0 ") {
		t.Errorf("show --help lists no exit codes:\n%s", help)
	}
}

// TestInterruptStopsBoth: Ctrl-C (SIGINT) during the first starter's run
// reports it as interrupted, does not start the second, writes the JSON of
// what was run, keeps the database and exits 3.
func TestInterruptStopsBoth(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := testkit.Binary(t)
	db := t.TempDir()
	j := filepath.Join(t.TempDir(), "out.json")
	cmd := exec.Command(bin, "verify", "--board", "6x5", "--strategy", "mirror", "--db", db, "--no-progress", "--time-limit", "10m", "--json", j)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond)
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if !isExit(err, exitInconclusive) {
		t.Fatalf("exit %v, want 3\n%s\n%s", err, out.String(), errb.String())
	}
	for _, want := range []string{"inconclusive — interrupted before the search finished", "Red starts"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, out.String())
		}
	}
	for _, bad := range []string{"budget", "Blue starts", "longest game: 0"} {
		if strings.Contains(out.String(), bad) {
			t.Errorf("stdout has %q:\n%s", bad, out.String())
		}
	}
	if !strings.Contains(errb.String(), "the run where Blue starts was not started") {
		t.Errorf("stderr does not say Blue's run was skipped:\n%s", errb.String())
	}
	raw, err := os.ReadFile(j)
	if err != nil {
		t.Fatal(err)
	}
	var docs []map[string]any
	if err := json.Unmarshal(raw, &docs); err != nil || len(docs) != 1 || docs[0]["stop_reason"] != "interrupted" || docs[0]["starter"] != "red" {
		t.Errorf("want a JSON array of Red's run only (%v):\n%s", err, raw)
	}
	if es, _ := os.ReadDir(db); len(es) != 1 {
		t.Errorf("an interrupted run kept %d databases, want 1", len(es))
	}
}

// TestReadmeReplayExample: the README's replay lines run as printed, and the
// one under the torus example is exactly what verify prints for it.
func TestReadmeReplayExample(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(l, "hexproof replay ") {
			if k := strings.Index(l, "  #"); k >= 0 {
				l = l[:k]
			}
			lines = append(lines, strings.TrimSpace(l))
		}
	}
	if len(lines) < 2 {
		t.Fatalf("README has %d replay examples, want at least 2", len(lines))
	}
	for _, l := range lines {
		if code, _, errOut := runCmd(shellWords(t, l)[1:]...); code != 0 {
			t.Errorf("README example %q: exit %d: %s", l, code, errOut)
		}
	}
	_, out, _ := runCmd("verify", "--board", "4x3", "--geometry", "torus", "--strategy", "mirror", "--in-memory", "--no-progress")
	found := false
	for _, l := range lines {
		found = found || strings.Contains(out, "Replay it with:\n"+l+"\n")
	}
	if !found {
		t.Errorf("none of the README's replay lines is the one verify prints:\n%s", out)
	}
}

// TestOldFormatDatabase: a database of the earlier format (a key per
// position) cannot be resumed — one line, exit 2, saying how to go on — and
// a run without --resume replaces it.
func TestOldFormatDatabase(t *testing.T) {
	root := t.TempDir()
	base := []string{"verify", "--board", "4x3", "--strategy", "gardner", "--starter", "red", "--db", root, "--no-progress"}
	if code, _, errOut := runCmd(append(base, "--max-positions", "10")...); code != exitInconclusive {
		t.Fatalf("budget run: exit %d: %s", code, errOut)
	}
	es, _ := os.ReadDir(root)
	if len(es) != 1 {
		t.Fatalf("%d databases", len(es))
	}
	dir := filepath.Join(root, es[0].Name())
	if err := os.WriteFile(filepath.Join(dir, "HEXPROOF-DB"), []byte("hexproof position store, format 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCmd(append(base, "--resume")...)
	if code != exitUsage || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, "earlier hexproof (format 1)") || !strings.Contains(errOut, "run without --resume") {
		t.Fatalf("resume of an old database: exit %d, %q", code, errOut)
	}
	if code, out, errOut := runCmd(base...); code != 0 || !strings.Contains(out, "optimal") {
		t.Fatalf("fresh run over an old database: exit %d\n%s\n%s", code, out, errOut)
	}
}
