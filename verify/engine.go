package verify

import (
	"context"
	"errors"
	"maps"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"hexproof/strategies"
	"hexproof/tt"
)

// The search for `every` and `first` (docs/design.md §4) is breadth-first reachability
// over positions in which the opponent is to move. A step from such a position
// S tries every empty cell b for the opponent and then every move a the
// strategy allows after b (only the first in cell order under `first`); the
// strategy's turn is resolved inside the step, so every stored position has the
// opponent to move.
//
// Why layers: every game reaching a position has placed exactly its stones, so
// all paths to a position have the same length. Positions therefore meet their
// transpositions only inside their own layer (stone count), the search needs no
// global visited set, and the first layer in which a loss appears gives the
// length of the shortest lost game.
//
// Why the state is the position alone: a strategy answers a position and the
// opponent's last move (docs/design.md §4), and both are fixed inside the step, so two
// paths to the same position have the same futures (a transposition is exact).
//
// Why symmetry is sound here: if g commutes with the strategy (Allowed(g·p,
// g·b) = g·Allowed(p, b) as sets) and with the win rules (every element of the
// board's group maps winning chains to winning chains), then g maps the game
// tree below S onto the game tree below g·S move for move, so S and g·S are
// both lost or both won, at the same depths, with the same rules firing; one
// representative per orbit (board.Canonical) suffices. Under `first` the
// chosen move is the least of the set in cell order, and g does not preserve
// cell order, so `first` never uses symmetry.

// event is something that ends the search in a layer: the opponent wins, the
// board fills with no winner (a draw: the strategy did not win), or the
// strategy answers badly.
type eventKind uint8

const (
	evLoss eventKind = iota + 1
	evDraw
	evError
)

type engine struct {
	// *Expander is the layer expansion (expand.go), shared with the shard
	// planner; the engine adds the layers, the store and the result.
	*Expander
	opt   Options
	s     strategies.Strategy
	first bool
	store tt.Store
	res   *Result
	start time.Time
	jobs  int

	// progress counters, read by the progress goroutine
	layer     atomic.Int64
	frontier  atomic.Int64
	doneInLay atomic.Int64
	positions atomic.Int64
}

// ruleCounter counts rule labels without hashing a string per decision: a
// strategy's labels are few, and consecutive decisions mostly repeat one.
type ruleCounter struct {
	names []string
	n     []int64
	last  int
}

func (c *ruleCounter) add(rule string) {
	if c.last < len(c.names) && c.names[c.last] == rule {
		c.n[c.last]++
		return
	}
	for i, name := range c.names {
		if name == rule {
			c.last = i
			c.n[i]++
			return
		}
	}
	c.last = len(c.names)
	c.names = append(c.names, rule)
	c.n = append(c.n, 1)
}

func (c *ruleCounter) addTo(m map[string]int64) {
	for i, name := range c.names {
		m[name] += c.n[i]
	}
}

// worker is one goroutine's share of a layer's expansion: a Tally whose
// successors go to the layer set through its batch.
type worker struct {
	Tally
	batch *tt.Batch // successors on their way to the layer set
}

// layerResult is the merged outcome of expanding one layer.
type layerResult struct {
	rules     map[string]int64
	longest   int
	generated int64
	symHits   int64
	minEvent  int
	events    []tt.Key // states with an event at depth minEvent
	errors    []tt.Key // states with a strategy error
	next      tt.Layer
	stopped   error // context error if the layer was not finished
	full      bool  // the memory budget left layer d+2 incomplete (engine.full)
	// checkpointed is, for a layer not finished, how many of its positions
	// are expanded and saved at a checkpoint (a resumed run goes on from there).
	checkpointed int64
}

var errStopped = errors.New("stopped")

// scanChunk is how many positions a worker takes at a time (a variable so
// that tests can make layers of many chunks on small boards).
var scanChunk = 1024

// expandLayer expands every state of layer d into layer d+2, continuing
// from the checkpoints of resumed if it records some for layer d+2 (see
// checkpoint); save records a checkpoint in the run's metadata.
func (e *engine) expandLayer(ctx context.Context, d int, cur tt.Layer, resumed *partialMeta, save func(*partialMeta) error) (*layerResult, error) {
	wr, err := e.store.Create(d + 2)
	if err != nil {
		return nil, err
	}
	ck, err := e.newCheckpoint(d, resumed)
	if err != nil {
		return nil, err
	}
	setKeys, _ := e.opt.memoryPlan()
	ls := tt.NewLayerSet(setKeys, e.refusable(func(run []tt.Key) error { return tt.AddRun(wr, run) }), nil)
	ls.Part = e.refusable(func(run []tt.Key) error { return tt.AddPart(wr, run) })
	var skip int64 // frontier positions expanded before the checkpoint resumed from
	if ck != nil && ck.seg > 0 {
		if err := ck.load(ls); err != nil {
			return nil, err
		}
		skip = ck.done
	}
	ls.Save = ck.saver()
	e.lossSeen.Store(false)
	e.errSeen.Store(false)
	e.full.Store(d == fullAt)
	pool := e.startWorkers(ctx, d, ls)
	e.frontier.Store(cur.Len())
	e.doneInLay.Store(skip)
	handed := skip
	scanErr := cur.Scan(scanChunk, func(keys []tt.Key) error {
		if ctx.Err() != nil {
			return errStopped
		}
		if skip > 0 {
			n := min(skip, int64(len(keys)))
			keys, skip = keys[n:], skip-n
			if len(keys) == 0 {
				return nil
			}
		}
		pool.hand(keys)
		handed += int64(len(keys))
		if !ck.due() {
			return nil
		}
		pool.inflight.Wait()
		return e.takeCheckpoint(ck, handed, pool.workers, ls, save)
	})
	pool.stop()
	if scanErr != nil && !errors.Is(scanErr, errStopped) {
		return nil, scanErr
	}
	if ctx.Err() != nil {
		lr := &layerResult{stopped: ctx.Err()}
		if ck != nil {
			lr.checkpointed = ck.done
		}
		return lr, nil
	}
	lr, err := mergeWorkers(pool.workers, ck)
	if err != nil {
		return nil, err
	}
	if err := ls.Finish(); err != nil {
		return nil, err
	}
	if lr.full = e.full.Load(); lr.full {
		return lr, nil // layer d+2 is incomplete: never finished
	}
	lr.next, err = wr.Finish()
	if errors.Is(err, tt.ErrMemoryBudget) {
		lr.full, err = true, nil
	}
	if err != nil {
		return nil, err
	}
	return lr, nil
}

