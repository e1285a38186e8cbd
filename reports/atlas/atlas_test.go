package atlas

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
)

func lookup(t *testing.T, names ...string) []strategies.Info {
	t.Helper()
	var out []strategies.Info
	for _, n := range names {
		info, err := strategies.Lookup(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, info)
	}
	return out
}

// fakeSource stands for a future source of rows (a pairing certificate, a
// solver): one job per board with an even number of cells.
type fakeSource struct{ fail bool }

type fakeJob struct {
	b    *board.Board
	fail bool
}

func (s fakeSource) Jobs(b *board.Board) []Job {
	if b.Cells()%2 != 0 {
		return nil
	}
	return []Job{fakeJob{b, s.fail}}
}

func (j fakeJob) row() Row {
	return Row{M: j.b.M, N: j.b.N, Geo: j.b.Geo.String(), Strategy: "fake", Starter: "red", Choices: "every"}
}
func (j fakeJob) Key() string   { return j.row().Key() }
func (j fakeJob) Label() string { return "fake " + j.b.String() }
func (j fakeJob) Run(context.Context, Options) (Row, error) {
	r := j.row()
	if j.fail {
		return r, errors.New("no certificate")
	}
	r.Verdict = string(verify.Optimal)
	return r, nil
}

// Plan: boards by cells then columns, each strategy only where it applies,
// Red before Blue, and another source's jobs after the strategies' on the
// same board.
func TestPlan(t *testing.T) {
	jobs := Plan(4, board.Cylinder, StrategySource{Infos: lookup(t, "mirror", "hht"), Choices: verify.Every}, fakeSource{})
	var got []string
	for _, j := range jobs {
		got = append(got, j.Label())
	}
	seen := map[string]bool{}
	lastCells, lastM := 0, 0
	for _, j := range jobs {
		if seen[j.Key()] {
			t.Errorf("job %s twice", j.Key())
		}
		seen[j.Key()] = true
		var m, n int
		switch j := j.(type) {
		case strategyJob:
			m, n = j.b.M, j.b.N
			if err := j.info.Applies(m, n, board.Cylinder); err != nil {
				t.Errorf("%s planned where it does not apply: %v", j.Label(), err)
			}
		case fakeJob:
			m, n = j.b.M, j.b.N
		}
		if m*n < lastCells || (m*n == lastCells && m < lastM) {
			t.Errorf("%s after a larger board", j.Label())
		}
		lastCells, lastM = m*n, m
	}
	// The exact plan for 2x2: mirror, hht (each Red then Blue), then the fake source.
	var on2x2 []string
	for _, l := range got {
		if strings.HasPrefix(l, "2x2 ") || l == "fake 2x2 cylinder" {
			on2x2 = append(on2x2, l)
		}
	}
	if w := []string{"2x2 mirror, red starts", "2x2 mirror, blue starts", "2x2 hht, red starts", "2x2 hht, blue starts", "fake 2x2 cylinder"}; !reflect.DeepEqual(on2x2, w) {
		t.Errorf("jobs on 2x2: %q, want %q", on2x2, w)
	}
	// mirror applies only on even m: never on 1xn or 3x1.
	for _, l := range got {
		if strings.HasPrefix(l, "1x") && strings.Contains(l, "mirror") || strings.HasPrefix(l, "3x1 mirror") {
			t.Errorf("planned %q", l)
		}
	}
}

// Do on small boards gives the verdicts the thesis settles (App. B: Blue wins
// every 1-column board, in 2 plies when Red starts and 1 when Blue does;
// Alg. 4.2.1 wins on even m), and records a failed run as an error row.
func TestDo(t *testing.T) {
	jobs := Plan(4, board.Cylinder, StrategySource{Infos: lookup(t, "mirror", "hht"), Choices: verify.Every})
	checked := 0
	for _, j := range jobs {
		r := Do(context.Background(), j, Options{Jobs: 1})
		if r.Key() != j.Key() {
			t.Errorf("row key %s, job key %s", r.Key(), j.Key())
		}
		switch {
		case r.Strategy == "mirror":
			checked++
			if r.Verdict != "optimal" {
				t.Errorf("%s: %s, want optimal (thesis Alg. 4.2.1)", r.Key(), r.Verdict)
			}
		case r.M == 1 && r.N > 1:
			checked++
			want := 2
			if r.Starter == "blue" {
				want = 1
			}
			if r.Verdict != "refuted" || r.Plies != want {
				t.Errorf("%s: %s in %d plies, want refuted in %d", r.Key(), r.Verdict, r.Plies, want)
			}
		}
	}
	if checked < 4 {
		t.Fatalf("only %d runs checked", checked)
	}
	r := Do(context.Background(), fakeJob{board.MustNew(2, 2, board.Cylinder), true}, Options{})
	if r.Verdict != "error" || r.Detail != "no certificate" || r.Strategy != "fake" {
		t.Errorf("failed run: %+v", r)
	}
}

