package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"hexproof/board"
	"hexproof/internal/procmem"
	"hexproof/reports"
	"hexproof/tt"
	"hexproof/verify/solve"
)

// factsFlags are solve's --db and --resume: a store of solved positions
// that a later solve of the same board starts from (solve.OpenFacts).
type factsFlags struct {
	dir    *string
	resume *bool
	// take is --take-from (solve only; nil for the walk's flags), taken
	// what it added to --db.
	take  *[]string
	taken *taken
}

// taken counts what --take-from added to --db: the stores read, and the
// solved positions and band games' answers new to it.
// interrupted says that a Ctrl-C stopped the take before its end.
type taken struct {
	stores, facts, bands int64
	interrupted          bool
}

func addFactsFlags(fs *pflag.FlagSet) factsFlags {
	return factsFlags{
		dir:    fs.String("db", "", "keep every solved position in a database in DIR (Badger), so that --resume can continue an interrupted solve of the same board from them (default: none)"),
		resume: fs.Bool("resume", false, "start from the solved positions in --db (an earlier solve of the same board, interrupted or not); without it --db starts empty, replacing what is there"),
		take:   fs.StringArray("take-from", nil, "before the search, add to --db the solved positions and band games' answers of the database in DIR, another solve's of the same board (repeatable; docs/decisions/solve.md K29)"),
		taken:  &taken{},
	}
}

// addWalkFactsFlags is --db and --resume for the blunder walk of replay:
// the same store as solve's, so a walk can also start from a solve's.
func addWalkFactsFlags(fs *pflag.FlagSet) factsFlags {
	return factsFlags{
		dir:    fs.String("db", "", "keep every position the blunder walk solves in a database in DIR (Badger), as solve --db does (default: none)"),
		resume: fs.Bool("resume", false, "start the walk from the solved positions in --db: an earlier walk's, or a solve's (solve --db, solve --shard --db) of the same board; without it --db starts empty, replacing what is there"),
	}
}

// check refuses --resume without --db, and --db with --certificate.
func (f factsFlags) check(certificate bool) error {
	switch {
	case *f.resume && *f.dir == "":
		return errors.New("--resume needs --db DIR, the database of the solve to continue")
	case f.take != nil && len(*f.take) > 0 && *f.dir == "":
		return errors.New("--take-from adds to the database of --db; give --db DIR too")
	case *f.dir != "" && certificate:
		return errors.New("--certificate is built from the search's own table and cannot start from --db; leave out one of them")
	}
	return nil
}

// output is --db for checkOutputSet.
func (f factsFlags) output() output { return output{flag: "db", path: *f.dir, dir: true} }

// open opens the store (nil without --db) and gives the function that
// writes what is pending and closes it (safe to call twice).
func (f factsFlags) open(ctx context.Context, b *board.Board) (*tt.Facts, func() error, error) {
	return f.openOr(ctx, b, nil)
}

// openShard is open for solve --shard, whose job a scheduler runs again
// blindly (a requeued Slurm task, a second GNU parallel pass,
// scripts/run-plan.sh), always with the same flags: with --resume and no
// database in --db yet it starts one afresh, as verify --shard does
// (docs/decisions.md V18), and says so on stderr. A directory that holds
// something else is still refused: only a missing or empty one is started.
func (f factsFlags) openShard(ctx context.Context, b *board.Board, stderr io.Writer, index int) (*tt.Facts, func() error, error) {
	return f.openOr(ctx, b, func() {
		fmt.Fprintf(stderr, "hexproof solve: shard %d: nothing to resume in %s; starting afresh\n", index, *f.dir)
	})
}

// openOr is open; afresh, when not nil, turns --resume with nothing to
// resume into a fresh store (after it is called) instead of an error. When
// ctx is done during --take-from (Ctrl-C) the take stops and the store is
// opened all the same: what was taken is sound (tt.Facts.Take), and the
// caller's search, under the same ctx, stops at once and reports the run
// as interrupted.
func (f factsFlags) openOr(ctx context.Context, b *board.Board, afresh func()) (*tt.Facts, func() error, error) {
	if *f.dir == "" {
		return nil, func() error { return nil }, nil
	}
	// --take-from is checked before --db is opened, which without --resume
	// replaces what is there: a refused run leaves it alone.
	if err := f.takeFrom(ctx, nil, b); err != nil {
		return nil, nil, err
	}
	facts, err := solve.OpenFacts(*f.dir, b, *f.resume)
	var nothing *solve.NothingToResumeError
	if afresh != nil && errors.As(err, &nothing) {
		afresh()
		facts, err = solve.OpenFacts(*f.dir, b, false)
	}
	var other *solve.OtherFactsError
	switch {
	case errors.As(err, &nothing):
		return nil, nil, fmt.Errorf("--resume: %v; run without --resume to start", err)
	case errors.As(err, &other):
		return nil, nil, fmt.Errorf("--resume: %v; give that board, another --db, or run without --resume to start afresh (that replaces it)", err)
	case err != nil:
		return nil, nil, fmt.Errorf("--db: %v", err)
	}
	if err := f.takeFrom(ctx, facts, b); err != nil {
		_ = facts.Store().Close()
		return nil, nil, err
	}
	closed := false
	return facts, func() error {
		if closed {
			return nil
		}
		closed = true
		err := facts.Flush()
		if cerr := facts.Store().Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("--db: %v", err)
		}
		return nil
	}, nil
}

