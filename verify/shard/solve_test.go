package shard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
	"hexproof/verify/solve"
)

// splitSolve plans the solve of b by openings of plies plies, runs every
// shard (with certificates when cert) and merges.
func splitSolve(t *testing.T, b *board.Board, starter board.Color, plies int, noSym, cert bool) (string, *SolvePlan, *SolveMerged) {
	t.Helper()
	return splitSolveAfter(t, b, starter, nil, plies, noSym, cert)
}

// splitSolveAfter is splitSolve of the position after prefix.
func splitSolveAfter(t *testing.T, b *board.Board, starter board.Color, prefix []board.Move, plies int, noSym, cert bool) (string, *SolvePlan, *SolveMerged) {
	t.Helper()
	p, err := MakeSolvePlan(SolvePlanOptions{Board: b, Starter: starter, Plies: plies, NoSymmetry: noSym, Prefix: prefix})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := p.Write(dir); err != nil {
		t.Fatal(err)
	}
	for i := range p.Shards {
		rf, err := RunSolveShard(context.Background(), dir, i, SolveShardOptions{Certificate: cert})
		if err != nil {
			t.Fatal(err)
		}
		if err := WriteSolveResult(dir, rf); err != nil {
			t.Fatal(err)
		}
	}
	m, err := MergeSolveDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, p, m
}

// solveCase is a board and a split of its solve.
type solveCase struct {
	size  string
	geo   board.Geometry
	plies int
	noSym bool
}

// board makes the case's board.
func (c solveCase) board() *board.Board {
	var m, n int
	fmt.Sscanf(c.size, "%dx%d", &m, &n)
	return board.MustNew(m, n, c.geo)
}

// TestSolveSplitEqualsWhole: the merged split solve gives the unsplit
// solve's winner and exact set of winning first moves, with openings of one
// and two plies, up to symmetry and without it, on the cylinder, the flat
// board and the torus. (The cylinder's 4×4, 4×5 and 5×5 are the issue's
// boards; the flat and torus boards have proper subsets of winning moves,
// so the set is checked, not only the winner.)
func TestSolveSplitEqualsWhole(t *testing.T) {
	cases := []solveCase{
		{"4x4", board.Cylinder, 1, false}, {"4x4", board.Cylinder, 2, false}, {"4x4", board.Cylinder, 1, true},
		{"4x5", board.Cylinder, 1, false}, {"4x5", board.Cylinder, 2, false},
		{"5x5", board.Cylinder, 1, false}, {"5x5", board.Cylinder, 2, false},
		{"4x4", board.Flat, 2, false}, {"3x4", board.Flat, 3, false}, {"3x3", board.Torus, 2, false},
	}
	if testing.Short() {
		cases = cases[:3]
	}
	for _, c := range cases {
		for _, starter := range []board.Color{board.Red, board.Blue} {
			t.Run(fmt.Sprintf("%s-%s-%d-%v-%s", c.size, c.geo, c.plies, c.noSym, starter), func(t *testing.T) {
				b := c.board()
				_, whole := solveWhole(t, b, board.Position{}, starter)
				_, p, m := splitSolve(t, b, starter, c.plies, c.noSym, false)
				if !m.Solved || m.Winner != whole.Winner || !slices.Equal(m.WinningMoves, whole.WinningMoves) {
					t.Fatalf("split: solved %v, %s wins, moves %v; whole: %s wins, moves %v", m.Solved, m.Winner, m.WinningMoves, whole.Winner, whole.WinningMoves)
				}
				// The classes partition the openings.
				n := 0
				for _, part := range p.File.Parts {
					n += part.Openings
				}
				if n+p.File.Ended != p.File.Openings {
					t.Fatalf("classes hold %d openings, %d ended, of %d", n, p.File.Ended, p.File.Openings)
				}
				if !c.noSym && len(b.Group()) > 1 && c.plies == 1 && len(p.Shards) >= b.Cells() {
					t.Fatalf("%d shards for %d first moves: symmetry not used", len(p.Shards), b.Cells())
				}
			})
		}
	}
}

