package verify

import (
	"fmt"
	"slices"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
)

// TestSomeCertificatePrefer: a `some` certificate built with a preferred
// strategy (Options.Prefer) leaves that strategy's move only where it loses.
// On every board of 4–8 cells (all geometries), both starters, any-red and
// near-red under `some` with lowest-red preferred, whenever `some` proves the
// strategy: the certificate is still proven optimal under `every`, within
// the rules; it plays the preferred move wherever that move keeps the win
// (checked at every position of the certificate's games); and at each
// departure the preferred move is refuted and the listed winning moves are
// exactly the allowed moves proven optimal, each by its own `some` run from
// the position (independently of the certificate's search).
func TestSomeCertificatePrefer(t *testing.T) {
	var proofs, departures, overlays int
	for _, b := range boardsWithCells(4, 8) {
		low := lowestEmpty{anyEmpty{B: b, Player: board.Red}}
		for _, ns := range testStrategies(b)[:4] {
			if ns.s.Side() != board.Red || ns.name == "lowest-red" {
				continue
			}
			for _, starter := range []board.Color{board.Red, board.Blue} {
				name := fmt.Sprintf("%s/%s/%s-starts", b, ns.name, starter)
				res := run(t, Options{Strategy: ns.s, Name: ns.name, Starter: starter, Choices: Some, Certificate: true, Prefer: low})
				if res.Verdict != Optimal {
					continue
				}
				if res.CertificateErr != nil {
					t.Fatalf("%s: %v", name, res.CertificateErr)
				}
				proofs++
				within, err := strategies.NewWithin(fileRoundTrip(t, name, res.Certificate), ns.s, ns.name)
				if err != nil {
					t.Fatal(err)
				}
				if v := run(t, Options{Strategy: within, Name: "certificate", Starter: starter, Choices: Every}); v.Verdict != Optimal {
					t.Errorf("%s: the certificate is %s under every within the rules (%s)", name, v.Verdict, v.Detail)
				}
				dep := map[strategies.AfterMove]Departure{}
				for _, d := range res.Departures {
					departures++
					p, last := replayMoves(d.Moves)
					dep[strategies.AfterMove{P: p, Last: last}] = d
					checkDeparture(t, name, ns, starter, d)
				}
				// Wherever the certificate plays another move than the
				// preferred one, either that position is a departure or
				// the preferred move wins too (an answer shared by several
				// last moves): a walk of the certificate's games.
				// The overlay (Result.Overlay) answers as the certificate
				// at every position of its games, and is proven optimal
				// under every, within the rules, on its own.
				if res.Overlay == nil {
					t.Fatalf("%s: no overlay", name)
				}
				overlays++
				ow, err := strategies.NewWithin(res.Overlay, ns.s, ns.name)
				if err != nil {
					t.Fatal(err)
				}
				if v := run(t, Options{Strategy: ow, Name: "overlay", Starter: starter, Choices: Every}); v.Verdict != Optimal {
					t.Errorf("%s: the overlay is %s under every within the rules (%s)", name, v.Verdict, v.Detail)
				}
				// The overlay alone (one walk, no certificate) is optimal
				// too, with the same verdict and figures of the search.
				alone := run(t, Options{Strategy: ns.s, Name: ns.name, Starter: starter, Choices: Some, Overlay: true, Prefer: low})
				if alone.Overlay == nil || alone.Certificate != nil || alone.CertificateErr != nil || alone.Positions != res.Positions {
					t.Fatalf("%s: the overlay alone: %v, certificate %v (%v), %d positions against %d", name, alone.Overlay, alone.Certificate, alone.CertificateErr, alone.Positions, res.Positions)
				}
				aw, err := strategies.NewWithin(alone.Overlay, ns.s, ns.name)
				if err != nil {
					t.Fatal(err)
				}
				if v := run(t, Options{Strategy: aw, Name: "overlay", Starter: starter, Choices: Every}); v.Verdict != Optimal {
					t.Errorf("%s: the overlay of one walk is %s under every within the rules (%s)", name, v.Verdict, v.Detail)
				}
				walkCertificate(t, res.Certificate, starter, func(moves []board.Move, p board.Position, last, move board.Cell) {
					if a, _ := res.Overlay.Allowed(p, last); a != board.Bit(move) {
						t.Errorf("%s: after %s the overlay answers %s, the certificate %s", name, gameString(b, moves), cellList(b, a), b.Format(move, board.Thesis))
					}
				})
				walkCertificate(t, res.Certificate, starter, func(moves []board.Move, p board.Position, last, move board.Cell) {
					pm, _ := low.Allowed(p, last)
					if pm.First() == move {
						return
					}
					if _, ok := dep[strategies.AfterMove{P: p, Last: last}]; ok {
						return
					}
					if ns.name == "any-red" {
						// Every cell allowed after every last move, and
						// lowest-red ignores the last move: the preferred
						// move is taken wherever it wins, so it loses here.
						t.Errorf("%s: after %s the certificate leaves the preferred %s for %s, unlisted", name, gameString(b, moves), b.Format(pm.First(), board.Thesis), b.Format(move, board.Thesis))
						return
					}
					if allowed, _ := ns.s.Allowed(p, last); !allowed.Has(pm.First()) || !preferredWins(t, ns, starter, moves, pm.First()) {
						t.Errorf("%s: after %s the certificate leaves the preferred %s, which loses, for %s, unlisted", name, gameString(b, moves), b.Format(pm.First(), board.Thesis), b.Format(move, board.Thesis))
					}
				})
			}
		}
	}
	t.Logf("%d proofs, %d departures, %d overlays checked", proofs, departures, overlays)
	if proofs < 50 || departures < 50 {
		t.Errorf("too few cases: %d proofs, %d departures", proofs, departures)
	}
}

