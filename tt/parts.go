package tt

import (
	"encoding/binary"
	"fmt"

	badger "github.com/dgraph-io/badger/v4"
)

// Parts are checkpoints inside a layer that is still being built: the
// successor runs found so far, saved so that a run killed in the middle of a
// long layer resumes from its last checkpoint rather than from the start of
// the layer (docs/reliability.md). A part is one sorted, duplicate-free run
// of keys, tagged with the layer it belongs to and the checkpoint (segment)
// it was saved in; the caller's own record says how many segments are
// complete, and parts of later segments — saved after that record was
// written, before a kill — are ignored.
//
// Layout: 'P' + layer (2 bytes) + segment (4) + run (4) + block (4) → the
// run's keys, partBlockKeys at most per value, 16 big-endian bytes each. A
// run is stored as a few large values rather than a key per position, so a
// checkpoint costs a sequential write into Badger's value log (whose entries
// are checksummed, and read with checksums verified: see openBadgerChecked).
const (
	prefixPart    = 'P'
	partBlockKeys = 1 << 15 // 512 KiB a value
)

// Checkpointer is a Store that can keep parts of a layer being built.
type Checkpointer interface {
	// SavePart saves a sorted, duplicate-free run of layer d's keys as run
	// number run of segment seg. The slice must not change afterwards.
	SavePart(d, seg, run int, keys []Key) error
	// ScanParts passes the runs of layer d saved in segments below segs, in
	// key order of (segment, run).
	ScanParts(d, segs int, fn func(run []Key) error) error
	// DropParts deletes every part of every layer.
	DropParts() error
}

func partKey(d, seg, run, block int) []byte {
	k := []byte{prefixPart, byte(d >> 8), byte(d)}
	k = binary.BigEndian.AppendUint32(k, uint32(seg))
	k = binary.BigEndian.AppendUint32(k, uint32(run))
	return binary.BigEndian.AppendUint32(k, uint32(block))
}

// SavePart writes the run durably (as far as the OS has it) before it returns.
func (s *Badger) SavePart(d, seg, run int, keys []Key) (err error) {
	defer s.recovered(&err)
	wb := s.db.NewWriteBatch()
	defer wb.Cancel()
	for b := 0; b*partBlockKeys < len(keys); b++ {
		block := keys[b*partBlockKeys : min((b+1)*partBlockKeys, len(keys))]
		v := make([]byte, 0, 16*len(block))
		for _, k := range block {
			v = k.Bytes(v)
		}
		if err := wb.Set(partKey(d, seg, run, b), v); err != nil {
			return fmt.Errorf("writing a checkpoint of layer %d to database %s: %w", d, s.dir, err)
		}
	}
	if err := wb.Flush(); err != nil {
		return fmt.Errorf("writing a checkpoint of layer %d to database %s: %w", d, s.dir, err)
	}
	return nil
}

func (s *Badger) ScanParts(d, segs int, fn func(run []Key) error) (err error) {
	defer s.recovered(&err)
	p := []byte{prefixPart, byte(d >> 8), byte(d)}
	var run []Key
	cur := [2]uint32{}
	stopped := false
	flush := func() error {
		if len(run) == 0 {
			return nil
		}
		r := run
		run = nil
		for i := 1; i < len(r); i++ {
			if Compare(r[i-1], r[i]) >= 0 {
				return s.damaged(fmt.Errorf("checkpoint of layer %d is out of order", d))
			}
		}
		if err := fn(r); err != nil {
			stopped = true
			return err
		}
		return nil
	}
	err = s.db.View(func(txn *badger.Txn) error {
		o := badger.DefaultIteratorOptions
		o.Prefix = p
		it := txn.NewIterator(o)
		defer it.Close()
		for it.Seek(p); it.ValidForPrefix(p); it.Next() {
			k := it.Item().Key()
			if len(k) != len(p)+12 {
				return s.damaged(fmt.Errorf("checkpoint key of %d bytes in layer %d", len(k), d))
			}
			seg, rn := binary.BigEndian.Uint32(k[3:]), binary.BigEndian.Uint32(k[7:])
			if int(seg) >= segs {
				break // keys are in segment order: the rest is later still
			}
			if id := [2]uint32{seg, rn}; id != cur {
				if err := flush(); err != nil {
					return err
				}
				cur = id
			}
			v, err := it.Item().ValueCopy(nil)
			if err != nil {
				return s.damaged(fmt.Errorf("reading a checkpoint of layer %d: %w", d, err))
			}
			if len(v)%16 != 0 {
				return s.damaged(fmt.Errorf("checkpoint value of %d bytes in layer %d", len(v), d))
			}
			for i := 0; i < len(v); i += 16 {
				run = append(run, KeyFromBytes(v[i:]))
			}
		}
		return flush()
	})
	if err != nil && !stopped {
		return s.damaged(err)
	}
	return err
}

func (s *Badger) DropParts() (err error) {
	defer s.recovered(&err)
	if err := s.deletePrefixes([]byte{prefixPart}); err != nil {
		return fmt.Errorf("clearing checkpoints of database %s: %w", s.dir, err)
	}
	return nil
}

// SavePart queues the part behind the layers and metadata already queued, so
// that metadata saved after it is written only once the part is.
func (h *Hybrid) SavePart(d, seg, run int, keys []Key) error {
	return h.enqueue(func() error { return h.disk.SavePart(d, seg, run, keys) })
}

func (h *Hybrid) ScanParts(d, segs int, fn func(run []Key) error) error {
	if err := h.wait(); err != nil {
		return err
	}
	return h.disk.ScanParts(d, segs, fn)
}

// DropParts is queued like SavePart: called after SaveMeta, it deletes the
// parts only once the metadata that no longer needs them is written.
func (h *Hybrid) DropParts() error { return h.enqueue(h.disk.DropParts) }
