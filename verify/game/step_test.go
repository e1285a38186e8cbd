package game

import (
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/strategies"
	"hexproof/verify/andor"
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
		for _, first := range []bool{false, true} {
			plain := NewRules(s, first)
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
				withR := NewRules(replier{s, panicAt}, first)
				var got []Reply
				withR.Replies(p, empty, func(r Reply) bool { got = append(got, r); return len(got) < stopAt })
				if n := min(stopAt, len(want)); len(got) != n {
					t.Fatalf("%s first=%v: %d replies with a Replier (panic at %d, stop at %d), want %d", c.name, first, len(got), panicAt, stopAt, n)
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s first=%v reply %d: %+v with a Replier (panic at %d), want %+v", c.name, first, i, got[i], panicAt, want[i])
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
		p = p.Play(r.Me, testkit.Pick(rng, a))
	}
	for p.Plies() < plies {
		empty := r.All.AndNot(p.Occupied())
		b := testkit.Pick(rng, empty)
		p1, o := r.Place(p, r.Opp, b)
		if o != Going {
			return p, true
		}
		a, _, f := r.Answer(p1, b)
		if f != NoFault {
			return p, false
		}
		p2, o := r.Place(p1, r.Me, testkit.Pick(rng, a))
		if o != Going {
			return p, true
		}
		p = p2
	}
	return p, true
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
					c := testkit.Pick(rng, b.All().AndNot(p.Occupied()))
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
	ss = append(ss, testkit.AnyEmpty{B: board.MustNew(2, 3, board.Flat), Player: board.Red}, testkit.AnyEmpty{B: board.MustNew(3, 4, board.Torus), Player: board.Blue})
	for _, s := range ss {
		r := NewRules(s, false)
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

// TestOutcomeSearch: each outcome of a move is the search's outcome of the
// same name (a win for the mover, a full board, the game going on).
func TestOutcomeSearch(t *testing.T) {
	for o, want := range map[Outcome]andor.Outcome{Going: andor.Going, Won: andor.Won, Drawn: andor.Drawn} {
		if got := o.Search(); got != want {
			t.Errorf("%s.Search() = %d, want %d", o, got, want)
		}
	}
}
