package verify

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"hexproof/board"
)

// somePiece is a `some` run from the position after cells, or its error.
func somePiece(t *testing.T, ns namedStrategy, starter board.Color, cells []board.Cell, cert bool) (*Result, error) {
	t.Helper()
	opt := Options{Strategy: ns.s, Name: ns.name, Starter: starter, Choices: Some, Certificate: cert}
	g, err := StartGame(opt, cells)
	if err != nil {
		return nil, err
	}
	opt.Starts = []board.Game{g}
	res := run(t, opt)
	if !slices.Equal(cellsOf(res.Start), cells) {
		t.Fatalf("%s: the result's start is %v, not the prefix", ns.name, res.Start)
	}
	return res, nil
}

// value is a run's minimax score of the `some` game (some.go): 200 - the
// proof's length when optimal, the refutation's length when refuted; ok
// false for any other verdict.
func value(r *Result) (int, bool) {
	switch r.Verdict {
	case Optimal:
		return winBase - r.LongestGame, true
	case Refuted:
		return len(r.Counterexample.Moves), true
	}
	return 0, false
}

// TestSomeFromPrefixes checks `verify --moves` under `some` (a search from a
// start prefix) against the search from the empty board, on every board of
// 4–9 cells (all geometries), for every registered strategy and the test
// strategies, both starters. The value from the empty board must be the
// minimax of the values after the first move (the opponent's openings: the
// least; the strategy's allowed openings: the greatest), and, when the
// strategy opens, the value after each allowed opening must be the least
// over the opponent's replies after it. A refutation from the empty board
// must be the game from the first opening that realises the value, move for
// move. A proof's certificate from a prefix, read back as a strategy, must
// be proven optimal under `every` from the same prefix with the same
// longest game. So the pieces of a question split by openings combine to
// exactly the answer of the whole.
func TestSomeFromPrefixes(t *testing.T) {
	var combined, refuted, certs int
	for _, b := range boardsWithCells(4, 9) {
		for _, ns := range testStrategies(b) {
			for _, starter := range []board.Color{board.Red, board.Blue} {
				name := fmt.Sprintf("%s/%s/%s-starts", b, ns.name, starter)
				whole := run(t, Options{Strategy: ns.s, Name: ns.name, Starter: starter, Choices: Some})
				want, ok := value(whole)
				if !ok {
					continue
				}
				me := ns.s.Side()
				// piece is the value after cells, and its game if refuted.
				piece := func(cells []board.Cell, cert bool) (int, *board.Game, bool) {
					res, err := somePiece(t, ns, starter, cells, cert)
					var se *StartError
					if errors.As(err, &se) {
						return 0, nil, false // the game is over, or not by the rules
					}
					if err != nil {
						t.Fatalf("%s after %v: %v", name, cells, err)
					}
					v, ok := value(res)
					if !ok {
						t.Fatalf("%s after %v: %s (%s)", name, cells, res.Verdict, res.Detail)
					}
					if res.Verdict == Refuted && !slices.Equal(cellsOf(res.Counterexample.Moves[:len(cells)]), cells) {
						t.Fatalf("%s after %v: the counterexample does not begin with the prefix", name, cells)
					}
					if cert && res.Verdict == Optimal {
						certs++
						checkPieceCertificate(t, name, ns, starter, cells, res)
					}
					return v, res.Counterexample, true
				}
				var got int
				var game *board.Game
				empty := b.All()
				if starter == me {
					allowed, _ := ns.s.Allowed(board.Position{}, board.NoCell)
					got = -1
					for a := allowed; a.Any(); {
						r := a.Pop()
						after, _, ok := piece([]board.Cell{r}, false)
						if !ok {
							// A move that ends the game (a win at once;
							// a draw does not happen on these boards).
							got = max(got, winBase-1)
							continue
						}
						least, first := 1<<30, true
						for bs := empty.Without(r); bs.Any(); {
							x := bs.Pop()
							v, _, ok := piece([]board.Cell{r, x}, first)
							first = false
							if !ok {
								least = min(least, 2) // the opponent wins at once
								continue
							}
							least = min(least, v)
						}
						if after != least {
							t.Errorf("%s: after %s the value is %d, the least over the replies %d", name, b.Format(r, board.Thesis), after, least)
						}
						got = max(got, after)
					}
				} else {
					got = 1 << 30
					for bs := empty; bs.Any(); {
						x := bs.Pop()
						v, g, ok := piece([]board.Cell{x}, x == 0)
						if !ok {
							v = 1
						}
						if v < got {
							got, game = v, g
						}
					}
				}
				combined++
				if got != want {
					t.Errorf("%s: the value is %d from the empty board, %d combined from the openings", name, want, got)
					continue
				}
				if whole.Verdict == Refuted {
					refuted++
					if game != nil && gameString(b, game.Moves) != gameString(b, whole.Counterexample.Moves) {
						t.Errorf("%s: the refutation is %s, from its opening %s", name, gameString(b, whole.Counterexample.Moves), gameString(b, game.Moves))
					}
				}
			}
		}
	}
	t.Logf("%d questions combined from their openings: %d refuted; %d certificates from a prefix checked", combined, refuted, certs)
	if combined < 300 || refuted < 50 || certs < 100 {
		t.Errorf("too few cases: %d combined, %d refuted, %d certificates", combined, refuted, certs)
	}
}

