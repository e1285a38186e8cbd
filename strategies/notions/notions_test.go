package notions

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

// TestBridgesFromOneCell: a lone stone in the middle of a 5×9 cylinder has no
// bridge; the six cells of thesis Fig. 6.1b each make exactly one, with the
// bridge cells the figure shows.
func TestBridgesFromOneCell(t *testing.T) {
	b := board.MustNew(5, 9, board.Cylinder)
	nt := NewNotions(b)
	want := map[[2]int][2][2]int{
		{4, 6}: {{4, 5}, {3, 6}}, // (i+1, j+1)
		{2, 4}: {{2, 5}, {3, 4}}, // (i-1, j-1)
		{5, 4}: {{4, 4}, {4, 5}}, // (i+2, j-1)
		{1, 6}: {{2, 5}, {2, 6}}, // (i-2, j+1)
		{4, 3}: {{3, 4}, {4, 4}}, // (i+1, j-2)
		{2, 7}: {{3, 6}, {2, 6}}, // (i-1, j+2)
	}
	var l BridgeList
	p := testkit.Pos(t, b, [][2]int{{3, 5}}, nil)
	nt.Bridges(p.Red, testkit.EmptyOf(b, p), false, &l)
	if l.N != 0 {
		t.Fatalf("lone stone has %d bridges", l.N)
	}
	for w, cells := range want {
		p := testkit.Pos(t, b, [][2]int{{3, 5}, w}, nil)
		nt.Bridges(p.Red, testkit.EmptyOf(b, p), false, &l)
		if l.N != 1 {
			t.Fatalf("(3,5)-%v: %d bridges, want 1", w, l.N)
		}
		if got, exp := l.At[0].Cells(), testkit.CellSet(b, cells[0], cells[1]); got != exp {
			t.Errorf("(3,5)-%v: bridge cells %v, want %v", w, testkit.CellsStr(b, got), testkit.CellsStr(b, exp))
		}
		// A blue stone on either bridge cell destroys it.
		q := p
		q.Blue = q.Blue.With(b.Cell(cells[0][0], cells[0][1]))
		nt.Bridges(q.Red, testkit.EmptyOf(b, q), false, &l)
		if l.N != 0 {
			t.Errorf("(3,5)-%v with a blue bridge cell still has %d bridges", w, l.N)
		}
	}
	// Adjacent stones are not a bridge.
	p = testkit.Pos(t, b, [][2]int{{3, 5}, {4, 5}}, nil)
	nt.Bridges(p.Red, testkit.EmptyOf(b, p), false, &l)
	if l.N != 0 {
		t.Errorf("adjacent stones counted as %d bridges", l.N)
	}
}

// TestBridgesToVirtualRings: with Alg. 8.4.1's red rings 0 and n+1, a red
// stone in ring 2 bridges to ring 0 through its two ring-1 neighbours, and one
// in ring n-1 to ring n+1; ring-1 stones touch ring 0 and make no bridge to it.
func TestBridgesToVirtualRings(t *testing.T) {
	b := board.MustNew(5, 9, board.Cylinder)
	nt := NewNotions(b)
	var l BridgeList
	for _, c := range []struct {
		cell  [2]int
		cells [2][2]int
		none  bool
	}{
		{[2]int{2, 2}, [2][2]int{{2, 1}, {3, 1}}, false},
		{[2]int{5, 2}, [2][2]int{{5, 1}, {1, 1}}, false}, // across the seam
		{[2]int{3, 8}, [2][2]int{{3, 9}, {2, 9}}, false},
		{[2]int{3, 1}, [2][2]int{}, true},
		{[2]int{3, 5}, [2][2]int{}, true},
	} {
		p := testkit.Pos(t, b, [][2]int{c.cell}, nil)
		nt.Bridges(p.Red, testkit.EmptyOf(b, p), true, &l)
		if c.none {
			if l.N != 0 {
				t.Errorf("%v: %d virtual bridges, want none", c.cell, l.N)
			}
			continue
		}
		if l.N != 1 || l.At[0].Cells() != testkit.CellSet(b, c.cells[0], c.cells[1]) {
			t.Errorf("%v: got %d bridges (%v), want one through %v", c.cell, l.N, testkit.CellsStr(b, BridgeCells(&l)), c.cells)
		}
		// Without the virtual rings (Blue's view) there is none.
		nt.Bridges(p.Red, testkit.EmptyOf(b, p), false, &l)
		if l.N != 0 {
			t.Errorf("%v: bridge to a ring that is not there", c.cell)
		}
	}
}

