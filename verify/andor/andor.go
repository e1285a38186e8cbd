// Package andor is hexproof's boolean AND/OR search: does one player (the
// prover) force a win from a position, and — in its depth-bounded form — does
// it force one by a given ply? It is the core of `verify --choices some` (the
// strategy's side may only play what its rules allow) and of `solve` (both
// sides play any empty cell). The package knows nothing of strategies: a
// Problem supplies the moves, made through the shared game step
// (game.Rules), and the search only combines their outcomes.
//
// The search is depth-first proof-number search (DFPN, Nagai 2002, as used
// for Hex by Henderson 2010, §3.3–3.4 and by Benzene) with the 1+ε threshold
// of Pawlewicz and Lew, a bounded transposition table, the immediate-win test
// and the mustplay rule for single-move threats. Proof and disproof numbers
// only steer the search: a node is proven only from proven children or the
// game's end, so a wrong estimate (a lost table entry, a transposition counted
// twice) costs time, never a wrong answer.
//
// Depth bound. Prove(root, ply, K) asks whether the prover forces a game that
// ends with its win (a draw counts as specified by DrawWins) at ply ≤ K
// (plies counted from the empty board). K ≥ the number of cells is the
// unbounded question. All paths to a position have the same number of plies
// (one stone a ply), so "by ply K" means the same at every transposition and a
// table entry can be shared between bounds: a proof by K holds for every
// K' ≥ K, a disproof at K for every K' ≤ K.
package andor

import (
	"context"
	"errors"
	"math"
	"slices"

	"hexproof/board"
	"hexproof/tt"
)

// Outcome of a move: the game goes on, the mover has won, or the board is
// full with no winner; or the game goes on but the player to move next wins
// at once (NextWins: the Problem knows it without the child being searched).
type Outcome uint8

const (
	Going Outcome = iota
	Won
	Drawn
	NextWins
)

// Child is one move of the player to move and where it leads.
type Child[S any] struct {
	Cell board.Cell
	S    S
	O    Outcome
	// Keyed says that Expand gave Key and Store, exactly what Problem.Key(S)
	// returns (a Problem may find them cheaper from the parent at hand);
	// otherwise the search asks Problem.Key.
	Keyed bool
	Store bool
	Key   Key
}

// Problem is the game the search explores. Its methods are called from one
// goroutine.
type Problem[S any] interface {
	// Mover is the player to move in s (a node nobody has won yet).
	Mover(s S) board.Color
	// Key is the table key of s, and whether s may be stored. Two nodes with
	// the same key must have the same value at every bound. (Expand may give
	// its children's keys instead: Child.Keyed.)
	Key(s S) (Key, bool)
	// Expand appends the mover's moves in s to out, in cell order (best
	// first for a Focused problem, in an order fixed by s), each made
	// through the game step; or only one move that ends the game with the
	// mover's win, which decides s whatever the other moves are (prepare).
	// An error (a strategy error) ends the search.
	Expand(s S, out []Child[S]) ([]Child[S], error)
	// Threats is the set of empty cells where the player NOT to move would win
	// at once by a stone there, and whether that player may play every empty
	// cell (only then does the mustplay rule apply; ok=false: unknown).
	Threats(s S) (t board.Bits, ok bool)
}

// Distant is a Problem that can bound from below how far a player is from a
// win: Needs is at most the number of stones who must still place in s to
// win. The search then refutes a bounded question (K below the cells) at a
// node where the prover cannot place that many stones by ply K, without
// expanding it.
type Distant[S any] interface {
	// Needs is the bound n for who in s, and the cells where a stone of
	// who lowers it by one (each by one, so a child's bound is known from
	// its parent's without asking).
	Needs(s S, who board.Color) (n int, lower board.Bits)
	Cells() int // the board's cells (a full board ends the game)
}

// Decider is a Problem that can decide some nodes without expanding them
// (the solver's Hex knowledge). Its answers must hold for the unbounded
// question (whoever wins the game, however long it lasts), so the search
// asks it only when the bound K is at least Cells, and stores what it says
// as a value at that bound.
type Decider[S any] interface {
	// Decide says who wins s with perfect play, when it knows.
	Decide(s S) (winner board.Color, ok bool)
	Cells() int // the board's cells
}

