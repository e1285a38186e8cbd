package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"hexproof/strategies"
)

// TestStrategiesListFits: every strategy is listed once, as a block that
// starts with its name and side and holds its description and source, every
// line of the output fits in 80 columns, and the options are listed with
// their defaults first.
func TestStrategiesListFits(t *testing.T) {
	code, out, errOut := runCmd("strategies")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, l := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("line of %d columns: %q", n, l)
		}
	}
	blocks := strings.Split(out, "\n\n")
	all := strategies.All()
	if len(blocks) < len(all) {
		t.Fatalf("%d blocks for %d strategies:\n%s", len(blocks), len(all), out)
	}
	words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for k, info := range all {
		b := blocks[k]
		if head := info.Name + " (" + info.Side.String() + ")\n"; !strings.HasPrefix(b, head) {
			t.Errorf("block %d does not start with %q:\n%s", k, head, b)
		}
		for _, want := range []string{info.Description, "source: " + info.Seed} {
			if !strings.Contains(words(b), words(want)) {
				t.Errorf("block of %s lacks %q:\n%s", info.Name, want, b)
			}
		}
	}
	opts := words(strings.Join(blocks[len(all):], "\n"))
	for _, want := range []string{
		"Options of fitzgerald (",
		"area: round-up | round-down | lifted | rect | middle-ring | off rule 7 connection area",
		"Options of fitzgerald-rules (",
		"dead: allow | avoid ",
		"Options of fitzgerald-hold (",
		"knowledge: hold | off | prefer | keep",
		"repair of §10.3",
		"repair of §10.1.2",
		"repair of §10.2.2",
		"all four repairs of ch. 10",
	} {
		if !strings.Contains(opts, want) {
			t.Errorf("options section lacks %q:\n%s", want, opts)
		}
	}
}

// TestStrategyOptionErrors: a bad option name or value is one line naming
// the valid ones, exit 2; a good one runs.
func TestStrategyOptionErrors(t *testing.T) {
	for _, c := range []struct {
		spec string
		code int
		want string
	}{
		{"fitzgerald:area=round", exitUsage, "option area has no value \"round\" (valid: round-up, round-down, lifted, rect, middle-ring, off)"},
		{"fitzgerald:colour=red", exitUsage, "unknown option \"colour\" (options: area, item3, item7, skip, overlap, item8, rule6c, lookahead, truepath, rule16, dead, repairs, knowledge)"},
		{"fitzgerald:dead=never", exitUsage, "option dead has no value \"never\" (valid: allow, avoid)"},
		{"fitzgerald:repairs=all", 0, "optimal"},
		{"fitzgerald:skip=4,skip=5", exitUsage, "option skip given twice"},
		{"mirror:x=1", exitUsage, "mirror has no options"},
		{"fitzgerald:area=off,skip=4", 0, "optimal"},
	} {
		code, out, errOut := runCmd("verify", "--board", "5x3", "--strategy", c.spec, "--in-memory", "--no-progress", "--starter", "red")
		if code != c.code || !strings.Contains(out+errOut, c.want) {
			t.Errorf("verify --strategy %s: exit %d, want %d and %q in\n%s%s", c.spec, code, c.code, c.want, out, errOut)
		}
		if c.code == exitUsage && strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("verify --strategy %s: error is not one line: %q", c.spec, errOut)
		}
	}
}
