package board

import (
	"math/rand/v2"
	"testing"
)

// TestBitsCells compares Bit, Has, With, Without, Pop, First and Count with
// a plain array of 128 booleans on every cell of random sets, both words:
// the cell's word is picked by a mask (bits.go), which a slip would send to
// the wrong word or bit. Cells outside 0 … 127 must panic, as an index did.
func TestBitsCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 300; trial++ {
		var s Bits
		var ref [MaxCells]bool
		for c := Cell(0); c < MaxCells; c++ {
			if rng.IntN(3) == 0 {
				ref[c] = true
				s = s.With(c)
			}
		}
		n := 0
		for c := Cell(0); c < MaxCells; c++ {
			if ref[c] {
				n++
			}
			if s.Has(c) != ref[c] {
				t.Fatalf("Has(%d) = %v, want %v", c, s.Has(c), ref[c])
			}
			w := s.Without(c)
			a := s.With(c)
			for x := Cell(0); x < MaxCells; x++ {
				if w.Has(x) != (ref[x] && x != c) || a.Has(x) != (ref[x] || x == c) {
					t.Fatalf("With/Without(%d) changed cell %d", c, x)
				}
			}
			bit := Bit(c)
			if bit.Count() != 1 || bit.First() != c || (c < 64) != (bit.Hi == 0) {
				t.Fatalf("Bit(%d) = %x %x", c, bit.Lo, bit.Hi)
			}
		}
		if s.Count() != n {
			t.Fatalf("Count = %d, want %d", s.Count(), n)
		}
		for c := Cell(0); c < MaxCells; c++ {
			if !ref[c] {
				continue
			}
			if f := s.First(); f != c {
				t.Fatalf("First = %d, want %d", f, c)
			}
			if p := s.Pop(); p != c {
				t.Fatalf("Pop = %d, want %d", p, c)
			}
		}
		if s.Any() || s.First() != NoCell {
			t.Fatalf("set not empty after popping every cell")
		}
	}
	for _, c := range []Cell{NoCell, MaxCells, 1000, -200} {
		for name, f := range map[string]func(){
			"Bit":     func() { Bit(c) },
			"Has":     func() { Bits{}.Has(c) },
			"With":    func() { Bits{}.With(c) },
			"Without": func() { Bits{}.Without(c) },
		} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("%s(%d) did not panic", name, c)
					}
				}()
				f()
			}()
		}
	}
}
