package atlas

import (
	"strings"
	"testing"
)

// The transcription of Table B.1 agrees with what App. B says of it in words:
// 4.2.1 on every even m, 4.2.2 on m = 3, 5.1.1 where m > n (except the two
// cells 8x3 and 10x3, which the printed table leaves without it), 8.4.1 on
// 5x1..5x3 and, for Red starting only, 5x4.
func TestTableB1Data(t *testing.T) {
	cells := 0
	for m := 1; m <= 10; m++ {
		for n := 1; n <= 10; n++ {
			has := map[string]b1Claim{}
			if len(b1Claims(m, n)) > 0 {
				cells++
			}
			for _, c := range b1Claims(m, n) {
				has[c.alg] = c
				if c.strategy == "" {
					t.Errorf("%dx%d: algorithm %s has no strategy", m, n, c.alg)
				}
			}
			if _, ok := has["4.2.1"]; ok != (m%2 == 0) {
				t.Errorf("%dx%d: 4.2.1 listed %v", m, n, ok)
			}
			if _, ok := has["4.2.2"]; ok != (m == 3) {
				t.Errorf("%dx%d: 4.2.2 listed %v", m, n, ok)
			}
			if _, ok := has["5.1.1"]; ok != (m > n && !(n == 3 && (m == 8 || m == 10))) {
				t.Errorf("%dx%d: 5.1.1 listed %v", m, n, ok)
			}
			c, ok := has["8.4.1"]
			if ok != (m == 5 && n <= 4) || (ok && c.redOnly != (n == 4)) {
				t.Errorf("%dx%d: 8.4.1 listed %v (red only %v)", m, n, ok, c.redOnly)
			}
		}
	}
	if cells != 78 { // 100 cells less m = 1 (10), 5x5..5x10 (6), 7x7..7x10 (4), 9x9, 9x10 (2)
		t.Errorf("%d cells list an algorithm, want 78", cells)
	}
	if b1Claims(11, 1) != nil || b1Claims(0, 3) != nil {
		t.Error("claims outside the table")
	}
}

func TestCompareB1(t *testing.T) {
	row := func(m, n int, strategy, starter, verdict string, plies int) Row {
		return Row{M: m, N: n, Geo: "cylinder", Strategy: strategy, Side: "red", Starter: starter,
			Choices: "every", Verdict: verdict, Plies: plies}
	}
	rows := []Row{
		row(2, 2, "mirror", "red", "optimal", 0), row(2, 2, "mirror", "blue", "optimal", 0),
		row(3, 2, "gardner", "red", "refuted", 7), row(3, 2, "gardner", "blue", "optimal", 0),
		row(5, 4, "fitzgerald", "red", "optimal", 0), row(5, 4, "fitzgerald", "blue", "optimal", 0),
		row(2, 2, "hht", "red", "optimal", 0), row(2, 2, "hht", "blue", "optimal", 0),
		row(3, 2, "hht", "red", "inconclusive", 0), row(3, 2, "hht", "blue", "optimal", 0),
	}
	out := CompareB1(rows)
	for _, want := range []string{
		// 2x2 mirror and 5x4 fitzgerald confirmed; 3x2 gardner and hht not;
		// 5x4 gardner does not apply in this atlas.
		"Claims on the boards run here: 5; confirmed: 2; not confirmed: 2 (of which inconclusive: 1); not run: 1.",
		"| 3x2 | 5.1.1 | gardner | refuted (7 plies) | optimal |",
		"| 3x2 | 4.2.2 | hht | inconclusive | optimal |",
		"5x4 5.1.1 (gardner)",
		"5x4 fitzgerald (8.4.1) also when Blue starts",
		"2x2 hht (4.2.2)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("comparison lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "5x4 mirror") {
		t.Errorf("a claim of a strategy outside the atlas was listed:\n%s", out)
	}
}