// TestOverlapKinds: thesis §6.2. Two bridges sharing an end and a bridge cell
// (Fig. 6.3a) overlap dangerously; two parallel bridges (Fig. 6.3c) overlap
// without sharing an end; the three-bridge triangle (Fig. 6.3b) has shared ends
// pairwise. Two ring-2 bridges to ring 0 from adjacent stones are parallel.
func TestOverlapKinds(t *testing.T) {
	b := board.MustNew(5, 9, board.Cylinder)
	nt := NewNotions(b)
	var l BridgeList
	// (3,5)-(4,6) via (4,5),(3,6) and (3,5)-(2,7) via (3,6),(2,6); the blue
	// stone on (3,7) removes the third bridge (4,6)-(2,7).
	p := testkit.Pos(t, b, [][2]int{{3, 5}, {4, 6}, {2, 7}}, [][2]int{{3, 7}})
	nt.Bridges(p.Red, testkit.EmptyOf(b, p), false, &l)
	all, se := OverlapPoints(&l)
	if want := testkit.CellSet(b, [2]int{3, 6}); l.N != 2 || all != want || se != want {
		t.Errorf("shared-end pair: %d bridges, points %v / %v, want 2 and (3,6)", l.N, testkit.CellsStr(b, all), testkit.CellsStr(b, se))
	}
	if CountSharedEndOverlaps(&l) != 1 {
		t.Errorf("shared-end pair counted %d", CountSharedEndOverlaps(&l))
	}
	// Parallel: (2,5)-(3,6) via (3,5),(2,6) and (3,4)-(4,5) via (4,4),(3,5);
	// (2,5)-(3,4) and (3,6)-(4,5) are adjacent, as in Fig. 6.3c.
	p = testkit.Pos(t, b, [][2]int{{2, 5}, {3, 6}, {3, 4}, {4, 5}}, nil)
	nt.Bridges(p.Red, testkit.EmptyOf(b, p), false, &l)
	all, se = OverlapPoints(&l)
	if l.N != 2 || all != testkit.CellSet(b, [2]int{3, 5}) || se.Any() {
		t.Errorf("parallel pair: %d bridges, points %v, shared-end %v; want 2, (3,5), none", l.N, testkit.CellsStr(b, all), testkit.CellsStr(b, se))
	}
	// Triangle: (3,5)-(4,6) via (4,5),(3,6); (4,6)-(5,4) via (4,5),(5,5);
	// (5,4)-(3,5) via (4,4),(4,5). All three share (4,5).
	p = testkit.Pos(t, b, [][2]int{{3, 5}, {4, 6}, {5, 4}}, nil)
	nt.Bridges(p.Red, testkit.EmptyOf(b, p), false, &l)
	if l.N != 3 {
		t.Fatalf("triangle: %d bridges, want 3", l.N)
	}
	all, se = OverlapPoints(&l)
	if all != testkit.CellSet(b, [2]int{4, 5}) || se != all || CountSharedEndOverlaps(&l) != 3 {
		t.Errorf("triangle: points %v / %v, %d pairs", testkit.CellsStr(b, all), testkit.CellsStr(b, se), CountSharedEndOverlaps(&l))
	}
	// Virtual: (2,2) and (3,2) both bridge to ring 0 and share (3,1); their
	// ends (3,0), (4,0) are distinct, so the overlap is parallel.
	p = testkit.Pos(t, b, [][2]int{{2, 2}, {3, 2}}, nil)
	nt.Bridges(p.Red, testkit.EmptyOf(b, p), true, &l)
	all, se = OverlapPoints(&l)
	if all != testkit.CellSet(b, [2]int{3, 1}) || se.Any() {
		t.Errorf("ring-0 pair: points %v / %v, want parallel at (3,1)", testkit.CellsStr(b, all), testkit.CellsStr(b, se))
	}
}

