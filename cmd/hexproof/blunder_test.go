package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBlunderAnnotations: verify's and replay's lost games carry the blunder
// that perfect play finds (thesis Fig. 4.7 on the 4×3 torus: Red's (2,2) at
// move 5, where (1,2) (3,2) (2,3) (4,3) kept the win), in text and JSON, and
// --blunder-time 0 leaves it out.
func TestBlunderAnnotations(t *testing.T) {
	base := []string{"verify", "--board", "4x3", "--geometry", "torus", "--strategy", "mirror", "--starter", "red", "--in-memory", "--no-progress"}
	code, out, errOut := runCmd(base...)
	want := "Blunder: move 5, Red (2,2) (rule 2), turned a won position into a lost one"
	if code != exitRefuted || !strings.Contains(out, want) {
		t.Fatalf("verify: exit %d, no %q:\n%s\n%s", code, want, out, errOut)
	}
	_, out, _ = runCmd(append(base, "--json", "-")...)
	var doc struct {
		Blunder *struct {
			Found        bool     `json:"found"`
			MoveNumber   int      `json:"move_number"`
			Cell         [2]int   `json:"cell"`
			WinningMoves [][2]int `json:"winning_moves"`
		} `json:"blunder"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.Blunder == nil || !doc.Blunder.Found ||
		doc.Blunder.MoveNumber != 5 || doc.Blunder.Cell != [2]int{2, 2} || len(doc.Blunder.WinningMoves) != 4 {
		t.Fatalf("verify JSON blunder: %+v (%v)\n%s", doc.Blunder, err, out)
	}
	if _, out, _ := runCmd(append(base, "--blunder-time", "0")...); strings.Contains(out, "Blunder") {
		t.Errorf("--blunder-time 0 still annotates:\n%s", out)
	}
	code, out, errOut = runCmd("replay", "--board", "4x3", "--geometry", "torus", "--strategy", "mirror", "--choices", "every",
		"--moves", "R:(1,1) B:(2,1) R:(4,1) B:(3,1) R:(2,2) B:(1,2) R:(3,2) B:(4,3)")
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("replay: exit %d, no %q:\n%s\n%s", code, want, out, errOut)
	}
}

// TestBlunderTimeNegative: a negative --blunder-time is one line and exit 2
// in every command that takes it.
func TestBlunderTimeNegative(t *testing.T) {
	for _, args := range [][]string{
		{"verify", "--board", "4x3", "--strategy", "mirror", "--in-memory", "--no-progress"},
		{"hunt", "--board", "4x3", "--strategy", "mirror", "--no-progress"},
		{"replay", "--board", "4x3", "--strategy", "mirror", "--starter", "blue", "--moves", "(1,1)"},
	} {
		code, _, errOut := runCmd(append(args, "--blunder-time", "-1s")...)
		if code != exitUsage || !strings.Contains(errOut, "--blunder-time cannot be negative") || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%s --blunder-time -1s: exit %d, %q", args[0], code, errOut)
		}
	}
}

// TestBlunderInExportsAndReports: verify's and hunt's --export-losses (.md,
// .sgf, .jsonl) and --report pages carry the blunder of every lost game
// (thesis Fig. 4.7 on the 4×3 torus: the first exported game is the
// counterexample, its blunder Red's (2,2) at move 5, a comment on that move in
// SGF), and --blunder-time 0 leaves every one of them out.
func TestBlunderInExportsAndReports(t *testing.T) {
	want := "Blunder: move 5, Red (2,2) (rule 2), turned a won position into a lost one"
	for _, limit := range []string{"10s", "0"} {
		dir := t.TempDir()
		path := func(name string) string { return filepath.Join(dir, name) }
		read := func(name string) string {
			data, err := os.ReadFile(path(name))
			if err != nil {
				t.Fatal(err)
			}
			return string(data)
		}
		args := []string{"--board", "4x3", "--geometry", "torus", "--strategy", "mirror", "--starter", "red", "--no-progress", "--blunder-time", limit}
		for _, ext := range []string{"md", "sgf", "jsonl"} {
			code, _, errOut := runCmd(append([]string{"verify", "--in-memory", "--max-losses", "5", "--export-losses", path("v." + ext), "--report", path("vrep")}, args...)...)
			if code != exitRefuted {
				t.Fatalf("verify --export-losses .%s: exit %d: %s", ext, code, errOut)
			}
		}
		code, _, errOut := runCmd(append([]string{"hunt", "--jobs", "1", "--max-losses", "3", "--export-losses", path("h.md"), "--report", path("hrep")}, args...)...)
		if code != exitRefuted {
			t.Fatalf("hunt: exit %d: %s", code, errOut)
		}
		outputs := map[string]string{}
		for _, name := range []string{"v.md", "v.sgf", "v.jsonl", "vrep/report.md", "vrep/report.html", "h.md", "hrep/report.md", "hrep/report.html"} {
			outputs[name] = read(name)
		}
		if limit == "0" {
			for name, s := range outputs {
				if strings.Contains(strings.ToLower(s), "blunder:") || strings.Contains(s, `"blunder"`) {
					t.Errorf("--blunder-time 0: %s has a blunder", name)
				}
			}
			continue
		}
		games := strings.Split(outputs["v.md"], "\n## Game ")
		if len(games) != 6 || !strings.Contains(games[1], want) || strings.Count(outputs["v.md"], "Blunder: move ") != 5 {
			t.Errorf("v.md: %d games, game 1 without %q, or a game without its blunder:\n%s", len(games)-1, want, outputs["v.md"])
		}
		// SGF: the first variation's fifth node is Red's (2,2), b2 in letters.
		sgf := outputs["v.sgf"]
		first := sgf[strings.Index(sgf, "\n(;")+1:]
		nodes := strings.Split(first[:strings.Index(first, ")\n")], "\n;")
		if len(nodes) < 5 || !strings.HasPrefix(nodes[4], "B[b2]C[rule 2; "+want) || strings.Count(first[:strings.Index(first, ")\n")], "Blunder:") != 1 {
			t.Errorf("SGF: the blunder is not the comment of move 5:\n%s", first)
		}
		if strings.Count(outputs["v.jsonl"], `"blunder":{"found":true,"move_number":`) != 5 {
			t.Errorf("v.jsonl: not every game has its blunder:\n%s", outputs["v.jsonl"])
		}
		for _, name := range []string{"vrep/report.md", "vrep/report.html"} {
			if !strings.Contains(outputs[name], want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
		for _, name := range []string{"h.md", "hrep/report.md", "hrep/report.html"} {
			if !strings.Contains(outputs[name], "Blunder: move ") {
				t.Errorf("hunt's %s has no blunder:\n%s", name, outputs[name])
			}
		}
	}
}

// TestBlunderAttribution: the blunder of fitzgerald's 15-ply loss on 5x6
// with Blue starting (docs/results.md) names the cells its rule allowed
// before the hierarchy, and says the hierarchy chose wrongly: rule 3(a)ii
// allowed (3,2) and (2,4), the hierarchy took (2,4), and (3,2) kept the win;
// item 3 (the longest path covering ring j) is the one that dropped (3,2).
// A strategy without a hierarchy (mirror) gets no attribution.
func TestBlunderAttribution(t *testing.T) {
	code, out, errs := runCmd("replay", "--board", "5x6", "--strategy", "fitzgerald", "--starter", "blue", "--json", "-",
		"--moves", "B:(1,1) R:(2,2) B:(4,1) R:(1,4) B:(1,3) R:(3,3) B:(5,2) R:(5,6) B:(2,3) R:(2,4) B:(3,2) R:(5,1) B:(4,2) R:(1,2) B:(5,3)")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var doc struct {
		Blunder struct {
			Found        bool     `json:"found"`
			MoveNumber   int      `json:"move_number"`
			Cell         [2]int   `json:"cell"`
			Rule         string   `json:"rule"`
			WinningMoves [][2]int `json:"winning_moves"`
			RuleAllowed  [][2]int `json:"rule_allowed"`
			AtFault      string   `json:"at_fault"`
			Step         string   `json:"tie_break_step"`
			Unchecked    int      `json:"unchecked_earlier_moves"`
		} `json:"blunder"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	bl := doc.Blunder
	if !bl.Found || bl.MoveNumber != 10 || bl.Cell != [2]int{2, 4} || bl.Rule != "3(a)ii" || bl.Unchecked != 0 ||
		fmt.Sprint(bl.WinningMoves) != "[[5 1] [1 2] [3 2] [4 2] [5 3]]" ||
		fmt.Sprint(bl.RuleAllowed) != "[[3 2] [2 4]]" || bl.AtFault != "tie-break" || bl.Step != "hierarchy item 3" {
		t.Fatalf("blunder %+v", bl)
	}
	_, out, _ = runCmd("replay", "--board", "4x3", "--geometry", "torus", "--strategy", "mirror", "--choices", "every", "--json", "-",
		"--moves", "B:(1,1) R:(3,1) B:(2,1) R:(4,1) B:(4,2) R:(2,2) B:(3,3)")
	if !strings.Contains(out, `"found": true`) || strings.Contains(out, "at_fault") {
		t.Errorf("mirror's blunder: want one without attribution:\n%s", out)
	}
}
