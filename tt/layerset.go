package tt

import (
	"sync"
	"sync/atomic"
)

// Hash mixes a key's bits; its top partBits choose the partition of a
// LayerSet and its low bits the slot of a batch's recent cache (and of the
// solver's cache of analyses).
func (k Key) Hash() uint64 {
	h := k.Red*0x9E3779B97F4A7C15 ^ (k.Blue+0x632BE59BD9B4E019)*0xC2B2AE3D27D4EB4F
	return (h ^ h>>29) * 0xBF58476D1CE4E5B9
}

// LayerSet holds the successors of one layer while it is expanded, shared
// by the workers. It is split by the top bits of the key's hash into
// partitions, each behind its own lock. Every key always goes to the same
// partition, so a successor is held once however many workers meet it, and
// at the end the partitions are disjoint sorted runs. Workers hand keys over
// a buffer of bufKeys per partition at a time (see Batch), which keeps
// locking rare.
//
// A partition is sorted runs, not a hash table: keys handed over are
// appended to a pending buffer, and when it holds a quarter of what the
// partition holds (and at least pendMin keys) it is sorted with its
// duplicates removed, in the cache, and merged into the partition's sorted
// run, a sequential pass. Most successors repeat one another (80–90 %), and
// a hash table of a large layer answered each with a probe that missed
// the cache (docs/performance.md, "The layer set as sorted runs"); the merge
// costs each key a few sequential copies instead, and what finish hands over
// is already sorted.
//
// Memory: when the keys held (runs and pending buffers) exceed maxKeys, every
// partition is drained into the store as one sorted run (a run may then
// repeat keys of a later run; the store merges them), so a layer larger than
// memory streams out instead of growing without bound.
//
// Checkpoints (save non-nil): a partition keeps the keys already saved
// (saved) apart from those not yet saved (cur, disjoint from saved). A
// checkpoint (SaveFresh) hands every partition's cur to save and moves it
// into saved; a drain hands the cur of every partition to save as well.
// What is saved is therefore always every key found so far, each once.
type LayerSet struct {
	parts   [1 << partBits]partition
	maxKeys int64
	held    atomic.Int64
	spill   func([]Key) error // hands a sorted run to the store
	// part, if set, hands finish's runs instead: the partitions are disjoint
	// and freshly made, so a store may take them as parts (AddPart).
	Part    func([]Key) error
	Save    func([]Key) error // saves a sorted run at a checkpoint
	spillMu sync.Mutex
	// pendMin is the package's pendMin, or a partition's share of maxKeys
	// when that is smaller (at least bufKeys).
	pendMin int
}

// partition is one hash partition of a LayerSet. saved and cur are sorted
// and duplicate-free, and share no key; pend is unsorted and may repeat
// keys of all three. Without checkpoints saved stays empty.
type partition struct {
	mu    sync.Mutex
	saved []Key
	cur   []Key
	pend  []Key
	_     [40]byte // keep partitions' locks on separate cache lines
}

const (
	partBits = 6
	bufKeys  = 256 // a partition's buffer in a batch: 4 KiB
)

// pendMin is the fewest pending keys a partition sorts and merges at a time:
// 256 KiB, which the sort keeps in a core's cache. A small budget lowers it
// (LayerSet.pendMin), so that the pending buffers of all the partitions stay
// within it. (A variable so that tests can merge often.)
var pendMin = 1 << 14

func NewLayerSet(maxKeys int64, spill, save func([]Key) error) *LayerSet {
	ls := &LayerSet{maxKeys: max(maxKeys, 1<<12), spill: spill, Save: save}
	ls.pendMin = min(pendMin, max(bufKeys, int(ls.maxKeys>>partBits)))
	return ls
}

// insert adds keys, all of partition p.
func (ls *LayerSet) insert(p int, keys []Key) error {
	part := &ls.parts[p]
	part.mu.Lock()
	if part.pend == nil {
		part.pend = make([]Key, 0, ls.pendMin)
	}
	part.pend = append(part.pend, keys...)
	delta := int64(len(keys))
	if len(part.pend) >= max(ls.pendMin, (len(part.saved)+len(part.cur))/4) {
		delta -= int64(part.merge())
	}
	held := ls.held.Add(delta)
	part.mu.Unlock()
	if held <= ls.maxKeys {
		return nil
	}
	return ls.drainAll()
}

