package hunt

import (
	"sort"

	"hexproof/board"
	"hexproof/verify"
	"hexproof/verify/game"
)

// searcher is one worker's depth-first search for a lost game of the
// strategy. Every stone it places and every answer it takes goes through the
// shared game step (game.Rules).
//
// lose(p, k) asks whether the hunter (the strategy's opponent), to move in p,
// can win within k more of its own moves. It is an iterative-deepening search
// over k:
//   - need (need.go) bounds the hunter's remaining moves from below, so a
//     position whose bound exceeds k holds no win within k: pruning it loses
//     nothing (on the cylinder and the flat board, where draws cannot happen;
//     on the torus the bound is 0 and nothing is pruned);
//   - the table maps a position (hunter to move) to the largest k for which
//     the search below it finished and found nothing. A position determines its
//     whole future (verify's decision V1: the strategy's answer is resolved
//     inside the step), so the entry holds for every path to it, and "no win
//     within k" implies "no win within any k' ≤ k";
//   - children are tried most threatening first: by the hunter's bound after
//     the hunter's move and the strategy's answer (a move after which the
//     strategy fails to restore the bound is exactly a mistake of the
//     strategy), then by a seeded hash (the restarts' randomised tie-break). The order changes
//     which loss is found first, never whether one exists within k.
//
// Under `every` and `first` each (hunter move, allowed answer) is a choice of
// the hunter (the adversary picks among the strategy's allowed moves, as in
// verify); under `some` every allowed answer must lose.
type searcher struct {
	rules   *game.Rules
	b       *board.Board
	me, opp board.Color
	some    bool
	hNeed   *need // the hunter's bound
	table   map[board.Position]uint8
	maxTab  int
	salt    uint64
	nodes   int64 // positions expanded, over the worker's life
	hits    int64 // table entries that saved a search
	games   int64 // game ends met (either side winning, draws)
	deepest int   // plies of the deepest position expanded
	limit   int64 // nodes at which the current search gives up
	aborted bool
	// stop is polled at every node: with a strategy that analyses each of
	// its moves (fitzgerald-sweep on 5×11) a node can take a second, and
	// the poll, a context's Err, is an atomic load.
	stop func() bool
	// fault is the first strategy error met (the game to it), if any.
	fault       *board.Game
	faultDetail string
	path        []board.Move
	starter     board.Color
	pool        [][]child
}

// child is one way the game can go from a position: the hunter's move, the
// strategy's answer(s) and the positions after them.
type child struct {
	b     board.Cell
	rule  string
	as    []board.Cell     // the strategy's answers (one, except under some)
	ps    []board.Position // the positions after them (same order)
	loses bool             // the game ends at once: the hunter's move wins or fills the board, or the answer draws
	score int              // the hunter's bound after it (max over answers)
	tie   uint64
}

func newSearcher(rules *game.Rules, choices verify.Choices, starter board.Color, salt uint64, maxTab int) *searcher {
	return &searcher{
		rules: rules, b: rules.B, me: rules.Me, opp: rules.Opp, some: choices == verify.Some,
		hNeed: newNeed(rules.B, rules.Opp),
		table: map[board.Position]uint8{}, maxTab: maxTab, salt: salt, starter: starter,
	}
}

// mix is a 64-bit finaliser (splitmix64), for seeded tie-breaks.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

func (s *searcher) tick() bool {
	s.nodes++
	if s.aborted {
		return true
	}
	if s.limit > 0 && s.nodes >= s.limit || s.stop != nil && s.stop() {
		s.aborted = true
	}
	return s.aborted
}

