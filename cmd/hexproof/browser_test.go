package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The browser tests (issue 34) open the pages in a real browser, Chromium
// headless driven over the DevTools protocol (chromedp): scripts/test-deps.sh
// installs Debian's chromium for `make test`. Without it they fail saying
// so; -short skips them. HEXPROOF_SCREENSHOTS=DIR writes their screenshots
// (PNG) into DIR, e.g. docs/pictures, for the record.

// browserPath finds Chromium.
func browserPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// newBrowser starts a headless Chromium for the test, closed at its end.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("the browser tests start Chromium (not under -short)")
	}
	path := browserPath()
	if path == "" {
		t.Fatal("Chromium is not installed: the browser tests need it; run `make deps` (scripts/test-deps.sh) as root, or `apt-get install chromium`")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1000, 1200),
		chromedp.Flag("user-data-dir", t.TempDir()))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium (%s): %v", path, err)
	}
	return ctx
}

// screenshot writes the PNG of the element sel into $HEXPROOF_SCREENSHOTS/name
// when that variable is set.
func screenshot(t *testing.T, ctx context.Context, sel, name string) {
	t.Helper()
	dir := os.Getenv("HEXPROOF_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("screenshot of %s: %v", sel, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", filepath.Join(dir, name))
}

// stepperState is what a stepper shows: its texts, the stones drawn, and
// whether the alternatives and the chain are visible.
type stepperState struct {
	Move, Rule, Stones, Note string
	Drawn                    int
	Alternatives, Chain      bool
	Current                  string
}

const stepperStateJS = `(function(id){
var r=document.getElementById(id),t=function(s){return document.getElementById(id+"-"+s).textContent;};
var drawn=0;r.querySelectorAll("polygon.cell").forEach(function(p){if(p.getAttribute("fill")!==JSON.parse(r.getAttribute("data-game")).empty){drawn++;}});
var vis=function(s){var g=r.querySelector(s);return g!==null&&g.getAttribute("display")!=="none";};
var cur=r.querySelector("button[aria-current=step]");
return {Move:t("move"),Rule:t("rule"),Stones:t("stones"),Note:t("note"),Drawn:drawn,Alternatives:vis("g.alternatives"),Chain:vis("g.chain"),Current:cur?cur.textContent:""};
})`

func readStepper(t *testing.T, ctx context.Context, id string) stepperState {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[stepperState](stepperStateJS+`("`+id+`")`))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBrowserReportStepper: the report of a real refutation (mirror on the
// 4×3 torus, thesis Fig. 4.7) opens on the final position with the chain; the
// keyboard (Home, then the right arrow five times) steps to the blunder,
// Red's (2,2) by rule 2 with five stones drawn and its winning alternatives
// ringed; the buttons step on; End shows the chain again. The same in the
// page of --export-losses FILE.html, focused on its second game's stepper.
func TestBrowserReportStepper(t *testing.T) {
	ctx := newBrowser(t)
	dir := t.TempDir()
	code, _, errOut := runCmd("verify", "--board", "4x3", "--geometry", "torus", "--strategy", "mirror", "--starter", "red",
		"--in-memory", "--no-progress", "--report", filepath.Join(dir, "rep"), "--export-losses", filepath.Join(dir, "losses.html"), "--max-losses", "2")
	if code != exitRefuted {
		t.Fatalf("verify: exit %d: %s", code, errOut)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.Join(dir, "rep", "report.html")), chromedp.WaitVisible(chromedp.CSS("#game-forward"))); err != nil {
		t.Fatal(err)
	}
	s := readStepper(t, ctx, "game")
	if s.Move != "Move 8 of 8: Blue (4,3)" || s.Drawn != 8 || !s.Chain || s.Alternatives {
		t.Errorf("the report opens on %+v, want the final position with its chain", s)
	}
	keys := []chromedp.Action[chromedp.Void]{chromedp.KeyEvent(kb.Home)}
	for range 5 {
		keys = append(keys, chromedp.KeyEvent(kb.ArrowRight))
	}
	if err := chromedp.Do(ctx, keys...); err != nil {
		t.Fatal(err)
	}
	s = readStepper(t, ctx, "game")
	if s.Move != "Move 5 of 8: Red (2,2)" || s.Rule != "rule 2" || s.Stones != "5 stones on the board" || s.Drawn != 5 ||
		!s.Alternatives || s.Chain || !strings.HasPrefix(s.Note, "Blunder: this move turned a won position into a lost one") ||
		s.Current != "Red (2,2), rule 2" {
		t.Errorf("Home and five right arrows show %+v, want the blunder: move 5, Red (2,2), rule 2, 5 stones, alternatives ringed", s)
	}
	screenshot(t, ctx, "#game", "report-stepper.png")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#game-forward"))); err != nil {
		t.Fatal(err)
	}
	if s = readStepper(t, ctx, "game"); s.Move != "Move 6 of 8: Blue (1,2)" || s.Drawn != 6 || s.Alternatives {
		t.Errorf("the forward button shows %+v, want move 6", s)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.End)); err != nil {
		t.Fatal(err)
	}
	if s = readStepper(t, ctx, "game"); s.Drawn != 8 || !s.Chain || !strings.Contains(s.Note, "Blue won; its winning chain outlined in gold") {
		t.Errorf("End shows %+v, want the final position with its chain", s)
	}

	// The export page: two games, each its own stepper; the keys act on the
	// stepper that has the focus.
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.Join(dir, "losses.html")), chromedp.WaitVisible(chromedp.CSS("#game-2-back")),
		chromedp.Focus(chromedp.CSS("#game-2-back")), chromedp.KeyEvent(kb.Home), chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	s1, s2 := readStepper(t, ctx, "game-1"), readStepper(t, ctx, "game-2")
	if !strings.HasPrefix(s2.Move, "Move 1 of ") || s2.Stones != "1 stone on the board" || s2.Drawn != 1 || s1.Drawn == 1 {
		t.Errorf("losses.html after Home, right arrow on game 2: game 1 %+v, game 2 %+v", s1, s2)
	}
}
