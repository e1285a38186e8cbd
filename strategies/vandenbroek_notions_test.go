package strategies

import (
	"testing"

	"hexproof/board"
	"hexproof/strategies/notions"
)

// TestVbAnalysisConnected checks the ring-connection notion on thesis
// Fig. 7.2a's situation (5×7, ring 4 = j): red (4,2), (3,4), (2,6) joined by
// two bridges over rings 3 and 5, (4,2) bridged to ring 0 and (2,6) to ring 8.
// Rings 2, 4, 6 (and the virtual 0 and 8) are connected to each other; rings 3
// and 5 are spanned but hold no node, so they are connected to nothing; a
// stone on a ring-5 bridge cell connects ring 5 to all of them.
func TestVbAnalysisConnected(t *testing.T) {
	b := board.MustNew(5, 7, board.Cylinder)
	nt := notions.NewNotions(b)
	red := vbCells(t, b, "(4,2) (3,4) (2,6)")
	empty := b.All().AndNot(red)
	var a vbAnalysis
	a.init(nt, red, empty)
	for _, c := range []struct {
		x, y int
		want bool
	}{
		{0, 8, true}, {2, 6, true}, {4, 6, true}, {0, 4, true},
		{3, 4, false}, {4, 5, false}, {2, 3, false}, {1, 2, false}, {6, 7, false},
	} {
		if got := a.connected(c.x, c.y); got != c.want {
			t.Errorf("connected(%d, %d) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
	rings := func(m uint64) (out []int) {
		for k := 0; k < 64; k++ {
			if m>>uint(k)&1 == 1 {
				out = append(out, k)
			}
		}
		return out
	}
	for _, c := range []struct {
		cell string
		want []int
	}{
		{"(2,5)", []int{0, 2, 4, 5, 6, 8}}, // bridge cell of (3,4)-(2,6): joins both
		{"(5,5)", []int{5}},                // touches nothing red, bridges to nothing red
		{"(1,5)", []int{0, 2, 4, 5, 6, 8}}, // bridges to (3,4) and to (2,6)
		{"(1,1)", []int{0, 1, 2, 4, 6, 8}}, // touches ring 0, which is on the path
	} {
		if got := rings(a.after(vbCells(t, b, c.cell).First())); !equalInts(got, c.want) {
			t.Errorf("after(%s) = rings %v, want %v", c.cell, got, c.want)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
