package tt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"
)

// markerName is the file that says a directory is a hexproof database. A
// directory with other content and no marker is refused, so that --db pointed
// at the wrong place never deletes anything.
const markerName = "HEXPROOF-DB"

// storeFormat is the format of the database directory this version writes:
// 3 since the layers and parts are plain files beside Badger
// (docs/decisions.md V30).
const storeFormat = 3

var markerText = markerFor(storeFormat)

func markerFor(format int) string {
	return fmt.Sprintf("hexproof position store, format %d\n", format)
}

// Layout of Badger keys: 'm' → the run's metadata. Layers and checkpoint
// parts are files (files.go, parts.go).
const prefixMeta = 'm'

// Badger is the persistent store: the run's record in an embedded Badger
// database, and the layers and checkpoint parts as plain files in the same
// directory (files.go).
//
// Every exported entry point that calls Badger turns a panic inside it
// (which its table code raises on some damaged files) into a *DamagedError
// naming the directory, so that a damaged database costs the user one line,
// not a stack trace. Badger's checksums are verified when the store is
// opened and on every block read; the files carry checksums of their own,
// verified on every read.
type Badger struct {
	db     *badger.DB
	dir    string
	files  fileState
	mem    atomic.Int64 // see Memory
	closed atomic.Bool
}

// OpenBadger opens (creating if needed) a store in dir. It refuses a directory
// that has content but is not a hexproof store.
func OpenBadger(dir string) (*Badger, error) {
	if err := prepareDir(dir, false); err != nil {
		return nil, err
	}
	return openBadger(dir)
}

// PeekMeta reads the run description of the store in dir without verifying
// every table first (the read itself is checksummed): for a caller that only
// wants to know what a store holds. A directory without a store gives nil.
func PeekMeta(dir string) ([]byte, error) {
	ok, err := HasStore(dir)
	if err != nil || !ok {
		return nil, err
	}
	s, err := openBadgerChecked(dir, false)
	if err != nil {
		return nil, err
	}
	out, err := s.LoadMeta()
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	return out, err
}

// OpenBadgerFresh opens an empty store in dir: a hexproof store already there
// is deleted first, whatever state it is in (so that a damaged database never
// stands in the way of a run that does not need its content). A directory that
// has content but is not a hexproof store is refused, never deleted.
func OpenBadgerFresh(dir string) (*Badger, error) {
	if err := prepareDir(dir, true); err != nil {
		return nil, err
	}
	return openBadger(dir)
}

// RemoveStore deletes the store in dir (a finished run's database) so that a
// kill at any moment leaves either the whole store or none: it first renames
// dir to dir+".removing" (atomic within a file system), then deletes that.
// Deleting in place, a kill could leave the manifest without the table files
// it names, which a later --resume reports as a damaged database. A
// ".removing" directory left by such a kill is deleted here too.
func RemoveStore(dir string) error {
	gone := filepath.Clean(dir) + ".removing"
	if err := os.RemoveAll(gone); err != nil {
		return err
	}
	if err := os.Rename(dir, gone); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	return os.RemoveAll(gone)
}

// HasStore reports whether dir exists and is marked as a hexproof store; it
// creates nothing.
func HasStore(dir string) (bool, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("database directory %s: %w", dir, err)
	}
	if unmarked(entries) {
		return false, nil
	}
	if err := checkMarker(dir); err != nil {
		return false, err
	}
	return true, nil
}

// markerTemp is where the marker is written before it is renamed into
// place, so that the marker is either absent or whole: a kill while it is
// written leaves at most this file.
const markerTemp = markerName + ".tmp"

// unmarked reports whether a directory's entries are none, or only a marker
// that a killed process did not finish (markerTemp): no store was made there.
func unmarked(entries []fs.DirEntry) bool {
	return len(entries) == 0 || len(entries) == 1 && entries[0].Name() == markerTemp
}

