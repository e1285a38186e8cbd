package tt

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"

	badger "github.com/dgraph-io/badger/v4"

	"hexproof/board"
)

// Solved positions (solve --db): a store of facts "in this position, with
// this player to move, this player wins with perfect play", each with the
// depth of the tree the search found for it. A fact holds whatever search
// found it, with or without the Hex knowledge or symmetry: it is a property
// of the game. So a later solve of the same board may take it instead of
// searching the position again, which is how an interrupted solve is
// resumed (docs/decisions/solve.md K14).
//
// Layout: 'f', the mover (1 byte), the position's key (Red then Blue, 8
// bytes each, big-endian) → the winner (1 byte) and the depth (2 bytes,
// big-endian).
const prefixFact = 'f'

// Fact is one solved position.
type Fact struct {
	Mover  board.Color
	Key    Key
	Winner board.Color
	Depth  int
}

func factKey(mover board.Color, k Key) []byte {
	b := make([]byte, 18)
	b[0], b[1] = prefixFact, byte(mover)
	binary.BigEndian.PutUint64(b[2:], k.Red)
	binary.BigEndian.PutUint64(b[10:], k.Blue)
	return b
}

// Facts writes solved positions to a Badger store in batches and reads
// them back. It is used from one goroutine.
type Facts struct {
	s       *Badger
	pending map[factAt]Fact
	bands   []BandAnswer
	// Written counts the facts written (or pending) since the store was
	// opened; BandsWritten the band games' answers.
	Written, BandsWritten int64
}

// factBatch is how many facts are kept before they are written: a killed
// process loses at most these (a few seconds of a solve with the
// knowledge), besides what the OS has not written yet.
const factBatch = 1024

// takeCheck is how many records Take reads between looks at its context:
// often enough to stop within a fraction of a second, rarely enough to cost
// nothing.
const takeCheck = 4096

// NewFacts reads and writes the solved positions of the store s.
func NewFacts(s *Badger) *Facts { return &Facts{s: s, pending: map[factAt]Fact{}} }

// factAt is what a fact is about.
type factAt struct {
	mover board.Color
	key   Key
}

// Store is the store the facts are in.
func (f *Facts) Store() *Badger { return f.s }

// Winner is the fact for the position with key k and mover to move, if the
// store has it.
func (f *Facts) Winner(mover board.Color, k Key) (w board.Color, depth int, ok bool, err error) {
	// A fact not yet written is looked for first (a search asks about a
	// position soon after settling it).
	if p, ok := f.pending[factAt{mover, k}]; ok {
		return p.Winner, p.Depth, true, nil
	}
	v, found, err := f.get(factKey(mover, k))
	if err != nil || !found {
		return board.Empty, 0, false, err
	}
	w, depth, err = f.factOf(v)
	return w, depth, err == nil, err
}

// factOf reads a solved position's record: its winner and depth.
func (f *Facts) factOf(v []byte) (w board.Color, depth int, err error) {
	if len(v) != 3 || (board.Color(v[0]) != board.Red && board.Color(v[0]) != board.Blue) {
		return board.Empty, 0, &DamagedError{Dir: f.s.dir, Err: fmt.Errorf("a solved position's record is %d bytes (%x)", len(v), v)}
	}
	return board.Color(v[0]), int(binary.BigEndian.Uint16(v[1:])), nil
}

func (f *Facts) get(key []byte) (v []byte, found bool, err error) {
	defer f.s.recovered(&err)
	if f.s.closed.Load() {
		return nil, false, errClosed
	}
	v, found, err = f.s.get(key)
	return v, found, f.s.damaged(err)
}

// Add records a fact; it is written with the next full batch or Flush.
func (f *Facts) Add(x Fact) error {
	if x.Winner != board.Red && x.Winner != board.Blue {
		return fmt.Errorf("a solved position needs a winner (got %v)", x.Winner)
	}
	x.Depth = min(max(x.Depth, 0), 1<<16-1)
	f.pending[factAt{x.Mover, x.Key}] = x
	f.Written++
	if len(f.pending) >= factBatch {
		return f.Flush()
	}
	return nil
}