// Focused is a Problem whose Expand gives the children best first, by a
// heuristic, for focused DFPN (Henderson 2010, §5.2.3): a node's proof and
// disproof numbers, and the child searched next, are taken over only the
// first Base + ⌈Fraction × u⌉ of its children that are not yet refuted for
// the mover (u of them), in Expand's order. A child refuted for the mover
// leaves the window and the next one enters, so every child is searched
// before a node is refuted; a node is still proven or refuted only from its
// children's values, so the focus changes which tree is found, never an
// answer.
type Focused interface {
	Focus() (base int, fraction float64)
}

// NodeFocused is a Problem whose focus window is set node by node: FocusAt
// gives it for s, the node being searched (base 0: every child counts). It
// takes the place of Focused, with the same argument: the window only picks
// which open children steer the search and which is searched next; a node is
// proven or refuted from its children's values alone, and every child is
// searched before a node is refuted for its mover. (`some` uses it to search
// a preferred move of the strategy first: verify/some.go.)
type NodeFocused[S any] interface {
	FocusAt(s S) (base int, fraction float64)
}

// Key identifies a node in the table: a position (usually canonical under
// symmetry) and a tag for whatever else its future depends on (for example
// the opponent's last move, which a strategy's answer depends on).
type Key struct {
	tt.Key
	Tag uint16
}

// ErrStopped is returned when the context is done or the node budget is spent.
var ErrStopped = errors.New("search stopped")

// Search answers Prove questions for one prover over one Problem, with one
// table shared by all its questions.
type Search[S any] struct {
	P        Problem[S]
	Prover   board.Color
	DrawWins bool // a full board with no winner counts as the prover's win
	Ctx      context.Context
	// MaxNodes stops the search after that many expansions (0: none).
	MaxNodes int64
	// OnProgress, if set, is called with Nodes every 1024 expansions.
	OnProgress func(nodes int64)
	// Oracle, if set, is asked about a node (key k, ply d) that the table
	// does not answer for bound K: ok says it knows whether the prover wins
	// by K (v), from a tree of the given depth. It must only answer what is
	// proven (for example by another search over the same game).
	Oracle func(k Key, d, K int) (v bool, depth int, ok bool)
	// OnSolved, if set, hears every value the search settles for a node it
	// may store (key k, ply d): the prover wins by K (v) or not, from a
	// tree of the given depth. With an Oracle that gives these answers back
	// (solve --db), a later search continues from them.
	OnSolved func(k Key, d, K int, v bool, depth int)
	// OracleTable, if set, is the table the Oracle reads: the search loads
	// its buckets together with its own (see mid), since the Oracle is asked
	// wherever its own table has no answer.
	OracleTable *Table

	Nodes int64 // expansions so far
	Hits  int64 // questions answered by the table
	table *Table
	far   Distant[S]
	dec   Decider[S]
	decAt int // the least bound at which dec is asked
	// focusBase and focusFrac are the window of focused DFPN (Focused;
	// focusBase 0: off).
	focusBase int
	focusFrac float64
	nodeFocus NodeFocused[S]
	cells     int // far's board's cells: a question with K below them is bounded
	levels    []level[S]
	path      []board.Cell
	failAt    []board.Cell
	sink      uint8 // keeps the bucket loads of mid's first pass
}

// level is the scratch of one ply of the depth-first search.
type level[S any] struct {
	kids []Child[S]
	info []kid
}

// kid is what the search knows of one child during its parent's loop.
type kid struct {
	key    Key
	stored bool
	pn, dn uint64
	depth  int // of the tree behind a proof or disproof (pn or dn 0)
}

// New makes a search with a table of about tableBytes bytes.
func New[S any](p Problem[S], prover board.Color, drawWins bool, ctx context.Context, tableBytes int64) *Search[S] {
	return NewWithTable(p, prover, drawWins, ctx, NewTable(tableBytes))
}

// NewWithTable is New with the table given (e.g. one that grows within a
// shared Pool).
func NewWithTable[S any](p Problem[S], prover board.Color, drawWins bool, ctx context.Context, table *Table) *Search[S] {
	if ctx == nil {
		ctx = context.Background()
	}
	x := &Search[S]{P: p, Prover: prover, DrawWins: drawWins, Ctx: ctx, table: table}
	if far, ok := p.(Distant[S]); ok {
		x.far, x.cells = far, far.Cells()
	}
	if dec, ok := p.(Decider[S]); ok {
		x.dec, x.decAt = dec, dec.Cells()
	}
	if f, ok := p.(Focused); ok {
		x.focusBase, x.focusFrac = f.Focus()
	}
	if f, ok := p.(NodeFocused[S]); ok {
		x.nodeFocus = f
	}
	return x
}

