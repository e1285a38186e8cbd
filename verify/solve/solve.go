// Package solve is perfect play in Cylindrical Hex, flat Hex and Torus Hex
// (issue 13): who wins a position, every winning move, the first losing move
// of a lost game (a blunder), and computed strategies (certificates: the
// winner's answer to every opponent move it can meet). The search is the
// boolean AND/OR search of package andor over the shared game step
// (game.GameRules), with both players free to play any empty cell.
package solve

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"hexproof/board"
	"hexproof/tt"
	"hexproof/verify/andor"
	"hexproof/verify/game"
	"hexproof/verify/solve/knowledge"
)

// Options bound a solve.
type Options struct {
	// TableBytes is the size of each transposition table (0: 256 MiB).
	TableBytes int64
	// Pool, when not nil, is the memory budget every table of the solver
	// draws from: the tables together stay within it (andor.Pool). CertPool
	// is the certificate walk's (its maps and the file made of them), Pool
	// when nil. Tables grow to fill what they may, so a walk after a solve
	// needs a pool of its own. Close gives both back.
	Pool, CertPool *andor.Pool
	// MaxNodes stops a search after that many expansions (0: none).
	MaxNodes int64
	// NoSymmetry keys positions as they are instead of by their least image
	// under the board's symmetry group.
	NoSymmetry bool
	// NoKnowledge turns the Hex knowledge off (package knowledge: dead
	// cells, Red's virtual connections, Blue's must-play), for cross-checks.
	// It is always off on the torus, where it is not proved.
	NoKnowledge bool
	// Limits bound H-search's work per position (zero: the defaults,
	// knowledge.DefaultLimits); a limit costs connections, never soundness.
	Limits knowledge.Limits
	// NoFocus turns focused DFPN off (on with the knowledge:
	// docs/decisions/solve.md K11), for measurements; it changes which
	// proof is found, never an answer.
	NoFocus bool
	// Facts, when not nil, is a store of solved positions (solve --db): the
	// search takes a position's value from it instead of searching the
	// position, and adds every value it settles (docs/decisions/solve.md
	// K14), so that a later solve of the same board, an interrupted one
	// resumed for instance, starts from them. Its errors stop the search
	// and are returned.
	Facts *tt.Facts
	// BandGames lets the band templates ask about bands that hold Blue
	// stones, each such game solved by a solver of its own (K24; zero:
	// off; solve --band-games: DefaultBandGames).
	BandGames BandGameLimits
}

// The window of focused DFPN (docs/decisions/solve.md K11): Henderson's
// base and fraction (thesis §5.2.5 and the default of his 7×7 runs).
const (
	focusBase     = 1
	focusFraction = 0.25
)

// Result is a solved position.
type Result struct {
	Board  *board.Board
	P      board.Position
	ToMove board.Color
	// Winner wins with perfect play; board.Empty for a draw (only on the
	// torus can a full board have no winner).
	Winner board.Color
	// WinningMoves are the moves of ToMove that keep its win (none when ToMove
	// does not win), in cell order.
	WinningMoves []board.Cell
	Positions    int64 // expansions, over every search of this solve
	Elapsed      time.Duration
}

// ErrStopped: the context ended or the node budget ran out before the answer.
var ErrStopped = andor.ErrStopped

// ErrUndecided: the proof-number search ended with neither number exact (they
// saturated); the position is not solved, and nothing is claimed.
var ErrUndecided = andor.ErrUndecided

// ErrMemory: the solver's memory pool (Options.Pool) could not lend what
// a certificate needs. Nothing is claimed; a larger budget may do.
var ErrMemory = errors.New("the memory budget ran out")

// state is a node of the game: a position nobody has won, and who moves.
type state struct {
	p     board.Position
	mover board.Color
}

