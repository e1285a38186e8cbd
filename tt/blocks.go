package tt

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sync"

	badger "github.com/dgraph-io/badger/v4"
)

// A layer in Badger is a sequence of blocks, each a Badger value of up to
// blockKeys positions packed as 16 big-endian bytes, sorted, without
// duplicates, and the blocks in order:
//
//	'L' + layer (2 bytes) + the block's first position (16) → the block
//	'N' + layer (2 bytes) → the number of positions (8 bytes), written last
//
// A few large values instead of a key per position make writing a layer a
// sequential write (Badger's per-key work — skiplist inserts, compaction of
// millions of tiny keys — was the spill path's limit,
// docs/history/performance-2026-11.md), and
// keying a block by its first position keeps membership one seek and one
// binary search. A layer without its count was never finished.
//
// A layer whose positions arrive in order (a finished in-memory layer being
// persisted) streams straight into blocks. One that arrives as overlapping
// sorted runs (a layer larger than memory) is kept as runs first,
//
//	'S' + layer (2) + run (4) + block (4) → a block of the run
//
// and Finish merges them into the layer's blocks in one k-way pass, reading
// each run a block at a time, then deletes them.
const (
	prefixLayer = 'L'
	prefixCount = 'N'
	prefixRun   = 'S'
	blockKeys   = 1 << 15 // 512 KiB a block of a layer
	runKeys     = 1 << 12 // 64 KiB a block of a run: a merge holds one per run
)

func layerPrefix(d int) []byte { return []byte{prefixLayer, byte(d >> 8), byte(d)} }
func countKey(d int) []byte    { return []byte{prefixCount, byte(d >> 8), byte(d)} }
func runKey(d, run, block int) []byte {
	k := []byte{prefixRun, byte(d >> 8), byte(d)}
	k = binary.BigEndian.AppendUint32(k, uint32(run))
	return binary.BigEndian.AppendUint32(k, uint32(block))
}

// layerPrefixes are the prefixes of everything layer d holds.
func layerPrefixes(d int) [][]byte {
	return [][]byte{layerPrefix(d), countKey(d), {prefixRun, byte(d >> 8), byte(d)}}
}

func pack(keys []Key) []byte {
	v := make([]byte, 0, 16*len(keys))
	for _, k := range keys {
		v = k.Bytes(v)
	}
	return v
}

func unpack(v []byte, dst []Key) ([]Key, bool) {
	if len(v)%16 != 0 {
		return dst, false
	}
	for i := 0; i < len(v); i += 16 {
		dst = append(dst, KeyFromBytes(v[i:]))
	}
	return dst, true
}

type badgerWriter struct {
	s      *Badger
	d      int
	wb     *badger.WriteBatch
	block  []Key // the block being filled while streaming
	last   Key   // the last position streamed
	n      int64 // positions streamed
	runs   int   // runs stored; 0 while streaming
	blocks int   // blocks streamed
	queued int   // bytes of values handed to wb since its last flush
}

// maxQueued bounds the bytes of values a writer leaves queued in Badger's
// WriteBatch. The batch bounds a transaction by its number of entries and
// by the size of what stays in the LSM tree (keys and value pointers), not
// by the values that go to the value log, so without a flush it held tens
// of megabytes of blocks on a spilling run
// (docs/history/performance-2026-11.md, "The spill path"), whatever
// --memory said.
const maxQueued = 4 << 20

// set queues one key and value, flushing the batch when maxQueued bytes of
// values are queued.
func (w *badgerWriter) set(k, v []byte) error {
	if err := w.wb.Set(k, v); err != nil {
		return w.fail(err)
	}
	if w.queued += len(v); w.queued >= maxQueued {
		if err := w.wb.Flush(); err != nil {
			return w.fail(err)
		}
		w.wb, w.queued = w.s.db.NewWriteBatch(), 0
	}
	return nil
}

func (s *Badger) Create(d int) (_ Writer, err error) {
	defer s.recovered(&err)
	if err := s.deletePrefixes(layerPrefixes(d)...); err != nil {
		return nil, fmt.Errorf("clearing layer %d of database %s: %w", d, s.dir, err)
	}
	return &badgerWriter{s: s, d: d, wb: s.db.NewWriteBatch()}, nil
}