// Table is the search's transposition table.
func (s *Search[S]) Table() *Table { return s.table }

// FailPath is the moves from the root of the last Prove to the node whose
// expansion failed (after an error other than ErrStopped).
func (s *Search[S]) FailPath() []board.Cell { return s.failAt }

// Prove says whether the prover forces its win by ply K from root, a node
// that nobody has won, with ply stones on the board.
func (s *Search[S]) Prove(root S, ply, K int) (bool, error) {
	v, _, err := s.ProveDepth(root, ply, K)
	return v, err
}

// ProveDepth is Prove with the depth of the tree the search found for its
// answer: the plies from root to the end of the longest game in it, where
// the winner of the tree (the prover for a proof, the disprover for a
// disproof) picks one move at its turns and the other player's every move is
// in the tree. Under the unbounded question (K ≥ the cells left) every game
// of a disproof's tree ends with the disprover's win (a draw counts as
// DrawWins says) by ply ply+depth, so that bounds the disprover's own proof
// length from above. (Bounded disproofs also end at the bound, and their
// depth means nothing.) TestDepthBoundsProofLength compares with the least
// proof length.
func (s *Search[S]) ProveDepth(root S, ply, K int) (bool, int, error) {
	s.path = s.path[:0]
	s.failAt = nil
	key, store := s.P.Key(root)
	pn, dn, depth, err := s.mid(root, key, store, ply, K, inf-1, inf-1)
	if err != nil {
		return false, 0, err
	}
	if pn != 0 && dn != 0 {
		// Only 0 is exact: a number that reached inf by saturation is not a
		// proof of the other value. (With 64-bit numbers this needs about
		// 2^62 node estimates; with the 32-bit numbers of before it
		// happened on 2x12, where it was read as a disproof.)
		return false, 0, ErrUndecided
	}
	return pn == 0, depth, nil
}

// ErrUndecided: the proof and disproof numbers saturated before the root was
// proven or disproven (never seen with 64-bit numbers; an error rather than a
// wrong answer).
var ErrUndecided = errors.New("search undecided: proof numbers saturated")

// inf is the proof number of a disproven node (and the disproof number of a
// proven one). Sums saturate at inf, so a saturated sum looks like a proof or
// disproof; only 0 is exact, and Prove refuses a root that neither number
// decided (ErrUndecided). The numbers are 64-bit so that no search of this
// size comes near inf: with 32-bit numbers and inf = 2^30, `solve` on the
// 2×12 cylinder with Red starting overcounted transpositions up to inf and
// answered "Blue wins" (docs/history/results-2026-11.md, "Proof-number
// saturation"). A variable only
// so that the tests can make saturation happen on a small problem.
var inf = uint64(1) << 62

// SaturateAt sets the bound at which proof numbers saturate (normally 2^62)
// and returns the function that restores it. It is for the tests of the
// packages and commands built on this one, which must show that a saturated
// search is reported as undecided, never as an answer; it must not be called
// while a search runs.
func SaturateAt(bound uint64) (restore func()) {
	saved := inf
	inf = bound
	return func() { inf = saved }
}

func add(a, b uint64) uint64 { return min(a+b, inf) }

// stored is a number as the table keeps it (32 bits, below the table's
// sentinel values): the numbers only steer the search, so clamping a large
// one costs time, never an answer.
func stored(x uint64) uint32 { return uint32(min(x, 1<<31)) }

