package andor

import (
	"sync"

	"hexproof/tt"
)

// Table is a bounded transposition table of exact keys (never fingerprints:
// a collision must not turn into a wrong proof). It remembers, per position,
// the least bound K at which the prover's win is proven and the greatest
// bound at which it is refuted. Buckets of two slots: the first keeps the
// entry nearest the root (the most work to recompute), the second is
// replaced always. A lost entry only costs a new search, never a wrong value.
type Table struct {
	slots []entry
	mask  uint64
	max   int   // the most slots it may grow to
	Used  int64 // slots holding an entry
	pool  *Pool // the budget it grows within, if shared (NewTableIn)
	lent  int64 // what pool lent it for its array
}

// Pool is a memory budget shared by tables (and other holders, such as a
// certificate walk): a table grows only while the pool has room for its new
// array beside the old one, which both exist during the move. So the tables
// of a process that share one pool hold at most its size together, at every
// moment. Safe for concurrent use.
type Pool struct {
	mu   sync.Mutex
	left int64
}

// NewPool is a pool of the given bytes.
func NewPool(bytes int64) *Pool { return &Pool{left: bytes} }

// Take reserves n bytes if the pool has them.
func (p *Pool) Take(n int64) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n > p.left {
		return false
	}
	p.left -= n
	return true
}

// Give returns n bytes taken before.
func (p *Pool) Give(n int64) {
	p.mu.Lock()
	p.left += n
	p.mu.Unlock()
}

// Left is what the pool has not lent.
func (p *Pool) Left() int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.left
}

// entry is 32 bytes, so that a bucket of two is one 64-byte cache line (a
// large slice starts on a page) and a probe costs one miss. The key is
// spelled out rather than kept as a Key, whose padding would make it 40.
type entry struct {
	red, blue uint64
	tag       uint16
	proven    uint8 // least K proven, noProof if none
	refuted   uint8 // greatest K refuted, 0 if none
	ply       uint8
	used      bool
	// pdepth, rdepth: the depth (plies from this node) of the tree that
	// established proven, refuted (see Search.ProveDepth).
	pdepth, rdepth uint8
	pn, dn         uint32 // the last numbers of an unsolved node (0, 0: none)
}

const (
	noProof       = 255
	refutedAlways = 254
	entryBytes    = 32
)

// NewTable makes a table that grows, as it fills, to about bytes bytes (at
// least 1024 slots): small searches stay small.
func NewTable(bytes int64) *Table { return NewTableIn(nil, bytes) }

// NewTableIn is NewTable growing within pool as well (nil: no pool): it
// stops growing at the size it has when the pool cannot lend the next one.
// Its first array (at most 128 KiB) is taken even from an empty pool.
func NewTableIn(pool *Pool, bytes int64) *Table {
	n := 1024
	for int64(n*2*entryBytes) <= bytes {
		n *= 2
	}
	t := &Table{max: n, pool: pool}
	first := min(n, 1<<12)
	if pool != nil && pool.Take(int64(first*entryBytes)) {
		t.lent = int64(first * entryBytes)
	}
	t.resize(first)
	return t
}

// Release gives the table's memory back to its pool and empties it; the
// table must not be used after.
func (t *Table) Release() {
	if t.pool != nil {
		t.pool.Give(t.lent)
	}
	t.slots, t.Used, t.max, t.lent = nil, 0, 0, 0
}

// grow doubles the table if its pool can lend the new array; otherwise the
// table keeps its size from now on (entries are replaced, as at max).
func (t *Table) grow() {
	n := len(t.slots) * 2
	if t.pool != nil {
		if !t.pool.Take(int64(n * entryBytes)) {
			t.max = len(t.slots)
			return
		}
		// The old array is garbage once the entries have moved.
		defer func(old int64) { t.pool.Give(old) }(t.lent)
		t.lent = int64(n * entryBytes)
	}
	t.resize(n)
}

// resize moves every entry into a table of n slots.
func (t *Table) resize(n int) {
	old := t.slots
	t.slots, t.mask, t.Used = make([]entry, n), uint64(n/2-1), 0
	for i := range old {
		if e := old[i]; e.used {
			*t.slot(e.key(), int(e.ply)) = e
		}
	}
}

