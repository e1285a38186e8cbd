package solve

import (
	"context"
	"errors"
	"fmt"

	"hexproof/board"
	"hexproof/tt"
	"hexproof/verify/andor"
	"hexproof/verify/solve/knowledge"
)

// BandGameLimits bound the band games with stones in the band that the
// knowledge may ask the solver about (docs/decisions/solve.md K24): games
// of at most MaxCells cells (the m×d cylinder of a band of depth d) with at
// most MaxBlue Blue stones in the band, each given at most Budget
// expansions. Zero MaxCells: none asked. NoBlueHSearch runs the games'
// solvers without Blue's H-search with windings (K10): an expansion costs
// about half, and fewer games are settled within the budget (K31 has where
// that pays and where it does not).
type BandGameLimits struct {
	MaxCells, MaxBlue int
	Budget            int64
	NoBlueHSearch     bool
}

// DefaultBandGames are the limits of `solve --band-games`: on circumference
// 5, bands to depth 7 (decisions/solve.md K24 has the measurements).
var DefaultBandGames = BandGameLimits{MaxCells: 35, MaxBlue: 2, Budget: 3000}

// bandGameTable is the table of each depth's solver (from the main solver's
// pool when it has one).
const bandGameTable = 4 << 20

// bandGames answers the knowledge's band games (knowledge.BandGames). Each
// depth has one solver, kept from game to game: the games of a depth are
// positions of one board (the m×d cylinder), and its table holds proved
// values of that board's positions, true whichever game reached them, so a
// game shares the work of the games before it (K25). Each game gets the
// same budget of new expansions. Answers are remembered, and a game is also
// answered by one asked before that it dominates or that dominates it: a
// game with at least the Red stones and at most the Blue stones of one Red
// won is won, and one with at most the Red and at least the Blue stones of
// one not won is taken as not won (an exact answer when Blue's win was
// proved; when the budget was spent, "not known", as the budget would
// likely be spent again). So an answer may depend on the games asked
// before; each true answer is a proof either way, and the search asks in
// the same order on every run with the same inputs.
type bandGames struct {
	m      int
	lim    knowledge.Limits
	bl     BandGameLimits
	ctx    func() context.Context
	pool   *andor.Pool
	boards map[int]*board.Board
	subs   map[int]*Solver
	// blueFirst holds the answers with Blue to move (RedReaches), first
	// those with Red to move (RedFirst, K26: a winning cell, or −1).
	blueFirst answers[bool]
	first     answers[int]
	// asked counts the games asked, solved those won by Red, searched those
	// a solver was run for, inferred those answered by dominance; the
	// first* counts are the same with Red to move, and firstCells counts
	// the answers that gave a cell, remembered ones too.
	asked, solved, searched, inferred   int64
	firstAsked, firstSolved, firstCells int64
	// store, when not nil, keeps every answer searched (solve --db, K28)
	// and gave the answers of earlier runs (loaded counts them); fail stops
	// the solve for the store's error.
	store  *tt.Facts
	fail   func(error)
	loaded int64
}

// answers remembers band games' answers (at most memoSize, then all are
// forgotten), and lists per depth the games won, with their answers, and
// those not won, for the dominance of K25.
type answers[V any] struct {
	memo   map[bandGameKey]V
	won    map[int][]wonGame[V]
	notWon map[int][]bandGameKey
}

type wonGame[V any] struct {
	k bandGameKey
	v V
}

func newAnswers[V any]() answers[V] {
	return answers[V]{memo: map[bandGameKey]V{}, won: map[int][]wonGame[V]{}, notWon: map[int][]bandGameKey{}}
}

// find is k's answer if it is remembered (inferred false) or follows from
// a game answered before (inferred true): a won game that k is at least as
// good as, whose answer fits k, gives its answer; a game not won that is at
// least as good as k gives none.
func (a *answers[V]) find(k bandGameKey, none V, fits func(V) bool) (v V, inferred, ok bool) {
	if v, ok := a.memo[k]; ok {
		return v, false, true
	}
	for _, w := range a.won[k.d] {
		if k.atLeast(w.k) && fits(w.v) {
			return w.v, true, true
		}
	}
	for _, l := range a.notWon[k.d] {
		if l.atLeast(k) {
			return none, true, true
		}
	}
	return v, false, false
}

