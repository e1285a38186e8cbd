package verify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify/game"
)

// checkCertificate walks every game of the certificate c (plainly: no table,
// no symmetry) against every opponent and checks that it is a tie-breaking of
// s: at each of its turns it has an answer, and that answer is among the moves
// s allows there after the opponent's last move. It also checks that every
// answer of c is reached (the construction writes no stray positions) and
// that c wins every game. It returns the number of strategy turns walked.
func checkCertificate(t *testing.T, name string, s strategies.Strategy, c *strategies.Certificate, starter board.Color) int {
	t.Helper()
	b := s.Board()
	r := game.NewRules(s, false)
	reached := map[strategies.AfterMove]bool{} // the strategy's turns, with the last move
	turns := 0
	var walk func(p board.Position, toMove board.Color, last board.Cell) bool
	walk = func(p board.Position, toMove board.Color, last board.Cell) bool {
		if toMove == s.Side() {
			turns++
			ans, rule := c.Allowed(p, last)
			if ans.Count() != 1 {
				t.Errorf("%s: no certificate answer (%s) after %d plies", name, rule, p.Plies())
				return false
			}
			mv := ans.First()
			reached[strategies.AfterMove{P: p, Last: last}] = true
			if allowed, _ := s.Allowed(p, last); !allowed.Has(mv) {
				t.Errorf("%s: the certificate plays %s where the strategy allows %v", name, b.Format(mv, board.Thesis), cellList(b, allowed))
				return false
			}
			q, o := r.Place(p, toMove, mv)
			switch o {
			case game.Won:
				return true
			case game.Drawn:
				t.Errorf("%s: the certificate draws", name)
				return false
			}
			return walk(q, toMove.Other(), mv)
		}
		for bs := b.All().AndNot(p.Occupied()); bs.Any(); {
			x := bs.Pop()
			q, o := r.Place(p, toMove, x)
			if o != game.Going {
				t.Errorf("%s: the opponent's move %s ends the game (%s)", name, b.Format(x, board.Thesis), o)
				return false
			}
			if !walk(q, toMove.Other(), x) {
				return false
			}
		}
		return true
	}
	walk(board.Position{}, starter, board.NoCell)
	reachedPos := map[board.Position]bool{}
	for k := range reached {
		reachedPos[k.P] = true
	}
	c.Each(func(p board.Position, last, move board.Cell) {
		if last == board.NoCell && !reachedPos[p] || last != board.NoCell && !reached[strategies.AfterMove{P: p, Last: last}] {
			t.Errorf("%s: the answer %s in a position after %d plies is never reached", name, b.Format(move, board.Thesis), p.Plies())
		}
	})
	return turns
}

// certifySome runs `some` with a certificate and, if it proves the strategy,
// checks the certificate: the plain walk above, and the ordinary verifier
// under `every` (with and without symmetry: the certificate declares none) on
// the certificate as a strategy, whose longest game must be the proof's
// length. It returns the certificate checked, if any.
func certifySome(t *testing.T, name string, s strategies.Strategy, starter board.Color) *strategies.Certificate {
	t.Helper()
	res := run(t, Options{Strategy: s, Name: name, Starter: starter, Choices: Some, Certificate: true})
	if res.Verdict != Optimal {
		if res.Certificate != nil || res.CertificateErr != nil {
			t.Errorf("%s: a certificate for a %s verdict", name, res.Verdict)
		}
		return nil
	}
	if res.CertificateErr != nil {
		t.Errorf("%s: optimal, but %v", name, res.CertificateErr)
		return nil
	}
	c := res.Certificate
	if c.Side() != s.Side() || c.Starter() != starter || c.Board() != s.Board() {
		t.Errorf("%s: certificate for %s, %s starts", name, c.Side(), c.Starter())
	}
	checkCertificate(t, name, s, c, starter)
	// Through the file format, as `verify --strategy certificate:FILE` reads it.
	back := fileRoundTrip(t, name, c)
	for _, nosym := range []bool{false, true} {
		v := run(t, Options{Strategy: back, Name: "certificate", Starter: starter, Choices: Every, NoSymmetry: nosym})
		if v.Verdict != Optimal {
			t.Errorf("%s: the certificate is %s under every (%s)", name, v.Verdict, v.Detail)
		}
		// Each of its moves is proven by the proof's length, which no
		// completion of the strategy's rules beats.
		if v.LongestGame != res.LongestGame {
			t.Errorf("%s: the certificate's longest game is %d plies, the proof's length %d", name, v.LongestGame, res.LongestGame)
		}
	}
	return c
}

func fileRoundTrip(t *testing.T, name string, c *strategies.Certificate) *strategies.Certificate {
	t.Helper()
	raw, err := json.Marshal(c.File())
	if err != nil {
		t.Fatal(err)
	}
	back, err := strategies.ParseCertificate(raw, c.Board())
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return back
}

// TestSomeCertificate: on every board of at most 9 cells (all geometries),
// for every registered strategy and the test strategies, both starters,
// whenever `some` proves the strategy its certificate is a tie-breaking of it
// that the ordinary verifier proves optimal. Some of these proofs need
// answers per last move (hht on 3×3, for one: its answer depends on Blue's
// last stone).
func TestSomeCertificate(t *testing.T) {
	checked, split := 0, 0
	for _, b := range boardsWithCells(1, 9) {
		for _, ns := range testStrategies(b) {
			for _, st := range []board.Color{board.Red, board.Blue} {
				if c := certifySome(t, fmt.Sprintf("%s/%s/%s-starts", b, ns.name, st), ns.s, st); c != nil {
					checked++
					if c.LenAfter() > 0 {
						split++
					}
				}
			}
		}
	}
	if checked < 400 {
		t.Errorf("only %d certificates checked", checked)
	}
	if split == 0 {
		t.Errorf("no certificate answers a position per last move")
	}
	t.Logf("%d certificates checked, %d with answers per last move", checked, split)
}

