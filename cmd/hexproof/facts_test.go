package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/reports"
	"hexproof/verify/solve"
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

// TestSolveDBBandGames: with --band-games, --db keeps the band games'
// answers too (decisions/solve.md K28), and a run with --resume takes every
// one of them back, with the same winner and winning moves; without
// --band-games none is read. 3x8 with Red starting asks about twenty games.
func TestSolveDBBandGames(t *testing.T) {
	solveJSON := func(args ...string) reports.SolveDoc {
		t.Helper()
		code, out, errs := runCmd(append([]string{"solve", "--board", "3x8", "--starter", "red", "--json", "-", "--no-progress"}, args...)...)
		var j reports.SolveDoc
		if code != exitOptimal || json.Unmarshal([]byte(out), &j) != nil {
			t.Fatalf("%v: exit %d: %s%s", args, code, out, errs)
		}
		return j
	}
	db := filepath.Join(t.TempDir(), "db")
	first := solveJSON("--band-games", "--db", db)
	if first.BandAddedToDB == 0 || first.BandFromDB != 0 {
		t.Fatalf("the first run: %d band answers added, %d taken", first.BandAddedToDB, first.BandFromDB)
	}
	again := solveJSON("--band-games", "--db", db, "--resume")
	if again.BandFromDB != first.BandAddedToDB || again.BandAddedToDB != 0 || again.Winner != first.Winner || !slices.Equal(again.WinningMoves, first.WinningMoves) {
		t.Fatalf("resumed: %d band answers taken (%d kept), %d added, %s wins %v; first %s wins %v",
			again.BandFromDB, first.BandAddedToDB, again.BandAddedToDB, again.Winner, again.WinningMoves, first.Winner, first.WinningMoves)
	}
	if without := solveJSON("--db", db, "--resume"); without.BandFromDB != 0 || without.Winner != first.Winner {
		t.Fatalf("without --band-games: %d band answers taken, %s wins", without.BandFromDB, without.Winner)
	}
}

// TestSolveDBTakeFrom: --take-from adds another solve's store to --db
// before the search (decisions/solve.md K29): exactly the positions and band
// answers new to it, and the answer is the same.
func TestSolveDBTakeFrom(t *testing.T) {
	solveJSON := func(args ...string) reports.SolveDoc {
		t.Helper()
		code, out, errs := runCmd(append([]string{"solve", "--board", "3x8", "--starter", "red", "--band-games", "--json", "-", "--no-progress"}, args...)...)
		var j reports.SolveDoc
		if code != exitOptimal || json.Unmarshal([]byte(out), &j) != nil {
			t.Fatalf("%v: exit %d: %s%s", args, code, out, errs)
		}
		return j
	}
	tmp := t.TempDir()
	a, b, c := filepath.Join(tmp, "a"), filepath.Join(tmp, "b"), filepath.Join(tmp, "c")
	first := solveJSON("--db", a)
	if first.AddedToDB == 0 || first.BandAddedToDB == 0 {
		t.Fatalf("the first run kept %d positions and %d band answers", first.AddedToDB, first.BandAddedToDB)
	}
	second := solveJSON("--db", b, "--take-from", a)
	if second.TakenFacts != first.AddedToDB || second.TakenBands != first.BandAddedToDB || second.BandFromDB != first.BandAddedToDB ||
		second.FromDB == 0 || !slices.Equal(second.TakenFrom, []string{a}) {
		t.Fatalf("from a's store: took %d positions and %d band answers from %v, loaded %d, answered %d; a kept %d and %d",
			second.TakenFacts, second.TakenBands, second.TakenFrom, second.BandFromDB, second.FromDB, first.AddedToDB, first.BandAddedToDB)
	}
	if second.Winner != first.Winner || !slices.Equal(second.WinningMoves, first.WinningMoves) {
		t.Fatalf("from a's store: %s wins %v; a's run: %s wins %v", second.Winner, second.WinningMoves, first.Winner, first.WinningMoves)
	}
	// b holds a's records and what b's own run added, which a lacked: from
	// both, c takes each record once.
	third := solveJSON("--db", c, "--take-from", a, "--take-from", b)
	if third.TakenFacts != first.AddedToDB+second.AddedToDB || third.TakenBands != first.BandAddedToDB+second.BandAddedToDB ||
		third.Winner != first.Winner || !slices.Equal(third.WinningMoves, first.WinningMoves) {
		t.Fatalf("from a and b: took %d positions, %d band answers, %s wins %v; want %d, %d, %s wins %v", third.TakenFacts, third.TakenBands,
			third.Winner, third.WinningMoves, first.AddedToDB+second.AddedToDB, first.BandAddedToDB+second.BandAddedToDB, first.Winner, first.WinningMoves)
	}
	code, out, errs := runCmd("solve", "--board", "3x8", "--starter", "red", "--no-progress", "--db", c, "--resume", "--take-from", a, "--take-from", b)
	if code != exitOptimal || !strings.Contains(out, "taken first from the other 2 databases (--take-from): 0 solved positions, 0 band games' answers") {
		t.Fatalf("resumed, taking again: exit %d: %s%s", code, out, errs)
	}
}

