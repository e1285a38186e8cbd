package tt

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"
)

// markerName is the file that says a directory is a hexproof database. A
// directory with other content and no marker is refused, so that --db pointed
// at the wrong place never deletes anything.
const markerName = "HEXPROOF-DB"

const markerText = "hexproof position store, format 1\n"

// Layout of Badger keys: 'm' → the run's metadata; 'L' + layer (2 bytes) + the
// 16-byte position → nothing. Badger keeps keys sorted, so a layer is a
// contiguous, ordered key range, and writing a key twice stores it once.
const (
	prefixMeta  = 'm'
	prefixLayer = 'L'
)

// Badger is the persistent store.
type Badger struct {
	db  *badger.DB
	dir string
}

// OpenBadger opens (creating if needed) a store in dir. It refuses a directory
// that has content but is not a hexproof store.
func OpenBadger(dir string) (*Badger, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("database directory %s: %w", dir, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("database directory %s: %w", dir, err)
	}
	marker := filepath.Join(dir, markerName)
	if len(entries) > 0 {
		b, err := os.ReadFile(marker)
		if err != nil {
			return nil, fmt.Errorf("database directory %s is not empty and is not a hexproof database (no %s file); choose another --db", dir, markerName)
		}
		if string(b) != markerText {
			return nil, fmt.Errorf("database directory %s was written by an incompatible hexproof (%q); choose another --db", dir, strings.TrimSpace(string(b)))
		}
	} else if err := os.WriteFile(marker, []byte(markerText), 0o644); err != nil {
		return nil, fmt.Errorf("database directory %s: %w", dir, err)
	}
	opts := badger.DefaultOptions(dir).
		WithLogger(nil).
		WithSyncWrites(false). // a killed process loses nothing the OS has; layers are re-done if unfinished
		WithCompression(options.None).
		WithNumVersionsToKeep(1).
		WithMemTableSize(64 << 20).
		WithBlockCacheSize(64 << 20).
		WithIndexCacheSize(64 << 20)
	db, err := badger.Open(opts)
	if err != nil {
		// After a kill -9, Badger's first open can fail while it replaces a
		// half-made memtable file, and the next open succeeds (seen in
		// review); one retry keeps --resume from failing for that.
		time.Sleep(100 * time.Millisecond)
		if db, err = badger.Open(opts); err != nil {
			return nil, fmt.Errorf("opening database %s: %w", dir, err)
		}
	}
	return &Badger{db: db, dir: dir}, nil
}

func layerPrefix(d int) []byte {
	return []byte{prefixLayer, byte(d >> 8), byte(d)}
}

type badgerWriter struct {
	s  *Badger
	d  int
	wb *badger.WriteBatch
}

func (s *Badger) Create(d int) (Writer, error) {
	if err := s.db.DropPrefix(layerPrefix(d)); err != nil {
		return nil, fmt.Errorf("clearing layer %d: %w", d, err)
	}
	return &badgerWriter{s: s, d: d, wb: s.db.NewWriteBatch()}, nil
}

func (w *badgerWriter) Add(keys []Key) error {
	p := layerPrefix(w.d)
	// One allocation per run: the batch keeps the key slices until it flushes.
	arena := make([]byte, 0, len(keys)*(len(p)+16))
	for _, k := range keys {
		start := len(arena)
		arena = append(arena, p...)
		arena = k.Bytes(arena)
		if err := w.wb.Set(arena[start:len(arena):len(arena)], nil); err != nil {
			return fmt.Errorf("writing layer %d: %w", w.d, err)
		}
	}
	return nil
}

func (w *badgerWriter) Finish() (Layer, error) {
	if err := w.wb.Flush(); err != nil {
		return nil, fmt.Errorf("writing layer %d: %w", w.d, err)
	}
	l := &badgerLayer{s: w.s, d: w.d, n: -1}
	n := int64(0)
	if err := l.Scan(1<<16, func(k []Key) error { n += int64(len(k)); return nil }); err != nil {
		return nil, err
	}
	l.n = n
	return l, nil
}

type badgerLayer struct {
	s *Badger
	d int
	n int64
}

func (s *Badger) Layer(d int) (Layer, error) {
	l := &badgerLayer{s: s, d: d, n: -1}
	n := int64(0)
	if err := l.Scan(1<<16, func(k []Key) error { n += int64(len(k)); return nil }); err != nil {
		return nil, err
	}
	l.n = n
	return l, nil
}

func (l *badgerLayer) Len() int64 { return l.n }

func (l *badgerLayer) Contains(k Key) (bool, error) {
	key := k.Bytes(layerPrefix(l.d))
	err := l.s.db.View(func(txn *badger.Txn) error {
		_, err := txn.Get(key)
		return err
	})
	if errors.Is(err, badger.ErrKeyNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("reading layer %d: %w", l.d, err)
	}
	return true, nil
}

func (l *badgerLayer) Scan(n int, fn func([]Key) error) error {
	p := layerPrefix(l.d)
	return l.s.db.View(func(txn *badger.Txn) error {
		o := badger.DefaultIteratorOptions
		o.PrefetchValues = false
		o.Prefix = p
		it := txn.NewIterator(o)
		defer it.Close()
		buf := make([]Key, 0, n)
		for it.Seek(p); it.ValidForPrefix(p); it.Next() {
			k := it.Item().Key()
			if len(k) != len(p)+16 {
				return fmt.Errorf("database %s is corrupt: key of %d bytes in layer %d", l.s.dir, len(k), l.d)
			}
			buf = append(buf, KeyFromBytes(k[len(p):]))
			if len(buf) == n {
				if err := fn(buf); err != nil {
					return err
				}
				buf = buf[:0]
			}
		}
		if len(buf) > 0 {
			return fn(buf)
		}
		return nil
	})
}

func (s *Badger) LoadMeta() ([]byte, error) {
	var out []byte
	err := s.db.View(func(txn *badger.Txn) error {
		it, err := txn.Get([]byte{prefixMeta})
		if err != nil {
			return err
		}
		out, err = it.ValueCopy(nil)
		return err
	})
	if errors.Is(err, badger.ErrKeyNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading database %s: %w", s.dir, err)
	}
	return out, nil
}

func (s *Badger) SaveMeta(b []byte) error {
	err := s.db.Update(func(txn *badger.Txn) error { return txn.Set([]byte{prefixMeta}, b) })
	if err == nil {
		// The metadata marks layers as finished: make it durable before going on.
		err = s.db.Sync()
	}
	if err != nil {
		return fmt.Errorf("writing database %s: %w", s.dir, err)
	}
	return nil
}

func (s *Badger) Drop(d int) error {
	var ps [][]byte
	for k := d; k <= MaxCells+1; k++ {
		ps = append(ps, layerPrefix(k))
	}
	if err := s.db.DropPrefix(ps...); err != nil {
		return fmt.Errorf("clearing database %s: %w", s.dir, err)
	}
	return nil
}

func (s *Badger) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("closing database %s: %w", s.dir, err)
	}
	return nil
}

// Size is the bytes the store occupies on disk.
func (s *Badger) Size() int64 {
	lsm, vlog := s.db.Size()
	return lsm + vlog
}
