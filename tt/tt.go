// Package tt holds the verifier's position sets: one set per breadth-first
// layer (a layer is every position with the same number of stones, so a
// position can only ever meet its transpositions inside its own layer). Two
// stores implement it: Mem keeps layers as sorted arrays of 16-byte keys, and
// Badger persists them in an embedded github.com/dgraph-io/badger/v4 database so
// that a run survives interruption (--resume) and layers larger than memory
// still complete.
//
// Keys are exact positions, never hashes: a fingerprint collision would let the
// verifier skip a position it never examined and so claim a proof it does not
// have (TLC accepts that risk; a proof tool must not).
package tt

import (
	"encoding/binary"
	"errors"
	"slices"

	"hexproof/board"
)

// MaxCells is the largest board whose positions fit in a Key.
const MaxCells = 64

// Key is a position on a board of at most 64 cells: Red's cells, then Blue's.
type Key struct{ Red, Blue uint64 }

// KeyOf packs a position (the board must have at most 64 cells).
func KeyOf(p board.Position) Key { return Key{p.Red.Lo, p.Blue.Lo} }

// Position unpacks a key.
func (k Key) Position() board.Position {
	return board.Position{Red: board.Bits{Lo: k.Red}, Blue: board.Bits{Lo: k.Blue}}
}

// Compare orders keys (Red first, then Blue, as unsigned numbers); it is the
// order of layers in memory and on disk (big-endian bytes sort the same way).
func Compare(a, b Key) int {
	switch {
	case a.Red < b.Red:
		return -1
	case a.Red > b.Red:
		return 1
	case a.Blue < b.Blue:
		return -1
	case a.Blue > b.Blue:
		return 1
	}
	return 0
}

// Bytes is the 16-byte big-endian encoding.
func (k Key) Bytes(dst []byte) []byte {
	dst = binary.BigEndian.AppendUint64(dst, k.Red)
	return binary.BigEndian.AppendUint64(dst, k.Blue)
}

// KeyFromBytes decodes Bytes.
func KeyFromBytes(b []byte) Key {
	return Key{binary.BigEndian.Uint64(b), binary.BigEndian.Uint64(b[8:])}
}

// SortUnique sorts keys and removes duplicates in place.
func SortUnique(keys []Key) []Key {
	sortKeys(keys, nil)
	return slices.Compact(keys)
}

// SortUniqueBuf is SortUnique with scratch space for the sort: when scratch
// holds at least len(keys) keys it is used instead of a new array (a caller
// sorting many short runs spares the allocations).
func SortUniqueBuf(keys, scratch []Key) []Key {
	sortKeys(keys, scratch)
	return slices.Compact(keys)
}

// radixMin is the length from which sortKeys sorts by radix.
const radixMin = 256