// takeFrom adds the stores of --take-from to facts, the store of --db;
// with facts nil it only checks that each is a store of b's solved
// positions, and not --db itself. When ctx is done it stops taking (what
// was taken stays) and returns nil; taken.interrupted says so.
func (f factsFlags) takeFrom(ctx context.Context, facts *tt.Facts, b *board.Board) error {
	if f.take == nil {
		return nil
	}
	self, _ := filepath.Abs(*f.dir)
	for _, dir := range *f.take {
		if strings.TrimSpace(dir) == "" {
			return errors.New("--take-from is empty; give a database's directory, or leave the flag out")
		}
		if abs, _ := filepath.Abs(dir); abs == self {
			return fmt.Errorf("--take-from %s: that is the database of --db itself", dir)
		}
		var n, nb int64
		var err error
		if facts == nil {
			err = solve.CheckFacts(dir, b)
		} else {
			n, nb, err = solve.TakeFacts(ctx, facts, dir, b)
		}
		if facts != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			f.taken.stores++
			f.taken.facts += n
			f.taken.bands += nb
			f.taken.interrupted = true
			return nil
		}
		var nothing *solve.NothingToResumeError
		var other *solve.OtherFactsError
		switch {
		case errors.As(err, &nothing):
			return fmt.Errorf("--take-from %s: no database of solved positions there", dir)
		case errors.As(err, &other):
			return fmt.Errorf("--take-from: %v", err)
		case errors.As(err, new(*tt.UncleanError)):
			return fmt.Errorf("--take-from %s: %v: resume it once (a solve of its board with --db %s --resume; --time-limit 1s will do), then take from it", dir, err, dir)
		case err != nil:
			return fmt.Errorf("--take-from %s: %v", dir, err)
		}
		if facts == nil {
			continue
		}
		f.taken.stores++
		f.taken.facts += n
		f.taken.bands += nb
	}
	return nil
}

// takenText is the report's line on --take-from: stores read, the solved
// positions and band games' answers they added ("" when none was read);
// interrupted adds that a Ctrl-C stopped the take in the last store read.
func takenText(stores int, facts, bands int64, interrupted bool) string {
	return takenLine("taken first from the other", stores, facts, bands, interrupted)
}

// takenLine is takenText with its first words, lead.
func takenLine(lead string, stores int, facts, bands int64, interrupted bool) string {
	if stores == 0 {
		return ""
	}
	what := "database"
	if stores > 1 {
		what = fmt.Sprintf("%d databases", stores)
	}
	stopped := ""
	if interrupted {
		stopped = " (interrupted in the last of them; what was taken is kept)"
	}
	return fmt.Sprintf("  %s %s (--take-from): %s solved positions, %s band games' answers%s\n",
		lead, what, reports.Thousands(facts), reports.Thousands(bands), stopped)
}

// added is the number of solved positions added to facts so far (0 without
// a store).
func (f factsFlags) added(facts *tt.Facts) int64 {
	if facts == nil {
		return 0
	}
	return facts.Written
}

// takeOnlyFlags are the flags solve --take-only reads (--certificate and
// --compact are refused by their own checks, in their own words); any other
// flag given is one of the search's, which it does not run. An allow-list,
// so that a flag added to solve later is refused too, not ignored.
var takeOnlyFlags = map[string]bool{"board": true, "geometry": true, "db": true, "resume": true, "take-from": true,
	"take-only": true, "json": true, "no-progress": true, "jobs": true, "memory": true, "certificate": true, "compact": true}

// checkTakeOnly refuses solve --take-only without --db or --take-from, and
// with the flags of a search it would not run.
func checkTakeOnly(fs *pflag.FlagSet, takeOnly bool, f factsFlags) error {
	if !takeOnly {
		return nil
	}
	switch {
	case *f.dir == "":
		return errors.New("--take-only adds the stores of --take-from to --db; give --db DIR too")
	case len(*f.take) == 0:
		return errors.New("--take-only adds the stores of --take-from to --db; give at least one --take-from DIR")
	}
	var rules []flagNeed
	fs.Visit(func(fl *pflag.Flag) { // the flags given, in name order
		if !takeOnlyFlags[fl.Name] {
			rules = append(rules, flagNeed{fl.Name, false, "is for a search, and --take-only runs none"})
		}
	})
	return onlyWith(fs, rules...)
}

// reportTakeOnly ends solve --take-only: it closes --db (closeFacts), says
// what the take added and exits 0, or 3 when a Ctrl-C stopped it (what was
// taken is kept, K29).
func reportTakeOnly(b *board.Board, f factsFlags, closeFacts func() error, took time.Duration, jsonOut string, stdout, stderr io.Writer) int {
	if err := closeFacts(); err != nil {
		return fail(stderr, "solve", exitUsage, err)
	}
	j := reports.TakeDoc{Board: fmt.Sprintf("%dx%d", b.M, b.N), Geometry: b.Geo.String(), DB: *f.dir,
		TakenFrom: (*f.take)[:f.taken.stores], TakenFacts: f.taken.facts, TakenBands: f.taken.bands,
		TakeInterrupted: f.taken.interrupted, Elapsed: took.Seconds(), PeakRSS: procmem.PeakRSS()}
	if jsonOut != "-" {
		fmt.Fprintf(stdout, "%s: database %s, nothing solved (--take-only), %.1f s\n", b, j.DB, j.Elapsed)
		fmt.Fprint(stdout, takenLine("taken from the", len(j.TakenFrom), j.TakenFacts, j.TakenBands, j.TakeInterrupted))
	}
	if jsonOut != "" {
		if err := writeJSON(jsonOut, j, stdout); err != nil {
			return fail(stderr, "solve", exitUsage, err)
		}
	}
	if j.TakeInterrupted {
		return exitInconclusive
	}
	return exitOptimal
}
