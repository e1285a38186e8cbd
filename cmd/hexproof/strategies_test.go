package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"hexproof/strategies"
)

// TestStrategiesListAligned: every strategy is listed once, with its columns
// aligned (each column starts at the same rune offset on every line, whatever
// the length of the name or source), and the options with their defaults.
func TestStrategiesListAligned(t *testing.T) {
	code, out, errOut := runCmd("strategies")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	table, opts, _ := strings.Cut(out, "\n\n")
	lines := strings.Split(table, "\n")
	if len(lines) != 1+len(strategies.All()) {
		t.Fatalf("%d table lines for %d strategies:\n%s", len(lines), len(strategies.All()), table)
	}
	header := lines[0]
	var cols []int
	for _, h := range []string{"SIDE", "SOURCE", "DESCRIPTION"} {
		cols = append(cols, utf8.RuneCountInString(header[:strings.Index(header, h)]))
	}
	for k, info := range strategies.All() {
		l := []rune(lines[k+1])
		for c, want := range []string{info.Side.String(), info.Seed, info.Description} {
			if got := string(l[cols[c]:]); !strings.HasPrefix(got, want) || l[cols[c]-1] != ' ' {
				t.Errorf("line %q: column %d does not start with %q at rune %d", lines[k+1], c+1, want, cols[c])
			}
		}
	}
	for _, want := range []string{
		"Options of fitzgerald (",
		"  area       round-up | round-down | lifted | rect | middle-ring | off  rule 7 connection area",
		"Options of fitzgerald-rules (",
		"  dead       allow | avoid ",
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
