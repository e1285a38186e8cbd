package solve

import (
	"fmt"
	"slices"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify/game"
)

// Certificate builds the winner's strategy from the empty board with the
// given starter as data: one answer for every position the winner can meet
// when it follows the answers and the opponent plays anything (a proof tree,
// shared where positions transpose). It fails if winner does not win.
//
// At its turns the winner plays an immediately winning cell if there is
// one, else the first cell in cell order that keeps the win (asked of the
// solver, whose table makes the later questions cheap); at the opponent's
// turns every empty cell is followed. (Preferring a move already proven in
// the table changes which winning move is recorded, never whether it wins:
// the table holds only proven values.)
func (s *Solver) Certificate(starter, winner board.Color) (*strategies.Certificate, error) {
	return s.certificate(starter, winner, false)
}

// CompactCertificate is Certificate in the compact format
// (strategies.CompactCertificateFormat): the walk goes on from the least
// image of each position the winner meets, which is the position its answer
// is stored for, and stops where the winner has a winning cell, which the
// format's rule plays. It holds the same proof up to symmetry, with one
// answer per class of symmetric positions instead of one per position.
func (s *Solver) CompactCertificate(starter, winner board.Color) (*strategies.Certificate, error) {
	return s.certificate(starter, winner, true)
}

func (s *Solver) certificate(starter, winner board.Color, compact bool) (*strategies.Certificate, error) {
	return s.certificateFrom(starter, winner, nil, compact)
}

// PieceCertificate is the winner's certificate for the games that begin
// with prefix (a game from the empty board, not over): a piece of a
// certificate split by opening (docs/design.md §8). It holds the answers at
// the winner's moves of the prefix, so that verify, started from the prefix
// (verify.Options.Starts), accepts those moves as the strategy's, and then
// the winner's strategy from the position after the prefix, built as
// Certificate builds it from the empty board. It fails if winner does not win
// that position. In the compact format a prefix answer is stored for the
// least image of its position, mapped by the symmetry that takes the
// position there, so that the strategy allows the prefix's own move.
func (s *Solver) PieceCertificate(starter, winner board.Color, prefix []board.Move, compact bool) (*strategies.Certificate, error) {
	return s.certificateFrom(starter, winner, prefix, compact)
}

