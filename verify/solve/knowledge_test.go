package solve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"hexproof/board"
	"hexproof/verify/solve/knowledge"
)

// randomGamePosition plays stones random cells, alternating from starter,
// and returns the position and who moves, or ok=false if the game ended.
func randomGamePosition(rng *rand.Rand, b *board.Board, starter board.Color, stones int) (board.Position, board.Color, bool) {
	p, moves, ok := randomGame(rng, b, starter, stones)
	mover := starter
	if len(moves)%2 == 1 {
		mover = starter.Other()
	}
	return p, mover, ok
}

// randomGame is randomGamePosition with the moves played.
func randomGame(rng *rand.Rand, b *board.Board, starter board.Color, stones int) (board.Position, []board.Move, bool) {
	var p board.Position
	var moves []board.Move
	mover := starter
	cells := b.All().Cells()
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	for _, c := range cells[:stones] {
		p, moves = p.Play(mover, c), append(moves, board.Move{Player: mover, Cell: c})
		if b.Wins(p, mover) {
			return p, moves, false
		}
		mover = mover.Other()
	}
	return p, moves, p.Occupied() != b.All()
}

// agree solves p with both solvers and fails the test unless they give the
// same winner and the same winning moves (names say which is which in the
// message); it returns x's result.
func agree(t *testing.T, b *board.Board, p board.Position, mover board.Color, x, y *Solver, xName, yName string) *Result {
	t.Helper()
	r1, err := x.Solve(p, mover)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := y.Solve(p, mover)
	if err != nil {
		t.Fatal(err)
	}
	if r1.Winner != r2.Winner || !slices.Equal(r1.WinningMoves, r2.WinningMoves) {
		t.Fatalf("%s, %s to move in\n%s: %s %s wins with %v; %s %s with %v",
			b, mover, b.Picture(p, board.Bits{}), xName, r1.Winner, r1.WinningMoves, yName, r2.Winner, r2.WinningMoves)
	}
	return r1
}

// TestAnalyzeAgainstMinimax checks every claim of the knowledge on random
// positions of every cylinder and flat board of 4 to 16 cells against the
// plain minimax: a decided position has the minimax winner, and when the
// mover wins, one of the moves the knowledge keeps wins (so the moves it
// drops cost nothing). The analyzer runs with the solver's limits and with
// generous ones.
func TestAnalyzeAgainstMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	perBoard, maxCells := 120, 16
	if testing.Short() {
		perBoard, maxCells = 30, 14
	}
	decided, pruned, checked := 0, 0, 0
	why := map[string]int{}
	redMust := 0  // Red to move with Blue's one threat to take
	captured := 0 // positions with a captured pair filled (K9)
	for _, g := range []board.Geometry{board.Cylinder, board.Flat} {
		for m := 1; m <= 8; m++ {
			for n := 1; m*n <= maxCells; n++ {
				if m*n < 4 {
					continue
				}
				b := board.MustNew(m, n, g)
				ref := &plain{b: b, memo: map[node]board.Color{}}
				for _, lim := range []knowledge.Limits{knowledge.DefaultLimits, {VCs: 16, SCs: 32, OrDepth: 6, HSearch: true},
					{VCs: 4, SCs: 8, OrDepth: 6, HSearch: true, NoThreats: true},
					{VCs: 4, SCs: 8, OrDepth: 6, HSearch: true, NoCapture: true}} {
					a, err := knowledge.New(b, lim)
					if err != nil {
						t.Fatal(err)
					}
					for i := 0; i < perBoard; i++ {
						starter := []board.Color{board.Red, board.Blue}[rng.IntN(2)]
						p, mover, ok := randomGamePosition(rng, b, starter, rng.IntN(m*n-1))
						if !ok {
							continue
						}
						checked++
						an := a.Analyze(p, mover)
						if !an.Captured.Empty() {
							captured++
						}
						want := ref.value(p, mover)
						name := fmt.Sprintf("%s, %s to move in\n%s", b, mover, b.Picture(p, board.Bits{}))
						if an.Winner != board.Empty {
							decided++
							why[an.Why]++
							if an.Winner != want {
								t.Fatalf("%s: knowledge says %s wins (%s); minimax %s", name, an.Winner, an.Why, want)
							}
							continue
						}
						if an.Moves.Empty() || !an.Moves.AndNot(b.All().AndNot(p.Occupied())).Empty() {
							t.Fatalf("%s: moves %v are not a non-empty set of empty cells", name, an.Moves.Cells())
						}
						if an.Moves != b.All().AndNot(p.Occupied()) {
							pruned++
						}
						if mover == board.Red && an.MustPlay.Count() == 1 {
							redMust++
						}
						if want != mover {
							continue
						}
						wins := ref.winningMoves(p, mover)
						if !slices.ContainsFunc(wins, an.Moves.Has) {
							t.Fatalf("%s: the winning moves %v all lie outside the kept moves %v", name, wins, an.Moves.Cells())
						}
					}
				}
			}
		}
	}
	t.Logf("%d positions: %d decided by the knowledge (%v), %d with moves pruned, %d with Red bound to Blue's one threat, %d with captured cells",
		checked, decided, why, pruned, redMust, captured)
	if decided == 0 || pruned == 0 || redMust == 0 || captured == 0 {
		t.Fatal("the knowledge decided or pruned nothing, or Red never had to take a threat, or nothing was captured: the test tests too little")
	}
	// Every deduction must have been checked at least once.
	for _, w := range []string{
		"blue to move has a threat red cannot meet",
		"red cannot meet all of blue's threats",
		"red has a virtual connection between ring 1 and ring n",
		"red to move has a semi-connection between ring 1 and ring n",
		"blue has no live cell inside red's must-play set",
		"blue has a virtual ring",
	} {
		if why[w] == 0 {
			t.Errorf("no position was decided by %q", w)
		}
	}
}