// mid searches n (ply d; table key key, stored if store) until its proof
// number reaches thpn or its disproof number reaches thdn, or it is solved,
// and returns both numbers (0/inf for a proof, inf/0 for a disproof) and, when
// solved, the depth of the tree behind it (see ProveDepth): at the winner's
// turn 1 + the least depth of its winning children, at the other player's 1 +
// the greatest of all children's. The parent passes the child's key, found
// for its own loop, so that it is not asked twice.
func (s *Search[S]) mid(n S, key Key, store bool, d, K int, thpn, thdn uint64) (pn, dn uint64, depth int, err error) {
	if d >= K {
		// No move is left before the bound, and n is not over.
		return inf, 0, 0, nil
	}
	// The prover's distance to a win in n, for a bounded question.
	var need int
	var lower board.Bits
	if s.far != nil && K < s.cells {
		need, lower = s.far.Needs(n, s.Prover)
		if s.tooFar(need, n, d, K) {
			return inf, 0, 0, nil // the prover cannot win by K
		}
	}
	if store {
		if v, dp, ok := s.known(key, d, K); ok {
			s.Hits++
			if v {
				return 0, inf, dp, nil
			}
			return inf, 0, dp, nil
		}
	}
	s.Nodes++
	// The context and the node budget every 16 expansions, so that a search
	// with the Hex knowledge on a large board (milliseconds per expansion)
	// stops soon after its deadline (explore's overlay) and a small budget
	// (hunt's guided games, solve.FindWin) is kept to within 16; progress
	// every 1024.
	if s.Nodes&15 == 0 {
		if s.Nodes&1023 == 0 && s.OnProgress != nil {
			s.OnProgress(s.Nodes)
		}
		if s.MaxNodes > 0 && s.Nodes > s.MaxNodes {
			return 0, 0, 0, ErrStopped
		}
		if s.Ctx.Err() != nil {
			return 0, 0, 0, ErrStopped
		}
	}
	if s.dec != nil && K >= s.decAt {
		if w, ok := s.dec.Decide(n); ok {
			// Knowledge decides the unbounded question only: the value is
			// stored at bound K (every question here has K ≥ the cells, so
			// it is the same question), and the depth is the most plies the
			// game can still last, a bound that holds whatever the knowledge
			// skipped.
			v := w == s.Prover || (w == board.Empty && s.DrawWins)
			depth = max(s.decAt-d, 1)
			if store {
				s.solved(key, d, v, K, K, depth)
			}
			if v {
				return 0, inf, depth, nil
			}
			return inf, 0, depth, nil
		}
	}
	decided, v, exact, err := s.prepare(n, d, K)
	if err != nil {
		return 0, 0, 0, err
	}
	if decided {
		// The game ends at ply d+1 (exact) or, by the mustplay rule, at d+2.
		depth = 2
		if exact {
			depth = 1
		}
		if store {
			switch {
			case exact && v:
				// A win at ply d+1 holds at every bound ≥ d+1.
				s.solved(key, d, true, d+1, K, depth)
			case exact:
				// The disprover's win or draw, or every move losing at once:
				// false at every bound.
				s.solved(key, d, false, refutedAlways, K, depth)
			case v:
				s.solved(key, d, true, min(K, d+depth), K, depth)
			default:
				s.solved(key, d, false, K, K, depth)
			}
		}
		if v {
			return 0, inf, depth, nil
		}
		return inf, 0, depth, nil
	}
	lv := &s.levels[d]
	kids, info := lv.kids, lv.info[:0]
	mover := s.P.Mover(n)
	// Two passes: the keys first, each with a load of its table bucket, so
	// that the children's cache misses overlap instead of coming one after
	// another; then the table is read.
	for i := range kids {
		k := kid{pn: 1, dn: 1}
		if kids[i].Keyed {
			k.key, k.stored = kids[i].Key, kids[i].Store
		} else {
			k.key, k.stored = s.P.Key(kids[i].S)
		}
		info = append(info, k)
	}
	var touched uint8
	for i := range info {
		if info[i].stored {
			touched += s.table.touch(info[i].key)
		}
	}
	if s.OracleTable != nil {
		for i := range info {
			if info[i].stored {
				touched += s.OracleTable.touch(info[i].key)
			}
		}
	}
	s.sink += touched
	for i := range info {
		k := &info[i]
		if k.stored {
			// known and then Numbers, with one search of the bucket.
			e, v, dp, ok := s.lookup(k.key, d+1, K)
			if ok {
				k.depth = dp
				if v {
					k.pn, k.dn = 0, inf
				} else {
					k.pn, k.dn = inf, 0
				}
			} else if p, q, ok := e.numbers(); ok {
				k.pn, k.dn = uint64(p), uint64(q)
			} else if need > 0 && s.tooFar(kidNeed(need, lower, mover, s.Prover, kids[i].Cell), kids[i].S, d+1, K) {
				k.pn, k.dn = inf, 0
			}
		}
	}
	lv.info = info
	or := mover == s.Prover
	focusBase, focusFrac := s.focusBase, s.focusFrac
	if s.nodeFocus != nil {
		focusBase, focusFrac = s.nodeFocus.FocusAt(n)
	}
	for {
		// The numbers of n from its children's; best is the child to search
		// (OR: least proof number; AND: least disproof number, first in the
		// children's order on ties) and second the runner-up's number.
		best, second := -1, inf
		var bestNum uint64 = inf
		pn, dn = 0, 0
		if or {
			pn = inf
		} else {
			dn = inf
		}
		// Focused DFPN: only the first `window` children still open count
		// (a child refuted for the mover changes neither number, and one
		// that wins for the mover decides n, so both always count).
		window := len(info)
		if focusBase > 0 {
			open := 0
			for i := range info {
				if c := &info[i]; c.pn != 0 && c.dn != 0 {
					open++
				}
			}
			window = focusBase + int(math.Ceil(focusFrac*float64(open)))
		}
		for i := range info {
			c := &info[i]
			if c.pn != 0 && c.dn != 0 {
				if window == 0 {
					continue
				}
				window--
			}
			num := c.dn
			if or {
				num = c.pn
				pn = min(pn, c.pn)
				dn = add(dn, c.dn)
			} else {
				pn = add(pn, c.pn)
				dn = min(dn, c.dn)
			}
			switch {
			case best < 0 || num < bestNum:
				if best >= 0 {
					second = bestNum
				}
				best, bestNum = i, num
			case num < second:
				second = num
			}
		}
		if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn {
			break
		}
		c := &info[best]
		// 1+ε: let the child run until it is a quarter worse than the
		// runner-up, so that the search does not switch back and forth.
		limit := add(second, second/4+1)
		var cpn, cdn uint64
		if or {
			cpn = min(thpn, limit)
			cdn = add(thdn-dn, c.dn)
		} else {
			cdn = min(thdn, limit)
			cpn = add(thpn-pn, c.pn)
		}
		s.path = append(s.path, kids[best].Cell)
		c.pn, c.dn, c.depth, err = s.mid(kids[best].S, c.key, c.stored, d+1, K, cpn, cdn)
		s.path = s.path[:len(s.path)-1]
		if err != nil {
			return 0, 0, 0, err
		}
		// The child's search used this level's scratch below d only.
		lv = &s.levels[d]
		kids, info = lv.kids, lv.info
	}
	if pn == 0 || dn == 0 {
		depth = treeDepth(info, or == (pn == 0), pn == 0)
	}
	if store {
		switch {
		case pn == 0:
			// Every game of the proof's tree ends by ply d+depth: it proves
			// the win by that bound too, which later, smaller bounds reuse.
			s.solved(key, d, true, min(K, d+depth), K, depth)
		case dn == 0:
			s.solved(key, d, false, K, K, depth)
		default:
			s.table.SetNumbers(key, d, stored(pn), stored(dn))
		}
	}
	return pn, dn, depth, nil
}

