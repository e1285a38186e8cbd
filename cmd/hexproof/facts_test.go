package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexproof/reports"
)

// TestSolveDBResume: a solve stopped by its time limit with --db, then run
// again with --resume, gives the winner and winning moves of a solve without
// a database and takes answers from it; a third run with the full database
// answers at once. 5x8 with Red starting: about 500 positions with the
// knowledge, so that 50 ms usually stops it (when it does not, the resumed
// runs still take every answer from the database).
func TestSolveDBResume(t *testing.T) {
	solveJSON := func(args ...string) (int, reports.SolveDoc) {
		t.Helper()
		code, out, errs := runCmd(append([]string{"solve", "--board", "5x8", "--starter", "red", "--json", "-"}, args...)...)
		var j reports.SolveDoc
		if err := json.Unmarshal([]byte(out), &j); err != nil {
			t.Fatalf("%v: exit %d, %v, stderr %q:\n%s", args, code, err, errs, out)
		}
		return code, j
	}
	_, want := solveJSON()
	db := filepath.Join(t.TempDir(), "db")
	code, first := solveJSON("--db", db, "--time-limit", "50ms")
	if code != exitInconclusive && code != 0 || first.DB != db || first.AddedToDB == 0 {
		t.Fatalf("the first run: exit %d, %+v", code, first)
	}
	for round := 0; round < 2; round++ {
		code, got := solveJSON("--db", db, "--resume")
		if code != 0 || got.Winner != want.Winner || !slices.Equal(got.WinningMoves, want.WinningMoves) {
			t.Fatalf("round %d: exit %d, %s wins %v; without a database %s wins %v", round, code, got.Winner, got.WinningMoves, want.Winner, want.WinningMoves)
		}
		if got.FromDB == 0 || got.Positions >= want.Positions {
			t.Fatalf("round %d: %d answers from the database, %d positions (without: %d)", round, got.FromDB, got.Positions, want.Positions)
		}
		if round == 1 && (got.Positions != 0 || got.AddedToDB != 0) {
			t.Fatalf("with the full database: %d positions, %d added", got.Positions, got.AddedToDB)
		}
	}
	// Without --resume the database starts empty.
	if code, fresh := solveJSON("--db", db); code != 0 || fresh.FromDB != 0 || fresh.Positions != want.Positions {
		t.Fatalf("without --resume: exit %d, %+v (want %d positions, none from the database)", code, fresh, want.Positions)
	}
}

// TestSolveDBRefusals: bad --db and --resume get one line and exit 2, and
// leave what is there alone.
func TestSolveDBRefusals(t *testing.T) {
	tmp := t.TempDir()
	db := filepath.Join(tmp, "db")
	if code, _, errs := runCmd("solve", "--board", "3x3", "--starter", "red", "--db", db); code != 0 {
		t.Fatalf("making a database: exit %d, %s", code, errs)
	}
	other := filepath.Join(tmp, "notes")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	keep := filepath.Join(other, "keep.txt")
	if err := os.WriteFile(keep, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(tmp, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"--board", "3x3", "--resume"}, "--resume needs --db"},
		{[]string{"--board", "3x3", "--db", filepath.Join(tmp, "none"), "--resume"}, "nothing to resume"},
		{[]string{"--board", "3x4", "--db", db, "--resume"}, "holds the solved positions of the 3x3 cylinder, not the solved positions of the 3x4 cylinder"},
		{[]string{"--board", "3x3", "--geometry", "flat", "--db", db, "--resume"}, "3x3 flat"},
		{[]string{"--board", "3x3", "--db", db, "--certificate", filepath.Join(tmp, "c.json")}, "cannot start from --db"},
		{[]string{"--board", "3x3", "--db", other}, "not a hexproof database"},
		{[]string{"--board", "3x3", "--db", file}, "--db"},
	} {
		code, _, errs := runCmd(append([]string{"solve", "--starter", "red"}, c.args...)...)
		if code != exitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.says) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line with %q", c.args, code, errs, c.says)
		}
	}
	if b, err := os.ReadFile(keep); err != nil || string(b) != "mine" {
		t.Fatalf("the directory that is not a database was touched: %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(tmp, "none")); err == nil {
		t.Fatalf("--resume with nothing to resume created %s", filepath.Join(tmp, "none"))
	}
}

// TestSolveShardDB: every shard of a split solve run with one database
// (the first starting it, the others resuming it) merges to the unsplit
// solve's answer, and running the shards again from the database takes
// every answer from it.
func TestSolveShardDB(t *testing.T) {
	args := []string{"--board", "4x5", "--starter", "blue", "--moves", "(1,1)"}
	_, whole, _ := runCmd(append([]string{"solve", "--json", "-", "--no-progress"}, args...)...)
	var w map[string]any
	if err := json.Unmarshal([]byte(whole), &w); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "plan")
	if code, out, errs := runCmd(append([]string{"plan", "--solve", "--out", dir}, args...)...); code != 0 {
		t.Fatalf("plan: exit %d: %s%s", code, out, errs)
	}
	db := filepath.Join(t.TempDir(), "db")
	n := countShards(t, dir)
	for pass := 0; pass < 2; pass++ {
		for i := range n {
			a := []string{"solve", "--shard", fmt.Sprintf("%s/%d", dir, i), "--no-progress", "--db", db, "--json", "-"}
			if pass > 0 || i > 0 {
				a = append(a, "--resume")
			}
			code, out, errs := runCmd(a...)
			var r struct {
				Verdict   string `json:"verdict"`
				Positions int64  `json:"positions"`
				DBAnswers int64  `json:"db_answers"`
			}
			if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || r.Verdict != "solved" {
				t.Fatalf("pass %d, shard %d: exit %d, %v: %s%s", pass, i, code, err, out, errs)
			}
			if pass == 1 && (r.Positions != 0 || r.DBAnswers == 0) {
				t.Fatalf("shard %d again from the database: %d positions, %d answers from it", i, r.Positions, r.DBAnswers)
			}
		}
		_, out, _ := runCmd("merge", dir, "--json", "-")
		var m map[string]any
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatal(err)
		}
		if m["winner"] != w["winner"] || fmt.Sprint(m["winning_moves"]) != fmt.Sprint(w["winning_moves"]) {
			t.Fatalf("pass %d: merge %v %v, solve %v %v", pass, m["winner"], m["winning_moves"], w["winner"], w["winning_moves"])
		}
	}
}