// TestSolveSplitAfterMovesEqualsWhole: a split of the position after some
// moves (plan --solve --moves) gives the unsplit solve of that position:
// its winner and the exact set of its mover's winning moves. Random
// prefixes of 1–4 moves (seeded), with and without symmetry, on boards whose
// winning sets are proper subsets (flat, torus) as well as the cylinder.
func TestSolveSplitAfterMovesEqualsWhole(t *testing.T) {
	cases := []solveCase{
		{"4x4", board.Cylinder, 1, false}, {"4x4", board.Cylinder, 2, true}, {"4x5", board.Cylinder, 2, false},
		{"4x4", board.Flat, 2, false}, {"3x3", board.Torus, 1, false}, {"5x5", board.Cylinder, 1, false},
	}
	if testing.Short() {
		cases = cases[:2]
	}
	rng := rand.New(rand.NewSource(7))
	for _, c := range cases {
		for _, starter := range []board.Color{board.Red, board.Blue} {
			b := c.board()
			// A prefix of 1–4 moves that does not end the game.
			var prefix []board.Move
			var p board.Position
			for len(prefix) < 1+rng.Intn(4) {
				cell := board.Cell(rng.Intn(b.Cells()))
				who := p.ToMove(starter)
				if p.Occupied().Has(cell) {
					continue
				}
				q := p.Play(who, cell)
				if b.Wins(q, who) {
					continue
				}
				p = q
				prefix = append(prefix, board.Move{Player: who, Cell: cell})
			}
			t.Run(fmt.Sprintf("%s-%s-%d-%v-%s-%d", c.size, c.geo, c.plies, c.noSym, starter, len(prefix)), func(t *testing.T) {
				s, err := solve.NewSolver(context.Background(), b, solve.Options{})
				if err != nil {
					t.Fatal(err)
				}
				whole, err := s.Solve(p, p.ToMove(starter))
				if err != nil {
					t.Fatal(err)
				}
				_, plan, m := splitSolveAfter(t, b, starter, prefix, c.plies, c.noSym, false)
				if !m.Solved || m.Winner != whole.Winner || !slices.Equal(m.WinningMoves, whole.WinningMoves) || m.ToMove != p.ToMove(starter) {
					t.Fatalf("split: solved %v, %s to move, %s wins, moves %v; whole: %s wins, moves %v", m.Solved, m.ToMove, m.Winner, m.WinningMoves, whole.Winner, whole.WinningMoves)
				}
				for _, sh := range plan.Shards {
					if len(sh.Moves) != len(prefix)+c.plies || !slices.EqualFunc(sh.Moves[:len(prefix)], movesOut(b, prefix), sameMove) {
						t.Fatalf("shard %d's opening %v does not begin with the prefix", sh.Index, sh.Moves)
					}
				}
			})
		}
	}
}

