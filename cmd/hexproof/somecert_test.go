package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hexproof/internal/testkit"
)

// TestVerifySomeCertificate: `verify --choices some --certificate FILE`
// writes fitzgerald-rules' 5×4 proof (both starters) as certificates that the
// ordinary verifier proves optimal, that replay plays, and whose moves the
// strategy allows (replayed as a whole game against fitzgerald-rules).
func TestVerifySomeCertificate(t *testing.T) {
	dir := t.TempDir()
	cert := filepath.Join(dir, "rules.json")
	code, out, errs := runCmd("verify", "--board", "5x4", "--strategy", "fitzgerald-rules", "--choices", "some", "--certificate", cert, "--no-progress")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	for _, st := range []string{"red", "blue"} {
		file := filepath.Join(dir, "rules-"+st+".json")
		if !strings.Contains(out, "Certificate for "+strings.ToUpper(st[:1])+st[1:]+" starts: "+file) {
			t.Errorf("no certificate line for %s:\n%s", st, out)
		}
		code, vout, verrs := runCmd("verify", "--board", "5x4", "--strategy", "certificate:"+file, "--starter", st, "--in-memory", "--no-progress")
		if code != 0 || !strings.Contains(vout, "Verdict: optimal") {
			t.Errorf("%s's certificate: exit %d\n%s%s", st, code, vout, verrs)
		}
	}
	// --within: the certificates keep to fitzgerald-rules (every move one
	// that its rules allow), and not to vandenbroek's.
	for _, st := range []string{"red", "blue"} {
		file := filepath.Join(dir, "rules-"+st+".json")
		code, vout, verrs := runCmd("verify", "--board", "5x4", "--strategy", "certificate:"+file, "--within", "fitzgerald-rules", "--starter", st, "--in-memory", "--no-progress")
		if code != 0 || !strings.Contains(vout, "Verdict: optimal") {
			t.Errorf("%s's certificate within fitzgerald-rules: exit %d\n%s%s", st, code, vout, verrs)
		}
		code, vout, verrs = runCmd("verify", "--board", "5x4", "--strategy", "certificate:"+file, "--within", "vandenbroek", "--starter", st, "--in-memory", "--no-progress", "--blunder-time", "0")
		if code != exitStrategyError || !strings.Contains(vout, "Detail: the strategy leaves vandenbroek: it plays ") {
			t.Errorf("%s's certificate within vandenbroek: exit %d\n%s%s", st, code, vout, verrs)
		}
	}
	// A certificate from a start position: the proof after Blue's opening
	// (1,1), checked from there within the rules (under every the prefix
	// gets the certificate's answer).
	piece := filepath.Join(dir, "piece.json")
	code, out, errs = runCmd("verify", "--board", "5x4", "--strategy", "fitzgerald-rules", "--choices", "some", "--starter", "blue", "--moves", "(1,1)", "--certificate", piece, "--no-progress", "--blunder-time", "0")
	if code != 0 {
		t.Fatalf("the piece after (1,1): exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCmd("verify", "--board", "5x4", "--strategy", "certificate:"+piece, "--within", "fitzgerald-rules", "--starter", "blue", "--moves", "(1,1)", "--in-memory", "--no-progress")
	if code != 0 || !strings.Contains(out, "From the position after 2 plies: B:(1,1) R:") {
		t.Errorf("the piece's certificate from (1,1): exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCmd("verify", "--board", "5x4", "--strategy", "certificate:"+piece, "--starter", "blue", "--moves", "(2,1)", "--in-memory", "--no-progress")
	if code != exitUsage || !strings.Contains(errs, "--moves:") {
		t.Errorf("the piece's certificate from another opening: exit %d\n%s%s", code, out, errs)
	}
	// --prefer: vandenbroek's moves where they keep the win; where they
	// do not (outside fitzgerald's rules, here), the departures say so.
	pref := filepath.Join(dir, "pref.json")
	code, out, errs = runCmd("verify", "--board", "5x4", "--strategy", "fitzgerald-rules", "--choices", "some", "--starter", "blue", "--certificate", pref, "--prefer", "vandenbroek", "--no-progress", "--blunder-time", "0", "--json", "-")
	if code != 0 || !strings.Contains(out, `"departures": [`) || !strings.Contains(out, `"outside_rules": true`) {
		t.Errorf("--prefer: exit %d\n%.2000s%s", code, out, errs)
	}
	code, out, errs = runCmd("verify", "--board", "5x4", "--strategy", "certificate:"+pref, "--within", "fitzgerald-rules", "--starter", "blue", "--in-memory", "--no-progress")
	if code != 0 {
		t.Errorf("the --prefer certificate within the rules: exit %d\n%s%s", code, out, errs)
	}
	code, _, errs = runCmd("verify", "--board", "5x4", "--strategy", "fitzgerald-rules", "--prefer", "fitzgerald")
	if code != exitUsage || !strings.Contains(errs, "--prefer needs --choices some") {
		t.Errorf("--prefer without --choices some: exit %d %q", code, errs)
	}
	// Without --certificate, --prefer only orders the search.
	code, out, errs = runCmd("verify", "--board", "5x4", "--strategy", "fitzgerald-rules", "--choices", "some", "--prefer", "fitzgerald", "--no-progress", "--blunder-time", "0")
	if code != 0 || strings.Count(out, "optimal") < 2 {
		t.Errorf("--prefer without --certificate: exit %d\n%s%s", code, out, errs)
	}
	blue := filepath.Join(dir, "rules-blue.json")
	// The proof's moves follow from the search (since decisions.md V37 one
	// that merges the 20 images of a position): this game was read off the
	// certificate once, and pins it.
	code, out, errs = runCmd("replay", "--board", "5x4", "--strategy", "certificate:"+blue, "--starter", "blue", "--moves", "(1,1) (4,2) (4,1) (5,2)")
	want := "–                    | (1, 1)\n(3, 2) - certificate | (4, 2)\n(2, 4) - certificate | (4, 1)\n(3, 1) - certificate | (5, 2)\n(2, 3) - certificate | –\n\nRed won after 8 moves."
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("replay: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCmd("replay", "--board", "5x4", "--strategy", "fitzgerald-rules", "--choices", "every", "--moves", "B:(1,1) R:(3,2) B:(4,2) R:(2,4) B:(4,1) R:(3,1) B:(5,2) R:(2,3)")
	if code != 0 || !strings.Contains(out, "4 of 4 decisions agree") {
		t.Errorf("the certificate's game against fitzgerald-rules: exit %d\n%s%s", code, out, errs)
	}
}

// TestVerifySomeCertificateRefusals: --certificate is refused (one line, exit
// 2) under other choices, and a refuted `some` run writes no file and says so.
func TestVerifySomeCertificateRefusals(t *testing.T) {
	dir := t.TempDir()
	cert := filepath.Join(dir, "c.json")
	code, _, errs := runCmd("verify", "--board", "4x3", "--strategy", "mirror", "--certificate", cert, "--in-memory")
	if code != exitUsage || !strings.Contains(errs, "--certificate needs --choices some") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Errorf("under every: exit %d, %q", code, errs)
	}
	// mirror on the 4x3 torus with Blue starting is refuted under some.
	code, out, errs := runCmd("verify", "--board", "4x3", "--geometry", "torus", "--strategy", "mirror", "--starter", "blue", "--choices", "some", "--certificate", cert, "--no-progress")
	if code != 1 || !strings.Contains(out, "No certificate written for Blue starts: the verdict is refuted, not optimal.") {
		t.Errorf("refuted: exit %d\n%s%s", code, out, errs)
	}
	if _, err := os.Stat(cert); !os.IsNotExist(err) {
		t.Errorf("a refuted run left a certificate file (%v)", err)
	}
}

// TestVerifyCertificateImages: the certificate of the 5×4 piece after
// B:(1,1) (fitzgerald-rules, Blue starting), read as
// certificate-images:FILE, is checked within the rules after B:(2,4), an
// image of (1,1) (rotation and half-turn), where the plain certificate has
// no answer (bad --moves, exit 2).
func TestVerifyCertificateImages(t *testing.T) {
	dir := t.TempDir()
	cert := filepath.Join(dir, "piece.json")
	code, out, errs := runCmd("verify", "--board", "5x4", "--strategy", "fitzgerald-rules", "--choices", "some", "--starter", "blue",
		"--moves", "(1,1)", "--prefer", "fitzgerald", "--certificate", cert, "--no-progress", "--blunder-time", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	args := []string{"verify", "--board", "5x4", "--within", "fitzgerald-rules", "--starter", "blue", "--moves", "(2,4)",
		"--in-memory", "--no-progress", "--blunder-time", "0"}
	code, out, errs = runCmd(append(args, "--strategy", "certificate-images:"+cert)...)
	if code != 0 || !strings.Contains(out, "Verdict: optimal") {
		t.Errorf("the image certificate after B:(2,4): exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCmd(append(args, "--strategy", "certificate:"+cert)...)
	if code != exitUsage || !strings.Contains(errs, `rule "not in certificate" allowed no move`) {
		t.Errorf("the plain certificate after B:(2,4): exit %d, want bad input (no answer to the --moves)\n%s%s", code, out, errs)
	}
}

// TestCertificateImagesBadInput: certificate-images: with a missing file or
// standard input is bad input, one line and exit 2.
func TestCertificateImagesBadInput(t *testing.T) {
	for _, spec := range []string{"certificate-images:" + filepath.Join(t.TempDir(), "none.json"), "certificate-images:-"} {
		code, _, errs := runCmd("verify", "--board", "5x4", "--strategy", spec, "--starter", "blue", "--in-memory", "--no-progress")
		if code != exitUsage || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, "--strategy") {
			t.Errorf("%s: exit %d, %q; want one line about --strategy and exit 2", spec, code, errs)
		}
	}
}

// TestVerifyOverlay: --overlay writes a `some` proof as its preferred
// strategy and the positions where it plays otherwise; the report gives the
// command that checks it, and `verify --strategy overlay:FILE --within`
// proves it optimal after the piece's opening and after an image of it
// (B:(2,4) is (1,1) under a symmetry of 5×4: the half-turn and a rotation).
func TestVerifyOverlay(t *testing.T) {
	dir := t.TempDir()
	ov := filepath.Join(dir, "piece-overlay.json")
	code, out, errs := runCmd("verify", "--board", "5x4", "--strategy", "fitzgerald-rules", "--choices", "some", "--starter", "blue",
		"--moves", "(1,1)", "--prefer", "fitzgerald", "--overlay", ov, "--no-progress", "--blunder-time", "0")
	if code != 0 || !strings.Contains(out, "Overlay for Blue starts: "+ov+" (fitzgerald and ") || !strings.Contains(out, "--strategy overlay:"+ov) {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	for _, mv := range []string{"(1,1)", "(2,4)"} {
		code, out, errs = runCmd("verify", "--board", "5x4", "--strategy", "overlay:"+ov, "--within", "fitzgerald-rules", "--starter", "blue",
			"--moves", mv, "--in-memory", "--no-progress", "--blunder-time", "0")
		if code != 0 || !strings.Contains(out, "Verdict: optimal") {
			t.Errorf("the overlay after B:%s: exit %d\n%s%s", mv, code, out, errs)
		}
	}
}

// scriptPath is the absolute path of scripts/NAME in the repository.
func scriptPath(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "..", "scripts", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// someOpenings gives the hexproof binary and a runner of
// scripts/some-openings.sh with extra environment; the runner fails the test
// when the script exits non-zero and returns its combined output.
func someOpenings(t *testing.T) (string, func(env []string, args ...string) string) {
	t.Helper()
	bin, script := testkit.Binary(t), scriptPath(t, "some-openings.sh")
	return bin, func(env []string, args ...string) string {
		t.Helper()
		cmd := exec.Command(script, args...)
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		return string(out)
	}
}

// TestSomeOpeningsOverlays runs scripts/some-openings.sh with OVERLAY=1 on a
// small question: fitzgerald-rules under some on 5×6 with Blue starting,
// after the eight moves before the blunder of fitzgerald's 15-ply loss (docs/
// results.md), one piece per Blue reply (22; the position has no symmetry).
// fitzgerald alone wins most pieces (an empty overlay, no some run); where it
// loses (after (2,3), its game), the some run writes an overlay with entries;
// every overlay is checked within the rules, and summary combines them.
// SPLIT_CELLS makes the script split the piece after (2,3) by fitzgerald's
// answer, (2,4), first: that move is the blunder, so some sub-pieces are
// refuted, and the script must then certify the piece whole by its overlay.
func TestSomeOpeningsOverlays(t *testing.T) {
	bin, run := someOpenings(t)
	dir := filepath.Join(t.TempDir(), "out")
	run([]string{"OVERLAY=1", "CLASSES=1", "SPLIT_CELLS=(2,3)"}, bin, dir, "5x6", "blue", "fitzgerald-rules", "5m",
		"(1,1) (2,2) (4,1) (1,4) (1,3) (3,3) (5,2) (5,6)", "--", "--memory", "1GiB", "--prefer", "fitzgerald")
	run([]string{"IMAGES=1"}, "check", bin, dir, "fitzgerald-rules")
	sum := run(nil, "summary", dir)
	if !strings.Contains(sum, "combined: optimal (all 22 pieces); certificates or overlays verified within the rules: 22 of 22") {
		t.Fatalf("summary:\n%s", sum)
	}
	base, err := os.ReadFile(filepath.Join(dir, "base-2-3.json"))
	if err != nil || !strings.Contains(string(base), `"verdict": "refuted"`) {
		t.Fatalf("fitzgerald alone after (2,3): %v\n%s", err, base)
	}
	ov, err := os.ReadFile(filepath.Join(dir, "piece-2-3-overlay.json"))
	if err != nil || !strings.Contains(string(ov), `"answers":[[`) {
		t.Errorf("the overlay after (2,3) has no entries: %v\n%s", err, ov)
	}
	lost := 0
	subs, _ := filepath.Glob(filepath.Join(dir, "split-2-3", "piece-[0-9]-[0-9].json"))
	for _, f := range subs {
		if b, err := os.ReadFile(f); err == nil && strings.Contains(string(b), `"verdict": "refuted"`) {
			lost++
		}
	}
	if len(subs) == 0 || lost == 0 {
		t.Errorf("the split by (2,4) after (2,3): %d sub-pieces, %d refuted; want some refuted", len(subs), lost)
	}
	somes, _ := filepath.Glob(filepath.Join(dir, "piece-[0-9]-[0-9].json"))
	if len(somes) == 0 || len(somes) >= 22 {
		t.Errorf("%d some runs for 22 pieces: want some, where fitzgerald alone loses, and not all", len(somes))
	}
	// `check` checks overlays again: with the checks of a piece with
	// entries (2,3) and one fitzgerald wins alone deleted, it writes both
	// again, optimal, and the summary is whole again.
	alone := ""
	checks, _ := filepath.Glob(filepath.Join(dir, "check-[0-9]-[0-9].json"))
	for _, f := range checks {
		tag := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "check-"), ".json")
		if _, err := os.Stat(filepath.Join(dir, "base-"+tag+".json")); os.IsNotExist(err) {
			alone = tag
			break
		}
	}
	if alone == "" {
		t.Fatal("no piece that fitzgerald wins alone")
	}
	for _, tag := range []string{"2-3", alone} {
		if err := os.Remove(filepath.Join(dir, "check-"+tag+".json")); err != nil {
			t.Fatal(err)
		}
	}
	run(nil, "check", bin, dir, "fitzgerald-rules")
	for _, tag := range []string{"2-3", alone} {
		b, err := os.ReadFile(filepath.Join(dir, "check-"+tag+".json"))
		if err != nil || !strings.Contains(string(b), `"verdict": "optimal"`) {
			t.Errorf("check-%s.json after check: %v\n%s", tag, err, b)
		}
	}
	if sum := run(nil, "summary", dir); !strings.Contains(sum, "verified within the rules: 22 of 22") {
		t.Errorf("summary after the checks again:\n%s", sum)
	}
	// A piece split at once (SPLIT_CELLS with no some run, as on 5×7 with
	// Red starting) is decided by its split: with (2,3)'s some run, overlay
	// and check taken away, what is left of it is base-2-3.json and the
	// split by (2,4), whose refuted sub-pieces leave it undecided. A summary
	// that does not see such a piece counts 21 pieces.
	cut := filepath.Join(t.TempDir(), "cut")
	if err := os.CopyFS(cut, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	gone, _ := filepath.Glob(filepath.Join(cut, "piece-2-3*"))
	more, _ := filepath.Glob(filepath.Join(cut, "check-2-3.*"))
	for _, f := range append(gone, more...) {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	sum = run(nil, "summary", cut)
	if !strings.Contains(sum, "B:(2,3) inconclusive") || !strings.Contains(sum, "the preferred strategy alone loses, split") ||
		!strings.Contains(sum, "combined: not known yet (22 of 22 pieces run, none refuted)") {
		t.Errorf("summary without (2,3)'s some run:\n%s", sum)
	}
}

// TestSomeOpeningsCertificates runs scripts/some-openings.sh's certificate
// path (CERT=1, no overlays): fitzgerald-rules under some on 5×4 with Blue
// starting, one piece per class of Blue's first move (2 classes of 20
// cells), each writing a certificate; `check` verifies each within the
// rules from its piece's opening and, with IMAGES=1, read as
// certificate-images: after every other move of its class (18); summary
// counts both. A certificate with the answer after B:(1,1) taken out must
// fail its check, and summary must then count 1 of 2.
func TestSomeOpeningsCertificates(t *testing.T) {
	bin, run := someOpenings(t)
	dir := filepath.Join(t.TempDir(), "out")
	run([]string{"CERT=1", "CLASSES=1"}, bin, dir, "5x4", "blue", "fitzgerald-rules", "5m", "--", "--memory", "1GiB")
	run([]string{"IMAGES=1"}, "check", bin, dir, "fitzgerald-rules")
	sum := run(nil, "summary", dir)
	for _, want := range []string{
		"B:(1,1)", "B:(1,2)",
		"combined: optimal (all 2 pieces); certificates or overlays verified within the rules: 2 of 2",
		"images: 18 certificates or overlays checked after another move of their class (certificate-images:, overlay:), 18 optimal",
	} {
		if !strings.Contains(sum, want) {
			t.Fatalf("summary has no %q:\n%s", want, sum)
		}
	}
	// Red's answer to B:(1,1) taken out of that piece's certificate: its
	// check (run again, the old one removed) cannot prove it.
	cert := filepath.Join(dir, "piece-1-1-cert.json")
	b, err := os.ReadFile(cert)
	if err != nil {
		t.Fatal(err)
	}
	var c map[string]any
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	answers, _ := c["answers"].([]any)
	var kept []any
	for _, a := range answers {
		// An answer is [Red's stones, Blue's stones, move], the stones as
		// hexadecimal bit sets: "0","1" is Blue's stone on (1,1) alone.
		if e, ok := a.([]any); ok && len(e) == 3 && e[0] == "0" && e[1] == "1" {
			continue
		}
		kept = append(kept, a)
	}
	if len(kept) != len(answers)-1 {
		t.Fatalf("%d answers, %d without the one to B:(1,1)", len(answers), len(kept))
	}
	c["answers"] = kept
	if b, err = json.Marshal(c); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cert, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "check-1-1.json")); err != nil {
		t.Fatal(err)
	}
	run(nil, "check", bin, dir, "fitzgerald-rules")
	if b, err := os.ReadFile(filepath.Join(dir, "check-1-1.json")); err == nil && strings.Contains(string(b), `"verdict": "optimal"`) {
		t.Fatalf("a certificate without Red's first answer checked optimal:\n%s", b)
	}
	if sum := run(nil, "summary", dir); !strings.Contains(sum, "verified within the rules: 1 of 2") {
		t.Errorf("summary after the broken certificate's check:\n%s", sum)
	}
}