func TestPending(t *testing.T) {
	jobs := Plan(4, board.Cylinder, fakeSource{})
	if len(jobs) != 5 { // the boards with an even number of cells: 1x2, 2x1, 1x4, 2x2, 4x1
		t.Fatalf("%d jobs", len(jobs))
	}
	done := []Row{Do(context.Background(), jobs[1], Options{}), Do(context.Background(), jobs[3], Options{})}
	left := Pending(jobs, done)
	if len(left) != len(jobs)-2 || left[0].Key() != jobs[0].Key() || left[1].Key() != jobs[2].Key() {
		t.Errorf("pending %v", left)
	}
}

// The CSV table: rows come back as written, appending resumes it, and files
// that are not atlas tables are refused with the line or the header at fault.
func TestCSV(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "atlas.csv")
	if rows, err := ReadCSV(path); rows != nil || err != nil {
		t.Fatalf("missing file: %v, %v", rows, err)
	}
	rows := []Row{
		{M: 5, N: 4, Geo: "cylinder", Strategy: "gardner", Side: "red", Starter: "red", Choices: "every",
			Verdict: "optimal", Positions: 1234567, Longest: 20, Elapsed: 1.5},
		{M: 5, N: 6, Geo: "cylinder", Strategy: "gardner-blue", Side: "blue", Starter: "blue", Choices: "some",
			Verdict: "refuted", Plies: 13, Positions: 42, Longest: 30, Elapsed: 0.25, Detail: `a "quoted", detail` + "\nover two lines"},
		{M: 5, N: 5, Geo: "cylinder", Strategy: PerfectPlay, Side: "red", Starter: "blue", Choices: "every",
			Verdict: Solved, Positions: 7, Elapsed: 2, Detail: "red wins", Winner: "red"},
	}
	w, err := OpenCSV(path, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rows[0]); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	w, err = OpenCSV(path, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows[1:] {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := ReadCSV(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rows) {
		t.Errorf("read back %+v\nwant %+v", got, rows)
	}
	data, _ := os.ReadFile(path)
	if first, _, _ := strings.Cut(string(data), "\n"); first != strings.Join(Header, ",") {
		t.Errorf("first line %q", first)
	}

	foreign := filepath.Join(dir, "foreign.csv")
	os.WriteFile(foreign, []byte("a,b\n1,2\n"), 0o644)
	if _, err := ReadCSV(foreign); !errors.Is(err, ErrForeignTable) || !strings.Contains(err.Error(), foreign) {
		t.Errorf("foreign table: %v", err)
	}
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte(strings.Join(Header, ",")+"\n"+strings.Replace(strings.Join(rows[0].Record(), ","), "1234567", "many", 1)+"\n"), 0o644)
	if _, err := ReadCSV(bad); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("bad record: %v", err)
	}
}

// Markdown keeps only the rows of its geometry, size and choices, marks each
// verdict, and on the cylinder adds the comparison with Table B.1.
func TestMarkdown(t *testing.T) {
	row := func(m, n int, geo, strategy, starter, choices, verdict string, plies int) Row {
		return Row{M: m, N: n, Geo: geo, Strategy: strategy, Side: "red", Starter: starter, Choices: choices, Verdict: verdict, Plies: plies}
	}
	rows := []Row{
		row(2, 2, "cylinder", "mirror", "red", "every", "optimal", 0),
		row(2, 2, "cylinder", "mirror", "blue", "every", "optimal", 0),
		row(2, 2, "cylinder", "hht", "red", "every", "refuted", 2),
		row(2, 2, "cylinder", "hht", "blue", "every", "inconclusive", 0),
		row(1, 3, "cylinder", "hht", "red", "every", "error", 0),
		row(2, 2, "cylinder", "gardner", "red", "some", "optimal", 0), // other choices
		row(2, 2, "torus", "mirror", "red", "every", "refuted", 5),    // other geometry
		row(3, 3, "cylinder", "mirror", "red", "every", "refuted", 9), // over the size limit
	}
	md := Markdown(rows, board.Cylinder, 4, verify.Every)
	for _, want := range []string{
		"# Atlas: cylinder boards of at most 4 cells, choices every",
		"| | m = 1 | m = 2 |",
		"| **n = 2** | — | hht ✗2/?<br>mirror ✓/✓ |",
		"| **n = 3** | hht !/· | |",
		"## Compared with the thesis's Table B.1",
		"| 2x2 | mirror | red | red | optimal |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("atlas.md lacks %q:\n%s", want, md)
		}
	}
	for _, not := range []string{"gardner ✓", "| 2x2 | gardner", "3x3", "✗5", "✗9"} {
		if strings.Contains(md, not) {
			t.Errorf("atlas.md mentions %q:\n%s", not, md)
		}
	}
	if md := Markdown(rows, board.Flat, 4, verify.Every); !strings.Contains(md, "(no runs)") || strings.Contains(md, "Table B.1\n") {
		t.Errorf("flat atlas without runs:\n%s", md)
	}
}