// writeMarker marks dir as a store: the marker is written to markerTemp,
// synced and renamed, and the directory synced, so that a kill at any moment
// leaves no marker or the whole one (an empty marker read as "another
// version's database" made a run killed at its start unresumable).
func writeMarker(dir string) error {
	tmp := filepath.Join(dir, markerTemp)
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(markerText); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, filepath.Join(dir, markerName)); err != nil {
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// checkMarker returns a *NotStoreError unless dir holds the marker file.
func checkMarker(dir string) error {
	b, err := os.ReadFile(filepath.Join(dir, markerName))
	if errors.Is(err, fs.ErrNotExist) {
		return &NotStoreError{Dir: dir}
	}
	if err != nil {
		return fmt.Errorf("database directory %s: %w", dir, err)
	}
	for f := 1; f < storeFormat; f++ {
		if string(b) == markerFor(f) {
			return &OldStoreError{Dir: dir, Format: f}
		}
	}
	if string(b) != markerText {
		m := strings.TrimSpace(string(b))
		if len(m) > 40 {
			m = m[:40] + "…"
		}
		return &NotStoreError{Dir: dir, HasMarker: true, Marker: m}
	}
	return nil
}

// prepareDir creates dir if needed, checks that it is empty or a hexproof
// store, empties it if fresh, and marks it.
func prepareDir(dir string, fresh bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("database directory %s: %w", dir, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("database directory %s: %w", dir, err)
	}
	if !unmarked(entries) {
		if err := checkMarker(dir); err != nil && !(fresh && errors.As(err, new(*OldStoreError))) {
			return err
		}
		if !fresh {
			return nil
		}
		// Badger holds a lock while a process has the store open; deleting
		// under it would pull the files from under that process.
		if _, err := os.Stat(filepath.Join(dir, "LOCK")); err == nil {
			if err := lockFree(dir); err != nil {
				return err
			}
		}
		for _, e := range entries {
			if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
				return fmt.Errorf("emptying database directory %s: %w", dir, err)
			}
		}
	}
	if err := writeMarker(dir); err != nil {
		return fmt.Errorf("database directory %s: %w", dir, err)
	}
	return nil
}

// lockFree fails with *InUseError if another process holds the store's lock
// (Badger's own check, by opening and closing the store read-only).
func lockFree(dir string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = nil // damaged, not locked: emptying it is the cure
		}
	}()
	db, err := badger.Open(badger.DefaultOptions(dir).WithLogger(nil).WithReadOnly(true))
	if err != nil {
		if isLocked(err) {
			return &InUseError{Dir: dir}
		}
		return nil
	}
	_ = db.Close()
	return nil
}

// needsReplay says that a read-only open failed because the store's
// memtable log runs past its last whole entry, as a kill leaves it (Badger
// formats the cause into its message, so only the message tells it).
func needsReplay(err error) bool {
	return strings.Contains(err.Error(), badger.ErrTruncateNeeded.Error())
}

func isLocked(err error) bool {
	return strings.Contains(err.Error(), "Another process is using this Badger database")
}

// checkTables checks the footer of every table file: Badger opens tables in
// goroutines of its own, where a footer whose lengths point outside the file
// makes it panic beyond any recover of ours. A footer is, from the end: the
// checksum's length (4 bytes, big-endian), the checksum, the index's length
// (4 bytes), the index. Badger verifies the checksums itself once the
// lengths are sane.
//
// Only the tables the MANIFEST lists are checked: Badger opens those and no
// others. A table file it does not list is the orphan of a write cut short (a
// kill between creating the file and recording it, which can leave it
// empty); Badger deletes such files when it opens the store, so they are no
// damage (found by TestKillAndResume in CI on 2026-12-02).
func checkTables(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("database directory %s: %w", dir, err)
	}
	listed, err := listedTables(dir)
	if err != nil {
		return &DamagedError{Dir: dir, Err: fmt.Errorf("%s: %w", badger.ManifestFilename, err)}
	}
	for _, e := range entries {
		if filepath.Ext(e.Name()) != ".sst" {
			continue
		}
		var id uint64
		if _, err := fmt.Sscanf(e.Name(), "%06d.sst", &id); err == nil && listed != nil && !listed[id] {
			continue
		}
		if err := checkFooter(filepath.Join(dir, e.Name())); err != nil {
			return &DamagedError{Dir: dir, Err: fmt.Errorf("table %s: %w", e.Name(), err)}
		}
	}
	return nil
}

