// Package testkit holds the helpers that the tests of several packages
// share: building a strategy or the hexproof binary, positions from
// thesis-form cell lists, random cells and positions, cells formatted for
// test messages, and a strategy that allows every empty cell. It imports only
// package board, so that the tests inside package strategies can use it
// too (board's own tests cannot: they would import the package under test).
package testkit

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"hexproof/board"
)

// Strategy builds a strategy with newFn (strategies.New, or New inside
// package strategies) on an m×n board of geometry geo, or fails the test.
func Strategy[S any](t testing.TB, newFn func(string, *board.Board) (S, error), name string, m, n int, geo board.Geometry) S {
	t.Helper()
	s, err := newFn(name, board.MustNew(m, n, geo))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Pick is a random cell of the non-empty set s.
func Pick(rng *rand.Rand, s board.Bits) board.Cell {
	cells := s.Cells()
	return cells[rng.IntN(len(cells))]
}

// RandomPosition has each cell red, blue or empty with equal chances, with
// at least one stone of each colour (a colouring, not necessarily reachable
// in play).
func RandomPosition(rng *rand.Rand, b *board.Board) board.Position {
	for {
		var p board.Position
		for c := board.Cell(0); int(c) < b.Cells(); c++ {
			switch rng.IntN(3) {
			case 0:
				p.Red = p.Red.With(c)
			case 1:
				p.Blue = p.Blue.With(c)
			}
		}
		if p.Red.Any() && p.Blue.Any() {
			return p
		}
	}
}

// AnyEmpty is a strategy that allows every empty cell (rule "any"): under
// `some` it asks whether its side wins the game at all; under `every` it
// loses as soon as the opponent can win. It commutes with the whole group.
type AnyEmpty struct {
	B      *board.Board
	Player board.Color
}

func (s AnyEmpty) Board() *board.Board      { return s.B }
func (s AnyEmpty) Side() board.Color        { return s.Player }
func (s AnyEmpty) Symmetries() []board.Perm { return s.B.Group() }

// Allowed allows every empty cell.
func (s AnyEmpty) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	return s.B.All().AndNot(p.Occupied()), "any"
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// Binary builds the hexproof command once per test process and returns its
// path; RemoveBinary (from TestMain) deletes it.
func Binary(t testing.TB) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "hexproof-bin-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "hexproof")
		out, err := exec.Command("go", "build", "-o", binPath, "hexproof/cmd/hexproof").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// RemoveBinary deletes what Binary built, if anything.
func RemoveBinary() {
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
}

// CellsStr formats a set of cells in thesis coordinates, for test messages.
func CellsStr(b *board.Board, s board.Bits) string {
	out := ""
	for s.Any() {
		out += b.Format(s.Pop(), board.Thesis) + " "
	}
	return out
}

// CellStr formats one cell in thesis coordinates ("none" for board.NoCell).
func CellStr(b *board.Board, c board.Cell) string {
	if c == board.NoCell {
		return "none"
	}
	return b.Format(c, board.Thesis)
}

// Played is the position after moves (every move prefixed, "B:(1,1)
// R:(2,2)"), and the last move (board.NoCell if there is none).
func Played(t testing.TB, b *board.Board, moves string) (board.Position, board.Cell) {
	t.Helper()
	toks, err := b.ParseMoves(moves)
	if err != nil {
		t.Fatal(err)
	}
	var p board.Position
	last := board.NoCell
	for _, tk := range toks {
		p, last = p.Play(tk.Player, tk.Cell), tk.Cell
	}
	return p, last
}

// Pos builds a position on b from thesis-form cell lists.
func Pos(t testing.TB, b *board.Board, red, blue [][2]int) board.Position {
	t.Helper()
	var p board.Position
	for _, c := range red {
		p.Red = p.Red.With(b.Cell(c[0], c[1]))
	}
	for _, c := range blue {
		p.Blue = p.Blue.With(b.Cell(c[0], c[1]))
	}
	return p
}

// CellSet is the set of the thesis-form cells cs.
func CellSet(b *board.Board, cs ...[2]int) board.Bits {
	var s board.Bits
	for _, c := range cs {
		s = s.With(b.Cell(c[0], c[1]))
	}
	return s
}

// EmptyOf is the set of empty cells of p.
func EmptyOf(b *board.Board, p board.Position) board.Bits { return b.All().AndNot(p.Occupied()) }

// RandomStones places k random stones, alternating colours, Blue first.
func RandomStones(rng *rand.Rand, b *board.Board, k int) board.Position {
	var p board.Position
	for i := 0; i < k; i++ {
		e := EmptyOf(b, p).Cells()
		c := e[rng.IntN(len(e))]
		if i%2 == 0 {
			p.Blue = p.Blue.With(c)
		} else {
			p.Red = p.Red.With(c)
		}
	}
	return p
}

// Golden compares got with the file at path byte for byte, or writes it
// there when update is set (a test's -update flag).
func Golden(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", filepath.Base(path), got, want)
	}
}

// Root is the module's root directory (the one holding go.mod), found
// upwards from the test's working directory (its package's directory).
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = up
	}
}

// EngineSpec is the exec: strategy spec of the example GTP engine
// examples/engines/NAME (run with python3) and its arguments.
func EngineSpec(t testing.TB, name string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatalf("python3 is needed for the example engines (make deps installs it): %v", err)
	}
	path := filepath.Join(Root(t), "examples", "engines", name)
	return strings.Join(append([]string{"exec:python3", path}, args...), " ")
}

// Handicapped is the method set of a strategy with handicap stones and
// local regions (strategies.Strategy, HandicapStones and LocalRegions),
// written out here so that testkit need not import package strategies.
type Handicapped interface {
	Board() *board.Board
	Side() board.Color
	Allowed(p board.Position, last board.Cell) (board.Bits, string)
	Symmetries() []board.Perm
	HandicapStones() []board.Cell
	Regions() []board.Bits
}

// FreeAt is s with one answer broken: to the opponent's move at cell it
// allows every empty cell (a free move) instead of its rule's answer. Its
// stones and regions are s's, so a certificate checks it by s's claims.
type FreeAt struct {
	Handicapped
	Cell board.Cell
}

// Allowed is s's answer, except after the opponent's move at Cell.
func (s FreeAt) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	if last == s.Cell {
		return s.Board().All().AndNot(p.Occupied()), "broken"
	}
	return s.Handicapped.Allowed(p, last)
}

// Long reports whether the long test cases run: HEXPROOF_LONG=1, as
// `make test-long` sets. `make test` (what CI runs) leaves them out so that
// the suite keeps a margin under its time limit on a loaded 2-core
// machine; each long case extends a shorter one that always runs to
// bigger boards.
func Long() bool { return os.Getenv("HEXPROOF_LONG") == "1" }
