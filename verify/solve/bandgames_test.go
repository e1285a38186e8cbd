package solve

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"hexproof/board"
	"hexproof/tt"
	"hexproof/verify/solve/knowledge"
)

// TestBandGamesAgree compares the solver that asks band games with stones
// in the band (K24) with the solver without them (itself compared with the
// search without knowledge, K5), and on the smallest boards with the plain
// minimax: the winner and the exact set of winning moves of random
// positions. It also counts the games asked and
// won, so that it is known to compare something.
func TestBandGamesAgree(t *testing.T) {
	per := 30
	if testing.Short() {
		per = 10
	}
	rng := rand.New(rand.NewPCG(31, 32))
	bl := BandGameLimits{MaxCells: 20, MaxBlue: 2, Budget: 400}
	asked, won, total, changed := int64(0), int64(0), 0, 0
	firstAsked, firstWon := int64(0), int64(0)
	for _, sz := range [][3]int{{3, 4, 1}, {4, 3, 1}, {3, 8, 0}, {4, 6, 0}, {5, 5, 0}, {5, 6, 0}} {
		b := board.MustNew(sz[0], sz[1], board.Cylinder)
		with, _ := NewSolver(context.Background(), b, Options{TableBytes: 32 << 20, BandGames: bl})
		without, _ := NewSolver(context.Background(), b, Options{TableBytes: 32 << 20})
		ref := &plain{b: b, memo: map[node]board.Color{}}
		start := time.Now()
		for i := 0; i < per; {
			starter := []board.Color{board.Red, board.Blue}[rng.IntN(2)]
			p, mover, ok := randomGamePosition(rng, b, starter, 1+rng.IntN(b.Cells()/2))
			if !ok {
				continue
			}
			i++
			if with.g.analysis(state{p, mover}) != without.g.analysis(state{p, mover}) {
				changed++
			}
			r1 := agree(t, b, p, mover, with, without, "with the band games", "without them")
			if sz[2] == 1 {
				if w, ms := ref.value(p, mover), ref.winningMoves(p, mover); w != r1.Winner || !slices.Equal(ms, r1.WinningMoves) {
					t.Fatalf("%s, %s to move in\n%s: with the band games %s wins with %v; the minimax says %s with %v",
						b, mover, b.Picture(p, board.Bits{}), r1.Winner, r1.WinningMoves, w, ms)
				}
			}
			total++
		}
		asked, won = asked+with.bandGames.asked, won+with.bandGames.solved
		firstAsked, firstWon = firstAsked+with.bandGames.firstAsked, firstWon+with.bandGames.firstSolved
		t.Logf("%s: %v", b, time.Since(start))
		with.Close()
		without.Close()
	}
	t.Logf("%d positions compared, %d analyses changed by the band games; %d games asked, %d won by Red; with Red to move %d and %d",
		total, changed, asked, won, firstAsked, firstWon)
	if changed < total/20 || won == 0 || asked == won {
		t.Fatalf("%d analyses changed, %d band games asked, %d won by Red: the test compares too little", changed, asked, won)
	}
}