// TestKnowledgeAgreesWithPlainSearch compares the solver with and without
// the knowledge, and with the knowledge but without the focus of focused
// DFPN (K11) — winner and the exact set of winning moves — on random
// mid-game positions of 5×5, 4×6, 6×4 and 5×6 (both starters, both
// geometries where the knowledge applies).
func TestKnowledgeAgreesWithPlainSearch(t *testing.T) {
	per := 500
	if testing.Short() {
		per = 40
	}
	rng := rand.New(rand.NewPCG(3, 4))
	total := 0
	for _, sz := range [][2]int{{5, 5}, {4, 6}, {6, 4}, {5, 6}} {
		b := board.MustNew(sz[0], sz[1], board.Cylinder)
		if rng.IntN(4) == 0 {
			b = board.MustNew(sz[0], sz[1], board.Flat)
		}
		with, _ := NewSolver(context.Background(), b, Options{TableBytes: 64 << 20})
		unfocused, _ := NewSolver(context.Background(), b, Options{TableBytes: 64 << 20, NoFocus: true})
		without, _ := NewSolver(context.Background(), b, Options{TableBytes: 64 << 20, NoKnowledge: true})
		for i := 0; i < per; {
			starter := []board.Color{board.Red, board.Blue}[rng.IntN(2)]
			// Mid-game: at least half the cells filled, so that the plain
			// search stays quick.
			p, mover, ok := randomGamePosition(rng, b, starter, b.Cells()/2+rng.IntN(b.Cells()/3))
			if !ok {
				continue
			}
			i++
			agree(t, b, p, mover, with, without, "with knowledge", "without")
			agree(t, b, p, mover, with, unfocused, "focused", "unfocused")
			total++
		}
	}
	t.Logf("%d positions compared", total)
}

