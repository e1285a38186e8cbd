package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/reports"
	"hexproof/verify/solve"
)

// TestSolveCommand: JSON fields, a position after --moves, and the exit
// codes of bad input and of a time limit.
func TestSolveCommand(t *testing.T) {
	// 3x3 cylinder, Blue starts: Red wins (docs/results.md); Blue has no
	// winning move.
	code, out, errs := runCmd("solve", "--board", "3x3", "--starter", "blue", "--json", "-")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var j reports.SolveDoc
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if j.Verdict != "solved" || j.Winner != "red" || j.ToMove != "blue" || len(j.WinningMoves) != 0 {
		t.Fatalf("3x3 blue starts: %+v", j)
	}
	// Red to move after Blue's (2,2) on 3x3: Red wins; its winning moves are
	// listed in [column, ring] form and include a cell next to (2,2).
	code, out, _ = runCmd("solve", "--board", "3x3", "--starter", "blue", "--moves", "(2,2)", "--json", "-")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	if j.Winner != "red" || j.ToMove != "red" || len(j.WinningMoves) == 0 {
		t.Fatalf("after (2,2): %+v", j)
	}
	for _, bad := range [][]string{
		{"solve"},
		{"solve", "--board", "3x3", "--moves", "(1,1)"},                        // --moves needs one starter
		{"solve", "--board", "3x3", "--starter", "red", "--moves", "(9,9)"},    // no such cell
		{"solve", "--board", "1x1", "--starter", "red", "--moves", "(1,1)"},    // the game is over
		{"solve", "--board", "3x3", "--starter", "green"},                      // no such player
		{"solve", "--board", "3x3", "--starter", "red", "--time-limit", "-1s"}, // negative
		{"solve", "--board", "3x3", "--no-knowledge=maybe"},                    // not a boolean
	} {
		if code, _, errs := runCmd(bad...); code != exitUsage || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line", bad, code, errs)
		}
	}
	// A time limit too short for 5x5 without the knowledge (with it, 5x5 is
	// decided at the root): inconclusive, exit 3.
	if code, out, _ := runCmd("solve", "--board", "5x5", "--starter", "blue", "--time-limit", "1ms", "--no-knowledge"); code != exitInconclusive || !strings.Contains(out, "inconclusive") {
		t.Errorf("1 ms on 5x5: exit %d:\n%s", code, out)
	}
}

// TestSolveCertificateVerifies: the certificate written by solve (plain or
// --compact) is verified optimal by verify --strategy certificate:FILE, for
// both starters.
func TestSolveCertificateVerifies(t *testing.T) {
	for _, compact := range []bool{false, true} {
		testSolveCertificate(t, compact)
	}
}

func testSolveCertificate(t *testing.T, compact bool) {
	dir := t.TempDir()
	cert := filepath.Join(dir, "c.json")
	args := []string{"solve", "--board", "4x3", "--certificate", cert}
	if compact {
		args = append(args, "--compact")
	}
	code, out, errs := runCmd(args...)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q\n%s", code, errs, out)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "c-blue.json")); strings.Contains(string(data), "certificate/2") != compact {
		t.Fatalf("--compact %v wrote %.60s", compact, data)
	}
	for _, st := range []string{"red", "blue"} {
		file := filepath.Join(dir, "c-"+st+".json")
		code, out, errs := runCmd("verify", "--board", "4x3", "--strategy", "certificate:"+file, "--starter", st, "--in-memory")
		if code != 0 || !strings.Contains(out, "optimal") {
			t.Fatalf("%s starts: exit %d, stderr %q\n%s", st, code, errs, out)
		}
		// The wrong starter: positions the certificate does not hold.
		other := map[string]string{"red": "blue", "blue": "red"}[st]
		if code, _, _ := runCmd("verify", "--board", "4x3", "--strategy", "certificate:"+file, "--starter", other, "--in-memory"); code == 0 {
			t.Errorf("%s's certificate verified with %s starting", st, other)
		}
	}
}