// TestSomeCertificateRegistry10To12: the registered strategies (and every
// reading of fitzgerald and fitzgerald-rules, where they apply) on boards of
// 10 to 12 cells.
func TestSomeCertificateRegistry10To12(t *testing.T) {
	if testing.Short() {
		t.Skip("boards of 10-12 cells")
	}
	checked := 0
	for _, b := range boardsWithCells(10, 12) {
		for _, ns := range registryReadings(t, b) {
			for _, st := range []board.Color{board.Red, board.Blue} {
				if certifySome(t, fmt.Sprintf("%s/%s/%s-starts", b, ns.name, st), ns.s, st) != nil {
					checked++
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d certificates checked", checked)
	}
	t.Logf("%d certificates checked", checked)
}

// registryReadings is every registered strategy that applies to b, with each
// option varied alone from its defaults.
func registryReadings(t *testing.T, b *board.Board) []namedStrategy {
	var out []namedStrategy
	for _, info := range strategies.All() {
		if info.Applies(b.M, b.N, b.Geo) != nil {
			continue
		}
		specs := []string{info.Name}
		for _, op := range info.Options {
			for _, v := range op.Values[1:] {
				specs = append(specs, fmt.Sprintf("%s:%s=%s", info.Name, op.Key, v))
			}
		}
		for _, spec := range specs {
			s, err := strategies.New(spec, b)
			if errors.Is(err, strategies.ErrNoPerfectPlay) {
				// fitzgerald:knowledge=solve needs package verify/solve,
				// which imports this one; its tests are there.
				continue
			}
			if err != nil {
				t.Fatalf("%s on %s: %v", spec, b, err)
			}
			out = append(out, namedStrategy{spec, s})
		}
	}
	return out
}

// TestSomeCertificate5x4: fitzgerald-rules and vandenbroek on 5×4 are optimal
// under `some` with either starter (docs/results.md; vandenbroek is refuted
// under `every`), and their certificates are tie-breakings of them that
// `every` proves optimal. vandenbroek's need answers per last move.
func TestSomeCertificate5x4(t *testing.T) {
	b := board.MustNew(5, 4, board.Cylinder)
	for _, spec := range []string{"fitzgerald-rules", "vandenbroek"} {
		s, err := strategies.New(spec, b)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range []board.Color{board.Red, board.Blue} {
			if testing.Short() && st == board.Blue {
				continue // a few seconds
			}
			c := certifySome(t, "5x4 "+spec+" "+st.String(), s, st)
			switch {
			case c == nil:
				t.Errorf("%s on 5x4 with %s starting: no certificate", spec, st)
			case spec == "vandenbroek" && c.LenAfter() == 0:
				t.Errorf("vandenbroek on 5x4 with %s starting: no answer per last move", st)
			}
		}
	}
}

// TestSomeCertificateSecondWalk: where the strategy's allowed sets in a
// position depend on the last move but share a winning move (overlapParity),
// the construction finds it by walking again, and the position gets one
// answer.
func TestSomeCertificateSecondWalk(t *testing.T) {
	redone := 0
	for _, b := range boardsWithCells(2, 9) {
		for _, st := range []board.Color{board.Red, board.Blue} {
			o := overlapParity{anyEmpty{B: b, Player: board.Red}}
			if certifySome(t, fmt.Sprintf("%s/overlap-parity/%s-starts", b, st), o, st) == nil {
				continue
			}
			if c, walks := certWalks(t, o, st); walks > 1 && c.LenAfter() == 0 {
				redone++
			}
		}
	}
	if redone == 0 {
		t.Errorf("no board where overlap-parity's certificate needed a second walk and no answer per last move")
	}
	t.Logf("%d certificates found by a second walk", redone)
}

// overlapParity allows the lowest and the highest empty cell after a move on
// an even cell, the second lowest and the highest after one on an odd cell:
// the sets depend on the last move and share the highest cell.
type overlapParity struct{ anyEmpty }

func (s overlapParity) Symmetries() []board.Perm { return s.B.Identity() }

func (s overlapParity) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	cs := s.B.All().AndNot(p.Occupied()).Cells()
	lo := cs[0]
	if last != board.NoCell && last%2 == 1 && len(cs) > 1 {
		lo = cs[1]
	}
	return board.Bit(lo).With(cs[len(cs)-1]), "overlap"
}

// certWalks is the certificate of s and the number of walks its construction
// needed.
func certWalks(t *testing.T, s strategies.Strategy, st board.Color) (*strategies.Certificate, int) {
	t.Helper()
	e := newEngine(Options{Strategy: s, Name: "walks", Starter: st, Choices: Some})
	x := e.newSomeSearch(context.Background())
	if err := x.run(); err != nil || e.res.Verdict != Optimal {
		t.Fatalf("some: %v %s", err, e.res.Verdict)
	}
	c := x.newCertBuilder(e.res.LongestGame)
	cert, err := c.build()
	if err != nil {
		t.Fatal(err)
	}
	return cert, int(c.walk)
}

// cellList formats a set of cells in thesis notation, for test messages.
func cellList(b *board.Board, s board.Bits) string {
	var out []string
	for s.Any() {
		out = append(out, b.Format(s.Pop(), board.Thesis))
	}
	return strings.Join(out, " ")
}
