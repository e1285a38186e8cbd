package strategies

import (
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

// pos builds a position from thesis-form cells, "(i,j)" strings, for tests.
func stPos(t *testing.T, b *board.Board, red, blue []string) board.Position {
	t.Helper()
	var p board.Position
	for _, s := range red {
		p = p.Play(board.Red, stCell(t, b, s))
	}
	for _, s := range blue {
		p = p.Play(board.Blue, stCell(t, b, s))
	}
	return p
}

func stCell(t *testing.T, b *board.Board, s string) board.Cell {
	t.Helper()
	c, err := b.ParseCell(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func stSet(t *testing.T, b *board.Board, cells ...string) board.Bits {
	t.Helper()
	var s board.Bits
	for _, x := range cells {
		s = s.With(stCell(t, b, x))
	}
	return s
}

func stExpect(t *testing.T, s Strategy, p board.Position, last string, want board.Bits, wantRule string) {
	t.Helper()
	b := s.Board()
	l := board.NoCell
	if last != "" {
		l = stCell(t, b, last)
	}
	got, rule := s.Allowed(p, l)
	if got != want || rule != wantRule {
		t.Errorf("%v after last %q:\n%s got %s rule %q, want %s rule %q",
			b, last, b.Picture(p, board.Bits{}), formatSet(b, got), rule, formatSet(b, want), wantRule)
	}
}

// TestMirrorAnswers: Alg. 4.2.1 rule 1 answers (i,j) with T(i,j) = (i+k mod m, j)
// for m = 2k, wrapping round the ring; rules I and 2 allow every empty cell.
func TestMirrorAnswers(t *testing.T) {
	s := testkit.Strategy(t, New, "mirror", 6, 3, board.Cylinder)
	b := s.Board()
	empty := board.Position{}
	stExpect(t, s, empty, "", b.All(), "I")
	p := stPos(t, b, nil, []string{"(2,3)"})
	stExpect(t, s, p, "(2,3)", stSet(t, b, "(5,3)"), "1")
	p = stPos(t, b, nil, []string{"(5,1)"})
	stExpect(t, s, p, "(5,1)", stSet(t, b, "(2,1)"), "1")
	p = stPos(t, b, nil, []string{"(6,2)"})
	stExpect(t, s, p, "(6,2)", stSet(t, b, "(3,2)"), "1")
	// Red opened on (4,2); Blue takes its partner (1,2): rule 2, any empty cell.
	p = stPos(t, b, []string{"(4,2)"}, []string{"(1,2)"})
	stExpect(t, s, p, "(1,2)", b.All().AndNot(p.Occupied()), "2")
	// m = 2: the partner is the other cell of the ring.
	s2 := testkit.Strategy(t, New, "mirror", 2, 3, board.Cylinder)
	p = stPos(t, s2.Board(), nil, []string{"(1,2)"})
	stExpect(t, s2, p, "(1,2)", stSet(t, s2.Board(), "(2,2)"), "1")
	// Torus (thesis §4.2.4): the same translation.
	st := testkit.Strategy(t, New, "mirror", 4, 3, board.Torus)
	p = stPos(t, st.Board(), nil, []string{"(3,3)"})
	stExpect(t, st, p, "(3,3)", stSet(t, st.Board(), "(1,3)"), "1")
}

// TestMirrorWinsExhaustively: Alpern–Beck's theorem (thesis §4.2.1) on the
// smallest even boards, by plain enumeration of every game — every Blue move and
// every move the strategy allows — with either player starting.
func TestMirrorWinsExhaustively(t *testing.T) {
	for _, bd := range []stBoard{{2, 2, board.Cylinder}, {2, 3, board.Cylinder}, {4, 2, board.Cylinder}, {4, 3, board.Cylinder}} {
		for _, starter := range []board.Color{board.Red, board.Blue} {
			ls := &stLossSearch{t: t, s: testkit.Strategy(t, New, "mirror", bd.m, bd.n, bd.geo)}
			if loss := ls.run(starter); loss != nil {
				b := ls.s.Board()
				t.Errorf("mirror on %v, %s starts: lost %s", b, starter, b.FormatMoves(loss, board.Thesis, true))
			}
			t.Logf("mirror %dx%d %v, %s starts: %d positions, no loss", bd.m, bd.n, bd.geo, starter, ls.nodes)
		}
	}
}

// TestMirrorLosesOnTorus: thesis §4.2.4, Fig. 4.7 — on the 4×3 torus Blue can
// beat the mirror. The figure's moves are not in the text, so the search finds a
// lost game, and the game is replayed independently to confirm Blue's win and
// that every Red move was one the strategy allows.
func TestMirrorLosesOnTorus(t *testing.T) {
	for _, starter := range []board.Color{board.Blue, board.Red} {
		s := testkit.Strategy(t, New, "mirror", 4, 3, board.Torus)
		ls := &stLossSearch{t: t, s: s}
		loss := ls.run(starter)
		if loss == nil {
			t.Fatalf("mirror on the 4x3 torus, %s starts: no lost game found; thesis Fig. 4.7 shows one", starter)
		}
		stConfirmLoss(t, s, starter, loss)
	}
}

// stConfirmLoss replays a game found by stLossSearch from scratch: the players
// alternate from the starter, each strategy move is in its allowed set, nobody
// wins before the end, and the opponent wins with the last move.
func stConfirmLoss(t *testing.T, s Strategy, starter board.Color, moves []board.Move) {
	t.Helper()
	b := s.Board()
	var p board.Position
	last := board.NoCell
	for k, m := range moves {
		if m.Player != p.ToMove(starter) || p.Occupied().Has(m.Cell) {
			t.Fatalf("move %d of %s is not legal", k+1, b.FormatMoves(moves, board.Thesis, true))
		}
		if m.Player == s.Side() {
			if allowed, _ := s.Allowed(p, last); !allowed.Has(m.Cell) {
				t.Fatalf("move %d of %s is not allowed by the strategy", k+1, b.FormatMoves(moves, board.Thesis, true))
			}
		} else {
			last = m.Cell
		}
		p = p.Play(m.Player, m.Cell)
		if w := b.Winner(p); w != board.Empty && k < len(moves)-1 {
			t.Fatalf("%s won before the end of %s", w, b.FormatMoves(moves, board.Thesis, true))
		}
	}
	if !b.Wins(p, s.Side().Other()) {
		t.Fatalf("%s: the opponent has not won", b.FormatMoves(moves, board.Thesis, true))
	}
	t.Logf("%s on %v, %s starts, loses: %s\n%s", s.Side(), b, starter, b.FormatMoves(moves, board.Thesis, true), b.Picture(p, board.Bits{}))
}
