package reports

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexproof/board"
)

// sgfNode is one parsed SGF node: property name → values.
type sgfNode map[string][]string

// sgfTree is a parsed SGF game tree: a sequence of nodes and its variations.
type sgfTree struct {
	nodes []sgfNode
	vars  []*sgfTree
}

// parseSGF is a small strict SGF reader for the tests: it accepts exactly one
// game tree and fails on anything malformed.
func parseSGF(t *testing.T, s string) *sgfTree {
	t.Helper()
	k := 0
	skip := func() {
		for k < len(s) && strings.ContainsRune(" \n\r\t", rune(s[k])) {
			k++
		}
	}
	var tree func() *sgfTree
	tree = func() *sgfTree {
		skip()
		if k >= len(s) || s[k] != '(' {
			t.Fatalf("SGF: want '(' at %d", k)
		}
		k++
		tr := &sgfTree{}
		for {
			skip()
			if k >= len(s) {
				t.Fatal("SGF: unterminated tree")
			}
			switch s[k] {
			case ';':
				k++
				n := sgfNode{}
				for {
					skip()
					start := k
					for k < len(s) && s[k] >= 'A' && s[k] <= 'Z' {
						k++
					}
					if k == start {
						break
					}
					name := s[start:k]
					for skip(); k < len(s) && s[k] == '['; skip() {
						k++
						var v strings.Builder
						for k < len(s) && s[k] != ']' {
							if s[k] == '\\' {
								k++
							}
							v.WriteByte(s[k])
							k++
						}
						if k >= len(s) {
							t.Fatal("SGF: unterminated value")
						}
						k++
						n[name] = append(n[name], v.String())
					}
					if len(n[name]) == 0 {
						t.Fatalf("SGF: property %s without value", name)
					}
				}
				if len(tr.vars) > 0 {
					t.Fatal("SGF: node after a variation")
				}
				tr.nodes = append(tr.nodes, n)
			case '(':
				tr.vars = append(tr.vars, tree())
			case ')':
				k++
				return tr
			default:
				t.Fatalf("SGF: unexpected %q at %d", s[k], k)
			}
		}
	}
	tr := tree()
	skip()
	if k != len(s) {
		t.Fatalf("SGF: trailing text %q", s[k:])
	}
	return tr
}

// sgfGame reads moves back from SGF nodes: B is Red, W is Blue, letter+row.
func sgfGame(t *testing.T, b *board.Board, nodes []sgfNode) []board.Move {
	var out []board.Move
	for _, n := range nodes {
		for prop, who := range map[string]board.Color{"B": board.Red, "W": board.Blue} {
			for _, v := range n[prop] {
				c, err := b.ParseCell(v)
				if err != nil {
					t.Fatalf("SGF move %s[%s]: %v", prop, v, err)
				}
				rule := ""
				for _, cm := range n["C"] {
					for _, part := range strings.Split(cm, "; ") {
						if r, ok := strings.CutPrefix(part, "rule "); ok {
							rule = r
						}
					}
				}
				out = append(out, board.Move{Player: who, Cell: c, Rule: rule})
			}
		}
	}
	return out
}

func sameMoves(a, b []board.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

func TestSGFGolden(t *testing.T) {
	g := thesisGame(t, 0)
	out, err := SGF(g, Meta{Strategy: "fitzgerald", Side: board.Red})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "game1.sgf", out)
	tr := parseSGF(t, string(out))
	root := tr.nodes[0]
	for prop, want := range map[string]string{"FF": "4", "GM": "11", "SZ": "5:9", "GE": "cylinder", "PB": "Red: fitzgerald"} {
		if len(root[prop]) != 1 || root[prop][0] != want {
			t.Errorf("root %s = %v, want %s", prop, root[prop], want)
		}
	}
	if got := sgfGame(t, g.Board, tr.nodes[1:]); !sameMoves(got, g.Moves) {
		t.Errorf("moves read back differ:\n got %v\nwant %v", got, g.Moves)
	}
	// Square flat boards: SZ[n] and no geometry property.
	fb := board.MustNew(3, 3, board.Flat)
	out, _ = SGF(board.Game{Board: fb, Starter: board.Red, Moves: []board.Move{{Player: board.Red, Cell: fb.Cell(3, 1)}}}, Meta{})
	root = parseSGF(t, string(out)).nodes[0]
	if root["SZ"][0] != "3" || root["GE"] != nil {
		t.Errorf("flat 3x3 root: %v", root)
	}
	if _, err := SGF(board.Game{Board: board.MustNew(27, 1, board.Cylinder)}, Meta{}); err == nil {
		t.Error("a 27-column board was written as SGF")
	}
}

