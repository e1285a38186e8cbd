package board

import (
	"strings"
	"testing"
)

// TestNeighboursMatchDefinition checks Neighbours and NeighbourList on every cell
// of every board up to 9×9 in all three geometries against the quotient-graph
// adjacency computed from Def. 2.1.1 (definitions_test.go): the images of the
// S-neighbours, self-loops dropped (Def. 2.2.1, 2.3.1).
func TestNeighboursMatchDefinition(t *testing.T) {
	for _, g := range geometries {
		for m := 1; m <= 9; m++ {
			for n := 1; n <= 9; n++ {
				b := cachedBoard(t, m, n, g)
				for c := Cell(0); int(c) < b.Cells(); c++ {
					i, j := b.Coord(c)
					var want Bits
					for v := range refNeighbours(b, i, j) {
						want = want.With(Cell((v[1]-1)*m + v[0] - 1))
					}
					got := b.Neighbours(c)
					if got != want {
						t.Fatalf("%s (%d,%d): neighbours %v, want %v", b, i, j, got.Cells(), want.Cells())
					}
					if got.Has(c) {
						t.Fatalf("%s (%d,%d) is its own neighbour", b, i, j)
					}
					list := b.NeighbourList(c)
					if len(list) != want.Count() {
						t.Fatalf("%s (%d,%d): NeighbourList %v", b, i, j, list)
					}
					for k, x := range list {
						if !want.Has(x) || (k > 0 && list[k-1] >= x) {
							t.Fatalf("%s (%d,%d): NeighbourList %v not the sorted neighbour set", b, i, j, list)
						}
						if !b.Neighbours(x).Has(c) {
							t.Fatalf("%s: adjacency not symmetric at (%d,%d)", b, i, j)
						}
					}
				}
			}
		}
	}
}

// TestNeighbourCounts pins the counts that follow from Def. 2.2.1 on the
// cylinder: 6 inside and 4 on ring 1 and ring n for m, n ≥ 3; on m = 2 the two
// cells of a ring are adjacent (both horizontal steps give the other cell) and
// each touches both cells of the next ring, so 5 inside and 3 on the rims; on
// m = 1 only the cells above and below remain (the horizontal steps are
// self-loops, the diagonals coincide with the vertical steps). Torus: 6
// everywhere when m, n ≥ 3.
func TestNeighbourCounts(t *testing.T) {
	for m := 1; m <= 7; m++ {
		for n := 1; n <= 7; n++ {
			b := cachedBoard(t, m, n, Cylinder)
			for c := Cell(0); int(c) < b.Cells(); c++ {
				_, j := b.Coord(c)
				rims := 0 // how many of ring 1 and ring n the cell is on, counted as ring sides missing
				if j == 1 {
					rims++
				}
				if j == n {
					rims++
				}
				var want int
				switch {
				case m >= 3:
					want = 6 - 2*rims // each missing ring removes two neighbours
				case m == 2:
					want = 5 - 2*rims
				default:
					want = 2 - rims
				}
				if got := b.Neighbours(c).Count(); got != want {
					t.Errorf("%s cell %s: %d neighbours, want %d", b, b.Format(c, Thesis), got, want)
				}
			}
			tor := cachedBoard(t, m, n, Torus)
			if m >= 3 && n >= 3 {
				for c := Cell(0); int(c) < tor.Cells(); c++ {
					if got := tor.Neighbours(c).Count(); got != 6 {
						t.Errorf("%s cell %s: %d neighbours, want 6", tor, tor.Format(c, Thesis), got)
					}
				}
			}
		}
	}
	// The flat board's corners: (1,1) and (m,n) are acute (2 neighbours: the
	// offsets (-1,1) and (1,-1) leave the board), (m,1) and (1,n) obtuse (3).
	f := MustNew(5, 4, Flat)
	for _, c := range []struct{ i, j, want int }{{1, 1, 2}, {5, 4, 2}, {5, 1, 3}, {1, 4, 3}, {3, 2, 6}, {3, 1, 4}} {
		if got := f.Neighbours(f.Cell(c.i, c.j)).Count(); got != c.want {
			t.Errorf("flat (%d,%d): %d neighbours, want %d", c.i, c.j, got, c.want)
		}
	}
}