// freePlay is the andor.Problem of free play on one board.
type freePlay struct {
	r     *game.Rules
	all   board.Bits
	canon *board.Canonicalizer
	group bool
	// know is the Hex knowledge (nil: off).
	know *knowledge.Analyzer
	// focus: focused DFPN, with the children ordered (Focus).
	focus bool
	// seen keeps the analyses of recent positions, by the exact position
	// and mover: the search asks Decide and then Expand of the same node,
	// and proof-number search comes back to a node it has not solved each
	// time its thresholds grow. An analysis is a function of the position
	// and the mover alone (the Analyzer's limits are fixed), so it is not
	// made again (docs/decisions/solve.md K17).
	seen []seenAnalysis
	// inv[k] is the inverse of the board's k-th symmetry (with group).
	inv []board.Perm
}

// seenAnalysis is an entry of freePlay.seen.
type seenAnalysis struct {
	s  state
	ok bool
	a  knowledge.Analysis
}

// seenSize is the number of analyses freePlay.seen keeps (a power of two):
// about a megabyte.
const seenSize = 1 << 13

func newGame(b *board.Board, nosym, noKnowledge, noFocus bool, lim knowledge.Limits) *freePlay {
	g := &freePlay{r: game.GameRules(b), all: b.All()}
	if lim == (knowledge.Limits{}) {
		lim = knowledge.DefaultLimits
	}
	if !noKnowledge {
		if k, err := knowledge.New(b, lim); err == nil {
			g.know = k
			g.focus = !noFocus
		}
	}
	// Every element of the board's group maps the neighbour relation and each
	// player's goal onto itself (docs/design.md §3), so a position and its images have
	// the same value with the same mover.
	if !nosym && len(b.Group()) > 1 {
		g.canon, g.group = board.NewCanonicalizer(b, b.Group()), true
		for _, h := range b.Group() {
			g.inv = append(g.inv, h.Inverse())
		}
	}
	return g
}

func (g *freePlay) Mover(s state) board.Color { return s.mover }

func (g *freePlay) Key(s state) (andor.Key, bool) {
	if g.group {
		c, _ := g.canon.Canonical(s.p)
		return andor.Key{Key: tt.KeyOf(c)}, true
	}
	return andor.Key{Key: tt.KeyOf(s.p)}, true
}

// Cells is the board's cells (andor.Decider).
func (g *freePlay) Cells() int { return g.r.B.Cells() }

// Decide is the knowledge's verdict on s, if it has one (andor.Decider).
func (g *freePlay) Decide(s state) (board.Color, bool) {
	if g.know == nil {
		return board.Empty, false
	}
	a := g.analysis(s)
	return a.Winner, a.Winner != board.Empty
}

// analysis is the knowledge's analysis of s: the one kept in seen, else a
// new one. The knowledge takes boards of at most 64 cells, so the key's
// words are the whole position; the entry compares the whole state.
func (g *freePlay) analysis(s state) knowledge.Analysis {
	if g.seen == nil {
		g.seen = make([]seenAnalysis, seenSize)
	}
	// With the symmetries on, the analysis is that of the position's least
	// image, carried back (K23): every image of a position then gets the
	// same answer, as the table, which keeps one entry per class, assumes.
	p, at := s.p, 0
	if g.group {
		p, at = board.Canonical(s.p, g.r.B.Group())
	}
	c := state{p, s.mover}
	e := &g.seen[(tt.KeyOf(p).Hash()+uint64(s.mover))&(seenSize-1)]
	if !e.ok || e.s != c {
		*e = seenAnalysis{s: c, ok: true, a: g.know.Analyze(p, s.mover)}
	}
	if at != 0 {
		return carry(g.inv[at], e.a)
	}
	return e.a
}

// carry is a's analysis of a position carried to the position's image
// under the symmetry h: every set of cells mapped by h (the winner and the
// reason stay).
func carry(h board.Perm, a knowledge.Analysis) knowledge.Analysis {
	a.Dead, a.Captured, a.Moves = h.ApplyBits(a.Dead), h.ApplyBits(a.Captured), h.ApplyBits(a.Moves)
	a.Keys, a.MustPlay = h.ApplyBits(a.Keys), h.ApplyBits(a.MustPlay)
	return a
}