func (t *Table) bucket(k Key) []entry {
	h := (k.Red*0x9E3779B97F4A7C15 ^ k.Blue*0xC2B2AE3D27D4EB4F ^ uint64(k.Tag)*0x165667B19E3779F9)
	h ^= h >> 29
	i := (h & t.mask) * 2
	return t.slots[i : i+2 : i+2]
}

// touch loads k's bucket (into the cache) and returns a byte of it.
func (t *Table) touch(k Key) uint8 {
	return t.bucket(k)[0].ply
}

// Lookup says whether the prover's win by K is known for k, and its value.
func (t *Table) Lookup(k Key, K int) (v, ok bool) {
	v, _, ok = t.Peek(k, K)
	return v, ok
}

// Peek is Lookup with the depth of the tree behind the value.
func (t *Table) Peek(k Key, K int) (v bool, depth int, ok bool) {
	return t.find(k).value(K)
}

// Numbers returns the proof and disproof numbers last recorded for k, if any.
func (t *Table) Numbers(k Key) (pn, dn uint32, ok bool) {
	return t.find(k).numbers()
}

// find is k's entry, or nil. It stays valid until the table is next changed.
func (t *Table) find(k Key) *entry {
	b := t.bucket(k)
	for i := range b {
		if b[i].used && b[i].is(k) {
			return &b[i]
		}
	}
	return nil
}

// value is Peek's answer from e (nil: none).
func (e *entry) value(K int) (v bool, depth int, ok bool) {
	switch {
	case e == nil:
	case int(e.proven) <= K:
		return true, int(e.pdepth), true
	case int(e.refuted) >= K:
		return false, int(e.rdepth), true
	}
	return false, 0, false
}

// numbers is Numbers' answer from e (nil: none).
func (e *entry) numbers() (pn, dn uint32, ok bool) {
	if e == nil {
		return 0, 0, false
	}
	return e.pn, e.dn, e.pn != 0 && e.dn != 0
}

// SetNumbers records the numbers of an unsolved node.
func (t *Table) SetNumbers(k Key, ply int, pn, dn uint32) {
	e := t.slot(k, ply)
	e.pn, e.dn = pn, dn
}

// Store records that the prover's win is proven (v) or refuted by bound K
// for the position k with ply stones, by a tree of the given depth.
func (t *Table) Store(k Key, ply int, v bool, K, depth int) {
	e := t.slot(k, ply)
	dp := uint8(min(depth, 255))
	if v {
		switch x := uint8(min(K, noProof-1)); {
		case x < e.proven:
			e.proven, e.pdepth = x, dp
		case x == e.proven:
			e.pdepth = min(e.pdepth, dp)
		}
	} else {
		switch x := uint8(min(K, refutedAlways)); {
		case x > e.refuted || e.refuted == 0:
			e.refuted, e.rdepth = x, dp
		case x == e.refuted:
			e.rdepth = min(e.rdepth, dp)
		}
	}
}

func (e *entry) is(k Key) bool {
	return e.red == k.Red && e.blue == k.Blue && e.tag == k.Tag
}

func (e *entry) key() Key {
	return Key{Key: tt.Key{Red: e.red, Blue: e.blue}, Tag: e.tag}
}

// slot finds k's entry or makes one.
func (t *Table) slot(k Key, ply int) *entry {
	// The table doubles once half its slots are used (while its pool
	// lends the memory): with two-slot buckets, a fuller table drops many
	// settled entries to collisions, and their subtrees are searched again.
	// Growing at half load rather than three quarters took 13–36 % less
	// CPU on a 5×9 and two 5×11 solves (docs/decisions/solve.md K15).
	if t.Used*2 > int64(len(t.slots)) && len(t.slots) < t.max {
		t.grow()
	}
	b := t.bucket(k)
	var e *entry
	switch {
	case b[0].used && b[0].is(k):
		e = &b[0]
	case b[1].used && b[1].is(k):
		e = &b[1]
	case !b[0].used || ply <= int(b[0].ply):
		if b[0].used {
			if !b[1].used {
				t.Used++
			}
			b[1] = b[0] // the old first entry moves to the always-replaced slot
		} else {
			t.Used++
		}
		b[0] = entry{}
		e = &b[0]
	default:
		if !b[1].used {
			t.Used++
		}
		b[1] = entry{}
		e = &b[1]
	}
	if !e.used {
		*e = entry{red: k.Red, blue: k.Blue, tag: k.Tag, proven: noProof, ply: uint8(ply), used: true}
	}
	return e
}