// TestCreatesSharedEndOverlap: with red (3,5), (4,6) bridged through (4,5),
// (3,6), a stone that bridges to both through one of those cells creates a
// dangerous overlap (Fig. 7.2b); filling the bridge does not.
func TestCreatesSharedEndOverlap(t *testing.T) {
	b := board.MustNew(5, 9, board.Cylinder)
	nt := NewNotions(b)
	p := testkit.Pos(t, b, [][2]int{{3, 5}, {4, 6}}, nil) // bridge via (4,5),(3,6)
	e := testkit.EmptyOf(b, p)
	for _, c := range []struct {
		cell [2]int
		want bool
	}{
		{[2]int{2, 7}, true},  // (3,5)-(2,7) via (3,6),(2,6): shares (3,6) and end (3,5)
		{[2]int{5, 4}, true},  // (3,5)-(5,4) via (4,4),(4,5)
		{[2]int{4, 5}, false}, // fills the bridge
		{[2]int{3, 6}, false},
		{[2]int{1, 1}, false},
	} {
		if got := nt.CreatesSharedEndOverlap(p.Red, e, true, b.Cell(c.cell[0], c.cell[1])); got != c.want {
			t.Errorf("%v: creates overlap = %v, want %v", c.cell, got, c.want)
		}
	}
}

// TestCovered: Def. 8.2.2. A bridge from ring j-1 to j+1 covers ring j; a
// stone in ring 2 covers R(1, 2) through its bridge to ring 0; a blue stone on
// a bridge cell uncovers.
func TestCovered(t *testing.T) {
	b := board.MustNew(5, 9, board.Cylinder)
	nt := NewNotions(b)
	var g Groups
	p := testkit.Pos(t, b, [][2]int{{3, 4}, {2, 6}}, nil) // vertical bridge via (3,5),(2,5)
	nt.ProvisionalGroups(p.Red, testkit.EmptyOf(b, p), true, &g)
	check := func(a, bb int, want bool) {
		t.Helper()
		if got := nt.Covered(&g, a, bb); got != want {
			t.Errorf("R(%d,%d) covered = %v, want %v", a, bb, got, want)
		}
	}
	// As paths (adjacency only) the two stones are apart; as provisional
	// paths, one group.
	var d Groups
	nt.DirectGroups(p.Red, true, &d)
	if d.N != 4 || g.N != 3 || d.SameGroup(int16(b.Cell(3, 4)), int16(b.Cell(2, 6))) {
		t.Errorf("paths: %d groups (want 2 stones + 2 rings), provisional: %d (want 3)", d.N, g.N)
	}
	check(5, 5, true)
	check(4, 6, true)
	check(3, 6, false) // no stone in ring 2 or 3
	check(4, 7, false) // no stone in ring 7 or 8
	check(4, 4, true)
	check(1, 1, false) // nothing near the top
	p.Blue = p.Blue.With(b.Cell(3, 5))
	nt.ProvisionalGroups(p.Red, testkit.EmptyOf(b, p), true, &g)
	check(5, 5, false)
	check(4, 4, true)
	check(6, 6, true)
	// Ring 2 stone reaches ring 0 by its bridge.
	p = testkit.Pos(t, b, [][2]int{{2, 2}}, nil)
	nt.ProvisionalGroups(p.Red, testkit.EmptyOf(b, p), true, &g)
	check(1, 2, true)
	check(0, 2, true)
	check(1, 3, false)
}

