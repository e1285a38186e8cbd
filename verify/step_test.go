package verify

import (
	"hexproof/tt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
)

// replier wraps a strategy with a strategies.Replier that answers through
// Allowed one move at a time and panics at the panicAt-th move it answers
// (counting from 1; 0 never), to test that Rules.Replies gives the same
// replies with and without a Replier, also when it panics.
type replier struct {
	strategies.Strategy
	panicAt int
}

func (r replier) Replies(p board.Position, moves board.Bits, yield func(board.Cell, board.Bits, string) bool) {
	k := 0
	for bs := moves; bs.Any(); {
		b := bs.Pop()
		if k++; k == r.panicAt {
			panic("replier test panic")
		}
		a, rule := r.Allowed(p.Play(r.Side().Other(), b), b)
		if !yield(b, a, rule) {
			return
		}
	}
}

// TestRepliesReplierEquivalence: on random reachable positions of several
// strategies and boards, Replies through a Replier (panicking or not, stopped
// early or not) yields exactly the replies of the one-at-a-time path.
func TestRepliesReplierEquivalence(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		name string
		m, n int
	}{{"hht", 5, 4}, {"vandenbroek", 5, 4}, {"gardner", 5, 4}, {"fitzgerald", 5, 5}, {"mirror", 4, 4}}
	for _, c := range cases {
		s, err := strategies.New(c.name, board.MustNew(c.m, c.n, board.Cylinder))
		if err != nil {
			t.Fatal(err)
		}
		for _, choices := range []Choices{Every, First} {
			plain := NewRules(s, choices)
			for trial := 0; trial < 200; trial++ {
				p, ok := randomState(rng, plain)
				if !ok {
					continue
				}
				empty := plain.All.AndNot(p.Occupied())
				var want []Reply
				plain.Replies(p, empty, func(r Reply) bool { want = append(want, r); return true })
				panicAt := rng.IntN(empty.Count() + 2)
				stopAt := 1 + rng.IntN(len(want)+1)
				withR := NewRules(replier{s, panicAt}, choices)
				var got []Reply
				withR.Replies(p, empty, func(r Reply) bool { got = append(got, r); return len(got) < stopAt })
				if n := min(stopAt, len(want)); len(got) != n {
					t.Fatalf("%s %v: %d replies with a Replier (panic at %d, stop at %d), want %d", c.name, choices, len(got), panicAt, stopAt, n)
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s %v reply %d: %+v with a Replier (panic at %d), want %+v", c.name, choices, i, got[i], panicAt, want[i])
					}
				}
			}
		}
	}
}

// randomState plays a random game prefix through the step and returns a
// position with the opponent to move that nobody has won.
func randomState(rng *rand.Rand, r *Rules) (board.Position, bool) {
	var p board.Position
	plies := rng.IntN(r.B.Cells() - 1)
	if rng.IntN(2) == 0 { // the strategy opens
		a, _, f := r.Answer(p, board.NoCell)
		if f != NoFault {
			return p, false
		}
		p = p.Play(r.Me, pick(rng, a))
	}
	for p.Plies() < plies {
		empty := r.All.AndNot(p.Occupied())
		b := pick(rng, empty)
		p1, o := r.Place(p, r.Opp, b)
		if o != Going {
			return p, true
		}
		a, _, f := r.Answer(p1, b)
		if f != NoFault {
			return p, false
		}
		p2, o := r.Place(p1, r.Me, pick(rng, a))
		if o != Going {
			return p, true
		}
		p = p2
	}
	return p, true
}

func pick(rng *rand.Rand, s board.Bits) board.Cell {
	cells := s.Cells()
	return cells[rng.IntN(len(cells))]
}

