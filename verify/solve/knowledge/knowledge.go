// Package knowledge is the Hex knowledge of the perfect-play solver
// (verify/solve) on the cylinder and the flat board: which empty cells are
// dead, whether Red (the player who connects ring 1 to ring n) already has a
// virtual connection, and where Blue must play to stop Red's
// semi-connections. Every deduction speaks of perfect play, so it belongs to
// `solve` and never to `verify` of a fixed strategy
// (docs/decisions/solve.md K0).
//
// The ideas are Henderson's (thesis 2010, ch. 2–5: dead cells, H-search,
// must-play); what carries over to the cylinder, and why, is argued piece by
// piece in docs/decisions/solve.md. In short, both arguments use only Red's
// goal: on the cylinder and on the flat board a full board has exactly one
// winner, so Blue wins exactly when Red cannot connect, and Red's goal is a
// connection between two terminals in a graph whose columns may wrap. The
// torus has no such terminals; Analyzer refuses it.
package knowledge

import (
	"errors"
	"math/bits"

	"hexproof/board"
)

// MaxCells is the largest board an Analyzer takes (the solver's own limit):
// a set of cells is one machine word here.
const MaxCells = 64

// ErrGeometry: the knowledge is not proved for the torus (no terminals).
var ErrGeometry = errors.New("hex knowledge applies to the cylinder and the flat board, not the torus")

// Analysis is what the knowledge says of one position with one player to
// move.
type Analysis struct {
	// Winner is the winner with perfect play when the knowledge decides the
	// position (board.Empty: not decided).
	Winner board.Color
	// Why names the deduction that decided it (for tests and debugging).
	Why string
	// Dead is the set of empty cells found dead (after earlier ones were
	// filled with Blue; see Analyze).
	Dead board.Bits
	// Captured is the set of empty cells filled as captured pairs (K9),
	// Red's with Red and Blue's with Blue; never among Moves.
	Captured board.Bits
	// Moves are the mover's moves that must be searched: every other empty
	// cell is no better than one of them. Set only when Winner is Empty; never
	// empty then.
	Moves board.Bits
	// Keys, when Red to move wins by a semi-connection, are the cells Red
	// plays first in the ones H-search found: each is a winning move.
	Keys board.Bits
	// MustPlay is, for Blue to move, the intersection of the carriers of
	// Red's semi-connections between ring 1 and ring n that H-search found;
	// for Red to move, the intersection of the carriers of Blue's threats
	// (K6). It is the live cells when nothing was found.
	MustPlay board.Bits
}

// Limits bound H-search's work per position (each list is per pair of
// nodes). A limit makes H-search find fewer connections, never a wrong one.
type Limits struct {
	VCs, SCs int // carriers kept per pair (at most 16 and 64)
	// RingSCs is the SCs kept between the two terminals in Red's search
	// (at most 64; 0: SCs): their carriers make Blue's must-play set, and
	// the OR rule on them makes the connection that decides a position,
	// so a longer list pays there (K18).
	RingSCs int
	OrDepth int // semi-connections the OR rule combines with a new one
	HSearch bool
	// NoThreats turns Blue's threats off (K6), for measurements.
	NoThreats bool
	// NoRing turns Blue's virtual ring off (K7), for measurements.
	NoRing bool
	// NoCapture turns the captured pairs off (K9), for measurements.
	NoCapture bool
	// NoBlueHSearch turns Blue's H-search with windings off (K10); it runs
	// only with HSearch.
	NoBlueHSearch bool
	// NoBands turns the band templates off (K21), for measurements;
	// BandsBelow > 0 uses only the depths below it (TestBandTemplates
	// checks each depth with the smaller ones alone).
	NoBands    bool
	BandsBelow int
}

// DefaultLimits are the limits the solver uses.
var DefaultLimits = Limits{VCs: 4, SCs: 10, RingSCs: 48, OrDepth: 6, HSearch: true}

// PinnedLimits are DefaultLimits without the band templates (K21): the
// knowledge as it was when the strategies that ask it (fitzgerald-repaired
// and its kin, package strategies) were proved. A strategy is its answers,
// so its knowledge stays fixed (TestAnalysesPinned); the solver's may grow.
var PinnedLimits = Limits{VCs: 4, SCs: 10, RingSCs: 48, OrDepth: 6, HSearch: true, NoBands: true}

