package tt

import (
	"fmt"
	"strings"
)

// The store's errors are typed so that a caller can word them for its own
// users (a command names its flags; this package never does) and tell a
// damaged database, which only deleting it can cure, from one in use or one
// that is not a store at all.

// DamagedError says that the database in Dir cannot be read as a position
// store: a file is truncated, altered or missing, or Badger failed (also by
// panicking) while reading it. Nothing in it can be trusted; deleting the
// directory is the cure, and a run without resuming does that by itself.
type DamagedError struct {
	Dir string
	Err error // what was found
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("database %s is damaged (%v); delete that directory and run again", e.Dir, oneLine(e.Err))
}

func (e *DamagedError) Unwrap() error { return e.Err }

// NotStoreError says that Dir has content but is not a hexproof database
// (no marker file, or a marker this version does not write): it is never
// written to or deleted.
type NotStoreError struct {
	Dir       string
	HasMarker bool   // a marker file exists, with other content
	Marker    string // that content (shortened)
}

func (e *NotStoreError) Error() string {
	if !e.HasMarker {
		return fmt.Sprintf("directory %s is not empty and is not a hexproof database (no %s file); it is left alone", e.Dir, markerName)
	}
	return fmt.Sprintf("directory %s is not a database of this hexproof (its %s file reads %q: damaged, or written by another version); it is left alone, delete it if it holds nothing you need", e.Dir, markerName, e.Marker)
}

// OldStoreError says that Dir is a hexproof database of an earlier format,
// which this version cannot read; a run that does not resume replaces it.
type OldStoreError struct {
	Dir    string
	Format int // the format its marker names
}

func (e *OldStoreError) Error() string {
	return fmt.Sprintf("database %s was written by an earlier hexproof (format %d) and cannot be resumed", e.Dir, e.Format)
}

// UncleanError says that the store in Dir was not closed by the process
// that wrote it (killed, or the machine stopped), so that Badger must
// replay the end of its log before it can be read, which a read-only open
// (solve --take-from) cannot do. Nothing in it is wrong: opening it once to
// write (a resume) replays the log and closes it cleanly.
type UncleanError struct{ Dir string }

func (e *UncleanError) Error() string {
	return fmt.Sprintf("database %s was not closed by the run that wrote it (killed?), so it cannot be read before it is opened once to write, which recovers it", e.Dir)
}

// InUseError says that another process has the database open.
type InUseError struct{ Dir string }

func (e *InUseError) Error() string {
	return fmt.Sprintf("database %s is in use by another process (another hexproof run with the same settings?)", e.Dir)
}

// MissingLayerError says that a layer asked for is not in the store.
type MissingLayerError struct{ Layer int }

func (e *MissingLayerError) Error() string {
	return fmt.Sprintf("layer %d is not in the store", e.Layer)
}

// oneLine keeps an error on one line (some Badger errors span several).
func oneLine(err error) string {
	if err == nil {
		return "unknown cause"
	}
	return strings.Join(strings.Fields(err.Error()), " ")
}