// checkPieceCertificate reads a piece's certificate back as a strategy and
// verifies it under `every` from the same prefix.
func checkPieceCertificate(t *testing.T, name string, ns namedStrategy, starter board.Color, cells []board.Cell, res *Result) {
	t.Helper()
	if res.CertificateErr != nil {
		t.Fatalf("%s after %v: optimal, but %v", name, cells, res.CertificateErr)
	}
	back := fileRoundTrip(t, name, res.Certificate)
	if p := replayCells(back.Board(), starter, cells); p.ToMove(starter) == back.Side() {
		// Under every the prefix ends with the strategy's answer.
		ans, _ := back.Allowed(p, cells[len(cells)-1])
		if ans.Count() != 1 {
			t.Fatalf("%s after %v: the certificate answers %d moves", name, cells, ans.Count())
		}
		q := p.Play(back.Side(), ans.First())
		if back.Board().Wins(q, back.Side()) {
			return // won at once: nothing to verify
		}
		cells = append(slices.Clone(cells), ans.First())
	}
	opt := Options{Strategy: back, Name: "certificate", Starter: starter, Choices: Every}
	g, err := StartGame(opt, cells)
	if err != nil {
		t.Fatalf("%s after %v: the certificate does not play the prefix: %v", name, cells, err)
	}
	opt.Starts = []board.Game{g}
	v := run(t, opt)
	if v.Verdict != Optimal || v.LongestGame != res.LongestGame {
		t.Errorf("%s after %v: the certificate is %s under every, longest game %d (the proof's %d)", name, cells, v.Verdict, v.LongestGame, res.LongestGame)
	}
	for _, m := range g.Moves {
		if m.Player == ns.s.Side() && m.Rule == "" {
			t.Errorf("%s: a strategy move of the prefix without its rule", name)
		}
	}
}

func replayCells(b *board.Board, starter board.Color, cells []board.Cell) board.Position {
	var p board.Position
	for _, c := range cells {
		p = p.Play(p.ToMove(starter), c)
	}
	return p
}

// TestEveryFromOpenings checks StartGames under every and first, where a
// prefix that ends with the strategy to move is continued by its answers: on
// every board of 4–8 cells, for every registered and test strategy with the
// opponent to open, the verdict from the empty board is optimal exactly when
// it is optimal after every opening, and a refutation's length is the least
// over the openings (a win at once, which StartGames refuses, counts as a
// win; an opening that wins at once for the opponent is a loss of 1 ply).
func TestEveryFromOpenings(t *testing.T) {
	var combined, refuted int
	for _, b := range boardsWithCells(4, 8) {
		for _, ns := range testStrategies(b) {
			opp := ns.s.Side().Other()
			for _, ch := range []Choices{Every, First} {
				name := fmt.Sprintf("%s/%s/%s", b, ns.name, ch)
				whole := run(t, Options{Strategy: ns.s, Name: ns.name, Starter: opp, Choices: ch})
				if whole.Verdict != Optimal && whole.Verdict != Refuted {
					continue
				}
				optimal, least := true, 1<<30
				for bs := b.All(); bs.Any(); {
					x := bs.Pop()
					opt := Options{Strategy: ns.s, Name: ns.name, Starter: opp, Choices: ch}
					games, err := StartGames(opt, []board.Cell{x})
					var se *StartError
					switch {
					case errors.As(err, &se) && b.Wins(board.Position{}.Play(opp, x), opp):
						optimal, least = false, min(least, 1)
						continue
					case errors.As(err, &se) && strings.Contains(se.Why, "wins at once"):
						continue
					case err != nil:
						t.Fatalf("%s after %s: %v", name, b.Format(x, board.Thesis), err)
					}
					for _, g := range games {
						if len(g.Moves) != 2 || g.Moves[0].Cell != x {
							t.Fatalf("%s after %s: a start game %s", name, b.Format(x, board.Thesis), gameString(b, g.Moves))
						}
					}
					opt.Starts = games
					res := run(t, opt)
					switch res.Verdict {
					case Optimal:
					case Refuted:
						optimal, least = false, min(least, len(res.Counterexample.Moves))
					default:
						t.Fatalf("%s after %s: %s (%s)", name, b.Format(x, board.Thesis), res.Verdict, res.Detail)
					}
				}
				combined++
				if optimal != (whole.Verdict == Optimal) {
					t.Errorf("%s: %s from the empty board, optimal %v combined from the openings", name, whole.Verdict, optimal)
				}
				if whole.Verdict == Refuted {
					refuted++
					if len(whole.Counterexample.Moves) != least {
						t.Errorf("%s: refuted in %d plies, %d combined", name, len(whole.Counterexample.Moves), least)
					}
				}
			}
		}
	}
	t.Logf("%d questions combined from their openings, %d refuted", combined, refuted)
	if combined < 150 || refuted < 50 {
		t.Errorf("too few cases: %d combined, %d refuted", combined, refuted)
	}
}