// Analyzer analyses positions of one board. It keeps scratch space, so one
// Analyzer must not be used by two goroutines at once.
type Analyzer struct {
	b      *board.Board
	lim    Limits
	all    uint64
	top    uint64
	bot    uint64
	nbr    []uint64
	h      hsearch
	layers []uint64
	stats  Stats
	// cylinder and col (each cell's column, 0-based) serve Blue's virtual
	// ring (ring.go); the ring* slices are its scratch space.
	cylinder  bool
	col       []int
	ringGid   []int
	ringLift  []int
	ringStack []int
	ringTouch []uint64
	ringLinks [][]ringLink
	ringCands [64]ringCand
	capGs     []group   // scratch: Red's groups with one more stone (captured)
	circ      []float64 // scratch: the circuit of Currents
	// The band templates (band.go, K21): bands says they are in use; ring
	// is each cell's ring (1-based), above[j] and below[j] the cells of the
	// rings before and after ring j, bandTop[j] whether a stone in ring j
	// reaches ring 1 across the band above it, bandBot[j] ring n across the
	// band below.
	bands            bool
	ring             []uint8
	above, below     []uint64
	bandTop, bandBot []bool
	// The band games with stones in the band (K24; SetBandGames): games
	// answers them, within gamesDepth and gamesBlue; inRing[j] is ring j's
	// cells and half the board's half-turn.
	games                 BandGames
	gamesDepth, gamesBlue int
	inRing                []uint64
	half                  board.Perm
}

// Stats count what the knowledge decided, for measurements.
type Stats struct {
	Analyses, DecidedRed, DecidedBlue, DeadCells, Captured, Pruned int64
}

// New makes an Analyzer for b (cylinder or flat, at most 64 cells).
func New(b *board.Board, lim Limits) (*Analyzer, error) {
	if b.Geo == board.Torus {
		return nil, ErrGeometry
	}
	if b.Cells() > MaxCells {
		return nil, errors.New("hex knowledge handles boards of at most 64 cells")
	}
	lim.VCs = min(max(lim.VCs, 1), maxVC)
	lim.SCs = min(max(lim.SCs, 1), maxSC)
	if lim.RingSCs == 0 {
		lim.RingSCs = lim.SCs
	}
	lim.RingSCs = min(max(lim.RingSCs, 1), maxSC)
	lim.OrDepth = max(lim.OrDepth, 1)
	a := &Analyzer{b: b, lim: lim, all: b.All().Lo, top: b.Top().Lo, bot: b.Bottom().Lo}
	a.nbr = make([]uint64, b.Cells())
	a.col = make([]int, b.Cells())
	for c := range a.nbr {
		a.nbr[c] = b.Neighbours(board.Cell(c)).Lo
		i, _ := b.Coord(board.Cell(c))
		a.col[c] = i - 1
	}
	a.cylinder = b.Geo == board.Cylinder
	a.bandSetup(b)
	return a, nil
}

// Stats is what the Analyzer has counted so far.
func (a *Analyzer) Stats() Stats { return a.stats }

// Analyze says what the knowledge knows of p (nobody has won, the board is
// not full) with mover to move.
//
// Steps (each argued in docs/decisions/solve.md):
//  1. Dead cells, to a fixpoint: an empty cell whose non-Blue neighbourhood is
//     a clique (see dead) is dead; it is filled with Blue and the others are
//     looked at again. Then captured pairs (K9): two empty cells each of which
//     a player's stone on the other makes dead are filled with that
//     player's colour, and the dead cells are looked for again. The filled
//     position has p's value, and so has every move on a cell still empty
//     (K1, K9).
//  2. If the cells not Blue after the fill no longer join ring 1 to ring n,
//     Blue has won already in all but name (K1); if Red's stones with its
//     captured cells join them, Red has (K9).
//  3. Blue's threats (K6) and Blue's virtual ring (K7, ring.go).
//  4. H-search for Red on the filled position (K2): a virtual connection
//     between the rings is Red's win whoever moves; a semi-connection is
//     Red's win when Red moves; Blue to move must play inside every
//     semi-connection's carrier, so outside their intersection every Blue move
//     loses.
//  5. Blue's H-search with windings (K10): a virtual ring is Blue's win
//     whoever moves, a semi-ring Blue's win when Blue moves, and Red to move
//     must play inside every semi-ring's carrier.
//  6. Moves: the live cells (a dead cell is no better than any other move,
//     K1), and for Blue only those of the must-play set.
func (a *Analyzer) Analyze(p board.Position, mover board.Color) Analysis {
	res, _ := a.analyze(p, mover, false, false)
	return res
}

