package verify

import (
	"math"
	"math/bits"
	"sync"
	"sync/atomic"

	"hexproof/tt"
)

// keySet is a worker's open-addressing set of successor keys. Most successors
// are transpositions of one another (often 80–90 %), so removing duplicates
// here, at a few nanoseconds each, spares the sort that follows most of its
// work. The zero key (the empty board) is never a successor and marks a free
// slot.
type keySet struct {
	slots []tt.Key
	// fresh has a bit per slot: the key there is not yet saved at a
	// checkpoint (see checkpoint); taken by takeFresh.
	fresh []uint64
	shift uint
	n     int
	max   int // slots at most; when full beyond half, the owner drains it
}

func newKeySet(maxSlots int) *keySet {
	s := &keySet{max: maxSlots}
	s.alloc(1 << 10)
	return s
}

func (s *keySet) alloc(size int) {
	s.slots = make([]tt.Key, size)
	s.fresh = make([]uint64, (size+63)/64)
	s.shift = 64
	for x := size; x > 1; x >>= 1 {
		s.shift--
	}
	s.n = 0
}

func (s *keySet) hash(k tt.Key) uint64 {
	h := k.Red*0x9E3779B97F4A7C15 ^ (k.Blue+0x632BE59BD9B4E019)*0xC2B2AE3D27D4EB4F
	return (h ^ h>>29) * 0xBF58476D1CE4E5B9
}

// slot is where k is, or where it would go (then isNew). The slot comes from
// the bits of the hash below the top partBits, which choose the partition of
// a succSet.
func (s *keySet) slot(k tt.Key) (i uint64, isNew bool) {
	mask := uint64(len(s.slots) - 1)
	for i = (s.hash(k) << partBits) >> s.shift; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case tt.Key{}:
			return i, true
		case k:
			return i, false
		}
	}
}

// add inserts k and reports whether it was new.
func (s *keySet) add(k tt.Key) bool {
	i, isNew := s.slot(k)
	if !isNew {
		return false
	}
	s.slots[i] = k
	s.fresh[i>>6] |= 1 << (i & 63)
	s.n++
	// Grow at half load below the cap. The owner drains the set between
	// positions once it is half full at the cap, but one position can add up
	// to cells² keys, so past three quarters the set grows beyond the cap
	// rather than ever filling up (probing a full table would never end).
	if (8*s.n > 5*len(s.slots) && len(s.slots) < s.max) || 4*s.n > 3*len(s.slots) {
		s.grow()
	}
	return true
}

func (s *keySet) grow() {
	old, oldFresh := s.slots, s.fresh
	s.alloc(2 * len(old))
	for i, k := range old {
		if k != (tt.Key{}) {
			j, _ := s.slot(k)
			s.slots[j] = k
			s.fresh[j>>6] |= (oldFresh[i>>6] >> (i & 63) & 1) << (j & 63)
			s.n++
		}
	}
}

// drain appends the keys to dst, empties the set and returns dst.
func (s *keySet) drain(dst []tt.Key) []tt.Key {
	for i, k := range s.slots {
		if k != (tt.Key{}) {
			dst = append(dst, k)
			s.slots[i] = tt.Key{}
		}
	}
	clear(s.fresh)
	s.n = 0
	return dst
}

// takeFresh appends the keys not yet taken to dst, marks them taken and
// returns dst; the set keeps them.
func (s *keySet) takeFresh(dst []tt.Key) []tt.Key {
	for w, word := range s.fresh {
		for ; word != 0; word &= word - 1 {
			dst = append(dst, s.slots[w<<6|bits.TrailingZeros64(word)])
		}
		s.fresh[w] = 0
	}
	return dst
}

// layerSet holds the successors of one layer while it is expanded, shared
// by the workers. It is split by the top bits of the key's hash into
// partitions, each a keySet behind its own lock. Every key always goes to the
// same partition, so a successor is held once however many workers meet it,
// and at the end the partitions are disjoint sorted runs. Workers hand keys
// over a buffer of bufKeys per partition at a time (see batch), which keeps
// locking rare and each batch of random probes inside one partition's table.
//
// Memory: when the keys held exceed maxKeys, every partition is drained into
// the store as one sorted run (a run may then repeat keys of a later run; the
// store merges them), so a layer larger than memory streams out instead of
// growing without bound.
//
// Checkpoints (save non-nil): the keys not yet saved are handed to save, as
// sorted runs, at every checkpoint (saveFresh) and when the set is drained,
// while the set keeps them for removing duplicates, so that what is saved is
// always every key found so far, each once.
type layerSet struct {
	parts   [1 << partBits]partition
	maxKeys int64
	held    atomic.Int64
	spill   func([]tt.Key) error // hands a sorted run to the store
	// part, if set, hands finish's runs instead: the partitions are disjoint
	// and freshly made, so a store may take them as parts (tt.AddPart).
	part    func([]tt.Key) error
	save    func([]tt.Key) error // saves a sorted run at a checkpoint
	spillMu sync.Mutex
}

type partition struct {
	mu  sync.Mutex
	set keySet
	_   [16]byte // keep partitions' locks on separate cache lines
}

