package main

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestHelpFitsTerminal: hexproof's own help and every command's --help fit
// in 80 columns, and each says its exit codes.
func TestHelpFitsTerminal(t *testing.T) {
	runs := [][]string{{"help"}}
	for _, n := range slices.Sorted(maps.Keys(commands)) {
		runs = append(runs, []string{n, "--help"})
	}
	for _, args := range runs {
		code, out, errOut := runCmd(args...)
		if code != 0 || out == "" {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q", args, code, len(out), errOut)
			continue
		}
		if !strings.Contains(out, "Exit codes") {
			t.Errorf("%v: no exit codes in the help", args)
		}
		for _, l := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(l); n > 80 {
				t.Errorf("%v: line of %d columns: %q", args, n, l)
			}
		}
	}
}

// TestWrapUsage: a usage line is broken between arguments, never inside
// brackets nor between a flag and its value.
func TestWrapUsage(t *testing.T) {
	got := wrapUsage(`hexproof replay --board MxN --strategy NAME --starter red|blue --moves "…" [--json FILE|-] [flags]`)
	want := "hexproof replay --board MxN --strategy NAME --starter red|blue\n" +
		`                --moves "…" [--json FILE|-] [flags]` + "\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
