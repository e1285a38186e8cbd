package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHuntCLI: exit codes (1 a loss, 3 none, 2 bad input with verify's
// messages), the JSON fields shared with verify, exports that replay.
func TestHuntCLI(t *testing.T) {
	dir := t.TempDir()
	aFile := filepath.Join(dir, "a-file")
	if err := os.WriteFile(aFile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	bad := []struct {
		args []string
		want string
	}{
		{[]string{"--strategy", "mirror"}, "--board is required, e.g. --board 5x4"},
		{[]string{"--board", "4x3"}, "--strategy is required"},
		{[]string{"--board", "4x3", "--strategy", "vandenbroek"}, "for 5×n cylinders only"},
		{[]string{"--board", "4x3", "--strategy", "fitzgerald:nosuch=1"}, `unknown option "nosuch"`},
		{[]string{"--board", "4x3", "--strategy", "mirror", "extra"}, `unexpected argument "extra"`},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--jobs", "-2"}, "--jobs cannot be negative (0 means all CPUs)"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--time-limit", "-1s"}, "--time-limit cannot be negative (0 means no limit)"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--max-losses", "-1"}, "--max-losses cannot be negative (0 means none)"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--json", "/nonexistent/x.json"}, "--json /nonexistent/x.json: cannot write there"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--export-losses", "/nonexistent/x.jsonl"}, "--export-losses /nonexistent/x.jsonl: cannot write there"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--report", aFile}, "is a file, not a directory"},
		{[]string{"--board", "5x4", "--strategy", "mirror"}, "even number of columns"},
		{[]string{"--board", "5x", "--strategy", "mirror"}, "want two whole numbers"},
		{[]string{"--board", "4x3", "--strategy", "nosuch"}, "unknown strategy"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--choices", "all"}, "unknown choice"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--starter", "green"}, "--starter"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--geometry", "sphere"}, "unknown geometry"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--max-nodes", "-1"}, "--max-nodes cannot be negative (0 means no limit)"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--export-losses", "x.txt"}, "unknown format"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--guide", "-1"}, "--guide cannot be negative (0 means no guide)"},
		{[]string{"--board", "5x13", "--strategy", "fitzgerald", "--guide", "10"}, "--guide: the solver handles boards of at most 64 cells; 5x13 cylinder has 65"},
	}
	for _, c := range bad {
		code, out, errOut := runCmd(append([]string{"hunt"}, c.args...)...)
		vcode, _, verr := runCmd(append([]string{"verify", "--in-memory"}, c.args...)...)
		if code != exitUsage || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("hunt %s: exit %d, stderr %q; want exit 2 with %q on one line", strings.Join(c.args, " "), code, errOut, c.want)
		}
		// Bad input is found before the hunt starts (nothing searched, nothing printed).
		if out != "" {
			t.Errorf("hunt %s: searched before rejecting the input:\n%s", strings.Join(c.args, " "), out)
		}
		// The same message as verify's, but for the command's name.
		if vcode == exitUsage && !strings.Contains(verr, "unknown flag") && strings.TrimPrefix(errOut, "hexproof hunt: ") != strings.TrimPrefix(verr, "hexproof verify: ") {
			t.Errorf("hunt %s: %q differs from verify's %q", strings.Join(c.args, " "), errOut, verr)
		}
	}

	exp := filepath.Join(dir, "losses.jsonl")
	code, out, errOut := runCmd("hunt", "--board", "5x4", "--strategy", "vandenbroek", "--starter", "blue",
		"--jobs", "1", "--seed", "5", "--json", "-", "--export-losses", exp, "--report", filepath.Join(dir, "rep"), "--no-progress")
	if code != exitRefuted {
		t.Fatalf("hunt vandenbroek 5x4: exit %d, stderr %q", code, errOut)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	ce, _ := doc["counterexample"].(map[string]any)
	if doc["verdict"] != "refuted" || ce == nil || ce["plies"] != float64(11) || ce["minimal"] != false || doc["seed"] != float64(5) {
		t.Fatalf("JSON: %s", out)
	}
	for _, k := range []string{"moves", "winner"} {
		if _, ok := ce[k]; !ok {
			t.Errorf("counterexample lacks %q", k)
		}
	}
	data, err := os.ReadFile(exp)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) == 0 || !strings.Contains(lines[0], `"plies": 11`) && !strings.Contains(lines[0], `"plies":11`) {
		t.Fatalf("export: %s", data)
	}

	if md, err := os.ReadFile(filepath.Join(dir, "rep", "report.md")); err != nil || !strings.Contains(string(md), "11 plies (not proven shortest)") {
		t.Fatalf("--report: %v\n%s", err, md)
	}

	code, out, _ = runCmd("hunt", "--board", "5x3", "--strategy", "fitzgerald", "--jobs", "1", "--no-progress")
	if code != exitInconclusive || !strings.Contains(out, "found no lost game") {
		t.Fatalf("hunt fitzgerald 5x3: exit %d, want 3:\n%s", code, out)
	}
}