// put remembers k's answer v, a win or not.
func (a *answers[V]) put(k bandGameKey, v V, won bool) {
	if len(a.memo) >= memoSize {
		clear(a.memo)
		clear(a.won)
		clear(a.notWon)
	}
	a.memo[k] = v
	if won {
		a.won[k.d] = append(a.won[k.d], wonGame[V]{k, v})
	} else {
		a.notWon[k.d] = append(a.notWon[k.d], k)
	}
}

func newBandGames(m int, lim knowledge.Limits, bl BandGameLimits, ctx func() context.Context, pool *andor.Pool) *bandGames {
	if bl.NoBlueHSearch {
		lim.NoBlueHSearch = true
	}
	return &bandGames{m: m, lim: lim, bl: bl, ctx: ctx, pool: pool,
		boards: map[int]*board.Board{}, subs: map[int]*Solver{}, blueFirst: newAnswers[bool](), first: newAnswers[int]()}
}

type bandGameKey struct {
	d                 int
	stones, red, blue uint64
}

// memoSize bounds the answers remembered (answers): they are forgotten when
// there are this many.
const memoSize = 1 << 16

// atLeast says whether game k is at least as good for Red as game o of the
// same depth: every Red cell of o is Red's in k, every Blue cell of k is
// Blue's in o (ring d's cells other than the stones are Blue).
func (k bandGameKey) atLeast(o bandGameKey) bool {
	return o.stones&^k.stones == 0 && o.red&^k.red == 0 && k.blue&^o.blue == 0
}

func (g *bandGames) RedReaches(d int, stones, red, blue uint64) bool {
	k := bandGameKey{d, stones, red, blue}
	v, inferred, ok := g.blueFirst.find(k, false, func(bool) bool { return true })
	switch {
	case ok && !inferred:
		return v
	case ok:
		g.asked++
		g.inferred++
	default:
		g.asked++
		b, p := g.game(k)
		var known, proved bool
		if v, known, proved = g.solve(b, p); known {
			g.blueFirst.put(k, v, v)
			a := tt.BandUnknown
			switch {
			case v:
				a = 0
			case proved:
				a = tt.BandLost
			}
			g.keep(board.Blue, k, a)
		}
	}
	if v {
		g.solved++
	}
	return v
}

// RedFirst answers the band game with Red to move (K26): a cell whose Red
// stone wins it, or −1 when none is known. As for RedReaches, a game is
// answered by one asked before: a game at least as good for Red as one won
// by a cell is won by the same cell when it is empty there (a stone more
// never hurts its owner), and one at most as good as a game not won is
// taken as not won.
func (g *bandGames) RedFirst(d int, stones, red, blue uint64) int {
	c := g.redFirst(bandGameKey{d, stones, red, blue})
	if c >= 0 {
		g.firstCells++
	}
	return c
}

func (g *bandGames) redFirst(k bandGameKey) int {
	// A remembered cell fits a better game for Red when it is empty there.
	fits := func(c int) bool { return (k.red|k.blue)&(1<<uint(c)) == 0 }
	c, inferred, ok := g.first.find(k, -1, fits)
	switch {
	case ok && !inferred:
		return c
	case ok:
		g.firstAsked++
		g.inferred++
	default:
		g.firstAsked++
		b, p := g.game(k)
		var known, proved bool
		if c, known, proved = g.solveFirst(b, p); known {
			g.first.put(k, c, c >= 0)
			a := c
			if c < 0 && proved {
				a = tt.BandLost
			}
			g.keep(board.Red, k, a)
		}
	}
	if c >= 0 {
		g.firstSolved++
	}
	return c
}

// solveFirst is a cell of p, with Red to move, whose stone keeps Red's win,
// within the budget (−1: none known); known is false when the caller's
// context ended first, proved says that the answer is proved (a winning
// cell, or Blue's win).
func (g *bandGames) solveFirst(b *board.Board, p board.Position) (cell int, known, proved bool) {
	empty := b.All().AndNot(p.Occupied())
	switch {
	case b.Wins(p, board.Blue) || empty.Empty():
		return -1, true, true
	case b.Wins(p, board.Red):
		return int(empty.Cells()[0]), true, true
	}
	ctx := g.ctx()
	s, err := g.solver(ctx, b)
	if err != nil {
		return -1, true, false
	}
	g.searched++
	c, err := s.FindWin(p, board.Red, g.bl.Budget)
	switch {
	case err == nil && c == board.NoCell:
		return -1, true, true
	case err == nil:
		return int(c), true, true
	case errors.Is(err, ErrStopped) && ctx.Err() == nil:
		return -1, true, false
	}
	return -1, false, false
}

