package verify

import (
	"context"
	"errors"
	"fmt"
)

// Errors of Run and ResumePoint that a caller may want to word or act on.
// None names a command-line flag: the command that called Run does that.
// A damaged database is reported as the store's own *tt.DamagedError.

// ErrSomeResume: the `some` search keeps its tables in memory, so it has
// nothing to resume from.
var ErrSomeResume = errors.New("the some search keeps its tables in memory and cannot resume")

// ErrResumeInMemory: resuming needs a database; an in-memory run keeps nothing.
var ErrResumeInMemory = errors.New("an in-memory run keeps nothing to resume from; resuming needs a database directory")

// NothingToResumeError: resuming was asked for, but the database directory
// holds no record of an earlier run of this search.
type NothingToResumeError struct{ Dir string }

func (e *NothingToResumeError) Error() string {
	return fmt.Sprintf("nothing to resume in %s (no earlier run of this search was recorded there)", e.Dir)
}

// OtherRunError: the database directory holds the record of another search.
type OtherRunError struct {
	Dir          string
	Stored, Want string // run ids (RunID)
}

func (e *OtherRunError) Error() string {
	return fmt.Sprintf("database %s holds another run (%s), not %s", e.Dir, e.Stored, e.Want)
}

// StopReason says why an inconclusive run stopped.
type StopReason uint8

const (
	// NotStopped: the run settled its question (or has not stopped for a budget).
	NotStopped StopReason = iota
	// StopInterrupted: the caller's context was cancelled (Ctrl-C).
	StopInterrupted
	// StopTimeLimit: Options.TimeLimit ran out.
	StopTimeLimit
	// StopBudget: the position or memory budget ran out.
	StopBudget
	// StopShardsOpen: a merged sharded run has shards that have not finished
	// (or not got far enough).
	StopShardsOpen
)

func (s StopReason) String() string {
	switch s {
	case StopInterrupted:
		return "interrupted"
	case StopTimeLimit:
		return "time limit"
	case StopBudget:
		return "budget"
	case StopShardsOpen:
		return "shards open"
	}
	return ""
}

var errUnreadableMeta = errors.New("its run description is unreadable")

// stopReason says why an inconclusive run stopped. The budgets are checked
// first: the search tests them between layers, so a run that exceeded one
// stopped for it even if a signal came later.
func stopReason(parent, ctx context.Context, opt Options, r *Result) StopReason {
	switch {
	case opt.MaxPositions > 0 && r.Positions > opt.MaxPositions:
		return StopBudget
	case parent.Err() != nil:
		return StopInterrupted
	case ctx.Err() == context.DeadlineExceeded:
		return StopTimeLimit
	}
	return StopBudget
}

// StopWords says in the user's words why a context ended a search: the
// time limit was reached, or it was interrupted (a signal, or the caller
// gave up). Never the bare "context deadline exceeded".
func StopWords(err error) string {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "the time limit was reached"
	case err != nil:
		return "interrupted"
	}
	return "stopped"
}