// TestSolveSource: the perfect-play rows of small cylinders, flat boards and
// tori name the winner that thesis App. B and the solver's own tests settle —
// Blue on one column (except 1x1 when Red starts), Red on every other
// cylinder, whoever starts — and every computed strategy is verified optimal;
// above CertificateCells only the winner is given, and above MaxCells
// nothing is planned.
func TestSolveSource(t *testing.T) {
	src := SolveSource{MaxCells: 8, CertificateCells: 6, Choices: verify.Every}
	jobs := Plan(9, board.Cylinder, src)
	if len(jobs) != 2*20 { // the 20 sizes of at most 8 cells, both starters; none of 9
		t.Fatalf("%d jobs", len(jobs))
	}
	for _, j := range jobs {
		r := Do(context.Background(), j, Options{Jobs: 1})
		want := "red"
		if r.M == 1 && (r.N > 1 || r.Starter == "blue") {
			want = "blue"
		}
		verdict := string(verify.Optimal)
		if r.M*r.N > 6 {
			verdict = Solved
		}
		if r.Key() != j.Key() || r.Strategy != PerfectPlay || r.Winner != want || r.Side != want || r.Verdict != verdict {
			t.Errorf("%s: winner %q side %q verdict %q (%s), want %s and %s", r.Key(), r.Winner, r.Side, r.Verdict, r.Detail, want, verdict)
		}
	}
	// On the torus a draw has no computed strategy.
	for _, j := range Plan(4, board.Torus, SolveSource{MaxCells: 4, CertificateCells: 4}) {
		r := Do(context.Background(), j, Options{})
		if r.Winner == "" || (r.Winner == "draw") != (r.Verdict == Solved) || r.Verdict == "error" {
			t.Errorf("torus %s: winner %q verdict %q (%s)", r.Key(), r.Winner, r.Verdict, r.Detail)
		}
	}
}

// TestFilledB1: the perfect-play marks in the grid and in Table B.1, a blank
// of the thesis (5x5) filled in bold, and no such table without perfect-play
// rows.
func TestFilledB1(t *testing.T) {
	pp := func(m, n int, starter, winner, verdict string) Row {
		return Row{M: m, N: n, Geo: "cylinder", Strategy: PerfectPlay, Side: winner, Starter: starter, Choices: "every", Verdict: verdict, Winner: winner}
	}
	rows := []Row{
		pp(5, 5, "red", "red", "optimal"), pp(5, 5, "blue", "red", Solved),
		pp(1, 2, "red", "blue", "optimal"), pp(1, 2, "blue", "blue", "inconclusive"),
		pp(2, 2, "red", "red", "optimal"),
	}
	md := Markdown(rows, board.Cylinder, 25, verify.Every)
	for _, want := range []string{
		"| **n = 5** | — | — | — | — | perfect-play R✓/R |",
		"| **n = 2** | perfect-play B✓/B? | perfect-play R✓/· |",
		"## Table B.1 with hexproof's perfect play",
		"| **n = 2** | any B✓/B? | 4.2.1 R✓/· | 4.2.2 5.1.1 |",
		"| **n = 5** | any | 4.2.1 | 4.2.2 | 4.2.1 | **R✓/R** | 4.2.1 5.1.1 |",
		"Blanks filled: 5x5 R✓/R.",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("atlas.md lacks %q:\n%s", want, md)
		}
	}
	if got := FilledB1(rows[2:]); !strings.Contains(got, "No blank of the thesis") {
		t.Errorf("no blank filled:\n%s", got)
	}
	if got := FilledB1([]Row{{M: 2, N: 2, Strategy: "mirror", Starter: "red", Verdict: "optimal"}}); got != "" {
		t.Errorf("Table B.1 without perfect-play rows:\n%s", got)
	}
}