// AnalyzeRedFirst is Analyze(p, mover), with Red's H-search (step 4) run
// before Blue's threats and rings (step 3) and, when it decides the
// position for Red, those not run at all. The analysis is the same: every
// deduction is a claim about perfect play (K1–K10), so no position has both
// one that Red wins and one that Blue wins; when Red's H-search decides, the
// steps it skips would have decided nothing, and otherwise the steps run as
// in Analyze, on the same H-search result (H-search does not depend on step
// 3; TestAnalyzeRedFirstIsAnalyze). Analyze keeps its order because Blue's
// checks are cheap and end many of the solver's positions before H-search;
// this order pays where Red's connection decides nearly every position, as
// in a strategy's knowledge tie-break (strategies, knowledge=keep: 99.98 %
// of the analyses of a 5×7 verify shard are Red's).
func (a *Analyzer) AnalyzeRedFirst(p board.Position, mover board.Color) Analysis {
	res, _ := a.analyze(p, mover, true, false)
	return res
}

// RedWins is AnalyzeRedFirst(p, mover) as far as Red's win goes: res.Winner
// is Red exactly when that analysis proves Red's win, and full says whether
// res is the whole analysis (else res only says that Red's win is not
// proved). It stops after Red's H-search when that found neither
// a virtual nor a semi-connection: the steps after it can then prove only
// Blue's win or nothing. With Red to move they decide for Red only by
// H-search's own connections; with Blue to move also when Blue has no live
// cell inside Red's must-play set, which without a semi-connection is every
// live cell. This is the question of a strategy that asks, cell by cell,
// after which move Red's win is proved (strategies, rule S), where Blue's
// checks are most of the cost of an analysis that proves nothing for Red
// (TestRedWinsIsAnalyze).
func (a *Analyzer) RedWins(p board.Position, mover board.Color) (res Analysis, full bool) {
	return a.analyze(p, mover, true, true)
}

// analyze is Analyze (redFirst false) and AnalyzeRedFirst; with redOnly (and
// redFirst) it stops as RedWins says, and full is false when it did.
func (a *Analyzer) analyze(p board.Position, mover board.Color, redFirst, redOnly bool) (res Analysis, full bool) {
	full = true
	res = a.steps(p, mover, redFirst, redOnly, &full)
	return res, full
}

