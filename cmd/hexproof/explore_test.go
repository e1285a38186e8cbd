package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"hexproof/board"
	"hexproof/reports"
	"hexproof/verify/solve"
)

func newExploreTest(t *testing.T) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(newExploreServer(exploreConfig{Board: "5x5", Geometry: "cylinder", Strategy: "hht", Starter: "blue",
		OverlayTime: 5 * time.Second, TableBytes: 64 << 20}))
	t.Cleanup(ts.Close)
	return ts
}

// exploreGet asks the server; it returns the status and the decoded body.
func exploreGet(t *testing.T, ts *httptest.Server, path string, q url.Values) (int, map[string]any) {
	t.Helper()
	resp, err := http.Get(ts.URL + path + "?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]any
	data, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(data, &body); err != nil {
		t.Fatalf("%s: not JSON: %q", path, data)
	}
	return resp.StatusCode, body
}

func exploreQuery(size, strat, moves string, extra ...string) url.Values {
	q := url.Values{"board": {size}, "geometry": {"cylinder"}, "strategy": {strat}, "starter": {"blue"}, "moves": {moves}}
	for k := 0; k+1 < len(extra); k += 2 {
		q.Set(extra[k], extra[k+1])
	}
	return q
}

// TestExploreRequests: the server's answers without a browser. A position
// with the strategy to move gets its answer (auto=1 plays it); bad requests
// (malformed or occupied cells, a wrong turn, unknown strategies, oversized
// boards, a certificate file, a finished game, a bad budget) get a 4xx and a
// message naming the fault; the loaders read a JSONL line, an SGF record and
// a replay line; an overlay whose request is cancelled stops.
func TestExploreRequests(t *testing.T) {
	ts := newExploreTest(t)
	code, st := exploreGet(t, ts, "/api/state", exploreQuery("5x5", "hht", "B:(1,1)", "auto", "1"))
	a, _ := st["answer"].(map[string]any)
	if code != 200 || st["move_text"] != "B:(1,1) R:(2,1)" || a["rule"] != "3" || a["cell"] != "(2,1)" ||
		!strings.Contains(st["replay"].(string), `--moves "B:(1,1) R:(2,1)"`) || !strings.Contains(st["svg"].(string), `data-cell="(5,5)"`) {
		t.Errorf("state after B:(1,1): %d %v", code, st)
	}
	code, st = exploreGet(t, ts, "/api/state", exploreQuery("5x5", "hht", "B:(1,1)"))
	if a, _ := st["answer"].(map[string]any); code != 200 || st["move_text"] != "B:(1,1)" || a["cell"] != nil || len(a["allowed"].([]any)) != 4 {
		t.Errorf("state without auto: %d %v", code, st)
	}
	for _, c := range []struct {
		path string
		q    url.Values
		code int
		want string
	}{
		{"/api/state", exploreQuery("5x5", "hht", "B:(1,1) R:(1,1)"), 400, "move 2 R:(1,1): the cell is occupied"},
		{"/api/state", exploreQuery("5x5", "hht", "B:(1,1) B:(2,2)"), 400, "it is red's turn"},
		{"/api/state", exploreQuery("5x5", "hht", "(9,9)"), 400, "not on the 5x5 board"},
		{"/api/state", exploreQuery("5x5", "hht", "zz"), 400, "moves:"},
		{"/api/state", exploreQuery("5x5", "nope", ""), 400, "unknown strategy \"nope\""},
		{"/api/state", exploreQuery("9x9", "hht", ""), 400, "explore handles at most 64"},
		{"/api/state", exploreQuery("5", "hht", ""), 400, "board"},
		{"/api/state", exploreQuery("5x5", "certificate:/etc/passwd", ""), 400, "a certificate or overlay is read from a file"},
		{"/api/state", exploreQuery("5x5", "certificate-images:/etc/passwd", ""), 400, "is read from a file"},
		{"/api/state", exploreQuery("5x5", "overlay:/etc/passwd", ""), 400, "is read from a file"},
		{"/api/state", exploreQuery("5x5", "exec:/bin/sh -c true", ""), 400, "an engine is a program"},
		{"/api/overlay", exploreQuery("5x5", "hht", "B:(1,1)", "budget_ms", "x"), 400, "budget_ms"},
		{"/api/overlay", exploreQuery("5x5", "hht", "B:(1,1) R:(2,1) B:(4,1) R:(2,2) B:(5,1) R:(4,2) B:(1,3) R:(3,3) B:(2,3) R:(2,4) B:(1,2) R:(5,2) B:(3,2)"), 409, "the game is over"},
	} {
		code, body := exploreGet(t, ts, c.path, c.q)
		if code != c.code || !strings.Contains(body["error"].(string), c.want) {
			t.Errorf("%s %v: %d %v, want %d %q", c.path, c.q, code, body, c.code, c.want)
		}
	}

	// The loaders.
	b := board.MustNew(4, 3, board.Torus)
	toks, _ := b.ParseMoves("B:(1,1) R:(3,1) B:(2,1)")
	_, moves, _, _ := b.Play(board.Blue, toks)
	g := board.Game{Board: b, Starter: board.Blue, Moves: moves}
	line, _ := json.Marshal(reports.NewGameJSON(g, reports.Meta{Strategy: "mirror", Side: board.Red}))
	sgf, _ := reports.SGF(g, reports.Meta{Strategy: "mirror", Side: board.Red})
	for _, text := range []string{string(line), string(sgf), `hexproof replay --board 4x3 --geometry torus --strategy mirror --choices every --moves "B:(1,1) R:(3,1) B:(2,1)"`} {
		l, err := parseLoad(text)
		if err != nil || l.Board != "4x3" || l.Geometry != "torus" || l.Strategy != "mirror" || l.Starter != "blue" {
			t.Errorf("load %q: %+v, %v", text, l, err)
			continue
		}
		if l.Moves != "B:(1,1) R:(3,1) B:(2,1)" && l.Moves != "B:a1 R:c1 B:b1" {
			t.Errorf("load %q: moves %q", text, l.Moves)
		}
	}
	for _, text := range []string{"", "hello", "{", "(;FF[4])", `hexproof replay --board 4x3 --moves "(1,1)`} {
		resp, err := http.Post(ts.URL+"/api/load", "text/plain", strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 400 {
			t.Errorf("load %q: %d, want 400", text, resp.StatusCode)
		}
	}

	// An overlay on 5x12, which cannot be solved, gives up when its request
	// is cancelled, long before its budget.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/overlay?"+exploreQuery("5x12", "fitzgerald", "B:(1,1)").Encode(), nil)
	start := time.Now()
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
	}
	// The server frees its one overlay slot once the solver has stopped.
	code, body := exploreGet(t, ts, "/api/overlay", exploreQuery("5x5", "hht", "B:(1,1) R:(2,1)", "budget_ms", "4000"))
	if elapsed := time.Since(start); code != 200 || body["complete"] != true || elapsed > 4*time.Second {
		t.Errorf("after a cancelled overlay: %d %v after %v", code, body, elapsed)
	}
}

// TestBrowserExplore: the explore page in headless Chromium: hht on 5x5,
// Blue starts; three clicks on cells (1,1), (3,3), (4,4) get the strategy's
// answers, which are those `replay` plays for the same moves, and the page
// shows the last answer's rule and allowed set; "who wins here" colours every
// empty cell, the winning ones those solve finds.
func TestBrowserExplore(t *testing.T) {
	ctx := newBrowser(t)
	ts := newExploreTest(t)
	_, out, _ := runCmd("replay", "--board", "5x5", "--strategy", "hht", "--starter", "blue", "--choices", "first", "--json", "-",
		"--moves", "(1,1) (3,3) (4,4)")
	var want struct {
		Moves []reports.MoveJSON `json:"moves"`
	}
	if err := json.Unmarshal([]byte(out), &want); err != nil || len(want.Moves) != 6 {
		t.Fatalf("replay: %v\n%s", err, out)
	}
	b := board.MustNew(5, 5, board.Cylinder)
	wantMoves := b.FormatMoves(movesOf(t, b, want.Moves), board.Thesis, true)
	last := want.Moves[5]

	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`polygon.cell[data-cell="(1,1)"]`))); err != nil {
		t.Fatal(err)
	}
	for k, c := range []string{"(1,1)", "(3,3)", "(4,4)"} {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`polygon.cell.empty[data-cell="`+c+`"]`))); err != nil {
			t.Fatalf("click %s: %v", c, err)
		}
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err := chromedp.Do(wctx, chromedp.WaitVisible(chromedp.CSS(`#moves li:nth-child(`+string(rune('0'+2*(k+1)))+`)`)))
		cancel()
		if err != nil {
			msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("error").textContent+" | "+document.getElementById("status").textContent+" | "+document.querySelectorAll("#moves li").length`))
			t.Fatalf("click %s: the moves did not grow (%v): %s", c, err, msg)
		}
	}
	type page struct {
		Replay, Answer, Status string
		Allowed                []string
		Moves                  int
	}
	p, err := chromedp.Run(ctx, chromedp.Evaluate[page](`({Replay:document.getElementById("replay").textContent,Answer:document.getElementById("answer").textContent,
Status:document.getElementById("status").textContent,Moves:document.querySelectorAll("#moves li").length,
Allowed:Array.from(document.querySelectorAll("polygon.allowed")).map(function(p){return p.getAttribute("data-cell");})})`))
	if err != nil {
		t.Fatal(err)
	}
	lastCell := b.Format(b.Cell(last.Cell[0], last.Cell[1]), board.Thesis)
	if p.Moves != 6 || !strings.Contains(p.Replay, `--moves "`+wantMoves+`"`) ||
		!strings.HasPrefix(p.Answer, "Red (hht) answered "+lastCell+" by rule "+last.Rule+"; allowed: ") ||
		!slices.Contains(p.Allowed, lastCell) || p.Status != "6 stones on the board; Blue to move (you)." {
		t.Errorf("after three clicks the page shows %+v; want the moves %s, Red's answer %s by rule %s", p, wantMoves, lastCell, last.Rule)
	}

	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("overlay")), chromedp.WaitVisible(chromedp.ID("legend"))); err != nil {
		t.Fatal(err)
	}
	overlay, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`(function(){var o={};document.querySelectorAll("polygon.cell.empty").forEach(function(p){o[p.getAttribute("data-cell")]=p.getAttribute("data-overlay")||"";});return o;})()`))
	if err != nil {
		t.Fatal(err)
	}
	sv, err := solve.NewSolver(context.Background(), b, solve.Options{TableBytes: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer sv.Close()
	pos := board.Game{Board: b, Moves: movesOf(t, b, want.Moves)}.Position(-1)
	wins, err := sv.WinningMoves(pos, board.Blue)
	if err != nil {
		t.Fatal(err)
	}
	winSet := map[string]bool{}
	for _, c := range wins {
		winSet[b.Format(c, board.Thesis)] = true
	}
	if len(overlay) != 19 {
		t.Errorf("the overlay covers %d cells, want the 19 empty ones", len(overlay))
	}
	for c, v := range overlay {
		if want := map[bool]string{true: "win", false: "lose"}[winSet[c]]; v != want {
			t.Errorf("overlay of %s: %q, want %q", c, v, want)
		}
	}
	screenshot(t, ctx, "body", "explore.png")
}

func movesOf(t *testing.T, b *board.Board, ms []reports.MoveJSON) []board.Move {
	t.Helper()
	var out []board.Move
	for _, m := range ms {
		c, err := board.ParseColor(m.Player)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, board.Move{Player: c, Cell: b.Cell(m.Cell[0], m.Cell[1]), Rule: m.Rule})
	}
	return out
}
