package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"hexproof/verify/shard"
)

// solveSplit runs 'plan --solve', every 'solve --shard' (and with cert
// 'verify --piece'), then 'merge --json -'; it returns the directory, the
// merge's JSON and exit code.
func solveSplit(t *testing.T, cert bool, args ...string) (string, map[string]any, int) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "plan")
	planArgs := append([]string{"plan", "--solve", "--out", dir}, args...)
	if cert {
		planArgs = append(planArgs, "--certificate")
	}
	code, out, errOut := runCmd(planArgs...)
	if code != 0 {
		t.Fatalf("plan %v: exit %d: %s%s", args, code, out, errOut)
	}
	n := countShards(t, dir)
	for i := range n {
		shardArgs := []string{"solve", "--shard", fmt.Sprintf("%s/%d", dir, i), "--no-progress"}
		if cert {
			shardArgs = append(shardArgs, "--certificate")
		}
		if code, out, errOut := runCmd(shardArgs...); code != 0 || !strings.Contains(out, fmt.Sprintf("Shard %d of %d", i, n)) {
			t.Fatalf("solve --shard %d: exit %d: %s%s", i, code, out, errOut)
		}
		if cert {
			if code, out, errOut := runCmd("verify", "--piece", fmt.Sprintf("%s/%d", dir, i), "--jobs", "2", "--no-progress"); code != 0 {
				t.Fatalf("verify --piece %d: exit %d: %s%s", i, code, out, errOut)
			}
		}
	}
	code, out, errOut = runCmd("merge", dir, "--json", "-")
	if errOut != "" {
		t.Fatalf("merge: %s", errOut)
	}
	var d map[string]any
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("merge --json: %v\n%s", err, out)
	}
	return dir, d, code
}

// TestPlanSolveMerge: plan --solve, solve --shard and merge give the unsplit
// solve's winner and winning moves with its exit code, on 4×4, 4×5 and 5×5,
// both starters; the job files run solve --shard (and verify --piece with
// --certificate).
func TestPlanSolveMerge(t *testing.T) {
	for _, size := range []string{"4x4", "4x5", "5x5"} {
		for _, starter := range []string{"red", "blue"} {
			for _, plies := range []string{"1", "2"} {
				_, whole, _ := runCmd("solve", "--board", size, "--starter", starter, "--json", "-", "--no-progress")
				var w map[string]any
				if err := json.Unmarshal([]byte(whole), &w); err != nil {
					t.Fatal(err)
				}
				dir, m, code := solveSplit(t, false, "--board", size, "--starter", starter, "--plies", plies)
				if code != 0 || m["winner"] != w["winner"] || fmt.Sprint(m["winning_moves"]) != fmt.Sprint(w["winning_moves"]) {
					t.Fatalf("%s %s plies %s: merge exit %d, %v %v; solve %v %v", size, starter, plies, code, m["winner"], m["winning_moves"], w["winner"], w["winning_moves"])
				}
				if m["certificate"] != nil {
					t.Fatalf("a certificate state without certificates: %v", m["certificate"])
				}
				if size == "4x4" && plies == "1" {
					job, _ := os.ReadFile(filepath.Join(dir, "slurm.sbatch"))
					if !strings.Contains(string(job), `"$hexproof" solve --shard "$dir/$SLURM_ARRAY_TASK_ID" --no-progress`) {
						t.Fatalf("slurm.sbatch does not run solve --shard:\n%s", job)
					}
				}
			}
		}
	}
	// With certificates: the pieces verify and the merge accepts them.
	dir, m, code := solveSplit(t, true, "--board", "5x5", "--starter", "red", "--plies", "2")
	c, _ := m["certificate"].(map[string]any)
	if code != 0 || c == nil || c["accepted"] != true || c["side"] != "red" {
		t.Fatalf("5x5 red, pieces: exit %d, %v", code, m["certificate"])
	}
	job, _ := os.ReadFile(filepath.Join(dir, "parallel.sh"))
	if !strings.Contains(string(job), `--certificate && \"$hexproof\" verify --piece \"$dir\"/{}`) {
		t.Fatalf("parallel.sh does not check the pieces:\n%s", job)
	}
	// The merge's text says so.
	_, out, _ := runCmd("merge", dir)
	if !strings.Contains(out, "certificate: accepted") {
		t.Fatalf("merge text: %s", out)
	}
}

