package pairing

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"time"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
	"hexproof/verify/game"
)

// The local-response certificate (docs/decisions/pairing.md L1–L4): a
// strategy made of local games is proved optimal on the flat board without
// enumerating positions. S = the strategy's side, O = the opponent.
//
//  1. The strategy declares disjoint regions covering every cell its start
//     stones leave empty (strategies.LocalRegions). Each region's local game
//     is searched exhaustively: O plays any empty cell of the region, and S's
//     answer (the registered strategy's own, through game.Rules) must be a set
//     of cells of the region — each of them is followed — or a free move
//     (every empty cell of the board allowed); anything else is a
//     *LocalityError. At any time an S stone may also land on any empty cell
//     of the region (a free move made elsewhere). Every answer is asked in
//     five positions that differ outside the region, and must not change.
//  2. The outcome of a region is the set of cells O owns once the region is
//     full; the maximal ones are kept (both win rules are monotone).
//  3. The static check: is there one outcome per region whose union wins for
//     O? An exact branch and bound (localSearch). If not, every full board the
//     game can reach is lost by O, so won by S (the Hex theorem), and the game
//     never reaches a position O has won: optimal.
//
// A set found in step 3 is reported with its outcomes, as inconclusive: the
// local games over-approximate the free moves, and no game is built from it.

// LocalityError says that a strategy's answer breaks its declared regions.
type LocalityError struct {
	Region int
	Why    string
}

func (e *LocalityError) Error() string {
	return fmt.Sprintf("region %d is not a local game: %s", e.Region+1, e.Why)
}

// ErrNotLocal is returned for a strategy that declares no regions.
var ErrNotLocal = errors.New("not a strategy of local games (no regions declared)")

// LocalRegion is one region's summary: its cells and the maximal sets of
// cells the opponent can own in it once it is full.
type LocalRegion struct {
	Cells    [][2]int
	States   int
	Outcomes [][][2]int
}

// LocalResult is what CertifyLocal found.
type LocalResult struct {
	M, N     int
	Geo      board.Geometry
	Strategy string
	Side     board.Color
	Verdict  verify.Verdict // Optimal or Inconclusive
	Stones   [][2]int       // the strategy's start stones
	Regions  []LocalRegion
	// Chain is, when the static check fails, the opponent's winning set
	// compatible with one outcome per region.
	Chain [][2]int
	// Game is, for Refuted, a game the strategy loses, built from Chain and
	// replayed through the strategy (from its handicap stones, if any).
	Game     *board.Game
	Replayed bool
	States   int   // local positions searched, all regions
	Nodes    int64 // static search nodes
	Elapsed  time.Duration
	Detail   string
}

// LocalLimits bound CertifyLocal.
type LocalLimits struct {
	MaxNodes int64 // static search nodes (0: none)
}

