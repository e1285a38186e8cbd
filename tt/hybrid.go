package tt

import (
	"fmt"
	"sync"
)

// Hybrid keeps layers in memory while they fit a budget and persists every
// layer to the database (Badger: a layer's file) in the background, so that
// the search runs at memory speed, survives interruption, and still
// completes when a layer does not fit: a layer whose runs outgrow the budget
// is written to its file instead (and read back from it).
//
// Durability contract: persisting layers and writing metadata are jobs done
// in order by one background goroutine, so metadata is written only after
// every layer finished before it is on disk (its file synced and renamed,
// the directory synced): it never names a layer that a crash could lose, and
// the search does not wait for the disk.
//
// Memory: budget bounds the bytes of keys held — the finished layers kept,
// plus layerCost of the layer being built (its distinct keys counted twice:
// the runs held and the array that finishing merges them into; see
// building), and what the database holds in memory for its files (indexes,
// cached blocks, merge and scan buffers: Badger.Memory). A layer that would
// pass that goes to its file, once older layers have been dropped from
// memory to make room (oldest first; they stay readable from their files,
// and only a counterexample's reconstruction reads them again).
// Layer d-2, which the search expands into layer d, is never dropped while
// layer d is built.
type Hybrid struct {
	disk   *Badger
	budget int64 // bytes of keys held in memory (finished layers and runs)

	mu      sync.Mutex
	cached  map[int]MemLayer // finished layers held in memory
	held    int64            // bytes in cached
	pending sync.WaitGroup   // queued background jobs
	jobs    chan func() error
	errs    []error
}

// NewHybrid wraps an open Badger store.
func NewHybrid(disk *Badger, budget int64) *Hybrid {
	h := &Hybrid{disk: disk, budget: budget, cached: map[int]MemLayer{}, jobs: make(chan func() error, 64)}
	go func() {
		for job := range h.jobs {
			// After a failure nothing more is written: in particular no
			// metadata that would name the layer that failed.
			h.mu.Lock()
			failed := len(h.errs) > 0
			h.mu.Unlock()
			if !failed {
				if err := job(); err != nil {
					h.mu.Lock()
					h.errs = append(h.errs, err)
					h.mu.Unlock()
				}
			}
			h.pending.Done()
		}
	}()
	return h
}

// later queues a background job.
func (h *Hybrid) later(job func() error) {
	h.pending.Add(1)
	h.jobs <- job
}

type hybridWriter struct {
	h       *Hybrid
	d       int
	b       building
	spilled Writer // non-nil once the layer went to its file directly
}

func (h *Hybrid) Create(d int) (Writer, error) {
	h.mu.Lock()
	if l, ok := h.cached[d]; ok {
		h.held -= int64(len(l)) * 16
		delete(h.cached, d)
	}
	h.mu.Unlock()
	return &hybridWriter{h: h, d: d}, nil
}

func (w *hybridWriter) Add(keys []Key) error {
	if w.spilled != nil {
		return w.spilled.Add(keys)
	}
	return w.AddRun(newRun(keys))
}

// AddPart keeps run itself (see AddPart) while the layer is in memory.
func (w *hybridWriter) AddPart(run []Key) error {
	if w.spilled != nil {
		return w.spilled.Add(run)
	}
	w.b.addPart(run)
	return nil
}

// AddRun merges run into the layer so far while that fits in memory, and
// otherwise sends the layer to its file.
func (w *hybridWriter) AddRun(run []Key) error {
	if w.spilled != nil {
		return w.spilled.Add(run)
	}
	ok, err := w.b.addRun(run, w.fits)
	if err != nil || ok {
		return err
	}
	if err := w.spill(); err != nil {
		return err
	}
	return w.spilled.Add(run)
}

// fits makes room for need bytes if it can (see makeRoom).
func (w *hybridWriter) fits(need int64) (bool, error) {
	return w.h.makeRoom(need, w.d-2)
}

// spill sends the layer so far to its file; the rest follows it there.
func (w *hybridWriter) spill() error {
	if err := w.h.wait(); err != nil {
		return err
	}
	wr, err := w.h.disk.Create(w.d)
	if err != nil {
		return err
	}
	for _, r := range w.b.runs() {
		if err := wr.Add(r); err != nil {
			return err
		}
	}
	w.b, w.spilled = building{}, wr
	return nil
}