// merge sorts the pending keys and merges those that are new into cur; it
// returns how many pending keys were not new (the fall in the keys held).
// The caller holds the lock.
func (p *partition) merge() int {
	if len(p.pend) == 0 {
		return 0
	}
	n := len(p.pend)
	pend := SortUniqueBuf(p.pend, p.scratch())
	if len(p.saved) > 0 {
		pend = subtract(pend, p.saved)
	}
	before := len(p.cur)
	p.cur = mergeInto(p.cur, pend)
	p.pend = p.pend[:0]
	return n - (len(p.cur) - before)
}

// scratch is space for sorting the pending keys: the free tail of cur's
// array when it is long enough (the merge that follows overwrites it anyway).
func (p *partition) scratch() []Key {
	if free := p.cur[len(p.cur):cap(p.cur)]; len(free) >= len(p.pend) {
		return free
	}
	return nil
}

// mergeInto merges b (sorted, duplicate-free) into a (likewise) in a's array,
// grown by a quarter when b does not fit its free tail, and returns the
// union. The merge runs from the back, so no key of a is overwritten before it
// is read (the write index never falls below a's read index); the keys both
// hold leave a gap at the front, closed by one copy.
func mergeInto(a, b []Key) []Key {
	need := len(a) + len(b)
	if cap(a) < need {
		a = append(make([]Key, 0, need+need/4), a...)
	}
	out := a[:need]
	i, j, w := len(a)-1, len(b)-1, need-1
	for j >= 0 {
		c := -1 // a is used up: b's key next
		if i >= 0 {
			c = Compare(out[i], b[j])
		}
		if c >= 0 {
			out[w] = out[i]
			i--
		}
		if c <= 0 {
			out[w] = b[j]
			j--
		}
		w--
	}
	// a[:i+1] is still in place, w-i places below the merged tail.
	if gap := w - i; gap > 0 {
		copy(out[i+1:], out[w+1:])
		out = out[:need-gap]
	}
	return out
}

// subtract removes from a (sorted, duplicate-free) the keys of b (sorted),
// in place, and returns what is left.
func subtract(a, b []Key) []Key {
	out, j := a[:0], 0
	for _, k := range a {
		for j < len(b) && Compare(b[j], k) < 0 {
			j++
		}
		if j < len(b) && b[j] == k {
			continue
		}
		out = append(out, k)
	}
	return out
}

// take merges what is pending and gives up the partition's keys: saved and
// cur (the keys not yet saved). It leaves the partition empty. The caller
// holds the lock.
func (p *partition) take() (saved, cur []Key) {
	p.merge()
	saved, cur = p.saved, p.cur
	p.saved, p.cur, p.pend = nil, nil, nil
	return saved, cur
}