// TestSolveSplitSetUpEqualsWhole: a split of a position set up stone by
// stone (plan --solve --red --blue --to-move) gives the unsplit solve of
// that position with that player to move: its winner and the exact set of
// the mover's winning moves. The set-ups are random (seeded) and lopsided on
// purpose: a colour may have two stones more than the other, and either
// colour may move whatever the counts, so the starter the plan derives
// from the parity is sometimes the player with fewer stones.
func TestSolveSplitSetUpEqualsWhole(t *testing.T) {
	cases := []solveCase{
		{"4x4", board.Cylinder, 1, false}, {"4x4", board.Cylinder, 2, true}, {"4x5", board.Cylinder, 2, false},
		{"4x4", board.Flat, 2, false}, {"3x3", board.Torus, 1, false}, {"5x5", board.Cylinder, 1, false},
	}
	if testing.Short() {
		cases = cases[:2]
	}
	rng := rand.New(rand.NewSource(11))
	for k, c := range cases {
		for _, toMove := range []board.Color{board.Red, board.Blue} {
			b := c.board()
			// k-th case: Red gets 1–3 stones, Blue that many plus 2, 1, 0
			// or -1 (at least 0), none making a win.
			nRed := 1 + rng.Intn(3)
			nBlue := max(0, nRed+2-(k+int(toMove))%4)
			var p board.Position
			for p.Red.Count() < nRed || p.Blue.Count() < nBlue {
				who := board.Red
				if p.Red.Count() == nRed {
					who = board.Blue
				}
				cell := board.Cell(rng.Intn(b.Cells()))
				if p.Occupied().Has(cell) || b.Wins(p.Play(who, cell), who) {
					continue
				}
				p = p.Play(who, cell)
			}
			t.Run(fmt.Sprintf("%s-%s-%d-%v-%s-%dr%db", c.size, c.geo, c.plies, c.noSym, toMove, nRed, nBlue), func(t *testing.T) {
				s, err := solve.NewSolver(context.Background(), b, solve.Options{})
				if err != nil {
					t.Fatal(err)
				}
				whole, err := s.Solve(p, toMove)
				if err != nil {
					t.Fatal(err)
				}
				plan, err := MakeSolvePlan(SolvePlanOptions{Board: b, Plies: c.plies, NoSymmetry: c.noSym, SetUp: p, ToMove: toMove})
				if err != nil {
					t.Fatal(err)
				}
				dir := t.TempDir()
				if err := plan.Write(dir); err != nil {
					t.Fatal(err)
				}
				for i, sh := range plan.Shards {
					if len(sh.Moves) != c.plies || sh.Moves[0].Player != toMove.String() {
						t.Fatalf("shard %d's opening %v: want %d moves, %s's first", i, sh.Moves, c.plies, toMove)
					}
					rf, err := RunSolveShard(context.Background(), dir, i, SolveShardOptions{})
					if err != nil {
						t.Fatal(err)
					}
					if want := toMove; c.plies%2 == 0 && rf.ToMove != want.String() || c.plies%2 == 1 && rf.ToMove != want.Other().String() {
						t.Fatalf("shard %d: %s to move after %d plies from %s's turn", i, rf.ToMove, c.plies, toMove)
					}
					if err := WriteSolveResult(dir, rf); err != nil {
						t.Fatal(err)
					}
				}
				m, err := MergeSolveDir(dir)
				if err != nil {
					t.Fatal(err)
				}
				if !m.Solved || m.Winner != whole.Winner || !slices.Equal(m.WinningMoves, whole.WinningMoves) || m.ToMove != toMove {
					t.Fatalf("split: solved %v, %s to move, %s wins, moves %v; whole: %s wins, moves %v", m.Solved, m.ToMove, m.Winner, m.WinningMoves, whole.Winner, whole.WinningMoves)
				}
			})
		}
	}
}

