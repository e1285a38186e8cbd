package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/reports/atlas"
	"hexproof/verify"
)

func atlasCmd(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(append([]string{"atlas"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func atlasReadCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// The atlas command on small cylinders writes one CSV row for each run the
// plan has (the verdicts themselves are checked in reports/atlas, TestDo),
// the Markdown table, and resumes a table without redoing finished runs.
func TestAtlas(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := atlasCmd("--max-cells", "4", "--strategies", "mirror,hht", "--out", dir, "--no-progress", "--time-limit-each", "20s")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	infos, _ := atlasStrategies("mirror,hht")
	planned := map[string]bool{}
	for _, j := range atlas.Plan(4, board.Cylinder, atlas.StrategySource{Infos: infos, Choices: verify.Every},
		atlas.SolveSource{MaxCells: 20, CertificateCells: 20, Choices: verify.Every}) {
		planned[j.Key()] = true
	}
	recs := atlasReadCSV(t, filepath.Join(dir, "atlas.csv"))
	if strings.Join(recs[0], ",") != strings.Join(atlas.Header, ",") {
		t.Fatalf("header %v", recs[0])
	}
	if len(recs)-1 != len(planned) || len(planned) == 0 {
		t.Fatalf("%d rows, want %d", len(recs)-1, len(planned))
	}
	for _, rec := range recs[1:] {
		r, err := atlas.ParseRecord(rec)
		if err != nil {
			t.Fatal(err)
		}
		if !planned[r.Key()] {
			t.Errorf("run %s twice or not planned", r.Key())
		}
		delete(planned, r.Key())
		if r.Verdict != "optimal" && r.Verdict != "refuted" {
			t.Errorf("run %s: %s %s", r.Key(), r.Verdict, r.Detail)
		}
	}
	md, err := os.ReadFile(filepath.Join(dir, "atlas.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"| **n = 2** |", "mirror ✓/✓", "hht ✗2/✗1", "| 2x2 | mirror | red | red | optimal |", "perfect-play R✓/R✓"} {
		if !strings.Contains(string(md), s) {
			t.Errorf("atlas.md lacks %q:\n%s", s, md)
		}
	}
	// hht loses the 1x2 cylinder in one ply when Blue starts: singular.
	if !strings.Contains(out, "1x2    hht           blue starts: refuted (1 ply)") || strings.Contains(out+string(md), "1 plies") {
		t.Errorf("atlas output: no \"refuted (1 ply)\" or a \"1 plies\":\n%s\n%s", out, md)
	}

	// --resume with everything done runs nothing and keeps the table.
	before, _ := os.ReadFile(filepath.Join(dir, "atlas.csv"))
	code, out, _ = atlasCmd("--max-cells", "4", "--strategies", "mirror,hht", "--out", dir, "--no-progress", "--resume")
	if code != 0 || !strings.Contains(out, "atlas: 0 runs") {
		t.Fatalf("resume: exit %d\n%s", code, out)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "atlas.csv"))
	if !bytes.Equal(before, after) {
		t.Error("resume changed a finished table")
	}
	// Drop the last run: --resume does exactly that one again.
	lines := strings.SplitAfter(strings.TrimSuffix(string(before), "\n"), "\n")
	if err := os.WriteFile(filepath.Join(dir, "atlas.csv"), []byte(strings.Join(lines[:len(lines)-1], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = atlasCmd("--max-cells", "4", "--strategies", "mirror,hht", "--out", dir, "--no-progress", "--resume")
	if code != 0 || !strings.Contains(out, "atlas: 1 run on") {
		t.Fatalf("resume after dropping a row: exit %d\n%s", code, out)
	}
	if recs2 := atlasReadCSV(t, filepath.Join(dir, "atlas.csv")); len(recs2) != len(recs) {
		t.Errorf("after resume %d records, want %d", len(recs2), len(recs))
	}
}

func TestAtlasBadUsage(t *testing.T) {
	dir := t.TempDir()
	foreign := filepath.Join(dir, "foreign")
	os.MkdirAll(foreign, 0o755)
	os.WriteFile(filepath.Join(foreign, "atlas.csv"), []byte("a,b\n1,2\n"), 0o644)
	for _, args := range [][]string{
		{},
		{"--max-cells", "0"},
		{"--max-cells", "1000"},
		{"--max-cells", "4", "--strategies", "nosuch", "--out", dir},
		{"--max-cells", "4", "--geometry", "sphere", "--out", dir},
		{"--max-cells", "4", "--choices", "all", "--out", dir},
		{"--max-cells", "4", "--out", foreign, "--resume"},
		{"--max-cells", "4", "--out", dir, "--jobs", "-1"},
		{"--max-cells", "4", "--out", dir, "--solve-cells", "-1"},
		{"--max-cells", "4", "--out", dir, "--certificate-cells", "-2"},
		{"--max-cells", "4", "--out", dir, "--time-limit-each", "-1s"},
		{"--max-cells", "4", "--out", dir, "--pairing", "5x"},
		{"--max-cells", "4", "--out", dir, "--pairing", "40x40"},
		{"--max-cells", "4", "--out", dir, "--pairing", "5x4", "--pairing-nodes", "0"},
	} {
		code, _, errs := atlasCmd(args...)
		if code != exitUsage || strings.Count(strings.TrimSpace(errs), "\n") != 0 || errs == "" {
			t.Errorf("atlas %v: exit %d, stderr %q; want exit 2 and one line", args, code, errs)
		}
	}
	// --jobs is refused in verify's words.
	_, _, errs := atlasCmd("--max-cells", "4", "--out", dir, "--jobs", "-1")
	if want := "hexproof atlas: --jobs cannot be negative (0 means all CPUs)\n"; errs != want {
		t.Errorf("atlas --jobs -1: %q, want %q", errs, want)
	}
}

// TestAtlasWinnersAreSolves: the atlas's perfect-play winners are those of
// 'hexproof solve' on every board it solves (cylinder and torus, both
// starters).
func TestAtlasWinnersAreSolves(t *testing.T) {
	for _, geo := range []string{"cylinder", "torus"} {
		dir := t.TempDir()
		code, out, errs := atlasCmd("--max-cells", "6", "--geometry", geo, "--strategies", "mirror", "--solve-cells", "6",
			"--certificate-cells", "4", "--out", dir, "--no-progress")
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s\n%s", geo, code, out, errs)
		}
		solved := 0
		for _, rec := range atlasReadCSV(t, filepath.Join(dir, "atlas.csv"))[1:] {
			r, err := atlas.ParseRecord(rec)
			if err != nil {
				t.Fatal(err)
			}
			if r.Strategy != atlas.PerfectPlay {
				continue
			}
			solved++
			_, js, errs := runCmd("solve", "--board", fmt.Sprintf("%dx%d", r.M, r.N), "--geometry", geo, "--starter", r.Starter, "--json", "-", "--no-progress")
			var doc struct {
				Winner *string `json:"winner"`
			}
			if err := json.Unmarshal([]byte(js), &doc); err != nil {
				t.Fatalf("solve %s: %v\n%s%s", r.Key(), err, js, errs)
			}
			want := "draw"
			if doc.Winner != nil {
				want = *doc.Winner
			}
			if r.Winner != want {
				t.Errorf("%s: atlas says %q, solve says %q", r.Key(), r.Winner, want)
			}
		}
		if solved != 2*14 { // the 14 sizes of at most 6 cells
			t.Errorf("%s: %d perfect-play rows, want 28", geo, solved)
		}
	}
}

// TestAtlasPairing: --pairing writes the pairing page, with every board of
// each pairing strategy once, the counts per strategy and geometry, and the
// rows of certify's table; --strategies limits it.
func TestAtlasPairing(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := atlasCmd("--max-cells", "2", "--out", dir, "--pairing", "5x4", "--no-progress")
	if code != 0 || !strings.Contains(out, filepath.Join(dir, "pairing.md")) {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	md, err := os.ReadFile(filepath.Join(dir, "pairing.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| mirror | cylinder | 8 | 8 | 0 | 0 | 0 | 0 |", // m = 2, 4; n = 1…4
		"| gardner | cylinder | 10 | 10 | 0 | 0 | 0 | 0 |",
		"| gardner-blue | cylinder | 6 | 3 | 3 | 0 | 0 | 0 |", // m = 1 optimal; 2x3, 2x4, 3x4 refuted
		"gardner       5x4    cylinder  optimal       optimal       P by G",
		"mirror        4x3    torus     refuted       refuted",
	} {
		if !strings.Contains(string(md), want) {
			t.Errorf("pairing.md lacks %q:\n%s", want, md)
		}
	}
	dir2 := t.TempDir()
	if code, out, errs := atlasCmd("--max-cells", "2", "--out", dir2, "--pairing", "4x4", "--strategies", "mirror", "--no-progress"); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	md, _ = os.ReadFile(filepath.Join(dir2, "pairing.md"))
	if strings.Contains(string(md), "gardner") || !strings.Contains(string(md), "| mirror | cylinder |") {
		t.Errorf("--strategies mirror: pairing.md is\n%s", md)
	}
}
