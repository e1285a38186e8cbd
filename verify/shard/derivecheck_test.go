package shard

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/verify/solve"
)

// derivedTree builds, under root, a split solve P of 4x4 (Blue starts, one
// ply) whose shards 0 and 1 are derived from splits S0 and S1 after Red's
// winning answer, where S0's shard 0 is itself derived from a split SS
// after Red's next winning move (a chain of two); every other shard is
// searched. It returns the unsplit solve and the derived shards of P.
func derivedTree(t *testing.T, root string) (*solve.Result, []int) {
	t.Helper()
	b := board.MustNew(4, 4, board.Cylinder)
	s, whole := solveWhole(t, b, board.Position{}, board.Blue)
	write := func(name string, opt SolvePlanOptions) (string, *SolvePlan) {
		p, err := MakeSolvePlan(opt)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(root, name)
		if err := p.Write(dir); err != nil {
			t.Fatal(err)
		}
		return dir, p
	}
	// winAfter: the split after the mover's first winning move at shard i
	// of the plan in dir (the mover must win there).
	winAfter := func(dir string, i int, name string) (string, *SolvePlan) {
		sf, sb, st, err := ReadSolveShard(dir, i)
		if err != nil {
			t.Fatal(err)
		}
		pp, moves, err := sf.Opening(sb, st)
		if err != nil {
			t.Fatal(err)
		}
		mover := pp.ToMove(st)
		r, err := s.Solve(pp, mover)
		if err != nil || r.Winner != mover {
			t.Fatalf("%s shard %d: %v, %v (the tree needs the mover to win)", dir, i, r, err)
		}
		return write(name, SolvePlanOptions{Board: b, Starter: board.Blue, Plies: 1,
			Prefix: append(moves, board.Move{Player: mover, Cell: r.WinningMoves[0]})})
	}
	derive := func(parent string, i int, sub string) {
		rf, _, err := DeriveSolveResult(parent, i, sub, true)
		if err != nil {
			t.Fatalf("derive %s/%d from %s: %v", parent, i, sub, err)
		}
		if err := WriteSolveResult(parent, rf); err != nil {
			t.Fatal(err)
		}
	}
	p, pp := write("P", SolvePlanOptions{Board: b, Starter: board.Blue, Plies: 1})
	s0, sp0 := winAfter(p, 0, "S0")
	s1, sp1 := winAfter(p, 1, "S1")
	ss, spss := winAfter(s0, 0, "SS")
	solveShards(t, ss, len(spss.Shards))
	derive(s0, 0, ss)
	for k := 1; k < len(sp0.Shards); k++ {
		solveShard(t, s0, k)
	}
	solveShards(t, s1, len(sp1.Shards))
	derive(p, 0, s0)
	derive(p, 1, s1)
	for k := 2; k < len(pp.Shards); k++ {
		solveShard(t, p, k)
	}
	return whole, []int{0, 1}
}

// TestMergeSolveChecked: MergeSolveDirChecked merges a tree of derived
// results (a chain of two) to the unsplit solve's winner and winning moves
// and checks each derived shard again, also after the tree has moved (the
// splits are found beside the parent); a split that is gone or no longer
// solved, anywhere down the chain, leaves the shard unknown with the
// reason; a derived result whose winner or move was changed is refused.
func TestMergeSolveChecked(t *testing.T) {
	root := filepath.Join(t.TempDir(), "a")
	whole, derived := derivedTree(t, root)
	moved := filepath.Join(filepath.Dir(root), "b")
	if err := os.Rename(root, moved); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(moved, "P")
	m, err := MergeSolveDirChecked(p)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Solved || m.Winner != whole.Winner || !slices.Equal(m.WinningMoves, whole.WinningMoves) ||
		!slices.Equal(m.Derived, derived) || !slices.Equal(m.DerivedChecked, derived) || len(m.NotChecked) != 0 || !m.Checked {
		t.Fatalf("checked merge after the move: solved %v, %s wins %v, derived %v, checked %v, not checked %v; whole: %s wins %v",
			m.Solved, m.Winner, m.WinningMoves, m.Derived, m.DerivedChecked, m.NotChecked, whole.Winner, whole.WinningMoves)
	}
	plain, err := MergeSolveDir(p)
	if err != nil || plain.Decided[board.Red] != m.Decided[board.Red] || plain.Checked {
		t.Fatalf("plain merge: %+v, %v", plain, err)
	}

	// A copy of the tree for each way of breaking it.
	fresh := func(t *testing.T) string {
		t.Helper()
		dst := filepath.Join(t.TempDir(), "c")
		if err := os.CopyFS(dst, os.DirFS(moved)); err != nil {
			t.Fatal(err)
		}
		return dst
	}
	unknown := func(t *testing.T, dir string, shard int, why string) {
		t.Helper()
		m, err := MergeSolveDirChecked(filepath.Join(dir, "P"))
		if err != nil {
			t.Fatal(err)
		}
		got, ok := m.NotChecked[shard]
		if !ok || !strings.Contains(got, why) || slices.Contains(m.DerivedChecked, shard) || m.Decided[board.Red] != plain.Decided[board.Red]-1 {
			t.Fatalf("not checked %v, checked %v, red wins %d of %d; want shard %d unknown (%q)", m.NotChecked, m.DerivedChecked, m.Decided[board.Red], plain.Decided[board.Red], shard, why)
		}
	}
	t.Run("split gone", func(t *testing.T) {
		d := fresh(t)
		if err := os.RemoveAll(filepath.Join(d, "S1")); err != nil {
			t.Fatal(err)
		}
		unknown(t, d, 1, "not found")
	})
	t.Run("split not solved", func(t *testing.T) {
		d := fresh(t)
		if err := os.Remove(filepath.Join(d, "S1", ResultName(2))); err != nil {
			t.Fatal(err)
		}
		unknown(t, d, 1, "not solved yet")
	})
	// Down the chain: without SS, S0's shard 0 is unknown, so S0 is not
	// solved, so P's shard 0 is not checked. The plain merge of S0 would
	// trust it.
	t.Run("chain", func(t *testing.T) {
		d := fresh(t)
		if err := os.RemoveAll(filepath.Join(d, "SS")); err != nil {
			t.Fatal(err)
		}
		unknown(t, d, 0, "not solved yet")
	})
	edit := func(t *testing.T, change func(rf *SolveResultFile)) error {
		d := fresh(t)
		path := filepath.Join(d, "P", ResultName(1))
		rf, err := ReadSolveResult(filepath.Join(d, "P"), 1)
		if err != nil {
			t.Fatal(err)
		}
		change(rf)
		data, _ := json.MarshalIndent(rf, "", "  ")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err = MergeSolveDirChecked(filepath.Join(d, "P"))
		return err
	}
	var fe *FileError
	if err := edit(t, func(rf *SolveResultFile) { rf.Winner = "blue" }); !errors.As(err, &fe) {
		t.Errorf("a derived result with its winner changed: %v, want a refusal", err)
	}
	if err := edit(t, func(rf *SolveResultFile) { rf.DerivedFrom.Move.Cell[1]++ }); !errors.As(err, &fe) {
		t.Errorf("a derived result with its move changed: %v, want a refusal", err)
	}
	if err := edit(t, func(rf *SolveResultFile) { rf.DerivedFrom.Plan = strings.Repeat("0", len(rf.DerivedFrom.Plan)) }); err != nil {
		t.Errorf("a derived result naming another plan: %v, want it unknown", err)
	}
}