// TestSolvePlanSetUpFiles: a plan of a position set up names its stones and
// mover and no starter; one whose file adds a starter or a prefix, drops
// the mover, or puts a stone off the board or on a cell twice is refused
// when read; a certificate piece is refused; and the plans made before
// set-ups existed keep their ids (a plan of this project's runs, read by
// today's merge, must be the plan its results name).
func TestSolvePlanSetUpFiles(t *testing.T) {
	b := board.MustNew(4, 4, board.Cylinder)
	var p board.Position
	for _, rc := range []struct {
		who  board.Color
		i, j int
	}{{board.Red, 1, 1}, {board.Red, 3, 2}, {board.Blue, 2, 2}} {
		c, _ := b.CellAt(rc.i, rc.j)
		p = p.Play(rc.who, c)
	}
	plan, err := MakeSolvePlan(SolvePlanOptions{Board: b, Plies: 1, SetUp: p, ToMove: board.Red})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := plan.Write(dir); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, PlanName))
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]any
	if err := json.Unmarshal(raw, &fields); err != nil {
		t.Fatal(err)
	}
	if _, ok := fields["starter"]; ok || fields["to_move"] != "red" || fmt.Sprint(fields["red"]) != "[[1 1] [3 2]]" || fmt.Sprint(fields["blue"]) != "[[2 2]]" {
		t.Fatalf("plan.json: starter %v, to_move %v, red %v, blue %v", fields["starter"], fields["to_move"], fields["red"], fields["blue"])
	}
	if _, err := ReadSolvePlan(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := RunSolveShard(context.Background(), dir, 0, SolveShardOptions{Certificate: true}); !errors.Is(err, ErrSetUpCertificate) {
		t.Fatalf("a certificate piece of a set-up: %v", err)
	}
	for _, bad := range []struct{ name, field, value string }{
		{"starter", "starter", `"red"`},
		{"prefix", "prefix", `[{"player":"red","cell":[4,4]}]`},
		{"no mover", "to_move", `""`},
		{"off the board", "blue", `[[2,9]]`},
		{"twice", "blue", `[[1,1]]`},
		{"mover", "to_move", `"green"`},
	} {
		var f map[string]json.RawMessage
		if err := json.Unmarshal(raw, &f); err != nil {
			t.Fatal(err)
		}
		f[bad.field] = json.RawMessage(bad.value)
		delete(f, "digest")
		edited, _ := json.Marshal(f)
		d := t.TempDir()
		if err := os.WriteFile(filepath.Join(d, PlanName), edited, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadSolvePlan(d); err == nil {
			t.Errorf("%s: a plan with %s = %s was read", bad.name, bad.field, bad.value)
		}
	}
	// The plan of docs/results.md's far shard B:(3,12) (plan PC12), made
	// before set-ups existed: its id is the one its 56 results name.
	b12 := board.MustNew(5, 12, board.Cylinder)
	toks, err := b12.ParseMoves("b2 a2 c12 c7")
	if err != nil {
		t.Fatal(err)
	}
	_, prefix, _, err := b12.Play(board.Blue, toks)
	if err != nil {
		t.Fatal(err)
	}
	pc12, err := MakeSolvePlan(SolvePlanOptions{Board: b12, Starter: board.Blue, Plies: 1, Prefix: prefix})
	if err != nil {
		t.Fatal(err)
	}
	if pc12.File.ID != "377f768d77167e6a2a91b543" || len(pc12.Shards) != 56 {
		t.Fatalf("plan PC12: id %s, %d shards; its results name 377f768d77167e6a2a91b543, 56 shards", pc12.File.ID, len(pc12.Shards))
	}
}

// TestSolveMergeRefuses: a damaged or foreign result, or an edited plan,
// is an error that names the file; a missing or inconclusive shard whose
// answer is needed makes the merge unsolved, and is named.
func TestSolveMergeRefuses(t *testing.T) {
	b := board.MustNew(4, 4, board.Cylinder)
	dir, _, _ := splitSolve(t, b, board.Red, 1, false, false)
	other, _, _ := splitSolve(t, b, board.Blue, 1, false, false)
	read := func(d, name string) []byte {
		raw, err := os.ReadFile(filepath.Join(d, name))
		if err != nil {
			t.Fatal(err)
		}
		return raw
	}
	good := read(dir, ResultName(0))
	plan := read(dir, PlanName)
	for _, c := range []struct {
		name, file string
		body       []byte
		want       string
	}{
		{"corrupt", ResultName(0), []byte("{\"format\": 1, "), "result-0.json"},
		{"other plan", ResultName(0), read(other, ResultName(0)), "another plan"},
		{"other shard", ResultName(0), read(dir, ResultName(1)), "another plan or shard"},
		{"bad winner", ResultName(0), []byte(strings.Replace(string(good), `"winner": "`, `"winner": "x`, 1)), "unknown winner"},
		{"edited plan", PlanName, []byte(strings.Replace(string(plan), `"plies": 1`, `"plies": 2`, 1)), "digest"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.file)
			orig := read(dir, c.file)
			defer os.WriteFile(path, orig, 0o644)
			if c.body == nil {
				os.Remove(path)
			} else if err := os.WriteFile(path, c.body, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := MergeSolveDir(dir)
			var fe *FileError
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want a file error with %q", err, c.want)
			}
		})
	}
	// An inconclusive shard and a missing one: not solved, and named.
	rf, _ := ReadSolveResult(dir, 1)
	rf.Verdict, rf.Winner = "inconclusive", ""
	if err := WriteSolveResult(dir, rf); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, ResultName(0))); err != nil {
		t.Fatal(err)
	}
	m, err := MergeSolveDir(dir)
	if err != nil || m.Solved || !slices.Equal(m.Unfinished, []int{1}) || !slices.Equal(m.Missing, []int{0}) || !slices.Equal(m.Pending(), []int{0, 1}) {
		t.Fatalf("inconclusive shard 1, missing shard 0: %+v, %v", m, err)
	}
}