// Expand gives the mover's moves in s; with the knowledge, only those it
// says must be searched (every other move is no better than one of them,
// knowledge.Analysis.Moves). The search asks Decide first, so a node the
// knowledge decides is not expanded.
func (g *freePlay) Expand(s state, out []andor.Child[state]) ([]andor.Child[state], error) {
	other := s.mover.Other()
	moves := g.all.AndNot(s.p.Occupied())
	if g.know != nil {
		if a := g.analysis(s); a.Winner == board.Empty && a.Moves.Any() {
			moves = a.Moves
		}
	}
	for bs := moves; bs.Any(); {
		c := bs.Pop()
		q, o := g.r.Place(s.p, s.mover, c)
		out = append(out, andor.Child[state]{Cell: c, S: state{q, other}, O: o.Search()})
	}
	if g.focus {
		// Best first for focused DFPN: the cells carrying most of Red's
		// current, for both players (K11); then cell order (a stable sort).
		var cur [knowledge.MaxCells]float64
		g.know.Currents(s.p, &cur)
		slices.SortStableFunc(out, func(x, y andor.Child[state]) int {
			return cmp.Compare(cur[y.Cell], cur[x.Cell])
		})
	}
	return out, nil
}

// Focus is the window of focused DFPN (andor.Focused): on with the
// knowledge, which orders the children (base 0: off).
func (g *freePlay) Focus() (int, float64) {
	if !g.focus {
		return 0, 0
	}
	return focusBase, focusFraction
}

func (g *freePlay) Threats(s state) (board.Bits, bool) {
	var t board.Bits
	other := s.mover.Other()
	for bs := g.all.AndNot(s.p.Occupied()); bs.Any(); {
		c := bs.Pop()
		if _, o := g.r.Place(s.p, other, c); o == game.Won {
			t = t.With(c)
		}
	}
	return t, true
}

// Solver answers questions about one board, keeping one search (and table)
// per prover so that later questions reuse earlier work.
type Solver struct {
	B   *board.Board
	g   *freePlay
	opt Options
	ctx context.Context
	// by[prover][starter]: a table key is the position alone, and who moves
	// in a position follows from its stone count only given the starter.
	by       [3][3]*andor.Search[state]
	progress atomic.Int64
	// certLent is what the pool lent the certificate walks (Close gives it
	// back: the certificate is alive until its caller has written it).
	certLent int64
	// cancel stops the searches (their context is derived from the
	// caller's) when the store of facts fails; factErr is that failure.
	cancel  context.CancelFunc
	factErr error
	// FromFacts counts the questions the store of facts answered,
	// BandFromFacts the band games' answers taken from it (K28).
	FromFacts, BandFromFacts int64
	// bandGames answers the knowledge's band games (Options.BandGames).
	bandGames *bandGames
}

// Knowledge says whether the search uses the Hex knowledge (off with
// Options.NoKnowledge and on the torus).
func (s *Solver) Knowledge() bool { return s.g.know != nil }

// Progress is the number of expansions so far; safe to call from another
// goroutine (it is updated every 1024 expansions).
func (s *Solver) Progress() int64 { return s.progress.Load() }

// NewSolver prepares perfect-play questions on b (at most 64 cells).
func NewSolver(ctx context.Context, b *board.Board, opt Options) (*Solver, error) {
	if b.Cells() > tt.MaxCells {
		return nil, fmt.Errorf("board %dx%d has %d cells; solve handles at most %d", b.M, b.N, b.Cells(), tt.MaxCells)
	}
	if opt.TableBytes <= 0 {
		opt.TableBytes = 256 << 20
	}
	s := &Solver{B: b, g: newGame(b, opt.NoSymmetry, opt.NoKnowledge, opt.NoFocus, opt.Limits), opt: opt}
	s.SetContext(ctx)
	if depth := opt.BandGames.MaxCells / b.M; depth >= 2 && s.g.know != nil && b.Geo == board.Cylinder {
		lim := opt.Limits
		if lim == (knowledge.Limits{}) {
			lim = knowledge.DefaultLimits
		}
		s.bandGames = newBandGames(b.M, lim, opt.BandGames, func() context.Context { return s.ctx }, opt.Pool)
		s.g.know.SetBandGames(s.bandGames, depth, opt.BandGames.MaxBlue)
		if opt.Facts != nil {
			if err := s.bandGames.load(opt.Facts, s.failFacts); err != nil {
				s.cancel()
				return nil, fmt.Errorf("the database of solved positions: %w", err)
			}
			s.BandFromFacts = s.bandGames.loaded
		}
	}
	return s, nil
}

