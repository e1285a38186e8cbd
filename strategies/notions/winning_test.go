package notions

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

// redDistancesScan is redDistances as it was before it looked at the red
// cells alone: each step scans every node for the nearest one not settled
// (the relaxation is the same).
func (nt *Notions) redDistancesScan(red board.Bits, l *BridgeList, src int16, dist *[board.MaxCells + 2]int32) {
	const inf = 1 << 20
	nodes := nt.Cells + 2
	var done [board.MaxCells + 2]bool
	for k := 0; k < nodes; k++ {
		dist[k] = inf
	}
	dist[src] = 0
	for {
		u, best := int16(-1), int32(inf)
		for k := 0; k < nodes; k++ {
			if !done[k] && dist[k] < best && (k >= nt.Cells || red.Has(board.Cell(k))) {
				u, best = int16(k), dist[k]
			}
		}
		if u < 0 {
			return
		}
		done[u] = true
		nt.relaxFrom(u, best, red, l, dist)
	}
}

// TestRedDistancesAsScan: redDistances, from either ring, equals the full
// scan on random positions of four boards (a red path found in some, none
// in others).
func TestRedDistancesAsScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 28))
	found := 0
	for _, bd := range [][2]int{{5, 6}, {5, 7}, {5, 9}, {7, 7}} {
		b := board.MustNew(bd[0], bd[1], board.Cylinder)
		nt := NewNotions(b)
		for k := 0; k < 1000; k++ {
			p := testkit.RandomStones(rng, b, 2+rng.IntN(b.Cells()*2/3))
			var l BridgeList
			nt.Bridges(p.Red, testkit.EmptyOf(b, p), true, &l)
			for _, src := range []int16{nt.TopNode(), nt.BottomNode()} {
				var got, want [board.MaxCells + 2]int32
				nt.redDistances(p.Red, &l, src, &got)
				nt.redDistancesScan(p.Red, &l, src, &want)
				if got != want {
					t.Fatalf("%s red %v blue %v from %d: %v, scan %v", b, p.Red.Cells(), p.Blue.Cells(), src, got, want)
				}
				if want[nt.TopNode()+nt.BottomNode()-src] < 1<<20 {
					found++
				}
			}
		}
	}
	if found == 0 || found == 8000 {
		t.Errorf("%d of 8000 searches reached the other ring: too uniform to test", found)
	}
	t.Logf("%d of 8000 searches reached the other ring", found)
}
