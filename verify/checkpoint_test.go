package verify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/strategies"
	"hexproof/tt"
)

// checkpointCases are the lossy cases (refutations with many minimal losses)
// and a proof whose layers have thousands of positions.
func checkpointCases(t *testing.T) []strategyCase {
	var cases []strategyCase
	for _, c := range lossyCases(t) {
		// hht 4x4 and any-blue 3x5 add thousands of checkpoints and nothing new.
		if c.s.Board().Cells() <= 15 || c.name == "near-red" {
			cases = append(cases, c)
		}
	}
	b := board.MustNew(5, 4, board.Cylinder)
	g, err := strategies.New("gardner", b)
	if err != nil {
		t.Fatal(err)
	}
	cases = append(cases, strategyCase{"gardner", g, board.Blue})
	if testing.Short() {
		cases = append(cases[:3], cases[len(cases)-1])
	}
	return cases
}

// TestCheckpointResume stops runs at checkpoints inside layers (every chunk
// of 64 positions is a checkpoint here), resumes them — stopping again some
// checkpoints later, so that checkpoints are taken on top of resumed ones —
// and expects exactly the uninterrupted result: verdict, every count, the
// counterexample and the exported losing games in order.
func TestCheckpointResume(t *testing.T) {
	defer func(n int) { scanChunk = n; checkpointHook = nil }(scanChunk)
	scanChunk = 64
	for _, c := range checkpointCases(t) {
		base := Options{Strategy: c.s, Name: c.name, Starter: c.starter, Jobs: 1}
		want := fullSummary(t, base)
		// How many checkpoints an uninterrupted run takes.
		total := 0
		checkpointHook = func(int, int64) { total++ }
		opt := base
		opt.DB, opt.CheckpointEvery, opt.Jobs = filepath.Join(t.TempDir(), "db"), time.Nanosecond, 2
		if got := fullSummary(t, opt); got != want {
			t.Fatalf("%s on %s, %s starts, with checkpoints:\n got %s\nwant %s", c.name, c.s.Board(), c.starter, got, want)
		}
		if total < 3 {
			t.Fatalf("%s on %s: only %d checkpoints", c.name, c.s.Board(), total)
		}
		// The chain first stopped at a third of the way stops again every
		// third, so it takes checkpoints on top of resumed ones; the long
		// cases add a stop at the very first checkpoint and one at the last.
		firsts := []int{total / 3}
		if testkit.Long() {
			firsts = []int{1, total / 3, total - 1}
		}
		for _, first := range firsts {
			checkpointsSeen, stops, stopped := 0, 0, 0
			opt := opt
			opt.DB = filepath.Join(t.TempDir(), "db")
			var got string
			for {
				ctx, cancel := context.WithCancel(context.Background())
				next := first
				if stops > 0 {
					next = checkpointsSeen + max(1, total/3)
				}
				checkpointHook = func(int, int64) {
					checkpointsSeen++
					if checkpointsSeen == next {
						cancel()
					}
				}
				opt.Jobs = 1 + stops%2
				res := runSummary(t, ctx, opt)
				cancel()
				stops++
				if res.verdict != Inconclusive {
					got = res.s
					break
				}
				stopped++
				opt.Resume = true
				if stops > total+5 {
					t.Fatalf("%s on %s: still not settled after %d resumptions", c.name, c.s.Board(), stops)
				}
			}
			if got != want {
				t.Fatalf("%s on %s, %s starts, first stopped at checkpoint %d (%d stops):\n got %s\nwant %s", c.name, c.s.Board(), c.starter, first, stopped, got, want)
			}
			if stopped == 0 {
				t.Fatalf("%s on %s: stopping at checkpoint %d of %d stopped nothing", c.name, c.s.Board(), first, total)
			}
		}
	}
}

type summarized struct {
	verdict Verdict
	s       string
}

// runSummary is fullSummary under ctx.
func runSummary(t *testing.T, ctx context.Context, opt Options) summarized {
	t.Helper()
	r, err := tryRunSummary(ctx, opt)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return r
}

func tryRunSummary(ctx context.Context, opt Options) (summarized, error) {
	var games []string
	opt.MaxLosses = 50
	opt.OnLoss = func(g board.Game) error {
		games = append(games, g.Board.FormatMoves(g.Moves, board.Thesis, true))
		return nil
	}
	res, err := Run(ctx, opt)
	if err != nil {
		return summarized{}, err
	}
	return summarized{res.Verdict, fmt.Sprintf("%s minimal=%v layers=%d losses=%d detail=%q\n%v", summary(res), res.Minimal, res.LayersDone, res.Losses, res.Detail, games)}, nil
}