// CertifyLocal runs the local-response certificate for strategy s (named name
// in the report) on its board, from its handicap stones (if it has any) with
// the opponent to move. The board must be flat.
func CertifyLocal(ctx context.Context, s strategies.Strategy, name string, lim LocalLimits) (*LocalResult, error) {
	t0 := time.Now()
	b := s.Board()
	if b.Geo != board.Flat {
		return nil, fmt.Errorf("the local-response certificate is for the flat board; here the geometry is %v", b.Geo)
	}
	lr, ok := s.(strategies.LocalRegions)
	if !ok || len(lr.Regions()) == 0 {
		return nil, fmt.Errorf("strategy %s: %w", name, ErrNotLocal)
	}
	side := s.Side()
	res := &LocalResult{M: b.M, N: b.N, Geo: b.Geo, Strategy: name, Side: side}
	var stones board.Bits
	if h, ok := s.(strategies.HandicapStones); ok {
		for _, c := range h.HandicapStones() {
			stones = stones.With(c)
			i, j := b.Coord(c)
			res.Stones = append(res.Stones, [2]int{i, j})
		}
	}
	regions := lr.Regions()
	var seen board.Bits
	for k, r := range regions {
		if r.Empty() || r.And(seen).Any() || r.And(stones).Any() {
			return nil, &LocalityError{Region: k, Why: "the regions must be non-empty, disjoint and miss the start stones"}
		}
		seen = seen.Or(r)
	}
	if seen != b.All().AndNot(stones) {
		return nil, &LocalityError{Region: len(regions) - 1, Why: "the regions do not cover every empty cell"}
	}
	rules := game.NewRules(s, false)
	var alts [][]board.Bits
	for k, r := range regions {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out, states, err := localOutcomes(rules, stones, r, k)
		if err != nil {
			return nil, err
		}
		res.States += states
		alts = append(alts, out)
		reg := LocalRegion{Cells: coords(b, r), States: states}
		for _, a := range out {
			reg.Outcomes = append(reg.Outcomes, coords(b, a))
		}
		res.Regions = append(res.Regions, reg)
	}
	ls := &localSearch{b: b, ctx: ctx, maxNodes: lim.MaxNodes, alts: alts, region: make([]int, b.Cells())}
	ls.from, ls.to = b.Left(), b.Right()
	if side == board.Blue {
		ls.from, ls.to = b.Top(), b.Bottom()
	}
	for k, r := range regions {
		for _, c := range r.Cells() {
			ls.region[c] = k
		}
	}
	active := make([]uint64, len(alts))
	for k, a := range alts {
		if len(a) > 64 {
			return nil, &LocalityError{Region: k, Why: fmt.Sprintf("%d outcomes; at most 64 are supported", len(a))}
		}
		active[k] = 1<<uint(len(a)) - 1
	}
	w, found, err := ls.search(active)
	res.Nodes = ls.nodes
	res.Elapsed = time.Since(t0)
	switch {
	case err != nil:
		res.Verdict = verify.Inconclusive
		res.Detail = "the static check stopped: " + verify.StopWords(err)
		if errors.Is(err, ErrNodeLimit) {
			res.Detail = "the static check stopped: the node limit was reached"
		}
	case found:
		res.Verdict = verify.Inconclusive
		res.Chain = coords(b, w)
		res.Detail = fmt.Sprintf("%s can own a winning set compatible with one outcome of every local game, but no game the strategy loses was found from it (docs/decisions/pairing.md L4)", side.Other())
		// The cells the opponent owns in the outcomes that hold the set.
		var u board.Bits
		for k := range alts {
			part := w.And(regions[k])
			if part.Empty() {
				continue
			}
			for _, o := range alts[k] {
				if part.AndNot(o).Empty() {
					u = u.Or(o)
					break
				}
			}
		}
		g, err := loseGame(ctx, rules, s, u, gameLimit)
		if err != nil {
			return nil, err
		}
		if g != nil {
			res.Verdict, res.Game, res.Replayed = verify.Refuted, g, true
			res.Detail = fmt.Sprintf("%s can own a winning set compatible with one outcome of every local game, and playing in those outcomes' cells it wins the game below, replayed through the strategy (docs/decisions/pairing.md L4)", side.Other())
		}
		res.Elapsed = time.Since(t0)
	default:
		res.Verdict = verify.Optimal
		res.Detail = fmt.Sprintf("every answer of the strategy stays in its region or is a free move, the same in five surroundings of the region (%d regions, %d local positions); no combination of the regions' outcomes lets %s win, so every full board is %s's (docs/decisions/pairing.md L2)", len(regions), res.States, side.Other(), side)
	}
	return res, nil
}

func coords(b *board.Board, s board.Bits) [][2]int {
	var out [][2]int
	for _, c := range s.Cells() {
		i, j := b.Coord(c)
		out = append(out, [2]int{i, j})
	}
	return out
}