// TestSolveTakeOnly: solve --take-only writes into --db exactly what a
// solve's --take-from of the same stores adds, solves nothing, and a solve
// taking the union store alone takes the same records and gives the same
// answer as one taking the stores it was made of. Refusals leave --db alone.
func TestSolveTakeOnly(t *testing.T) {
	tmp := t.TempDir()
	dir := func(name string) string { return filepath.Join(tmp, name) }
	solveJSON := func(args ...string) reports.SolveDoc {
		t.Helper()
		code, out, errs := runCmd(append([]string{"solve", "--board", "3x8", "--band-games", "--json", "-", "--no-progress"}, args...)...)
		var j reports.SolveDoc
		if code != exitOptimal || json.Unmarshal([]byte(out), &j) != nil {
			t.Fatalf("%v: exit %d: %s%s", args, code, out, errs)
		}
		return j
	}
	red := solveJSON("--starter", "red", "--db", dir("a"))
	solveJSON("--starter", "blue", "--db", dir("b"), "--moves", "b4")
	both := solveJSON("--starter", "red", "--db", dir("c"), "--take-from", dir("a"), "--take-from", dir("b"))

	code, out, errs := runCmd("solve", "--board", "3x8", "--take-only", "--db", dir("u"), "--take-from", dir("a"), "--take-from", dir("b"), "--json", "-")
	var u reports.TakeDoc
	if code != exitOptimal || json.Unmarshal([]byte(out), &u) != nil {
		t.Fatalf("--take-only: exit %d: %s%s", code, out, errs)
	}
	// The JSON names are SolveDoc's.
	var asSolve reports.SolveDoc
	if err := json.Unmarshal([]byte(out), &asSolve); err != nil || asSolve.TakenFacts != u.TakenFacts || asSolve.DB != dir("u") {
		t.Fatalf("--take-only's JSON read as solve's: %+v, %v", asSolve, err)
	}
	if u.TakenFacts != both.TakenFacts || u.TakenBands != both.TakenBands || u.TakenFacts <= red.AddedToDB ||
		!slices.Equal(u.TakenFrom, []string{dir("a"), dir("b")}) {
		t.Fatalf("--take-only took %d positions and %d band answers from %v; a solve's --take-from of the same stores took %d and %d (a alone kept %d)",
			u.TakenFacts, u.TakenBands, u.TakenFrom, both.TakenFacts, both.TakenBands, red.AddedToDB)
	}
	fromU := solveJSON("--starter", "red", "--db", dir("d"), "--take-from", dir("u"))
	if fromU.TakenFacts != both.TakenFacts || fromU.TakenBands != both.TakenBands || fromU.FromDB != both.FromDB ||
		fromU.Winner != red.Winner || !slices.Equal(fromU.WinningMoves, red.WinningMoves) {
		t.Fatalf("from the union store: took %d and %d, answered %d, %s wins %v; from its stores: %d, %d, %d; alone: %s wins %v",
			fromU.TakenFacts, fromU.TakenBands, fromU.FromDB, fromU.Winner, fromU.WinningMoves, both.TakenFacts, both.TakenBands, both.FromDB, red.Winner, red.WinningMoves)
	}
	code, out, errs = runCmd("solve", "--board", "3x8", "--take-only", "--db", dir("u"), "--resume", "--take-from", dir("a"))
	if code != exitOptimal || !strings.HasPrefix(out, "3x8 cylinder: database "+dir("u")+", nothing solved (--take-only), ") ||
		!strings.HasSuffix(out, " s\n  taken from the database (--take-from): 0 solved positions, 0 band games' answers\n") || strings.Count(out, "\n") != 2 {
		t.Fatalf("--take-only again, resumed: exit %d: %q%s", code, out, errs)
	}
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"--db", dir("u")}, "give at least one --take-from DIR"},
		{[]string{"--take-from", dir("a")}, "give --db DIR too"},
		{[]string{"--db", dir("u"), "--take-from", dir("a"), "--starter", "red"}, "--starter is for a search, and --take-only runs none"},
		{[]string{"--db", dir("u"), "--take-from", dir("a"), "--moves", "a1"}, "--moves is for a search"},
		{[]string{"--db", dir("u"), "--take-from", dir("a"), "--band-games"}, "--band-games is for a search"},
		{[]string{"--db", dir("u"), "--take-from", dir("a"), "--time-limit", "1s"}, "--time-limit is for a search"},
		{[]string{"--db", dir("u"), "--take-from", dir("a"), "--cpuprofile", dir("cpu.out")}, "--cpuprofile is for a search"},
		{[]string{"--db", dir("u"), "--take-from", dir("nothing")}, "no database of solved positions there"},
	} {
		code, _, errs := runCmd(append([]string{"solve", "--board", "3x8", "--take-only"}, c.args...)...)
		if code != exitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.says) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line with %q", c.args, code, errs, c.says)
		}
	}
	if _, err := os.Stat(dir("cpu.out")); err == nil {
		t.Fatal("a refused --take-only wrote its --cpuprofile")
	}
	// u is as it was: a solve from it takes what it took before.
	if again := solveJSON("--starter", "red", "--db", dir("e"), "--take-from", dir("u")); again.TakenFacts != both.TakenFacts || again.TakenBands != both.TakenBands {
		t.Fatalf("after the refusals, u gives %d and %d; want %d and %d", again.TakenFacts, again.TakenBands, both.TakenFacts, both.TakenBands)
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
	// unclean is a store copied while its writer has it open, as a kill
	// leaves it: --take-from cannot read it before a resume recovers it.
	b3, err := board.New(3, 3, board.Cylinder)
	if err != nil {
		t.Fatal(err)
	}
	live, err := solve.OpenFacts(filepath.Join(tmp, "live"), b3, false)
	if err != nil {
		t.Fatal(err)
	}
	unclean := filepath.Join(tmp, "unclean")
	if err := os.CopyFS(unclean, os.DirFS(filepath.Join(tmp, "live"))); err != nil {
		t.Fatal(err)
	}
	if err := live.Store().Close(); err != nil {
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
		{[]string{"--board", "3x3", "--take-from", db}, "give --db DIR too"},
		{[]string{"--board", "3x3", "--db", db, "--resume", "--take-from", db}, "that is the database of --db itself"},
		{[]string{"--board", "3x3", "--db", filepath.Join(tmp, "none"), "--take-from", filepath.Join(tmp, "nothing")}, "no database of solved positions there"},
		{[]string{"--board", "3x4", "--db", filepath.Join(tmp, "none"), "--take-from", db}, "--take-from: database " + db + " holds the solved positions of the 3x3 cylinder"},
		{[]string{"--board", "3x3", "--db", filepath.Join(tmp, "none"), "--take-from", other}, "not a hexproof database"},
		{[]string{"--board", "3x3", "--db", filepath.Join(tmp, "none"), "--take-from", db, "--take-from", ""}, "--take-from is empty"},
		{[]string{"--board", "3x3", "--db", filepath.Join(tmp, "none"), "--take-from", unclean}, "was not closed by the run that wrote it (killed?), so it cannot be read before it is opened once to write, which recovers it: resume it once (a solve of its board with --db " + unclean + " --resume"},
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
	// The cure the error gives works.
	if code, _, errs := runCmd("solve", "--board", "3x3", "--starter", "red", "--db", unclean, "--resume", "--time-limit", "1s", "--no-progress"); code != 0 {
		t.Fatalf("resuming the unclean store: exit %d, %s", code, errs)
	}
	if code, _, errs := runCmd("solve", "--board", "3x3", "--starter", "red", "--db", filepath.Join(tmp, "none"), "--take-from", unclean, "--no-progress"); code != 0 {
		t.Fatalf("taking from the recovered store: exit %d, %s", code, errs)
	}
}

// TestSolveShardDB: every shard of a split solve run with one database, all
// with --resume as a scheduler runs them (the first finds nothing to resume
// and starts it, saying so; the others resume it), merges to the unsplit
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
			a := []string{"solve", "--shard", fmt.Sprintf("%s/%d", dir, i), "--no-progress", "--db", db, "--json", "-", "--resume"}
			code, out, errs := runCmd(a...)
			if fresh := strings.Contains(errs, "nothing to resume in "+db+"; starting afresh"); fresh != (pass == 0 && i == 0) {
				t.Fatalf("pass %d, shard %d: said it started afresh: %v (want only the first)\n%s", pass, i, fresh, errs)
			}
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
	// Only a missing or empty directory is started: one that holds
	// something else is refused, and left as it was.
	other := t.TempDir()
	note := filepath.Join(other, "notes.txt")
	if err := os.WriteFile(note, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCmd("solve", "--shard", dir+"/0", "--no-progress", "--db", other, "--resume")
	if b, err := os.ReadFile(note); code != exitUsage || err != nil || string(b) != "mine" || strings.Contains(errs, "starting afresh") {
		t.Fatalf("--db %s holding notes.txt: exit %d, notes %q (%v)\n%s", other, code, b, err, errs)
	}
}

// TestReplayBlunderDB: replay --db keeps what the blunder walk solves, and
// a walk resumed from it, or from a solve's database of the same board,
// finds the same blunder (move, winning moves, attribution) from stored
// answers; the refusals get one line and exit 2.
func TestReplayBlunderDB(t *testing.T) {
	game := []string{"replay", "--board", "5x6", "--strategy", "fitzgerald", "--starter", "blue", "--json", "-", "--moves",
		"B:(1,1) R:(2,2) B:(4,1) R:(1,4) B:(1,3) R:(3,3) B:(5,2) R:(5,6) B:(2,3) R:(2,4) B:(3,2) R:(5,1) B:(4,2) R:(1,2) B:(5,3)"}
	type doc struct {
		Blunder   json.RawMessage `json:"blunder"`
		DB        string          `json:"db"`
		DBAnswers int64           `json:"db_answers"`
		DBAdded   int64           `json:"db_added"`
	}
	replay := func(args ...string) doc {
		t.Helper()
		code, out, errs := runCmd(append(slices.Clone(game), args...)...)
		var d doc
		if err := json.Unmarshal([]byte(out), &d); code != 0 || err != nil {
			t.Fatalf("%v: exit %d, %v, stderr %q:\n%s", args, code, err, errs, out)
		}
		return d
	}
	want := replay()
	if !strings.Contains(string(want.Blunder), `"found": true`) || strings.Contains(string(want.Blunder), "unchecked_earlier_moves") {
		t.Fatalf("the walk without a database found no exact blunder: %s", want.Blunder)
	}
	tmp := t.TempDir()
	db := filepath.Join(tmp, "walk")
	first := replay("--db", db)
	if string(first.Blunder) != string(want.Blunder) || first.DB != db || first.DBAdded == 0 || first.DBAnswers != 0 {
		t.Fatalf("with a new database: %+v; without: %s", first, want.Blunder)
	}
	again := replay("--db", db, "--resume")
	if string(again.Blunder) != string(want.Blunder) || again.DBAnswers == 0 || again.DBAdded != 0 {
		t.Fatalf("resumed: %+v; want the same blunder, answers from the database and nothing added", again)
	}
	// A solve's database of the same board serves the walk too: the solve
	// of the position before the blunder (move 10) settles its children.
	sdb := filepath.Join(tmp, "solve")
	if code, _, errs := runCmd("solve", "--board", "5x6", "--starter", "blue", "--no-progress", "--db", sdb,
		"--moves", "(1,1) (2,2) (4,1) (1,4) (1,3) (3,3) (5,2) (5,6) (2,3)"); code != 0 {
		t.Fatalf("solve --db: exit %d, %s", code, errs)
	}
	if fromSolve := replay("--db", sdb, "--resume"); string(fromSolve.Blunder) != string(want.Blunder) || fromSolve.DBAnswers == 0 {
		t.Fatalf("from the solve's database: %d answers, blunder %s", fromSolve.DBAnswers, fromSolve.Blunder)
	}
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"--resume"}, "--resume needs --db"},
		{[]string{"--db", filepath.Join(tmp, "x"), "--blunder-time", "0"}, "--blunder-time 0 makes no walk"},
		{[]string{"--db", filepath.Join(tmp, "none"), "--resume"}, "nothing to resume"},
		{[]string{"--db", "-"}, "--db -"},
	} {
		code, _, errs := runCmd(append(slices.Clone(game), c.args...)...)
		if code != exitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.says) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line with %q", c.args, code, errs, c.says)
		}
	}
	code, _, errs := runCmd("replay", "--board", "5x7", "--strategy", "fitzgerald", "--starter", "blue", "--db", db, "--resume", "--moves",
		"B:(1,1) R:(2,2) B:(4,1) R:(1,4) B:(1,3) R:(3,3) B:(5,2) R:(5,6) B:(2,3) R:(2,4) B:(3,2) R:(5,1) B:(4,2) R:(1,2) B:(5,3)")
	if code != exitUsage || !strings.Contains(errs, "5x6 cylinder, not the solved positions of the 5x7 cylinder") {
		t.Errorf("a walk of 5x7 from a 5x6 database: exit %d, %q", code, errs)
	}
}