// solved stores n's value v at bound K, which holds up to bound (a proof
// for every bound ≥ bound, a disproof for every bound ≤ it), and tells
// OnSolved.
func (s *Search[S]) solved(key Key, d int, v bool, bound, K, depth int) {
	s.table.Store(key, d, v, bound, depth)
	if s.OnSolved != nil {
		s.OnSolved(key, d, K, v, depth)
	}
}

// tooFar says that the prover, who needs need more stones (Distant), cannot
// win by ply K from n (ply d). Its stones come at plies d+1, d+3, … when it
// moves in n, else d+2, d+4, …; a draw, which DrawWins may count as its win,
// needs a full board, so the bound is asked only of questions with K below
// the cells, where no draw can come by K.
func (s *Search[S]) tooFar(need int, n S, d, K int) bool {
	if need == 0 {
		return false
	}
	last := d + 2*need
	if s.P.Mover(n) == s.Prover {
		last--
	}
	return last > K
}

// kidNeed is the prover's need after mover's stone on c, from the parent's.
func kidNeed(need int, lower board.Bits, mover, prover board.Color, c board.Cell) int {
	if mover == prover && lower.Has(c) {
		return need - 1
	}
	return need
}

// Known says whether the prover's win by K is known, without a search, for
// the node with key k at ply d: from the table, then from the Oracle.
func (s *Search[S]) Known(k Key, d, K int) (v, ok bool) {
	v, _, ok = s.known(k, d, K)
	return v, ok
}

