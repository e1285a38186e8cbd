package pairing

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
)

// gardnerAt is Gardner's pairing on the block of columns c0+1 … c0+n+1 of g
// (columns taken mod m), written out independently of strategies.gardnerPairs
// and of gardnerBlock.
func gardnerAt(g *grid, c0 int) [][2]int {
	n := g.n
	var pairs [][2]int
	for i := 1; i <= n; i++ {
		for j := 1; i+j <= n+1; j++ {
			a := g.cell((c0+i-1)%g.m+1, j)
			b := g.cell((c0+n+2-j-1)%g.m+1, n+1-i)
			pairs = append(pairs, [2]int{a, b})
		}
	}
	return pairs
}

// rotationPairs pairs every cell with the cell k columns on.
func rotationPairs(g *grid, k int) [][2]int {
	var pairs [][2]int
	for j := 1; j <= g.n; j++ {
		for i := 1; i <= g.m; i++ {
			a, b := g.cell(i, j), g.cell((i+k-1)%g.m+1, j)
			if a < b {
				pairs = append(pairs, [2]int{a, b})
			}
		}
	}
	return pairs
}

// theoremAgrees checks one pairing: if a theorem claims P, the exact search
// (within budget) must find no pair-free winning set of the opponent, and on
// boards with at most 14 pairs the brute-force enumeration must give P too.
// It reports whether a theorem applied and whether a check was completed.
func theoremAgrees(t *testing.T, g *grid, pairs [][2]int, what string) (applied, compared bool) {
	t.Helper()
	return theoremAgreesSide(t, g, board.Red, pairs, what)
}

// theoremAgreesSide is theoremAgrees for a pairing of side.
func theoremAgreesSide(t *testing.T, g *grid, side board.Color, pairs [][2]int, what string) (applied, compared bool) {
	t.Helper()
	s := newSearcher(context.Background(), g, side, pairs)
	thm, _ := s.provedByTheorem()
	if thm == theoremNone {
		return false, false
	}
	if len(pairs) <= 14 {
		if p, _ := enumerate(g, side, pairs); !p {
			t.Fatalf("%s: %s claims P, the enumeration of all %d choices refutes it", what, thm, 1<<len(pairs))
		}
		compared = true
	}
	s2 := newSearcher(context.Background(), g, side, pairs)
	s2.maxNodes = 5000
	w, found, _, err := s2.search(set{})
	if err == nil {
		if found {
			t.Fatalf("%s: %s claims P, the search finds the pair-free winning set %v", what, thm, g.coords(w))
		}
		compared = true
	}
	return true, compared
}

// TestTheoremsAgreeWithSearch: wherever theorem I or G applies (mirror,
// Gardner, and Gardner's triangles rotated round the cylinder), the exact
// search and, on small boards, the enumeration of every choice agree that P
// holds. The number of boards compared is asserted, so that a theorem that
// stopped applying would be noticed.
func TestTheoremsAgreeWithSearch(t *testing.T) {
	compared := map[theorem]int{}
	for _, geo := range []board.Geometry{board.Cylinder, board.Flat} {
		for m := 1; m <= 10; m++ {
			for n := 1; n <= 8 && m*n <= 48; n++ {
				g, err := newGrid(m, n, geo)
				if err != nil {
					t.Fatal(err)
				}
				var cases [][][2]int
				if m%2 == 0 && geo == board.Cylinder {
					cases = append(cases, rotationPairs(g, m/2))
				}
				if m > n {
					last := m - 1
					if geo == board.Flat {
						last = m - n - 1
					}
					for c0 := 0; c0 <= last; c0++ {
						cases = append(cases, gardnerAt(g, c0))
					}
				}
				for k, pairs := range cases {
					what := fmt.Sprintf("%dx%d %s case %d", m, n, geo, k)
					applied, done := theoremAgrees(t, g, pairs, what)
					if !applied {
						t.Fatalf("%s: no theorem applies", what)
					}
					if done {
						thm, _ := newSearcher(context.Background(), g, board.Red, pairs).provedByTheorem()
						compared[thm]++
					}
				}
			}
		}
	}
	// Blue's Gardner pairing (Alg. 4.1.1) on the flat board, through the
	// transposition.
	info, _ := strategies.Lookup("gardner-blue")
	blue := 0
	for m := 1; m <= 8; m++ {
		for n := m + 1; n <= 10 && m*n <= 48; n++ {
			g, _ := newGrid(m, n, board.Flat)
			var pairs [][2]int
			for _, p := range info.Pairs(m, n, board.Flat) {
				pairs = append(pairs, [2]int{g.cell(p[0][0], p[0][1]), g.cell(p[1][0], p[1][1])})
			}
			what := fmt.Sprintf("gardner-blue %dx%d flat", m, n)
			applied, done := theoremAgreesSide(t, g, board.Blue, pairs, what)
			if !applied {
				t.Fatalf("%s: no theorem applies", what)
			}
			if done {
				blue++
			}
		}
	}
	t.Logf("boards compared: %v, and %d of Blue's", compared, blue)
	if blue < 15 {
		t.Fatalf("only %d of Blue's boards compared", blue)
	}
	if compared[theoremInvolute] < 20 || compared[theoremGardner] < 100 {
		t.Fatalf("too few comparisons: %v", compared)
	}
}

