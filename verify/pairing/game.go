package pairing

import (
	"hexproof/board"
)

// Move is one move of a certificate's game: the player, the cell in thesis
// coordinates, and for the strategy's moves the rule of Alg. 4.1.2/4.2.1/5.1.1
// that allowed it ("I", "1", "2", "3", with " (full)" when the paired zone was
// full; on boards the replay machinery holds, the strategy's own labels).
type Move struct {
	Player board.Color
	I, J   int
	Rule   string
}

// Game is a game that the pairing strategy, answering as its rules allow,
// does not win. Winner is the opponent, or board.Empty when the board filled
// with nobody winning (possible on the torus only).
type Game struct {
	Starter board.Color
	Moves   []Move
	Winner  board.Color
}

// play builds the game in which the opponent plays the cells of plan in order
// (skipping occupied ones, then the first empty cell once plan is spent) and the strategy answers by the pairing rules,
// choosing, where the rules leave a choice, the first allowed cell of prefer
// and otherwise the first allowed cell. Every such choice is one the rules
// allow, so under docs/design.md §4's "every" semantics (and "first" is not claimed)
// the game is a game of the strategy. It returns the game and whether the
// strategy failed to win it (the opponent won, or the board filled without a
// winner). The rules of the game are grid.wins; callers with boards that
// package board holds replay the game through game.Replay as well.
//
// The strategy's rules here restate strategies' pairing engine for boards of
// any size; the replay check in certify keeps the two in step.
func (s *searcher) play(starter board.Color, plan []int, prefer func(c int) bool) (*Game, bool) {
	g := s.g
	var stones [3]set // by colour
	gm := &Game{Starter: starter}
	who := starter
	last := -1
	k := 0
	put := func(p board.Color, c int, rule string) bool {
		stones[p].add(c)
		i, j := g.coord(c)
		gm.Moves = append(gm.Moves, Move{Player: p, I: i, J: j, Rule: rule})
		if g.wins(p, stones[p]) {
			gm.Winner = p
			return true
		}
		return false
	}
	for len(gm.Moves) < g.cells {
		empty := g.all.andNot(stones[board.Red]).andNot(stones[board.Blue])
		if who == s.side {
			c, rule := -1, "I"
			switch {
			case last >= 0 && s.mate[last] >= 0 && empty.has(s.mate[last]):
				c, rule = s.mate[last], "1"
			case last >= 0 && s.mate[last] >= 0:
				rule = "2"
			case last >= 0:
				rule = "3"
			}
			if c < 0 {
				allowed := empty.and(s.zone)
				if allowed.empty() {
					allowed, rule = empty, rule+" (full)"
				}
				for _, x := range allowed.cells() {
					if prefer(x) {
						c = x
						break
					}
				}
				if c < 0 {
					c = allowed.cells()[0]
				}
			}
			if put(who, c, rule) {
				break
			}
		} else {
			for k < len(plan) && !empty.has(plan[k]) {
				k++
			}
			if k < len(plan) {
				last = plan[k]
			} else { // the plan is spent: any empty cell
				last = empty.cells()[0]
			}
			if put(who, last, "") {
				break
			}
		}
		who = who.Other()
	}
	return gm, gm.Winner != s.side
}

// planGame looks, by a depth-first search over the order of the opponent's
// moves (the cells of plan, any order) and over the strategy's free choices
// (any cell its rules allow), for a game the strategy does not win. It
// explores at most limit positions, stops when the search's context is done,
// and returns nil when it finds none. Used
// on the torus, where the strategy may win before the opponent completes a
// pair-free winning set, so that the order matters.
func (s *searcher) planGame(starter board.Color, plan set, limit int) *Game {
	g := s.g
	seen := map[[2]set]bool{}
	var moves []Move
	var rec func(red, blue set, who board.Color, last int) bool
	rec = func(red, blue set, who board.Color, last int) bool {
		stones := [3]set{board.Red: red, board.Blue: blue}
		if len(moves) == g.cells {
			return true // full and nobody has won: a draw
		}
		key := [2]set{red, blue}
		if seen[key] || len(seen) >= limit || (len(seen)&1023 == 0 && s.ctx.Err() != nil) {
			return false
		}
		seen[key] = true
		empty := g.all.andNot(red).andNot(blue)
		try := func(c int, rule string) bool {
			st := stones
			st[who].add(c)
			i, j := g.coord(c)
			moves = append(moves, Move{Player: who, I: i, J: j, Rule: rule})
			if g.wins(who, st[who]) {
				if who == s.opp {
					return true
				}
			} else if rec(st[board.Red], st[board.Blue], who.Other(), c) {
				return true
			}
			moves = moves[:len(moves)-1]
			return false
		}
		if who == s.side {
			rule := "I"
			switch {
			case last >= 0 && s.mate[last] >= 0 && empty.has(s.mate[last]):
				return try(s.mate[last], "1")
			case last >= 0 && s.mate[last] >= 0:
				rule = "2"
			case last >= 0:
				rule = "3"
			}
			allowed := empty.and(s.zone)
			if allowed.empty() {
				allowed, rule = empty, rule+" (full)"
			}
			for _, c := range allowed.cells() {
				if try(c, rule) {
					return true
				}
			}
			return false
		}
		cand := empty.and(plan)
		if cand.empty() {
			cand = empty
		}
		for _, c := range cand.cells() {
			if try(c, "") {
				return true
			}
		}
		return false
	}
	if !rec(set{}, set{}, starter, -1) {
		return nil
	}
	gm := &Game{Starter: starter, Moves: moves}
	var st [3]set
	for _, mv := range moves {
		st[mv.Player].add(g.cell(mv.I, mv.J))
	}
	if last := moves[len(moves)-1]; g.wins(last.Player, st[last.Player]) {
		gm.Winner = last.Player
	}
	return gm
}