// TestPlaceOutcomes: Place's outcome is the full winner test's, and Stones
// (the winning cells found once) agrees with Place on every empty cell, on
// random games on the three geometries.
func TestPlaceOutcomes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, geo := range []board.Geometry{board.Cylinder, board.Flat, board.Torus} {
		for _, size := range [][2]int{{1, 3}, {2, 2}, {3, 3}, {4, 3}, {5, 4}, {3, 5}} {
			b := board.MustNew(size[0], size[1], geo)
			r := &Rules{B: b, All: b.All()}
			for game := 0; game < 300; game++ {
				var p board.Position
				who := board.Red
				if game%2 == 1 {
					who = board.Blue
				}
				for {
					c := pick(rng, b.All().AndNot(p.Occupied()))
					q, o := r.Place(p, who, c)
					want := Going
					switch {
					case b.Wins(q, who):
						want = Won
					case q.Occupied() == b.All():
						want = Drawn
					}
					if o != want {
						t.Fatalf("%v %dx%d: %v after %v, want %v", geo, b.M, b.N, o, q, want)
					}
					// Stones gives the same for every empty cell of p.
					st := r.Stones(p, who)
					for e := b.All().AndNot(p.Occupied()); e.Any(); {
						x := e.Pop()
						q1, o1 := r.Place(p, who, x)
						if q2, o2 := st.Place(x); q2 != q1 || o2 != o1 {
							t.Fatalf("%v %dx%d: Stones.Place(%d) = %v, Place = %v, in %v", geo, b.M, b.N, x, o2, o1, p)
						}
						// The other player's stone on x leaves who's
						// winning cells but x as they were (Stones.Other).
						if o := r.Stones(p.Play(who.Other(), x), who); st.Other(x) != o {
							t.Fatalf("%v %dx%d: Stones.Other(%d) = %v, Stones after it = %v, in %v", geo, b.M, b.N, x, st.Other(x).Wins, o.Wins, p)
						}
					}
					if o != Going {
						break
					}
					p, who = q, who.Other()
				}
			}
		}
	}
}

// TestLayerSet: several workers' batches into one layer set, with budgets
// that force spills or not: the runs handed to the store are sorted and
// duplicate-free, and together hold exactly the distinct keys added; without
// spills they are disjoint.
//
// With checkpoints, what is saved (at the checkpoints between two phases of
// adding, at the end, and when a partition is drained) holds every distinct
// key added so far, each once when nothing is drained. A spill drains every
// partition into one run.
func TestLayerSet(t *testing.T) {
	// A small pendMin merges a partition's pending keys many times per
	// phase, with and without keys already saved.
	defer func(n int) { pendMin = n }(pendMin)
	for _, pendMin = range []int{7, 1 << 14} {
		testLayerSet(t)
	}
}

