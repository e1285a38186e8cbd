package tt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Layers and checkpoint parts are plain files in the database directory
// (database format 3, docs/decisions.md V30); Badger keeps the run's record
// only. They are read with pread (os.File.ReadAt) into buffers of a bounded
// size, never mapped: the kernel's page cache then holds the file's pages
// outside the process, where they do not count in its resident size. Badger
// maps its value log and tables, so with the layers in it a spilling run's
// resident size grew with the database (1.1 GB at a 16 MiB budget,
// docs/reliability.md).
//
// A layer's file, "layer-DDD.hxl", holds its n sorted, distinct keys:
//
//	blocks   ⌈n/B⌉ blocks of B = fileBlockKeys keys (the last may be shorter),
//	         each 16 big-endian bytes a key followed by the CRC32C of those
//	         bytes (4 bytes, big-endian)
//	index    the first key of every block (16 bytes each), then the CRC32C
//	         of the index
//	footer   footerLen bytes: fileMagic (8), n (8), B (4), the layer (4),
//	         the kind (4: 'L'), the CRC32C of the 28 bytes before it
//
// The footer gives n, and n gives the file's exact size, so a truncated or
// extended file is found when it is opened; every block and the index are
// checked against their checksums when read, and keys must come in
// increasing order, so that a damaged file is a *DamagedError, never a
// smaller layer or a panic.
//
// Writing: a layer whose keys arrive in order (a finished in-memory layer
// being persisted) streams into "layer-DDD.hxl.tmp". One that arrives as
// overlapping sorted runs (a layer larger than memory) turns that file into
// "layer-DDD.runs", where each run is a sequence of blocks (no index), and
// Finish merges the runs into the layer file in one k-way pass holding one
// block a run (at most mergeFanIn runs at once; more are first merged in
// groups into a second runs file). Either way the finished file is synced,
// renamed to its name and the directory synced before Finish returns, so a
// record written after it never names a layer a crash could lose. A
// ".tmp" or ".runs" file is a layer a killed process never finished; opening
// the store deletes them.
const (
	fileBlockKeys  = 1 << 12 // 64 KiB of keys a block
	fileBlockBytes = 16 * fileBlockKeys
	crcLen         = 4
	footerLen      = 32
	fileMagic      = "HXKEYS03"
	kindLayer      = 'L'
	// mergeFanIn bounds the runs a merge reads at once: a block each, 4
	// MiB of keys in all.
	mergeFanIn = 64
	// scanBlocks is how many blocks a Scan reads at once (256 KiB).
	scanBlocks = 4
	// cachedBlocks bounds the store's cache of blocks read by Contains (2
	// MiB of keys): a counterexample's reconstruction asks for many
	// positions of one layer, and reading and checking a block for each
	// would cost it tens of microseconds a question.
	cachedBlocks = 32
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func layerFileName(d int) string { return fmt.Sprintf("layer-%03d.hxl", d) }

// numBlocks is the number of blocks of n keys.
func numBlocks(n int64) int64 { return (n + fileBlockKeys - 1) / fileBlockKeys }

// dataBytes is the size of the blocks of n keys.
func dataBytes(n int64) int64 { return 16*n + crcLen*numBlocks(n) }

// keyFileSize is the size of a key file of n keys.
func keyFileSize(n int64) int64 { return dataBytes(n) + 16*numBlocks(n) + crcLen + footerLen }

// fileState is what the store keeps about its files.
type fileState struct {
	mu       sync.Mutex
	layers   map[int]*fileLayer // open layer files
	unsynced []string           // segment files written since the last SaveMeta
	segment  openSegment        // the one SavePart appends to
	cache    blockCache
}

// memory is the bytes the store's file code holds (indexes, cached blocks,
// the buffers of merges and scans under way): see Badger.Memory.
func (s *Badger) memAdd(n int64) { s.mem.Add(n) }

// Memory is the bytes the store holds in memory for its files: the indexes
// of layers that Contains has read, its cached blocks, and the buffers of
// merges and scans under way. Hybrid counts it against its budget.
func (s *Badger) Memory() int64 { return s.mem.Load() }

func (s *Badger) path(name string) string { return filepath.Join(s.dir, name) }

// fileDamaged reports a damaged key file.
func (s *Badger) fileDamaged(name string, format string, a ...any) error {
	return &DamagedError{Dir: s.dir, Err: fmt.Errorf("file %s: %s", name, fmt.Sprintf(format, a...))}
}

var errClosed = errors.New("the store is closed")

// blockWriter writes blocks of keys, in increasing order, to a file.
type blockWriter struct {
	f         io.Writer
	block     []byte // the block being filled, with room for its checksum
	index     []Key  // the first key of every block, when keepIndex
	keepIndex bool
	s         *Badger // counts index memory
	n         int64   // keys of the current run
	last      Key     // the last key written
	off       int64   // bytes written to f
}

// newBlockWriter writes to f; hint, when positive, is how many keys will be
// written (a smaller buffer then does).
func newBlockWriter(s *Badger, f io.Writer, keepIndex bool, hint int64) *blockWriter {
	size := int64(fileBlockBytes)
	if hint > 0 {
		size = 16 * min(hint, fileBlockKeys)
	}
	return &blockWriter{s: s, f: f, keepIndex: keepIndex, block: make([]byte, 0, size+crcLen)}
}

func (w *blockWriter) add(k Key) error {
	w.block = k.Bytes(w.block)
	w.n++
	w.last = k
	if len(w.block) == fileBlockBytes {
		return w.flush()
	}
	return nil
}

// flush writes the block being filled, if any.
func (w *blockWriter) flush() error {
	if len(w.block) == 0 {
		return nil
	}
	if w.keepIndex {
		w.index = append(w.index, KeyFromBytes(w.block))
		w.s.memAdd(16)
	}
	w.block = binary.BigEndian.AppendUint32(w.block, crc32.Checksum(w.block, castagnoli))
	_, err := w.f.Write(w.block)
	w.off += int64(len(w.block))
	w.block = w.block[:0]
	return err
}

// finishFile writes the index and the footer after the blocks: the file then
// holds the n keys written since the writer began.
func (w *blockWriter) finishFile(d int, kind byte) error {
	if err := w.flush(); err != nil {
		return err
	}
	crc := crc32.New(castagnoli)
	buf := make([]byte, 0, 64<<10)
	for i, k := range w.index {
		buf = k.Bytes(buf)
		if len(buf) == cap(buf) || i == len(w.index)-1 {
			crc.Write(buf)
			if _, err := w.f.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	buf = binary.BigEndian.AppendUint32(buf, crc.Sum32())
	foot := footer(w.n, d, kind)
	_, err := w.f.Write(append(buf, foot...))
	w.s.memAdd(-16 * int64(len(w.index)))
	w.index = nil
	return err
}

func footer(n int64, d int, kind byte) []byte {
	b := append(make([]byte, 0, footerLen), fileMagic...)
	b = binary.BigEndian.AppendUint64(b, uint64(n))
	b = binary.BigEndian.AppendUint32(b, fileBlockKeys)
	b = binary.BigEndian.AppendUint32(b, uint32(d))
	b = binary.BigEndian.AppendUint32(b, uint32(kind))
	return binary.BigEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

// readFooter checks the footer and size of the key file f (named name) of
// layer d and kind, and returns its number of keys.
func (s *Badger) readFooter(f *os.File, name string, d int, kind byte) (int64, error) {
	st, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("reading %s: %w", s.path(name), err)
	}
	size := st.Size()
	if size < footerLen+crcLen {
		return 0, s.fileDamaged(name, "%d bytes, shorter than its footer", size)
	}
	b := make([]byte, footerLen)
	if _, err := f.ReadAt(b, size-footerLen); err != nil {
		return 0, s.fileDamaged(name, "reading its footer: %v", err)
	}
	if string(b[:8]) != fileMagic || crc32.Checksum(b[:28], castagnoli) != binary.BigEndian.Uint32(b[28:]) {
		return 0, s.fileDamaged(name, "its footer is not intact")
	}
	n := int64(binary.BigEndian.Uint64(b[8:]))
	switch {
	case binary.BigEndian.Uint32(b[16:]) != fileBlockKeys:
		return 0, s.fileDamaged(name, "blocks of %d keys, not %d", binary.BigEndian.Uint32(b[16:]), fileBlockKeys)
	case int(binary.BigEndian.Uint32(b[20:])) != d || binary.BigEndian.Uint32(b[24:]) != uint32(kind):
		return 0, s.fileDamaged(name, "its footer names another file")
	case n < 0 || n > 1<<58 || keyFileSize(n) != size:
		return 0, s.fileDamaged(name, "%d bytes for %d keys (%d expected)", size, n, keyFileSize(max(n, 0)))
	}
	return n, nil
}

// blockReader reads consecutive blocks of keys from a file, checking each
// block's checksum and that the keys increase.
type blockReader struct {
	s      *Badger
	f      io.ReaderAt
	name   string
	blocks int64 // blocks read at a time
	off    int64 // the next block's offset
	left   int64 // keys not read yet
	raw    []byte
	keys   []Key // the keys last read
	last   Key
	seen   bool
	counts int64 // memory counted for raw and keys
}

// newBlockReader reads n keys of f from offset off, up to blocks blocks at a
// time.
func (s *Badger) newBlockReader(f io.ReaderAt, name string, off, n int64, blocks int) *blockReader {
	nb := min(int64(blocks), max(numBlocks(n), 1))
	r := &blockReader{s: s, f: f, name: name, blocks: nb, off: off, left: n}
	keys := min(n, nb*fileBlockKeys)
	r.raw = make([]byte, 16*keys+crcLen*nb)
	r.keys = make([]Key, 0, keys)
	r.counts = int64(len(r.raw)) + 16*int64(cap(r.keys))
	s.memAdd(r.counts)
	return r
}

// release gives back the reader's buffers.
func (r *blockReader) release() {
	r.s.memAdd(-r.counts)
	r.counts, r.raw, r.keys = 0, nil, nil
}

// next reads the next blocks into r.keys; false at the end.
func (r *blockReader) next() (bool, error) {
	if r.left == 0 {
		return false, nil
	}
	if r.s.closed.Load() {
		return false, errClosed
	}
	keys := min(r.left, r.blocks*fileBlockKeys)
	size := 16*keys + crcLen*numBlocks(keys)
	raw := r.raw[:size]
	if _, err := r.f.ReadAt(raw, r.off); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return false, r.s.fileDamaged(r.name, "it ends before its keys")
		}
		if errors.Is(err, os.ErrClosed) {
			return false, errClosed
		}
		return false, fmt.Errorf("reading %s: %w", r.s.path(r.name), err)
	}
	r.keys = r.keys[:0]
	for len(raw) > 0 {
		bk := min(len(raw)-crcLen, fileBlockBytes)
		blk := raw[:bk]
		if crc32.Checksum(blk, castagnoli) != binary.BigEndian.Uint32(raw[bk:]) {
			return false, r.s.fileDamaged(r.name, "the block at byte %d fails its checksum", r.off+size-int64(len(raw)))
		}
		for i := 0; i < bk; i += 16 {
			k := KeyFromBytes(blk[i:])
			if r.seen && Compare(r.last, k) >= 0 {
				return false, r.s.fileDamaged(r.name, "keys out of order")
			}
			r.keys = append(r.keys, k)
			r.last, r.seen = k, true
		}
		raw = raw[bk+crcLen:]
	}
	r.off += size
	r.left -= keys
	return true, nil
}

// fileLayer is a finished layer in its file.
type fileLayer struct {
	s    *Badger
	d    int
	n    int64
	name string
	f    *os.File

	mu    sync.Mutex
	index []Key // the first key of every block, once Contains needed it
}

func (l *fileLayer) Len() int64 { return l.n }

func (l *fileLayer) Scan(n int, fn func([]Key) error) error {
	if l.s.closed.Load() {
		return errClosed
	}
	r := l.s.newBlockReader(l.f, l.name, 0, l.n, scanBlocks)
	defer r.release()
	for {
		ok, err := r.next()
		if err != nil || !ok {
			return err
		}
		for i := 0; i < len(r.keys); i += n {
			if err := fn(r.keys[i:min(i+n, len(r.keys))]); err != nil {
				return err
			}
		}
	}
}

// loadIndex reads the index (under l.mu).
func (l *fileLayer) loadIndex() error {
	if l.index != nil {
		return nil
	}
	nb := numBlocks(l.n)
	raw := make([]byte, 16*nb+crcLen)
	if _, err := l.f.ReadAt(raw, dataBytes(l.n)); err != nil {
		if errors.Is(err, os.ErrClosed) {
			return errClosed
		}
		return l.s.fileDamaged(l.name, "reading its index: %v", err)
	}
	if crc32.Checksum(raw[:16*nb], castagnoli) != binary.BigEndian.Uint32(raw[16*nb:]) {
		return l.s.fileDamaged(l.name, "its index fails its checksum")
	}
	index := make([]Key, nb)
	for i := range index {
		index[i] = KeyFromBytes(raw[16*i:])
		if i > 0 && Compare(index[i-1], index[i]) >= 0 {
			return l.s.fileDamaged(l.name, "its index is out of order")
		}
	}
	l.index = index
	l.s.memAdd(16 * nb)
	return nil
}

// Contains finds the block that would hold k in the index (kept in memory
// once read) and searches it (read with one pread, or from the cache).
func (l *fileLayer) Contains(k Key) (bool, error) {
	if l.s.closed.Load() {
		return false, errClosed
	}
	if l.n == 0 {
		return false, nil
	}
	l.mu.Lock()
	err := l.loadIndex()
	index := l.index
	l.mu.Unlock()
	if err != nil {
		return false, err
	}
	b := sort.Search(len(index), func(i int) bool { return Compare(index[i], k) > 0 }) - 1
	if b < 0 {
		return false, nil
	}
	keys := l.s.files.cache.get(l, b)
	if keys == nil {
		n := min(fileBlockKeys, l.n-int64(b)*fileBlockKeys)
		r := &blockReader{s: l.s, f: l.f, name: l.name, blocks: 1, off: int64(b) * (fileBlockBytes + crcLen), left: n,
			raw: make([]byte, 16*n+crcLen), keys: make([]Key, 0, n)}
		if _, err := r.next(); err != nil {
			return false, err
		}
		if r.keys[0] != index[b] {
			return false, l.s.fileDamaged(l.name, "block %d does not start with the key its index names", b)
		}
		keys = r.keys
		l.s.files.cache.put(l.s, l, b, keys)
	}
	return Search(keys, k), nil
}

// close closes the file and lets go of the index and cached blocks (under
// the store's files.mu).
func (l *fileLayer) close() {
	l.mu.Lock()
	l.s.memAdd(-16 * int64(len(l.index)))
	l.index = nil
	l.mu.Unlock()
	l.s.files.cache.drop(l.s, l)
	_ = l.f.Close()
}

// blockCache keeps the blocks Contains read last, first in first out.
type blockCache struct {
	mu     sync.Mutex
	blocks map[cacheKey][]Key
	order  []cacheKey
}

type cacheKey struct {
	l *fileLayer
	b int
}

func (c *blockCache) get(l *fileLayer, b int) []Key {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.blocks[cacheKey{l, b}]
}

func (c *blockCache) put(s *Badger, l *fileLayer, b int, keys []Key) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.blocks == nil {
		c.blocks = map[cacheKey][]Key{}
	}
	k := cacheKey{l, b}
	if _, ok := c.blocks[k]; ok {
		return
	}
	if len(c.order) == cachedBlocks {
		s.memAdd(-16 * int64(cap(c.blocks[c.order[0]])))
		delete(c.blocks, c.order[0])
		c.order = c.order[1:]
	}
	c.blocks[k] = keys
	c.order = append(c.order, k)
	s.memAdd(16 * int64(cap(keys)))
}

