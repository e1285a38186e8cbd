package shard

import (
	"fmt"
	"path/filepath"
	"slices"

	"hexproof/board"
	"hexproof/verify/game"
)

// SolveMerged is a split solve's verdict: what the unsplit solve of the
// empty board reports.
type SolveMerged struct {
	Dir     string
	Plan    *SolvePlanFile
	Board   *board.Board
	Starter board.Color
	// Solved: the winner and the exact set of winning moves are known.
	// Shards that are missing or inconclusive (Missing, Unfinished) leave
	// it false only when the answer depends on them: the minimax below
	// reads such a shard as unknown, and an answer that every value of the
	// unknown shards gives is the answer.
	Solved bool
	// WinnerKnown: Winner is set (always so when Solved; without Solved,
	// ToMove is proved to win, by WinningMoves, but its other moves are
	// not all known yet: a loss or draw for ToMove needs every move).
	WinnerKnown bool
	// Winner wins with perfect play (board.Empty: a draw, on the torus).
	Winner board.Color
	// ToMove is the player to move at the start: the starter, or the
	// player to move after the plan's prefix.
	ToMove board.Color
	// WinningMoves are ToMove's moves that win, in cell order (none when
	// ToMove does not win): the starter's winning first moves without a
	// prefix. Without Solved, those known to win so far.
	WinningMoves []board.Cell
	// Positions and Elapsed are the sums over the shards with results,
	// their earlier parts included.
	Positions int64
	Elapsed   float64
	// Unfinished are the shards whose result is inconclusive, Missing
	// those with no result file yet; Decided counts the solved shards by
	// winner.
	Unfinished []int
	Missing    []int
	Decided    map[board.Color]int
	// Derived are the solved shards whose result was not searched but
	// follows from the split solve it names (DeriveSolveResult): to check
	// the answer, merge those too.
	Derived []int
	// Checked says the derived results were checked again
	// (MergeSolveDirChecked): DerivedChecked are those their splits gave
	// again; NotChecked those whose split was not found or is not solved
	// yet, with the reason, which count as unknown.
	Checked        bool
	DerivedChecked []int
	NotChecked     map[int]string
	// Certificate is the state of the certificate pieces, nil when no
	// shard wrote one.
	Certificate *PieceCover
}

// PieceCover says whether the shards' certificate pieces, each checked by
// `verify --piece`, make a whole certificate for the winner (docs/design.md
// §8).
type PieceCover struct {
	Side board.Color
	// Accepted: every opening of the proof tree the merge built is covered
	// by a piece whose check is optimal and still matches its certificate.
	Accepted bool
	// Used are the pieces that proof tree needs; Unchecked those of them
	// without an accepted check, with the reason for each.
	Used      []int
	Unchecked []int
	Why       map[int]string
	// Lines counts the openings the proof tree reaches (each an image of
	// a used piece's opening).
	Lines int
	// NoTree says why there is no proof tree ("" when there is one).
	NoTree string
}

// MergeSolveDir reads a split solve's plan and every shard's result and
// computes the solve. A result that is unreadable, or of another plan or
// shard, is an error (*FileError); a missing one is unknown, as an
// inconclusive one is, so that a merge part way through a long plan says
// how far it is and whether the answer is already decided.
func MergeSolveDir(dir string) (*SolveMerged, error) {
	pf, results, err := readSolveDir(dir)
	if err != nil {
		return nil, err
	}
	return mergeSolve(dir, pf, results, nil)
}

// readSolveDir reads a split solve's plan and its shards' results (nil:
// missing).
func readSolveDir(dir string) (*SolvePlanFile, []*SolveResultFile, error) {
	pf, err := ReadSolvePlan(dir)
	if err != nil {
		return nil, nil, err
	}
	results := make([]*SolveResultFile, len(pf.Parts))
	for i := range pf.Parts {
		if results[i], err = ReadSolveResult(dir, i); err != nil {
			return nil, nil, err
		}
	}
	return pf, results, nil
}