// TestCheckpointRecord: an interrupted run says how far its checkpoint got,
// ResumePoint reports it, and a checkpoint that does not fit its layer is a
// damaged database.
func TestCheckpointRecord(t *testing.T) {
	defer func(n int) { scanChunk = n; checkpointHook = nil }(scanChunk)
	scanChunk = 64
	b := board.MustNew(5, 4, board.Cylinder)
	s, _ := strategies.New("gardner", b)
	opt := Options{Strategy: s, Name: "gardner", Starter: board.Red, Jobs: 2, CheckpointEvery: time.Nanosecond,
		DB: filepath.Join(t.TempDir(), "db")}
	ctx, cancel := context.WithCancel(context.Background())
	var layer int
	var done int64
	n := 0
	checkpointHook = func(l int, d int64) {
		if n++; n == 100 {
			layer, done = l, d
			cancel()
		}
	}
	res, err := Run(ctx, opt)
	if err != nil || res.Verdict != Inconclusive {
		t.Fatalf("interrupted run: %v, %+v", err, res)
	}
	if want := fmt.Sprintf("%d of them saved at a checkpoint", done); !contains(res.Detail, want) {
		t.Fatalf("detail %q does not say %q", res.Detail, want)
	}
	p, err := ResumePoint(opt)
	if err != nil || p == nil || p.Layer != layer-2 || p.Expanded != done {
		t.Fatalf("ResumePoint = %+v, %v; want layer %d with %d expanded", p, err, layer-2, done)
	}
	// A record claiming more expanded positions than the layer has.
	disk, err := tt.OpenBadger(opt.DB)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := disk.LoadMeta()
	m, err := decodeMeta(opt, raw)
	if err != nil {
		t.Fatal(err)
	}
	m.Partial.Done = m.Sizes[m.Frontier] + 1
	raw = mustJSON(t, m)
	if err := disk.SaveMeta(raw); err != nil {
		t.Fatal(err)
	}
	disk.Close()
	opt.Resume = true
	if _, err := Run(context.Background(), opt); !isDamaged(err) {
		t.Fatalf("a checkpoint past its layer: %v", err)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func isDamaged(err error) bool {
	var d *tt.DamagedError
	return errors.As(err, &d)
}

// TestDamagedCheckpoint: a database stopped at a checkpoint inside a layer,
// with one byte of one of its files flipped, resumes to the uninterrupted
// result or fails as damaged — never another answer.
func TestDamagedCheckpoint(t *testing.T) {
	defer func(n int) { scanChunk = n; checkpointHook = nil }(scanChunk)
	scanChunk = 64
	b := board.MustNew(4, 3, board.Torus)
	s, _ := strategies.New("gardner", b)
	base := Options{Strategy: s, Name: "gardner", Starter: board.Red, Jobs: 1}
	want := fullSummary(t, base)
	base.CheckpointEvery = time.Nanosecond
	src := filepath.Join(t.TempDir(), "db")
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	checkpointHook = func(int, int64) {
		if n++; n == 4 {
			cancel()
		}
	}
	opt := base
	opt.DB = src
	if r := runSummary(t, ctx, opt); r.verdict != Inconclusive {
		t.Fatalf("not stopped: %s", r.s)
	}
	checkpointHook = nil
	files, _ := os.ReadDir(src)
	damagedSeen := 0
	for _, f := range files {
		// Badger's files (the record), the layers' and the parts' files.
		if !slices.Contains([]string{".sst", ".vlog", ".hxl", ".hxp"}, filepath.Ext(f.Name())) {
			continue
		}
		dir := filepath.Join(t.TempDir(), "db")
		if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, f.Name())
		raw, err := os.ReadFile(path)
		if err != nil || len(raw) == 0 {
			continue
		}
		raw[len(raw)/2] ^= 0x40
		if err := os.WriteFile(path, raw, 0o644); err != nil {
			t.Fatal(err)
		}
		opt := base
		opt.DB, opt.Resume = dir, true
		got, err := tryRunSummary(context.Background(), opt)
		if err != nil {
			if !isDamaged(err) {
				t.Fatalf("%s flipped: %v", f.Name(), err)
			}
			damagedSeen++
			continue
		}
		if got.s != want {
			t.Fatalf("%s flipped: resumed to\n%s\nwant\n%s", f.Name(), got.s, want)
		}
	}
	if damagedSeen == 0 {
		t.Fatal("no flipped file was found damaged: the test damaged nothing that matters")
	}
}
