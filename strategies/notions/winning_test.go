package notions

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

// redDistancesScan is redDistances as it was before it looked at the red
// cells alone: each step scans every node for the nearest one not settled.
func (nt *Notions) redDistancesScan(red board.Bits, l *BridgeList, src int16, dist *[board.MaxCells + 2]int32) {
	const inf = 1 << 20
	nodes := nt.Cells + 2
	var done [board.MaxCells + 2]bool
	for k := 0; k < nodes; k++ {
		dist[k] = inf
	}
	dist[src] = 0
	cost := func(x int16) int32 {
		if int(x) < nt.Cells {
			return 1
		}
		return 0
	}
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
		relax := func(v int16, w int32) {
			if nd := best + w + cost(v); nd < dist[v] {
				dist[v] = nd
			}
		}
		if int(u) < nt.Cells {
			for d := range nt.adjOf(board.Cell(u)) {
				if to := nt.adjOf(board.Cell(u))[d].To; to >= 0 && nt.IsOwn(to, red, true) {
					relax(nt.Node(to), 0)
				}
			}
		} else {
			edge := nt.top
			if u == nt.BottomNode() {
				edge = nt.bottom
			}
			for s := edge.And(red); s.Any(); {
				relax(int16(s.Pop()), 0)
			}
		}
		for k := 0; k < l.N; k++ {
			z, w := nt.Node(l.At[k].Z), nt.Node(l.At[k].W)
			switch u {
			case z:
				relax(w, 1)
			case w:
				relax(z, 1)
			}
		}
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
