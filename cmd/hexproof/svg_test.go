package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The reports hooks in svg.go: show --svg, verify --report and
// --export-losses write real files through the reports package.
func TestReportsHooks(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	svg := filepath.Join(dir, "pos.svg")
	if code := run([]string{"show", "--board", "3x3", "--moves", "(1,1) (2,1) (1,2) (2,2) (1,3)", "--svg", svg}, &out, &errb); code != 0 {
		t.Fatalf("show --svg: exit %d: %s", code, errb.String())
	}
	if data, err := os.ReadFile(svg); err != nil || !bytes.Contains(data, []byte(`data-cell="(1,3)"`)) {
		t.Fatalf("show --svg wrote no picture (%v)", err)
	}

	// mirror loses on the 4x3 torus (thesis Fig. 4.7).
	losses := filepath.Join(dir, "losses.jsonl")
	rep := filepath.Join(dir, "rep")
	out.Reset()
	errb.Reset()
	code := run([]string{"verify", "--board", "4x3", "--geometry", "torus", "--strategy", "mirror", "--starter", "red",
		"--in-memory", "--no-progress", "--export-losses", losses, "--max-losses", "2", "--report", rep}, &out, &errb)
	if code != exitRefuted {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out.String(), errb.String())
	}
	data, err := os.ReadFile(losses)
	if err != nil || strings.Count(string(data), "\n") != 2 || !strings.Contains(string(data), `"side":"red"`) {
		t.Errorf("--export-losses wrote %q (%v)", data, err)
	}
	for _, name := range []string{"report.html", "report.md", "final.svg"} {
		if _, err := os.Stat(filepath.Join(rep, name)); err != nil {
			t.Errorf("--report: %v", err)
		}
	}
	out.Reset()
	errb.Reset()
	code = run([]string{"verify", "--board", "4x3", "--strategy", "mirror", "--in-memory", "--export-losses", filepath.Join(dir, "x.txt")}, &out, &errb)
	if code != exitUsage || !strings.Contains(errb.String(), ".jsonl, .md or .sgf") {
		t.Errorf("unknown export format: exit %d, %q", code, errb.String())
	}
}
