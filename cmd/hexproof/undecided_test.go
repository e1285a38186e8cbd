package main

import (
	"bytes"
	"strings"
	"testing"

	"hexproof/verify/andor"
)

// TestUndecidedIsInconclusive: a proof-number search whose numbers saturate
// (the bound lowered from 2^62 to 4) is reported by `verify --choices some`,
// `solve` and the atlas's perfect-play rows as inconclusive, exit 3, with the
// reason, never as an answer; the same commands answer with the normal bound.
func TestUndecidedIsInconclusive(t *testing.T) {
	cases := []struct {
		args      []string
		want, why string // exit 0/1 output, and the saturated run's reason
		code      int
	}{
		{[]string{"verify", "--board", "5x4", "--strategy", "hht", "--choices", "some", "--starter", "red", "--in-memory", "--no-progress", "--blunder-time", "0"},
			"Verdict: optimal", "saturated", exitOptimal},
		// Without the knowledge: with it, H-search decides 3x3 at the root
		// and no proof number is ever summed.
		{[]string{"solve", "--board", "3x3", "--starter", "red", "--no-progress", "--no-knowledge"},
			"red", "saturated", exitOptimal},
	}
	for _, c := range cases {
		restore := andor.SaturateAt(4)
		var out, errb bytes.Buffer
		code := run(c.args, &out, &errb)
		restore()
		if code != exitInconclusive || !strings.Contains(out.String()+errb.String(), c.why) {
			t.Errorf("%v, saturated: exit %d, want %d and %q:\n%s%s", c.args, code, exitInconclusive, c.why, out.String(), errb.String())
		}
		out.Reset()
		errb.Reset()
		if code := run(c.args, &out, &errb); code != c.code || !strings.Contains(out.String(), c.want) {
			t.Errorf("%v: exit %d, want %d and %q:\n%s%s", c.args, code, c.code, c.want, out.String(), errb.String())
		}
	}
	// The atlas: a perfect-play row whose search saturates is inconclusive
	// (tiny boards are still solved: their proofs are exact at once), and
	// the run goes on; unsaturated, the same row is solved.
	for _, saturated := range []bool{true, false} {
		restore := func() {}
		if saturated {
			restore = andor.SaturateAt(4)
		}
		code, out, errs := atlasCmd("--max-cells", "6", "--strategies", "mirror", "--out", t.TempDir(), "--no-progress", "--certificate-cells", "0", "--no-knowledge")
		restore()
		// (2x2: on 1x3 the mustplay rule with two threats now decides the
		// root at once, so nothing saturates there.)
		// The line's time (0.00s, or more on a loaded machine) is not compared.
		want, why := "2x2    perfect-play  red  starts: solved", ""
		if saturated {
			want, why = "2x2    perfect-play  red  starts: inconclusive, 1 positions, ", "s: perfect play not solved: the proof numbers saturated"
		}
		line := ""
		if i := strings.Index(out, want); i >= 0 {
			line, _, _ = strings.Cut(out[i:], "\n")
		}
		if code != 0 || line == "" || !strings.Contains(line, why) {
			t.Errorf("atlas, saturated=%v: exit %d, want a line %q…%q\n%s%s", saturated, code, want, why, out, errs)
		}
	}
}