// sortKeys sorts keys in Compare's order. Long slices go through a
// least-significant-digit radix sort on the bytes in which the keys differ
// (a position's stones fill only the low bytes of the words on small boards,
// so most bytes are the same in every key and are skipped): one stable
// counting pass a byte, Blue's bytes first, then Red's, which leaves the keys
// ordered by Red and then Blue. TestSortKeys compares it with
// slices.SortFunc.
func sortKeys(keys, scratch []Key) {
	if len(keys) < radixMin {
		slices.SortFunc(keys, Compare)
		return
	}
	var diffR, diffB uint64
	for _, k := range keys {
		diffR |= k.Red ^ keys[0].Red
		diffB |= k.Blue ^ keys[0].Blue
	}
	if len(scratch) < len(keys) {
		scratch = make([]Key, len(keys))
	}
	src, dst := keys, scratch[:len(keys)]
	pass := func(word int, shift uint) {
		var count [257]int
		for _, k := range src {
			v := k.Blue
			if word == 0 {
				v = k.Red
			}
			count[int(byte(v>>shift))+1]++
		}
		for i := 1; i < 257; i++ {
			count[i] += count[i-1]
		}
		for _, k := range src {
			v := k.Blue
			if word == 0 {
				v = k.Red
			}
			b := byte(v >> shift)
			dst[count[b]] = k
			count[b]++
		}
		src, dst = dst, src
	}
	for shift := uint(0); shift < 64; shift += 8 {
		if byte(diffB>>shift) != 0 {
			pass(1, shift)
		}
	}
	for shift := uint(0); shift < 64; shift += 8 {
		if byte(diffR>>shift) != 0 {
			pass(0, shift)
		}
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
}

// Search reports whether k is in the sorted slice.
func Search(keys []Key, k Key) bool {
	_, ok := slices.BinarySearchFunc(keys, k, Compare)
	return ok
}

// Layer is a finished, immutable set of positions.
type Layer interface {
	Len() int64
	Contains(k Key) (bool, error)
	// Scan passes the keys in order, in chunks of at most n; fn must not keep
	// the slice. A non-nil error from fn stops the scan and is returned.
	Scan(n int, fn func([]Key) error) error
}

// Writer builds one layer from chunks of keys (duplicates allowed across and
// within chunks).
type Writer interface {
	Add(keys []Key) error
	// Finish completes the layer; after it, the layer is durable (Badger).
	Finish() (Layer, error)
}

// AddPart hands a writer one part of a partition of the layer: run must be
// sorted and duplicate-free, share no key with any other part handed over
// this way, and not be used by the caller afterwards. A writer that knows
// every run is such a part takes them without copying and merges them in
// one pass into a layer of exactly their total size (the disjointness saves
// the merge's counting pass); a run added with Add may repeat keys of a part,
// and then the merge counts first as usual. Writers that do not implement
// PartAdder are handed the run with Add.
func AddPart(w Writer, run []Key) error {
	if pa, ok := w.(PartAdder); ok {
		return pa.AddPart(run)
	}
	return w.Add(run)
}

// PartAdder is a Writer that takes parts (see AddPart).
type PartAdder interface {
	AddPart(run []Key) error
}

// AddRun hands a writer a sorted, duplicate-free run that the caller gives
// up (it is not used afterwards) but that may share keys with other runs of
// the layer. A writer that holds runs in memory keeps it without copying;
// others are handed it with Add.
func AddRun(w Writer, run []Key) error {
	if ra, ok := w.(RunAdder); ok {
		return ra.AddRun(run)
	}
	return w.Add(run)
}

// RunAdder is a Writer that takes runs (see AddRun).
type RunAdder interface {
	AddRun(run []Key) error
}

// ErrMemoryBudget is what a Mem store's writer returns when the layer being
// built would not fit its budget (see Mem.SetBudget): it lets go of the
// layer, and every later call returns it too.
var ErrMemoryBudget = errors.New("the memory budget is reached")

// Store holds the layers of one run.
type Store interface {
	// Create starts layer d afresh, discarding any partial or old layer d.
	Create(d int) (Writer, error)
	// Layer opens finished layer d.
	Layer(d int) (Layer, error)
	// LoadMeta and SaveMeta keep the run's description and progress; LoadMeta
	// returns nil, nil when there is none.
	LoadMeta() ([]byte, error)
	SaveMeta([]byte) error
	// Drop deletes layers ≥ d.
	Drop(d int) error
	Close() error
}

// MemLayer is a layer as a sorted array of unique keys.
type MemLayer []Key

func (l MemLayer) Len() int64                   { return int64(len(l)) }
func (l MemLayer) Contains(k Key) (bool, error) { return Search(l, k), nil }
func (l MemLayer) Scan(n int, fn func([]Key) error) error {
	for i := 0; i < len(l); i += n {
		if err := fn(l[i:min(i+n, len(l))]); err != nil {
			return err
		}
	}
	return nil
}

// Mem is the in-memory store (--in-memory): nothing survives the process.
type Mem struct {
	layers map[int]MemLayer
	meta   []byte
	budget int64 // bytes for layers, finished and being built; 0: no limit
	held   int64 // bytes of finished layers
}

// NewMem makes an empty in-memory store.
func NewMem() *Mem { return &Mem{layers: map[int]MemLayer{}} }

// SetBudget bounds the bytes of keys the store holds: its finished layers,
// plus layerCost of the layer being built (see building). A writer whose
// layer would not fit returns ErrMemoryBudget, and does so for exactly the
// layers whose finished size would not fit, whatever the order of their
// runs. 0 means no limit.
func (m *Mem) SetBudget(bytes int64) { m.budget = bytes }

type memWriter struct {
	m       *Mem
	d       int
	b       building
	refused bool // the layer did not fit the budget
}

// AddPart keeps run itself (see AddPart).
func (w *memWriter) AddPart(run []Key) error {
	if w.refused {
		return ErrMemoryBudget
	}
	w.b.addPart(run)
	return nil
}

// AddRun merges run into the layer so far (see AddRun).
func (w *memWriter) AddRun(run []Key) error {
	if w.refused {
		return ErrMemoryBudget
	}
	ok, _ := w.b.addRun(run, w.fits)
	return w.refuse(ok)
}

// Add merges a sorted, duplicate-free copy of keys into the layer so far.
// Merging sorted runs is linear, where sorting everything again would not be.
func (w *memWriter) Add(keys []Key) error {
	return w.AddRun(newRun(keys))
}

// fits reports whether need bytes fit the budget beside the finished layers.
func (w *memWriter) fits(need int64) (bool, error) {
	return w.m.budget <= 0 || w.m.held+need <= w.m.budget, nil
}

// refuse lets go of the layer, for good, unless ok.
func (w *memWriter) refuse(ok bool) error {
	if ok {
		return nil
	}
	w.refused, w.b = true, building{}
	return ErrMemoryBudget
}

// newRun copies keys into a sorted, duplicate-free run.
func newRun(keys []Key) []Key {
	run := slices.Clone(keys)
	if !slices.IsSortedFunc(run, Compare) {
		return SortUnique(run)
	}
	return slices.Compact(run)
}

func (w *memWriter) Finish() (Layer, error) {
	if w.refused {
		return nil, ErrMemoryBudget
	}
	n := w.b.size()
	if ok, _ := w.fits(layerCost(n)); !ok {
		return nil, w.refuse(false)
	}
	l := MemLayer(w.b.finish(n))
	w.m.layers[w.d] = l
	w.m.held += 16 * int64(len(l))
	return l, nil
}

// MergeUnique merges two sorted, duplicate-free runs into a new one.
func MergeUnique(a, b []Key) []Key {
	out := make([]Key, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch c := Compare(a[i], b[j]); {
		case c < 0:
			out = append(out, a[i])
			i++
		case c > 0:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	out = append(out, a[i:]...)
	out = append(out, b[j:]...)
	return slices.Clip(out)
}

func (m *Mem) Create(d int) (Writer, error) {
	m.held -= 16 * int64(len(m.layers[d]))
	delete(m.layers, d)
	return &memWriter{m: m, d: d}, nil
}
func (m *Mem) Layer(d int) (Layer, error) {
	l, ok := m.layers[d]
	if !ok {
		return nil, &MissingLayerError{Layer: d}
	}
	return l, nil
}
func (m *Mem) LoadMeta() ([]byte, error) { return m.meta, nil }
func (m *Mem) SaveMeta(b []byte) error   { m.meta = slices.Clone(b); return nil }
func (m *Mem) Drop(d int) error {
	for k := range m.layers {
		if k >= d {
			m.held -= 16 * int64(len(m.layers[k]))
			delete(m.layers, k)
		}
	}
	return nil
}
func (m *Mem) Close() error { m.layers, m.held = nil, 0; return nil }
