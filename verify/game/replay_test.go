package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/strategies"
)

func stReplay(t *testing.T, s strategies.Strategy, starter board.Color, moves string, first bool) (*Replayed, error) {
	t.Helper()
	toks, err := s.Board().ParseMoves(moves)
	if err != nil {
		t.Fatal(err)
	}
	return Replay(s, starter, toks, first)
}

func stMoves(r *Replayed) string {
	var parts []string
	for _, m := range r.Game.Moves {
		s := r.Game.Board.FormatMoves([]board.Move{m}, board.Thesis, true)
		if m.Rule != "" {
			s += "/" + m.Rule
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// TestReplayOpponentOnly: the strategy's answers are played between the listed
// opponent moves, also after the last one, each with its rule.
func TestReplayOpponentOnly(t *testing.T) {
	s := testkit.Strategy(t, strategies.New, "mirror", 4, 3, board.Cylinder)
	for _, list := range []string{"(1,1) (2,2) (1,3)", "B:a1 B:(2,2) B:a3"} {
		r, err := stReplay(t, s, board.Blue, list, false)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := stMoves(r), "B:(1,1) R:(3,1)/1 B:(2,2) R:(4,2)/1 B:(1,3) R:(3,3)/1"; got != want {
			t.Errorf("%q: got %s, want %s", list, got, want)
		}
		if r.Whole || len(r.Turns) != 3 || r.Turns[1].Index != 3 || r.Turns[1].Answer != s.Board().Cell(4, 2) || r.Agreeing() != 3 {
			t.Errorf("%q: turns %+v", list, r.Turns)
		}
	}
	// Red opens: rule I allows every cell; with firstChoice the first in cell order.
	r, err := stReplay(t, s, board.Red, "(3,1)", true)
	if err != nil {
		t.Fatal(err)
	}
	// Blue took (3,1), the partner of Red's (1,1): rule 2, first empty cell (2,1).
	if got, want := stMoves(r), "R:(1,1)/I B:(3,1) R:(2,1)/2"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// Without firstChoice the replay refuses to choose for the strategy.
	if _, err := stReplay(t, s, board.Red, "(3,1)", false); !errors.Is(err, ErrSeveralChoices) {
		t.Errorf("several choices without firstChoice: err = %v", err)
	}
	// Opponent's moves all prefixed with the opponent's letter: the same as none.
	r, err = stReplay(t, s, board.Blue, "B:(1,1) B:(2,1)", true)
	if err != nil || r.Whole || stMoves(r) != "B:(1,1) R:(3,1)/1 B:(2,1) R:(4,1)/1" {
		t.Errorf("got %s, %v", stMoves(r), err)
	}
	// The game stops at a win; the strategy's winning answer ends it.
	s2 := testkit.Strategy(t, strategies.New, "mirror", 4, 2, board.Cylinder)
	r, err = stReplay(t, s2, board.Blue, "(1,1) (1,2)", false)
	if err != nil {
		t.Fatal(err)
	}
	if r.Game.Winner != board.Red || len(r.Game.Moves) != 4 {
		t.Errorf("got %s, winner %v; want Red to win with (3,2)", stMoves(r), r.Game.Winner)
	}
}

// TestReplayWholeGame: a listed game is followed, and each of the strategy's
// turns records its own answer, rule, allowed set and agreement.
func TestReplayWholeGame(t *testing.T) {
	s := testkit.Strategy(t, strategies.New, "mirror", 4, 3, board.Cylinder)
	b := s.Board()
	r, err := stReplay(t, s, board.Blue, "B:(1,1) R:(3,1) B:(2,2) R:(1,2) B:(4,1)", true)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Whole || len(r.Turns) != 2 || len(r.Game.Moves) != 5 {
		t.Fatalf("got %+v", r)
	}
	t0, t1 := r.Turns[0], r.Turns[1]
	if !t0.Agrees || t0.Answer != b.Cell(3, 1) || t0.Rule != "1" || t0.Index != 1 {
		t.Errorf("turn 1: %+v", t0)
	}
	if t1.Agrees || t1.Answer != b.Cell(4, 2) || t1.Rule != "1" || t1.Allowed != board.Bit(b.Cell(4, 2)) || t1.Index != 3 {
		t.Errorf("turn 2: %+v", t1)
	}
	if r.Game.Moves[3].Cell != b.Cell(1, 2) {
		t.Errorf("the listed move must be played, got %s", stMoves(r))
	}
	if r.Agreeing() != 1 {
		t.Errorf("agreeing = %d, want 1", r.Agreeing())
	}
	// A free choice agrees whichever allowed cell was listed.
	r, err = stReplay(t, s, board.Red, "R:(4,3) B:(2,3) R:(2,1)", true)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Turns[0].Agrees || r.Turns[0].Answer != b.Cell(1, 1) || r.Turns[0].Rule != "I" || !r.Turns[1].Agrees || r.Turns[1].Rule != "2" {
		t.Errorf("turns %+v", r.Turns)
	}
}

// TestReplayErrors: every bad move list is an error naming the token.
func TestReplayErrors(t *testing.T) {
	s := testkit.Strategy(t, strategies.New, "mirror", 4, 2, board.Cylinder)
	cases := []struct {
		starter board.Color
		moves   string
		want    string
	}{
		{board.Blue, "(1,1) (3,1)", `move 2 "(3,1)": cell (3,1) is already occupied`},
		{board.Blue, "(1,1) (1,2) (2,1)", `move 3 "(2,1)": the game already ended (red won at move 4)`},
		{board.Blue, "R:(1,1) B:(2,1)", `move 1 "R:(1,1)": it is blue's turn`},
		{board.Blue, "B:(1,1) R:(3,1) R:(2,1)", `move 3 "R:(2,1)": it is blue's turn`},
		{board.Blue, "B:(1,1) (2,1)", `move 2 "(2,1)": no player prefix`},
		{board.Blue, "B:(1,1) R:(1,1)", `move 2 "R:(1,1)": cell (1,1) is already occupied`},
	}
	for _, c := range cases {
		_, err := stReplay(t, s, c.starter, c.moves, true)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: err = %v, want %q", c.moves, err, c.want)
		}
	}
}

// stBadStrategy answers with a fixed set, to check that Replay reports strategy
// errors instead of panicking or playing an illegal move.
type stBadStrategy struct {
	b      *board.Board
	answer board.Bits
}

func (s stBadStrategy) Board() *board.Board { return s.b }
func (s stBadStrategy) Side() board.Color   { return board.Red }
func (s stBadStrategy) Allowed(board.Position, board.Cell) (board.Bits, string) {
	return s.answer, "x"
}
func (s stBadStrategy) Symmetries() []board.Perm { return s.b.Identity() }

func TestReplayStrategyErrors(t *testing.T) {
	b := board.MustNew(3, 3, board.Cylinder)
	for _, c := range []struct {
		answer board.Bits
		want   string
	}{
		{board.Bits{}, "allowed no move"},
		{board.Bit(b.Cell(2, 2)), "occupied cell (2,2)"},
		{board.Bits{Hi: 1 << 20}, "off the board"},
	} {
		for _, whole := range []string{"(2,2)", "B:(2,2) R:(1,1)"} {
			_, err := stReplay(t, stBadStrategy{b, c.answer}, board.Blue, whole, true)
			var se *StrategyFault
			if !errors.As(err, &se) || !strings.Contains(err.Error(), c.want) || len(se.Game.Moves) != 1 || !strings.Contains(err.Error(), "B:(2,2)") {
				t.Errorf("answer %v, moves %q: err = %v, want a StrategyFault after B:(2,2) mentioning %q", c.answer, whole, err, c.want)
			}
		}
	}
}

// TestReplayThesisGames replays the published games of testdata/thesis-games.json
// in whole-game mode with the strategy they name (which must be registered): the
// games must be legal and end as the thesis says. How many decisions agree is
// logged; matching them rule by rule is the business of each strategy's own
// conformance tests.
func TestReplayThesisGames(t *testing.T) {
	data, err := os.ReadFile("../../testdata/thesis-games.json")
	if err != nil {
		t.Fatal(err) // the vectors are part of the repository
	}
	var doc struct {
		Games []struct {
			Source, Board, Starter, Strategy string
			Moves                            []struct {
				Player string
				Cell   [2]int
				Rule   string
			}
		}
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	for _, g := range doc.Games {
		if _, err := strategies.Lookup(g.Strategy); err != nil {
			t.Errorf("%s: strategy %s not registered", g.Source, g.Strategy)
			continue
		}
		m, n, err := board.ParseBoardSize(g.Board)
		if err != nil {
			t.Fatal(err)
		}
		s := testkit.Strategy(t, strategies.New, g.Strategy, m, n, board.Cylinder)
		starter, err := board.ParseColor(g.Starter)
		if err != nil {
			t.Fatal(err)
		}
		var list []string
		for _, mv := range g.Moves {
			list = append(list, fmt.Sprintf("%s:(%d,%d)", strings.ToUpper(mv.Player[:1]), mv.Cell[0], mv.Cell[1]))
		}
		r, err := stReplay(t, s, starter, strings.Join(list, " "), true)
		if err != nil {
			t.Errorf("%s: %v", g.Source, err)
			continue
		}
		if !r.Whole || len(r.Game.Moves) != len(g.Moves) {
			t.Errorf("%s: replayed %d of %d moves (whole=%v)", g.Source, len(r.Game.Moves), len(g.Moves), r.Whole)
		}
		switch {
		case strings.Contains(g.Source, "lost by Red") && r.Game.Winner != board.Blue,
			strings.Contains(g.Source, "won by Red") && r.Game.Winner != board.Red:
			t.Errorf("%s: winner %v", g.Source, r.Game.Winner)
		}
		rules := 0
		for _, turn := range r.Turns {
			if want := g.Moves[turn.Index].Rule; want != "" && turn.Agrees && turn.Rule == want {
				rules++
			}
		}
		t.Logf("%s: %d of %d decisions agree, %d with the thesis's rule", g.Source, r.Agreeing(), len(r.Turns), rules)
	}
}
