package verify

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/tt"
	"hexproof/verify/game"
)

// reachable returns count positions with the opponent to move, reached by
// games in which the opponent plays at random and the strategy answers with
// its first allowed move, stopped at a random depth before either player
// won: the states the breadth-first search expands.
func reachable(b *testing.B, r *game.Rules, starter board.Color, count int) []board.Position {
	rng := rand.New(rand.NewPCG(7, uint64(r.B.Cells())))
	var out []board.Position
	for len(out) < count {
		var p board.Position
		last := board.NoCell
		if starter == r.Me {
			allowed, _, f := r.Answer(p, last)
			if f != game.NoFault {
				b.Fatalf("the strategy fails on the empty board")
			}
			p, _ = r.Place(p, r.Me, allowed.First())
		}
		stop := rng.IntN(r.B.Cells() - 2)
		for p.Occupied().Count() < stop {
			empty := r.All.AndNot(p.Occupied()).Cells()
			b0 := empty[rng.IntN(len(empty))]
			q, o := r.Place(p, r.Opp, b0)
			if o != game.Going {
				break
			}
			allowed, _, f := r.Answer(q, b0)
			if f != game.NoFault {
				break
			}
			q2, o2 := r.Place(q, r.Me, allowed.First())
			if o2 != game.Going {
				break
			}
			p = q2
		}
		out = append(out, p)
	}
	return out
}

// BenchmarkStep times the game step as the breadth-first search uses it:
// every opponent move of a position with the strategy's answers
// (Rules.Replies of Rules.Outcomes, as the expansion asks), then every allowed
// answer played (Rules.After). Reported
// per position (ns/op), per strategy decision and per successor generated.
//
//	go test -run '^$' -bench BenchmarkStep -count 10 ./verify | benchstat -
func BenchmarkStep(b *testing.B) {
	for _, c := range []struct {
		strategy string
		m, n     int
	}{
		{"hht", 5, 4}, {"gardner", 6, 5}, {"fitzgerald", 5, 6}, {"mirror", 6, 5},
	} {
		bd := board.MustNew(c.m, c.n, board.Cylinder)
		s, err := strategies.New(c.strategy, bd)
		if err != nil {
			b.Fatal(err)
		}
		r := game.NewRules(s, false)
		ps := reachable(b, r, board.Red, 256)
		r = r.Outcomes()
		b.Run(fmt.Sprintf("%s-%dx%d", c.strategy, c.m, c.n), func(b *testing.B) {
			var succ, decisions int64
			for i := 0; b.Loop(); i++ {
				p := ps[i&255]
				r.Replies(p, r.All.AndNot(p.Occupied()), func(rep game.Reply) bool {
					if rep.Outcome != game.Going || rep.Fault != game.NoFault {
						return true
					}
					decisions++
					for a := rep.Allowed; a.Any(); {
						if _, o := r.After(&rep, a.Pop()); o == game.Going {
							succ++
						}
					}
					return true
				})
			}
			ns := float64(b.Elapsed().Nanoseconds())
			b.ReportMetric(ns/float64(max(decisions, 1)), "ns/decision")
			b.ReportMetric(ns/float64(max(succ, 1)), "ns/successor")
		})
	}
}

// BenchmarkLayerSet times handing successors to the layer set (batch, then
// the partitioned set) with 80 % repeats, as in a search's layer, for sets
// that fit the cache and sets that do not, and handing the finished
// partitions over. The keys are positions of a 20-cell board (5×4), whose
// words vary in their low three bytes only, as in a search. Reported per key
// handed over.
func BenchmarkLayerSet(b *testing.B) {
	for _, distinct := range []int{1 << 14, 1 << 20, 1 << 22} {
		rng := rand.New(rand.NewPCG(3, uint64(distinct)))
		keys := make([]tt.Key, distinct)
		for i := range keys {
			red := rng.Uint64()&(1<<20-1) | 1
			keys[i] = tt.Key{Red: red, Blue: rng.Uint64() & (1<<20 - 1) &^ red}
		}
		stream := make([]tt.Key, 5*distinct)
		for i := range stream {
			stream[i] = keys[rng.IntN(distinct)]
		}
		b.Run(fmt.Sprintf("distinct=%d", distinct), func(b *testing.B) {
			for b.Loop() {
				ls := tt.NewLayerSet(1<<30, func([]tt.Key) error { return nil }, nil)
				bt := tt.NewBatch(ls)
				for _, k := range stream {
					if err := bt.Add(k); err != nil {
						b.Fatal(err)
					}
				}
				if err := bt.Flush(); err != nil {
					b.Fatal(err)
				}
				if err := ls.Finish(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(stream)), "ns/key")
		})
	}
}