// TestSolveShardBandGames: the far-reply shard of the 5×12 blunder
// (decisions/solve.md K24), which the solve without band games does not
// settle in hours, is a Red win at once with --band-games; the flag is a
// boolean. With --band-no-blue-hsearch its key band game runs out of its
// budget (K31), so the shard is still a Red win but takes more than one
// position: the flag reaches the games' solvers.
func TestSolveShardBandGames(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "plan")
	if code, out, errs := runCmd("plan", "--solve", "--board", "5x12", "--starter", "blue", "--moves", "(2,2) (1,2)", "--out", dir); code != 0 {
		t.Fatalf("plan: exit %d: %s%s", code, out, errs)
	}
	code, out, errs := runCmd("solve", "--shard", dir+"/28", "--band-games", "--no-progress", "--time-limit", "5m")
	if code != exitOptimal || !strings.Contains(out, "B:(2,2) R:(1,2) B:(1,7): red wins") || !strings.Contains(out, "\n  1 positions,") {
		t.Fatalf("solve --shard --band-games: exit %d: %s%s", code, out, errs)
	}
	code, out, errs = runCmd("solve", "--shard", dir+"/28", "--band-games", "--band-no-blue-hsearch", "--no-progress", "--time-limit", "5m")
	if code != exitOptimal || !strings.Contains(out, "B:(2,2) R:(1,2) B:(1,7): red wins") || strings.Contains(out, "\n  1 positions,") {
		t.Fatalf("solve --shard --band-games --band-no-blue-hsearch: exit %d: %s%s", code, out, errs)
	}
	if code, _, errs := runCmd("solve", "--board", "5x5", "--band-games=sometimes"); code != exitUsage || !strings.Contains(errs, "band-games") {
		t.Fatalf("--band-games=sometimes: exit %d: %s", code, errs)
	}
}

// TestSolveBandBudget: after B:(2,2) R:(1,2) B:(1,8) R:(3,7) B:(1,1)
// R:(4,7) Red's pair in ring 7 is joined to both rings by band games with
// disjoint carriers, but the one above takes 11,275 expansions (results.md,
// thirty-ninth session): with --band-budget 20000 the root's analysis
// decides the position (1 position), with the default it does not (so the
// search expands more than the root). Bad budgets are refused.
func TestSolveBandBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("two 5×12 solves of seconds each")
	}
	moves := "b2 a2 a8 c7 a1 d7"
	code, out, errs := runCmd("solve", "--board", "5x12", "--starter", "blue", "--moves", moves, "--band-games", "--band-budget", "20000", "--no-progress")
	if code != exitOptimal || !strings.Contains(out, "red wins") || !strings.Contains(out, "\n  1 positions,") {
		t.Fatalf("--band-budget 20000: exit %d: %s%s", code, out, errs)
	}
	code, out, errs = runCmd("solve", "--board", "5x12", "--starter", "blue", "--moves", moves, "--band-games", "--no-progress", "--time-limit", "3s")
	if strings.Contains(out, "\n  1 positions,") {
		t.Fatalf("the default budget decides the root too, so the test shows nothing: exit %d: %s%s", code, out, errs)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--board", "5x5", "--band-budget", "10"}, "--band-budget needs --band-games"},
		{[]string{"solve", "--board", "5x5", "--band-games", "--band-budget", "0"}, "--band-budget 0: give a number of expansions from 1 to"},
		{[]string{"solve", "--board", "5x5", "--band-games", "--band-budget", "-3"}, "--band-budget -3"},
		{[]string{"solve", "--board", "5x5", "--band-games", "--band-budget", "lots"}, "--band-budget"},
		{[]string{"solve", "--shard", "P/0", "--band-budget", "10"}, "--band-budget needs --band-games"},
		{[]string{"solve", "--board", "5x5", "--band-no-blue-hsearch"}, "--band-no-blue-hsearch needs --band-games"},
		{[]string{"solve", "--shard", "P/0", "--band-no-blue-hsearch"}, "--band-no-blue-hsearch needs --band-games"},
	} {
		if code, _, errs := runCmd(c.args...); code != exitUsage || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: exit %d, %q; want exit 2 and one line with %q", c.args, code, errs, c.want)
		}
	}
}