// game is k's board (the m×d cylinder) and position: the band's stones,
// the node's cells of ring d Red and ring d's other cells Blue.
func (g *bandGames) game(k bandGameKey) (*board.Board, board.Position) {
	b := g.boards[k.d]
	if b == nil {
		b = board.MustNew(g.m, k.d, board.Cylinder)
		g.boards[k.d] = b
	}
	ring := b.Bottom().Lo
	return b, board.Position{Red: board.Bits{Lo: k.red | k.stones}, Blue: board.Bits{Lo: k.blue | ring&^k.stones}}
}

// solver is the solver of the games on b, made at its first game.
func (g *bandGames) solver(ctx context.Context, b *board.Board) (*Solver, error) {
	s := g.subs[b.N]
	if s == nil {
		var err error
		if s, err = NewSolver(ctx, b, Options{TableBytes: bandGameTable, Pool: g.pool, Limits: g.lim}); err != nil {
			return nil, err
		}
		g.subs[b.N] = s
	}
	s.SetContext(ctx)
	return s, nil
}

// solve says whether Red wins p with Blue to move, within the budget;
// known is false when the caller's context ended first (the answer is then
// not kept), proved that the answer is proved (not a spent budget).
func (g *bandGames) solve(b *board.Board, p board.Position) (v, known, proved bool) {
	switch {
	case b.Wins(p, board.Red):
		return true, true, true
	case b.Wins(p, board.Blue) || p.Occupied() == b.All():
		return false, true, true
	}
	ctx := g.ctx()
	s, err := g.solver(ctx, b)
	if err != nil {
		return false, true, false
	}
	s.budget(g.bl.Budget)
	g.searched++
	w, err := s.Wins(p, board.Blue, board.Red)
	switch {
	case err == nil:
		return w, true, true
	case errors.Is(err, ErrStopped) && ctx.Err() == nil:
		// The budget spent: not known, which is an answer of its own.
		return false, true, false
	}
	// The caller's context ended: no answer.
	return false, false, false
}

// keep writes a searched answer to the store, if there is one (K28).
func (g *bandGames) keep(mover board.Color, k bandGameKey, answer int) {
	if g.store == nil {
		return
	}
	err := g.store.AddBand(tt.BandAnswer{Mover: mover, Depth: k.d, Stones: k.stones, Red: k.red, Blue: k.blue, Answer: answer, Budget: g.bl.Budget})
	if err != nil {
		g.fail(err)
	}
}

// load takes the answers an earlier solve of the board kept in f (K28),
// and keeps the answers searched from now on there. A won or lost answer
// is proved, so it is taken whatever budget found it; a spent budget is
// taken only when it was at least this solve's, so that a larger budget
// asks the game again. At most memoSize answers of each mover are taken
// (answers forgets them all beyond). An answer that is not a game of this
// board (bits off the m×d cylinder, a cell that is not empty in the game)
// is a damaged store.
func (g *bandGames) load(f *tt.Facts, fail func(error)) error {
	g.store, g.fail = f, fail
	return f.EachBand(func(a tt.BandAnswer) error {
		k := bandGameKey{a.Depth, a.Stones, a.Red, a.Blue}
		if a.Depth*g.m > 64 {
			return fmt.Errorf("a band game of depth %d in the database does not fit circumference %d", a.Depth, g.m)
		}
		b, p := g.game(k)
		ring := b.Bottom().Lo
		if (a.Stones|a.Red|a.Blue)&^b.All().Lo != 0 || a.Stones&^ring != 0 || (a.Red|a.Blue)&ring != 0 || a.Red&a.Blue != 0 ||
			(a.Answer >= 0 && a.Mover == board.Red && (a.Answer >= b.Cells() || p.Occupied().Has(board.Cell(a.Answer)))) {
			return fmt.Errorf("a band game's answer in the database is not a game of the %d×%d cylinder: %+v", g.m, a.Depth, a)
		}
		if a.Answer == tt.BandUnknown && a.Budget < g.bl.Budget {
			return nil
		}
		won := a.Answer >= 0
		switch {
		case a.Mover == board.Blue && len(g.blueFirst.memo) < memoSize-1:
			g.blueFirst.put(k, won, won)
		case a.Mover == board.Red && len(g.first.memo) < memoSize-1:
			g.first.put(k, max(a.Answer, -1), won)
		default:
			return nil
		}
		g.loaded++
		return nil
	})
}

// close gives the solvers' tables back.
func (g *bandGames) close() {
	for d, s := range g.subs {
		s.Close()
		delete(g.subs, d)
	}
}
