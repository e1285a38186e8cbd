package verify

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/tt"
)

// TestResumeErrorsAndStopReasons: resuming nothing is a typed error (and
// creates nothing), an in-memory resume is ErrResumeInMemory, ResumePoint
// reports where a run continues, and an inconclusive result says why it
// stopped.
func TestResumeErrorsAndStopReasons(t *testing.T) {
	b := board.MustNew(5, 4, board.Cylinder)
	s, _ := strategies.New("gardner", b)
	opt := Options{Strategy: s, Name: "gardner", Starter: board.Red, DB: filepath.Join(t.TempDir(), "db"), Resume: true}
	var nothing *NothingToResumeError
	if _, err := Run(context.Background(), opt); !errors.As(err, &nothing) || nothing.Dir != opt.DB {
		t.Fatalf("resume of nothing: %v", err)
	}
	if _, err := os.Stat(opt.DB); err == nil {
		t.Fatal("resuming nothing created the database directory")
	}
	if p, err := ResumePoint(opt); p != nil || err != nil {
		t.Fatalf("ResumePoint of nothing: %v, %v", p, err)
	}
	if _, err := Run(context.Background(), Options{Strategy: s, Name: "gardner", Starter: board.Red, Resume: true}); !errors.Is(err, ErrResumeInMemory) {
		t.Fatalf("in-memory resume: %v", err)
	}

	// A position budget: StopBudget, and ResumePoint names the layer.
	opt.Resume, opt.MaxPositions = false, 500
	res := run(t, opt)
	if res.Verdict != Inconclusive || res.StopReason != StopBudget {
		t.Fatalf("budget: %s, %v", res.Verdict, res.StopReason)
	}
	p, err := ResumePoint(opt)
	if err != nil || p == nil || p.Layer != res.LayersDone || p.Positions != res.Positions {
		t.Fatalf("ResumePoint = %+v, %v; the run stopped with layers up to %d done, %d positions", p, err, res.LayersDone, res.Positions)
	}
	// Another run's database is refused, resuming or not.
	other := opt
	other.Starter = board.Blue
	var o *OtherRunError
	for _, resume := range []bool{false, true} {
		other.Resume = resume
		if _, err := Run(context.Background(), other); !errors.As(err, &o) {
			t.Fatalf("another run's database (resume %v): %v", resume, err)
		}
	}
	// A cancelled context: StopInterrupted; a time limit: StopTimeLimit.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	opt.MaxPositions, opt.Resume = 0, true
	res, err = Run(ctx, opt)
	if err != nil || res.Verdict != Inconclusive || res.StopReason != StopInterrupted {
		t.Fatalf("cancelled: %v, %+v", err, res)
	}
	opt.TimeLimit = time.Nanosecond
	res, err = Run(context.Background(), opt)
	if err != nil || res.Verdict != Inconclusive || res.StopReason != StopTimeLimit {
		t.Fatalf("time limit: %v, %+v", err, res)
	}
	// Settled results carry no stop reason.
	opt.TimeLimit = 0
	if res := run(t, opt); res.Verdict != Optimal || res.StopReason != NotStopped {
		t.Fatalf("resumed to the end: %s, %v", res.Verdict, res.StopReason)
	}
	// A damaged database is a *tt.DamagedError from ResumePoint and Run.
	entries, _ := os.ReadDir(opt.DB)
	for _, e := range entries {
		if filepath.Ext(e.Name()) == ".sst" {
			os.Truncate(filepath.Join(opt.DB, e.Name()), 100)
		}
	}
	var dmg *tt.DamagedError
	if _, err := ResumePoint(opt); !errors.As(err, &dmg) {
		t.Fatalf("ResumePoint of a damaged database: %v", err)
	}
	if _, err := Run(context.Background(), opt); !errors.As(err, &dmg) {
		t.Fatalf("resume of a damaged database: %v", err)
	}
	opt.Resume = false
	if res := run(t, opt); res.Verdict != Optimal {
		t.Fatalf("a fresh run over a damaged database: %s", res.Verdict)
	}
}
