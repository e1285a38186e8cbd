package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestVerifyHandicapFlag: --handicap runs from the stones (Red starts,
// optimal on the first three rings of 6×6); bad uses are one line, exit 2.
func TestVerifyHandicapFlag(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"verify", "--board", "6x3", "--geometry", "flat", "--strategy", "handicap", "--handicap", "--in-memory", "--no-progress", "--blunder-time", "0"}, &out, &errb); code != exitOptimal {
		t.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "Red starts") || strings.Contains(out.String(), "Blue starts") {
		t.Errorf("want one run, Red starting:\n%s", out.String())
	}
	for _, args := range [][]string{
		{"--board", "6x3", "--geometry", "cylinder", "--strategy", "gardner", "--handicap"},
		{"--board", "6x3", "--geometry", "flat", "--strategy", "gardner", "--handicap"},
		{"--board", "6x3", "--geometry", "flat", "--strategy", "handicap", "--handicap", "--starter", "blue"},
		{"--board", "6x3", "--geometry", "flat", "--strategy", "handicap", "--handicap", "--choices", "some"},
	} {
		out.Reset()
		errb.Reset()
		code := run(append([]string{"verify", "--in-memory", "--no-progress"}, args...), &out, &errb)
		if code != exitUsage || strings.Count(strings.TrimSpace(errb.String()), "\n") != 0 || !strings.Contains(errb.String(), "handicap") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}
