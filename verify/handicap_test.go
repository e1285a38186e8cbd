package verify

import (
	"fmt"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/strategies"
	"hexproof/verify/game"
)

// TestHandicapReducedBoards verifies App. B's handicap strategy exhaustively,
// with its stones placed before Blue's first move (Options.Handicap), on the
// first two rings of the n×n board, n = 6 … 12, and the first three of n = 6
// (and 7 with the long cases) (n columns; the handicap cells
// and first-row regions depend on n only, and Shannon's pairing of the rings
// above the first is Gardner's, which wins on them): optimal for every
// reading, and the same verdict from a plain memoised search that shares
// nothing with the engine but the game step.
func TestHandicapReducedBoards(t *testing.T) {
	sizes := []string{"6x2", "7x2", "8x2", "9x2", "10x2", "11x2", "12x2", "6x3"}
	switch {
	case testing.Short():
		sizes = []string{"6x2", "7x2", "8x2", "9x2", "6x3"}
	case testkit.Long():
		sizes = append(sizes, "7x3") // half the test's time
	}
	for _, sz := range sizes {
		for _, spec := range []string{"handicap", "handicap:second=shannon", "handicap:probe=carrier"} {
			m, n, _ := board.ParseBoardSize(sz)
			b := board.MustNew(m, n, board.Flat)
			s, err := strategies.New(spec, b)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(fmt.Sprintf("%s/%s", sz, spec), func(t *testing.T) {
				res := run(t, Options{Strategy: s, Name: spec, Starter: board.Red, Choices: Every, Jobs: 2, Handicap: true})
				if res.Verdict != Optimal {
					t.Fatalf("verdict %s (%s)", res.Verdict, res.Detail)
				}
				if m <= 9 || n == 2 {
					if ok := plainHandicapWins(s); !ok {
						t.Fatalf("the plain search finds a lost game, verify says optimal")
					}
				}
			})
		}
	}
}

// plainHandicapWins: from the handicap position, does Red win against every
// Blue play, for every choice the strategy allows?
func plainHandicapWins(s strategies.Strategy) bool {
	b := s.Board()
	r := game.NewRules(s, false)
	var p board.Position
	for _, c := range s.(strategies.HandicapStones).HandicapStones() {
		p.Red = p.Red.With(c)
	}
	memo := map[board.Position]bool{}
	var redWins func(p board.Position) bool // Blue to move
	redWins = func(p board.Position) bool {
		if v, ok := memo[p]; ok {
			return v
		}
		v := true
		for _, x := range b.All().AndNot(p.Occupied()).Cells() {
			q := p
			q.Blue = q.Blue.With(x)
			if b.Wins(q, board.Blue) {
				v = false
				break
			}
			if q.Occupied() == b.All() {
				continue // full and Blue has not won: Red has (the Hex theorem)
			}
			allowed, _, f := r.Answer(q, x)
			if f != game.NoFault {
				v = false
				break
			}
			for _, y := range allowed.Cells() {
				w := q
				w.Red = w.Red.With(y)
				if b.Wins(w, board.Red) {
					continue
				}
				if !redWins(w) {
					v = false
					break
				}
			}
			if !v {
				break
			}
		}
		memo[p] = v
		return v
	}
	return redWins(p)
}

// TestHandicapStartErrors: the handicap needs a strategy with stones, its own
// side starting, and no other start.
func TestHandicapStartErrors(t *testing.T) {
	b := board.MustNew(6, 2, board.Flat)
	hc, _ := strategies.New("handicap", b)
	g, _ := strategies.New("gardner", b)
	for _, opt := range []Options{
		{Strategy: g, Name: "gardner", Starter: board.Red, Handicap: true},
		{Strategy: hc, Name: "handicap", Starter: board.Blue, Handicap: true},
		{Strategy: hc, Name: "handicap", Starter: board.Red, Handicap: true, Starts: []board.Game{{Board: b, Starter: board.Red}}},
	} {
		if _, err := Run(t.Context(), opt); err == nil {
			t.Errorf("%s starting %s with a handicap: no error", opt.Name, opt.Starter)
		}
	}
}