func (a *Analyzer) steps(p board.Position, mover board.Color, redFirst, redOnly bool, full *bool) Analysis {
	a.stats.Analyses++
	red, blue := p.Red.Lo, p.Blue.Lo
	empty := a.all &^ (red | blue)
	dead, redCap, blueCap := a.fill(red, blue, empty)
	a.stats.DeadCells += int64(bits.OnesCount64(dead))
	a.stats.Captured += int64(bits.OnesCount64(redCap | blueCap))
	blue |= dead | blueCap
	red |= redCap
	live := empty &^ (dead | redCap | blueCap)
	res := Analysis{Dead: board.Bits{Lo: dead}, Captured: board.Bits{Lo: redCap | blueCap}}
	if !a.connects(a.all&^blue, a.top, a.bot) {
		a.stats.DecidedBlue++
		res.Winner, res.Why = board.Blue, "no path of cells not blue after the dead cells are filled"
		return res
	}
	if redCap != 0 && a.connects(red, a.top, a.bot) {
		a.stats.DecidedRed++
		res.Winner, res.Why = board.Red, "red's stones and captured cells join ring 1 to ring n"
		return res
	}
	// Red's H-search (step 4), when it comes first: a Red win ends the
	// analysis, anything else waits for its place below.
	var st hresult
	searched := false
	if redFirst && a.lim.HSearch {
		st, searched = a.h.run(a, red, blue, live, a.lim, mover == board.Red), true
		if st.vc || st.sc && mover == board.Red {
			return a.redWon(res, st)
		}
		if redOnly && !st.sc && live != 0 {
			// Nothing below proves Red's win (see RedWins): with no
			// semi-connection the must-play set is every live cell.
			*full = false
			return res
		}
	}
	// Blue's threats (K6): cells where a Blue stone wins at once, and cells
	// where one makes two such cells. They are cheap next to H-search, so
	// they come first; a Red semi-connection still decides a position where
	// they only bound Red's moves.
	redMoves := live
	if !a.lim.NoThreats {
		won, m := a.blueThreats(blue, live, mover == board.Red)
		if won {
			return a.blueWon(res, mover, "blue to move has a threat red cannot meet", "red cannot meet all of blue's threats")
		}
		redMoves = m
	}
	// Blue's virtual ring (K7): Blue wins whoever moves. Then its
	// semi-rings: Blue to move wins by one; Red to move must play inside
	// each one's carrier.
	if !a.lim.NoRing {
		if a.blueRing(blue, live) {
			a.stats.DecidedBlue++
			res.Winner, res.Why = board.Blue, "blue has a virtual ring"
			return res
		}
		won, m := a.semiRings(blue, live, mover == board.Red)
		if mover == board.Red && !won && redMoves&m == 0 {
			won = true
		}
		if won {
			return a.blueWon(res, mover, "blue to move has a semi-ring", "red cannot stop all of blue's semi-rings")
		}
		redMoves &= m
	}
	must := live
	if a.lim.HSearch {
		if !searched {
			st = a.h.run(a, red, blue, live, a.lim, mover == board.Red)
		}
		switch {
		case st.vc, st.sc && mover == board.Red:
			return a.redWon(res, st)
		case st.sc:
			must = st.must
		}
	}
	// Blue's H-search with windings (K10): a virtual ring wins for Blue
	// whoever moves, a semi-ring when Blue moves; Red to move must play
	// inside every semi-ring's carrier.
	if a.lim.HSearch && !a.lim.NoBlueHSearch && (mover == board.Red || must == live) {
		ring, semis, semi := a.blueHSearch(blue, live, redMoves&live, mover == board.Blue)
		switch {
		case ring:
			a.stats.DecidedBlue++
			res.Winner, res.Why = board.Blue, "blue has a virtual ring by H-search"
			return res
		case semis > 0 && (mover == board.Blue || semi == 0):
			return a.blueWon(res, mover, "blue to move has a semi-ring by H-search", "red cannot stop all of blue's semi-rings by H-search")
		case semis > 0:
			redMoves &= semi
		}
	}
	moves := live & redMoves
	if mover == board.Blue {
		moves = live & must
	} else {
		must = redMoves
	}
	res.MustPlay = board.Bits{Lo: must}
	if moves == 0 {
		// Blue's live cells all lie outside the must-play set: each loses,
		// and each dead cell is no better than a live one.
		a.stats.DecidedRed++
		res.Winner, res.Why = board.Red, "blue has no live cell inside red's must-play set"
		return res
	}
	a.stats.Pruned += int64(bits.OnesCount64(empty &^ moves))
	res.Moves = board.Bits{Lo: moves}
	return res
}

// redWon is res decided for Red by H-search's result st: a virtual
// connection, else (Red to move) a semi-connection, whose keys are Red's
// winning moves.
func (a *Analyzer) redWon(res Analysis, st hresult) Analysis {
	a.stats.DecidedRed++
	if st.vc {
		res.Winner, res.Why = board.Red, "red has a virtual connection between ring 1 and ring n"
		return res
	}
	res.Winner, res.Why = board.Red, "red to move has a semi-connection between ring 1 and ring n"
	res.Keys = board.Bits{Lo: st.keys}
	return res
}

// blueWon is res decided for Blue, with the reason for each mover.
func (a *Analyzer) blueWon(res Analysis, mover board.Color, blueToMove, redToMove string) Analysis {
	a.stats.DecidedBlue++
	res.Winner, res.Why = board.Blue, redToMove
	if mover == board.Blue {
		res.Why = blueToMove
	}
	return res
}