// TestSolveSetUp: solve --red/--blue/--to-move. The position after moves
// "a1 c1 b2" (Red starts) set up stone by stone gives the same report as
// --moves; positions that no game reaches (more stones of one colour, the
// other to move) give the winner and winning moves of the solver without
// knowledge, so the position and who moves reach the search as written; bad
// input is one line and exit 2.
func TestSolveSetUp(t *testing.T) {
	solveJSON := func(args ...string) reports.SolveDoc {
		t.Helper()
		code, out, errs := runCmd(append([]string{"solve", "--json", "-", "--no-progress"}, args...)...)
		var j reports.SolveDoc
		if code != exitOptimal || json.Unmarshal([]byte(out), &j) != nil {
			t.Fatalf("%v: exit %d: %s%s", args, code, out, errs)
		}
		return j
	}
	played := solveJSON("--board", "4x3", "--starter", "red", "--moves", "a1 c1 b2")
	set := solveJSON("--board", "4x3", "--red", "a1 b2", "--blue", "c1", "--to-move", "blue")
	if set.Starter != "" || set.Red != "a1 b2" || set.Blue != "c1" || set.ToMove != "blue" ||
		set.Winner != played.Winner || !slices.Equal(set.WinningMoves, played.WinningMoves) || set.Positions != played.Positions {
		t.Fatalf("set up: %+v\nplayed: %+v", set, played)
	}
	b := board.MustNew(4, 3, board.Cylinder)
	ref, err := solve.NewSolver(context.Background(), b, solve.Options{TableBytes: 1 << 20, NoKnowledge: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	for _, c := range []struct{ red, blue, toMove string }{
		{"a1 b1 c1", "a2", "red"},
		{"a2", "a1 b1 c1 d3", "red"},
		{"b2", "a1 c3", "blue"},
		{"", "a2 c2", "red"},
		{"a1 a3 c2", "", "red"},
	} {
		args := []string{"--board", "4x3", "--to-move", c.toMove}
		for _, l := range [][2]string{{"--red", c.red}, {"--blue", c.blue}} {
			if l[1] != "" { // an empty list is the flag left out
				args = append(args, l[0], l[1])
			}
		}
		j := solveJSON(args...)
		toks := func(s string) []board.Token {
			x, err := b.ParseMoves(s)
			if err != nil {
				t.Fatal(err)
			}
			return x
		}
		p, err := b.SetUp(toks(c.red), toks(c.blue))
		if err != nil {
			t.Fatal(err)
		}
		mover, _ := board.ParseColor(c.toMove)
		res, err := ref.Solve(p, mover)
		if err != nil {
			t.Fatal(err)
		}
		var want [][2]int
		for _, m := range res.WinningMoves {
			i, r := b.Coord(m)
			want = append(want, [2]int{i, r})
		}
		if j.Winner != res.Winner.String() || !slices.Equal(j.WinningMoves, want) && len(want)+len(j.WinningMoves) > 0 {
			t.Errorf("red %q blue %q, %s to move: %s wins by %v; the solver without knowledge: %s by %v", c.red, c.blue, c.toMove, j.Winner, j.WinningMoves, res.Winner, want)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--red", "a1"}, "needs --to-move"},
		{[]string{"--red", "a1", "--to-move", "green"}, `--to-move "green": give red or blue`},
		{[]string{"--red", "a1", "--blue", "a1", "--to-move", "red"}, "named twice"},
		{[]string{"--red", "a1", "--to-move", "red", "--moves", "b2"}, "leave them out"},
		{[]string{"--red", "a1", "--to-move", "red", "--starter", "red"}, "leave out --starter"},
		{[]string{"--red", "a1 a2 a3", "--to-move", "blue"}, "over: red has won"},
		{[]string{"--red", "zz", "--to-move", "red"}, "--red:"},
		{[]string{"--to-move", "red", "--certificate", "c.json"}, "leave them out"},
	} {
		args := append([]string{"solve", "--board", "3x3", "--no-progress"}, c.args...)
		if code, _, errs := runCmd(args...); code != exitUsage || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: exit %d, %q; want exit 2 and one line with %q", c.args, code, errs, c.want)
		}
	}
}