// deletePrefixes deletes every key under the prefixes. Unlike Badger's
// DropPrefix, which makes writes from other goroutines fail while it runs,
// these are ordinary writes, safe while the layer set's runs, the
// background writer's layers and checkpoints are written at the same time;
// layers and parts are a few large values, so the keys are few.
func (s *Badger) deletePrefixes(ps ...[]byte) error {
	var keys [][]byte
	err := s.db.View(func(txn *badger.Txn) error {
		for _, p := range ps {
			o := badger.DefaultIteratorOptions
			o.PrefetchValues = false
			o.Prefix = p
			it := txn.NewIterator(o)
			for it.Seek(p); it.ValidForPrefix(p); it.Next() {
				keys = append(keys, it.Item().KeyCopy(nil))
			}
			it.Close()
		}
		return nil
	})
	if err != nil {
		return s.damaged(err)
	}
	if len(keys) == 0 {
		return nil
	}
	wb := s.db.NewWriteBatch()
	defer wb.Cancel()
	for _, k := range keys {
		if err := wb.Delete(k); err != nil {
			return err
		}
	}
	return wb.Flush()
}

func (w *badgerWriter) fail(err error) error {
	return fmt.Errorf("writing layer %d of database %s: %w", w.d, w.s.dir, err)
}

// Add streams keys into blocks while every key comes after the last one;
// after the first that does not, the layer is kept as runs.
func (w *badgerWriter) Add(keys []Key) (err error) {
	defer w.s.recovered(&err)
	if len(keys) == 0 {
		return nil
	}
	if !isSortedUnique(keys) {
		keys = SortUnique(slices.Clone(keys))
	}
	if w.runs == 0 && (w.n == 0 || Compare(w.last, keys[0]) < 0) {
		for _, k := range keys {
			w.block = append(w.block, k)
			if len(w.block) == blockKeys {
				if err := w.flushBlock(); err != nil {
					return err
				}
			}
		}
		w.last, w.n = keys[len(keys)-1], w.n+int64(len(keys))
		return nil
	}
	if w.runs == 0 {
		if err := w.streamToRun(); err != nil {
			return err
		}
	}
	return w.addRun(keys)
}

func isSortedUnique(keys []Key) bool {
	for i := 1; i < len(keys); i++ {
		if Compare(keys[i-1], keys[i]) >= 0 {
			return false
		}
	}
	return true
}

func (w *badgerWriter) flushBlock() error {
	if len(w.block) == 0 {
		return nil
	}
	if err := w.set(append(layerPrefix(w.d), w.block[0].Bytes(nil)...), pack(w.block)); err != nil {
		return err
	}
	w.block = w.block[:0]
	w.blocks++
	return nil
}

// addRun stores keys, sorted and unique, as the next run.
func (w *badgerWriter) addRun(keys []Key) error {
	for b := 0; b*runKeys < len(keys); b++ {
		if err := w.set(runKey(w.d, w.runs, b), pack(keys[b*runKeys:min((b+1)*runKeys, len(keys))])); err != nil {
			return err
		}
	}
	w.runs++
	return nil
}

// streamToRun turns what was streamed so far into run 0.
func (w *badgerWriter) streamToRun() error {
	if err := w.wb.Flush(); err != nil {
		return w.fail(err)
	}
	var streamed []Key
	if err := (&badgerLayer{s: w.s, d: w.d, n: -1}).Scan(1<<16, func(k []Key) error {
		streamed = append(streamed, k...)
		return nil
	}); err != nil {
		return err
	}
	streamed = append(streamed, w.block...)
	if err := w.s.deletePrefixes(layerPrefix(w.d)); err != nil {
		return w.fail(err)
	}
	w.wb, w.queued = w.s.db.NewWriteBatch(), 0
	w.block, w.blocks, w.n = nil, 0, 0
	return w.addRun(streamed)
}