// TestTakeFromInterrupted: a Ctrl-C (a cancelled context) during
// --take-from stops the take in the store it is reading, and the store of
// --db is opened all the same, for the search to stop at once and report
// (K29, "Interrupting a take"); the report's line says so.
func TestTakeFromInterrupted(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "src")
	if code, _, errs := runCmd("solve", "--board", "3x3", "--starter", "red", "--db", src, "--no-progress"); code != 0 {
		t.Fatalf("making a database: exit %d, %s", code, errs)
	}
	b3, err := board.New(3, 3, board.Cylinder)
	if err != nil {
		t.Fatal(err)
	}
	dir, resume, take := filepath.Join(tmp, "db"), false, []string{src, src}
	f := factsFlags{dir: &dir, resume: &resume, take: &take, taken: &taken{}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	facts, closeFacts, err := f.open(ctx, b3)
	if err != nil || facts == nil {
		t.Fatalf("open with a cancelled take: %v, %v", facts, err)
	}
	if err := closeFacts(); err != nil {
		t.Fatal(err)
	}
	if *f.taken != (taken{stores: 1, interrupted: true}) {
		t.Fatalf("taken %+v; want the first store only, interrupted before its first record", *f.taken)
	}
	if s := takenText(int(f.taken.stores), f.taken.facts, f.taken.bands, true); !strings.Contains(s, "interrupted") {
		t.Fatalf("the report's line does not say the take was interrupted: %q", s)
	}
}