// TestSolveMergePartial: with some shards' results missing or
// inconclusive, the merge says only what holds whatever those shards turn
// out to be: when it calls the solve solved, the winner and the exact set
// of winning moves are the full merge's; when it knows only the winner,
// that winner is the full merge's, it is the player to move, and the moves
// it gives win. On random sets of withheld shards of boards with proper
// subsets of winning moves and with draws; the partial answers must occur
// (solved with shards withheld, and a winner known before its moves).
func TestSolveMergePartial(t *testing.T) {
	cases := []solveCase{
		{"4x4", board.Cylinder, 2, false}, {"4x4", board.Flat, 2, false}, {"3x4", board.Flat, 3, false}, {"3x3", board.Torus, 2, false},
	}
	rng := rand.New(rand.NewSource(29))
	early, winnerOnly := 0, 0
	for _, c := range cases {
		for _, starter := range []board.Color{board.Red, board.Blue} {
			b := c.board()
			dir, p, full := splitSolve(t, b, starter, c.plies, c.noSym, false)
			if !full.Solved || len(full.Pending()) > 0 {
				t.Fatalf("%s %s: the full merge: %+v", c.size, starter, full)
			}
			pf, err := ReadSolvePlan(dir)
			if err != nil {
				t.Fatal(err)
			}
			orig := make([]*SolveResultFile, len(p.Shards))
			for i := range orig {
				if orig[i], err = ReadSolveResult(dir, i); err != nil {
					t.Fatal(err)
				}
			}
			for trial := 0; trial < 100; trial++ {
				q := []float64{0.05, 0.2, 0.5, 0.9}[trial%4]
				var missing, unfinished []int
				results := make([]*SolveResultFile, len(orig))
				for i, rf := range orig {
					switch r := rng.Float64(); {
					case r < q/2:
						missing = append(missing, i)
					case r < q:
						unfinished = append(unfinished, i)
						stopped := *rf
						stopped.Verdict, stopped.Winner = "inconclusive", ""
						results[i] = &stopped
					default:
						results[i] = rf
					}
				}
				m, err := mergeSolve(dir, pf, results, nil)
				if err != nil {
					t.Fatal(err)
				}
				where := fmt.Sprintf("%s %s %s, missing %v, inconclusive %v", c.size, c.geo, starter, missing, unfinished)
				if !slices.Equal(m.Missing, missing) || !slices.Equal(m.Unfinished, unfinished) {
					t.Fatalf("%s: the merge lists missing %v, inconclusive %v", where, m.Missing, m.Unfinished)
				}
				switch {
				case m.Solved:
					if m.Winner != full.Winner || !slices.Equal(m.WinningMoves, full.WinningMoves) {
						t.Fatalf("%s: solved: %s wins, moves %v; the full merge: %s, %v", where, m.Winner, m.WinningMoves, full.Winner, full.WinningMoves)
					}
					if len(missing)+len(unfinished) > 0 {
						early++
					}
				case m.WinnerKnown:
					if m.Winner != full.Winner || m.Winner != m.ToMove || len(m.WinningMoves) == 0 {
						t.Fatalf("%s: %s wins by %v before all are known; the full merge: %s (%s to move)", where, m.Winner, m.WinningMoves, full.Winner, m.ToMove)
					}
					for _, c := range m.WinningMoves {
						if !slices.Contains(full.WinningMoves, c) {
							t.Fatalf("%s: %v said to win; the full merge's winning moves: %v", where, c, full.WinningMoves)
						}
					}
					winnerOnly++
				case len(missing)+len(unfinished) == 0:
					t.Fatalf("%s: every shard solved, and the merge is not", where)
				}
			}
		}
	}
	if early == 0 || winnerOnly == 0 {
		t.Fatalf("%d merges solved with shards withheld, %d with the winner alone known: want both", early, winnerOnly)
	}
	t.Logf("%d merges solved with shards withheld, %d with the winner alone known", early, winnerOnly)
}

