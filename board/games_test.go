package board

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestThesisGamesReplay replays the games the thesis prints (testdata/
// thesis-games.json: App. A.1.1, A.2, Fig. 7.1) through ParseMoves and Play, in
// both notations: every move is legal, the game ends exactly at its last move
// with the winner the thesis reports (A.1.1: lost by Red; A.2: won by Red),
// and the Fig. 7.1 fragment (9 moves) has no winner yet.
func TestThesisGamesReplay(t *testing.T) {
	data, err := os.ReadFile("../testdata/thesis-games.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Games []struct {
			Source, Board, Starter string
			Moves                  []struct {
				Player string
				Cell   [2]int
			}
		}
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Games) < 4 {
		t.Fatalf("%d games in the file", len(file.Games))
	}
	for _, g := range file.Games {
		t.Run(g.Source, func(t *testing.T) {
			m, n, err := ParseBoardSize(g.Board)
			if err != nil {
				t.Fatal(err)
			}
			b := MustNew(m, n, Cylinder)
			starter, err := ParseColor(g.Starter)
			if err != nil {
				t.Fatal(err)
			}
			var want Color
			switch {
			case strings.Contains(g.Source, "lost by Red"):
				want = Blue
			case strings.Contains(g.Source, "won by Red"):
				want = Red
			}
			var parts []string
			for _, mv := range g.Moves {
				parts = append(parts, fmt.Sprintf("%s:(%d,%d)", strings.ToUpper(mv.Player[:1]), mv.Cell[0], mv.Cell[1]))
			}
			toks, err := b.ParseMoves(strings.Join(parts, " "))
			if err != nil {
				t.Fatal(err)
			}
			p, moves, winner, err := b.Play(starter, toks)
			if err != nil {
				t.Fatal(err)
			}
			if winner != want {
				t.Fatalf("winner %v, want %v\n%s", winner, want, b.Picture(p, Bits{}))
			}
			// The game had not ended one move earlier.
			if want != Empty {
				if _, _, w, _ := b.Play(starter, toks[:len(toks)-1]); w != Empty {
					t.Fatalf("already won by %v before the last move", w)
				}
			}
			// Written back in letter notation with prefixes, it replays identically.
			again, err := b.ParseMoves(b.FormatMoves(moves, Letter, true))
			if err != nil {
				t.Fatal(err)
			}
			if q, _, w, err := b.Play(starter, again); err != nil || q != p || w != winner {
				t.Fatalf("letter-notation replay differs: %v", err)
			}
		})
	}
}