// blueThreats looks for Blue's threats on the filled position (blue holds
// the dead cells too; live is the empty cells left) (docs/decisions/solve.md
// K6). A threat of depth 0 is a cell t whose Blue stone leaves the cells not
// Blue without a path from ring 1 to ring n: Blue has then won. A threat of
// depth 1 is a cell c after whose Blue stone there are two or more threats of
// depth 0. won says Blue wins: with Blue to move, a threat of either depth
// exists; with Red to move, two of depth 0, or moves (the intersection of the
// carriers, see below) is empty. moves is, for Red to move, where Red must
// play: inside {t} for each threat t of depth 0 and inside {c} ∪ T(c) for
// each threat c of depth 1 with its threats T(c) of depth 0 (live when there
// are none).
func (a *Analyzer) blueThreats(blue, live uint64, redToMove bool) (won bool, moves uint64) {
	open := a.all &^ blue
	t0 := a.cutCells(open, live)
	if t0 != 0 {
		if !redToMove || t0&(t0-1) != 0 {
			return true, 0
		}
		return false, t0
	}
	moves = live
	for x := live; x != 0; x &= x - 1 {
		c := x & -x
		tc := a.cutCells(open&^c, live&^c)
		if tc&(tc-1) == 0 {
			continue // fewer than two
		}
		if !redToMove {
			return true, 0
		}
		if moves &= c | tc; moves == 0 {
			return true, 0
		}
	}
	return false, moves
}

// cutCells is the set of cells of cand whose removal from set leaves no path
// from ring 1 to ring n inside set (set has one). Each lies on every such
// path, so only the cells of one path are tried.
func (a *Analyzer) cutCells(set, cand uint64) uint64 {
	var cut uint64
	for x := a.path(set) & cand; x != 0; x &= x - 1 {
		if !a.connects(set&^(x&-x), a.top, a.bot) {
			cut |= x & -x
		}
	}
	return cut
}

// path is the cells of one path inside set from ring 1 to ring n (0 if there
// is none), found by layers from ring 1 and walked back from ring n.
func (a *Analyzer) path(set uint64) uint64 {
	layers := a.layers[:0]
	reached := set & a.top
	frontier := reached
	for frontier != 0 && frontier&a.bot == 0 {
		layers = append(layers, frontier)
		frontier = a.grow(frontier) & set &^ reached
		reached |= frontier
	}
	a.layers = layers
	if frontier == 0 {
		return 0
	}
	cur := frontier & a.bot & -(frontier & a.bot)
	p := cur
	for i := len(layers) - 1; i >= 0; i-- {
		nb := layers[i] & a.nbr[bits.TrailingZeros64(cur)]
		cur = nb & -nb
		p |= cur
	}
	return p
}

// connects is board.Connects on one word.
func (a *Analyzer) connects(set, from, to uint64) bool {
	reached := set & from
	frontier := reached
	for frontier != 0 {
		if reached&to != 0 {
			return true
		}
		var g uint64
		for x := frontier; x != 0; x &= x - 1 {
			g |= a.nbr[bits.TrailingZeros64(x)]
		}
		frontier = g & set &^ reached
		reached |= frontier
	}
	return reached&to != 0
}

// reach is the part of set joined inside set to seeds.
func (a *Analyzer) reach(set, seeds uint64) uint64 {
	reached := seeds & set
	frontier := reached
	for frontier != 0 {
		var g uint64
		for x := frontier; x != 0; x &= x - 1 {
			g |= a.nbr[bits.TrailingZeros64(x)]
		}
		frontier = g & set &^ reached
		reached |= frontier
	}
	return reached
}

func (a *Analyzer) grow(s uint64) uint64 {
	var g uint64
	for x := s; x != 0; x &= x - 1 {
		g |= a.nbr[bits.TrailingZeros64(x)]
	}
	return g
}

// group is a node of Red's graph that is not an empty cell: a terminal (the
// Red stones joined to ring 1 or to ring n, which may be none) or another
// Red group. touch is every cell adjacent to it: its stones' neighbours, and
// the whole ring for a terminal.
type group struct {
	stones, touch uint64
}

// groups fills gs with the terminals (0: ring 1, 1: ring n) and Red's other
// groups. Red has not won, so no group touches both rings.
func (a *Analyzer) groups(red uint64, gs []group) []group {
	gs = gs[:0]
	t := a.reach(red, red&a.top)
	bt := a.reach(red, red&a.bot)
	gs = append(gs, group{t, a.top | a.grow(t)}, group{bt, a.bot | a.grow(bt)})
	for rest := red &^ (t | bt); rest != 0; {
		g := a.reach(red, rest&-rest)
		rest &^= g
		gs = append(gs, group{g, a.grow(g)})
	}
	return gs
}