const (
	partBits = 6
	bufKeys  = 256 // a partition's buffer in a batch: 4 KiB
)

func newLayerSet(maxKeys int64, spill, save func([]tt.Key) error) *layerSet {
	ls := &layerSet{maxKeys: max(maxKeys, 1<<12), spill: spill, save: save}
	for i := range ls.parts {
		ls.parts[i].set = keySet{max: math.MaxInt}
		ls.parts[i].set.alloc(1 << 8)
	}
	return ls
}

// insert adds keys, all of partition p.
func (ls *layerSet) insert(p int, keys []tt.Key) error {
	part := &ls.parts[p]
	part.mu.Lock()
	before := part.set.n
	for _, k := range keys {
		part.set.add(k)
	}
	held := ls.held.Add(int64(part.set.n - before))
	part.mu.Unlock()
	if held <= ls.maxKeys {
		return nil
	}
	return ls.drainAll()
}

// drainAll hands every key held to the store as one sorted run, and frees
// the tables. One run per budget's worth of keys, rather than a run per
// partition, keeps the number of runs of a spilled layer to about its size
// divided by the budget, and so the store's merge, which holds a block of
// every run at once, small (docs/performance.md, "The spill path").
// Partitions are drained one at a time under their own lock, so the other
// workers go on inserting meanwhile; a key inserted into a partition already
// drained goes to a later run (the store merges runs and removes repeats).
func (ls *layerSet) drainAll() error {
	ls.spillMu.Lock()
	defer ls.spillMu.Unlock()
	if ls.held.Load() <= ls.maxKeys {
		return nil // another worker drained the set meanwhile
	}
	// Room for every key held and those that come meanwhile, so that the
	// run is not copied as it grows.
	run := make([]tt.Key, 0, ls.held.Load()+ls.held.Load()/16)
	var fresh []tt.Key
	for p := range ls.parts {
		part := &ls.parts[p]
		part.mu.Lock()
		if ls.save != nil {
			fresh = part.set.takeFresh(fresh)
		}
		before := len(run)
		run = part.set.drain(run)
		part.set.alloc(1 << 8)
		part.mu.Unlock()
		ls.held.Add(-int64(len(run) - before))
	}
	if len(fresh) > 0 {
		if err := ls.save(tt.SortUnique(fresh)); err != nil {
			return err
		}
	}
	if len(run) == 0 {
		return nil
	}
	return ls.spill(tt.SortUnique(run))
}

// saveFresh saves every key not yet saved, partition by partition. Called at
// a checkpoint, with no insert under way.
func (ls *layerSet) saveFresh() error {
	for p := range ls.parts {
		if fresh := tt.SortUnique(ls.parts[p].set.takeFresh(nil)); len(fresh) > 0 {
			if err := ls.save(fresh); err != nil {
				return err
			}
		}
	}
	return nil
}

// forgetFresh marks every key held as saved (they were read from a
// checkpoint).
func (ls *layerSet) forgetFresh() {
	for p := range ls.parts {
		clear(ls.parts[p].set.fresh)
	}
}

// finish hands every partition to the store as a sorted run, in partition
// order, and frees the tables.
func (ls *layerSet) finish() error {
	for p := range ls.parts {
		part := &ls.parts[p]
		run := tt.SortUnique(part.set.drain(nil))
		part.set = keySet{}
		if len(run) == 0 {
			continue
		}
		hand := ls.spill
		if ls.part != nil {
			hand = ls.part
		}
		if err := hand(run); err != nil {
			return err
		}
	}
	return nil
}

// batch is one worker's buffers, one per partition of a layerSet.
type batch struct {
	ls   *layerSet
	bufs [1 << partBits][]tt.Key
	// recent is a direct-mapped cache of the keys this batch was handed,
	// small enough for the core's own cache: a key found there was handed
	// before, so it is already in the set or on its way there, and handing
	// it again would change nothing but cost a probe of a large table.
	recent []tt.Key
}

// recentKeys is the size of a batch's cache of recent keys (128 KiB).
const recentKeys = 1 << 13

func newBatch(ls *layerSet) *batch {
	b := &batch{ls: ls, recent: make([]tt.Key, recentKeys)}
	for i := range b.bufs {
		b.bufs[i] = make([]tt.Key, 0, bufKeys)
	}
	return b
}

func (b *batch) add(k tt.Key) error {
	h := b.ls.parts[0].set.hash(k)
	if r := &b.recent[h&(recentKeys-1)]; *r != k {
		*r = k
	} else {
		return nil
	}
	p := h >> (64 - partBits)
	b.bufs[p] = append(b.bufs[p], k)
	if len(b.bufs[p]) == bufKeys {
		return b.flush(int(p))
	}
	return nil
}

func (b *batch) flush(p int) error {
	err := b.ls.insert(p, b.bufs[p])
	b.bufs[p] = b.bufs[p][:0]
	return err
}

// flushAll hands every buffered key to the layer set.
func (b *batch) flushAll() error {
	for p := range b.bufs {
		if err := b.flush(p); err != nil {
			return err
		}
	}
	return nil
}
