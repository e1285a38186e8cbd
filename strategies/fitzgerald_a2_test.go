package strategies

// The App. A.2 listing and the algorithm: why the code answers rule 6 where
// the listing says rule 2 (docs/decisions/fitzgerald.md, "App. A.2: the six
// divergences").

import (
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/strategies/notions"
)

// TestA2RuleTwoDivergence pins the explanation of the rule-2 divergences in
// docs/decisions/fitzgerald.md: at App. A.2 plies 22, 24, 30 and 32 Blue has
// no winning move in the listed position (so rule 2 cannot apply under the
// definition), and the listed Red cell is a blue provisional winning move
// whose blue path would need one bridge; at the rule-6 decisions of App. A.1.1
// (game 1 ply 16, game 2 ply 14) Blue's threats are single-bridge too, so
// "winning move" cannot be read as "single-bridge provisional winning move"
// without breaking those.
func TestA2RuleTwoDivergence(t *testing.T) {
	tg := loadThesisGames(t)
	type at struct{ game, ply int }
	rule2 := map[at]bool{{2, 22}: true, {2, 24}: true, {2, 30}: true, {2, 32}: true}
	rule6 := map[at]bool{{0, 16}: true, {1, 14}: true}
	seen := 0
	for gi, g := range tg.Games {
		if g.Strategy != "fitzgerald" {
			continue
		}
		m, n, _ := board.ParseBoardSize(g.Board)
		b := board.MustNew(m, n, board.Cylinder)
		f := NewFitzgerald(b)
		var p board.Position
		for k, mv := range g.Moves {
			c := b.Cell(mv.Cell[0], mv.Cell[1])
			if mv.Player == "blue" {
				p = p.Play(board.Blue, c)
				continue
			}
			key := at{gi, k + 1}
			empty := b.All().AndNot(p.Occupied())
			switch {
			case rule2[key]:
				seen++
				if w := f.nt.BlueWinningMoves(p); w.Any() {
					t.Errorf("%v: Blue has winning moves %v", key, testkit.CellsStr(b, w))
				}
				if !f.bluePWMoves(p).Has(c) || minBlueBridges(f.nt, p.Blue.With(c), empty.Without(c)) != 1 {
					t.Errorf("%v: listed cell is not a single-bridge blue provisional winning move", key)
				}
			case rule6[key]:
				seen++
				for x := f.bluePWMoves(p); x.Any(); {
					y := x.Pop()
					if minBlueBridges(f.nt, p.Blue.With(y), empty.Without(y)) != 1 {
						t.Errorf("%v: threat %s is not single-bridge", key, b.Format(y, board.Thesis))
					}
				}
			}
			p = p.Play(board.Red, c)
		}
	}
	if seen != 6 {
		t.Fatalf("checked %d decisions, want 6", seen)
	}
}

// minBlueBridges is the least number of bridges on a blue winding cycle (-1 if
// none), by 0-1 BFS in the lifting over several sheets (a test aid).
func minBlueBridges(nt *notions.Notions, blue, empty board.Bits) int {
	const sheets = 4
	best := -1
	for src := blue; src.Any(); {
		s := src.Pop()
		// node = cell + sheet*cells
		dist := map[[2]int]int{{int(s), 0}: 0}
		dq := [][2]int{{int(s), 0}}
		for len(dq) > 0 {
			u := dq[0]
			dq = dq[1:]
			du := dist[u]
			c := board.Cell(u[0])
			for k := 0; k < 12; k++ {
				var st *notions.Step
				w := 0
				if k < 6 {
					st = &nt.Adj(c)[k]
				} else {
					st = &nt.BridgeSteps(c)[k-6]
					w = 1
					if st.To >= 0 && (!empty.Has(st.V1) || !empty.Has(st.V2)) {
						continue
					}
				}
				if st.To < 0 || int(st.To) >= nt.Cells || !blue.Has(board.Cell(st.To)) {
					continue
				}
				to := board.Cell(st.To)
				lc := nt.ColOf(c) + u[1]*nt.M + int(st.DX)
				sheet := (lc - nt.ColOf(to)) / nt.M
				if sheet < -sheets || sheet > sheets {
					continue
				}
				v := [2]int{int(to), sheet}
				if d, ok := dist[v]; !ok || d > du+w {
					dist[v] = du + w
					if w == 0 {
						dq = append([][2]int{v}, dq...)
					} else {
						dq = append(dq, v)
					}
				}
			}
		}
		for _, sh := range []int{1, -1} {
			if d, ok := dist[[2]int{int(s), sh}]; ok && (best < 0 || d < best) {
				best = d
			}
		}
	}
	return best
}