// TestSolvePieces: on 5×5, for both starters and openings of one and two
// plies, every piece of the winner's proof tree verifies optimal from its
// opening and the merge accepts the whole; a tampered piece (an answer
// changed) is found not optimal by verify and the whole is refused; a piece
// changed after its check is refused too.
func TestSolvePieces(t *testing.T) {
	if testing.Short() {
		t.Skip("certificates and their checks take a few seconds")
	}
	b := board.MustNew(5, 5, board.Cylinder)
	for _, c := range []struct {
		starter board.Color
		plies   int
	}{{board.Red, 1}, {board.Red, 2}, {board.Blue, 1}} {
		t.Run(fmt.Sprintf("%s-%d", c.starter, c.plies), func(t *testing.T) {
			dir, _, m := splitSolve(t, b, c.starter, c.plies, false, true)
			if m.Certificate == nil || m.Winner != board.Red {
				t.Fatalf("no pieces: %+v", m)
			}
			check := func() *SolveMerged {
				for _, i := range m.Certificate.Used {
					cf, err := CheckPieceShard(context.Background(), dir, i, verify.Options{Jobs: 2})
					if err != nil {
						t.Fatal(err)
					}
					if err := WritePieceCheck(dir, cf); err != nil {
						t.Fatal(err)
					}
				}
				m2, err := MergeSolveDir(dir)
				if err != nil {
					t.Fatal(err)
				}
				return m2
			}
			// Before any check: not accepted, every used piece unchecked.
			if m.Certificate.Accepted || !slices.Equal(m.Certificate.Unchecked, m.Certificate.Used) {
				t.Fatalf("accepted before the checks: %+v", m.Certificate)
			}
			m2 := check()
			if !m2.Certificate.Accepted {
				t.Fatalf("not accepted: %+v", m2.Certificate)
			}
			// Tamper with the piece the proof uses first: every answer of
			// its certificate moved to another empty cell.
			i := m2.Certificate.Used[0]
			path := filepath.Join(dir, CertificateName(i))
			orig, _ := os.ReadFile(path)
			tampered := tamper(t, b, orig)
			if err := os.WriteFile(path, tampered, 0o644); err != nil {
				t.Fatal(err)
			}
			m3, _ := MergeSolveDir(dir)
			if m3.Certificate.Accepted || !strings.Contains(m3.Certificate.Why[i], "SHA-256") {
				t.Fatalf("a certificate changed after its check was accepted: %+v", m3.Certificate)
			}
			// The shard's result is made to name the tampered file, as if
			// the shard had written it: verify refutes it.
			rf, _ := ReadSolveResult(dir, i)
			rf.CertificateSHA256, _ = FileSHA256(path)
			if err := WriteSolveResult(dir, rf); err != nil {
				t.Fatal(err)
			}
			m4 := check()
			if m4.Certificate.Accepted || !strings.Contains(m4.Certificate.Why[i], "verify found it") {
				t.Fatalf("a tampered piece was accepted: %+v", m4.Certificate)
			}
			if c.starter == board.Red && c.plies == 1 {
				// With piece 0 refuted, the first moves of another class,
				// whose pieces are checked, make the proof.
				for i := 1; i < 3; i++ {
					cf, err := CheckPieceShard(context.Background(), dir, i, verify.Options{Jobs: 2})
					if err != nil || cf.Verdict != "optimal" {
						t.Fatalf("piece %d: %+v, %v", i, cf, err)
					}
					_ = WritePieceCheck(dir, cf)
				}
				m5, _ := MergeSolveDir(dir)
				if !m5.Certificate.Accepted || slices.Contains(m5.Certificate.Used, 0) {
					t.Fatalf("not accepted through another first move: %+v", m5.Certificate)
				}
			}
		})
	}
}

