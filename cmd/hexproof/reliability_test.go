package main

// Fault injection (issue 18): every kind of file in a Badger database
// directory is damaged in several ways, and the next run must either give
// exactly the undamaged answer or stop with exit 2 and one line naming the
// directory, never a Go panic, never another answer. docs/reliability.md
// tabulates what each fault gives; `go test -run TestDamagedDatabase -v`
// prints that table.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// hexproofBinary builds the command once per test binary.
func hexproofBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "hexproof-bin-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "hexproof")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
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
	bin := hexproofBinary(t)
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
		for _, k := range []string{".sst", ".vlog", "MANIFEST", "KEYREGISTRY", "DISCARD", markerFile} {
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
