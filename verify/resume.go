package verify

import (
	"encoding/json"
	"errors"
	"fmt"

	"hexproof/tt"
)

// Resume is where a resumed run would continue.
type Resume struct {
	Dir string
	// Layer is the stone count of the last finished layer, the one the run
	// expands next; -1 when the earlier run finished no layer (the run then
	// starts again from the empty board).
	Layer     int
	Positions int64 // positions in the finished layers
	// Expanded is how many positions of layer Layer were expanded and saved
	// at a checkpoint inside it (the run goes on after them).
	Expanded int64
}

// ResumePoint reads, without changing anything, where opt would resume: nil
// when opt has no database or there is no database directory (resuming is
// then a *NothingToResumeError), an error for a damaged database or one that
// holds another run.
//
// Every table's checksums are verified, and the layer and checkpoint parts
// that the resumed run reads first are read whole (checkResumable), so that
// a damaged database is reported before anything says it will be resumed.
func ResumePoint(opt Options) (*Resume, error) { return resumePoint(opt, true) }

// resumePoint is ResumePoint; without verify only the run's record is read
// (enough to see whose database it is).
func resumePoint(opt Options, verify bool) (*Resume, error) {
	if opt.DB == "" || opt.Strategy == nil {
		return nil, nil
	}
	ok, err := tt.HasStore(opt.DB)
	if err != nil || !ok {
		return nil, err
	}
	var raw []byte
	if verify {
		var disk *tt.Badger
		if disk, err = tt.OpenBadger(opt.DB); err != nil {
			return nil, err
		}
		raw, err = disk.LoadMeta()
		if err == nil && raw != nil {
			err = checkResumable(opt, disk, raw)
		}
		if cerr := disk.Close(); err == nil {
			err = cerr
		}
	} else {
		raw, err = tt.PeekMeta(opt.DB)
	}
	if err != nil {
		return nil, err
	}
	if raw == nil {
		// Every run records itself as soon as it opens its store; a store
		// without a record was killed before that (or lost its MANIFEST,
		// which Badger reopens as an empty store). Either way nothing in
		// it is used: the run starts again from the empty board.
		return &Resume{Dir: opt.DB, Layer: -1}, nil
	}
	m, err := decodeMeta(opt, raw)
	if err != nil {
		return nil, err
	}
	r := &Resume{Dir: opt.DB, Layer: m.Frontier}
	if m.Frontier >= 0 {
		for _, n := range m.Sizes {
			r.Positions += n
		}
		if m.Partial != nil {
			r.Expanded = m.Partial.Done
		}
	}
	return r, nil
}

// decodeMeta reads a run description and checks that it is opt's run.
func decodeMeta(opt Options, raw []byte) (*meta, error) {
	m := &meta{}
	if err := json.Unmarshal(raw, m); err != nil || m.Format != 1 {
		return nil, &tt.DamagedError{Dir: opt.DB, Err: errUnreadableMeta}
	}
	if m.Run != RunID(opt) {
		return nil, &OtherRunError{Dir: opt.DB, Stored: m.Run, Want: RunID(opt)}
	}
	return m, nil
}

// refuseOtherRun fails if the database directory holds another run's record
// (such a directory is left alone). A damaged database holds nothing
// trustworthy and does not stop a fresh start.
func (e *engine) refuseOtherRun() error {
	_, err := resumePoint(e.opt, false)
	var other *OtherRunError
	var damaged *tt.DamagedError
	switch {
	case errors.As(err, &other):
		return err
	case errors.As(err, &damaged), errors.As(err, new(*tt.OldStoreError)):
		return nil // replaced by the fresh start
	}
	return err
}

// checkResumable checks that every layer the record names is there, of its
// size, and reads the blocks a resumed run starts from — its frontier layer
// and the checkpoint parts inside the next one — so that damage there (the
// layers and parts are files of their own, which opening Badger does not
// check) is found now, as a *tt.DamagedError, rather than after the resume
// has been announced. Older layers are read only to rebuild a
// counterexample, and a damaged block there is reported then.
func checkResumable(opt Options, disk *tt.Badger, raw []byte) error {
	m, err := decodeMeta(opt, raw)
	if err != nil || m.Frontier < 0 {
		return nil // resumePoint reports the record itself
	}
	// Every layer the record names is there, of its size (each is a file
	// of its own, whose footer gives its size: a deleted or truncated file
	// of an older layer is found now, not after the resume is announced).
	for k, n := range m.Sizes {
		l, err := disk.Layer(k)
		if missing := (*tt.MissingLayerError)(nil); errors.As(err, &missing) {
			return &tt.DamagedError{Dir: opt.DB, Err: fmt.Errorf("layer %d, which its record names, is not there", k)}
		}
		if err != nil {
			return err
		}
		if l.Len() != n {
			return &tt.DamagedError{Dir: opt.DB, Err: fmt.Errorf("layer %d has %d positions, its record says %d", k, l.Len(), n)}
		}
	}
	l, err := disk.Layer(m.Frontier)
	if missing := (*tt.MissingLayerError)(nil); errors.As(err, &missing) {
		return nil // resumeLayers words a missing layer
	}
	if err != nil {
		return err
	}
	noop := func([]tt.Key) error { return nil }
	if err := l.Scan(1<<16, noop); err != nil {
		return err
	}
	if p := m.Partial; p != nil && p.Layer == m.Frontier+2 {
		return disk.ScanParts(p.Layer, p.Segments, noop)
	}
	return nil
}