// drainAll hands every key held to the store as one sorted run, and frees
// the partitions. One run per budget's worth of keys, rather than a run per
// partition, keeps the number of runs of a spilled layer to about its size
// divided by the budget, and so the store's merge, which holds a block of
// every run at once, small (docs/history/performance-2026-11.md, "The
// spill path").
// Partitions are drained one at a time under their own lock, so the other
// workers go on inserting meanwhile; a key inserted into a partition already
// drained goes to a later run (the store merges runs and removes repeats).
func (ls *LayerSet) drainAll() error {
	ls.spillMu.Lock()
	defer ls.spillMu.Unlock()
	if ls.held.Load() <= ls.maxKeys {
		return nil // another worker drained the set meanwhile
	}
	// What is held counts pending keys, repeats included: merge them first,
	// and drain only when at least half the budget is distinct keys, so that
	// a run is never small. Otherwise the pending keys must grow by half the
	// budget again before the next merge, which keeps these merges a
	// constant share of the work.
	for p := range ls.parts {
		part := &ls.parts[p]
		part.mu.Lock()
		ls.held.Add(-int64(part.merge()))
		part.mu.Unlock()
	}
	if ls.held.Load() <= ls.maxKeys/2 {
		return nil
	}
	// Room for every key held and those that come meanwhile, so that the
	// run is not copied as it grows.
	run := make([]Key, 0, ls.held.Load()+ls.held.Load()/16)
	var fresh [][]Key // the keys not yet saved, copied once below
	for p := range ls.parts {
		part := &ls.parts[p]
		part.mu.Lock()
		n := int64(len(part.saved) + len(part.cur) + len(part.pend))
		saved, cur := part.take()
		part.mu.Unlock()
		ls.held.Add(-n)
		if ls.Save != nil && len(cur) > 0 {
			fresh = append(fresh, cur)
		}
		run = append(append(run, saved...), cur...)
	}
	if len(fresh) > 0 {
		// One array of the exact size: appending to a growing slice
		// copied the keys again and again (44 % of a spilling run's
		// time went to drains, 17 of 37 s to that copying).
		n := 0
		for _, c := range fresh {
			n += len(c)
		}
		all := make([]Key, 0, n)
		for _, c := range fresh {
			all = append(all, c...)
		}
		if err := ls.Save(SortUnique(all)); err != nil {
			return err
		}
	}
	if len(run) == 0 {
		return nil
	}
	return ls.spill(SortUnique(run))
}

// SaveFresh saves every key not yet saved, partition by partition. Called at
// a checkpoint, with no insert under way.
func (ls *LayerSet) SaveFresh() error { return ls.markSaved(ls.Save) }

// ForgetFresh marks every key held as saved (they were read from a
// checkpoint).
func (ls *LayerSet) ForgetFresh() { _ = ls.markSaved(nil) }

// markSaved moves every partition's keys not yet saved (after merging what
// is pending) into its saved keys, handing them to save first if it is set.
// save keeps what it is handed (Checkpointer.SavePart), so saved becomes
// a new array and cur starts afresh.
func (ls *LayerSet) markSaved(save func([]Key) error) error {
	for p := range ls.parts {
		part := &ls.parts[p]
		ls.held.Add(-int64(part.merge()))
		if len(part.cur) == 0 {
			continue
		}
		fresh := part.cur
		part.saved = MergeUnique(part.saved, fresh)
		part.cur = nil
		if save != nil {
			if err := save(fresh); err != nil {
				return err
			}
		}
	}
	return nil
}

// finish hands every partition to the store as a sorted run, in partition
// order, and frees the partitions.
func (ls *LayerSet) Finish() error {
	for p := range ls.parts {
		part := &ls.parts[p]
		saved, cur := part.take()
		run := cur
		if len(saved) > 0 {
			run = MergeUnique(saved, cur)
		}
		if len(run) == 0 {
			continue
		}
		hand := ls.spill
		if ls.Part != nil {
			hand = ls.Part
		}
		if err := hand(run); err != nil {
			return err
		}
	}
	return nil
}

// Batch is one worker's buffers, one per partition of a LayerSet.
type Batch struct {
	ls   *LayerSet
	bufs [1 << partBits][]Key
	// recent is a direct-mapped cache of the keys this batch was handed,
	// small enough for the core's own cache: a key found there was handed
	// before, so it is already in the set or on its way there, and handing
	// it again would change nothing but cost a probe of a large table.
	recent []Key
}

// recentKeys is the size of a batch's cache of recent keys (128 KiB).
const recentKeys = 1 << 13

func NewBatch(ls *LayerSet) *Batch {
	b := &Batch{ls: ls, recent: make([]Key, recentKeys)}
	for i := range b.bufs {
		b.bufs[i] = make([]Key, 0, bufKeys)
	}
	return b
}

// Add buffers k for the layer set (so a Batch is the verify engine's Successors).
func (b *Batch) Add(k Key) error {
	h := k.Hash()
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

func (b *Batch) flush(p int) error {
	err := b.ls.insert(p, b.bufs[p])
	b.bufs[p] = b.bufs[p][:0]
	return err
}

// flushAll hands every buffered key to the layer set.
func (b *Batch) Flush() error {
	for p := range b.bufs {
		if err := b.flush(p); err != nil {
			return err
		}
	}
	return nil
}