// TestBlueRingAgainstMinimax checks Blue's virtual ring (K7) on its own:
// with Blue's threats off, so that the rings they would find first are
// claimed by the ring too, every position of random games on cylinders of
// 3 to 8 columns where the knowledge claims a ring is a Blue win by the
// plain minimax, whoever moves. It also checks that rings of three or more
// links occur, which the threats cannot see (Red to move meets one threat
// of depth 1).
func TestBlueRingAgainstMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	// Red to move losing to two semi-rings is the rarest claim: about one
	// in a thousand positions, so the full run looks at 3,000 per board.
	per, kinds := 3000, 3
	if testing.Short() {
		per, kinds = 500, 2
	}
	claims, beyondThreats, bound := 0, 0, 0
	why := map[string]int{}
	for _, sz := range [][2]int{{3, 4}, {4, 4}, {5, 3}, {5, 4}, {6, 3}, {4, 5}, {7, 2}, {8, 2}, {6, 2}, {5, 5}, {6, 4}, {7, 3}} {
		b := board.MustNew(sz[0], sz[1], board.Cylinder)
		ref := &plain{b: b, memo: map[node]board.Color{}}
		ringOnly, _ := knowledge.New(b, knowledge.Limits{NoThreats: true})
		full, _ := knowledge.New(b, knowledge.Limits{VCs: 4, SCs: 8, OrDepth: 6, NoRing: true})
		for i := 0; i < per; i++ {
			starter := []board.Color{board.Red, board.Blue}[rng.IntN(2)]
			p, mover, ok := randomGamePosition(rng, b, starter, max(b.Cells()/4, b.Cells()-14)+rng.IntN(b.Cells()/2))
			if !ok {
				continue
			}
			if b.Cells()-p.Occupied().Count() > 14 {
				continue // the plain minimax stays quick
			}
			an := ringOnly.Analyze(p, mover)
			if mover == board.Red && an.Winner == board.Empty && an.MustPlay != b.All().AndNot(p.Occupied()).AndNot(an.Dead).AndNot(an.Captured) {
				// Red held to the semi-rings' carriers: a winning Red
				// move, if any, must be among the moves kept.
				bound++
				if ref.value(p, mover) == board.Red && !slices.ContainsFunc(ref.winningMoves(p, mover), an.Moves.Has) {
					t.Fatalf("%s, red to move in\n%s: the winning moves %v all lie outside the moves kept %v", b, b.Picture(p, board.Bits{}), ref.winningMoves(p, mover), an.Moves.Cells())
				}
				continue
			}
			if !strings.Contains(an.Why, "virtual ring") && !strings.Contains(an.Why, "semi-ring") {
				continue
			}
			why[an.Why]++
			claims++
			if want := ref.value(p, mover); want != board.Blue {
				t.Fatalf("%s, %s to move in\n%s: a virtual ring is claimed, but minimax says %s wins", b, mover, b.Picture(p, board.Bits{}), want)
			}
			if full.Analyze(p, mover).Winner != board.Blue {
				beyondThreats++
			}
		}
	}
	t.Logf("%d ring claims checked (%v), %d of them not decided by the threats and H-search; Red held to the semi-rings' carriers in %d", claims, why, beyondThreats, bound)
	if claims < 100 || beyondThreats == 0 || bound == 0 || len(why) < kinds {
		t.Fatalf("%d ring claims (%v), %d beyond the threats, %d bound: too few to test the ring", claims, why, beyondThreats, bound)
	}
}