// TestTheoremHypothesesAreSharp: a theorem must not apply to a pairing that
// differs from its pattern, and where such a pairing loses (the search or the
// enumeration finds a pair-free winning set) that is checked to be so. Two
// mates are swapped (a–b, c–d become a–d, c–b), or a pair is dropped, in
// mirror and Gardner pairings of random small boards; the torus and Blue's
// strategies are never claimed.
func TestTheoremHypothesesAreSharp(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	rejected, lost := 0, 0
	for k := 0; k < 400; k++ {
		geo := []board.Geometry{board.Cylinder, board.Flat}[rng.Intn(2)]
		m, n := 2+rng.Intn(7), 1+rng.Intn(6)
		g, _ := newGrid(m, n, geo)
		var pairs [][2]int
		switch {
		case m > n && rng.Intn(2) == 0:
			pairs = gardnerAt(g, 0)
		case m%2 == 0 && geo == board.Cylinder:
			pairs = rotationPairs(g, m/2)
		case m > n:
			pairs = gardnerAt(g, 0)
		default:
			continue
		}
		if len(pairs) < 2 {
			continue
		}
		a, b := rng.Intn(len(pairs)), rng.Intn(len(pairs))
		if rng.Intn(3) == 0 || a == b {
			pairs = append(pairs[:a:a], pairs[a+1:]...)
		} else {
			pairs[a][1], pairs[b][1] = pairs[b][1], pairs[a][1]
		}
		what := fmt.Sprintf("%dx%d %s, trial %d", m, n, geo, k)
		if applied, _ := theoremAgrees(t, g, pairs, what); applied {
			continue
		}
		rejected++
		s := newSearcher(context.Background(), g, board.Red, pairs)
		s.maxNodes = 20000
		if _, found, _, err := s.search(set{}); err == nil && found {
			lost++
		}
	}
	// Blue's Gardner pairing on the flat board, perturbed the same way (the
	// theorems see it transposed).
	info, _ := strategies.Lookup("gardner-blue")
	for k := 0; k < 100; k++ {
		m := 1 + rng.Intn(5)
		n := m + 1 + rng.Intn(3)
		g, _ := newGrid(m, n, board.Flat)
		var pairs [][2]int
		for _, p := range info.Pairs(m, n, board.Flat) {
			pairs = append(pairs, [2]int{g.cell(p[0][0], p[0][1]), g.cell(p[1][0], p[1][1])})
		}
		if len(pairs) < 2 {
			continue
		}
		a, b := rng.Intn(len(pairs)), rng.Intn(len(pairs))
		if a == b {
			pairs = append(pairs[:a:a], pairs[a+1:]...)
		} else {
			pairs[a][1], pairs[b][1] = pairs[b][1], pairs[a][1]
		}
		if applied, _ := theoremAgreesSide(t, g, board.Blue, pairs, fmt.Sprintf("gardner-blue %dx%d flat, trial %d", m, n, k)); !applied {
			rejected++
		}
	}
	t.Logf("%d perturbed pairings rejected, %d of Red's lose", rejected, lost)
	if rejected < 250 || lost < 50 {
		t.Fatalf("too few perturbed pairings rejected (%d) or losing (%d)", rejected, lost)
	}
	// Neither theorem is claimed on the torus, nor for Blue's pairing on the
	// cylinder (where it loses, thesis Fig. 5.2).
	for _, c := range []struct {
		name string
		geo  board.Geometry
		m, n int
	}{{"mirror", board.Torus, 6, 4}, {"gardner", board.Torus, 7, 5}, {"gardner-blue", board.Torus, 5, 7}, {"gardner-blue", board.Cylinder, 5, 7}} {
		info, _ := strategies.Lookup(c.name)
		g, _ := newGrid(c.m, c.n, c.geo)
		var pairs [][2]int
		for _, p := range info.Pairs(c.m, c.n, c.geo) {
			pairs = append(pairs, [2]int{g.cell(p[0][0], p[0][1]), g.cell(p[1][0], p[1][1])})
		}
		if thm, _ := newSearcher(context.Background(), g, info.Side, pairs).provedByTheorem(); thm != theoremNone {
			t.Fatalf("%s on %dx%d %s: %s claimed", c.name, c.m, c.n, c.geo, thm)
		}
	}
}

