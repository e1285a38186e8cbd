package strategies

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"hexproof/board"
)

// benchPositions collects the positions before Red's published decisions at
// plies lo..hi of the fitzgerald games on an m×n board (mid-game positions).
func benchPositions(b *testing.B, n, lo, hi int) (*Fitzgerald, []board.Position, []board.Cell) {
	tg := loadThesisGames(b)
	var f *Fitzgerald
	var ps []board.Position
	var lasts []board.Cell
	for _, g := range tg.Games {
		if g.Strategy != "fitzgerald" || g.Board != "5x"+strconv.Itoa(n) {
			continue
		}
		bd := board.MustNew(5, n, board.Cylinder)
		f = NewFitzgerald(bd)
		var p board.Position
		last := board.NoCell
		for k, mv := range g.Moves {
			c := bd.Cell(mv.Cell[0], mv.Cell[1])
			if mv.Player == "red" {
				if k+1 >= lo && k+1 <= hi {
					ps = append(ps, p)
					lasts = append(lasts, last)
				}
				p = p.Play(board.Red, c)
			} else {
				p = p.Play(board.Blue, c)
				last = c
			}
		}
	}
	return f, ps, lasts
}

func benchDecide(b *testing.B, n, lo, hi int) {
	f, ps, lasts := benchPositions(b, n, lo, hi)
	if len(ps) == 0 {
		b.Fatal("no positions")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for k := 0; k < b.N; k++ {
		x := k % len(ps)
		f.Allowed(ps[x], lasts[x])
	}
}

// BenchmarkFitzgerald5x9 is one decision on the mid-game positions (plies 8–16)
// of both App. A.1.1 games.
func BenchmarkFitzgerald5x9(b *testing.B) { benchDecide(b, 9, 8, 16) }

// BenchmarkFitzgerald5x12 is one decision on the mid-game positions (plies
// 10–26) of the App. A.2 game.
func BenchmarkFitzgerald5x12(b *testing.B) { benchDecide(b, 12, 10, 26) }

// BenchmarkFitzgeraldRandomGames5x9 is one decision averaged over every Red
// turn of 200 games on 5×9 in which Blue (starting) plays uniformly at random
// and Red follows the strategy — closer to the verifier's mix of positions
// (many with a red winning move) than the published mid-game positions.
func BenchmarkFitzgeraldRandomGames5x9(b *testing.B) {
	bd := board.MustNew(5, 9, board.Cylinder)
	f := NewFitzgerald(bd)
	rng := rand.New(rand.NewPCG(5, 9))
	var ps []board.Position
	var lasts []board.Cell
	for g := 0; g < 200; g++ {
		var p board.Position
		for bd.Winner(p) == board.Empty {
			e := bd.All().AndNot(p.Occupied()).Cells()
			last := e[rng.IntN(len(e))]
			p = p.Play(board.Blue, last)
			if bd.Winner(p) != board.Empty {
				break
			}
			ps, lasts = append(ps, p), append(lasts, last)
			c, _ := f.Decide(p, last)
			p = p.Play(board.Red, c)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for k := 0; k < b.N; k++ {
		x := k % len(ps)
		f.Allowed(ps[x], lasts[x])
	}
}

// siblingPositions are the positions before Blue's move in 100 games on 5×9
// where Blue (starting) plays uniformly at random and Red follows f.
func siblingPositions(f *Fitzgerald) []board.Position { return gamePositions(f, 100, 9) }

// gamePositions are the positions before Blue's move in games where Blue
// (starting) plays uniformly at random (seed 5, seed2) and Red follows f.
func gamePositions(f *Fitzgerald, games int, seed2 uint64) []board.Position {
	bd := f.Board()
	rng := rand.New(rand.NewPCG(5, seed2))
	var ps []board.Position
	for g := 0; g < games; g++ {
		var p board.Position
		for bd.Winner(p) == board.Empty && p.Occupied() != bd.All() {
			ps = append(ps, p)
			e := bd.All().AndNot(p.Occupied()).Cells()
			last := e[rng.IntN(len(e))]
			p = p.Play(board.Blue, last)
			if bd.Winner(p) != board.Empty {
				break
			}
			c, _ := f.Decide(p, last)
			p = p.Play(board.Red, c)
		}
	}
	return ps
}

// BenchmarkFitzgeraldSiblings5x9 answers every Blue move from the positions of
// siblingPositions one at a time with Allowed (ns/op is per answer) — what the
// engine does without Replier.
func BenchmarkFitzgeraldSiblings5x9(b *testing.B) {
	f := NewFitzgerald(board.MustNew(5, 9, board.Cylinder))
	ps := siblingPositions(f)
	b.ReportAllocs()
	b.ResetTimer()
	answerEach(f, ps, b.N)
}

// answerEach asks Allowed for n Blue moves from the positions ps, one at a
// time (a function of its own so that callgrind can count it alone).
func answerEach(f *Fitzgerald, ps []board.Position, n int) {
	answers := 0
	for k := 0; answers < n; k++ {
		p := ps[k%len(ps)]
		for e := f.Board().All().AndNot(p.Occupied()); e.Any() && answers < n; answers++ {
			x := e.Pop()
			f.Allowed(p.Play(board.Blue, x), x)
		}
	}
}

// BenchmarkFitzgeraldReplies5x9 is BenchmarkFitzgeraldSiblings5x9 with
// Replies (ns/op is per answer).
func BenchmarkFitzgeraldReplies5x9(b *testing.B) {
	f := NewFitzgerald(board.MustNew(5, 9, board.Cylinder))
	ps := siblingPositions(f)
	b.ReportAllocs()
	b.ResetTimer()
	answerTogether(f, ps, b.N)
}

// answerTogether is answerEach with Replies.
func answerTogether(f *Fitzgerald, ps []board.Position, n int) {
	answers := 0
	for k := 0; answers < n; k++ {
		p := ps[k%len(ps)]
		f.Replies(p, f.Board().All().AndNot(p.Occupied()), func(board.Cell, board.Bits, string) bool {
			answers++
			return answers < n
		})
	}
}

// BenchmarkRepairedReplies5x7 is BenchmarkFitzgeraldReplies5x9 for
// fitzgerald-repaired on 5×7 (ns/op is per answer): 200 games in which Blue
// (starting) plays uniformly at random, every Blue move answered from each
// position before Blue's move — the verifier's work on the 5×7 plan, where
// the knowledge's tie-break costs most. Run it with -benchtime of at most
// 40000x: the positions give 41,924 answers, and a second pass
// would find its analyses in the strategy's caches.
func BenchmarkRepairedReplies5x7(b *testing.B) { benchReplies5x7(b, "fitzgerald-repaired") }

// BenchmarkSweepReplies5x7 is BenchmarkRepairedReplies5x7 for
// fitzgerald-sweep, whose rule S tries every empty cell where the knowledge
// proves nothing (the same limit on -benchtime).
func BenchmarkSweepReplies5x7(b *testing.B) { benchReplies5x7(b, "fitzgerald-sweep") }

func benchReplies5x7(b *testing.B, spec string) {
	s, err := New(spec, board.MustNew(5, 7, board.Cylinder))
	if err != nil {
		b.Fatal(err)
	}
	f := s.(*Fitzgerald)
	ps := gamePositions(f, 200, 7)
	b.ReportAllocs()
	b.ResetTimer()
	answerTogether(f, ps, b.N)
}