// TestBlueHSearchAgainstMinimax checks Blue's H-search with windings (K10)
// on its own: with Blue's threats (K6) and bridge rings (K7) off, every
// ring or semi-ring it claims, on random positions of cylinders of 3 to 8
// columns, is a Blue win by the plain minimax; and where it holds Red to
// move to the semi-rings' carriers and Red wins, a winning move is among the
// moves kept. It fails unless it also finds claims that the threats and the
// bridge rings do not make (what K10 adds).
func TestBlueHSearchAgainstMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	per := 1500
	if testing.Short() {
		per = 200
	}
	claims, beyond, bound := 0, 0, 0
	why := map[string]int{}
	for _, sz := range [][2]int{{3, 4}, {4, 4}, {5, 3}, {5, 4}, {6, 3}, {4, 5}, {5, 5}, {6, 4}, {7, 3}, {8, 2}} {
		b := board.MustNew(sz[0], sz[1], board.Cylinder)
		ref := &plain{b: b, memo: map[node]board.Color{}}
		lim := knowledge.Limits{VCs: 4, SCs: 8, OrDepth: 6, HSearch: true, NoThreats: true, NoRing: true}
		hs, _ := knowledge.New(b, lim)
		lim.NoBlueHSearch = true
		without, _ := knowledge.New(b, lim)
		rest := knowledge.DefaultLimits
		rest.NoBlueHSearch = true
		others, _ := knowledge.New(b, rest) // the knowledge without K10
		for i := 0; i < per; i++ {
			starter := []board.Color{board.Red, board.Blue}[rng.IntN(2)]
			p, mover, ok := randomGamePosition(rng, b, starter, max(b.Cells()/4, b.Cells()-14)+rng.IntN(b.Cells()/2))
			if !ok || b.Cells()-p.Occupied().Count() > 14 {
				continue
			}
			an := hs.Analyze(p, mover)
			if !strings.Contains(an.Why, "by H-search") {
				if an.Winner == board.Empty && mover == board.Red {
					if w := without.Analyze(p, mover); w.Winner == board.Empty && an.Moves != w.Moves {
						bound++
						if ref.value(p, mover) == board.Red && !slices.ContainsFunc(ref.winningMoves(p, mover), an.Moves.Has) {
							t.Fatalf("%s, red to move in\n%s: the winning moves %v all lie outside the moves kept %v",
								b, b.Picture(p, board.Bits{}), ref.winningMoves(p, mover), an.Moves.Cells())
						}
					}
				}
				continue
			}
			why[an.Why]++
			claims++
			if want := ref.value(p, mover); want != board.Blue {
				t.Fatalf("%s, %s to move in\n%s: %q, but minimax says %s wins", b, mover, b.Picture(p, board.Bits{}), an.Why, want)
			}
			if others.Analyze(p, mover).Winner != board.Blue {
				beyond++
			}
		}
	}
	t.Logf("%d claims of Blue's H-search (%v), %d of them decided by nothing else; Red held to the semi-rings' carriers in %d", claims, why, beyond, bound)
	if claims < 100 || beyond == 0 || bound == 0 || len(why) < 2 {
		t.Fatalf("%d claims (%v), %d beyond the rest of the knowledge, %d bound: too few to test Blue's H-search", claims, why, beyond, bound)
	}
}

// TestAnalysisOfImages checks that the solver's analysis is a function of
// the position's class (docs/decisions/solve.md K23): the analysis of an
// image of a position is the position's own analysis carried by the same
// symmetry, every field of it, for every symmetry of the board. The
// knowledge alone is not like that (its lists are cut in the order it finds
// connections), which the test also counts, so that it compares something.
func TestAnalysisOfImages(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	per := 60
	if testing.Short() {
		per = 20
	}
	differ := 0
	for _, sz := range []struct {
		m, n int
		geo  board.Geometry
	}{{5, 12, board.Cylinder}, {5, 9, board.Cylinder}, {4, 6, board.Cylinder}, {7, 8, board.Cylinder}, {6, 6, board.Flat}} {
		b := board.MustNew(sz.m, sz.n, sz.geo)
		g := newGame(b, false, false, false, knowledge.Limits{})
		for i := 0; i < per; {
			starter := []board.Color{board.Red, board.Blue}[rng.IntN(2)]
			p, mover, ok := randomGamePosition(rng, b, starter, 1+rng.IntN(b.Cells()/4))
			if !ok {
				continue
			}
			i++
			a := g.analysis(state{p, mover})
			raw := g.know.Analyze(p, mover)
			// The symmetries that fix p: an image's analysis may be p's
			// carried by any of them first (the position's own symmetry
			// need not be the analysis's).
			var fix []board.Perm
			for _, s := range b.Group() {
				if s.ApplyPos(p) == p {
					fix = append(fix, s)
				}
			}
			for k, h := range b.Group() {
				q := h.ApplyPos(p)
				got := g.analysis(state{q, mover})
				found := false
				for _, s := range fix {
					found = found || got == carry(h, carry(s, a))
				}
				if !found {
					t.Fatalf("%s, %s to move, symmetry %d of\n%s: the image's analysis %+v, want %+v carried",
						b, mover, k, b.Picture(p, board.Bits{}), got, carry(h, a))
				}
				if k == 1 || k == len(b.Group())-1 {
					// Two raw analyses of images per position: the
					// knowledge's own costs the time.
					if rq := g.know.Analyze(q, mover); rq.Winner != raw.Winner || rq.Moves != h.ApplyBits(raw.Moves) {
						differ++
					}
				}
			}
		}
	}
	t.Logf("%d images whose own analysis differs from their position's, carried", differ)
	if differ == 0 {
		t.Fatal("the knowledge gave every image the same analysis: the test compares nothing")
	}
}