// listedTables is the set of table ids the MANIFEST in dir lists; nil when
// there is no MANIFEST (then every table file is checked).
func listedTables(dir string) (map[uint64]bool, error) {
	f, err := os.Open(filepath.Join(dir, badger.ManifestFilename))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, _, err := badger.ReplayManifestFile(f, 0, badger.DefaultOptions(dir).WithReadOnly(true))
	if err != nil {
		return nil, err
	}
	listed := make(map[uint64]bool, len(m.Tables))
	for id := range m.Tables {
		listed[id] = true
	}
	return listed, nil
}

// checkFooter reads the 4-byte lengths at the end of one table file.
func checkFooter(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	u32 := func(at int64) (int64, error) {
		var b [4]byte
		if _, err := f.ReadAt(b[:], at); err != nil {
			return 0, err
		}
		return int64(binary.BigEndian.Uint32(b[:])), nil
	}
	pos := st.Size() - 4
	if pos < 0 {
		return errors.New("shorter than its footer")
	}
	n, err := u32(pos)
	if err != nil {
		return err
	}
	if pos -= n + 4; pos < 0 {
		return errors.New("its checksum length points outside the file")
	}
	if n, err = u32(pos); err != nil {
		return err
	}
	if pos-n < 0 {
		return errors.New("its index length points outside the file")
	}
	return nil
}

func openBadger(dir string) (*Badger, error) { return openBadgerWith(dir, true, false) }

// OpenBadgerReadOnly opens the store in dir, which must be there, to read
// it only (solve --take-from): any number of processes may hold it so at
// once, but none may have it open to write (that one is InUseError). Its
// tables are checked as OpenBadger checks them. A store left unclean by a
// kill cannot be opened so (Badger would have to replay its log): that is
// *UncleanError, and opening it once to write recovers it.
func OpenBadgerReadOnly(dir string) (*Badger, error) { return openBadgerWith(dir, true, true) }

// openBadgerChecked opens the store in dir; verify reads every table and
// checks its block checksums first.
func openBadgerChecked(dir string, verify bool) (s *Badger, err error) {
	return openBadgerWith(dir, verify, false)
}

// openBadgerWith is openBadgerChecked, read-only when readOnly (and then
// without the verify run's layer files, which a solve's store has not).
func openBadgerWith(dir string, verify, readOnly bool) (s *Badger, err error) {
	if err := checkTables(dir); err != nil {
		return nil, err
	}
	opts := badger.DefaultOptions(dir).
		WithLogger(nil).
		WithSyncWrites(false). // a killed process loses nothing the OS has; layers are re-done if unfinished
		WithCompression(options.None).
		WithNumVersionsToKeep(1).
		// Badger holds the run's record only (the layers are files), so
		// its memtables, caches and value log are made small: they count
		// in the process's memory beside --memory (verify.fixedShare), and
		// Badger maps its files, whose pages count in the resident size.
		WithMemTableSize(2 << 20).
		WithNumMemtables(1).
		WithNumLevelZeroTables(2).
		WithNumLevelZeroTablesStall(4).
		WithValueThreshold(1 << 10).
		WithValueLogFileSize(16 << 20).
		WithBlockCacheSize(1 << 20).
		WithIndexCacheSize(1 << 20).
		// Not OnTableRead: Badger checks tables on open in goroutines of its
		// own and dereferences nil on a bad block there (v4.9.6); the same
		// check runs below, where a panic can be recovered.
		WithChecksumVerificationMode(options.OnBlockRead).
		WithVerifyValueChecksum(true).
		WithReadOnly(readOnly)
	open := func() (db *badger.DB, err error) {
		defer func() {
			if r := recover(); r != nil {
				db, err = nil, &DamagedError{Dir: dir, Err: fmt.Errorf("Badger failed opening it: %v", r)}
			}
		}()
		return badger.Open(opts)
	}
	db, err := open()
	if err != nil && !isLocked(err) {
		// After a kill -9, Badger's first open can fail while it replaces a
		// half-made memtable file, and the next open succeeds (seen in
		// review); one retry keeps --resume from failing for that.
		time.Sleep(100 * time.Millisecond)
		db, err = open()
	}
	if err == nil {
		s = &Badger{db: db, dir: dir}
		s.files.layers = map[int]*fileLayer{}
		if !verify {
			return s, nil
		}
		if err = s.verify(); err == nil && !readOnly {
			err = s.openFiles()
		}
		if err != nil {
			_ = s.Close()
			return nil, err
		}
		return s, nil
	}
	switch {
	case isLocked(err):
		return nil, &InUseError{Dir: dir}
	case readOnly && needsReplay(err):
		return nil, &UncleanError{Dir: dir}
	case errors.As(err, new(*DamagedError)):
		return nil, err
	case errors.Is(err, fs.ErrPermission):
		return nil, fmt.Errorf("opening database %s: %w", dir, err)
	}
	return nil, &DamagedError{Dir: dir, Err: err}
}

