package hunt

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"hexproof/board"
	"hexproof/verify"
	"hexproof/verify/game"
)

// TestWilson compares the interval with the worked examples of Newcombe
// (1998, Statistics in Medicine 17, Table I, method 3).
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n      int
		low, high float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
	} {
		lo, hi := Wilson(c.k, c.n, 1.96)
		if math.Abs(lo-c.low) > 1e-4 || math.Abs(hi-c.high) > 1e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f–%.4f, want %.4f–%.4f", c.k, c.n, lo, hi, c.low, c.high)
		}
	}
}

// bruteChain is the fewest of who's stones that still win on their own.
func bruteChain(b *board.Board, p board.Position, who board.Color) int {
	stones := p.Stones(who).Cells()
	for size := 1; size <= len(stones); size++ {
		found := false
		var rec func(i, left int, s board.Bits)
		rec = func(i, left int, s board.Bits) {
			if found {
				return
			}
			if left == 0 {
				q := board.Position{Red: s}
				if who == board.Blue {
					q = board.Position{Blue: s}
				}
				found = b.Wins(q, who)
				return
			}
			for j := i; j < len(stones); j++ {
				rec(j+1, left-1, s.With(stones[j]))
			}
		}
		rec(0, size, board.Bits{})
		if found {
			return size
		}
	}
	return 0
}