func (w *badgerWriter) Finish() (_ Layer, err error) {
	defer w.s.recovered(&err)
	if w.runs > 0 {
		if err := w.wb.Flush(); err != nil {
			return nil, w.fail(err)
		}
		w.wb, w.queued = w.s.db.NewWriteBatch(), 0
		if err := w.mergeRuns(); err != nil {
			return nil, err
		}
	}
	if err := w.flushBlock(); err != nil {
		return nil, err
	}
	if err := w.wb.Flush(); err != nil {
		return nil, w.fail(err)
	}
	// The count last: a layer without it was never finished.
	if err := w.s.db.Update(func(txn *badger.Txn) error {
		return txn.Set(countKey(w.d), binary.BigEndian.AppendUint64(nil, uint64(w.n)))
	}); err != nil {
		return nil, w.fail(err)
	}
	if w.runs > 0 {
		if err := w.s.deletePrefixes([]byte{prefixRun, byte(w.d >> 8), byte(w.d)}); err != nil {
			return nil, w.fail(err)
		}
	}
	return &badgerLayer{s: w.s, d: w.d, n: w.n}, nil
}

// runReader reads one stored run a block at a time.
type runReader struct {
	s         *Badger
	d, run, b int
	keys      []Key
	pos       int
}

// next loads the run's next block; false at its end.
func (r *runReader) next() (bool, error) {
	v, found, err := r.s.get(runKey(r.d, r.run, r.b))
	if err != nil {
		return false, r.s.damaged(fmt.Errorf("reading run %d of layer %d: %w", r.run, r.d, err))
	}
	if !found {
		return false, nil
	}
	var ok bool
	if r.keys, ok = unpack(v, r.keys[:0]); !ok || len(r.keys) == 0 || !isSortedUnique(r.keys) {
		return false, r.s.damaged(fmt.Errorf("run %d of layer %d is malformed", r.run, r.d))
	}
	r.b++
	r.pos = 0
	return true, nil
}

// mergeRuns streams the union of the stored runs into blocks, in order.
func (w *badgerWriter) mergeRuns() error {
	var heads []*runReader
	for run := range w.runs {
		r := &runReader{s: w.s, d: w.d, run: run}
		ok, err := r.next()
		if err != nil {
			return err
		}
		if ok {
			heads = append(heads, r)
		}
	}
	less := func(i, j int) bool { return Compare(heads[i].keys[heads[i].pos], heads[j].keys[heads[j].pos]) < 0 }
	down := func(i int) {
		for {
			m, l := i, 2*i+1
			if l < len(heads) && less(l, m) {
				m = l
			}
			if l+1 < len(heads) && less(l+1, m) {
				m = l + 1
			}
			if m == i {
				return
			}
			heads[i], heads[m] = heads[m], heads[i]
			i = m
		}
	}
	for i := len(heads)/2 - 1; i >= 0; i-- {
		down(i)
	}
	for len(heads) > 0 {
		h := heads[0]
		k := h.keys[h.pos]
		if w.n == 0 || Compare(w.last, k) < 0 {
			w.block = append(w.block, k)
			w.last, w.n = k, w.n+1
			if len(w.block) == blockKeys {
				if err := w.flushBlock(); err != nil {
					return err
				}
			}
		}
		if h.pos++; h.pos == len(h.keys) {
			ok, err := h.next()
			if err != nil {
				return err
			}
			if !ok {
				heads[0] = heads[len(heads)-1]
				heads = heads[:len(heads)-1]
			}
		}
		down(0)
	}
	return nil
}

type badgerLayer struct {
	s     *Badger
	d     int
	n     int64 // keys in the layer; -1 while unknown
	cache blockCache
}

// blockCache keeps the last blocks that Contains read, unpacked: a
// counterexample's reconstruction asks for many positions of one layer, and
// reading and unpacking a 512 KiB block for each would cost it a millisecond
// a question (minutes for a few hundred thousand questions).
type blockCache struct {
	mu     sync.Mutex
	blocks map[Key][]Key // by the block's first position
	order  []Key         // first in, first out
}

// cachedBlocks bounds a layer's cache: 8 MiB of keys.
const cachedBlocks = 16

func (c *blockCache) get(first Key) []Key {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.blocks[first]
}

func (c *blockCache) put(first Key, keys []Key) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.blocks == nil {
		c.blocks = map[Key][]Key{}
	}
	if _, ok := c.blocks[first]; ok {
		return
	}
	if len(c.order) == cachedBlocks {
		delete(c.blocks, c.order[0])
		c.order = c.order[1:]
	}
	c.blocks[first] = keys
	c.order = append(c.order, first)
}