// SetContext makes ctx the context of every later question (a solver kept
// across questions can give each its own deadline).
func (s *Solver) SetContext(ctx context.Context) {
	if s.cancel != nil {
		s.cancel()
	}
	s.ctx, s.cancel = context.WithCancel(ctx)
	for _, xs := range s.by {
		for _, x := range xs {
			if x != nil {
				x.Ctx = ctx
			}
		}
	}
}

// setMaxNodes sets the node budget of every later question (0: none).
func (s *Solver) setMaxNodes(n int64) {
	s.opt.MaxNodes = n
	for _, xs := range s.by {
		for _, x := range xs {
			if x != nil {
				x.MaxNodes = n
			}
		}
	}
}

func (s *Solver) search(prover board.Color, p board.Position, mover board.Color) *andor.Search[state] {
	starter := mover
	if p.Plies()%2 == 1 {
		starter = mover.Other()
	}
	if s.by[prover][starter] == nil {
		x := andor.NewWithTable[state](s.g, prover, false, s.ctx, andor.NewTableIn(s.opt.Pool, s.opt.TableBytes))
		x.MaxNodes = s.opt.MaxNodes
		x.OnProgress = func(int64) { s.progress.Store(s.Nodes()) }
		if s.opt.Facts != nil {
			s.useFacts(x, prover, starter)
		}
		s.by[prover][starter] = x
	}
	return s.by[prover][starter]
}

// useFacts makes the store of facts x's oracle and the record of what it
// settles. A key is a position (its least image under the symmetry group,
// or itself) and the mover at ply d follows from the starter; a position's
// winner with that mover is a property of the game, the same for every
// search of the board (K14). Only the unbounded question (K at least the
// board's cells) is a question about the winner; and only where a
// disproof names the winner, off the torus (no draws), is one recorded.
func (s *Solver) useFacts(x *andor.Search[state], prover, starter board.Color) {
	cells := s.B.Cells()
	noDraws := s.B.Geo != board.Torus
	mover := func(d int) board.Color {
		if d%2 == 0 {
			return starter
		}
		return starter.Other()
	}
	x.Oracle = func(k andor.Key, d, K int) (bool, int, bool) {
		if K < cells || s.factErr != nil {
			return false, 0, false
		}
		w, depth, ok, err := s.opt.Facts.Winner(mover(d), k.Key)
		if err != nil {
			s.failFacts(err)
			return false, 0, false
		}
		if ok {
			s.FromFacts++
		}
		return w == prover, depth, ok
	}
	x.OnSolved = func(k andor.Key, d, K int, v bool, depth int) {
		if K < cells || s.factErr != nil {
			return
		}
		w := prover
		if !v {
			if !noDraws {
				return
			}
			w = prover.Other()
		}
		if err := s.opt.Facts.Add(tt.Fact{Mover: mover(d), Key: k.Key, Winner: w, Depth: depth}); err != nil {
			s.failFacts(err)
		}
	}
}

// failFacts stops the searches for the store's error err.
func (s *Solver) failFacts(err error) {
	s.factErr = fmt.Errorf("the database of solved positions: %w", err)
	s.cancel()
}

// Close gives the memory of the solver's tables back to its pool; the
// solver must not be used after.
func (s *Solver) Close() {
	s.cancel() // releases the derived context from its parent
	if s.bandGames != nil {
		s.bandGames.close()
	}
	if p := s.certPool(); p != nil {
		p.Give(s.certLent)
		s.certLent = 0
	}
	for i := range s.by {
		for j, x := range s.by[i] {
			if x != nil {
				x.Table().Release()
				s.by[i][j] = nil
			}
		}
	}
}