// TestWinningPathLength checks the winning-path length against the
// smallest winning subset of the winner's stones, on random filled boards.
func TestWinningPathLength(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 0
	for _, b := range []*board.Board{board.MustNew(4, 3, board.Cylinder), board.MustNew(5, 3, board.Cylinder), board.MustNew(3, 4, board.Flat), board.MustNew(4, 4, board.Cylinder)} {
		for range 60 {
			var p board.Position
			cells := b.All().Cells()
			rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
			for i, c := range cells {
				p = p.Play([]board.Color{board.Red, board.Blue}[i%2], c)
			}
			for _, who := range []board.Color{board.Red, board.Blue} {
				want := 0
				if b.Wins(p, who) {
					want = bruteChain(b, p, who)
					n++
				}
				if got := WinningPathLength(b, p, who); got != want {
					t.Fatalf("%s, %s:\n%s winning path %d, smallest winning set %d", b, who, b.Picture(p, board.Bits{}), got, want)
				}
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d won positions", n)
	}
}

// TestSimulate (Red needs at least 4 stones on 5x4, so a game with Blue
// starting lasts at least 8 plies): the report does not depend on jobs, every lost game replays
// to a loss, an optimal strategy loses nothing, and the counts add up.
func TestSimulate(t *testing.T) {
	c := huntCase{"vandenbroek", 5, 4, board.Cylinder, board.Blue, verify.Every}
	s := c.strategy(t)
	games := 12
	if testing.Short() {
		games = 6
	}
	var first string
	for _, opp := range []Opponent{Random, MonteCarlo} {
		first = ""
		for _, jobs := range []int{1, 3} {
			r, err := Simulate(context.Background(), SimOptions{Strategy: s, Name: c.name, Starter: c.starter, Opponent: opp, Games: games, Jobs: jobs, Seed: 11})
			if err != nil {
				t.Fatal(err)
			}
			if r.Games != games || r.Wins+len(r.Lost) != games {
				t.Fatalf("%s: %d games, %d wins, %d lost", opp, r.Games, r.Wins, len(r.Lost))
			}
			var moves int64
			for _, v := range r.RuleCounts {
				moves += v
			}
			if moves == 0 || r.MeanLength < 8 || r.Low > r.WinRate+1e-9 || r.High < r.WinRate-1e-9 {
				t.Fatalf("%s: rule counts %v, mean length %.2f, rate %.3f in %.3f–%.3f", opp, r.RuleCounts, r.MeanLength, r.WinRate, r.Low, r.High)
			}
			rep := &Report{Losses: r.Lost}
			checkReplays(t, c, s, rep)
			got := summary(&Report{Result: &verify.Result{Verdict: r.Verdict()}, Losses: r.Lost})
			if first == "" {
				first = got
			} else if got != first {
				t.Fatalf("%s: jobs 1 and 3 differ:\n%s\n---\n%s", opp, first, got)
			}
		}
	}
	// The Monte-Carlo opponent beats vandenbroek on 5x4 when Blue starts in
	// some games (verify refutes it there in 11 plies).
	c2 := huntCase{"mirror", 4, 3, board.Cylinder, board.Red, verify.Every}
	r, err := Simulate(context.Background(), SimOptions{Strategy: c2.strategy(t), Name: c2.name, Starter: c2.starter, Opponent: MonteCarlo, Games: games, Jobs: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Wins != r.Games || r.Verdict() != verify.Inconclusive || r.MeanPath < 3 {
		t.Fatalf("mirror 4x3 (optimal) won %d of %d (verdict %s, mean path %.2f)", r.Wins, r.Games, r.Verdict(), r.MeanPath)
	}
}

// TestMonteCarloTakesAWin: the Monte-Carlo opponent plays a winning cell
// when it has one.
func TestMonteCarloTakesAWin(t *testing.T) {
	c := huntCase{"vandenbroek", 5, 4, board.Cylinder, board.Blue, verify.Every}
	s := c.strategy(t)
	b := s.Board()
	toks, err := b.ParseMoves("B:(1,3) R:(3,3) B:(3,2) R:(2,2) B:(2,3) R:(2,4) B:(4,2) R:(5,1) B:(5,2) R:(1,2)")
	if err != nil {
		t.Fatal(err)
	}
	p, _, _, err := b.Play(board.Blue, toks)
	if err != nil {
		t.Fatal(err)
	}
	pl := newPlayer(game.NewRules(s, false), SimOptions{Seed: 1})
	pl.rng = rand.New(rand.NewPCG(1, 1))
	x := pl.monteCarlo(p, b.All().AndNot(p.Occupied()), &simGame{})
	if !b.Wins(p.Play(board.Blue, x), board.Blue) {
		t.Fatalf("Monte-Carlo Blue played %s, which does not win", b.Format(x, board.Thesis))
	}
}

// TestSimulateFoldsInOrder: with many more games than the players' window
// (64 per job), the report is the same whatever Jobs, game for game: the
// folder sums the games in their order while holding only the window.
// hht loses some random games on 5×5 when Blue starts (5 of 300 at seed 1).
func TestSimulateFoldsInOrder(t *testing.T) {
	c := huntCase{"hht", 5, 5, board.Cylinder, board.Blue, verify.Every}
	s := c.strategy(t)
	games := 3000
	if testing.Short() {
		games = 600
	}
	var want *SimReport
	for _, jobs := range []int{1, 4} {
		r, err := Simulate(context.Background(), SimOptions{Strategy: s, Name: c.name, Starter: c.starter, Opponent: Random, Games: games, Jobs: jobs, Seed: 5, MaxLosses: 7})
		if err != nil {
			t.Fatal(err)
		}
		if r.Games != games || len(r.Lost) != min(7, games-r.Wins) {
			t.Fatalf("jobs %d: %d games, %d wins, %d lost kept", jobs, r.Games, r.Wins, len(r.Lost))
		}
		if want == nil {
			want = r
			if r.Wins == games {
				t.Fatalf("no game lost in %d: the test needs losses", games)
			}
			continue
		}
		if r.Wins != want.Wins || r.MeanLength != want.MeanLength || r.MeanPath != want.MeanPath || fmt.Sprint(r.RuleCounts) != fmt.Sprint(want.RuleCounts) {
			t.Fatalf("jobs %d: %d wins, length %v, path %v, rules %v; jobs 1: %d, %v, %v, %v", jobs, r.Wins, r.MeanLength, r.MeanPath, r.RuleCounts, want.Wins, want.MeanLength, want.MeanPath, want.RuleCounts)
		}
		for i := range r.Lost {
			if fmt.Sprint(r.Lost[i].Moves) != fmt.Sprint(want.Lost[i].Moves) {
				t.Fatalf("jobs %d: lost game %d differs", jobs, i)
			}
		}
	}
}

// TestSimulateStopsWhileWaiting: a time limit that ends while players wait
// for the window ends the simulation (no player is left waiting), and the
// games counted are a prefix of them all.
func TestSimulateStopsWhileWaiting(t *testing.T) {
	c := huntCase{"vandenbroek", 5, 4, board.Cylinder, board.Blue, verify.Every}
	r, err := Simulate(context.Background(), SimOptions{Strategy: c.strategy(t), Name: c.name, Starter: c.starter, Opponent: MonteCarlo, Games: 1 << 20, Jobs: 4, Seed: 5, TimeLimit: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if r.Stopped != "time limit" || r.Games >= 1<<20 {
		t.Fatalf("stopped %q after %d games", r.Stopped, r.Games)
	}
}

// TestFolderOrder: games finished out of order are folded in their order,
// a missing game holds back every later one, the lost games are kept in
// order, and nothing after a faulted game is counted.
func TestFolderOrder(t *testing.T) {
	lost := func(k int) *simGame {
		return &simGame{g: board.Game{Moves: make([]board.Move, k)}, rules: map[string]int64{"x": 1}}
	}
	won := &simGame{won: true, path: 3, rules: map[string]int64{"x": 1}}
	r := &SimReport{RuleCounts: map[string]int64{}}
	f := newFolder(r, 2, 8)
	for _, i := range []int{3, 1, 0, 5} {
		g := won
		if i != 0 {
			g = lost(i)
		}
		f.finished(i, g)
	}
	// 0, 1 folded; 3 and 5 wait for 2; 4 is missing.
	if r.Games != 2 || len(f.pending) != 2 || len(f.lost) != 1 || len(f.lost[0].Moves) != 1 {
		t.Fatalf("after 3,1,0,5: %d games, %d pending, lost %v", r.Games, len(f.pending), f.lost)
	}
	f.finished(2, lost(2))
	if r.Games != 4 || r.Wins != 1 || len(f.lost) != 2 || len(f.lost[1].Moves) != 2 || r.RuleCounts["x"] != 4 {
		t.Fatalf("after 2: %d games, %d wins, lost %v, rules %v", r.Games, r.Wins, f.lost, r.RuleCounts)
	}
	f.finished(4, &simGame{faulted: true, fault: "bad"})
	f.finished(6, lost(6))
	if r.Fault == nil || r.Games != 4 || len(f.pending) != 0 || f.next != 5 {
		t.Fatalf("after the fault: %d games, fault %v, %d pending, next %d", r.Games, r.Fault, len(f.pending), f.next)
	}
	if f.await(context.Background(), 5) {
		t.Fatal("await after a fault let a game start")
	}
}
