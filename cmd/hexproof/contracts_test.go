package main

import (
	"crypto/sha256"
	"fmt"
	"hexproof/internal/testkit"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The output and input contracts of every command (issue 36,
// docs/reliability.md "Contracts"): bad input is exit 2 (or the documented
// code) with one line on standard error in the user's words, nothing on
// standard output, and nothing written anywhere — a database given with --db
// stays byte-identical.

// treeDigest is every file and directory under root with its content hash:
// two digests are equal exactly when nothing was written, created or removed.
func treeDigest(t *testing.T, root string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.Type()&fs.ModeSymlink != 0 {
			target, err := os.Readlink(path)
			lines = append(lines, rel+" -> "+target)
			return err
		}
		if d.IsDir() {
			lines = append(lines, rel+"/")
			return nil
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		lines = append(lines, fmt.Sprintf("%s %x", rel, sha256.Sum256(raw)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// runIn runs the binary with work as its directory.
func runIn(t *testing.T, bin, work string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = work
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String(), errb.String()
	} else if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return 0, out.String(), errb.String()
}

// codeWords are words that name the code, not the user's input.
var codeWords = []string{"Go value", "strategies.", "shard.", "verify.", "context deadline", "context canceled", "*errors", "panic"}

// contractFixture is a work directory (inside root, so that a path with ../
// that escapes it is still seen) holding a red-starts certificate for 4x4,
// a finished verify database D, a plan directory, a file and broken JSON.
func contractFixture(t *testing.T, bin string) (root, work string) {
	t.Helper()
	root = t.TempDir()
	work = filepath.Join(root, "a", "work")
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	must := func(args ...string) {
		t.Helper()
		if code, _, errs := runIn(t, bin, work, args...); code > 1 {
			t.Fatalf("fixture %v: exit %d: %s", args, code, errs)
		}
	}
	must("solve", "--board", "4x4", "--starter", "red", "--certificate", "c.json", "--no-progress")
	must("verify", "--board", "5x4", "--strategy", "fitzgerald-rules", "--choices", "some", "--starter", "blue", "--moves", "(1,1)",
		"--prefer", "fitzgerald", "--overlay", "o.json", "--in-memory", "--no-progress")
	must("verify", "--board", "4x4", "--strategy", "mirror", "--starter", "red", "--db", "D", "--keep-db", "--no-progress")
	must("plan", "--board", "6x4", "--strategy", "mirror", "--starter", "blue", "--shards", "2", "--out", "P", "--no-progress")
	must("plan", "--board", "6x4", "--strategy", "mirror", "--starter", "red", "--shards", "2", "--out", "P2", "--no-progress")
	for name, body := range map[string]string{"a-file": "x", "bad.json": "[1]", "cut.json": `{"format": `} {
		if err := os.WriteFile(filepath.Join(work, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(work, "P", "result-0.json"), []byte(`{"verdict": 7}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(work, "RD", "report.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Damaged certificates: another side, no answers.
	raw, err := os.ReadFile(filepath.Join(work, "c.json"))
	if err != nil {
		t.Fatal(err)
	}
	for name, from := range map[string][2]string{"cs.json": {`"side":"red"`, `"side":"blue"`}, "cn.json": {`"answers":[`, `"answers":null,"x":[`}} {
		if !strings.Contains(string(raw), from[0]) {
			t.Fatalf("c.json has no %s", from[0])
		}
		if err := os.WriteFile(filepath.Join(work, name), []byte(strings.Replace(string(raw), from[0], from[1], 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// P2 gets P's shard 0 in place of its own; QS holds a stray shard file.
	raw0, err := os.ReadFile(filepath.Join(work, "P", "shard-0.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "P2", "shard-0.json"), raw0, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(work, "QS"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "QS", "shard-3.json"), raw0, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "nothing-here"), filepath.Join(work, "dangling.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(work, "DL"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "elsewhere"), filepath.Join(work, "DL", "4x4-cylinder-mirror-red-starts-every-sym")); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"AL", "RR", "QQ"} {
		if err := os.MkdirAll(filepath.Join(work, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(work, "AL"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("..", "a-file"), filepath.Join(work, "AL", "atlas.md")); err != nil {
		t.Fatal(err)
	}
	return root, work
}

// TestBadInputContracts runs each command with bad inputs of every contract
// and checks the exit code, one line on standard error naming the problem in
// the user's words, nothing on standard output, and nothing written.
func TestBadInputContracts(t *testing.T) {
	bin := testkit.Binary(t)
	root, work := contractFixture(t, bin)
	long := []string{"--no-progress", "--time-limit", "10m"} // a run that would last: the error must come first
	cases := []struct {
		args []string
		code int
		want string
	}{
		// 2. No output silently overwrites another.
		{[]string{"solve", "--board", "4x4", "--starter", "red", "--json", "F", "--certificate", "F"}, 2, "--json F and --certificate F name the same path"},
		{[]string{"solve", "--board", "4x4", "--json", "c-red.json", "--certificate", "c.json"}, 2, "name the same path"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--starter", "red", "--choices", "some", "--json", "F", "--certificate", "./F"}, 2, "name the same path"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--db", "D", "--json", "F.md", "--export-losses", "F.md"}, 2, "--json F.md and --export-losses F.md"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--in-memory", "--json", "R", "--report", "R"}, 2, "--json R is a file, and --report R/red-starts would go inside it"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--db", "D", "--json", "D"}, 2, "--json D: is a directory, not a file"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--db", "E", "--json", "E"}, 2, "--json E and --db E name the same path"},
		{[]string{"hunt", "--board", "5x4", "--strategy", "fitzgerald", "--json", "F.md", "--export-losses", "F.md"}, 2, "name the same path"},
		{[]string{"simulate", "--board", "5x4", "--strategy", "fitzgerald", "--json", "F.md", "--export-losses", "F.md"}, 2, "name the same path"},
		// ... nor a file hexproof writes inside a directory output, nor an input.
		{[]string{"verify", "--board", "4x4", "--strategy", "hht", "--starter", "blue", "--in-memory", "--json", "RR/report.md", "--report", "RR"}, 2, "--json RR/report.md lies inside --report RR"},
		{[]string{"hunt", "--board", "4x4", "--strategy", "hht", "--starter", "blue", "--export-losses", "RR/report.md", "--report", "RR"}, 2, "lies inside --report RR"},
		{[]string{"plan", "--board", "6x4", "--strategy", "mirror", "--starter", "blue", "--shards", "2", "--out", "QQ", "--json", "QQ/plan.json"}, 2, "lies inside --out QQ"},
		{[]string{"verify", "--shard", "P/0", "--in-memory", "--json", "P/result-0.json"}, 2, "lies inside --shard P"},
		{[]string{"merge", "P", "--json", "P/plan.json"}, 2, "lies inside the plan directory"},
		{[]string{"plan", "--solve", "--board", "4x4", "--starter", "red", "--out", "QS", "--json", "QS/plan.json"}, 2, "lies inside --out QS"},
		{[]string{"solve", "--shard", "P/0", "--json", "P/result-0.json"}, 2, "lies inside --shard P"},
		{[]string{"verify", "--piece", "P/0", "--json", "P/check-0.json"}, 2, "lies inside --piece P"},
		{[]string{"plan", "--solve", "--board", "4x4", "--starter", "red", "--out", "QT", "--plies", "4"}, 2, "openings of 4 plies"},
		{[]string{"solve", "--shard", "P/0", "--no-progress"}, 2, `kind "", want "solve"`},
		{[]string{"verify", "--board", "4x4", "--strategy", "certificate:c.json", "--starter", "red", "--in-memory", "--json", "c.json"}, 2, "--json c.json would overwrite the certificate of --strategy"},
		{[]string{"replay", "--board", "4x4", "--strategy", "certificate:c.json", "--starter", "red", "--moves", "(2,2)", "--json", "./c.json"}, 2, "would overwrite the certificate"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--starter", "red", "--db", "D", "--json", "D/4x4-cylinder-mirror-red-starts-every-sym/out.json"}, 2, "lies inside --db D"},
		{[]string{"verify", "--board", "4x4", "--strategy", "hht", "--starter", "blue", "--in-memory", "--report", "RD"}, 2, "RD: report.md there is not a file"},
		{[]string{"atlas", "--max-cells", "4", "--out", "AL"}, 2, "atlas.md there is a symbolic link"},
		// Flags given twice, or empty.
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--in-memory", "--json", "a.json", "--json", "b.json"}, 2, "--json is given twice"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--starter", "red", "--db", ""}, 2, "--db is empty"},
		{[]string{"verify", "--shard", "P/0", "--db", " "}, 2, "--db is empty"},
		{[]string{"solve", "--board", "4x4", "--json", ""}, 2, "--json is empty"},
		// 3. Every output path is checked before the work starts.
		{append([]string{"solve", "--board", "6x6", "--no-knowledge", "--json", "/nonexistent/x.json"}, long...), 2, "--json /nonexistent/x.json: cannot write there"},
		{[]string{"solve", "--board", "6x6", "--no-knowledge", "--certificate", "/nonexistent/c.json", "--time-limit", "1s"}, 2, "--certificate /nonexistent/c-red.json: cannot write there"},
		{append([]string{"solve", "--board", "6x6", "--no-knowledge", "--cpuprofile", "/nonexistent/cpu.prof"}, long...), 2, "--cpuprofile /nonexistent/cpu.prof: cannot write there"},
		{append([]string{"solve", "--board", "6x6", "--no-knowledge", "--db", "a-file/db"}, long...), 2, "--db a-file/db"},
		{[]string{"certify", "--board", "9x7", "--strategy", "gardner", "--no-theorems", "--json", "/nonexistent/x.json"}, 2, "--json /nonexistent/x.json"},
		{[]string{"certify", "--table", "4x4", "--json", "/nonexistent/x.json"}, 2, "--json /nonexistent/x.json"},
		{[]string{"replay", "--board", "4x3", "--strategy", "mirror", "--starter", "blue", "--moves", "(1,1)", "--json", "/nonexistent/x.json"}, 2, "--json /nonexistent/x.json"},
		{[]string{"plan", "--board", "6x4", "--strategy", "mirror", "--starter", "red", "--shards", "2", "--out", "Q", "--json", "/nonexistent/x.json"}, 2, "--json /nonexistent/x.json"},
		{[]string{"plan", "--board", "6x4", "--strategy", "mirror", "--starter", "red", "--shards", "2", "--out", "a-file/Q"}, 2, "--out a-file/Q: cannot create the directory"},
		{[]string{"merge", "--json", "/nonexistent/x.json", "P"}, 2, "--json /nonexistent/x.json"},
		{[]string{"show", "--board", "4x4", "--moves", "(1,1)", "--svg", "/nonexistent/x.svg"}, 2, "--svg /nonexistent/x.svg"},
		{[]string{"atlas", "--max-cells", "8", "--out", "a-file/atlas"}, 2, "--out a-file/atlas"},
		{append([]string{"hunt", "--board", "5x6", "--strategy", "fitzgerald", "--report", "a-file/r"}, long...), 2, "--report a-file/r"},
		{append([]string{"verify", "--board", "6x5", "--strategy", "mirror", "--db", "D", "--report", "a-file"}, long...), 2, "is a file, not a directory"},
		// 4. "-" is standard output where accepted, refused elsewhere.
		{[]string{"solve", "--board", "4x4", "--starter", "red", "--certificate", "-"}, 2, "--certificate -: standard output is not accepted here"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--db", "D", "--export-losses", "-"}, 2, "--export-losses -: standard output"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--in-memory", "--report", "-"}, 2, "--report -: standard output"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--db", "-"}, 2, "--db -: standard output"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--db", "D", "--cpuprofile", "-"}, 2, "--cpuprofile -"},
		{[]string{"solve", "--board", "4x4", "--cpuprofile", "-"}, 2, "--cpuprofile -"},
		{[]string{"solve", "--shard", "P/0", "--cpuprofile", "-"}, 2, "--cpuprofile -"},
		{[]string{"solve", "--shard", "P/0", "--cpuprofile", "/nonexistent/cpu.prof"}, 2, "--cpuprofile /nonexistent/cpu.prof: cannot write there"},
		{[]string{"verify", "--shard", "P/0", "--cpuprofile", "-"}, 2, "--cpuprofile -"},
		{[]string{"verify", "--shard", "P/0", "--cpuprofile", "/nonexistent/cpu.prof"}, 2, "--cpuprofile /nonexistent/cpu.prof: cannot write there"},
		{[]string{"solve", "--board", "4x4", "--db", "-"}, 2, "--db -: standard output"},
		{[]string{"hunt", "--board", "5x4", "--strategy", "fitzgerald", "--report", "-"}, 2, "--report -"},
		{[]string{"plan", "--board", "6x4", "--strategy", "mirror", "--starter", "red", "--shards", "2", "--out", "-"}, 2, "--out -"},
		{[]string{"show", "--board", "4x4", "--svg", "-"}, 2, "--svg -"},
		{[]string{"atlas", "--max-cells", "8", "--out", "-"}, 2, "--out -"},
		// 5. Numbers are numbers.
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--db", "D", "--memory", "NaN"}, 2, `--memory: "NaN" is not a size`},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--db", "D", "--memory", "Inf"}, 2, "is not a size"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--db", "D", "--memory", "1e30"}, 2, "more than 1EiB"},
		{[]string{"hunt", "--board", "5x5", "--strategy", "hht", "--memory", "3MiB"}, 2, "too small to start"},
		{[]string{"replay", "--board", "4x3", "--strategy", "mirror", "--starter", "red", "--moves", "(1,1)", "--memory", "lots"}, 2, `--memory: "lots" is not a size`},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--db", "D", "--memory", "99999999999999999999GiB"}, 2, "more than 1EiB"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--db", "D", "--memory", "0.1B"}, 2, "not a whole number of bytes"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--db", "D", "--memory", "1B"}, 2, "the smallest budget is 16MiB"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--in-memory", "--memory", "50B"}, 2, "the smallest budget is 16MiB"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--choices", "some", "--memory", "1KiB"}, 2, "the smallest budget is 16MiB"},
		{[]string{"solve", "--board", "4x4", "--memory", "NaN"}, 2, "is not a size"},
		{[]string{"solve", "--board", "4x4", "--memory", "1KiB"}, 2, "the smallest budget is 16MiB"},
		{[]string{"verify", "--shard", "P/1", "--memory", "Inf"}, 2, "is not a size"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--db", "D", "--jobs", "99999999999999999999"}, 2, "--jobs"},
		{[]string{"hunt", "--board", "5x4", "--strategy", "fitzgerald", "--time-limit", "NaN"}, 2, "--time-limit"},
		{[]string{"solve", "--board", "4x4", "--time-limit", "1e400s"}, 2, "--time-limit"},
		{[]string{"hunt", "--board", "4x4", "--strategy", "mirror", "--starter", "red", "--time-limit", "1s", "--jobs", "9223372036854775807"}, 2, "at most 1024 workers"},
		{[]string{"simulate", "--board", "4x4", "--strategy", "mirror", "--starter", "red", "--opponent", "random", "--jobs", "1000000000"}, 2, "at most 1024 workers"},
		{[]string{"simulate", "--board", "4x4", "--strategy", "mirror", "--starter", "red", "--opponent", "random", "--games", "9223372036854775807"}, 2, "--games must be at most"},
		// 6. One exit code per outcome.
		{[]string{"verify", "--board", "4x4", "--strategy", "certificate:c.json", "--starter", "blue", "--in-memory"}, 2, "covers only the games red starts; give --starter red"},
		{[]string{"verify", "--board", "4x4", "--strategy", "certificate:c.json", "--db", "D"}, 2, "--starter both"},
		{[]string{"replay", "--board", "4x4", "--strategy", "certificate:c.json", "--starter", "blue", "--moves", "(1,1)"}, 2, "give --starter red"},
		{[]string{"hunt", "--board", "4x4", "--strategy", "certificate:c.json", "--starter", "blue"}, 2, "give --starter red"},
		{[]string{"plan", "--board", "4x4", "--strategy", "certificate:c.json", "--starter", "blue", "--shards", "2", "--out", "Q"}, 2, "give --starter red"},
		{[]string{"plan", "--board", "6x4", "--strategy", "mirror", "--starter", "red", "--shards", "2", "--out", "Q", "--hexproof", ""}, 2, "--hexproof is empty"},
		{[]string{"plan", "--board", "6x4", "--strategy", "mirror", "--starter", "red", "--shards", "2", "--out", "Q", "--hexproof", "a\nb"}, 2, `--hexproof "a\nb"`},
		{[]string{"plan", "--board", "6x4", "--strategy", "mirror", "--starter", "red", "--shards", "2", "--out", "Q R"}, 2, "cannot hold a path with a space"},
		// 7. Messages name the user's words, not the code's.
		{[]string{"verify", "--board", "4x4", "--strategy", "certificate:bad.json", "--in-memory"}, 2, "not a certificate file: the document is a JSON array"},
		{[]string{"verify", "--board", "4x4", "--strategy", "certificate:cut.json", "--in-memory"}, 2, "the file ends too early"},
		{[]string{"verify", "--board", "4x4", "--strategy", "certificate:cs.json", "--starter", "red", "--in-memory"}, 2, "red is to move there, not blue"},
		{[]string{"replay", "--board", "4x4", "--strategy", "certificate:cn.json", "--starter", "red", "--moves", "(2,2)"}, 2, "it holds no answers"},
		{[]string{"hunt", "--board", "5x9", "--strategy", "fitzgerald", "--starter", "red", "--time-limit", "2s", "--no-progress", "--report", "RD"}, 2, "report.md there is not a file"},
		{[]string{"simulate", "--board", "5x4,", "--strategy", "fitzgerald"}, 2, "a size in the list is empty"},
		{[]string{"solve", "--board", "4x4", "--compact"}, 2, "--compact is the format of --certificate"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--in-memory", "--keep-db"}, 2, "--keep-db keeps a database, and --in-memory has none"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--in-memory", "--max-losses", "3"}, 2, "--max-losses counts the games --export-losses writes"},
		{[]string{"hunt", "--board", "5x4", "--strategy", "fitzgerald", "--max-losses", "3"}, 2, "--max-losses"},
		{[]string{"certify", "--board", "4x4", "--strategy", "mirror", "--jobs", "2"}, 2, "--jobs is the number of boards --table certifies"},
		{[]string{"certify", "--table", "3x3", "--starter", "red"}, 2, "--starter does not apply to --table"},
		{[]string{"atlas", "--max-cells", "4", "--out", "A5", "--pairing-nodes", "5"}, 2, "--pairing-nodes is for --pairing"},
		{[]string{"verify", "--board", "4x4", "--strategy", "nonesuch"}, 2, `--strategy: unknown strategy "nonesuch"`},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--choices", "x"}, 2, `--choices: unknown choice semantics "x"`},
		{[]string{"certify", "--board", "4x4", "--strategy", "mirror", "--geometry", "x"}, 2, "--geometry:"},
		{[]string{"simulate", "--board", "4x4", "--strategy", "mirror", "--opponent", "x"}, 2, "--opponent:"},
		{[]string{"show", "--board", "4x4", "--moves", "zz"}, 2, "--moves: move 1"},
		{[]string{"explore", "--overlay-time", "0s"}, 2, "--overlay-time must be positive"},
		{[]string{"explore", "--strategy", "nosuch"}, 2, "unknown strategy"},
		{[]string{"explore", "--board", "9x9"}, 2, "5×n cylinders"},
		{[]string{"explore", "--addr", "nonsense"}, 2, "--addr nonsense: not a HOST:PORT address (missing port in address)"},
		{[]string{"explore", "--addr", "127.0.0.1:99999"}, 2, "not a HOST:PORT address"},
		{[]string{"gtp", "--board", "4x3"}, 2, "give --strategy NAME or --solver"},
		{[]string{"gtp", "--board", "4x3", "--strategy", "mirror", "--solver"}, 2, "give --strategy NAME or --solver"},
		{[]string{"verify", "--board", "4x4", "--strategy", "handicap", "--handicap"}, 2, "for flat Hex"},
		{[]string{"verify", "--board", "5x4", "--strategy", "exec:/nonexistent/engine"}, 2, "could not be started"},
		{[]string{"verify", "--board", "5x4", "--strategy", "mirror", "--player", "blue"}, 2, "--player"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--starter", "red", "--db", "DL"}, 2, "is a symbolic link"},
		{[]string{"verify", "--board", "4x4", "--strategy", "mirror", "--memory", "2EiB"}, 2, "more than 1EiB"},
		{[]string{"merge", "-"}, 2, "not standard input"},
		{[]string{"certify", "--board", "0x0", "--strategy", "mirror"}, 2, "--board: "},
		{[]string{"certify", "--table", "0x0"}, 2, "--table: "},
		{[]string{"atlas", "--max-cells", "4", "--out", "A6", "--strategies", "mirror,,hht"}, 2, "a name in the list is empty"},
		{[]string{"verify", "--shard", "P2/0", "--in-memory"}, 2, "shard-0.json belongs to plan"},
		{[]string{"plan", "--board", "6x4", "--strategy", "mirror", "--starter", "blue", "--shards", "2", "--out", "QS"}, 2, "--out QS holds shard-3.json from another plan"},
		{[]string{"verify", "--shard", "-/0"}, 2, "not standard input"},
		{[]string{"verify", "--board", "4x4", "--strategy", "certificate:-", "--in-memory"}, 2, "not standard input"},
		{[]string{"verify", "--board", "4x4", "--strategy", "overlay:-", "--in-memory"}, 2, "not standard input"},
		{[]string{"verify", "--board", "5x4", "--strategy", "overlay:o.json", "--starter", "blue", "--in-memory"}, 2, "it answers the games after B:(1,1) and its images; give --moves"},
		{[]string{"verify", "--board", "5x4", "--strategy", "overlay:o.json", "--starter", "blue", "--moves", "(1,2)", "--in-memory"}, 2, "give --moves with one of them"},
		{[]string{"verify", "--board", "5x4", "--strategy", "overlay:o.json", "--starter", "red", "--moves", "(1,1)", "--in-memory"}, 2, "covers only the games blue starts"},
		{[]string{"verify", "--board", "5x4", "--strategy", "overlay:o.json", "--starter", "blue", "--moves", "(1,1)", "--in-memory", "--json", "o.json"}, 2, "would overwrite the overlay of --strategy"},
		{[]string{"verify", "--board", "5x5", "--strategy", "overlay:o.json", "--starter", "blue", "--moves", "(1,1)", "--in-memory"}, 2, "it is for the 5x4 cylinder board"},
		{[]string{"verify", "--board", "5x4", "--strategy", "fitzgerald-rules", "--choices", "some", "--overlay", "x.json", "--in-memory"}, 2, "--overlay needs --choices some and --prefer"},
		{[]string{"verify", "--board", "5x4", "--strategy", "fitzgerald-rules", "--choices", "some", "--prefer", "fitzgerald", "--starter", "blue", "--in-memory", "--overlay", "F", "--json", "./F"}, 2, "name the same path"},
		{[]string{"verify", "--board", "5x4", "--strategy", "fitzgerald-rules", "--choices", "some", "--prefer", "fitzgerald", "--starter", "blue", "--in-memory", "--overlay", "-"}, 2, "--overlay -: standard output is not accepted"},
		{[]string{"verify", "--board", "5x4", "--strategy", "fitzgerald-rules", "--prefer", "fitzgerald", "--overlay", "x.json", "--in-memory"}, 2, "--overlay needs --choices some and --prefer"},
		{[]string{"plan", "--board", "6x4", "--strategy", "mirror", "--starter", "blue", "--shards", "100000000", "--out", "Q"}, 2, "--shards must be between 1 and 100000"},
		{[]string{"solve", "--board", "4x4", "--starter", "red", "--json", "dangling.json"}, 2, "is a symbolic link to nothing"},
	}
	before := treeDigest(t, root)
	for _, c := range cases {
		start := time.Now()
		code, out, errs := runIn(t, bin, work, c.args...)
		line := strings.TrimSpace(errs)
		name := strings.Join(c.args, " ")
		switch {
		case code != c.code:
			t.Errorf("%s: exit %d, want %d (stderr %q)", name, code, c.code, errs)
		case out != "":
			t.Errorf("%s: wrote to standard output:\n%s", name, out)
		case strings.Contains(line, "\n") || !strings.HasPrefix(line, "hexproof "+c.args[0]+": "):
			t.Errorf("%s: stderr is not one line of hexproof %s: %q", name, c.args[0], errs)
		case !strings.Contains(line, c.want):
			t.Errorf("%s: stderr %q does not say %q", name, line, c.want)
		}
		for _, w := range codeWords {
			if strings.Contains(errs, w) {
				t.Errorf("%s: stderr names the code (%q): %q", name, w, errs)
			}
		}
		if time.Since(start) > time.Minute {
			t.Errorf("%s: took %s: the check came after the work", name, time.Since(start))
		}
		if after := treeDigest(t, root); after != before {
			t.Fatalf("%s: files changed:\nbefore:\n%s\nafter:\n%s", name, before, after)
		}
	}
	// A damaged shard result is a failed shard (exit 3), named in the
	// user's words.
	code, out, _ := runIn(t, bin, work, "merge", "P")
	if code != exitInconclusive || !strings.Contains(out, `result-0.json: not a hexproof plan, shard or result file: field "verdict" holds a JSON number`) {
		t.Errorf("merge with a damaged result: exit %d:\n%s", code, out)
	}
	for _, w := range codeWords {
		if strings.Contains(out, w) {
			t.Errorf("merge names the code (%q):\n%s", w, out)
		}
	}
}

// TestDatabaseStaysInsideDB: a strategy spec that holds a path (a
// certificate's, relative with ../ or absolute) names a database folder
// inside --db, never outside it.
func TestDatabaseStaysInsideDB(t *testing.T) {
	bin := testkit.Binary(t)
	root, work := contractFixture(t, bin)
	sub := filepath.Join(work, "sub")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(work, "c.json")
	// From work/sub, ../../../a/work/c.json is work/c.json; joined to DB
	// as it stood, the spec's three .. led out of DB.
	for _, spec := range []string{"certificate:../../../a/work/c.json", "certificate:" + abs} {
		before := treeDigest(t, root)
		db := filepath.Join(sub, "DB")
		code, _, errs := runIn(t, bin, sub, "verify", "--board", "4x4", "--strategy", spec, "--starter", "red", "--db", "DB", "--keep-db", "--no-progress")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", spec, code, errs)
		}
		entries, err := os.ReadDir(db)
		if err != nil || len(entries) != 1 || !entries[0].IsDir() {
			t.Fatalf("%s: --db holds %v (%v), want one run folder", spec, entries, err)
		}
		if _, err := os.Stat(filepath.Join(db, entries[0].Name(), "HEXPROOF-DB")); err != nil {
			t.Fatalf("%s: %s is not the run's database folder (nested folders?): %v", spec, entries[0].Name(), err)
		}
		// Nothing changed outside DB.
		if err := os.RemoveAll(db); err != nil {
			t.Fatal(err)
		}
		if after := treeDigest(t, root); after != before {
			t.Fatalf("%s: files outside --db changed:\n%s\n--\n%s", spec, before, after)
		}
	}
}

// TestCertifyTableInterrupted: an interrupted table is inconclusive (exit
// 3) and says so in one line.
func TestCertifyTableInterrupted(t *testing.T) {
	bin := testkit.Binary(t)
	cmd := exec.Command(bin, "certify", "--table", "14x14", "--no-progress")
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	_ = cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != exitInconclusive || !strings.Contains(errb.String(), "interrupted") {
		t.Fatalf("exit %v, stderr %q; want exit 3 and interrupted", err, errb.String())
	}
}
