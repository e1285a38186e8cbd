package verify

import "hexproof/tt"

// keySet is a worker's open-addressing set of successor keys. Most successors
// are transpositions of one another (often 80–90 %), so removing duplicates
// here, at a few nanoseconds each, spares the sort that follows most of its
// work. The zero key (the empty board) is never a successor and marks a free
// slot.
type keySet struct {
	slots []tt.Key
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

// add inserts k and reports whether it was new.
func (s *keySet) add(k tt.Key) bool {
	mask := uint64(len(s.slots) - 1)
	for i := s.hash(k) >> s.shift; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case tt.Key{}:
			s.slots[i] = k
			s.n++
			// Grow at half load below the cap. The owner drains the set
			// between positions once it is half full at the cap, but one
			// position can add up to cells² keys, so past three quarters the
			// set grows beyond the cap rather than ever filling up (probing a
			// full table would never end).
			if (2*s.n > len(s.slots) && len(s.slots) < s.max) || 4*s.n > 3*len(s.slots) {
				s.grow()
			}
			return true
		case k:
			return false
		}
	}
}

func (s *keySet) grow() {
	old := s.slots
	s.alloc(2 * len(old))
	for _, k := range old {
		if k != (tt.Key{}) {
			s.add(k)
		}
	}
}

// full reports whether the set should be drained.
func (s *keySet) full() bool { return 2*s.n > len(s.slots) && len(s.slots) >= s.max }

// drain appends the keys to dst, empties the set and returns dst.
func (s *keySet) drain(dst []tt.Key) []tt.Key {
	for i, k := range s.slots {
		if k != (tt.Key{}) {
			dst = append(dst, k)
			s.slots[i] = tt.Key{}
		}
	}
	s.n = 0
	return dst
}
