package verify

import (
	"maps"
	"time"

	"hexproof/tt"
)

// Checkpoints inside a layer (docs/reliability.md). A layer of a large run
// can take hours to expand; without checkpoints a kill loses all of it. With
// a database, the expansion of layer d stops every Options.CheckpointEvery
// at a chunk boundary, waits for the chunks in flight, and saves:
//   - every successor found since the last checkpoint, as sorted runs
//     (tt.Checkpointer parts, tagged with the checkpoint's segment number;
//     the layer set keeps them, to remove duplicates as before, and marks
//     them saved — see tt.LayerSet), and
//   - in the run's metadata, queued after the parts so that it is written
//     only once they are: how many positions of layer d (a prefix in key
//     order) are expanded, how many segments are saved, and the totals of
//     the expansion so far (rule counts, longest game, successors generated,
//     symmetry hits).
//
// Why a resumed layer equals an uninterrupted one: the successor layer is the
// union of the successors of every position of layer d, and every total is a
// sum (or a maximum) over those positions. Positions of the saved prefix are
// not expanded again; their successors come from the parts (read back into
// the layer set) and their totals from the record; the rest are expanded as
// usual. A part saved after the
// last record (a kill between the two) has a segment number the record does
// not count and is not read. So the union and the sums are the same, and so
// is every figure of the result.
//
// Events: a checkpoint is taken only while the layer has seen no loss, draw
// or strategy error (engine.lossSeen, engine.errSeen), so the saved prefix has
// none and the positions after it are expanded on resume: the events of the
// layer, which decide the counterexample, are collected in full either way.
// After an event the layer is finished without checkpoints: its successors
// are not needed, and it is expanded again from its last checkpoint if
// killed.
type checkpoint struct {
	cp    tt.Checkpointer
	d     int // the layer being built (frontier + 2)
	every time.Duration
	last  time.Time
	seg   int   // segments saved
	run   int   // runs saved in the current segment
	done  int64 // positions of the frontier expanded at the last checkpoint
	off   bool  // no more checkpoints in this layer
	base  partialMeta
}

// partialMeta is the record of the checkpoints of the layer being built.
type partialMeta struct {
	Layer     int              `json:"layer"`    // the layer being built
	Done      int64            `json:"expanded"` // positions of the frontier expanded
	Segments  int              `json:"segments"` // checkpoints saved
	Rules     map[string]int64 `json:"rules"`
	Longest   int              `json:"longest"`
	Generated int64            `json:"generated"`
	Sym       int64            `json:"symmetry_hits"`
}

// defaultCheckpointEvery is the interval when Options.CheckpointEvery is 0.
const defaultCheckpointEvery = time.Minute

// newCheckpoint prepares the checkpoints of layer d+2, continuing those of
// resumed (nil for a layer started afresh). It returns nil when the store
// keeps no parts (in memory) or checkpoints are off.
func (e *engine) newCheckpoint(d int, resumed *partialMeta) (*checkpoint, error) {
	cp, ok := e.store.(tt.Checkpointer)
	every := e.opt.CheckpointEvery
	if every == 0 {
		every = defaultCheckpointEvery
	}
	if !ok || every < 0 {
		return nil, nil
	}
	ck := &checkpoint{cp: cp, d: d + 2, every: every, last: time.Now()}
	if resumed == nil || resumed.Layer != d+2 {
		// Parts of any other layer, or of a segment never recorded, are stale.
		return ck, cp.DropParts()
	}
	ck.seg, ck.done, ck.base = resumed.Segments, resumed.Done, *resumed
	return ck, nil
}

// save saves a run of the keys found since the last checkpoint as a part of
// the current segment (called under the layer set's spill lock, or at a
// checkpoint with the workers idle).
func (ck *checkpoint) save(run []tt.Key) error {
	ck.run++
	return ck.cp.SavePart(ck.d, ck.seg, ck.run-1, run)
}

// saver is the layer set's save function: nil without checkpoints.
func (ck *checkpoint) saver() func([]tt.Key) error {
	if ck == nil {
		return nil
	}
	return ck.save
}

// load reads the parts of the recorded checkpoints back into ls, marked as
// saved.
func (ck *checkpoint) load(ls *tt.LayerSet) error {
	b := tt.NewBatch(ls)
	err := ck.cp.ScanParts(ck.d, ck.seg, func(run []tt.Key) error {
		for _, k := range run {
			if err := b.Add(k); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		err = b.Flush()
	}
	ls.ForgetFresh()
	return err
}

// due reports whether a checkpoint is due.
func (ck *checkpoint) due() bool {
	return ck != nil && !ck.off && time.Since(ck.last) >= ck.every
}

// take saves a checkpoint after done positions of the frontier, with every
// chunk handed out so far expanded (the caller waited for them) and the
// workers idle. It saves nothing once the layer has seen an event or a
// chunk was skipped (the run was stopped).
func (e *engine) takeCheckpoint(ck *checkpoint, done int64, workers []*worker, ls *tt.LayerSet, save func(*partialMeta) error) error {
	if e.lossSeen.Load() || e.errSeen.Load() || e.doneInLay.Load() != done {
		ck.off = true
		return nil
	}
	for _, w := range workers {
		if w.err != nil {
			return w.err
		}
		if err := w.batch.Flush(); err != nil {
			return err
		}
	}
	if err := ls.SaveFresh(); err != nil {
		return err
	}
	p := ck.totals(workers)
	p.Done, p.Segments = done, ck.seg+1
	if err := save(p); err != nil {
		return err
	}
	ck.seg, ck.run, ck.done, ck.last = ck.seg+1, 0, done, time.Now()
	if checkpointHook != nil {
		checkpointHook(ck.d, done)
	}
	return nil
}

// totals are the resumed totals plus the workers' so far.
func (ck *checkpoint) totals(workers []*worker) *partialMeta {
	p := &partialMeta{Layer: ck.d, Rules: maps.Clone(ck.base.Rules), Longest: ck.base.Longest,
		Generated: ck.base.Generated, Sym: ck.base.Sym}
	if p.Rules == nil {
		p.Rules = map[string]int64{}
	}
	for _, w := range workers {
		w.counts.addTo(p.Rules)
		p.Longest = max(p.Longest, w.longest)
		p.Generated += w.generated
		p.Sym += w.symHits
	}
	return p
}

// checkpointHook, when set (by tests), is called after each checkpoint with
// the layer being built and the frontier positions expanded.
var checkpointHook func(layer int, done int64)