// verify reads every table and checks its block checksums.
func (s *Badger) verify() (err error) {
	defer s.recovered(&err)
	return s.damaged(s.db.VerifyChecksum())
}

// recovered turns a panic from Badger into a *DamagedError in *err. Deferred
// by every method that calls Badger.
func (s *Badger) recovered(err *error) {
	r := recover()
	if r == nil {
		return
	}
	*err = &DamagedError{Dir: s.dir, Err: fmt.Errorf("Badger failed reading it: %v", r)}
}

// damaged wraps a Badger read error.
func (s *Badger) damaged(err error) error {
	if err == nil || errors.As(err, new(*DamagedError)) {
		return err
	}
	return &DamagedError{Dir: s.dir, Err: err}
}

// get reads the value of key: found false when there is none, an error
// (Badger's, for the caller to word) when it cannot be read.
func (s *Badger) get(key []byte) (v []byte, found bool, err error) {
	err = s.db.View(func(txn *badger.Txn) error {
		it, err := txn.Get(key)
		if err != nil {
			return err
		}
		v, err = it.ValueCopy(nil)
		return err
	})
	if errors.Is(err, badger.ErrKeyNotFound) {
		return nil, false, nil
	}
	return v, err == nil, err
}

func (s *Badger) LoadMeta() (out []byte, err error) {
	defer s.recovered(&err)
	out, _, err = s.get([]byte{prefixMeta})
	if err != nil {
		return nil, s.damaged(fmt.Errorf("reading the run description: %w", err))
	}
	return out, nil
}

// SaveMeta first makes the parts written since the last call durable (the
// record may count them; a layer's file is durable when Finish returns).
func (s *Badger) SaveMeta(b []byte) (err error) {
	defer s.recovered(&err)
	if s.closed.Load() {
		return errClosed
	}
	if err := s.syncPending(); err != nil {
		return fmt.Errorf("writing database %s: %w", s.dir, err)
	}
	err = s.db.Update(func(txn *badger.Txn) error { return txn.Set([]byte{prefixMeta}, b) })
	if err == nil {
		// The metadata marks layers as finished: make it durable before going on.
		err = s.db.Sync()
	}
	if err != nil {
		return fmt.Errorf("writing database %s: %w", s.dir, err)
	}
	return nil
}

func (s *Badger) Close() (err error) {
	defer s.recovered(&err)
	if s.closed.Swap(true) {
		return errClosed
	}
	s.closeFiles()
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("closing database %s: %w", s.dir, err)
	}
	return nil
}

// Size is the bytes the store occupies on disk (0 if Badger cannot say).
func (s *Badger) Size() (n int64) {
	defer func() {
		if recover() != nil {
			n = 0
		}
	}()
	lsm, vlog := s.db.Size()
	return lsm + vlog + s.filesSize()
}

// Dir is the store's directory.
func (s *Badger) Dir() string { return s.dir }