// TestBoardBasics covers construction errors, the index formula, the border
// sets, CellAt's wrapping and the Bits helpers.
func TestBoardBasics(t *testing.T) {
	for _, bad := range [][2]int{{0, 3}, {3, 0}, {-1, 2}, {12, 11}, {129, 1}} {
		if _, err := New(bad[0], bad[1], Cylinder); err == nil {
			t.Errorf("New(%d, %d) succeeded", bad[0], bad[1])
		}
	}
	if _, err := New(3, 3, Geometry(7)); err == nil {
		t.Error("New with an unknown geometry succeeded")
	}
	if _, err := New(128, 1, Flat); err != nil {
		t.Errorf("New(128, 1): %v", err)
	}
	b := MustNew(5, 4, Cylinder)
	for c := Cell(0); int(c) < b.Cells(); c++ {
		i, j := b.Coord(c)
		if b.Cell(i, j) != c || int(c) != (j-1)*5+i-1 {
			t.Fatalf("index of (%d,%d) is %d", i, j, c)
		}
		if b.Top().Has(c) != (j == 1) || b.Bottom().Has(c) != (j == 4) || b.Left().Has(c) != (i == 1) || b.Right().Has(c) != (i == 5) {
			t.Fatalf("border sets wrong at (%d,%d)", i, j)
		}
	}
	if b.All().Count() != 20 {
		t.Fatalf("All has %d cells", b.All().Count())
	}
	if c, ok := b.CellAt(0, 2); !ok || c != b.Cell(5, 2) {
		t.Error("CellAt(0,2) on the cylinder is not (5,2)")
	}
	if c, ok := b.CellAt(11, 1); !ok || c != b.Cell(1, 1) {
		t.Error("CellAt(11,1) on the cylinder is not (1,1)")
	}
	if _, ok := b.CellAt(1, 5); ok {
		t.Error("CellAt(1,5) on a 4-ring cylinder is on the board")
	}
	if _, ok := MustNew(5, 4, Flat).CellAt(0, 1); ok {
		t.Error("CellAt(0,1) on the flat board is on the board")
	}
	if c, ok := MustNew(5, 4, Torus).CellAt(-4, 0); !ok || c != b.Cell(1, 4) {
		t.Error("CellAt(-4,0) on the torus is not (1,4)")
	}
	// Bits across the 64-cell word boundary.
	var s Bits
	for _, c := range []Cell{0, 63, 64, 127} {
		s = s.With(c)
	}
	if s.Count() != 4 || s.First() != 0 || !s.Has(64) || s.Has(65) || s.Without(63).Has(63) {
		t.Fatalf("Bits across the word boundary: %v", s)
	}
	if got := s.Cells(); len(got) != 4 || got[1] != 63 || got[2] != 64 || got[3] != 127 {
		t.Fatalf("Cells() = %v", got)
	}
	if (Bits{}).First() != NoCell || !(Bits{}).Empty() {
		t.Fatal("empty set")
	}
	if !Bit(64).Less(Bit(65)) || Bit(64).Less(Bit(63)) || !Bit(63).Less(Bit(64)) {
		t.Fatal("Less is not the 128-bit order")
	}
}

func TestParseGeometryColor(t *testing.T) {
	for s, want := range map[string]Geometry{"cylinder": Cylinder, "Flat": Flat, " torus ": Torus, "": Cylinder} {
		if g, err := ParseGeometry(s); err != nil || g != want {
			t.Errorf("ParseGeometry(%q) = %v, %v", s, g, err)
		}
	}
	if _, err := ParseGeometry("sphere"); err == nil || !strings.Contains(err.Error(), "sphere") {
		t.Errorf("ParseGeometry(sphere): %v", err)
	}
	if c, err := ParseColor("B"); err != nil || c != Blue {
		t.Errorf("ParseColor(B) = %v, %v", c, err)
	}
	if _, err := ParseColor("green"); err == nil {
		t.Error("ParseColor(green) succeeded")
	}
	if Red.Other() != Blue || Blue.Other() != Red || Empty.Other() != Empty {
		t.Error("Other")
	}
	var p Position
	p = p.Play(Red, 3).Play(Blue, 5)
	if p.At(3) != Red || p.At(5) != Blue || p.At(4) != Empty || p.Plies() != 2 || p.ToMove(Blue) != Blue || p.ToMove(Red) != Red {
		t.Errorf("Position basics: %+v", p)
	}
	if p.Play(Red, 7).ToMove(Red) != Blue {
		t.Error("ToMove after three stones")
	}
}
