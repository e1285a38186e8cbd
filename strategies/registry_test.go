package strategies

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
)

// TestRegistryEntries checks that every registered strategy is complete, builds
// on a board it applies to, and reports the side it was registered with.
func TestRegistryEntries(t *testing.T) {
	all := All()
	if len(all) == 0 {
		t.Fatal("no strategies registered")
	}
	for _, info := range all {
		if info.Name == "" || info.Seed == "" || info.Description == "" || info.Applies == nil || info.Build == nil {
			t.Errorf("%q: incomplete registration %+v", info.Name, info)
			continue
		}
		if strings.Contains(info.Description, "\n") {
			t.Errorf("%s: description must be one line", info.Name)
		}
		got, err := Lookup(info.Name)
		if err != nil || got.Name != info.Name {
			t.Errorf("Lookup(%q) = %v, %v", info.Name, got.Name, err)
		}
		built := 0
		for _, bd := range stBoards {
			if info.Applies(bd.m, bd.n, bd.geo) != nil {
				continue
			}
			b := board.MustNew(bd.m, bd.n, bd.geo)
			s, err := info.Build(b)
			if err != nil {
				t.Errorf("%s on %v: Applies accepted it but Build failed: %v", info.Name, b, err)
				continue
			}
			built++
			if s.Side() != info.Side || s.Board() != b {
				t.Errorf("%s on %v: Side()=%v Board()=%v, registered side %v", info.Name, b, s.Side(), s.Board(), info.Side)
			}
		}
		if built == 0 {
			t.Logf("%s applies to none of the test boards", info.Name)
		}
	}
	if _, err := Lookup("no-such-strategy"); err == nil || !strings.Contains(err.Error(), "mirror") {
		t.Errorf("Lookup of an unknown name: %v (want an error listing the known names)", err)
	}
}

// TestAppliesErrors: a strategy asked for on a board it is not defined on is a
// clear error from Applies, which New passes on (the CLI turns it into exit 2).
func TestAppliesErrors(t *testing.T) {
	cases := []struct {
		name string
		m, n int
		geo  board.Geometry
		want string // a word the error must contain
	}{
		{"mirror", 5, 3, board.Cylinder, "odd"},
		{"mirror", 3, 3, board.Torus, "odd"},
		{"mirror", 4, 3, board.Flat, "cylinder"},
		{"gardner", 3, 3, board.Cylinder, "m > n"},
		{"gardner", 3, 4, board.Flat, "m > n"},
		{"gardner-blue", 4, 3, board.Flat, "m < n"},
		{"gardner-blue", 4, 4, board.Cylinder, "m < n"},
		{"hht", 3, 4, board.Flat, "cylinder"},
		{"hht-strict", 3, 4, board.Flat, "torus"},
	}
	for _, c := range cases {
		b := board.MustNew(c.m, c.n, c.geo)
		_, err := New(c.name, b)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%s, %v) error = %v, want one mentioning %q", c.name, b, err, c.want)
		}
	}
	for _, c := range []struct {
		name string
		m, n int
		geo  board.Geometry
	}{
		{"mirror", 4, 3, board.Cylinder}, {"mirror", 4, 3, board.Torus}, {"mirror", 2, 5, board.Cylinder},
		{"gardner", 4, 3, board.Flat}, {"gardner", 4, 3, board.Cylinder}, {"gardner", 5, 3, board.Torus},
		{"gardner-blue", 3, 4, board.Flat}, {"gardner-blue", 5, 6, board.Cylinder},
		{"hht", 3, 5, board.Cylinder}, {"hht", 5, 5, board.Cylinder}, {"hht-strict", 1, 1, board.Cylinder}, {"hht", 3, 4, board.Torus},
	} {
		if _, err := New(c.name, board.MustNew(c.m, c.n, c.geo)); err != nil {
			t.Errorf("New(%s, %dx%d %v): %v", c.name, c.m, c.n, c.geo, err)
		}
	}
}

type stBoard struct {
	m, n int
	geo  board.Geometry
}

// stBoards are the small boards the registry-wide tests run on: every
// geometry, odd and even m, m < n, m = n, m > n, and the degenerate m ≤ 2.
var stBoards = func() []stBoard {
	var out []stBoard
	for _, geo := range []board.Geometry{board.Cylinder, board.Flat, board.Torus} {
		for _, mn := range [][2]int{{1, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 2}, {4, 3}, {5, 3}, {5, 4}, {4, 5}, {6, 4}, {5, 6}, {5, 7}, {7, 4}, {4, 4}, {5, 5}} {
			out = append(out, stBoard{mn[0], mn[1], geo})
		}
	}
	return out
}()