func (s *Solver) certificateFrom(starter, winner board.Color, prefix []board.Move, compact bool) (*strategies.Certificate, error) {
	var least *strategies.Certificate // the compact format's keys
	if compact {
		least = strategies.NewCompactCertificate(s.B, winner, starter, nil)
	}
	answers := map[board.Position]board.Cell{}
	var p board.Position
	for k, m := range prefix {
		if m.Player != p.ToMove(starter) || !s.B.Valid(m.Cell) || p.Occupied().Has(m.Cell) {
			return nil, fmt.Errorf("solve: certificate: move %d of the prefix is not a move of the game", k+1)
		}
		if m.Player == winner {
			key, move := p, m.Cell
			if compact {
				var g board.Perm
				key, g = least.LeastBy(p)
				move = g.Apply(m.Cell)
			}
			answers[key] = move
		}
		var o game.Outcome
		if p, o = s.g.r.Place(p, m.Player, m.Cell); o != game.Going {
			return nil, fmt.Errorf("solve: certificate: the game is over after move %d of the prefix", k+1)
		}
	}
	if win, err := s.Wins(p, p.ToMove(starter), winner); err != nil {
		return nil, err
	} else if !win {
		if len(prefix) > 0 {
			return nil, fmt.Errorf("%s does not win the %s board after %s", winner, s.B, s.B.FormatMoves(prefix, board.Thesis, true))
		}
		return nil, fmt.Errorf("%s does not win the %s board with %s starting", winner, s.B, starter)
	}
	seen := map[board.Position]bool{}
	// With a pool, the walk borrows for its maps, and for the certificate
	// file its caller makes of the answers, before they grow (certBytes).
	pending := 0
	charge := func(bytes int) error {
		pool := s.certPool()
		if pool == nil {
			return nil
		}
		if pending += bytes; pending < certBatch {
			return nil
		}
		if !pool.Take(int64(pending)) {
			return ErrMemory
		}
		s.certLent += int64(pending)
		pending = 0
		return nil
	}
	var walk func(p board.Position, mover board.Color) error
	walk = func(p board.Position, mover board.Color) error {
		if compact && mover == winner {
			if s.B.WinningCells(p, winner).Any() {
				return nil // the compact format's rule plays a winning cell
			}
			// An image of p has the same value with the same mover (the
			// board's group keeps both goals, solve.go newGame), so the
			// proof from the least image serves p.
			p = least.Least(p)
		}
		if seen[p] {
			return nil
		}
		if err := charge(seenBytes); err != nil {
			return err
		}
		seen[p] = true
		empty := s.B.All().AndNot(p.Occupied())
		if mover != winner {
			for bs := empty; bs.Any(); {
				q, o := s.g.r.Place(p, mover, bs.Pop())
				if o != game.Going {
					return fmt.Errorf("solve: certificate: the opponent's move ends a won game (a bug)")
				}
				if err := walk(q, winner); err != nil {
					return err
				}
			}
			return nil
		}
		move := board.NoCell
		for bs := empty; bs.Any() && move == board.NoCell; {
			if c := bs.Pop(); func() bool { _, o := s.g.r.Place(p, mover, c); return o == game.Won }() {
				move = c
			}
		}
		// A move whose win the search has already proven keeps the tree
		// to the proof the search found (smaller, and no new search).
		for bs := empty; bs.Any() && move == board.NoCell; {
			c := bs.Pop()
			if q, o := s.g.r.Place(p, mover, c); o == game.Going && s.known(q, mover.Other(), winner) {
				move = c
			}
		}
		for _, c := range s.tryOrder(p, mover, empty) {
			if move != board.NoCell {
				break
			}
			w, err := s.MoveWins(p, mover, c)
			if err != nil {
				return err
			}
			if w {
				move = c
			}
		}
		if move == board.NoCell {
			return fmt.Errorf("solve: certificate: no move keeps a won position won (a bug)")
		}
		if err := charge(answerBytes); err != nil {
			return err
		}
		answers[p] = move
		q, o := s.g.r.Place(p, mover, move)
		if o == game.Going {
			return walk(q, mover.Other())
		}
		return nil
	}
	if err := walk(p, p.ToMove(starter)); err != nil {
		return nil, err
	}
	if compact {
		return strategies.NewCompactCertificate(s.B, winner, starter, answers), nil
	}
	return strategies.NewCertificate(s.B, winner, starter, answers), nil
}

// What a certificate walk borrows from the pool: per position seen, a
// map entry (16-byte key, a flag, the map's buckets at their load factor
// and while they grow: about 64 bytes); per answer, its map entry and its
// share of the file the caller writes (three strings, about 100 bytes, and
// as much JSON): 256 bytes. In batches of certBatch bytes.
const (
	seenBytes   = 64
	answerBytes = 256
	certBatch   = 1 << 20
)

// tryOrder is the order in which the walk tries the winner's moves that the
// table does not know: with the knowledge on and Red the mover, the moves
// that leave Red closest to its connection (knowledge.Distance) first, the
// keys of Red's semi-connections first among equals (each wins), then
// cell order, so that Red's games end soon and the certificate stays small
// (the search's proofs of VC-decided positions are not in the table; cell
// order alone made the 5×5 certificate sixty times larger, keys before
// distance 30-80 times); otherwise cell order.
func (s *Solver) tryOrder(p board.Position, mover board.Color, empty board.Bits) []board.Cell {
	cells := empty.Cells()
	if s.g.know == nil || mover != board.Red {
		return cells
	}
	// The keys of Red's semi-connections win: they go first.
	keys := s.g.know.Analyze(p, mover).Keys
	dist := make(map[board.Cell]int, len(cells))
	for _, c := range cells {
		dist[c] = s.g.know.Distance(p.Play(mover, c))
	}
	slices.SortStableFunc(cells, func(x, y board.Cell) int {
		if d := dist[x] - dist[y]; d != 0 {
			return d
		}
		if kx, ky := keys.Has(x), keys.Has(y); kx != ky {
			if kx {
				return -1
			}
			return 1
		}
		return 0
	})
	return cells
}

// known says whether the table of who's search already holds a proof that
// who wins p with mover to move (no search is made).
func (s *Solver) known(p board.Position, mover, who board.Color) bool {
	k, _ := s.g.Key(state{p, mover})
	v, ok := s.search(who, p, mover).Table().Lookup(k, s.B.Cells())
	return ok && v
}