// TestPlanSolveAfterMoves: plan --solve --moves splits the solve of the
// position after the moves; merge gives what solve --moves gives (winner,
// mover, exact winning moves) and says which position it solved. A prefix
// that is not a game, or one with --certificate, is refused with exit 2.
func TestPlanSolveAfterMoves(t *testing.T) {
	for _, c := range []struct{ size, starter, moves string }{
		{"4x4", "red", "(2,2) (1,3)"}, {"4x5", "blue", "(1,1)"}, {"5x5", "red", "c3 (2,2) (4,4)"},
	} {
		_, whole, _ := runCmd("solve", "--board", c.size, "--starter", c.starter, "--moves", c.moves, "--json", "-", "--no-progress")
		var w map[string]any
		if err := json.Unmarshal([]byte(whole), &w); err != nil {
			t.Fatal(err)
		}
		dir, m, code := solveSplit(t, false, "--board", c.size, "--starter", c.starter, "--moves", c.moves)
		if code != 0 || m["winner"] != w["winner"] || m["to_move"] != w["to_move"] || fmt.Sprint(m["winning_moves"]) != fmt.Sprint(w["winning_moves"]) {
			t.Fatalf("%s %s after %s: merge exit %d, %v %v %v; solve %v %v %v", c.size, c.starter, c.moves, code,
				m["to_move"], m["winner"], m["winning_moves"], w["to_move"], w["winner"], w["winning_moves"])
		}
		if m["moves"] == "" || m["moves"] == nil {
			t.Fatalf("merge JSON does not name the prefix: %v", m)
		}
		if _, out, _ := runCmd("merge", dir); !strings.Contains(out, "after "+m["moves"].(string)) {
			t.Fatalf("merge text does not name the prefix: %s", out)
		}
	}
	for _, bad := range [][]string{
		{"--moves", "(2,2) (2,2)"},
		{"--moves", "(9,9)"},
		{"--moves", "(2,2)", "--certificate"},
	} {
		args := append([]string{"plan", "--solve", "--board", "4x4", "--starter", "red", "--out", filepath.Join(t.TempDir(), "p")}, bad...)
		if code, _, errOut := runCmd(args...); code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Fatalf("%v: exit %d, %q", bad, code, errOut)
		}
	}
}

