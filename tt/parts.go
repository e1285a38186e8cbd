package tt

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"slices"
)

// Parts are checkpoints inside a layer that is still being built: the
// successor runs found so far, saved so that a run killed in the middle of a
// long layer resumes from its last checkpoint rather than from the start of
// the layer (docs/reliability.md). A part is one sorted, duplicate-free run
// of keys, tagged with the layer it belongs to and the checkpoint (segment)
// it was saved in; the caller's own record says how many segments are
// complete, and parts of later segments — saved after that record was
// written, before a kill — are ignored.
//
// The parts of one segment are one file, "part-DDD-SSSSSSSS.hxp" for layer
// and segment, so that a checkpoint is one sequential write and one sync.
// The file is the segment's runs one after the other, each a header of
// partHeaderLen bytes — partMagic (8), the number of keys n (8), the block
// size (4), the layer (4), the run's number (4), the CRC32C of those 28
// bytes — then n keys in blocks as in a layer's file (files.go), each block
// checked against its checksum when read. Parts are not synced one by one:
// the next SaveMeta syncs the segment files written since the last one, and
// the directory, before it writes the record that may count them.

// Checkpointer is a Store that can keep parts of a layer being built.
type Checkpointer interface {
	// SavePart saves a sorted, duplicate-free run of layer d's keys as run
	// number run of segment seg (runs 0, 1, … of a segment, in order). The
	// slice must not change afterwards.
	SavePart(d, seg, run int, keys []Key) error
	// ScanParts passes the keys of the runs of layer d saved in segments
	// below segs, run after run in order of (segment, run), each run in
	// order and in one or more slices; fn must not keep a slice.
	ScanParts(d, segs int, fn func(keys []Key) error) error
	// DropParts deletes every part of every layer.
	DropParts() error
}

const (
	partMagic     = "HXPART03"
	partHeaderLen = 32
)

func partFileName(d, seg int) string { return fmt.Sprintf("part-%03d-%08d.hxp", d, seg) }

// partOf parses a segment file's name.
func partOf(name string) (d, seg int, ok bool) {
	var tail string
	n, err := fmt.Sscanf(name, "part-%03d-%08d.%s", &d, &seg, &tail)
	return d, seg, err == nil && n == 3 && tail == "hxp" && name == partFileName(d, seg)
}

func partHeader(n int64, d, run int) []byte {
	b := append(make([]byte, 0, partHeaderLen), partMagic...)
	b = binary.BigEndian.AppendUint64(b, uint64(n))
	b = binary.BigEndian.AppendUint32(b, fileBlockKeys)
	b = binary.BigEndian.AppendUint32(b, uint32(d))
	b = binary.BigEndian.AppendUint32(b, uint32(run))
	return binary.BigEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

// SavePart appends the run to its segment's file (made durable by the next
// SaveMeta); run 0 starts the file afresh, replacing what a killed process
// may have left of that segment.
func (s *Badger) SavePart(d, seg, run int, keys []Key) error {
	if s.closed.Load() {
		return errClosed
	}
	fail := func(err error) error {
		return fmt.Errorf("writing a checkpoint of layer %d to database %s: %w", d, s.dir, err)
	}
	if !isSortedUnique(keys) {
		return fail(errors.New("a part that is not sorted"))
	}
	s.files.mu.Lock()
	defer s.files.mu.Unlock()
	name := partFileName(d, seg)
	sf := &s.files.segment
	if sf.f == nil || sf.name != name || run == 0 {
		if err := s.closeSegment(); err != nil {
			return fail(err)
		}
		flags := os.O_WRONLY | os.O_CREATE | os.O_APPEND
		if run == 0 {
			flags |= os.O_TRUNC
		}
		f, err := os.OpenFile(s.path(name), flags, 0o644)
		if err != nil {
			return fail(err)
		}
		sf.f, sf.name = f, name
		if !slices.Contains(s.files.unsynced, name) {
			s.files.unsynced = append(s.files.unsynced, name)
		}
	}
	n := int64(len(keys))
	bw := bufio.NewWriterSize(sf.f, int(min(256<<10, partHeaderLen+dataBytes(n))))
	_, err := bw.Write(partHeader(n, d, run))
	w := newBlockWriter(s, bw, false, n)
	for _, k := range keys {
		if err != nil {
			break
		}
		err = w.add(k)
	}
	if err == nil {
		err = w.flush()
	}
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		return fail(err)
	}
	return nil
}

// openSegment is the segment file SavePart appends to, kept open between
// its runs.
type openSegment struct {
	name string
	f    *os.File
}

// closeSegment closes the open segment file, if any (under files.mu).
func (s *Badger) closeSegment() error {
	sf := &s.files.segment
	if sf.f == nil {
		return nil
	}
	err := sf.f.Close()
	sf.f, sf.name = nil, ""
	return err
}