// TestBandGamesSplitFarReply is the position that made the band games
// (results.md): 5×12 after B:(2,2) R:(1,2) B:(1,7), Red to move, which the
// search without them does not settle in hours. With them the analysis
// decides it at once: Red's (3,7) joins ring 1 across a band holding one
// Blue and one Red stone (a game of 35 cells, solved) and ring 12 across a
// clean band (a fixed template). Without Blue's H-search in the games'
// solvers (BandGameLimits.NoBlueHSearch, K31) that game needs more than its
// budget, and the search settles the position in a few positions more (9
// when this was written; more than 60 fails).
func TestBandGamesSplitFarReply(t *testing.T) {
	b := board.MustNew(5, 12, board.Cylinder)
	var p board.Position
	mover := board.Blue
	for _, m := range []string{"(2,2)", "(1,2)", "(1,7)"} {
		c, err := b.ParseCell(m)
		if err != nil {
			t.Fatal(err)
		}
		p, mover = p.Play(mover, c), mover.Other()
	}
	s, _ := NewSolver(context.Background(), b, Options{TableBytes: 16 << 20, BandGames: DefaultBandGames})
	defer s.Close()
	w, err := s.Winner(p, mover)
	if err != nil || w != board.Red || s.Nodes() > 5 {
		t.Fatalf("winner %v in %d positions, err %v; want red at once", w, s.Nodes(), err)
	}
	if k := s.g.analysis(state{p, mover}).Keys; !k.Has(b.Cell(3, 7)) && !k.Has(b.Cell(4, 7)) {
		t.Fatalf("the winning keys %v name neither (3,7) nor (4,7)", k.Cells())
	}
	light := DefaultBandGames
	light.NoBlueHSearch = true
	// MaxNodes ends the search soon if it goes astray (it is checked every
	// 16 expansions); the count is checked below.
	l, _ := NewSolver(context.Background(), b, Options{TableBytes: 16 << 20, BandGames: light, MaxNodes: 60})
	defer l.Close()
	if w, err := l.Winner(p, mover); err != nil || w != board.Red || l.Nodes() > 60 {
		t.Fatalf("without Blue's H-search in the games: winner %v in %d positions, err %v; want red", w, l.Nodes(), err)
	}
	if l.Nodes() <= 5 {
		t.Fatalf("without Blue's H-search in the games red wins in %d positions: the games' solvers still run it", l.Nodes())
	}
}

// TestBandGameDominance asks the band games' answerer (K25) random games
// of small bands, with a budget small enough that some games are not
// settled, so that answers come from solves, spent budgets and dominance
// alike, each with Blue to move and with Red to move (K26). Every game
// answered as won must be a Red win by the plain minimax, with Blue to
// move or after the cell given for Red to move; the games answered by
// dominance are counted, so that the test is known to reach them. Each
// size runs with Blue's H-search in the games' solvers and without it
// (--band-no-blue-hsearch, K31).
func TestBandGameDominance(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	per := 1500
	if testing.Short() {
		per = 400
	}
	for _, sz := range [][3]int{{3, 5, 0}, {4, 4, 0}, {3, 5, 1}, {4, 4, 1}} {
		m, maxD := sz[0], sz[1]
		g := newBandGames(m, knowledge.DefaultLimits, BandGameLimits{Budget: 20, NoBlueHSearch: sz[2] == 1}, context.Background, nil)
		refs := map[int]*plain{}
		won, firstWon, asked := 0, 0, 0
		for range per {
			d := 2 + rng.IntN(maxD-1)
			b := board.MustNew(m, d, board.Cylinder)
			ring := b.Bottom().Lo
			// One or two Red cells of ring d, so that games dominate one
			// another often.
			red, blue, stones := randomBand(rng, m, d)
			if rng.IntN(3) == 0 {
				stones |= uint64(1) << uint(m*(d-1)+rng.IntN(m))
			}
			ref := refs[d]
			if ref == nil {
				ref = &plain{b: b, memo: map[node]board.Color{}}
				refs[d] = ref
			}
			p := board.Position{Red: board.Bits{Lo: red | stones}, Blue: board.Bits{Lo: blue | ring&^stones}}
			asked++
			if g.RedReaches(d, stones, red, blue) {
				won++
				if !b.Wins(p, board.Red) && ref.value(p, board.Blue) != board.Red {
					t.Fatalf("%s: the game\n%s is answered won for Red; the minimax says Blue wins it", b, b.Picture(p, board.Bits{}))
				}
			}
			// The same game with Red to move (K26): the cell given must be
			// empty, and Red's stone there must win with Blue to move.
			if c := g.RedFirst(d, stones, red, blue); c >= 0 {
				firstWon++
				cell := board.Cell(c)
				if p.Occupied().Has(cell) || c >= b.Cells() {
					t.Fatalf("%s: the game\n%s with Red to move is answered with cell %d, not empty", b, b.Picture(p, board.Bits{}), c)
				}
				q := p.Play(board.Red, cell)
				if !b.Wins(q, board.Red) && ref.value(q, board.Blue) != board.Red {
					t.Fatalf("%s: the game\n%s with Red to move is answered won by %s; the minimax says Blue wins after it", b, b.Picture(p, board.Bits{}), b.Format(cell, board.Thesis))
				}
			}
		}
		g.close()
		t.Logf("m = %d, without Blue's H-search %v: %d games asked, %d won with Blue to move and %d with Red to move; %d solved by a search, %d answered by dominance",
			m, sz[2] == 1, asked, won, firstWon, g.searched, g.inferred)
		if g.inferred == 0 || won == 0 || won > asked*9/10 || firstWon <= won || firstWon == asked {
			t.Fatalf("m = %d: %d and %d of %d games won, %d answered by dominance: the test compares too little", m, won, firstWon, asked, g.inferred)
		}
	}
}