func TestLossWriters(t *testing.T) {
	g1 := thesisGame(t, 0)
	g2 := thesisGame(t, 1)
	meta := Meta{Strategy: "fitzgerald", Side: board.Red, Choices: "every"}
	dir := t.TempDir()
	write := func(name string) string {
		t.Helper()
		path := filepath.Join(dir, name)
		return writeLossFile(t, path, g1.Board, meta, func(w LossWriter) []error { return []error{w.Write(g1), w.Write(g2)} })
	}

	// .jsonl: two lines, each a whole game.
	jl := write("losses.jsonl")
	sc := bufio.NewScanner(strings.NewReader(jl))
	var lines []GameJSON
	for sc.Scan() {
		var gj GameJSON
		if err := json.Unmarshal(sc.Bytes(), &gj); err != nil {
			t.Fatalf("line %d: %v", len(lines)+1, err)
		}
		lines = append(lines, gj)
	}
	if len(lines) != 2 || lines[0].Plies != 21 || lines[1].Plies != 19 || lines[1].Strategy != "fitzgerald" ||
		lines[0].Winner == nil || *lines[0].Winner != "blue" || lines[1].Moves[1].Rule != "12" {
		t.Errorf("jsonl games: %+v", lines)
	}

	// .md: a heading, two numbered games, each with its table and a move list
	// that the board reads back.
	md := write("losses.md")
	if !strings.HasPrefix(md, "# Lost games: fitzgerald (Red) on 5x9 cylinder, choices every\n") ||
		!strings.Contains(md, "## Game 1: Blue started, Blue won after 21 moves") ||
		!strings.Contains(md, "## Game 2: Blue started, Blue won after 19 moves") ||
		!strings.Contains(md, Table(g2, board.Thesis)) {
		t.Errorf("markdown:\n%s", md)
	}
	k := strings.LastIndex(md, "Moves: `")
	list := md[k+len("Moves: `"):]
	list = list[:strings.Index(list, "`")]
	toks, err := g1.Board.ParseMoves(list)
	if err != nil {
		t.Fatal(err)
	}
	if _, mv, w, err := g1.Board.Play(board.Blue, toks); err != nil || len(mv) != 19 || w != board.Blue {
		t.Errorf("move list %q reads back as %d moves, winner %v, %v", list, len(mv), w, err)
	}

	// .sgf: one tree, root plus one variation per game, moves intact.
	tr := parseSGF(t, write("losses.sgf"))
	if len(tr.nodes) != 1 || len(tr.vars) != 2 {
		t.Fatalf("SGF: %d root nodes and %d variations, want 1 and 2", len(tr.nodes), len(tr.vars))
	}
	for k, g := range []board.Game{g1, g2} {
		if got := sgfGame(t, g.Board, tr.vars[k].nodes); !sameMoves(got, g.Moves) {
			t.Errorf("variation %d moves differ", k+1)
		}
	}

	// Unknown extensions fail before a file is made.
	for _, name := range []string{"losses.txt", "losses", "losses.json"} {
		path := filepath.Join(dir, name)
		if _, err := NewLossWriter(path, g1.Board, meta); err == nil || !strings.Contains(err.Error(), ".jsonl, .md or .sgf") {
			t.Errorf("%s: err = %v", name, err)
		}
		if _, err := os.Stat(path); err == nil {
			t.Errorf("%s was created", name)
		}
	}
	// The side is taken from the registry when the caller leaves it out.
	w0, err := NewLossWriter(filepath.Join(dir, "side.sgf"), g1.Board, Meta{Strategy: "fitzgerald"})
	if err != nil {
		t.Fatal(err)
	}
	w0.Write(g1)
	w0.Close()
	data, _ := os.ReadFile(filepath.Join(dir, "side.sgf"))
	if root := parseSGF(t, string(data)).nodes[0]; root["PB"][0] != "Red: fitzgerald" {
		t.Errorf("PB = %v, want the strategy on Red's side", root["PB"])
	}
	// A game on another board is refused.
	w, _ := NewLossWriter(filepath.Join(dir, "x.jsonl"), g1.Board, meta)
	if err := w.Write(board.Game{Board: board.MustNew(3, 3, board.Cylinder)}); err == nil {
		t.Error("a game on a 3x3 board went into a 5x9 file")
	}
	w.Close()
}

// writeLossFile writes a loss export with games (which calls the writer's
// methods and returns their errors) and returns the file's text.
func writeLossFile(t *testing.T, path string, b *board.Board, meta Meta, games func(LossWriter) []error) string {
	t.Helper()
	w, err := NewLossWriter(path, b, meta)
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range append(games(w), w.Close()) {
		if err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