func (s *Badger) ScanParts(d, segs int, fn func(keys []Key) error) error {
	if s.closed.Load() {
		return errClosed
	}
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return fmt.Errorf("database directory %s: %w", s.dir, err)
	}
	var names []string // in segment order: the names sort so
	for _, e := range entries {
		if pd, seg, ok := partOf(e.Name()); ok && pd == d && seg < segs {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	for _, name := range names {
		if err := s.scanSegment(d, name, fn); err != nil {
			return err
		}
	}
	return nil
}

// scanSegment passes the keys of one segment's file.
func (s *Badger) scanSegment(d int, name string, fn func([]Key) error) error {
	f, err := os.Open(s.path(name))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return s.fileDamaged(name, "it went missing")
		}
		return fmt.Errorf("reading a checkpoint of database %s: %w", s.dir, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return fmt.Errorf("reading a checkpoint of database %s: %w", s.dir, err)
	}
	size := st.Size()
	h := make([]byte, partHeaderLen)
	// Headers and small runs are read through a window of the file: a
	// segment's runs are often a few keys each.
	wf := &window{f: f, buf: make([]byte, min(windowBytes, size))}
	s.memAdd(int64(len(wf.buf)))
	defer s.memAdd(-int64(len(wf.buf)))
	f2 := io.ReaderAt(wf)
	for off, run := int64(0), 0; off < size; run++ {
		if _, err := f2.ReadAt(h, off); err != nil {
			return s.fileDamaged(name, "run %d: reading its header: %v", run, err)
		}
		n := int64(binary.BigEndian.Uint64(h[8:]))
		switch {
		case string(h[:8]) != partMagic || crc32.Checksum(h[:28], castagnoli) != binary.BigEndian.Uint32(h[28:]):
			return s.fileDamaged(name, "run %d: its header is not intact", run)
		case binary.BigEndian.Uint32(h[16:]) != fileBlockKeys || int(binary.BigEndian.Uint32(h[20:])) != d ||
			int(binary.BigEndian.Uint32(h[24:])) != run:
			return s.fileDamaged(name, "run %d: its header names another run", run)
		case n < 0 || n > 1<<58 || off+partHeaderLen+dataBytes(n) > size:
			return s.fileDamaged(name, "run %d: %d keys do not fit the file", run, n)
		}
		if err := s.scanRun(f2, name, off+partHeaderLen, n, fn); err != nil {
			return err
		}
		off += partHeaderLen + dataBytes(n)
	}
	return nil
}

// scanRun passes the n keys of f from offset off.
func (s *Badger) scanRun(f io.ReaderAt, name string, off, n int64, fn func([]Key) error) error {
	r := s.newBlockReader(f, name, off, n, scanBlocks)
	defer r.release()
	for {
		ok, err := r.next()
		if err != nil || !ok {
			return err
		}
		if err := fn(r.keys); err != nil {
			return err
		}
	}
}

// windowBytes is the window through which a segment file is read.
const windowBytes = 256 << 10

// window reads a file through a buffer: a read within the window is a copy,
// any other reads the window at its offset first.
type window struct {
	f     *os.File
	buf   []byte
	start int64
	n     int // bytes of buf that hold the file from start
}

func (w *window) ReadAt(p []byte, off int64) (int, error) {
	if len(p) > len(w.buf) {
		return w.f.ReadAt(p, off)
	}
	if off < w.start || off+int64(len(p)) > w.start+int64(w.n) {
		n, err := w.f.ReadAt(w.buf, off)
		if err != nil && !errors.Is(err, io.EOF) {
			return 0, err
		}
		w.start, w.n = off, n
		if n < len(p) {
			return copy(p, w.buf[:n]), io.ErrUnexpectedEOF
		}
	}
	return copy(p, w.buf[off-w.start:]), nil
}

func (s *Badger) DropParts() error {
	if s.closed.Load() {
		return errClosed
	}
	s.files.mu.Lock()
	err := s.closeSegment()
	s.files.mu.Unlock()
	if err != nil {
		return fmt.Errorf("clearing checkpoints of database %s: %w", s.dir, err)
	}
	entries, err := os.ReadDir(s.dir)
	if err == nil {
		for _, e := range entries {
			if _, _, ok := partOf(e.Name()); ok {
				if err = os.Remove(s.path(e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
					break
				}
				err = nil
			}
		}
	}
	if err != nil {
		return fmt.Errorf("clearing checkpoints of database %s: %w", s.dir, err)
	}
	return nil
}

// SavePart queues the part behind the layers and metadata already queued, so
// that metadata saved after it is written only once the part is.
func (h *Hybrid) SavePart(d, seg, run int, keys []Key) error {
	return h.enqueue(func() error { return h.disk.SavePart(d, seg, run, keys) })
}

func (h *Hybrid) ScanParts(d, segs int, fn func(run []Key) error) error {
	if err := h.wait(); err != nil {
		return err
	}
	return h.disk.ScanParts(d, segs, fn)
}

// DropParts is queued like SavePart: called after SaveMeta, it deletes the
// parts only once the metadata that no longer needs them is written.
func (h *Hybrid) DropParts() error { return h.enqueue(h.disk.DropParts) }
