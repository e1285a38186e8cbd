package board

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// midGame returns count positions reached by random play (alternating colours,
// Red first) with half the board filled, from a fixed seed; positions where a
// player has already won are kept, as a search meets those too.
func midGame(b *Board, count int) []Position {
	rng := rand.New(rand.NewPCG(42, uint64(b.Cells())))
	out := make([]Position, count)
	for k := range out {
		var p Position
		free := b.All().Cells()
		rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
		for s := 0; s < b.Cells()/2; s++ {
			who := Red
			if s%2 == 1 {
				who = Blue
			}
			p = p.Play(who, free[s])
		}
		out[k] = p
	}
	return out
}

var benchSink int

// BenchmarkWinner times RedWins + BlueWins on half-filled cylinder positions.
func BenchmarkWinner(b *testing.B) {
	for _, s := range [][2]int{{5, 4}, {5, 9}, {8, 7}, {10, 10}} {
		bd := MustNew(s[0], s[1], Cylinder)
		ps := midGame(bd, 1024)
		b.Run(fmt.Sprintf("%dx%d", s[0], s[1]), func(b *testing.B) {
			n := 0
			for i := 0; b.Loop(); i++ {
				p := ps[i&1023]
				if bd.RedWins(p) {
					n++
				}
				if bd.BlueWins(p) {
					n++
				}
			}
			benchSink += n
		})
	}
}

// BenchmarkWinningCells times WinningCells for both players on positions
// reached by random play, a quarter to a half of the cylinder filled (a
// search meets many positions in which a player's stones miss a line).
func BenchmarkWinningCells(b *testing.B) {
	for _, s := range [][2]int{{5, 5}, {5, 9}} {
		bd := MustNew(s[0], s[1], Cylinder)
		var ps []Position
		for _, p := range append(midGame(bd, 512), quarterGame(bd, 512)...) {
			if !bd.Wins(p, Red) && !bd.Wins(p, Blue) {
				ps = append(ps, p)
			}
		}
		b.Run(fmt.Sprintf("%dx%d", s[0], s[1]), func(b *testing.B) {
			n := 0
			for i := 0; b.Loop(); i++ {
				p := ps[i%len(ps)]
				n += bd.WinningCells(p, Red).Count() + bd.WinningCells(p, Blue).Count()
			}
			benchSink += n
		})
	}
}

// quarterGame is midGame with a quarter of the board filled.
func quarterGame(b *Board, count int) []Position {
	out := midGame(b, count)
	for k, p := range out {
		// Keep the first quarter of the stones in cell order of play: drop
		// every other stone of each colour.
		var q Position
		for i, c := range p.Red.Cells() {
			if i%2 == 0 {
				q = q.Play(Red, c)
			}
		}
		for i, c := range p.Blue.Cells() {
			if i%2 == 0 {
				q = q.Play(Blue, c)
			}
		}
		out[k] = q
	}
	return out
}

// BenchmarkWinnerTorus times the torus winding test on half-filled positions.
func BenchmarkWinnerTorus(b *testing.B) {
	bd := MustNew(6, 6, Torus)
	ps := midGame(bd, 1024)
	n := 0
	for i := 0; b.Loop(); i++ {
		p := ps[i&1023]
		if bd.RedWins(p) {
			n++
		}
		if bd.BlueWins(p) {
			n++
		}
	}
	benchSink += n
}

// BenchmarkCanonical times Canonical with the full cylinder group (order 4m).
func BenchmarkCanonical(b *testing.B) {
	for _, s := range [][2]int{{5, 9}, {5, 4}, {8, 7}} {
		bd := MustNew(s[0], s[1], Cylinder)
		ps := midGame(bd, 1024)
		group := bd.Group()
		b.Run(fmt.Sprintf("%dx%d", s[0], s[1]), func(b *testing.B) {
			n := 0
			for i := 0; b.Loop(); i++ {
				_, at := Canonical(ps[i&1023], group)
				n += at
			}
			benchSink += n
		})
	}
}