// localOutcomes searches region r's local game exhaustively (step 1) and
// returns the maximal sets the opponent owns in r once r is full, and the
// number of local positions.
func localOutcomes(rules *game.Rules, stones, r board.Bits, k int) ([]board.Bits, int, error) {
	b, side := rules.B, rules.Me
	// Five surroundings of the region: the other cells all empty, all red,
	// all blue (so each single outside cell is seen in its three states), and
	// two fixed random fillings. The answers must not depend on them.
	outside := b.All().AndNot(r).AndNot(stones)
	rng := rand.New(rand.NewSource(int64(k) + 1))
	ctxs := []board.Position{{}, {Red: outside}, {Blue: outside}}
	for range 2 {
		var p board.Position
		for _, c := range outside.Cells() {
			switch rng.Intn(3) {
			case 0:
				p.Red = p.Red.With(c)
			case 1:
				p.Blue = p.Blue.With(c)
			}
		}
		ctxs = append(ctxs, p)
	}
	type lstate struct{ own, opp board.Bits }
	seen := map[lstate]bool{}
	finals := map[board.Bits]bool{}
	// position is the whole board: the stones, the region's state, the
	// surrounding ctx (own/opp in the strategy's colours).
	position := func(st lstate, ctx board.Position) board.Position {
		own, opp := ctx.Stones(side).Or(stones).Or(st.own), ctx.Stones(side.Other()).Or(st.opp)
		if side == board.Red {
			return board.Position{Red: own, Blue: opp}
		}
		return board.Position{Red: opp, Blue: own}
	}
	var walk func(st lstate) error
	walk = func(st lstate) error {
		if seen[st] {
			return nil
		}
		seen[st] = true
		empty := r.AndNot(st.own).AndNot(st.opp)
		if empty.Empty() {
			finals[st.opp] = true
			return nil
		}
		for _, y := range empty.Cells() { // a free move of the strategy lands here
			if err := walk(lstate{st.own.With(y), st.opp}); err != nil {
				return err
			}
		}
		for _, x := range empty.Cells() {
			next := lstate{st.own, st.opp.With(x)}
			var local board.Bits
			free := false
			for ci, ctx := range ctxs {
				p := position(next, ctx)
				if p.Occupied() == b.All() {
					continue // a full board: no answer is asked
				}
				allowed, rule, f := rules.Answer(p, x)
				if f != game.NoFault {
					return &LocalityError{Region: k, Why: fmt.Sprintf("the strategy faults (%v) answering %s", f, cellName(b, x))}
				}
				isFree := allowed.And(b.All().AndNot(p.Occupied())) == b.All().AndNot(p.Occupied())
				inside := allowed.AndNot(r).Empty()
				switch {
				case ci == 0 && inside:
					local = allowed
				case ci == 0 && isFree:
					free = true
				case ci == 0:
					return &LocalityError{Region: k, Why: fmt.Sprintf("rule %s answers %s with cells outside the region that are not a free move", rule, cellName(b, x))}
				case free && !isFree, !free && allowed != local:
					return &LocalityError{Region: k, Why: fmt.Sprintf("rule %s's answer to %s depends on cells outside the region", rule, cellName(b, x))}
				}
			}
			if free {
				if err := walk(next); err != nil {
					return err
				}
				continue
			}
			for _, y := range local.Cells() {
				if err := walk(lstate{next.own.With(y), next.opp}); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(lstate{}); err != nil {
		return nil, 0, err
	}
	var out []board.Bits
	for a := range finals {
		maximal := true
		for o := range finals {
			if o != a && a.AndNot(o).Empty() {
				maximal = false
				break
			}
		}
		if maximal {
			out = append(out, a)
		}
	}
	sortBits(out)
	return out, len(seen), nil
}

func sortBits(s []board.Bits) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].Less(s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func cellName(b *board.Board, c board.Cell) string { return b.Format(c, board.Thesis) }

// localSearch is the static check (step 3): is there one outcome per region
// (alts[k][i], i in the bit mask active[k]) whose union connects from to to?
type localSearch struct {
	b        *board.Board
	ctx      context.Context
	alts     [][]board.Bits
	region   []int
	from, to board.Bits
	nodes    int64
	maxNodes int64
}

// avail is the union of the active outcomes of every region: the cells the
// opponent may own.
func (ls *localSearch) avail(active []uint64) board.Bits {
	var a board.Bits
	for k, m := range active {
		for i, o := range ls.alts[k] {
			if m>>uint(i)&1 != 0 {
				a = a.Or(o)
			}
		}
	}
	return a
}

// search is exact: it returns a winning set W of the opponent and true iff
// some choice of one active outcome per region contains a winning set.
//   - If avail does not win, no choice does.
//   - A cell c of a shortest winning path W with avail \ {c} not winning is
//     in every winning set inside avail; so every choice that wins keeps, in
//     c's region, an outcome holding c: the others are dropped (propagation).
//   - If some region R has no active outcome holding W ∩ R, every winning
//     choice uses one of R's active outcomes: branch on them, one each (the
//     branches cover every choice; each fixes R, so the depth is at most the
//     number of regions). Otherwise W itself is compatible: found.
func (ls *localSearch) search(active []uint64) (board.Bits, bool, error) {
	ls.nodes++
	if ls.maxNodes > 0 && ls.nodes > ls.maxNodes {
		return board.Bits{}, false, ErrNodeLimit
	}
	if ls.nodes&63 == 0 {
		if err := ls.ctx.Err(); err != nil {
			return board.Bits{}, false, err
		}
	}
	active = append([]uint64(nil), active...)
	var w board.Bits
	for {
		avail := ls.avail(active)
		if !ls.b.Connects(avail, ls.from, ls.to) {
			return board.Bits{}, false, nil
		}
		w = ls.shortestPath(avail)
		changed := false
		for _, c := range w.Cells() {
			if ls.b.Connects(avail.Without(c), ls.from, ls.to) {
				continue
			}
			k := ls.region[c]
			keep := uint64(0)
			for i, o := range ls.alts[k] {
				if active[k]>>uint(i)&1 != 0 && o.Has(c) {
					keep |= 1 << uint(i)
				}
			}
			if keep != active[k] {
				active[k], changed = keep, true
			}
			if keep == 0 {
				return board.Bits{}, false, nil
			}
		}
		if !changed {
			break
		}
	}
	for _, c := range w.Cells() {
		k := ls.region[c]
		part := w.And(ls.regionCells(k))
		var holding []int
		for i, o := range ls.alts[k] {
			if active[k]>>uint(i)&1 != 0 && part.AndNot(o).Empty() {
				holding = append(holding, i)
			}
		}
		if len(holding) > 0 {
			continue
		}
		for i := range ls.alts[k] {
			if active[k]>>uint(i)&1 == 0 {
				continue
			}
			sub := append([]uint64(nil), active...)
			sub[k] = 1 << uint(i)
			if got, found, err := ls.search(sub); err != nil || found {
				return got, found, err
			}
		}
		return board.Bits{}, false, nil
	}
	return w, true, nil
}

func (ls *localSearch) regionCells(k int) board.Bits {
	var r board.Bits
	for c, rk := range ls.region {
		if rk == k {
			r = r.With(board.Cell(c))
		}
	}
	return r
}

// shortestPath is a shortest path inside s from ls.from to ls.to (s must
// connect them); being shortest, it is a minimal connecting set.
func (ls *localSearch) shortestPath(s board.Bits) board.Bits {
	b := ls.b
	parent := make([]board.Cell, b.Cells())
	var seen board.Bits
	queue := s.And(ls.from).Cells()
	for _, c := range queue {
		parent[c] = board.NoCell
		seen = seen.With(c)
	}
	for k := 0; k < len(queue); k++ {
		c := queue[k]
		if ls.to.Has(c) {
			var p board.Bits
			for ; c != board.NoCell; c = parent[c] {
				p = p.With(c)
			}
			return p
		}
		for _, y := range b.NeighbourList(c) {
			if s.Has(y) && !seen.Has(y) {
				seen = seen.With(y)
				parent[y] = c
				queue = append(queue, y)
			}
		}
	}
	return s
}

// gameLimit bounds the positions loseGame explores.
const gameLimit = 2000000

// loseGame looks for a game the strategy loses from its start stones, the
// opponent playing only cells of u (in cell order) and the strategy's free
// choices being the adversary's (docs/design.md §4 every): each allowed cell
// when there are at most four, else at most two cells outside u. A game found
// is replayed through game.ReplayHandicap or game.Replay and returned only if
// the replay agrees (every strategy move allowed, the opponent the winner);
// nil if none is found within gameLimit positions.
func loseGame(ctx context.Context, rules *game.Rules, s strategies.Strategy, u board.Bits, limit int) (*board.Game, error) {
	b, side := rules.B, rules.Me
	opp := side.Other()
	var start board.Position
	var moves []board.Move
	var stones []board.Cell
	if h, ok := s.(strategies.HandicapStones); ok {
		stones = h.HandicapStones()
	}
	for _, c := range stones {
		start = start.Play(side, c)
		moves = append(moves, board.Move{Player: side, Cell: c, Rule: "H"})
	}
	failed := map[board.Position]bool{}
	nodes := 0
	var walk func(p board.Position) bool
	walk = func(p board.Position) bool {
		if failed[p] || nodes > limit || (nodes&1023 == 0 && ctx.Err() != nil) {
			return false
		}
		nodes++
		for _, x := range u.AndNot(p.Occupied()).Cells() {
			q := p.Play(opp, x)
			moves = append(moves, board.Move{Player: opp, Cell: x})
			if b.Wins(q, opp) {
				return true
			}
			if q.Occupied() != b.All() {
				allowed, rule, f := rules.Answer(q, x)
				if f == game.NoFault {
					cand := allowed
					if allowed.Count() > 4 {
						cand = board.Bits{}
						for _, y := range allowed.AndNot(u).Cells() {
							if cand.Count() == 2 {
								break
							}
							cand = cand.With(y)
						}
						if cand.Empty() {
							cand = board.Bit(allowed.First())
						}
					}
					for _, y := range cand.Cells() {
						w := q.Play(side, y)
						if b.Wins(w, side) {
							continue
						}
						moves = append(moves, board.Move{Player: side, Cell: y, Rule: rule})
						if walk(w) {
							return true
						}
						moves = moves[:len(moves)-1]
					}
				}
			}
			moves = moves[:len(moves)-1]
		}
		failed[p] = true
		return false
	}
	if !walk(start) {
		return nil, ctx.Err()
	}
	toks, err := b.ParseMoves(b.FormatMoves(moves, board.Thesis, true))
	if err != nil {
		return nil, err
	}
	var r *game.Replayed
	if len(stones) > 0 {
		r, err = game.ReplayHandicap(s, toks, false)
	} else {
		r, err = game.Replay(s, opp, toks, false)
	}
	if err != nil || r.Game.Winner != opp || r.Agreeing() != len(r.Turns) {
		return nil, fmt.Errorf("the game built from the chain does not replay as a loss (%v): %s", err, b.FormatMoves(moves, board.Thesis, true))
	}
	return &r.Game, nil
}