// Layer opens finished layer d; a layer never finished is a
// *MissingLayerError.
func (s *Badger) Layer(d int) (_ Layer, err error) {
	defer s.recovered(&err)
	var n int64 = -1
	v, found, err := s.get(countKey(d))
	if len(v) == 8 {
		n = int64(binary.BigEndian.Uint64(v))
	}
	switch {
	case err != nil:
		return nil, s.damaged(fmt.Errorf("reading layer %d: %w", d, err))
	case !found:
		return nil, &MissingLayerError{Layer: d}
	case n < 0:
		return nil, s.damaged(fmt.Errorf("the count of layer %d is malformed", d))
	}
	return &badgerLayer{s: s, d: d, n: n}, nil
}

func (l *badgerLayer) Len() int64 { return l.n }

func (l *badgerLayer) Contains(k Key) (found bool, err error) {
	defer l.s.recovered(&err)
	p := layerPrefix(l.d)
	err = l.s.db.View(func(txn *badger.Txn) error {
		o := badger.DefaultIteratorOptions
		o.PrefetchValues = false
		o.Reverse = true
		o.Prefix = p
		it := txn.NewIterator(o)
		defer it.Close()
		// The last block whose first position is at most k.
		it.Seek(append(slices.Clone(p), k.Bytes(nil)...))
		if !it.ValidForPrefix(p) {
			return nil
		}
		bk := it.Item().Key()
		if len(bk) != len(p)+16 {
			return fmt.Errorf("a block key of %d bytes", len(bk))
		}
		first := KeyFromBytes(bk[len(p):])
		keys := l.cache.get(first)
		if keys == nil {
			v, err := it.Item().ValueCopy(nil)
			if err != nil {
				return err
			}
			var ok bool
			if keys, ok = unpack(v, nil); !ok || len(keys) == 0 || keys[0] != first {
				return fmt.Errorf("a block of %d bytes that does not start with its key", len(v))
			}
			l.cache.put(first, keys)
		}
		found = Search(keys, k)
		return nil
	})
	if err != nil {
		return false, l.s.damaged(fmt.Errorf("reading layer %d: %w", l.d, err))
	}
	return found, nil
}

func (l *badgerLayer) Scan(n int, fn func([]Key) error) (err error) {
	defer l.s.recovered(&err)
	call := func(k []Key) error {
		defer func() {
			if r := recover(); r != nil {
				panic(callbackPanic{r})
			}
		}()
		return fn(k)
	}
	p := layerPrefix(l.d)
	var seen int64
	var last Key
	stopped := false
	err = l.s.db.View(func(txn *badger.Txn) error {
		o := badger.DefaultIteratorOptions
		o.Prefix = p
		o.PrefetchSize = 4
		it := txn.NewIterator(o)
		defer it.Close()
		var block []Key
		for it.Seek(p); it.ValidForPrefix(p); it.Next() {
			k := it.Item().Key()
			if len(k) != len(p)+16 {
				return l.s.damaged(fmt.Errorf("key of %d bytes in layer %d", len(k), l.d))
			}
			v, err := it.Item().ValueCopy(nil)
			if err != nil {
				return err
			}
			var ok bool
			block, ok = unpack(v, block[:0])
			if !ok || len(block) == 0 || !isSortedUnique(block) || block[0] != KeyFromBytes(k[len(p):]) || (seen > 0 && Compare(last, block[0]) >= 0) {
				return l.s.damaged(fmt.Errorf("a malformed block in layer %d", l.d))
			}
			last = block[len(block)-1]
			for i := 0; i < len(block); i += n {
				chunk := block[i:min(i+n, len(block))]
				seen += int64(len(chunk))
				if err := call(chunk); err != nil {
					stopped = true
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		if stopped {
			return err
		}
		return l.s.damaged(err)
	}
	if l.n >= 0 && seen != l.n {
		return l.s.damaged(fmt.Errorf("layer %d read back with %d of its %d positions", l.d, seen, l.n))
	}
	return nil
}
