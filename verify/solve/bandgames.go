package solve

import (
	"context"

	"hexproof/board"
	"hexproof/verify/solve/knowledge"
)

// BandGameLimits bound the band games with stones in the band that the
// knowledge may ask the solver about (docs/decisions/solve.md K24): games
// of at most MaxCells cells (the m×d cylinder of a band of depth d) with at
// most MaxBlue Blue stones in the band, each given at most Budget
// expansions. Zero MaxCells: none asked.
type BandGameLimits struct {
	MaxCells, MaxBlue int
	Budget            int64
}

// DefaultBandGames are the limits of `solve --band-games`: on circumference
// 5, bands to depth 7 (decisions/solve.md K24 has the measurements).
var DefaultBandGames = BandGameLimits{MaxCells: 35, MaxBlue: 2, Budget: 3000}

// bandGames answers the knowledge's band games (knowledge.BandGames) by
// solving each with a solver of its own, and remembers the answers. An
// answer is a function of the game alone: each game gets a fresh solver
// with the same budget, whose knowledge asks no band games of its own, so
// the answers do not depend on the order in which games are asked, and
// forgetting some (the memo is bounded) changes nothing but time.
type bandGames struct {
	m      int
	lim    knowledge.Limits
	bl     BandGameLimits
	ctx    func() context.Context
	boards map[int]*board.Board
	memo   map[bandGameKey]bool
	// asked and solved count the games asked and those won by Red.
	asked, solved int64
}

type bandGameKey struct {
	d                 int
	stones, red, blue uint64
}

// memoSize bounds bandGames.memo: it is emptied when it reaches this size.
const memoSize = 1 << 16

func (g *bandGames) RedReaches(d int, stones, red, blue uint64) bool {
	k := bandGameKey{d, stones, red, blue}
	if v, ok := g.memo[k]; ok {
		return v
	}
	b := g.boards[d]
	if b == nil {
		b = board.MustNew(g.m, d, board.Cylinder)
		g.boards[d] = b
	}
	ring := b.Bottom().Lo
	p := board.Position{Red: board.Bits{Lo: red | stones}, Blue: board.Bits{Lo: blue | ring&^stones}}
	v, known := g.solve(b, p)
	if known {
		if len(g.memo) >= memoSize {
			clear(g.memo)
		}
		g.memo[k] = v
	}
	g.asked++
	if v {
		g.solved++
	}
	return v
}

// solve says whether Red wins p with Blue to move, within the budget;
// known is false when the caller's context ended first (the answer is then
// not kept).
func (g *bandGames) solve(b *board.Board, p board.Position) (v, known bool) {
	switch {
	case b.Wins(p, board.Red):
		return true, true
	case b.Wins(p, board.Blue) || p.Occupied() == b.All():
		return false, true
	}
	ctx := g.ctx()
	s, err := NewSolver(ctx, b, Options{TableBytes: 1 << 20, MaxNodes: g.bl.Budget, Limits: g.lim})
	if err != nil {
		return false, true
	}
	defer s.Close()
	w, err := s.Winner(p, board.Blue)
	if err != nil {
		// The budget spent: not known, which is an answer of its own (the
		// same for the same game); the caller's context ended: no answer.
		return false, ctx.Err() == nil
	}
	return w == board.Red, true
}