// drop forgets the blocks of l.
func (c *blockCache) drop(s *Badger, l *fileLayer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.order = slices.DeleteFunc(c.order, func(k cacheKey) bool {
		if k.l == l {
			s.memAdd(-16 * int64(cap(c.blocks[k])))
			delete(c.blocks, k)
			return true
		}
		return false
	})
}

// Layer opens finished layer d; a layer never finished is a
// *MissingLayerError.
func (s *Badger) Layer(d int) (Layer, error) {
	if s.closed.Load() {
		return nil, errClosed
	}
	s.files.mu.Lock()
	defer s.files.mu.Unlock()
	if l, ok := s.files.layers[d]; ok {
		return l, nil
	}
	l, err := s.openLayer(d)
	if err != nil {
		return nil, err
	}
	s.files.layers[d] = l
	return l, nil
}

// openLayer opens layer d's file and checks its footer and size.
func (s *Badger) openLayer(d int) (*fileLayer, error) {
	name := layerFileName(d)
	f, err := os.Open(s.path(name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &MissingLayerError{Layer: d}
	}
	if err != nil {
		return nil, fmt.Errorf("reading layer %d of database %s: %w", d, s.dir, err)
	}
	n, err := s.readFooter(f, name, d, kindLayer)
	if err != nil {
		f.Close()
		return nil, err
	}
	return &fileLayer{s: s, d: d, n: n, name: name, f: f}, nil
}

// forget closes the open file of layer d, if any (under files.mu).
func (s *Badger) forget(d int) {
	if l, ok := s.files.layers[d]; ok {
		l.close()
		delete(s.files.layers, d)
	}
}

// runRef is a run in a runs file: n keys from offset off.
type runRef struct{ off, n int64 }

// fileWriter builds layer d's file (see the top of this file).
type fileWriter struct {
	s      *Badger
	d      int
	mu     sync.Mutex
	f      *os.File // the layer's temp file, or the runs file once in runs
	w      *blockWriter
	inRuns bool
	runs   []runRef // finished runs in f
	start  int64    // offset of the run being written
	gen    int      // runs files made (their names)
	done   bool
}

func (s *Badger) Create(d int) (Writer, error) {
	if s.closed.Load() {
		return nil, errClosed
	}
	s.files.mu.Lock()
	s.forget(d)
	s.files.mu.Unlock()
	if err := s.removeLayerFiles(func(k int) bool { return k == d }); err != nil {
		return nil, fmt.Errorf("clearing layer %d of database %s: %w", d, s.dir, err)
	}
	return &fileWriter{s: s, d: d}, nil
}

// layerOf parses the layer of a layer file's name ("layer-007.hxl",
// "layer-007.hxl.tmp", "layer-007-2.runs").
func layerOf(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, "layer-")
	if !ok || len(rest) < 3 {
		return 0, false
	}
	d, err := strconv.Atoi(rest[:3])
	return d, err == nil
}