// fill is Analyze's step 1: the dead cells (filled with Blue) and the
// captured pairs (filled with their owner's colour, K9), repeated until
// neither finds more. It leaves a.h.gs holding the groups of Red's stones
// with redCap, as H-search expects.
func (a *Analyzer) fill(red, blue, empty uint64) (dead, redCap, blueCap uint64) {
	for {
		d := a.deadCells(red, blue, empty)
		dead |= d
		blue |= d
		empty &^= d
		if a.lim.NoCapture {
			return
		}
		r, b := a.captured(red, blue, empty)
		if r|b == 0 {
			return
		}
		redCap |= r
		blueCap |= b
		red |= r
		blue |= b
		empty &^= r | b
	}
}

// captured finds captured pairs in the position with Red stones red, Blue
// stones blue (the dead cells included) and empty cells empty, in which no
// empty cell is dead. A pair {x, y} of empty cells is Red's when y is dead
// once x is Red and x is dead once y is Red; Blue's likewise with Blue
// stones. The pairs returned are disjoint, so they can be filled together
// (K9: a pair stays captured whatever is played outside it).
//
// Only cells whose neighbourhood the extra stone changes can become dead:
// for a Blue stone on x, x's neighbours; for a Red one, the cells that touch
// the group x joins. A Red stone that would win at once is not tried (the
// groups assume Red has not won).
func (a *Analyzer) captured(red, blue, empty uint64) (redCap, blueCap uint64) {
	gs := a.groups(red, a.h.gs[:0])
	a.h.gs = gs
	if len(gs) > 64 {
		// Never on a board of 64 cells (no two groups are adjacent), but
		// the masks below hold 64.
		return a.capturedByGroups(red, empty, gs)
	}
	// next[u]: the groups of gs next to empty cell u, one bit each.
	var next [MaxCells]uint64
	for i := range gs {
		for t := gs[i].touch & empty; t != 0; t &= t - 1 {
			next[bits.TrailingZeros64(t)] |= 1 << uint(i)
		}
	}
	var killR, killB [MaxCells]uint64 // cells a Red / Blue stone on x makes dead
	for x := empty; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		bit := uint64(1) << uint(c)
		open := empty &^ bit
		for y := a.nbr[c] & open; y != 0; y &= y - 1 {
			u := bits.TrailingZeros64(y)
			if m := next[u]; m&(m-1) == 0 { // at most one group next to u
				var gt uint64
				if m != 0 {
					gt = gs[bits.TrailingZeros64(m)].touch
				}
				if a.cliqueWith(u, open, m != 0, gt) {
					killB[c] |= 1 << uint(u)
				}
			}
		}
		// A Red stone on c merges the groups next to c (joined is their
		// set) into one, whose neighbourhood is theirs and c's; the other
		// groups stay as they were. Next to both terminals, it wins.
		joined := next[c]
		if joined&3 == 3 {
			continue
		}
		gt := a.nbr[c]
		for j := joined; j != 0; j &= j - 1 {
			gt |= gs[bits.TrailingZeros64(j)].touch
		}
		for y := gt & open; y != 0; y &= y - 1 {
			u := bits.TrailingZeros64(y)
			if next[u]&^joined == 0 && a.cliqueWith(u, open, true, gt) {
				killR[c] |= 1 << uint(u)
			}
		}
	}
	return pairsOf(empty, &killR, &killB)
}

// capturedByGroups is captured computed from the groups of every position
// with one more Red stone, as first written: slower, kept for boards with
// more groups than captured's masks hold, and as the reference its test
// compares against (TestCapturedEqualsByGroups).
func (a *Analyzer) capturedByGroups(red, empty uint64, gs []group) (redCap, blueCap uint64) {
	var killR, killB [MaxCells]uint64
	for x := empty; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		bit := uint64(1) << uint(c)
		open := empty &^ bit
		for y := a.nbr[c] & open; y != 0; y &= y - 1 {
			if u := bits.TrailingZeros64(y); a.cliqueAround(u, open, gs) {
				killB[c] |= 1 << uint(u)
			}
		}
		r := red | bit
		if t := a.reach(r, r&a.top); t&a.bot != 0 {
			continue
		}
		gx := a.groups(r, a.capGs[:0])
		a.capGs = gx
		for i := range gx {
			if gx[i].stones&bit == 0 {
				continue // only the group x joins has a new neighbourhood
			}
			for y := gx[i].touch & open; y != 0; y &= y - 1 {
				if u := bits.TrailingZeros64(y); a.cliqueAround(u, open, gx) {
					killR[c] |= 1 << uint(u)
				}
			}
		}
	}
	return pairsOf(empty, &killR, &killB)
}