// fullAt is a hook for tests: the expansion of the layer of this many stones
// starts full, as if the store had refused its successors at once.
var fullAt = -1

// refusable wraps the hand-over of a run to the store: when the in-memory
// store refuses it for the memory budget, the layer is marked full (see
// engine.full) instead of failing, and the run is dropped.
func (e *engine) refusable(hand func([]tt.Key) error) func([]tt.Key) error {
	return func(run []tt.Key) error {
		err := hand(run)
		if errors.Is(err, tt.ErrMemoryBudget) {
			e.full.Store(true)
			return nil
		}
		return err
	}
}

// pool is the workers expanding one layer, fed chunks of its positions.
type pool struct {
	workers  []*worker
	chunks   chan []tt.Key
	inflight sync.WaitGroup // chunks handed out and not yet done
	done     sync.WaitGroup
}

// startWorkers starts e.jobs workers expanding positions of layer d into ls.
// After ctx is done they skip what they are handed.
func (e *engine) startWorkers(ctx context.Context, d int, ls *tt.LayerSet) *pool {
	p := &pool{workers: make([]*worker, e.jobs), chunks: make(chan []tt.Key, 2*e.jobs)}
	for i := range p.workers {
		w := &worker{batch: tt.NewBatch(ls)}
		e.initTally(&w.Tally, w.batch)
		p.workers[i] = w
		p.done.Add(1)
		go func() {
			defer p.done.Done()
			for chunk := range p.chunks {
				if w.err == nil && ctx.Err() == nil {
					for _, s := range chunk {
						w.Expand(s, d)
					}
					e.doneInLay.Add(int64(len(chunk)))
				}
				p.inflight.Done()
			}
			if w.err == nil && ctx.Err() == nil {
				w.err = w.batch.Flush()
			}
		}()
	}
	return p
}

// hand gives a copy of keys to the next free worker.
func (p *pool) hand(keys []tt.Key) {
	p.inflight.Add(1)
	p.chunks <- append([]tt.Key(nil), keys...)
}

// stop waits for the workers to finish what they were handed.
func (p *pool) stop() {
	close(p.chunks)
	p.done.Wait()
}

// mergeWorkers adds up the workers' findings, and the totals of the
// checkpoints the layer resumed from.
func mergeWorkers(workers []*worker, ck *checkpoint) (*layerResult, error) {
	lr := &layerResult{rules: map[string]int64{}}
	if ck != nil {
		maps.Copy(lr.rules, ck.base.Rules)
		lr.longest, lr.generated, lr.symHits = ck.base.Longest, ck.base.Generated, ck.base.Sym
	}
	for _, w := range workers {
		if w.err != nil {
			return nil, w.err
		}
		w.counts.addTo(lr.rules)
		lr.longest = max(lr.longest, w.longest)
		lr.generated += w.generated
		lr.symHits += w.symHits
		lr.errors = append(lr.errors, w.errors...)
		if w.minEvent != 0 && (lr.minEvent == 0 || w.minEvent < lr.minEvent) {
			lr.minEvent = w.minEvent
			lr.events = lr.events[:0]
		}
		if w.minEvent != 0 && w.minEvent == lr.minEvent {
			lr.events = append(lr.events, w.events...)
		}
	}
	lr.events = tt.SortUnique(lr.events)
	lr.errors = tt.SortUnique(lr.errors)
	return lr, nil
}

func (o Options) memoryBudget() int64 {
	if o.MemoryBudget > 0 {
		return o.MemoryBudget
	}
	return 4 << 30
}

// memoryPlan divides the memory budget between what expanding a layer holds
// (docs/decisions.md V24): the layer set, at about 34 bytes a key (16-byte
// keys in sorted runs grown a quarter at a time, pending keys up to a quarter
// more, and one partition's copy while its run grows), gets a quarter, in
// keys; the store
// gets the rest, in bytes, for its finished layers and the layer being built
// (at 32 bytes a distinct key: its runs and the array they are merged into,
// tt's layerCost). Both come out of five
// sixths of the budget, because the collector, at gcPercent, lets the heap
// grow a fifth beyond what is live before it collects.
func (o Options) memoryPlan() (setKeys, storeBytes int64) {
	live := LiveShare(o.memoryBudget())
	return live / 4 / 34, live - live/4
}

func (o Options) jobs() int {
	if o.Jobs < 1 {
		return 1
	}
	return min(o.Jobs, 4*runtime.NumCPU())
}
