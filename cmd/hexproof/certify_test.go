package main

import (
	"bytes"
	"encoding/json"
	"hexproof/reports"
	"strings"
	"testing"
)

// TestCertifyExitCodesAndJSON: verdicts, exit codes, the JSON report and the
// one-line errors of certify.
func TestCertifyExitCodesAndJSON(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string // in stdout or stderr
	}{
		{[]string{"--board", "6x4", "--strategy", "mirror", "--json", "-"}, 0, `"verdict": "optimal"`},
		{[]string{"--board", "7x6", "--strategy", "gardner", "--geometry", "flat"}, 0, "optimal (P)"},
		{[]string{"--board", "4x3", "--geometry", "torus", "--strategy", "mirror", "--starter", "blue", "--json", "-"}, 1, `"plies": 7`},
		{[]string{"--board", "20x20", "--geometry", "torus", "--strategy", "mirror", "--starter", "blue"}, 1, "certificate's own rules"},
		{[]string{"--board", "5x6", "--strategy", "gardner-blue"}, 1, "replayed through the strategy"},
		{[]string{"--board", "5x4", "--strategy", "mirror"}, 2, "even number of columns"},
		{[]string{"--board", "3x3", "--strategy", "hht"}, 2, "not a pairing strategy"},
		{[]string{"--board", "40x40", "--strategy", "mirror"}, 2, "at most 1024"},
		{[]string{"--board", "5x", "--strategy", "mirror"}, 2, "want MxN"},
		{[]string{"--strategy", "mirror"}, 2, "--board is required"},
		{[]string{"--board", "4x3", "--table", "4x3"}, 2, "not both"},
		{[]string{"--board", "12x12", "--strategy", "mirror", "--no-theorems", "--time-limit", "1ms"}, 3, "inconclusive"},
		{[]string{"--board", "12x12", "--strategy", "mirror", "--no-theorems", "--max-nodes", "10"}, 3, "the node limit was reached"},
		{[]string{"--board", "20x20", "--strategy", "mirror", "--json", "-"}, 0, `"proof": "theorem I"`},
		{[]string{"--board", "20x19", "--strategy", "gardner", "--starter", "blue"}, 0, "Gardner's triangles on columns 1..20"},
		{[]string{"--board", "6x4", "--strategy", "mirror", "--no-theorems", "--json", "-"}, 0, `"proof": "search"`},
		{[]string{"--board", "7x8", "--geometry", "flat", "--strategy", "gardner-blue", "--max-nodes", "10"}, 0, "on the board reflected in its"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := run(append([]string{"certify"}, c.args...), &out, &errb)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d\n%s%s", c.args, code, c.code, out.String(), errb.String())
			continue
		}
		if !strings.Contains(out.String()+errb.String(), c.want) {
			t.Errorf("%v: output lacks %q:\n%s%s", c.args, c.want, out.String(), errb.String())
		}
		if c.code == exitUsage && strings.Count(strings.TrimSpace(errb.String()), "\n") != 0 {
			t.Errorf("%v: error is not one line: %q", c.args, errb.String())
		}
	}
}

// TestCertifyJSONFields: the report carries verify's fields, and a refutation
// its counterexample with the chain's cells played by the opponent.
func TestCertifyJSONFields(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"certify", "--board", "4x3", "--geometry", "torus", "--strategy", "gardner", "--json", "-"}, &out, &errb); code != exitRefuted {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var docs []reports.CertifyDoc
	if err := json.Unmarshal(out.Bytes(), &docs); err != nil {
		t.Fatal(err)
	}
	if len(docs) != 2 || docs[0].Starter != "red" || docs[1].Starter != "blue" {
		t.Fatalf("want red and blue reports, got %+v", docs)
	}
	for _, d := range docs {
		if d.Board != "4x3" || d.Geometry != "torus" || d.Side != "red" || d.Choices != "every" || d.Verdict != "refuted" || !d.Replayed {
			t.Fatalf("fields: %+v", d)
		}
		ce := d.Counterexample
		if ce == nil || ce.Winner == nil || *ce.Winner != "blue" || ce.Plies != len(ce.Moves) {
			t.Fatalf("counterexample: %+v", ce)
		}
		blue := map[[2]int]bool{}
		for _, mv := range ce.Moves {
			if mv.Player == "blue" {
				blue[mv.Cell] = true
			} else if mv.Rule == "" {
				t.Fatalf("red move %v without rule", mv)
			}
		}
		for _, c := range d.Chain {
			if !blue[c] {
				t.Fatalf("chain cell %v not played by blue", c)
			}
		}
	}
}

// TestCertifyTable: the table lists every applicable board once, in order,
// and agrees with single-board runs.
func TestCertifyTable(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"certify", "--table", "5x4", "--strategy", "gardner", "--jobs", "2", "--no-progress"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	// m > n, m ≤ 5, n ≤ 4: 10 boards per geometry.
	if len(lines) != 1+3*10 {
		t.Fatalf("%d lines:\n%s", len(lines), out.String())
	}
	for _, want := range []string{"gardner       5x4    cylinder  optimal       optimal", "gardner       4x3    torus     refuted       refuted"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
}