// TestPlanSolveSetUp: plan --solve --red --blue --to-move splits the solve
// of a position set up; merge gives what solve of the same set-up gives
// (winner, mover, exact winning moves) and names the stones, in its text
// and JSON. Bad set-ups, and a set-up with --starter, --moves or
// --certificate, get one line and exit 2.
func TestPlanSolveSetUp(t *testing.T) {
	for _, c := range []struct{ size, red, blue, toMove string }{
		{"4x4", "(1,1) (2,3)", "(2,2)", "red"},        // Red has a stone more and moves
		{"4x5", "(2,2)", "(1,1) (3,4) (4,2)", "blue"}, // Blue has two more and moves
		{"5x5", "c3", "(1,2) (4,4)", "red"},
	} {
		_, whole, _ := runCmd("solve", "--board", c.size, "--red", c.red, "--blue", c.blue, "--to-move", c.toMove, "--json", "-", "--no-progress")
		var w map[string]any
		if err := json.Unmarshal([]byte(whole), &w); err != nil {
			t.Fatal(err)
		}
		dir, m, code := solveSplit(t, false, "--board", c.size, "--red", c.red, "--blue", c.blue, "--to-move", c.toMove)
		if code != 0 || m["winner"] != w["winner"] || m["to_move"] != c.toMove || fmt.Sprint(m["winning_moves"]) != fmt.Sprint(w["winning_moves"]) {
			t.Fatalf("%s set up %s / %s: merge exit %d, %v %v %v; solve %v %v %v", c.size, c.red, c.blue, code,
				m["to_move"], m["winner"], m["winning_moves"], w["to_move"], w["winner"], w["winning_moves"])
		}
		if m["starter"] != nil || m["red"] == nil || m["blue"] == nil {
			t.Fatalf("merge JSON of a set-up: starter %v, red %v, blue %v", m["starter"], m["red"], m["blue"])
		}
		if _, out, _ := runCmd("merge", dir); !strings.Contains(out, fmt.Sprintf("set up with red %s, blue %s (%s to move)", m["red"], m["blue"], c.toMove)) {
			t.Fatalf("merge text does not name the set-up: %s", out)
		}
	}
	for _, bad := range [][]string{
		{"--red", "(1,1)"},                                        // no --to-move
		{"--red", "(1,1)", "--to-move", "green"},                  // no such player
		{"--red", "(1,1)", "--blue", "(1,1)", "--to-move", "red"}, // a cell twice
		{"--red", "(9,9)", "--to-move", "red"},                    // off the board
		{"--red", "(1,1) (1,2) (1,3) (1,4)", "--to-move", "blue"}, // Red has won
		{"--red", "(1,1)", "--to-move", "red", "--starter", "red"},
		{"--red", "(1,1)", "--to-move", "red", "--moves", "(2,2)"},
		{"--red", "(1,1)", "--to-move", "red", "--certificate"},
		{}, // neither --starter nor a set-up
	} {
		args := append([]string{"plan", "--solve", "--board", "4x4", "--out", filepath.Join(t.TempDir(), "p")}, bad...)
		if code, _, errOut := runCmd(args...); code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Fatalf("%v: exit %d, %q", bad, code, errOut)
		}
	}
}