// certPool is the pool the certificate walk borrows from (nil: none).
func (s *Solver) certPool() *andor.Pool {
	if s.opt.CertPool != nil {
		return s.opt.CertPool
	}
	return s.opt.Pool
}

// Nodes is the number of expansions so far, over every search.
func (s *Solver) Nodes() int64 {
	var n int64
	for _, xs := range s.by {
		for _, x := range xs {
			if x != nil {
				n += x.Nodes
			}
		}
	}
	return n
}

// Wins says whether who, to move or not (mover says who moves), forces a win
// from p, a position nobody has won that is not full.
func (s *Solver) Wins(p board.Position, mover, who board.Color) (bool, error) {
	v, err := s.search(who, p, mover).Prove(state{p, mover}, p.Plies(), s.B.Cells())
	if s.factErr != nil {
		return false, s.factErr
	}
	return v, err
}

// MoveWins says whether mover's stone on the empty cell c of p keeps (or
// makes) its win.
func (s *Solver) MoveWins(p board.Position, mover board.Color, c board.Cell) (bool, error) {
	q, o := s.g.r.Place(p, mover, c)
	switch o {
	case game.Won:
		return true, nil
	case game.Drawn:
		return false, nil
	}
	return s.Wins(q, mover.Other(), mover)
}

// WinningMoves is every move of mover in p that keeps (or makes) its win,
// in cell order.
func (s *Solver) WinningMoves(p board.Position, mover board.Color) ([]board.Cell, error) {
	var out []board.Cell
	for bs := s.B.All().AndNot(p.Occupied()); bs.Any(); {
		c := bs.Pop()
		w, err := s.MoveWins(p, mover, c)
		if err != nil {
			return nil, err
		}
		if w {
			out = append(out, c)
		}
	}
	return out, nil
}

// Solve says who wins p with toMove to move, and every winning move.
func (s *Solver) Solve(p board.Position, toMove board.Color) (*Result, error) {
	start := time.Now()
	if err := s.check(p); err != nil {
		return nil, err
	}
	res := &Result{Board: s.B, P: p, ToMove: toMove}
	var err error
	if res.Winner, err = s.Winner(p, toMove); err != nil {
		return nil, err
	}
	if res.Winner == toMove {
		if res.WinningMoves, err = s.WinningMoves(p, toMove); err != nil {
			return nil, err
		}
	}
	res.Positions = s.Nodes()
	res.Elapsed = time.Since(start)
	return res, nil
}

// Winner is who wins p with perfect play, toMove to move (board.Empty: a
// draw), without the winning moves; p must be a position nobody has won that
// is not full.
func (s *Solver) Winner(p board.Position, toMove board.Color) (board.Color, error) {
	win, err := s.Wins(p, toMove, toMove)
	switch {
	case err != nil:
		return board.Empty, err
	case win:
		return toMove, nil
	case s.B.Geo != board.Torus:
		// No draws off the torus: a full cylinder or flat board always has
		// exactly one winner (thesis Thm. 3.2.2 on the cylinder; the Hex
		// theorem on the flat board), so the mover not winning means the
		// other player wins. (A test compares with the plain minimax.)
		return toMove.Other(), nil
	}
	other, err := s.Wins(p, toMove, toMove.Other())
	if err != nil || !other {
		return board.Empty, err
	}
	return toMove.Other(), nil
}

// check refuses a position that is over.
func (s *Solver) check(p board.Position) error {
	switch {
	case s.B.Wins(p, board.Red):
		return fmt.Errorf("the game is over: red has won")
	case s.B.Wins(p, board.Blue):
		return fmt.Errorf("the game is over: blue has won")
	case p.Occupied() == s.B.All():
		return fmt.Errorf("the game is over: the board is full")
	}
	return nil
}