func replayMoves(ms []board.Move) (board.Position, board.Cell) {
	var p board.Position
	last := board.NoCell
	for _, m := range ms {
		p, last = p.Play(m.Player, m.Cell), m.Cell
	}
	return p, last
}

// checkDeparture: the preferred move is refuted, and the winning moves are
// the allowed moves after which `some` is optimal.
func checkDeparture(t *testing.T, name string, ns namedStrategy, starter board.Color, d Departure) {
	t.Helper()
	b := ns.s.Board()
	p, last := replayMoves(d.Moves)
	allowed, _ := ns.s.Allowed(p, last)
	if !slices.Equal(allowed.Cells(), d.RuleAllowed) || d.OutsideRules != !allowed.Has(d.Preferred.Cell) {
		t.Fatalf("%s: a departure's allowed moves are wrong", name)
	}
	var winning []board.Cell
	for a := allowed; a.Any(); {
		x := a.Pop()
		if preferredWins(t, ns, starter, d.Moves, x) {
			winning = append(winning, x)
		}
	}
	if !slices.Equal(winning, d.Winning) || !slices.Contains(winning, d.Move) || slices.Contains(winning, d.Preferred.Cell) {
		t.Errorf("%s: at %s the winning moves are %v, the departure says %v (preferred %s, played %s)", name,
			gameString(b, d.Moves), winning, d.Winning, b.Format(d.Preferred.Cell, board.Thesis), b.Format(d.Move, board.Thesis))
	}
}

// preferredWins: after the game moves and then the strategy's move x,
// `some` is optimal (or x wins at once), by a search of its own.
func preferredWins(t *testing.T, ns namedStrategy, starter board.Color, moves []board.Move, x board.Cell) bool {
	t.Helper()
	b := ns.s.Board()
	p, _ := replayMoves(moves)
	q := p.Play(ns.s.Side(), x)
	if b.Wins(q, ns.s.Side()) {
		return true
	}
	if q.Occupied() == b.All() {
		return false
	}
	cells := append(cellsOf(moves), x)
	opt := Options{Strategy: ns.s, Name: ns.name, Starter: starter, Choices: Some}
	g, err := StartGame(opt, cells)
	if err != nil {
		t.Fatalf("%s: a start game %v: %v", ns.name, cells, err)
	}
	opt.Starts = []board.Game{g}
	return run(t, opt).Verdict == Optimal
}