// children lists the continuations of p (hunter to move, nobody has won)
// whose hunter bound is at most k-1 after them, most threatening first. A
// child with loses set ends the game at once in the hunter's favour. It
// returns false after recording a strategy error.
func (s *searcher) children(p board.Position, k int, out []child) ([]child, bool) {
	empty := s.rules.All.AndNot(p.Occupied())
	// The strategy's answer never lowers the hunter's bound, so a hunter move
	// after which the bound already exceeds k-1 cannot lead to a win within k:
	// the strategy is not even asked there.
	var moves board.Bits
	for bs := empty; bs.Any(); {
		b := bs.Pop()
		if s.hNeed.of(p.Play(s.opp, b), k) <= k-1 {
			moves = moves.With(b)
		}
	}
	ok := true
	s.rules.Replies(p, moves, func(rep game.Reply) bool {
		switch {
		case rep.Outcome != game.Going: // the hunter wins, or the board fills
			s.games++
			out = append(out, child{b: rep.B, loses: true, score: -1})
			return true
		case rep.Fault != game.NoFault:
			if s.fault == nil {
				g := s.game(append(s.path, board.Move{Player: s.opp, Cell: rep.B}))
				s.fault = &g
				s.faultDetail = s.rules.Describe(rep.Fault, rep.P, rep.B, rep.Allowed, rep.Rule)
			}
			ok = false
			return false
		}
		if s.some {
			c := child{b: rep.B, rule: rep.Rule}
			for a := rep.Allowed; a.Any(); {
				x := a.Pop()
				p2, o := s.rules.Place(rep.P, s.me, x)
				switch o {
				case game.Won:
					s.games++
					return true // this answer wins for the strategy: the move fails
				case game.Drawn:
					s.games++
					c.as, c.ps = append(c.as, x), append(c.ps, p2)
					continue
				}
				c.as, c.ps = append(c.as, x), append(c.ps, p2)
				c.score = max(c.score, s.hNeed.of(p2, k))
			}
			if c.score <= k-1 {
				c.tie = mix(s.salt ^ uint64(rep.B)*0x100000001b3 ^ p.Red.Lo*31 ^ p.Blue.Lo*17 ^ p.Red.Hi ^ p.Blue.Hi<<7)
				out = append(out, c)
			}
			return true
		}
		for a := rep.Allowed; a.Any(); {
			x := a.Pop()
			p2, o := s.rules.Place(rep.P, s.me, x)
			c := child{b: rep.B, rule: rep.Rule, as: []board.Cell{x}, ps: []board.Position{p2}}
			switch o {
			case game.Won:
				s.games++
				continue
			case game.Drawn:
				s.games++
				c.loses, c.score = true, -1
			default:
				c.score = s.hNeed.of(p2, k)
				if c.score > k-1 {
					continue
				}
			}
			c.tie = mix(s.salt ^ (uint64(rep.B)<<8|uint64(x))*0x100000001b3 ^ p.Red.Lo*31 ^ p.Blue.Lo*17 ^ p.Red.Hi ^ p.Blue.Hi<<7)
			out = append(out, c)
		}
		return true
	})
	sort.Slice(out, func(i, j int) bool {
		a, b := &out[i], &out[j]
		if a.loses != b.loses {
			return a.loses
		}
		if a.score != b.score {
			return a.score < b.score
		}
		if a.tie != b.tie {
			return a.tie < b.tie
		}
		if a.b != b.b {
			return a.b < b.b
		}
		return len(a.as) > 0 && len(b.as) > 0 && a.as[0] < b.as[0]
	})
	return out, ok
}

// lose reports whether the hunter, to move in p, wins within k of its moves;
// on success s.path holds the game from the start to the win. A search that
// was aborted (s.aborted) or met a strategy error returns false and stores
// nothing.
func (s *searcher) lose(p board.Position, k int) bool {
	if k <= 0 || s.hNeed.of(p, k+1) > k {
		return false
	}
	if t, ok := s.table[p]; ok && int(t) >= k {
		s.hits++
		return false
	}
	if s.tick() || s.fault != nil {
		return false
	}
	s.deepest = max(s.deepest, p.Plies())
	d := len(s.pool)
	if d == cap(s.pool) {
		s.pool = append(s.pool, nil)
	} else {
		s.pool = s.pool[:d+1]
	}
	cs, ok := s.children(p, k, s.pool[d][:0])
	s.pool[d] = cs
	defer func() { s.pool = s.pool[:d] }()
	if !ok {
		return false
	}
	n := len(s.path)
	for i := range cs {
		c := &cs[i]
		s.path = append(s.path[:n], board.Move{Player: s.opp, Cell: c.b})
		if len(c.as) == 0 {
			return true // the hunter's move ends the game
		}
		// Every answer must lose (there is one except under some). They are
		// tried last to first, so that the line left in s.path is the first
		// answer's: the game reported under some.
		all := true
		for j := len(c.as) - 1; j >= 0 && all; j-- {
			s.path = append(s.path[:n+1], board.Move{Player: s.me, Cell: c.as[j], Rule: c.rule})
			if q := c.ps[j]; q.Occupied() != s.rules.All { // full: a draw, lost for the strategy
				all = s.lose(q, k-1)
			}
		}
		if all {
			return true
		}
		if s.aborted || s.fault != nil {
			return false
		}
	}
	s.path = s.path[:n]
	if !s.aborted && s.fault == nil {
		if len(s.table) >= s.maxTab {
			clear(s.table) // sound: the table only saves work
		}
		s.table[p] = uint8(k)
	}
	return false
}

// game makes a board.Game from moves.
func (s *searcher) game(moves []board.Move) board.Game {
	return board.Game{Board: s.b, Starter: s.starter, Moves: append([]board.Move(nil), moves...)}
}
