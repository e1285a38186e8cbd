package strategies

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"testing"

	"hexproof/board"
)

// TestFitzgeraldTrace prints, for FITZ_GAME=g FITZ_PLY=k, the position before
// ply k of game g and every rule's candidate set (a debugging aid).
func TestFitzgeraldTrace(t *testing.T) {
	gs, ks := os.Getenv("FITZ_GAME"), os.Getenv("FITZ_PLY")
	if gs == "" || ks == "" {
		t.Skip("set FITZ_GAME and FITZ_PLY")
	}
	gi, _ := strconv.Atoi(gs)
	ply, _ := strconv.Atoi(ks)
	raw, _ := os.ReadFile("../testdata/thesis-games.json")
	var tg thesisGames
	_ = json.Unmarshal(raw, &tg)
	g := tg.Games[gi]
	m, n, _ := board.ParseBoardSize(g.Board)
	b := board.MustNew(m, n, board.Cylinder)
	f := NewFitzgerald(b)
	var p board.Position
	last := board.NoCell
	for k, mv := range g.Moves[:ply-1] {
		c := b.Cell(mv.Cell[0], mv.Cell[1])
		if mv.Player == "red" {
			p = p.Play(board.Red, c)
		} else {
			p = p.Play(board.Blue, c)
			last = c
		}
		_ = k
	}
	fmt.Println(b.Picture(p, board.Bit(last)))
	var s state
	nt := f.nt
	s.p, s.last, s.empty = p, last, b.All().AndNot(p.Occupied())
	s.prev = board.Position{Red: p.Red, Blue: p.Blue.Without(last)}
	s.i, s.j = int(nt.col[last]), int(nt.ring[last])
	nt.ProvisionalGroups(p.Red, s.empty, true, &s.redG)
	nt.Bridges(p.Red, s.empty, true, &s.redBr)
	nt.Bridges(p.Red, s.empty.With(last), true, &s.redBrPrev)
	nt.Bridges(p.Blue, s.empty, false, &s.blueBr)
	fmt.Println("blue PW moves:", cellsStr(b, f.bluePWMoves(p)), "blue win moves:", cellsStr(b, nt.BlueWinningMoves(p)))
	for r := 1; r <= 19; r++ {
		c, label := f.rule(&s, r)
		if c.Empty() {
			continue
		}
		fmt.Printf("rule %s: %s dangerous-all=%v\n", label, cellsStr(b, c), f.allDangerous(&s, c))
		for x := c; x.Any(); {
			y := x.Pop()
			best, ways := f.nextJoins(&s, y)
			var g Groups
			nt.ProvisionalGroups(p.Red.With(y), s.empty.Without(y), true, &g)
			r := nt.Root(&g, Ext(y))
			fmt.Printf("   %s: ovl=%v blue=%d span=[%d,%d] join=%d next=%d/%d vert=%d red=%d\n", b.Format(y, board.Thesis),
				nt.CreatesSharedEndOverlap(p.Red, s.empty, true, y), nt.NeighbourCount(y, p.Blue), g.Lo[r], g.Hi[r],
				nt.JoinCount(&s.redG, y, p.Red, s.empty, true), best, ways, nt.VerticalBridgeOptions(y, s.empty.Without(y), p.Blue), nt.NeighbourCount(y, p.Red))
		}
	}
	got, rule := f.Decide(p, last)
	fmt.Println("decision:", b.Format(got, board.Thesis), rule, "thesis:", g.Moves[ply-1].Cell, g.Moves[ply-1].Rule)
}

func cellsStr(b *board.Board, s board.Bits) string {
	out := ""
	for s.Any() {
		out += b.Format(s.Pop(), board.Thesis) + " "
	}
	return out
}
