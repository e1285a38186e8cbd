package strategies

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"hexproof/board"
)

type thesisGames struct {
	Games []struct {
		Source   string `json:"source"`
		Board    string `json:"board"`
		Starter  string `json:"starter"`
		Strategy string `json:"strategy"`
		Moves    []struct {
			Player string `json:"player"`
			Cell   [2]int `json:"cell"`
			Rule   string `json:"rule"`
		} `json:"moves"`
	} `json:"games"`
}

// decision is one Red turn of a published game: what the thesis lists and what
// the code answers.
type decision struct {
	game, move        int // game index in the file, 1-based ply number
	wantCell, gotCell [2]int
	wantRule, gotRule string
}

func (d decision) agrees() bool {
	return d.wantCell == d.gotCell && RuleNumber(d.wantRule) == RuleNumber(d.gotRule)
}

func (d decision) String() string {
	return fmt.Sprintf("game %d ply %d: thesis (%d,%d) rule %s, code (%d,%d) rule %s",
		d.game, d.move, d.wantCell[0], d.wantCell[1], d.wantRule, d.gotCell[0], d.gotCell[1], d.gotRule)
}

// fitzgeraldDecisions replays every fitzgerald game of testdata/thesis-games.json.
func fitzgeraldDecisions(t testing.TB) []decision {
	raw, err := os.ReadFile("../testdata/thesis-games.json")
	if err != nil {
		t.Fatal(err)
	}
	var tg thesisGames
	if err := json.Unmarshal(raw, &tg); err != nil {
		t.Fatal(err)
	}
	var out []decision
	for gi, g := range tg.Games {
		if g.Strategy != "fitzgerald" {
			continue
		}
		m, n, err := board.ParseBoardSize(g.Board)
		if err != nil {
			t.Fatal(err)
		}
		b := board.MustNew(m, n, board.Cylinder)
		f := NewFitzgerald(b)
		f.variant = testVariant
		var p board.Position
		last := board.NoCell
		for k, mv := range g.Moves {
			c := b.Cell(mv.Cell[0], mv.Cell[1])
			if mv.Player == "red" {
				got, rule := f.Decide(p, last)
				gi2, gj2 := b.Coord(got)
				out = append(out, decision{game: gi, move: k + 1, wantCell: mv.Cell, gotCell: [2]int{gi2, gj2}, wantRule: mv.Rule, gotRule: rule})
				p = p.Play(board.Red, c)
			} else {
				p = p.Play(board.Blue, c)
				last = c
			}
		}
	}
	return out
}

var testVariant = map[string]int{}

func TestFitzgeraldVariants(t *testing.T) {
	if os.Getenv("FITZ_VAR") == "" {
		t.Skip()
	}
	for _, i7 := range []int{0, 1} {
		for ca := 0; ca <= 6; ca++ {
			testVariant = map[string]int{"item7": 1, "ca": ca, "item9": i7}
			ds := fitzgeraldDecisions(t)
			agree := 0
			bad := ""
			for _, d := range ds {
				if d.agrees() {
					agree++
				} else {
					bad += fmt.Sprintf(" %d/%d", d.game, d.move)
				}
			}
			t.Logf("%v: %d/%d  %s", testVariant, agree, len(ds), bad)
		}
	}
	testVariant = map[string]int{}
}

func TestFitzgeraldDump(t *testing.T) {
	if os.Getenv("FITZ_DUMP") == "" {
		t.Skip("set FITZ_DUMP=1 to print every decision")
	}
	agree := 0
	ds := fitzgeraldDecisions(t)
	for _, d := range ds {
		mark := "ok "
		if d.agrees() {
			agree++
		} else {
			mark = "XX "
		}
		t.Log(mark + d.String())
	}
	t.Logf("%d/%d agree", agree, len(ds))
	_ = strconv.Itoa
	_ = strings.Repeat
}