// TestCertifyTargetBoards: the registered gardner is proved on every m×n
// cylinder and flat board with n < m ≤ 20, gardner-blue on every flat board
// with m < n ≤ 20, and mirror on every even-m cylinder up to 20×20, each by
// its theorem (no search), both starters.
func TestCertifyTargetBoards(t *testing.T) {
	count := 0
	for m := 1; m <= 20; m++ {
		for n := 1; n <= 20; n++ {
			type job struct {
				name, proof string
				geo         board.Geometry
			}
			var jobs []job
			if m > n {
				jobs = append(jobs, job{"gardner", "theorem G", board.Cylinder}, job{"gardner", "theorem G", board.Flat})
			}
			if m%2 == 0 {
				jobs = append(jobs, job{"mirror", "theorem I", board.Cylinder})
			}
			if m < n {
				jobs = append(jobs, job{"gardner-blue", "theorem G", board.Flat})
			}
			for _, j := range jobs {
				rs, err := Certify(context.Background(), j.name, m, n, j.geo, board.Red, board.Blue)
				if err != nil {
					t.Fatalf("%s %dx%d %s: %v", j.name, m, n, j.geo, err)
				}
				for _, r := range rs {
					// (gardner on 2×1 is also the rotation pairing of theorem I,
					// which is tried first.)
					if r.Verdict != "optimal" || !strings.HasPrefix(r.Proof, "theorem ") || (r.Proof != j.proof && m > 2) || r.Nodes != 0 {
						t.Fatalf("%s %dx%d %s, %s starts: %s by %q (%d nodes), want optimal by %s", j.name, m, n, j.geo, r.Starter, r.Verdict, r.Proof, r.Nodes, j.proof)
					}
				}
				count++
			}
		}
	}
	if count != 190+190+200+190 {
		t.Fatalf("%d boards, want 770", count)
	}
}

// TestMalformedPairs: pairs that are not a fixed-point-free involution are
// refused before any theorem or search sees them (issue 35 item 0), and
// theorem I's own test rejects fixed cells even if they reached it (the
// identity passes its automorphism test).
func TestMalformedPairs(t *testing.T) {
	g, err := newGrid(4, 3, board.Cylinder)
	if err != nil {
		t.Fatal(err)
	}
	good := []strategies.Pair{{{1, 1}, {3, 1}}, {{2, 1}, {4, 1}}, {{1, 2}, {3, 2}}, {{2, 2}, {4, 2}}, {{1, 3}, {3, 3}}, {{2, 3}, {4, 3}}}
	pairs, err := g.checkPairs(good)
	if err != nil || len(pairs) != 6 {
		t.Fatalf("the mirror pairs: %v, %v", pairs, err)
	}
	if thm, _ := newSearcher(context.Background(), g, board.Red, pairs).provedByTheorem(); thm != theoremInvolute {
		t.Fatalf("the mirror pairs of 4x3 are not proved by theorem I: %q", thm)
	}
	for _, c := range []struct {
		pairs []strategies.Pair
		want  string
	}{
		{append([]strategies.Pair{{{1, 1}, {1, 1}}}, good[1:]...), "(1,1) is paired with itself"},
		{append([]strategies.Pair{{{1, 1}, {3, 1}}, {{3, 1}, {2, 2}}}, good[1:]...), "(3,1) is in two pairs"},
		{append([]strategies.Pair{{{1, 1}, {5, 1}}}, good[1:]...), "(5,1) is not on the board"},
	} {
		if _, err := g.checkPairs(c.pairs); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.pairs, err, c.want)
		}
	}
	// Past the check (as a future caller might bypass it): every cell
	// paired with itself. The identity maps neighbours to neighbours and
	// each ring onto itself, so only the fixed-cell test refuses it.
	var fixed [][2]int
	for c := 0; c < g.cells; c++ {
		fixed = append(fixed, [2]int{c, c})
	}
	if ok, _ := newSearcher(context.Background(), g, board.Red, fixed).involution(); ok {
		t.Error("theorem I accepted a pairing of every cell with itself")
	}
}