// TestSimulateCLI: exit codes, bad input, the JSON fields, the export.
func TestSimulateCLI(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--board", "5x4", "--strategy", "mirror"}, "even number of columns"},
		{[]string{"--board", "4x3,5x", "--strategy", "mirror"}, "want two whole numbers"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--opponent", "clever"}, "unknown opponent"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--games", "0"}, "at least 1"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--starter", "both!"}, "--starter"},
		{[]string{"--strategy", "mirror"}, "--board is required, e.g. --board 5x4"},
		{[]string{"--board", "4x3", "--strategy", "fitzgerald:nosuch=1"}, `unknown option "nosuch"`},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--jobs", "-2"}, "--jobs cannot be negative (0 means all CPUs)"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--time-limit", "-1s"}, "--time-limit cannot be negative (0 means no limit)"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--json", "/nonexistent/x.json"}, "--json /nonexistent/x.json: cannot write there"},
		{[]string{"--board", "4x3", "--strategy", "mirror", "--export-losses", "/nonexistent/x.jsonl"}, "--export-losses /nonexistent/x.jsonl: cannot write there"},
	} {
		code, out, errOut := runCmd(append([]string{"simulate"}, c.args...)...)
		if code != exitUsage || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || out != "" {
			t.Errorf("simulate %s: exit %d, stderr %q, stdout %q; want exit 2 with %q and nothing simulated", strings.Join(c.args, " "), code, errOut, out, c.want)
		}
		// verify's words where verify has the flag and the board is one.
		vcode, _, verr := runCmd(append([]string{"verify", "--in-memory"}, c.args...)...)
		if vcode == exitUsage && !strings.Contains(verr, "unknown flag") && !strings.Contains(strings.Join(c.args, " "), ",") &&
			strings.TrimPrefix(errOut, "hexproof simulate: ") != strings.TrimPrefix(verr, "hexproof verify: ") {
			t.Errorf("simulate %s: %q differs from verify's %q", strings.Join(c.args, " "), errOut, verr)
		}
	}
	code, out, errOut := runCmd("simulate", "--board", "4x3", "--strategy", "mirror", "--games", "5", "--json", "-", "--no-progress")
	if code != exitInconclusive {
		t.Fatalf("mirror 4x3: exit %d (stderr %q), want 3", code, errOut)
	}
	var docs []map[string]any
	if err := json.Unmarshal([]byte(out), &docs); err != nil || len(docs) != 2 {
		t.Fatalf("want two JSON documents (both starters): %v\n%s", err, out)
	}
	for _, d := range docs {
		if d["games"] != float64(5) || d["wins"] != float64(5) || d["opponent"] != "montecarlo" || d["win_rate_ci95"] == nil {
			t.Errorf("JSON: %v", d)
		}
	}
	exp := filepath.Join(t.TempDir(), "lost.md")
	code, out, errOut = runCmd("simulate", "--board", "5x4", "--strategy", "vandenbroek", "--starter", "blue", "--games", "10", "--opponent", "montecarlo", "--export-losses", exp, "--no-progress")
	if code != exitRefuted || !strings.Contains(out, "Lost game 1") {
		t.Fatalf("vandenbroek 5x4: exit %d (stderr %q), want 1:\n%s", code, errOut, out)
	}
	if data, err := os.ReadFile(exp); err != nil || !strings.Contains(string(data), "Blue") {
		t.Fatalf("export: %v\n%s", err, data)
	}
}