// pairsOf picks the captured pairs out of the kill sets: {x, y} is Red's
// when a Red stone on either kills the other, Blue's likewise; the pairs
// are taken in cell order and kept disjoint.
func pairsOf(empty uint64, killR, killB *[MaxCells]uint64) (redCap, blueCap uint64) {
	var used uint64
	for x := empty; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		for y := (killR[c] | killB[c]) &^ used; y != 0; y &= y - 1 {
			u := bits.TrailingZeros64(y)
			if u <= c || used&(1<<uint(c)) != 0 {
				continue
			}
			pair := uint64(1)<<uint(c) | uint64(1)<<uint(u)
			switch {
			case killR[c]&(1<<uint(u)) != 0 && killR[u]&(1<<uint(c)) != 0:
				redCap |= pair
			case killB[c]&(1<<uint(u)) != 0 && killB[u]&(1<<uint(c)) != 0:
				blueCap |= pair
			default:
				continue
			}
			used |= pair
		}
	}
	return redCap, blueCap
}

// deadCells is the set of empty cells found dead, filled with Blue one after
// another until no more are found.
//
// An empty cell c is dead when the nodes of Red's graph next to it — its
// empty neighbours, the Red groups its stone neighbours belong to, and the
// terminal of its ring if it lies on ring 1 or ring n — are pairwise equal or
// adjacent (a clique). Then a Red path through c can always step from the
// node before c to the node after it without c, so c's colour never decides
// the winner (docs/decisions/solve.md K1 has the case analysis). Filling c
// with Blue removes it from the graph; the adjacency of the other nodes is
// unchanged, and their neighbourhoods only shrink, so the scan repeats until
// nothing changes.
func (a *Analyzer) deadCells(red, blue, empty uint64) uint64 {
	gs := a.groups(red, a.h.gs[:0])
	a.h.gs = gs
	var dead uint64
	for changed := true; changed; {
		changed = false
		for x := empty &^ dead; x != 0; x &= x - 1 {
			c := bits.TrailingZeros64(x)
			open := empty &^ dead
			if a.cliqueAround(c, open, gs) {
				dead |= 1 << uint(c)
				changed = true
			}
		}
	}
	return dead
}

// cliqueAround says whether the Red-graph nodes next to empty cell c are a
// clique, with open the empty cells still in the graph.
func (a *Analyzer) cliqueAround(c int, open uint64, gs []group) bool {
	bit := uint64(1) << uint(c)
	// The group nodes next to c: at most one may be (two distinct groups are
	// never adjacent, and the two terminals are not).
	g := -1
	for i := range gs {
		if gs[i].touch&bit != 0 {
			if g >= 0 {
				return false
			}
			g = i
		}
	}
	if g < 0 {
		return a.cliqueWith(c, open, false, 0)
	}
	return a.cliqueWith(c, open, true, gs[g].touch)
}

// cliqueWith is cliqueAround once the group nodes next to c are known: none
// (group false) or one, whose neighbourhood is gt.
func (a *Analyzer) cliqueWith(c int, open uint64, group bool, gt uint64) bool {
	e := a.nbr[c] & open
	for x := e; x != 0; x &= x - 1 {
		u := bits.TrailingZeros64(x)
		// Every other empty neighbour must be adjacent to u, and u to the group.
		if e&^(1<<uint(u))&^a.nbr[u] != 0 {
			return false
		}
		if group && gt&(1<<uint(u)) == 0 {
			return false
		}
	}
	return true
}

// Distance is the least number of empty cells on a path of cells not Blue
// from ring 1 to ring n (Red's stones cost nothing): how many stones Red
// still needs at the least, and −1 when no such path is left. It only
// orders moves (the certificate walk tries Red's closest moves first, so
// that its games end soon); no deduction rests on it.
func (a *Analyzer) Distance(p board.Position) int {
	red := p.Red.Lo
	empty := a.all &^ (red | p.Blue.Lo)
	open := red | empty
	at := a.reach(red, red&a.top)
	for k := 0; ; k++ {
		if at&a.bot != 0 {
			return k
		}
		step := at | empty&(a.top|a.grow(at))
		next := a.reach(open&^empty|step, step)
		if next == at {
			return -1
		}
		at = next
	}
}