// removeLayerFiles deletes the files of the layers that match.
func (s *Badger) removeLayerFiles(match func(d int) bool) error {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if d, ok := layerOf(e.Name()); ok && match(d) {
			if err := os.Remove(s.path(e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	return nil
}

func (w *fileWriter) fail(err error) error {
	if errors.Is(err, errClosed) || errors.As(err, new(*DamagedError)) {
		return err
	}
	return fmt.Errorf("writing layer %d of database %s: %w", w.d, w.s.dir, err)
}

func (w *fileWriter) tmpName() string { return layerFileName(w.d) + ".tmp" }
func (w *fileWriter) runsName(gen int) string {
	return fmt.Sprintf("layer-%03d-%d.runs", w.d, gen)
}

// open creates the layer's temp file.
func (w *fileWriter) open() error {
	f, err := os.OpenFile(w.s.path(w.tmpName()), os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	w.f, w.w = f, newBlockWriter(w.s, f, true, 0)
	return nil
}

// Add streams keys into the layer's file while each comes after the last;
// after the first that does not, the file becomes a file of runs and each
// Add that does not continue the current run starts a new one.
func (w *fileWriter) Add(keys []Key) error {
	if w.s.closed.Load() {
		return errClosed
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(keys) == 0 {
		return nil
	}
	if !isSortedUnique(keys) {
		keys = SortUnique(slices.Clone(keys))
	}
	if w.f == nil {
		if err := w.open(); err != nil {
			return w.fail(err)
		}
	}
	if w.w.n > 0 && Compare(w.w.last, keys[0]) >= 0 {
		if !w.inRuns {
			// What was streamed is run 0: the same blocks, without an index.
			if err := os.Rename(w.s.path(w.tmpName()), w.s.path(w.runsName(0))); err != nil {
				return w.fail(err)
			}
			w.inRuns, w.w.keepIndex = true, false
			w.s.memAdd(-16 * int64(len(w.w.index)))
			w.w.index = nil
		}
		if err := w.endRun(); err != nil {
			return w.fail(err)
		}
	}
	for _, k := range keys {
		if err := w.w.add(k); err != nil {
			return w.fail(err)
		}
	}
	return nil
}

// endRun closes the run being written.
func (w *fileWriter) endRun() error {
	if err := w.w.flush(); err != nil {
		return err
	}
	if w.w.n > 0 {
		w.runs = append(w.runs, runRef{w.start, w.w.n})
	}
	w.start, w.w.n = w.w.off, 0
	return nil
}

func (w *fileWriter) Finish() (Layer, error) {
	if w.s.closed.Load() {
		return nil, errClosed
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.done {
		return nil, fmt.Errorf("layer %d finished twice", w.d)
	}
	w.done = true
	if w.f == nil {
		if err := w.open(); err != nil {
			return nil, w.fail(err)
		}
	}
	if w.inRuns {
		if err := w.mergeAll(); err != nil {
			return nil, w.fail(err)
		}
	}
	l, err := w.s.finishKeyFile(w.f, w.w, w.tmpName(), layerFileName(w.d), w.d)
	if err != nil {
		return nil, w.fail(err)
	}
	w.s.files.mu.Lock()
	w.s.forget(w.d)
	w.s.files.layers[w.d] = l
	w.s.files.mu.Unlock()
	return l, nil
}

// finishKeyFile completes a layer's temp file and makes it the layer: index
// and footer, sync, rename, directory sync.
func (s *Badger) finishKeyFile(f *os.File, w *blockWriter, tmp, name string, d int) (*fileLayer, error) {
	n := w.n
	err := w.finishFile(d, kindLayer)
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		err = os.Rename(s.path(tmp), s.path(name))
	}
	if err == nil {
		err = syncDir(s.dir)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &fileLayer{s: s, d: d, n: n, name: name, f: f}, nil
}

// mergeAll merges the runs into the layer's temp file, in passes of at most
// mergeFanIn runs, and deletes the runs files.
func (w *fileWriter) mergeAll() error {
	if err := w.endRun(); err != nil {
		return err
	}
	src, srcName, runs := w.f, w.runsName(w.gen), w.runs
	defer func() {
		src.Close()
		os.Remove(w.s.path(srcName))
	}()
	for len(runs) > mergeFanIn {
		w.gen++
		name := w.runsName(w.gen)
		f, err := os.OpenFile(w.s.path(name), os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			return err
		}
		out := newBlockWriter(w.s, f, false, 0)
		var next []runRef
		var start int64
		for i := 0; i < len(runs); i += mergeFanIn {
			if err := w.s.mergeRuns(src, srcName, runs[i:min(i+mergeFanIn, len(runs))], out); err != nil {
				f.Close()
				return err
			}
			if err := out.flush(); err != nil {
				f.Close()
				return err
			}
			next = append(next, runRef{start, out.n})
			start, out.n = out.off, 0
		}
		src.Close()
		os.Remove(w.s.path(srcName))
		src, srcName, runs = f, name, next
	}
	if err := w.open(); err != nil {
		return err
	}
	return w.s.mergeRuns(src, srcName, runs, w.w)
}

// mergeRuns writes the union of the runs of f to out (as one run, or
// continuing the file out writes), holding a block of each.
func (s *Badger) mergeRuns(f *os.File, name string, runs []runRef, out *blockWriter) error {
	heads := make([]*blockReader, 0, len(runs))
	defer func() {
		for _, r := range heads {
			r.release()
		}
	}()
	for _, ref := range runs {
		r := s.newBlockReader(f, name, ref.off, ref.n, 1)
		heads = append(heads, r)
		if ok, err := r.next(); err != nil || !ok {
			return cmpErr(err, s.fileDamaged(name, "an empty run"))
		}
	}
	pos := make([]int, len(heads))
	h := make([]int, len(heads)) // a heap of reader indices
	for i := range h {
		h[i] = i
	}
	less := func(a, b int) bool {
		return Compare(heads[h[a]].keys[pos[h[a]]], heads[h[b]].keys[pos[h[b]]]) < 0
	}
	down := func(i int) {
		for {
			m, l := i, 2*i+1
			if l < len(h) && less(l, m) {
				m = l
			}
			if l+1 < len(h) && less(l+1, m) {
				m = l + 1
			}
			if m == i {
				return
			}
			h[i], h[m] = h[m], h[i]
			i = m
		}
	}
	for i := len(h)/2 - 1; i >= 0; i-- {
		down(i)
	}
	for len(h) > 0 {
		top := h[0]
		r := heads[top]
		k := r.keys[pos[top]]
		if out.n == 0 || Compare(out.last, k) < 0 {
			if err := out.add(k); err != nil {
				return err
			}
		}
		if pos[top]++; pos[top] == len(r.keys) {
			ok, err := r.next()
			if err != nil {
				return err
			}
			pos[top] = 0
			if !ok {
				h[0] = h[len(h)-1]
				h = h[:len(h)-1]
			}
		}
		down(0)
	}
	return nil
}

func isSortedUnique(keys []Key) bool {
	for i := 1; i < len(keys); i++ {
		if Compare(keys[i-1], keys[i]) >= 0 {
			return false
		}
	}
	return true
}

// cmpErr is err, or alt when err is nil.
func cmpErr(err, alt error) error {
	if err != nil {
		return err
	}
	return alt
}

// syncDir makes the directory's entries (a rename, a new file) durable.
func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncPending makes the segment files written since the last call, and
// their directory entries, durable (before a record that may count them).
// Removals are not synced: a removed file that came back after a crash
// would be a layer or segment that no record names.
func (s *Badger) syncPending() error {
	s.files.mu.Lock()
	names := s.files.unsynced
	s.files.unsynced = nil
	if sf := &s.files.segment; sf.f != nil && slices.Contains(names, sf.name) {
		// Synced through its descriptor, which stays open for the
		// segment's next runs.
		err := sf.f.Sync()
		names = slices.DeleteFunc(names, func(n string) bool { return n == sf.name })
		if err != nil {
			s.files.mu.Unlock()
			return err
		}
		if len(names) == 0 {
			s.files.mu.Unlock()
			return syncDir(s.dir)
		}
	}
	s.files.mu.Unlock()
	for _, name := range names {
		f, err := os.OpenFile(s.path(name), os.O_RDWR, 0)
		if errors.Is(err, fs.ErrNotExist) {
			continue // dropped since
		}
		if err == nil {
			err = f.Sync()
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return err
		}
	}
	if len(names) > 0 {
		return syncDir(s.dir)
	}
	return nil
}

// openFiles prepares the files of a store being opened: files of layers a
// killed process never finished are deleted, and every layer file's footer
// and size are checked.
func (s *Badger) openFiles() error {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return fmt.Errorf("database directory %s: %w", s.dir, err)
	}
	for _, e := range entries {
		name := e.Name()
		d, ok := layerOf(name)
		switch {
		case !ok:
		case strings.HasSuffix(name, ".tmp"), strings.HasSuffix(name, ".runs"):
			if err := os.Remove(s.path(name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("database directory %s: %w", s.dir, err)
			}
		case name == layerFileName(d):
			l, err := s.openLayer(d)
			if err != nil {
				return err
			}
			s.files.layers[d] = l
		}
	}
	return nil
}

func (s *Badger) Drop(d int) error {
	if s.closed.Load() {
		return errClosed
	}
	s.files.mu.Lock()
	for k := range s.files.layers {
		if k >= d {
			s.forget(k)
		}
	}
	s.files.mu.Unlock()
	err := s.removeLayerFiles(func(k int) bool { return k >= d })
	if err == nil {
		err = syncDir(s.dir)
	}
	if err != nil {
		return fmt.Errorf("clearing database %s: %w", s.dir, err)
	}
	return nil
}

// filesSize is the bytes of the key files.
func (s *Badger) filesSize() int64 {
	entries, _ := os.ReadDir(s.dir)
	var n int64
	for _, e := range entries {
		if _, ok := layerOf(e.Name()); ok || strings.HasPrefix(e.Name(), "part-") {
			if info, err := e.Info(); err == nil {
				n += info.Size()
			}
		}
	}
	return n
}

// closeFiles closes every open layer file.
func (s *Badger) closeFiles() {
	s.files.mu.Lock()
	defer s.files.mu.Unlock()
	for d := range s.files.layers {
		s.forget(d)
	}
	_ = s.closeSegment()
}
