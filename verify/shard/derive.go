package shard

import (
	"errors"
	"fmt"
	"path/filepath"

	"hexproof/board"
)

// Derivation records that a shard's result was not searched but follows
// from the split solve of the position after one more move, the shard
// mover's (docs/sharding.md, "A shard settled by a split of its answer").
type Derivation struct {
	Plan   string `json:"plan"`   // the split's plan ID
	Dir    string `json:"dir"`    // its directory, as it was given
	Move   Move   `json:"move"`   // the shard mover's move into the split's position
	Shards int    `json:"shards"` // the split's shards, all of which its merge read
	// FromParent is Dir relative to the parent plan's directory, so that
	// the split is found again wherever the two directories are moved
	// together (MergeSolveDirChecked); "" when there is no such path.
	FromParent string `json:"from_parent,omitempty"`
}

// NotDerivedError says why no result follows for the shard although the
// two plans fit: the split is not solved yet, or it does not prove the
// mover's move a win. It is an answer, not bad input.
type NotDerivedError struct{ Why string }

func (e *NotDerivedError) Error() string { return e.Why }

// ErrShardSolved: the shard already has a conclusive result.
var ErrShardSolved = errors.New("the shard already has a conclusive result")

// DeriveSolveResult gives the result of shard i of the split solve in
// parentDir that follows from the split solve in subDir, and subDir's merge.
//
// Why it is sound: the split's root must be the shard's opening position
// with exactly one stone more, the shard mover's, on a cell empty there,
// and the other player to move (checked here, on the positions, not on
// the move lists). If the split's merge is solved and the mover wins
// there, the mover has a winning move at the shard's position, so the
// mover wins it: that is all a shard's result states (its winner; the
// merge's minimax reads nothing else). If the split says the mover loses
// (or draws) after that move, nothing follows, since another move may win:
// a NotDerivedError, and so is a split not solved yet. The result counts
// the split's positions and seconds, and DerivedFrom names the split, so
// that a reader can merge it again. With check, subDir's own derived
// results are checked again as MergeSolveDirChecked does.
func DeriveSolveResult(parentDir string, i int, subDir string, check bool) (*SolveResultFile, *SolveMerged, error) {
	merge := MergeSolveDir
	if check {
		merge = MergeSolveDirChecked
	}
	return derive(parentDir, i, subDir, merge, true)
}

// derive is DeriveSolveResult merging subDir with merge; a shard already
// solved is refused when refuseSolved (a check of a derived result asks
// again what its split gives).
func derive(parentDir string, i int, subDir string, merge func(string) (*SolveMerged, error), refuseSolved bool) (*SolveResultFile, *SolveMerged, error) {
	pf, err := ReadSolvePlan(parentDir)
	if err != nil {
		return nil, nil, err
	}
	if i < 0 || i >= len(pf.Parts) {
		return nil, nil, fmt.Errorf("%s has shards 0 to %d, not %d", parentDir, len(pf.Parts)-1, i)
	}
	sf, pb, pstarter, err := ReadSolveShard(parentDir, i)
	if err != nil {
		return nil, nil, err
	}
	if sf.Plan != pf.ID {
		return nil, nil, fmt.Errorf("%s belongs to plan %s, not to %s's plan %s", ShardName(i), sf.Plan, parentDir, pf.ID)
	}
	if prev, err := ReadSolveResult(parentDir, i); err != nil {
		return nil, nil, err
	} else if refuseSolved && prev != nil && prev.Verdict == "solved" {
		return nil, nil, fmt.Errorf("%s: %w (%s wins)", filepath.Join(parentDir, ResultName(i)), ErrShardSolved, prev.Winner)
	}
	pp, _, err := sf.Opening(pb, pstarter)
	if err != nil {
		return nil, nil, &FileError{filepath.Join(parentDir, ShardName(i)), err.Error()}
	}
	mover := pp.ToMove(pstarter)

	spf, err := ReadSolvePlan(subDir)
	if err != nil {
		return nil, nil, err
	}
	sb, _, err := spf.Resolve()
	if err != nil {
		return nil, nil, &FileError{filepath.Join(subDir, "plan.json"), err.Error()}
	}
	if sb.String() != pb.String() || sb.Geo != pb.Geo {
		return nil, nil, fmt.Errorf("%s splits a solve of %s, shard %d of %s is on %s", subDir, sb, i, parentDir, pb)
	}
	sroot, sstarter, _, err := spf.start(sb)
	if err != nil {
		return nil, nil, &FileError{filepath.Join(subDir, "plan.json"), err.Error()}
	}
	// The split's root is the shard's position and one stone of the mover's.
	added := sroot.Occupied().AndNot(pp.Occupied())
	if added.Count() != 1 || sroot.ToMove(sstarter) != mover.Other() ||
		sroot != pp.Play(mover, added.First()) {
		return nil, nil, fmt.Errorf("%s does not split the position after one move of %s at shard %d of %s (opening %s)",
			subDir, mover, i, parentDir, MovesText(sf.Moves))
	}
	c := added.First()
	ci, cj := sb.Coord(c)
	m, err := merge(subDir)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case !m.Solved:
		solved := 0
		for _, k := range m.Decided {
			solved += k
		}
		return nil, m, &NotDerivedError{fmt.Sprintf("%s is not solved yet (%d of its %d shards solved)", subDir, solved, len(spf.Parts))}
	case m.Winner != mover:
		w := m.Winner.String() + " wins"
		if m.Winner == board.Empty {
			w = "a draw"
		}
		return nil, m, &NotDerivedError{fmt.Sprintf("after %s's (%d,%d) %s says %s: another move of %s may still win, so nothing follows for shard %d", mover, ci, cj, subDir, w, mover, i)}
	}
	rf := &SolveResultFile{Format: Format, Kind: SolveKind, Plan: pf.ID, Index: i, Verdict: "solved",
		Winner: mover.String(), ToMove: mover.String(), Positions: m.Positions, ElapsedSeconds: m.Elapsed,
		Detail:      fmt.Sprintf("derived: %s wins after its move (%d,%d), by the split solve in %s", mover, ci, cj, subDir),
		DerivedFrom: &Derivation{Plan: spf.ID, Dir: subDir, Move: Move{Player: mover.String(), Cell: [2]int{ci, cj}}, Shards: len(spf.Parts), FromParent: relDir(parentDir, subDir)}}
	return rf, m, nil
}

// relDir is sub relative to parent ("" when there is no such path).
func relDir(parent, sub string) string {
	ap, err1 := filepath.Abs(parent)
	as, err2 := filepath.Abs(sub)
	if err1 != nil || err2 != nil {
		return ""
	}
	r, err := filepath.Rel(ap, as)
	if err != nil {
		return ""
	}
	return filepath.ToSlash(r)
}