// randomBand is a band game of the m×d cylinder for the tests: a few stones
// in rings 1 … d−1, a third of them Red, and one cell of ring d the node's.
func randomBand(rng *rand.Rand, m, d int) (red, blue, stones uint64) {
	for range rng.IntN(6) {
		c := uint64(1) << uint(rng.IntN(m*(d-1)))
		if (red|blue)&c == 0 {
			if rng.IntN(3) == 0 {
				red |= c
			} else {
				blue |= c
			}
		}
	}
	return red, blue, uint64(1) << uint(m*(d-1)+rng.IntN(m))
}

// TestBandFirstAgree checks the semi-connections made by band games with
// Red to move (K26) where they decide a position: random positions of Red
// to move with a Red stone in some ring, Blue stones below it (and maybe
// one above), and maybe more Red stones, on long cylinders of circumference
// 3, where such positions are common and quick to solve. Each position
// whose analysis took a cell from a band game with Red to move and was
// decided for Red is solved by the solver without band games: Red must win,
// and every key the analysis gives must be a winning move.
func TestBandFirstAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	// The solver without band games takes seconds on some of these
	// positions, so the count is the same in -short.
	const per = 600
	bl := BandGameLimits{MaxCells: 30, MaxBlue: 2, Budget: 2000}
	checked := 0
	for _, sz := range [][2]int{{3, 11}, {3, 12}} {
		b := board.MustNew(sz[0], sz[1], board.Cylinder)
		with, _ := NewSolver(context.Background(), b, Options{TableBytes: 32 << 20, BandGames: bl})
		without, _ := NewSolver(context.Background(), b, Options{TableBytes: 64 << 20})
		for range per {
			var p board.Position
			j := 3 + rng.IntN(b.N-4)
			p = p.Play(board.Red, b.Cell(1+rng.IntN(b.M), j))
			put := func(who board.Color, lo, hi int) {
				if c := b.Cell(1+rng.IntN(b.M), lo+rng.IntN(hi-lo+1)); !p.Occupied().Has(c) {
					p = p.Play(who, c)
				}
			}
			for range rng.IntN(2) {
				put(board.Blue, 1, j-1)
			}
			for range 1 + rng.IntN(3) {
				put(board.Blue, j+1, b.N)
			}
			for range rng.IntN(3) {
				put(board.Red, 1, b.N)
			}
			if rng.IntN(2) == 0 {
				p = b.HalfTurn().ApplyPos(p)
			}
			if b.Wins(p, board.Red) || b.Wins(p, board.Blue) {
				continue
			}
			before := with.bandGames.firstCells
			a := with.g.analysis(state{p, board.Red})
			if a.Winner != board.Red || with.bandGames.firstCells == before {
				continue
			}
			checked++
			w, err := without.Winner(p, board.Red)
			if err != nil || w != board.Red {
				t.Fatalf("%s, Red to move in\n%s: decided for Red (%s), the solver without band games says %s (%v)", b, b.Picture(p, board.Bits{}), a.Why, w, err)
			}
			for _, k := range a.Keys.Cells() {
				if ok, err := without.MoveWins(p, board.Red, k); err != nil || !ok {
					t.Fatalf("%s, Red to move in\n%s: the key %s does not win (%v)", b, b.Picture(p, board.Bits{}), b.Format(k, board.Thesis), err)
				}
			}
		}
		t.Logf("%s: %d games with Red to move asked, %d won", b, with.bandGames.firstAsked, with.bandGames.firstSolved)
		with.Close()
		without.Close()
	}
	t.Logf("%d positions decided with a band game's cell, each checked", checked)
	if checked < 10 {
		t.Fatalf("only %d positions decided with a band game's cell: the test checks too little", checked)
	}
}