// mergeSolve is MergeSolveDir on the results read (nil: missing); the
// shards in unknown (derived results not checked) count as unknown.
func mergeSolve(dir string, pf *SolvePlanFile, results []*SolveResultFile, unknown map[int]string) (*SolveMerged, error) {
	b, _, _ := pf.Resolve()
	root, starter, prefix, _ := pf.start(b)
	m := &SolveMerged{Dir: dir, Plan: pf, Board: b, Starter: starter, ToMove: root.ToMove(starter), Decided: map[board.Color]int{}}
	winners := make([]board.Color, len(pf.Parts))
	known := make([]bool, len(pf.Parts))
	certs := false
	for i, rf := range results {
		path := filepath.Join(dir, ResultName(i))
		switch {
		case rf == nil:
			m.Missing = append(m.Missing, i)
			continue
		case rf.Format != Format || rf.Kind != SolveKind || rf.Plan != pf.ID || rf.Index != i:
			return nil, &FileError{path, fmt.Sprintf("it belongs to another plan or shard (plan %q, shard %d)", rf.Plan, rf.Index)}
		case rf.Positions < 0 || rf.ElapsedSeconds < 0 || rf.EarlierParts < 0 || rf.EarlierPositions < 0 || rf.EarlierElapsedSeconds < 0:
			return nil, &FileError{path, "it holds a negative count"}
		}
		m.Positions += rf.Positions + rf.EarlierPositions
		m.Elapsed += rf.ElapsedSeconds + rf.EarlierElapsedSeconds
		switch rf.Verdict {
		case "inconclusive":
			m.Unfinished = append(m.Unfinished, i)
			continue
		case "solved":
		default:
			return nil, &FileError{path, fmt.Sprintf("unknown verdict %q", rf.Verdict)}
		}
		switch rf.Winner {
		case "red":
			winners[i] = board.Red
		case "blue":
			winners[i] = board.Blue
		case "draw":
			if b.Geo != board.Torus {
				return nil, &FileError{path, "a draw, but only the torus has draws"}
			}
			winners[i] = board.Empty
		default:
			return nil, &FileError{path, fmt.Sprintf("unknown winner %q", rf.Winner)}
		}
		if rf.DerivedFrom != nil {
			m.Derived = append(m.Derived, i)
		}
		if _, ok := unknown[i]; ok {
			continue
		}
		known[i] = true
		m.Decided[winners[i]]++
		if rf.Certificate != "" {
			certs = true
		}
	}
	t := newOpenings(b, starter, pf.Plies, pf.NoSymmetry, root, prefix)
	mm := minimax{t: t, winners: winners, known: known}
	m.Winner, m.WinnerKnown, m.WinningMoves, m.Solved = mm.root()
	if !m.WinnerKnown {
		m.Winner = board.Empty
	}
	// The pieces' cover walks the shards' winners: only when all are known,
	// and only from the empty board or a prefix (a set-up has no pieces).
	if certs && pf.ToMove == "" && m.Solved && m.Winner != board.Empty && len(m.Missing)+len(m.Unfinished) == 0 {
		m.Certificate = cover(dir, pf, t, &mm, results, m.Winner)
	}
	return m, nil
}

// Pending lists the shards without a conclusive result (missing or
// inconclusive), in order.
func (m *SolveMerged) Pending() []int {
	out := append(append([]int(nil), m.Missing...), m.Unfinished...)
	slices.Sort(out)
	return out
}

// minimax plays the openings' plies over the shards' winners. A shard
// whose winner is not known (known[i] false) has an unknown value; a node's
// value is known when its mover has a known winning move, or when every
// move's value is known. Either way the value is what the minimax gives
// for every choice of winners for the unknown shards, so a value it calls
// known is the unsplit solve's (an unknown shard could only change a node
// none of whose known moves wins for its mover, and such a node is called
// unknown when it has an unknown move).
type minimax struct {
	t       *openings
	winners []board.Color
	known   []bool
}