// Flush writes the facts and band games' answers not yet written.
func (f *Facts) Flush() error {
	if len(f.pending) == 0 && len(f.bands) == 0 {
		return nil
	}
	err := f.writeBatch(func(set func(k, v []byte) error) error {
		for _, x := range f.pending {
			if err := set(factKey(x.Mover, x.Key), factValue(x)); err != nil {
				return err
			}
		}
		for _, a := range f.bands {
			if err := set(a.record()); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	clear(f.pending)
	f.bands = f.bands[:0]
	return nil
}

// factValue is a solved position's record: the winner, then the depth.
func factValue(x Fact) []byte {
	v := []byte{byte(x.Winner), 0, 0}
	binary.BigEndian.PutUint16(v[1:], uint16(min(max(x.Depth, 0), 1<<16-1)))
	return v
}

// writeBatch writes, in one Badger write batch, the records that each hands
// to set: the one write path of Flush and Take.
func (f *Facts) writeBatch(each func(set func(k, v []byte) error) error) (err error) {
	defer f.s.recovered(&err)
	if f.s.closed.Load() {
		return errClosed
	}
	wb := f.s.db.NewWriteBatch()
	defer wb.Cancel()
	wrap := func(err error) error { return fmt.Errorf("writing database %s: %w", f.s.dir, err) }
	if err := each(func(k, v []byte) error {
		if err := wb.Set(k, v); err != nil {
			return wrap(err)
		}
		return nil
	}); err != nil {
		return err
	}
	if err := wb.Flush(); err != nil {
		return wrap(err)
	}
	return nil
}

// Count is the number of solved positions in the store (those written).
func (f *Facts) Count() (n int64, err error) {
	defer f.s.recovered(&err)
	if f.s.closed.Load() {
		return 0, errClosed
	}
	err = f.s.db.View(func(txn *badger.Txn) error {
		opt := badger.DefaultIteratorOptions
		opt.PrefetchValues = false
		opt.Prefix = []byte{prefixFact}
		it := txn.NewIterator(opt)
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			n++
		}
		return nil
	})
	if err != nil && !errors.Is(err, errClosed) {
		err = f.s.damaged(err)
	}
	return n, err
}

// Each calls fn with every fact written, in key order, until fn returns an
// error (which Each returns).
func (f *Facts) Each(fn func(Fact) error) error {
	return f.records(prefixFact, func(k, v []byte) error {
		if len(k) != 18 || len(v) != 3 {
			return &DamagedError{Dir: f.s.dir, Err: fmt.Errorf("a solved position's record is %d+%d bytes", len(k), len(v))}
		}
		return fn(Fact{Mover: board.Color(k[1]), Key: Key{Red: binary.BigEndian.Uint64(k[2:]), Blue: binary.BigEndian.Uint64(k[10:])},
			Winner: board.Color(v[0]), Depth: int(binary.BigEndian.Uint16(v[1:]))})
	})
}

// cursor finds keys in f's records of one prefix for a walk of another
// store's records in key order (Take): each key is looked for by stepping on
// from the last one, or by a seek when it lies further than seekAfter
// records on. Where f holds most of what the other store holds (a take of
// redundant stores), the steps are sequential reads, far cheaper than one
// lookup per record (performance.md, "A walk beside the destination").
type cursor struct {
	f   *Facts
	txn *badger.Txn
	it  *badger.Iterator
}

// seekAfter is how many steps find takes before it seeks instead.
const seekAfter = 16

// cursor opens a cursor on f's records that begin with prefix, at the
// first of them; it reads the store as it is now (later writes are not
// seen). The caller closes it.
func (f *Facts) cursor(prefix byte) (c *cursor, err error) {
	defer f.s.recovered(&err)
	if f.s.closed.Load() {
		return nil, errClosed
	}
	txn := f.s.db.NewTransaction(false)
	opt := badger.DefaultIteratorOptions
	opt.Prefix = []byte{prefix}
	opt.PrefetchValues = false // a value is read only for a key found
	it := txn.NewIterator(opt)
	it.Rewind()
	return &cursor{f: f, txn: txn, it: it}, nil
}

func (c *cursor) close() {
	c.it.Close()
	c.txn.Discard()
}

// find gives the value of key k, if f holds it. Successive calls must give
// increasing keys.
func (c *cursor) find(k []byte) (v []byte, found bool, err error) {
	defer c.f.s.recovered(&err)
	for i := 0; c.it.Valid() && bytes.Compare(c.it.Item().Key(), k) < 0; i++ {
		if i == seekAfter {
			c.it.Seek(k)
			break
		}
		c.it.Next()
	}
	if !c.it.Valid() || !bytes.Equal(c.it.Item().Key(), k) {
		return nil, false, nil
	}
	v, err = c.it.Item().ValueCopy(nil)
	return v, err == nil, c.f.s.damaged(err)
}

// records calls fn with the key and value of every record whose key begins
// with prefix, in key order, until fn returns an error (which it returns).
func (f *Facts) records(prefix byte, fn func(k, v []byte) error) (err error) {
	defer f.s.recovered(&err)
	if f.s.closed.Load() {
		return errClosed
	}
	return f.s.db.View(func(txn *badger.Txn) error {
		opt := badger.DefaultIteratorOptions
		opt.Prefix = []byte{prefix}
		it := txn.NewIterator(opt)
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			v, err := it.Item().ValueCopy(nil)
			if err != nil {
				return f.s.damaged(err)
			}
			if err := fn(it.Item().Key(), v); err != nil {
				return err
			}
		}
		return nil
	})
}

// Band games' answers (solve --band-games with --db, docs/decisions/solve.md
// K28). A band game is a small position of the m×d cylinder, m the store's
// board's circumference (K24); its answer is what the solver's band games
// found within their budget: with Blue to move, whether Red was proved to
// win; with Red to move, a cell whose Red stone was proved to win, or none.
// A won answer is a property of the game, like a fact; "not won" may only
// mean the budget ran out, so it is kept with that budget, and a later solve
// with a larger budget does not take it.
//
// Layout: 'g', the mover (1 byte), the depth d (1 byte), the band's cells of
// ring d that are the node's, its Red and its Blue stones (8 bytes each,
// big-endian) → the answer (2 bytes, big-endian, two's complement:
// BandAnswer.Answer) and the budget (8 bytes, big-endian).
const prefixBand = 'g'

// BandAnswer is one band game's answer: Answer ≥ 0 when Red was proved to
// win (with Red to move, the winning cell; with Blue to move, 0),
// BandUnknown when the budget ran out, BandLost when Red was proved not to
// win (with Red to move: no cell wins).
type BandAnswer struct {
	Mover             board.Color
	Depth             int
	Stones, Red, Blue uint64
	Answer            int
	Budget            int64
}

// The answers of a band game that Red was not proved to win.
const (
	BandUnknown = -1
	BandLost    = -2
)

func (a BandAnswer) valid() bool {
	return (a.Mover == board.Red || a.Mover == board.Blue) && a.Depth >= 1 && a.Depth <= 64 &&
		a.Answer >= BandLost && a.Answer <= 63 && (a.Mover == board.Red || a.Answer <= 0) && a.Budget >= 0
}

func (a BandAnswer) record() (k, v []byte) {
	k = make([]byte, 27)
	k[0], k[1], k[2] = prefixBand, byte(a.Mover), byte(a.Depth)
	binary.BigEndian.PutUint64(k[3:], a.Stones)
	binary.BigEndian.PutUint64(k[11:], a.Red)
	binary.BigEndian.PutUint64(k[19:], a.Blue)
	v = make([]byte, 10)
	binary.BigEndian.PutUint16(v, uint16(int16(a.Answer)))
	binary.BigEndian.PutUint64(v[2:], uint64(a.Budget))
	return k, v
}

// AddBand records a band game's answer; it is written with the next full
// batch or Flush.
func (f *Facts) AddBand(a BandAnswer) error {
	if !a.valid() {
		return fmt.Errorf("a band game's answer out of range (%+v)", a)
	}
	f.bands = append(f.bands, a)
	f.BandsWritten++
	if len(f.bands) >= factBatch {
		return f.Flush()
	}
	return nil
}

// EachBand calls fn with every band game's answer written, in key order,
// until fn returns an error (which EachBand returns).
func (f *Facts) EachBand(fn func(BandAnswer) error) error {
	return f.records(prefixBand, func(k, v []byte) error {
		if len(k) != 27 || len(v) != 10 {
			return &DamagedError{Dir: f.s.dir, Err: fmt.Errorf("a band game's record is %d+%d bytes", len(k), len(v))}
		}
		a := BandAnswer{Mover: board.Color(k[1]), Depth: int(k[2]),
			Stones: binary.BigEndian.Uint64(k[3:]), Red: binary.BigEndian.Uint64(k[11:]), Blue: binary.BigEndian.Uint64(k[19:]),
			Answer: int(int16(binary.BigEndian.Uint16(v))), Budget: int64(binary.BigEndian.Uint64(v[2:]))}
		if !a.valid() {
			return &DamagedError{Dir: f.s.dir, Err: fmt.Errorf("a band game's record is out of range (%x → %x)", k, v)}
		}
		return fn(a)
	})
}

// Take adds to f every solved position and band game's answer of src, a
// store of the same board (the caller checks its description), and says how
// many of each it wrote (decisions/solve.md K29). Both are properties of the
// board's positions and of its band games, true whatever search found them
// (K14, K28), so another solve's store is as good as this one's own. What f
// already holds is kept: a proved band answer is never replaced by a spent
// budget, and a spent budget only by a larger one. Two stores that disagree
// on a winner cannot both be right: Take then stops with an error naming
// both before it writes anything (a first pass checks, a second writes, so
// that memory stays bounded by f's band answers). The counts Written and
// BandsWritten are left alone: they count what f's own solve adds.
//
// Take looks at ctx on the first record and every takeCheck-th after it,
// and stops when it is done,
// returning its error with the counts of what was written. A take stopped
// so is sound and f stays usable: nothing is written before the check pass
// ends, and what the write pass has written by then (its batch is written
// before it returns) is a set of checked proofs, each true on its own.
func (f *Facts) Take(ctx context.Context, src *Facts) (facts, bands int64, err error) {
	if err := f.Flush(); err != nil {
		return 0, 0, err
	}
	disagree := func(what string) error {
		return fmt.Errorf("databases %s and %s disagree on %s: one of them is damaged", f.s.dir, src.s.dir, what)
	}
	var batch [][2][]byte
	write := func() error {
		err := f.writeBatch(func(set func(k, v []byte) error) error {
			for _, kv := range batch {
				if err := set(kv[0], kv[1]); err != nil {
					return err
				}
			}
			return nil
		})
		batch = batch[:0]
		return err
	}
	own := map[string]BandAnswer{}
	if err := f.EachBand(func(a BandAnswer) error {
		k, _ := a.record()
		own[string(k)] = a
		return nil
	}); err != nil {
		return 0, 0, err
	}
	// pass walks src; with write false it only checks, with write true it
	// writes what f lacks.
	pass := func(writing bool) error {
		facts, bands = 0, 0
		seen := 0
		// tick comes first in every record's call, before anything of
		// that record is counted or queued; it looks at ctx on the
		// first record and every takeCheck-th after it.
		tick := func() error {
			if seen++; seen%takeCheck != 1 || ctx.Err() == nil {
				return nil
			}
			if writing {
				if err := write(); err != nil {
					return err
				}
			}
			return ctx.Err()
		}
		add := func(k, v []byte) error {
			if !writing {
				return nil
			}
			batch = append(batch, [2][]byte{append([]byte(nil), k...), v})
			if len(batch) >= factBatch {
				return write()
			}
			return nil
		}
		// mine is f's facts as they were before this pass, in the order
		// of src's (both stores order facts by the same key).
		mine, err := f.cursor(prefixFact)
		if err != nil {
			return err
		}
		defer mine.close()
		err = src.Each(func(x Fact) error {
			if err := tick(); err != nil {
				return err
			}
			k := factKey(x.Mover, x.Key)
			v, ok, err := mine.find(k)
			if err != nil {
				return err
			}
			if ok {
				w, _, err := f.factOf(v)
				switch {
				case err != nil:
					return err
				case w != x.Winner:
					return disagree(fmt.Sprintf("the winner of a position (%v to move, key %x/%x)", x.Mover, x.Key.Red, x.Key.Blue))
				}
				return nil
			}
			facts++
			return add(k, factValue(x))
		})
		if err != nil {
			return err
		}
		err = src.EachBand(func(a BandAnswer) error {
			if err := tick(); err != nil {
				return err
			}
			k, v := a.record()
			old, ok := own[string(k)]
			switch {
			case !ok:
			case old.Answer != BandUnknown && a.Answer != BandUnknown:
				if (old.Answer >= 0) != (a.Answer >= 0) {
					return disagree(fmt.Sprintf("a band game's winner (%v to move, depth %d)", a.Mover, a.Depth))
				}
				return nil
			case a.Answer == BandUnknown && (old.Answer != BandUnknown || old.Budget >= a.Budget):
				return nil
			}
			bands++
			return add(k, v)
		})
		if err != nil || !writing {
			return err
		}
		return write()
	}
	if err := pass(false); err != nil {
		return 0, 0, err
	}
	err = pass(true)
	return facts, bands, err
}