// TestProvisionalWins: a red column of bridges from ring 0 to ring n+1 is a
// provisional winning path, all of whose bridges are on the shortest one; a
// blue ring of stones and bridges around the cylinder is one for Blue; a stone
// of the other colour on a bridge cell breaks either.
func TestProvisionalWins(t *testing.T) {
	b := board.MustNew(5, 9, board.Cylinder)
	nt := NewNotions(b)
	// Red: (5,2) bridges to ring 0; (4,4), (3,6), (2,8) by vertical bridges;
	// (2,8) bridges to ring 10.
	red := [][2]int{{5, 2}, {4, 4}, {3, 6}, {2, 8}}
	p := testkit.Pos(t, b, red, nil)
	if !nt.RedProvisionalWin(p.Red, testkit.EmptyOf(b, p)) {
		t.Fatal("red bridge column is not a provisional winning path")
	}
	var onPath [MaxBridges]bool
	var l BridgeList
	nt.Bridges(p.Red, testkit.EmptyOf(b, p), true, &l)
	nt.ShortestRedPWPBridges(p.Red, testkit.EmptyOf(b, p), &l, &onPath)
	for k := 0; k < l.N; k++ {
		if !onPath[k] {
			t.Errorf("bridge %d (%v) not on the only provisional winning path", k, testkit.CellsStr(b, l.At[k].Cells()))
		}
	}
	if !PathIsTrue(&l, &onPath) {
		t.Error("the bridge column has no overlapping bridges but is not true")
	}
	// Two marked bridges through one cell (two sides of the triangle around
	// (4,5)) are not true.
	var two BridgeList
	p2 := testkit.Pos(t, b, [][2]int{{3, 5}, {4, 6}, {5, 4}}, nil) // triangle around (4,5)
	nt.Bridges(p2.Red, testkit.EmptyOf(b, p2), false, &two)
	var marks [MaxBridges]bool
	marks[0], marks[1] = true, true
	if PathIsTrue(&two, &marks) {
		t.Error("two bridges through (4,5) counted as true")
	}
	// One blue stone on a bridge cell breaks it.
	q := p
	q.Blue = q.Blue.With(b.Cell(4, 5))
	if nt.RedProvisionalWin(q.Red, testkit.EmptyOf(b, q)) {
		t.Error("broken bridge still counted")
	}
	// Blue: (1,5)-(2,5) adjacent, (2,5)-(4,4) bridged via (3,4),(3,5), (4,4)-(5,4)
	// adjacent, (5,4)-(1,5) bridged across the seam via (1,4),(5,5).
	blue := [][2]int{{1, 5}, {2, 5}, {4, 4}, {5, 4}}
	p = testkit.Pos(t, b, nil, blue)
	e := testkit.EmptyOf(b, p)
	if !nt.BlueProvisionalWin(p.Blue, e) {
		t.Fatal("blue ring of stones and bridges is not a provisional winning path")
	}
	if nt.BlueWinsDirect(p.Blue) || b.BlueWins(p) {
		t.Fatal("blue ring with an open bridge counted as a win")
	}
	q = p
	q.Red = q.Red.With(b.Cell(3, 4))
	if nt.BlueProvisionalWin(q.Blue, testkit.EmptyOf(b, q)) {
		t.Error("blue bridge cut by a red stone still counted")
	}
	// A blue chain that does not wind is not a provisional win.
	p = testkit.Pos(t, b, nil, [][2]int{{1, 5}, {2, 5}, {4, 4}})
	if nt.BlueProvisionalWin(p.Blue, testkit.EmptyOf(b, p)) {
		t.Error("open blue chain counted as winding")
	}
}

// TestWinningMoves: the winning moves for either side on a hand-made position,
// and a randomized cross-check of both against playing the move and asking the
// board who won.
func TestWinningMoves(t *testing.T) {
	b := board.MustNew(5, 4, board.Cylinder)
	nt := NewNotions(b)
	// Red (2,1), (2,2), (2,4): (2,2)'s ring-3 neighbours are (2,3) and (1,3);
	// only (2,3) also touches (2,4).
	p := testkit.Pos(t, b, [][2]int{{2, 1}, {2, 2}, {2, 4}}, nil)
	if got, want := nt.RedWinningMoves(p), testkit.CellSet(b, [2]int{2, 3}); got != want {
		t.Errorf("red winning moves %v, want %v", testkit.CellsStr(b, got), testkit.CellsStr(b, want))
	}
	// Blue ring 3 minus (4,3): Blue wins on (4,3), or on nothing else.
	p = testkit.Pos(t, b, nil, [][2]int{{1, 3}, {2, 3}, {3, 3}, {5, 3}})
	if got, want := nt.BlueWinningMoves(p), testkit.CellSet(b, [2]int{4, 3}); got != want {
		t.Errorf("blue winning moves %v, want %v", testkit.CellsStr(b, got), testkit.CellsStr(b, want))
	}
	// Randomized cross-check.
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{3, 5, 9} {
		b := board.MustNew(5, n, board.Cylinder)
		nt := NewNotions(b)
		for it := 0; it < 300; it++ {
			p := testkit.RandomStones(rng, b, rng.IntN(b.Cells()))
			if b.Winner(p) != board.Empty {
				continue
			}
			var wantR, wantB board.Bits
			for e := testkit.EmptyOf(b, p); e.Any(); {
				c := e.Pop()
				if b.RedWins(p.Play(board.Red, c)) {
					wantR = wantR.With(c)
				}
				if b.BlueWins(p.Play(board.Blue, c)) {
					wantB = wantB.With(c)
				}
			}
			if got := nt.RedWinningMoves(p); got != wantR {
				t.Fatalf("5x%d red winning moves %v, want %v\n%s", n, testkit.CellsStr(b, got), testkit.CellsStr(b, wantR), b.Picture(p, board.Bits{}))
			}
			if got := nt.BlueWinningMoves(p); got != wantB {
				t.Fatalf("5x%d blue winning moves %v, want %v\n%s", n, testkit.CellsStr(b, got), testkit.CellsStr(b, wantB), b.Picture(p, board.Bits{}))
			}
		}
	}
}