// wins says whether mover's move c in p is known to win for mover.
func (mm *minimax) wins(p board.Position, mover board.Color, c board.Cell, depth int) bool {
	v, ok := mm.child(p, mover, c, depth)
	return ok && v == mover
}

// better says whether value v is better than w for mover (a win, then a
// draw, then a loss).
func better(mover, v, w board.Color) bool {
	rank := func(x board.Color) int {
		switch x {
		case mover:
			return 2
		case board.Empty:
			return 1
		}
		return 0
	}
	return rank(v) > rank(w)
}

// child is the value of mover's move c in p at depth (the plies played),
// and whether it is known.
func (mm *minimax) child(p board.Position, mover board.Color, c board.Cell, depth int) (board.Color, bool) {
	q, o := mm.t.r.Place(p, mover, c)
	switch o {
	case game.Won:
		return mover, true
	case game.Drawn:
		return board.Empty, true
	}
	return mm.value(q, mover.Other(), depth+1)
}

// value is who wins p (mover to move, depth plies played), and whether
// that is known.
func (mm *minimax) value(p board.Position, mover board.Color, depth int) (board.Color, bool) {
	if depth == mm.t.plies {
		i := mm.t.class[mm.t.key(p)]
		return mm.winners[i], mm.known[i]
	}
	best, all := mover.Other(), true
	for bs := mm.t.b.All().AndNot(p.Occupied()); bs.Any(); {
		v, ok := mm.child(p, mover, bs.Pop(), depth)
		if !ok {
			all = false
			continue
		}
		if v == mover {
			return v, true
		}
		if better(mover, v, best) {
			best = v
		}
	}
	return best, all
}

// root is the winner of the position after the prefix (the empty board
// without one) and whether it is known, its mover's winning moves (those
// known to win), and whether every move's value is known (then the moves
// are exactly the winning ones).
func (mm *minimax) root() (board.Color, bool, []board.Cell, bool) {
	p := mm.t.root
	mover := p.ToMove(mm.t.starter)
	best, all := mover.Other(), true
	var wins []board.Cell
	for bs := mm.t.b.All().AndNot(p.Occupied()); bs.Any(); {
		c := bs.Pop()
		v, ok := mm.child(p, mover, c, 0)
		if !ok {
			all = false
			continue
		}
		if v == mover {
			wins = append(wins, c)
		}
		if better(mover, v, best) {
			best = v
		}
	}
	return best, all || len(wins) > 0, wins, all
}