func testLayerSet(t *testing.T) {
	for _, maxKeys := range []int64{1 << 12, 1 << 14, 1 << 30} {
		var runs, saved [][]tt.Key
		var mu sync.Mutex
		collect := func(into *[][]tt.Key) func([]tt.Key) error {
			return func(run []tt.Key) error {
				mu.Lock()
				defer mu.Unlock()
				if !slices.IsSortedFunc(run, tt.Compare) || len(tt.SortUnique(slices.Clone(run))) != len(run) {
					t.Error("a run is not sorted and duplicate-free")
				}
				*into = append(*into, slices.Clone(run))
				return nil
			}
		}
		ls := newLayerSet(maxKeys, collect(&runs), collect(&saved))
		var all [4][]tt.Key
		for phase := range 2 {
			var wg sync.WaitGroup
			for w := range all {
				wg.Add(1)
				go func() {
					defer wg.Done()
					rng := rand.New(rand.NewPCG(15+uint64(phase), uint64(w)))
					b := newBatch(ls)
					for i := 0; i < 15000; i++ {
						k := tt.Key{Red: 1 + uint64(rng.IntN(20000)), Blue: uint64(rng.IntN(4))}
						all[w] = append(all[w], k)
						if err := b.Add(k); err != nil {
							t.Error(err)
						}
					}
					if err := b.flushAll(); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			if err := ls.saveFresh(); err != nil {
				t.Fatal(err)
			}
		}
		if err := ls.finish(); err != nil {
			t.Fatal(err)
		}
		var want []tt.Key
		for _, a := range all {
			want = append(want, a...)
		}
		want = tt.SortUnique(want)
		for _, c := range []struct {
			what string
			runs [][]tt.Key
		}{{"runs", runs}, {"saved runs", saved}} {
			var union []tt.Key
			total := 0
			for _, r := range c.runs {
				union = append(union, r...)
				total += len(r)
			}
			if got := tt.SortUnique(union); !slices.Equal(got, want) {
				t.Fatalf("budget %d, pendMin %d: %s hold %d distinct keys, want %d", maxKeys, pendMin, c.what, len(got), len(want))
			}
			if maxKeys == 1<<30 && total != len(want) {
				t.Fatalf("no spill, but the %s repeat keys: %d keys for %d distinct", c.what, total, len(want))
			}
		}
		// Only a spill makes a run of more than maxKeys/2 keys (finish's
		// runs are partitions of a set holding at most maxKeys).
		spills := 0
		for _, r := range runs {
			if int64(len(r)) > maxKeys/2 {
				spills++
			}
		}
		if (maxKeys < 1<<30) != (spills > 0) {
			t.Fatalf("budget %d: %d spilled runs", maxKeys, spills)
		}
		// A spill drains the whole set, so each spilled run holds more than
		// maxKeys/2 keys: at most 120,000 keys added / (maxKeys/2) spills,
		// plus finish's run per partition (the store's merge holds a block
		// per run).
		if limit := 1<<partBits + 4*15000*len(all)/int(maxKeys); len(runs) > limit {
			t.Fatalf("budget %d: %d runs, want at most %d", maxKeys, len(runs), limit)
		}
	}
}

// TestMergeInto: the layer set's in-place merge and its subtraction agree
// with tt.MergeUnique and a plain filter, for runs that overlap a little,
// much or not at all, with and without room at the end of the first.
func TestMergeInto(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	run := func(n, spread int) []tt.Key {
		keys := make([]tt.Key, n)
		for i := range keys {
			keys[i] = tt.Key{Red: uint64(r.IntN(spread)), Blue: uint64(r.IntN(3))}
		}
		return tt.SortUnique(keys)
	}
	for i := 0; i < 500; i++ {
		spread := 1 + r.IntN(200)
		a, b := run(r.IntN(60), spread), run(r.IntN(60), spread)
		want := tt.MergeUnique(a, b)
		wantSub := slices.DeleteFunc(slices.Clone(b), func(k tt.Key) bool { return tt.Search(a, k) })
		room := slices.Grow(slices.Clone(a), r.IntN(2*len(b)+1))
		if got := mergeInto(room, slices.Clone(b)); !slices.Equal(got, want) {
			t.Fatalf("case %d: mergeInto(%v, %v) = %v, want %v", i, a, b, got, want)
		}
		if got := subtract(slices.Clone(b), a); !slices.Equal(got, wantSub) {
			t.Fatalf("case %d: subtract(%v, %v) = %v, want %v", i, b, a, got, wantSub)
		}
	}
}

// TestAnswersIsAfter: Answers splits every answer as After does move by move,
// on random reachable positions of several strategies, among them one that
// allows every empty cell, and on random replies with few empty cells. The
// latter are not reachable (a full board without a winner, a draw, does not
// exist on any board of at most 16 cells), but After and Answers are set
// algebra on the reply, and only there is the draw branch taken.
func TestAnswersIsAfter(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	checked := [3]int{}
	compare := func(r *Rules, rep Reply) {
		var want [3]board.Bits // won, drawn, going
		for a := rep.Allowed; a.Any(); {
			c := a.Pop()
			_, o := r.After(&rep, c)
			i := map[Outcome]int{Won: 0, Drawn: 1, Going: 2}[o]
			want[i] = want[i].With(c)
		}
		won, drawn, going := r.Answers(&rep)
		if got := [3]board.Bits{won, drawn, going}; got != want {
			t.Fatalf("%T on %v after %v: Answers = %v, After gives %v", r.S, r.B, rep.P, got, want)
		}
		for i, x := range want {
			if x.Any() {
				checked[i]++
			}
		}
	}
	var ss []strategies.Strategy
	for _, c := range []struct {
		name string
		m, n int
	}{{"hht", 3, 3}, {"hht", 5, 4}, {"vandenbroek", 5, 4}, {"gardner", 4, 3}} {
		s, err := strategies.New(c.name, board.MustNew(c.m, c.n, board.Cylinder))
		if err != nil {
			t.Fatal(err)
		}
		ss = append(ss, s)
	}
	ss = append(ss, anyEmpty{board.MustNew(2, 3, board.Flat), board.Red}, anyEmpty{board.MustNew(3, 4, board.Torus), board.Blue})
	for _, s := range ss {
		r := NewRules(s, Every)
		for trial := 0; trial < 300; trial++ {
			p, ok := randomState(rng, r)
			if !ok {
				continue
			}
			r.Replies(p, r.All.AndNot(p.Occupied()), func(rep Reply) bool {
				if rep.Outcome == Going && rep.Fault == NoFault {
					compare(r, rep)
				}
				return true
			})
		}
		// Random replies: up to three empty cells, random winning cells and
		// a random non-empty answer among the empty cells.
		for trial := 0; trial < 300; trial++ {
			cells := r.All.Cells()
			rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
			var rep Reply
			empty := 1 + rng.IntN(min(3, len(cells)))
			for i, c := range cells[empty:] {
				rep.P = rep.P.Play([]board.Color{board.Red, board.Blue}[i%2], c)
			}
			for _, c := range cells[:empty] {
				if rng.IntN(2) == 0 {
					rep.Wins = rep.Wins.With(c)
				}
				if rng.IntN(2) == 0 || c == cells[0] {
					rep.Allowed = rep.Allowed.With(c)
				}
			}
			compare(r, rep)
		}
	}
	// The cases must all occur, or the test proves little.
	if checked[0] == 0 || checked[1] == 0 || checked[2] == 0 {
		t.Fatalf("answers seen with wins, draws, going moves: %v; want each", checked)
	}
}