// known is Known with the depth of the tree behind the answer.
func (s *Search[S]) known(k Key, d, K int) (v bool, depth int, ok bool) {
	_, v, depth, ok = s.lookup(k, d, K)
	return v, depth, ok
}

// lookup is known with k's table entry (nil if none), whose numbers the
// caller may want next.
func (s *Search[S]) lookup(k Key, d, K int) (e *entry, v bool, depth int, ok bool) {
	e = s.table.find(k)
	if v, depth, ok = e.value(K); ok || s.Oracle == nil {
		return e, v, depth, ok
	}
	v, depth, ok = s.Oracle(k, d, K)
	return e, v, depth, ok
}

// treeDepth is the depth of a solved node's tree from its children's: when
// the winner of the tree (the prover if proven) is to move, 1 + the least
// depth of the children solved its way; else every child is solved its way
// and it is 1 + the greatest. (Children that the mustplay rule dropped end
// the game at the next ply, depth 1, within every child's.)
func treeDepth(info []kid, winnerMoves, proven bool) int {
	best := -1
	for i := range info {
		c := &info[i]
		won := c.pn == 0
		if !proven {
			won = c.dn == 0
		}
		switch {
		case !won:
		case best < 0:
			best = c.depth
		case winnerMoves:
			best = min(best, c.depth)
		default:
			best = max(best, c.depth)
		}
	}
	return 1 + max(best, 1)
}

// winsFor says whether a terminal move by mover with outcome o is a win for
// the prover.
func (s *Search[S]) winsFor(mover board.Color, o Outcome) bool {
	if o == Drawn {
		return s.DrawWins
	}
	return mover == s.Prover
}

// prepare expands n into s.levels[d].kids: the moves worth searching. If the
// game's end or the mustplay rule already decides n, decided is set with the
// value v; exact says the game's end at ply d+1 decided it.
func (s *Search[S]) prepare(n S, d, K int) (decided, v, exact bool, err error) {
	for len(s.levels) <= d {
		s.levels = append(s.levels, level[S]{})
	}
	kids, err := s.P.Expand(n, s.levels[d].kids[:0])
	s.levels[d].kids = kids[:0]
	if err != nil {
		s.failAt = slices.Clone(s.path)
		return false, false, false, err
	}
	mover := s.P.Mover(n)
	or := mover == s.Prover
	// The game's end first: a move that ends it decides an OR node if it is
	// the prover's win and an AND node if it is not (d+1 ≤ K here).
	ended := 0
	for i := range kids {
		if kids[i].O == Going || kids[i].O == NextWins {
			continue
		}
		ended++
		if w := s.winsFor(mover, kids[i].O); w == or {
			return true, w, true, nil
		}
	}
	if ended == len(kids) {
		return true, !or, true, nil
	}
	// Mustplay (sound on every geometry): if the player not to move, who may
	// play any empty cell, would win at once at cell t, then every move of
	// the mover other than t lets it (so with two such cells, every move): t
	// stays empty (the board is not full after a move that keeps the game
	// going and leaves t empty) and a win depends only on the winner's own
	// stones (a connection, a cycle around the cylinder, a winding on the
	// torus), which the mover's stone does not remove. Such a move ends the
	// game at ply d+2 with the other player's win: a loss for an OR node's
	// mover, a win for the prover at an AND node (if d+2 ≤ K). The tests
	// compare with the plain minimax.
	//
	// A move marked NextWins is decided the same way: the other player wins
	// at ply d+2.
	threats, ok := s.P.Threats(n)
	j := 0
	for i := range kids {
		c := kids[i]
		if c.O == Won || c.O == Drawn {
			continue // ended moves were all bad for the mover
		}
		if c.O == NextWins || ok && threats.Without(c.Cell).Any() {
			if or {
				continue // loses at d+2
			}
			if d+2 > K {
				return true, false, false, nil // no win by K that way: the disprover takes it
			}
			continue // the prover wins at d+2 ≤ K: no help to the disprover
		}
		kids[j] = c
		j++
	}
	s.levels[d].kids = kids[:j]
	if j == 0 {
		// OR: every move loses; AND: every move loses for the disprover.
		return true, !or, false, nil
	}
	return false, false, false, nil
}