// walkCertificate calls f at every position of the certificate's games (all
// opponent moves, its answers), with the game so far.
func walkCertificate(t *testing.T, c *strategies.Certificate, starter board.Color, f func(moves []board.Move, p board.Position, last, move board.Cell)) {
	t.Helper()
	b, me := c.Board(), c.Side()
	var moves []board.Move
	var walk func(p board.Position, last board.Cell)
	walk = func(p board.Position, last board.Cell) {
		if p.ToMove(starter) == me {
			ans, _ := c.Allowed(p, last)
			mv := ans.First()
			f(moves, p, last, mv)
			q := p.Play(me, mv)
			if b.Wins(q, me) || q.Occupied() == b.All() {
				return
			}
			moves = append(moves, board.Move{Player: me, Cell: mv})
			walk(q, mv)
			moves = moves[:len(moves)-1]
			return
		}
		for bs := b.All().AndNot(p.Occupied()); bs.Any(); {
			x := bs.Pop()
			q := p.Play(me.Other(), x)
			if b.Wins(q, me.Other()) || q.Occupied() == b.All() {
				continue
			}
			moves = append(moves, board.Move{Player: me.Other(), Cell: x})
			walk(q, x)
			moves = moves[:len(moves)-1]
		}
	}
	walk(board.Position{}, board.NoCell)
}

// panicky panics wherever the board holds a multiple of three stones and
// plays S elsewhere: a preferred strategy with a bug.
type panicky struct{ strategies.Strategy }

func (s panicky) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	if p.Occupied().Count()%3 == 0 {
		panic("a bug in the preferred strategy")
	}
	return s.Strategy.Allowed(p, last)
}

// TestPreferPanics: a preferred strategy that panics costs the search its
// order there, never the run or the answer. On every board of 4–7 cells,
// both starters, the Red strategies of testStrategies under `some` with a
// certificate and a panicking preference: the verdict and longest game are
// those without a preference, and a certificate is proven under `every`
// within the rules.
func TestPreferPanics(t *testing.T) {
	var cases int
	for _, b := range boardsWithCells(4, 7) {
		pref := panicky{lowestEmpty{anyEmpty{B: b, Player: board.Red}}}
		for _, ns := range testStrategies(b)[:4] {
			if ns.s.Side() != board.Red {
				continue
			}
			for _, starter := range []board.Color{board.Red, board.Blue} {
				name := fmt.Sprintf("%s/%s/%s-starts", b, ns.name, starter)
				plain := run(t, Options{Strategy: ns.s, Name: ns.name, Starter: starter, Choices: Some})
				res := run(t, Options{Strategy: ns.s, Name: ns.name, Starter: starter, Choices: Some, Certificate: true, Prefer: pref})
				cases++
				if res.Verdict != plain.Verdict || res.LongestGame != plain.LongestGame {
					t.Errorf("%s: with a panicking preference %s (longest %d), without %s (longest %d)", name, res.Verdict, res.LongestGame, plain.Verdict, plain.LongestGame)
					continue
				}
				if res.Verdict != Optimal {
					continue
				}
				if res.CertificateErr != nil {
					t.Fatalf("%s: %v", name, res.CertificateErr)
				}
				within, err := strategies.NewWithin(res.Certificate, ns.s, ns.name)
				if err != nil {
					t.Fatal(err)
				}
				if v := run(t, Options{Strategy: within, Name: "certificate", Starter: starter, Choices: Every}); v.Verdict != Optimal {
					t.Errorf("%s: the certificate is %s under every within the rules (%s)", name, v.Verdict, v.Detail)
				}
			}
		}
	}
	if cases < 20 {
		t.Errorf("too few cases: %d", cases)
	}
}