// TestMergeSolveRefuses: a corrupt or foreign shard result is refused with
// one line and exit 2; a missing or inconclusive shard whose answer is
// needed gives exit 3 and is named, with how to run it.
func TestMergeSolveRefuses(t *testing.T) {
	dir, _, _ := solveSplit(t, false, "--board", "4x4", "--starter", "red")
	other, _, _ := solveSplit(t, false, "--board", "4x4", "--starter", "blue")
	res := filepath.Join(dir, "result-0.json")
	good, _ := os.ReadFile(res)
	foreign, _ := os.ReadFile(filepath.Join(other, "result-0.json"))
	for _, c := range []struct {
		name string
		body []byte
		want string
	}{
		{"corrupt", []byte("{\"plan\": "), "result-0.json"},
		{"mismatched", foreign, "another plan"},
	} {
		if c.body == nil {
			os.Remove(res)
		} else if err := os.WriteFile(res, c.body, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCmd("merge", dir)
		if code != exitUsage || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) || !strings.HasPrefix(errOut, "hexproof merge: ") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", c.name, code, out, errOut)
		}
	}
	os.Remove(res)
	if code, out, errOut := runCmd("merge", dir); code != exitInconclusive || errOut != "" ||
		!strings.Contains(out, "missing: shard 0 (run 'hexproof solve --shard "+dir+"/I')") {
		t.Errorf("missing shard: exit %d, %s%s", code, out, errOut)
	}
	// Red's win is proved by the other class of first moves: the JSON has
	// the winner and those moves, and no (exact) winning_moves yet.
	_, out, _ := runCmd("merge", dir, "--json", "-")
	var doc struct {
		Verdict, Winner string
		WinningMoves    [][2]int `json:"winning_moves"`
		Known           [][2]int `json:"known_winning_moves"`
		Missing         []int
		SolvedShards    int `json:"solved_shards"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.Verdict != "inconclusive" || doc.Winner != "red" ||
		len(doc.WinningMoves) != 0 || len(doc.Known) == 0 || len(doc.Known) >= 16 || !slices.Equal(doc.Missing, []int{0}) || doc.SolvedShards == 0 {
		t.Errorf("missing shard, JSON: %+v, %v\n%s", doc, err, out)
	}
	var rf map[string]any
	_ = json.Unmarshal(good, &rf)
	rf["verdict"], rf["winner"] = "inconclusive", nil
	raw, _ := json.Marshal(rf)
	_ = os.WriteFile(res, raw, 0o644)
	if code, out, _ := runCmd("merge", dir); code != exitInconclusive || !strings.Contains(out, "\n  inconclusive: shard 0 (") {
		t.Errorf("inconclusive shard: exit %d, %s", code, out)
	}
	// Flags that the shard file decides are refused with --shard.
	if code, _, errOut := runCmd("solve", "--shard", dir+"/0", "--board", "5x5"); code != exitUsage || !strings.Contains(errOut, "comes from the shard file") {
		t.Errorf("solve --shard --board: exit %d, %s", code, errOut)
	}
	// A piece without a certificate is bad input for verify --piece.
	if code, _, errOut := runCmd("verify", "--piece", dir+"/1", "--no-progress"); code != exitUsage || strings.Count(errOut, "\n") != 1 {
		t.Errorf("verify --piece without a certificate: exit %d, %s", code, errOut)
	}
}

// TestMergeResultFor: merge DIR --result-for PARENT/I writes the result that
// a solved split after the shard mover's winning move gives (exit 0), and
// PARENT's merge lists the shard as derived; a split not solved yet or
// after a move that does not win writes nothing (exit 3); a split of
// another position, a shard already solved, a verify plan or a bad
// PARENT/I is refused in one line (exit 2).
func TestMergeResultFor(t *testing.T) {
	tmp := t.TempDir()
	dir := func(name string) string { return filepath.Join(tmp, name) }
	mustRun := func(want int, args ...string) string {
		t.Helper()
		code, out, errs := runCmd(args...)
		if code != want {
			t.Fatalf("%v: exit %d, want %d\n%s%s", args, code, want, out, errs)
		}
		if want == exitUsage && (strings.Count(errs, "\n") != 1 || out != "") {
			t.Fatalf("%v: want one line on stderr, got %q and stdout %q", args, errs, out)
		}
		return out + errs
	}
	// 4x4 with Blue starting, split by Blue's opening: shard 0 is B:(1,1)
	// (Red to move, a Red win). R:(2,2) wins there; R:(4,4)? Its split says.
	mustRun(0, "plan", "--solve", "--board", "4x4", "--starter", "blue", "--out", dir("par"))
	mustRun(0, "plan", "--solve", "--board", "4x4", "--starter", "blue", "--moves", "a1 b2", "--out", dir("sub"))
	out := mustRun(exitInconclusive, "merge", dir("sub"), "--result-for", dir("par")+"/0")
	if !strings.Contains(out, "no result for "+dir("par")+"/0: "+dir("sub")+" is not solved yet (0 of its ") {
		t.Fatalf("before the split ran:\n%s", out)
	}
	n := countShards(t, dir("sub"))
	for i := range n {
		mustRun(0, "solve", "--shard", dir("sub")+"/"+strconv.Itoa(i))
	}
	mustRun(exitUsage, "merge", dir("sub"), "--result-for", dir("par")+"/1") // shard 1 is another opening
	mustRun(exitUsage, "merge", dir("sub"), "--result-for", dir("par")+"/x")
	mustRun(exitUsage, "merge", dir("sub"), "--result-for", dir("par")+"/7")
	if _, err := os.Stat(filepath.Join(dir("par"), "result-0.json")); err == nil {
		t.Fatal("a result was written before the derivation")
	}
	out = mustRun(0, "merge", "--result-for", dir("par")+"/0", dir("sub"))
	if !strings.Contains(out, "so shard 0 of "+dir("par")+" is a red win: "+filepath.Join(dir("par"), "result-0.json")+" written") {
		t.Fatalf("derivation:\n%s", out)
	}
	var rf shard.SolveResultFile
	raw, err := os.ReadFile(filepath.Join(dir("par"), "result-0.json"))
	if err != nil || json.Unmarshal(raw, &rf) != nil || rf.Winner != "red" || rf.DerivedFrom == nil || rf.DerivedFrom.Move.Cell != [2]int{2, 2} || rf.DerivedFrom.Shards != n {
		t.Fatalf("result-0.json: %v\n%s", err, raw)
	}
	mustRun(exitUsage, "merge", dir("sub"), "--result-for", dir("par")+"/0") // solved already
	out = mustRun(exitInconclusive, "merge", dir("par"))
	if !strings.Contains(out, "1 solved (red wins 1)") || !strings.Contains(out, "derived from other split solves: shard 0 ") {
		t.Fatalf("the parent's merge:\n%s", out)
	}
	// --check-derived merges the split again; without it the shard is
	// unknown.
	out = mustRun(exitInconclusive, "merge", dir("par"), "--check-derived")
	if !strings.Contains(out, "1 solved (red wins 1)") || !strings.Contains(out, "derived from other split solves: shard 0, each given again by its split (--check-derived)") {
		t.Fatalf("the parent's checked merge:\n%s", out)
	}
	if err := os.Rename(dir("sub"), dir("sub-moved")); err != nil {
		t.Fatal(err)
	}
	out = mustRun(exitInconclusive, "merge", dir("par"), "--check-derived")
	if !strings.Contains(out, "0 solved") || !strings.Contains(out, "derived, not checked, so unknown: shard 0: its split, plan "+rf.DerivedFrom.Plan+", not found ("+dir("sub")+": no plan.json)") {
		t.Fatalf("the parent's checked merge without the split:\n%s", out)
	}
	var doc struct {
		Derived    []int          `json:"derived"`
		NotChecked map[int]string `json:"derived_not_checked"`
	}
	if out = mustRun(exitInconclusive, "merge", dir("par"), "--check-derived", "--json", "-"); json.Unmarshal([]byte(out), &doc) != nil ||
		!slices.Equal(doc.Derived, []int{0}) || !strings.Contains(doc.NotChecked[0], "not found") {
		t.Fatalf("the checked merge's JSON:\n%s", out)
	}
	if err := os.Rename(dir("sub-moved"), dir("sub")); err != nil {
		t.Fatal(err)
	}
	// A split after a move that loses: solved, but nothing follows. On
	// 3x3 with Blue starting, after B:(2,2) Red's (1,1)? Find one that the
	// solve calls a loss: Red's winning moves are listed, take another.
	mustRun(0, "plan", "--solve", "--board", "3x3", "--starter", "blue", "--no-symmetry", "--out", dir("par3"))
	code, whole, _ := runCmd("solve", "--board", "3x3", "--starter", "blue", "--moves", "b2")
	if code != 0 {
		t.Fatalf("solve 3x3 after b2: exit %d\n%s", code, whole)
	}
	losing := ""
	for _, c := range []string{"a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"} {
		i, j := int(c[0]-'a')+1, int(c[1]-'0')
		if !strings.Contains(whole, fmt.Sprintf("(%d,%d)", i, j)) {
			losing = c
			break
		}
	}
	if losing == "" || !strings.Contains(whole, "red wins") {
		t.Skipf("3x3 after b2: no losing Red move to try\n%s", whole)
	}
	mustRun(0, "plan", "--solve", "--board", "3x3", "--starter", "blue", "--moves", "b2 "+losing, "--out", dir("lose"))
	for i := range countShards(t, dir("lose")) {
		runCmd("solve", "--shard", dir("lose")+"/"+strconv.Itoa(i))
	}
	out = mustRun(exitInconclusive, "merge", dir("lose"), "--result-for", dir("par3")+"/4") // shard 4: B:(2,2)
	if !strings.Contains(out, "says blue wins: another move of red may still win, so nothing follows for shard 4") {
		t.Fatalf("after a losing move:\n%s", out)
	}
	// A verify plan has no --result-for.
	mustRun(0, "plan", "--board", "4x3", "--strategy", "mirror", "--starter", "blue", "--shards", "2", "--out", dir("vplan"))
	mustRun(exitUsage, "merge", dir("vplan"), "--result-for", dir("par")+"/1")
	mustRun(exitUsage, "merge", dir("vplan"), "--check-derived")
}