func (w *hybridWriter) Finish() (Layer, error) {
	if w.spilled == nil {
		n := w.b.size()
		ok, err := w.fits(layerCost(n))
		if err != nil {
			return nil, err
		}
		if ok {
			return w.keep(MemLayer(w.b.finish(n)))
		}
		if err := w.spill(); err != nil {
			return nil, err
		}
	}
	return w.spilled.Finish()
}

// keep holds a finished layer in memory and queues its persistence.
func (w *hybridWriter) keep(layer MemLayer) (Layer, error) {
	h := w.h
	h.mu.Lock()
	h.cached[w.d] = layer
	h.held += int64(len(layer)) * 16
	h.mu.Unlock()
	d := w.d
	h.later(func() error { return persist(h.disk, d, layer) })
	return layer, nil
}

func persist(disk *Badger, d int, l MemLayer) error {
	wr, err := disk.Create(d)
	if err != nil {
		return err
	}
	if err := l.Scan(1<<16, wr.Add); err != nil {
		return err
	}
	_, err = wr.Finish()
	return err
}

// makeRoom reports whether a layer being built that needs need bytes fits
// the budget, dropping cached layers other than keep, oldest first, until it
// does or none is left to drop.
func (h *Hybrid) makeRoom(need int64, keep int) (bool, error) {
	h.mu.Lock()
	fits := h.held+need+h.disk.Memory() <= h.budget
	h.mu.Unlock()
	if fits {
		return true, nil
	}
	// A layer being persisted is held by its job until written: wait, so
	// that dropping it frees it. The store's own buffers are counted after
	// the wait: those of the persistence just finished are free by then
	// (counting them from before the wait sent a layer to disk that fitted,
	// depending on how far the persistence had got: TestHybridMakesRoom
	// failed under load).
	if err := h.wait(); err != nil {
		return false, err
	}
	need += h.disk.Memory()
	h.mu.Lock()
	defer h.mu.Unlock()
	for h.held+need > h.budget {
		oldest := -1
		for d := range h.cached {
			if d != keep && (oldest < 0 || d < oldest) {
				oldest = d
			}
		}
		if oldest < 0 {
			return false, nil
		}
		h.held -= int64(len(h.cached[oldest])) * 16
		delete(h.cached, oldest)
	}
	return true, nil
}

// wait blocks until background persistence is done and reports its errors.
func (h *Hybrid) wait() error {
	h.pending.Wait()
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.firstErr()
}

func (h *Hybrid) Layer(d int) (Layer, error) {
	h.mu.Lock()
	l, ok := h.cached[d]
	h.mu.Unlock()
	if ok {
		return l, nil
	}
	if err := h.wait(); err != nil {
		return nil, err
	}
	return h.disk.Layer(d)
}

func (h *Hybrid) LoadMeta() ([]byte, error) {
	if err := h.wait(); err != nil {
		return nil, err
	}
	return h.disk.LoadMeta()
}

// SaveMeta queues the metadata behind the layers already finished.
func (h *Hybrid) SaveMeta(b []byte) error {
	meta := append([]byte(nil), b...)
	return h.enqueue(func() error { return h.disk.SaveMeta(meta) })
}

// enqueue queues a write behind those already queued, unless one failed.
func (h *Hybrid) enqueue(job func() error) error {
	h.mu.Lock()
	err := h.firstErr()
	h.mu.Unlock()
	if err != nil {
		return err
	}
	h.later(job)
	return nil
}

func (h *Hybrid) firstErr() error {
	if len(h.errs) > 0 {
		return fmt.Errorf("persisting a layer: %w", h.errs[0])
	}
	return nil
}

func (h *Hybrid) Drop(d int) error {
	if err := h.wait(); err != nil {
		return err
	}
	h.mu.Lock()
	for k, l := range h.cached {
		if k >= d {
			h.held -= int64(len(l)) * 16
			delete(h.cached, k)
		}
	}
	h.mu.Unlock()
	return h.disk.Drop(d)
}

func (h *Hybrid) Close() error {
	err := h.wait()
	close(h.jobs)
	if cerr := h.disk.Close(); err == nil {
		err = cerr
	}
	return err
}