// cover builds the winner's proof tree of the openings' plies, as the merge
// checks a whole certificate made of pieces: at the winner's turns one move,
// at the opponent's turns every move; a move that ends the game must be the
// winner's win. Each opening the tree reaches is an image of a shard's
// opening (its least image is that shard's, recomputed here from the board's
// group), and that shard's piece must have a check that is optimal, for the
// winner, of this plan and shard, from this opening, and for the
// certificate file as it is now (its SHA-256).
//
// The winner's move is the first, in cell order, under which every opening
// is covered by an accepted piece, so that pieces written for one good first
// move suffice; when there is no such tree, the first move the shards'
// winners say wins, and the pieces that tree lacks are reported. The shards'
// winners only choose the tree; they are never trusted: every opening the
// tree reaches needs its checked piece.
func cover(dir string, pf *SolvePlanFile, t *openings, mm *minimax, results []*SolveResultFile, w board.Color) *PieceCover {
	pc := &PieceCover{Side: w, Why: map[int]string{}}
	why := map[int]string{} // per piece: "" when accepted
	pieceWhy := func(i int) string {
		if v, ok := why[i]; ok {
			return v
		}
		why[i] = checkPiece(dir, pf, i, results[i], w)
		return why[i]
	}
	// accepted: a tree below p whose every opening has an accepted piece.
	var accepted func(p board.Position, depth int) bool
	accepted = func(p board.Position, depth int) bool {
		if depth == t.plies {
			return pieceWhy(t.class[t.key(p)]) == ""
		}
		mover := p.ToMove(t.starter)
		for bs := t.b.All().AndNot(p.Occupied()); bs.Any(); {
			q, o := t.r.Place(p, mover, bs.Pop())
			if mover == w && (o == game.Won || o == game.Going && accepted(q, depth+1)) {
				return true
			}
			if mover != w && (o != game.Going || !accepted(q, depth+1)) {
				return false
			}
		}
		return mover != w
	}
	whole := accepted(t.root, 0)
	used := map[int]bool{}
	var walk func(p board.Position, depth int) bool
	walk = func(p board.Position, depth int) bool {
		if depth == t.plies {
			pc.Lines++
			used[t.class[t.key(p)]] = true
			return true
		}
		mover := p.ToMove(t.starter)
		for bs := t.b.All().AndNot(p.Occupied()); bs.Any(); {
			c := bs.Pop()
			q, o := t.r.Place(p, mover, c)
			if mover == w {
				if o == game.Won {
					return true
				}
				if o != game.Going || whole && !accepted(q, depth+1) || !whole && !mm.wins(p, mover, c, depth) {
					continue
				}
				return walk(q, depth+1)
			}
			if o != game.Going || !walk(q, depth+1) {
				return false // the opponent wins or draws: no proof (cannot happen when w wins)
			}
		}
		return mover != w
	}
	if !walk(t.root, 0) {
		pc.NoTree = "the shards' winners give no proof tree"
		return pc
	}
	for i := range used {
		pc.Used = append(pc.Used, i)
	}
	slices.Sort(pc.Used)
	for _, i := range pc.Used {
		if v := pieceWhy(i); v != "" {
			pc.Unchecked = append(pc.Unchecked, i)
			pc.Why[i] = v
		}
	}
	pc.Accepted = len(pc.Unchecked) == 0
	return pc
}

// checkPiece says why shard i's piece is not accepted ("" when it is).
func checkPiece(dir string, pf *SolvePlanFile, i int, rf *SolveResultFile, w board.Color) string {
	if rf.Certificate == "" {
		return "its shard wrote no certificate"
	}
	if rf.Certificate != CertificateName(i) {
		return fmt.Sprintf("its result names the certificate %q, not %s", rf.Certificate, CertificateName(i))
	}
	sum, err := FileSHA256(filepath.Join(dir, CertificateName(i)))
	if err != nil {
		return fmt.Sprintf("its certificate cannot be read: %v", err)
	}
	if sum != rf.CertificateSHA256 {
		return "its certificate is not the one its shard wrote (SHA-256 differs)"
	}
	cf, err := readCheck(dir, i)
	switch {
	case err != nil:
		return err.Error()
	case cf == nil:
		return fmt.Sprintf("not checked: run 'hexproof verify --piece %s/%d'", dir, i)
	case cf.Format != Format || cf.Kind != SolveKind || cf.Plan != pf.ID || cf.Index != i:
		return fmt.Sprintf("%s belongs to another plan or shard", CheckName(i))
	case cf.CertificateSHA256 != sum:
		return "its check is of another certificate (SHA-256 differs)"
	case cf.Side != w.String():
		return fmt.Sprintf("its check is of %s's strategy, not %s's", cf.Side, w)
	case len(cf.Prefix) < len(pf.Parts[i].Moves) || !slices.EqualFunc(cf.Prefix[:len(pf.Parts[i].Moves)], pf.Parts[i].Moves, sameMove):
		return "its check did not start from the shard's opening"
	case cf.Verdict != "optimal":
		return fmt.Sprintf("verify found it %s: %s", cf.Verdict, cf.Detail)
	}
	return ""
}

func sameMove(a, b Move) bool { return a.Player == b.Player && a.Cell == b.Cell }