// checkAnswer returns an error unless allowed is a non-empty set of empty cells.
func checkAnswer(b *board.Board, p board.Position, allowed board.Bits) error {
	if allowed.Empty() {
		return fmt.Errorf("empty answer with %d empty cells", b.Cells()-p.Plies())
	}
	if bad := allowed.And(p.Occupied()); bad.Any() {
		return fmt.Errorf("answer holds occupied cell %s", b.Format(bad.First(), board.Thesis))
	}
	if bad := allowed.AndNot(b.All()); bad.Any() {
		return fmt.Errorf("answer holds a cell off the board (index %d)", bad.First())
	}
	return nil
}

// stLossSearch is a plain exhaustive search, independent of the verifier: no
// transposition table, no symmetry. It plays every opponent move and every move
// the strategy allows ("every" semantics, docs/design.md §4) and returns the first game in
// depth-first order that the strategy loses, or nil if it wins them all. nodes
// counts the positions visited.
type stLossSearch struct {
	t     *testing.T
	s     Strategy
	nodes int
}

func (ls *stLossSearch) run(starter board.Color) []board.Move {
	return ls.rec(board.Position{}, starter, board.NoCell, nil)
}

func (ls *stLossSearch) rec(p board.Position, toMove board.Color, last board.Cell, moves []board.Move) []board.Move {
	ls.nodes++
	b, side := ls.s.Board(), ls.s.Side()
	if p.Plies() == b.Cells() {
		ls.t.Fatalf("board full without a winner after %s", b.FormatMoves(moves, board.Thesis, true))
	}
	if toMove == side {
		allowed, rule := ls.s.Allowed(p, last)
		if err := checkAnswer(b, p, allowed); err != nil {
			ls.t.Fatalf("strategy error after %s: %v", b.FormatMoves(moves, board.Thesis, true), err)
		}
		for xs := allowed; xs.Any(); {
			x := xs.Pop()
			q := p.Play(side, x)
			if b.Wins(q, side) {
				continue
			}
			if loss := ls.rec(q, side.Other(), board.NoCell, append(moves[:len(moves):len(moves)], board.Move{Player: side, Cell: x, Rule: rule})); loss != nil {
				return loss
			}
		}
		return nil
	}
	opp := side.Other()
	for ys := b.All().AndNot(p.Occupied()); ys.Any(); {
		y := ys.Pop()
		q := p.Play(opp, y)
		mv := append(moves[:len(moves):len(moves)], board.Move{Player: opp, Cell: y})
		if b.Wins(q, opp) {
			return mv
		}
		if loss := ls.rec(q, side, y, mv); loss != nil {
			return loss
		}
	}
	return nil
}

// stRandomPositions returns positions from random games with the strategy's side
// to move, with the opponent's last move, for allocation checks and benchmarks.
func stRandomPositions(s Strategy, count int, seed uint64) ([]board.Position, []board.Cell) {
	b, side := s.Board(), s.Side()
	rng := stRand(seed)
	var ps []board.Position
	var lasts []board.Cell
	for len(ps) < count {
		var p board.Position
		last := board.NoCell
		starter := board.Red
		if rng.IntN(2) == 1 {
			starter = board.Blue
		}
		for p.Plies() < b.Cells() && b.Winner(p) == board.Empty && len(ps) < count {
			who := p.ToMove(starter)
			if who == side {
				ps, lasts = append(ps, p), append(lasts, last)
				allowed, _ := s.Allowed(p, last)
				if allowed.Empty() || allowed.And(p.Occupied()).Any() {
					break
				}
				p = p.Play(side, testkit.Pick(rng, allowed))
				continue
			}
			last = testkit.Pick(rng, b.All().AndNot(p.Occupied()))
			p = p.Play(who, last)
		}
	}
	return ps, lasts
}

// TestAllowedDoesNotAllocate: the Strategy contract says Allowed must not
// allocate (the verifier calls it billions of times). Enforced for the
// strategies of this package's pairing and HHT files, reported for the others.
func TestAllowedDoesNotAllocate(t *testing.T) {
	strict := map[string]bool{"mirror": true, "gardner": true, "gardner-blue": true, "hht": true, "hht-strict": true}
	for _, info := range All() {
		for _, bd := range []stBoard{{4, 3, board.Cylinder}, {5, 4, board.Cylinder}, {3, 5, board.Cylinder}, {6, 5, board.Torus}} {
			if info.Applies(bd.m, bd.n, bd.geo) != nil {
				continue
			}
			s, err := info.Build(board.MustNew(bd.m, bd.n, bd.geo))
			if err != nil {
				t.Fatal(err)
			}
			ps, lasts := stRandomPositions(s, 50, 7)
			k := 0
			allocs := testing.AllocsPerRun(200, func() {
				s.Allowed(ps[k%len(ps)], lasts[k%len(ps)])
				k++
			})
			switch {
			case allocs > 0 && strict[info.Name]:
				t.Errorf("%s on %v: Allowed allocates (%.1f per call)", info.Name, s.Board(), allocs)
			case allocs > 0:
				t.Logf("%s on %v: Allowed allocates (%.1f per call)", info.Name, s.Board(), allocs)
			}
		}
	}
}