// TestIncrementalNotionsAgree cross-checks the fast incremental forms used on
// the hot path against recomputation from scratch, on random positions:
// AddStone and SpanAfter against ProvisionalGroups, CreatesSharedEndOverlapWith
// against CreatesSharedEndOverlap, BlueWindsWith against
// BlueProvisionalWin, and the winding code against board.BlueWins.
func TestIncrementalNotionsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{2, 4, 9, 12} {
		b := board.MustNew(5, n, board.Cylinder)
		nt := NewNotions(b)
		for it := 0; it < 200; it++ {
			p := testkit.RandomStones(rng, b, rng.IntN(b.Cells()))
			e := testkit.EmptyOf(b, p)
			if nt.BlueWinsDirect(p.Blue) != b.BlueWins(p) {
				t.Fatalf("winding disagrees with board.BlueWins\n%s", b.Picture(p, board.Bits{}))
			}
			var g Groups
			nt.ProvisionalGroups(p.Red, e, true, &g)
			var l Lift
			nt.LiftBlue(p.Blue, e, &l)
			if l.Winds != nt.BlueProvisionalWin(p.Blue, e) {
				t.Fatal("LiftBlue.Winds disagrees with BlueProvisionalWin")
			}
			for s := e; s.Any(); {
				c := s.Pop()
				g2 := g
				nt.AddStone(&g2, c, p.Red, e, true)
				var ref Groups
				nt.ProvisionalGroups(p.Red.With(c), e.Without(c), true, &ref)
				for a := 0; a <= n+1; a++ {
					for bb := a; bb <= n+1; bb++ {
						if nt.Covered(&g2, a, bb) != nt.Covered(&ref, a, bb) {
							t.Fatalf("AddStone(%s): R(%d,%d) cover differs", b.Format(c, board.Thesis), a, bb)
						}
					}
				}
				lo, hi := nt.SpanAfter(&g, c, p.Red, e, true)
				if rlo, rhi := ref.GroupSpan(int16(c)); lo != rlo || hi != rhi {
					t.Fatalf("SpanAfter(%s) = [%d,%d], want [%d,%d]", b.Format(c, board.Thesis), lo, hi, rlo, rhi)
				}
				if g2.SameGroup(nt.TopNode(), nt.BottomNode()) != ref.SameGroup(nt.TopNode(), nt.BottomNode()) {
					t.Fatalf("AddStone(%s): provisional win differs", b.Format(c, board.Thesis))
				}
				var rl BridgeList
				nt.Bridges(p.Red, e, true, &rl)
				if got, want := nt.CreatesSharedEndOverlapWith(&rl, p.Red, e, true, c), nt.CreatesSharedEndOverlap(p.Red, e, true, c); got != want {
					t.Fatalf("CreatesSharedEndOverlapWith(%s) = %v, want %v", b.Format(c, board.Thesis), got, want)
				}
				if got, want := nt.BlueWindsWith(&l, p.Blue, e, c), nt.BlueProvisionalWin(p.Blue.With(c), e.Without(c)); got != want {
					t.Fatalf("BlueWindsWith(%s) = %v, want %v\n%s", b.Format(c, board.Thesis), got, want, b.Picture(p, board.Bit(c)))
				}
			}
		}
	}
}