// tamper moves every answer of a compact certificate, past the first two
// plies, to the first other empty cell.
func tamper(t *testing.T, b *board.Board, raw []byte) []byte {
	t.Helper()
	c, err := strategies.ParseCertificate(raw, b)
	if err != nil {
		t.Fatal(err)
	}
	answers := map[board.Position]board.Cell{}
	c.Each(func(p board.Position, _, move board.Cell) {
		if p.Plies() > 2 {
			for bs := b.All().AndNot(p.Occupied()); bs.Any(); {
				if x := bs.Pop(); x != move {
					move = x
					break
				}
			}
		}
		answers[p] = move
	})
	out, err := json.Marshal(strategies.NewCompactCertificate(b, c.Side(), c.Starter(), answers).File())
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSolveShardEarlierParts: a shard run again after a run that stopped
// counts that run's positions and time as an earlier part, run after run;
// the merge adds them to the shard's; a run after a solved result, or over
// another shard's result, starts the count afresh.
func TestSolveShardEarlierParts(t *testing.T) {
	b := board.MustNew(4, 4, board.Cylinder)
	p, err := MakeSolvePlan(SolvePlanOptions{Board: b, Starter: board.Red, Plies: 1})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := p.Write(dir); err != nil {
		t.Fatal(err)
	}
	run := func(ctx context.Context, i int) *SolveResultFile {
		t.Helper()
		rf, err := RunSolveShard(ctx, dir, i, SolveShardOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := WriteSolveResult(dir, rf); err != nil {
			t.Fatal(err)
		}
		return rf
	}
	// A stopped run, as a stand-in (a search here is decided too fast to
	// stop): its result file is what the next run reads.
	stop := func(rf *SolveResultFile, positions int64, secs float64) {
		t.Helper()
		rf.Verdict, rf.Winner, rf.Detail = "inconclusive", "", "stopped before the answer: interrupted"
		rf.Positions, rf.ElapsedSeconds = positions, secs
		if err := WriteSolveResult(dir, rf); err != nil {
			t.Fatal(err)
		}
	}
	stop(&SolveResultFile{Format: Format, Kind: SolveKind, Plan: p.File.ID, Index: 0, ToMove: "blue"}, 7, 1.5)
	second := run(context.Background(), 0)
	if second.Verdict != "solved" || second.EarlierParts != 1 || second.EarlierPositions != 7 || second.EarlierElapsedSeconds != 1.5 {
		t.Fatalf("the run after a stopped one: %+v", second)
	}
	stop(second, 5, 0.5) // as if the second had stopped too
	third := run(context.Background(), 0)
	if third.Verdict != "solved" || third.EarlierParts != 2 || third.EarlierPositions != 12 || third.EarlierElapsedSeconds != 2 {
		t.Fatalf("the run after two stopped ones: %+v", third)
	}
	for i := 1; i < len(p.Shards); i++ {
		run(context.Background(), i)
	}
	m, err := MergeSolveDir(dir)
	if err != nil || !m.Solved {
		t.Fatalf("merge: %+v, %v", m, err)
	}
	var want int64
	for i := range p.Shards {
		rf, _ := ReadSolveResult(dir, i)
		want += rf.Positions
	}
	if m.Positions != want+12 {
		t.Fatalf("merge: %d positions, want the shards' %d and 12 of the earlier parts", m.Positions, want)
	}
	if again := run(context.Background(), 0); again.EarlierParts != 0 || again.EarlierPositions != 0 {
		t.Fatalf("a run after a solved result: %+v", again)
	}
	// Shard 1's result put in shard 0's place is not shard 0's earlier part.
	other, _ := ReadSolveResult(dir, 1)
	other.Verdict, other.Winner = "inconclusive", ""
	raw, _ := json.Marshal(other)
	if err := os.WriteFile(filepath.Join(dir, ResultName(0)), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if again := run(context.Background(), 0); again.EarlierParts != 0 {
		t.Fatalf("a run over shard 1's result: %+v", again)
	}
}

// FuzzReadSolvePlan: whatever plan.json holds, reading it neither panics
// nor accepts a plan other than the one its setup makes (set-ups with cells
// off the board or named twice, a mover that is no player, and a setup
// mixing a set-up with a starter or a prefix are refused).
func FuzzReadSolvePlan(f *testing.F) {
	b := board.MustNew(4, 4, board.Cylinder)
	var p board.Position
	p = p.Play(board.Red, 0).Play(board.Red, 5).Play(board.Blue, 9)
	for _, opt := range []SolvePlanOptions{
		{Board: b, Plies: 1, SetUp: p, ToMove: board.Blue},
		{Board: b, Starter: board.Red, Plies: 2, Prefix: []board.Move{{Player: board.Red, Cell: 6}}},
		{Board: b, Starter: board.Blue, Plies: 1},
	} {
		plan, err := MakeSolvePlan(opt)
		if err != nil {
			f.Fatal(err)
		}
		plan.File.Digest = plan.File.digest()
		raw, err := json.Marshal(plan.File)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Add([]byte(`{"format":1,"id":"x","kind":"solve","board":"4x4","geometry":"cylinder","plies":1,"red":[[1,1],[-3,99]],"to_move":"red"}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, PlanName), raw, 0o644); err != nil {
			t.Fatal(err)
		}
		pf, err := ReadSolvePlan(dir)
		if err != nil {
			return
		}
		// What was read is what its setup makes, and it resolves.
		b, starter, err := pf.Resolve()
		if err != nil {
			t.Fatalf("a plan read whose setup does not resolve: %v", err)
		}
		root, _, _, err := pf.start(b)
		if err != nil || b.Wins(root, board.Red) || b.Wins(root, board.Blue) {
			t.Fatalf("a plan read from a position that is over or bad: %v", err)
		}
		if pf.ToMove != "" && root.ToMove(starter).String() != pf.ToMove {
			t.Fatalf("set up with %s to move, but the plan's mover is %s", pf.ToMove, root.ToMove(starter))
		}
	})
}