// BenchmarkAllowed measures Allowed on random reachable positions of a
// mid-sized board for each strategy that applies there.
func BenchmarkAllowed(b *testing.B) {
	for _, info := range All() {
		for _, bd := range []stBoard{{6, 5, board.Cylinder}, {5, 7, board.Cylinder}, {3, 9, board.Cylinder}} {
			if info.Applies(bd.m, bd.n, bd.geo) != nil {
				continue
			}
			s, err := info.Build(board.MustNew(bd.m, bd.n, bd.geo))
			if err != nil {
				b.Fatal(err)
			}
			ps, lasts := stRandomPositions(s, 256, 11)
			b.Run(fmt.Sprintf("%s/%dx%d", info.Name, bd.m, bd.n), func(b *testing.B) {
				b.ReportAllocs()
				for k := 0; b.Loop(); k++ {
					s.Allowed(ps[k%len(ps)], lasts[k%len(ps)])
				}
			})
		}
	}
}

func stRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

// TestParseSpec: options after the name, defaults for the rest, and typed
// errors that list the valid choices.
func TestParseSpec(t *testing.T) {
	info, o, err := ParseSpec("fitzgerald:area=off,skip=4")
	if err != nil || info.Name != "fitzgerald" {
		t.Fatalf("ParseSpec: %v, %v", info.Name, err)
	}
	want := Defaults(FitzgeraldOptions)
	want["area"], want["skip"] = "off", "4"
	if fmt.Sprint(o) != fmt.Sprint(want) {
		t.Errorf("options %v, want %v", o, want)
	}
	if _, o, _ := ParseSpec("mirror"); len(o) != 0 {
		t.Errorf("mirror has options %v", o)
	}
	for spec, what := range map[string]string{
		"nosuch:a=b":               "strategy",
		"fitzgerald:nosuch=1":      "option",
		"fitzgerald:area=square":   "value",
		"fitzgerald:area":          "value",
		"fitzgerald:":              "option",
		"fitzgerald:area=off,":     "option",
		"fitzgerald:skip=4,skip=4": "value",
		"mirror:a=b":               "option",
	} {
		_, _, err := ParseSpec(spec)
		var se *SpecError
		if !errors.As(err, &se) || se.What != what {
			t.Errorf("ParseSpec(%q) = %v, want a SpecError about the %s", spec, err, what)
		}
	}
	// Options change the strategy: rule 7's area at App. A.1.1 game 2 ply 8
	// is covered by TestFitzgeraldReadingsAgreement; here New builds each.
	b := board.MustNew(5, 4, board.Cylinder)
	for _, op := range FitzgeraldOptions {
		for _, v := range op.Values {
			_, err := New("fitzgerald:"+op.Key+"="+v, b)
			if op.Key == "knowledge" && v == "solve" {
				// The solver registers from package verify/solve, which
				// this package's tests do not link (verify/solve tests it).
				if !errors.Is(err, ErrNoPerfectPlay) {
					t.Errorf("New(fitzgerald:knowledge=solve) without a solver: %v, want an error saying it needs the solver", err)
				}
				continue
			}
			if err != nil {
				t.Errorf("New(fitzgerald:%s=%s): %v", op.Key, v, err)
			}
		}
	}
}

// FuzzParseSpec: no input panics; an accepted spec names a registered
// strategy and sets exactly its options, each to one of its values.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"fitzgerald", "fitzgerald:area=off,skip=4", "mirror:x", "fitzgerald:=,", ":", "fitzgerald-rules:rule6c=union"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		info, o, err := ParseSpec(spec)
		if err != nil {
			return
		}
		if _, ok := registry[info.Name]; !ok || len(o) != len(info.Options) {
			t.Fatalf("%q: accepted as %q with options %v", spec, info.Name, o)
		}
		for _, op := range info.Options {
			if !slices.Contains(op.Values, o[op.Key]) {
				t.Fatalf("%q: option %s = %q", spec, op.Key, o[op.Key])
			}
		}
	})
}