// TestBandGameStore keeps the band games' answers in a store (K28) and
// reads them back: random games of small bands, as in
// TestBandGameDominance, asked once with a store, then again by an
// answerer that loaded it. Every answer in the store must be the plain
// minimax's (won: Red wins, with Red to move after the cell given; lost:
// Blue wins); the second answerer must give every game won the first time
// as won again without searching any game, each of its wins checked by the
// minimax; one with a larger budget must not take the spent budgets and
// must search again; a record that is not a game of the board must be
// refused.
func TestBandGameStore(t *testing.T) {
	const m, maxD = 4, 4
	rng := rand.New(rand.NewPCG(43, 44))
	type game struct {
		d                 int
		stones, red, blue uint64
		won               bool
		first             int
	}
	var games []game
	for range 600 {
		d := 2 + rng.IntN(maxD-1)
		red, blue, stones := randomBand(rng, m, d)
		games = append(games, game{d: d, stones: stones, red: red, blue: blue})
	}
	bl := BandGameLimits{Budget: 3}
	dir := t.TempDir()
	f, done := openFacts(t, dir, true)
	g := newBandGames(m, knowledge.DefaultLimits, bl, context.Background, nil)
	if err := g.load(f, func(err error) { t.Fatal(err) }); err != nil || g.loaded != 0 {
		t.Fatalf("an empty store gave %d answers, err %v", g.loaded, err)
	}
	wonFirst := 0
	for i, x := range games {
		games[i].won = g.RedReaches(x.d, x.stones, x.red, x.blue)
		games[i].first = g.RedFirst(x.d, x.stones, x.red, x.blue)
		if games[i].won || games[i].first >= 0 {
			wonFirst++
		}
	}
	g.close()
	searched := g.searched
	done()

	// What the store holds, checked game by game.
	f, done = openFacts(t, dir, false)
	refs := map[int]*plain{}
	stored := map[int]int{}
	err := f.EachBand(func(a tt.BandAnswer) error {
		b := board.MustNew(m, a.Depth, board.Cylinder)
		ref := refs[a.Depth]
		if ref == nil {
			ref = &plain{b: b, memo: map[node]board.Color{}}
			refs[a.Depth] = ref
		}
		p := board.Position{Red: board.Bits{Lo: a.Red | a.Stones}, Blue: board.Bits{Lo: a.Blue | b.Bottom().Lo&^a.Stones}}
		if a.Budget != bl.Budget {
			return fmt.Errorf("%+v: budget %d, want %d", a, a.Budget, bl.Budget)
		}
		stored[a.Answer]++
		switch q := p; {
		case a.Answer == tt.BandUnknown:
		case a.Answer == tt.BandLost && a.Mover == board.Blue:
			if b.Wins(p, board.Red) || (!b.Wins(p, board.Blue) && ref.value(p, board.Blue) != board.Blue) {
				return fmt.Errorf("%+v: stored as lost, the minimax says Red wins", a)
			}
		case a.Answer == tt.BandLost:
			if !b.Wins(p, board.Blue) && p.Occupied() != b.All() && len(ref.winningMoves(p, board.Red)) > 0 {
				return fmt.Errorf("%+v: stored as lost with Red to move, the minimax finds Red's win", a)
			}
		case a.Mover == board.Red:
			q = p.Play(board.Red, board.Cell(a.Answer))
			fallthrough
		default:
			if !b.Wins(q, board.Red) && ref.value(q, board.Blue) != board.Red {
				return fmt.Errorf("%+v: stored as won, the minimax says Blue wins", a)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	n := int64(0)
	for _, c := range stored {
		n += int64(c)
	}
	if n < searched || stored[tt.BandUnknown] == 0 || stored[tt.BandLost] == 0 || n == int64(stored[tt.BandUnknown]+stored[tt.BandLost]) {
		t.Fatalf("the store holds %d answers (%v): the test compares too little", n, stored)
	}

	// Loaded again: the same wins, no game searched.
	g2 := newBandGames(m, knowledge.DefaultLimits, bl, context.Background, nil)
	if err := g2.load(f, func(err error) { t.Fatal(err) }); err != nil || g2.loaded != n {
		t.Fatalf("loaded %d of the %d answers, err %v", g2.loaded, n, err)
	}
	for _, x := range games {
		won := g2.RedReaches(x.d, x.stones, x.red, x.blue)
		first := g2.RedFirst(x.d, x.stones, x.red, x.blue)
		if (x.won && !won) || (x.first >= 0 && first < 0) {
			t.Fatalf("game %+v: won %v and first %d before the store, %v and %d after", x, x.won, x.first, won, first)
		}
		b, p := g2.game(bandGameKey{x.d, x.stones, x.red, x.blue})
		ref := refs[x.d]
		if ref == nil {
			ref = &plain{b: b, memo: map[node]board.Color{}}
			refs[x.d] = ref
		}
		if won && !b.Wins(p, board.Red) && ref.value(p, board.Blue) != board.Red {
			t.Fatalf("game %+v: answered won from the store, the minimax says Blue wins", x)
		}
		if first >= 0 {
			q := p.Play(board.Red, board.Cell(first))
			if p.Occupied().Has(board.Cell(first)) || (!b.Wins(q, board.Red) && ref.value(q, board.Blue) != board.Red) {
				t.Fatalf("game %+v: answered with cell %d from the store, which does not win", x, first)
			}
		}
	}
	if g2.searched != 0 {
		t.Fatalf("%d games searched again after loading the store", g2.searched)
	}
	g2.close()

	// A larger budget: the spent budgets are not taken, and are searched.
	g3 := newBandGames(m, knowledge.DefaultLimits, BandGameLimits{Budget: 4}, context.Background, nil)
	if err := g3.load(f, func(err error) { t.Fatal(err) }); err != nil || g3.loaded != n-int64(stored[tt.BandUnknown]) {
		t.Fatalf("with a larger budget loaded %d answers, want the %d proved ones; err %v", g3.loaded, n-int64(stored[tt.BandUnknown]), err)
	}
	for _, x := range games {
		g3.RedReaches(x.d, x.stones, x.red, x.blue)
		g3.RedFirst(x.d, x.stones, x.red, x.blue)
	}
	if g3.searched == 0 {
		t.Fatal("with a larger budget no game was searched again")
	}
	g3.close()
	done()

	// A record that is not a game of the board.
	for _, bad := range []tt.BandAnswer{
		{Mover: board.Blue, Depth: 3, Stones: 1 << 3, Answer: 0},   // a stone off ring 3
		{Mover: board.Blue, Depth: 3, Stones: 1 << 9, Red: 1 << 9}, // a red stone on ring 3
		{Mover: board.Blue, Depth: 3, Stones: 1 << 9, Red: 1, Blue: 1},
		{Mover: board.Red, Depth: 3, Stones: 1 << 9, Red: 1, Answer: 0}, // the cell taken
		{Mover: board.Red, Depth: 3, Stones: 1 << 9, Answer: 10},        // the cell on ring 3 (Blue)
		{Mover: board.Red, Depth: 3, Stones: 1 << 9, Answer: 12},        // off the board
		{Mover: board.Blue, Depth: 20, Stones: 1, Answer: 0},            // 80 cells
		{Mover: board.Blue, Depth: 2, Stones: 1 << 4, Blue: 1 << 20},    // off the board
	} {
		dir := t.TempDir()
		f, done := openFacts(t, dir, true)
		if err := f.AddBand(bad); err != nil {
			t.Fatal(err)
		}
		if err := f.Flush(); err != nil {
			t.Fatal(err)
		}
		g := newBandGames(m, knowledge.DefaultLimits, bl, context.Background, nil)
		if err := g.load(f, func(err error) { t.Fatal(err) }); err == nil {
			t.Fatalf("the record %+v was taken", bad)
		}
		done()
	}
	t.Logf("%d games, %d won one way or the other; %d searched, %d answers stored (%v)", len(games), wonFirst, searched, n, stored)
}

// TestBandGamesResume: a solve with band games stopped after a few
// positions, with a store (K28), and resumed from it, takes the band games'
// answers from the store and searches fewer games than the whole solve,
// with the winner and the exact winning moves of the whole solve and of the
// solver without band games. On the empty 3×10 and 4×10 cylinders, where
// the band games are asked from the first positions.
func TestBandGamesResume(t *testing.T) {
	bl := BandGameLimits{MaxCells: 24, MaxBlue: 2, Budget: 400}
	checked := 0
	for _, sz := range [][2]int{{3, 10}, {4, 10}} {
		b := board.MustNew(sz[0], sz[1], board.Cylinder)
		for _, starter := range []board.Color{board.Red, board.Blue} {
			name := fmt.Sprintf("%s, %s starts", b, starter)
			solveWith := func(opt Options) (*Result, *Solver) {
				t.Helper()
				opt.TableBytes = 16 << 20
				s, err := NewSolver(context.Background(), b, opt)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				res, err := s.Solve(board.Position{}, starter)
				if err != nil && !(errors.Is(err, ErrStopped) && opt.MaxNodes > 0) {
					t.Fatalf("%s: %v", name, err)
				}
				s.Close()
				return res, s
			}
			want, _ := solveWith(Options{})
			whole, ws := solveWith(Options{BandGames: bl})
			if whole.Winner != want.Winner || !slices.Equal(whole.WinningMoves, want.WinningMoves) {
				t.Fatalf("%s: with band games %s %v, without %s %v", name, whole.Winner, whole.WinningMoves, want.Winner, want.WinningMoves)
			}
			if ws.bandGames.searched == 0 {
				continue // nothing to keep
			}
			dir := t.TempDir()
			f, done := openFacts(t, dir, true)
			_, first := solveWith(Options{BandGames: bl, Facts: f, MaxNodes: 2})
			done()
			kept := f.BandsWritten
			if kept == 0 {
				t.Fatalf("%s: the stopped solve kept no band game's answer (%d searched)", name, first.bandGames.searched)
			}
			f, done = openFacts(t, dir, false)
			res, rs := solveWith(Options{BandGames: bl, Facts: f})
			done()
			if res.Winner != want.Winner || !slices.Equal(res.WinningMoves, want.WinningMoves) {
				t.Fatalf("%s: resumed %s %v, the whole solve %s %v", name, res.Winner, res.WinningMoves, want.Winner, want.WinningMoves)
			}
			if rs.BandFromFacts == 0 || rs.BandFromFacts > kept || rs.bandGames.searched >= ws.bandGames.searched {
				t.Fatalf("%s: resumed with %d band answers from the store (%d kept), %d games searched; the whole solve searched %d",
					name, rs.BandFromFacts, kept, rs.bandGames.searched, ws.bandGames.searched)
			}
			t.Logf("%s: %d band games searched by the whole solve; stopped after %d, kept %d, the resumed solve took %d and searched %d",
				name, ws.bandGames.searched, first.bandGames.searched, kept, rs.BandFromFacts, rs.bandGames.searched)
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no solve asked a band game: the test tests nothing")
	}
}
