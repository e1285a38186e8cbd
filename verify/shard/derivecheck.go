package shard

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// MergeSolveDirChecked is MergeSolveDir that trusts no derived result
// (DeriveSolveResult) without asking its split again: for each one it finds
// the split its derived_from names, derives the shard's result from it once
// more (the split's merge checked the same way, so a chain of splits is
// checked to its searched shards) and requires the same winner, split plan
// and move. A split that is not found, or not solved (yet), leaves the
// shard unknown, with the reason in NotChecked; a split that gives another
// answer, or none, is an error (*FileError on the derived result).
//
// Why the recursion ends: a split's root is its parent shard's position
// with one stone more, so each level has more stones than the one above and
// a chain is at most as long as the board has cells; maxDeriveDepth guards
// against files that would loop all the same.
func MergeSolveDirChecked(dir string) (*SolveMerged, error) {
	return mergeChecked(dir, 0)
}

const maxDeriveDepth = 1024

func mergeChecked(dir string, depth int) (*SolveMerged, error) {
	if depth > maxDeriveDepth {
		return nil, fmt.Errorf("%s: derived results nest more than %d deep", dir, maxDeriveDepth)
	}
	pf, results, err := readSolveDir(dir)
	if err != nil {
		return nil, err
	}
	unknown := map[int]string{}
	var checked []int
	sub := func(d string) (*SolveMerged, error) { return mergeChecked(d, depth+1) }
	for i, rf := range results {
		// Results of another plan or shard, or with another verdict, are
		// mergeSolve's to refuse.
		if rf == nil || rf.DerivedFrom == nil || rf.Verdict != "solved" || rf.Plan != pf.ID || rf.Index != i {
			continue
		}
		path := filepath.Join(dir, ResultName(i))
		d := rf.DerivedFrom
		split, why := findSplit(dir, d)
		if split == "" {
			unknown[i] = why
			continue
		}
		again, m, err := derive(dir, i, split, sub, false)
		var not *NotDerivedError
		switch {
		case errors.As(err, &not) && m != nil && !m.Solved:
			unknown[i] = not.Why
			continue
		case err != nil:
			return nil, &FileError{path, fmt.Sprintf("derived from %s, which does not give it again: %v", split, err)}
		case again.Winner != rf.Winner || again.DerivedFrom.Plan != d.Plan || again.DerivedFrom.Move.Player != d.Move.Player || again.DerivedFrom.Move.Cell != d.Move.Cell:
			return nil, &FileError{path, fmt.Sprintf("it says %s wins by plan %s after %s's (%d,%d), but %s gives %s wins by plan %s after %s's (%d,%d)",
				rf.Winner, d.Plan, d.Move.Player, d.Move.Cell[0], d.Move.Cell[1],
				split, again.Winner, again.DerivedFrom.Plan, again.DerivedFrom.Move.Player, again.DerivedFrom.Move.Cell[0], again.DerivedFrom.Move.Cell[1])}
		}
		checked = append(checked, i)
	}
	m, err := mergeSolve(dir, pf, results, unknown)
	if err != nil {
		return nil, err
	}
	m.Checked, m.DerivedChecked = true, checked
	if len(unknown) > 0 {
		m.NotChecked = unknown
	}
	return m, nil
}

// findSplit finds the directory of the split d names: d.FromParent beside
// parent first, then d.Dir as recorded (relative to the working
// directory). It must hold d.Plan's plan; otherwise it returns "" and why.
func findSplit(parent string, d *Derivation) (string, string) {
	var tried, cands []string
	if d.FromParent != "" {
		cands = append(cands, filepath.Join(parent, filepath.FromSlash(d.FromParent)))
	}
	if d.Dir != "" {
		cands = append(cands, d.Dir)
	}
	seen := map[string]bool{}
	for _, c := range cands {
		if a, err := filepath.Abs(c); err == nil {
			if seen[a] {
				continue
			}
			seen[a] = true
		}
		if _, err := os.Stat(filepath.Join(c, "plan.json")); err != nil {
			tried = append(tried, c+": no plan.json")
			continue
		}
		pf, err := ReadSolvePlan(c)
		if err != nil {
			tried = append(tried, err.Error())
			continue
		}
		if pf.ID != d.Plan {
			tried = append(tried, fmt.Sprintf("%s holds plan %s", c, pf.ID))
			continue
		}
		return c, ""
	}
	why := fmt.Sprintf("its split, plan %s, not found", d.Plan)
	if len(tried) > 0 {
		why += " (" + strings.Join(tried, "; ") + ")"
	}
	return "", why
}