// TestThreatSetupsAndArea: the set-up of App. A.1.1 game 1, ply 7 — Blue
// (3,9) with (2,7) through (5,8) — and the (i+2, j+2) shape of game 2, ply 7
// — Blue (4,5) with (1,7) through (5,6); a red stone on a potential bridge
// cell removes the set-up. The connection area of the second is columns 4, 1
// and 3 in rings 5 and 7.
func TestThreatSetupsAndArea(t *testing.T) {
	b := board.MustNew(5, 9, board.Cylinder)
	nt := NewNotions(b)
	var su [4]DoubleBridgeSetup
	p := testkit.Pos(t, b, nil, [][2]int{{3, 9}, {2, 7}})
	if k := nt.ThreatSetups(p.Blue, testkit.EmptyOf(b, p), b.Cell(3, 9), &su); k != 1 || su[0].Mid != b.Cell(5, 8) || !su[0].Up {
		t.Fatalf("(3,9)-(2,7): %d set-ups %+v", k, su[0])
	}
	p.Red = p.Red.With(b.Cell(4, 9)) // a potential bridge cell of (3,9)-(5,8)
	if k := nt.ThreatSetups(p.Blue, testkit.EmptyOf(b, p), b.Cell(3, 9), &su); k != 0 {
		t.Errorf("set-up survives a red stone on a bridge cell")
	}
	p = testkit.Pos(t, b, nil, [][2]int{{4, 5}, {1, 7}})
	k := nt.ThreatSetups(p.Blue, testkit.EmptyOf(b, p), b.Cell(4, 5), &su)
	if k != 1 || su[0].Mid != b.Cell(5, 6) || su[0].Up {
		t.Fatalf("(4,5)-(1,7): %d set-ups %+v", k, su[0])
	}
	want := testkit.CellSet(b, [2]int{4, 5}, [2]int{1, 5}, [2]int{3, 5}, [2]int{4, 7}, [2]int{1, 7}, [2]int{3, 7})
	if got := nt.ConnectionArea(su[0]); got != want {
		t.Errorf("connection area %v, want %v", testkit.CellsStr(b, got), testkit.CellsStr(b, want))
	}
	// (3,5) and (5,3) are two rings apart but not two bridges apart.
	p = testkit.Pos(t, b, nil, [][2]int{{3, 5}, {5, 3}})
	if k := nt.ThreatSetups(p.Blue, testkit.EmptyOf(b, p), b.Cell(3, 5), &su); k != 0 {
		t.Errorf("(3,5)-(5,3) (offset (+2,-2), not two bridges) gave %d set-ups", k)
	}
}

// TestNeighbourCounts: blue/red neighbour counts, with the virtual red rings
// counting as red neighbours of ring-1 and ring-n cells.
func TestNeighbourCounts(t *testing.T) {
	b := board.MustNew(5, 9, board.Cylinder)
	nt := NewNotions(b)
	p := testkit.Pos(t, b, [][2]int{{3, 4}}, [][2]int{{2, 5}, {4, 5}, {3, 6}, {4, 4}, {2, 6}})
	c := b.Cell(3, 5)
	if got := nt.NeighbourCount(c, p.Blue); got != 5 {
		t.Errorf("blue neighbours of (3,5): %d, want 5", got)
	}
	if got := nt.RedNeighbourCount(c, p.Red); got != 1 {
		t.Errorf("red neighbours of (3,5): %d, want 1", got)
	}
	if got := nt.RedNeighbourCount(b.Cell(1, 1), board.Bits{}); got != 2 {
		t.Errorf("red neighbours of (1,1) (ring 0 only): %d, want 2", got)
	}
	if got := nt.VerticalBridgeOptions(c, testkit.EmptyOf(b, p), p.Blue); got != 0 {
		// up: (4,3) via (3,4) red, (4,4) blue → no; down: (2,7) via (3,6) blue → no
		t.Errorf("vertical bridge options of (3,5): %d, want 0", got)
	}
}
