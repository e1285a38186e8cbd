package strategies

import "hexproof/board"

// Pair is two cells, in thesis coordinates (column, ring), that a pairing
// strategy answers with each other: when the opponent takes one, the strategy
// takes the other. Pairs are declared as coordinates rather than board cells so
// that a certificate search can use them on boards larger than board.MaxCells.
type Pair [2][2]int

// mirrorPairs are Alpern–Beck's pairs (thesis Alg. 4.2.1): (i, j) with
// (i+m/2, j), for i ≤ m/2. m must be even.
func mirrorPairs(m, n int, _ board.Geometry) []Pair {
	k := m / 2
	var out []Pair
	for j := 1; j <= n; j++ {
		for i := 1; i <= k; i++ {
			out = append(out, Pair{{i, j}, {i + k, j}})
		}
	}
	return out
}

// gardnerPairs are Gardner's triangles for Red (m > n), docs/design.md §4: in columns
// 1..n+1, (i, j) with i+j ≤ n+1 is paired with (n+2-j, n+1-i).
func gardnerPairs(_, n int, _ board.Geometry) []Pair {
	var out []Pair
	for j := 1; j <= n; j++ {
		for i := 1; i+j <= n+1; i++ {
			out = append(out, Pair{{i, j}, {n + 2 - j, n + 1 - i}})
		}
	}
	return out
}

// gardnerBluePairs are the transpose for Blue (m < n): in rings 1..m+1,
// (i, j) with i+j ≤ m+1 is paired with (m+1-j, m+2-i).
func gardnerBluePairs(m, _ int, _ board.Geometry) []Pair {
	var out []Pair
	for j := 1; j <= m+1; j++ {
		for i := 1; i+j <= m+1; i++ {
			out = append(out, Pair{{i, j}, {m + 1 - j, m + 2 - i}})
		}
	}
	return out
}

// mateTable turns pairs into the mate table of a pairing strategy on b
// (board.NoCell for an unpaired cell).
func mateTable(b *board.Board, pairs []Pair) []board.Cell {
	mate := make([]board.Cell, b.Cells())
	for c := range mate {
		mate[c] = board.NoCell
	}
	for _, p := range pairs {
		x, y := b.Cell(p[0][0], p[0][1]), b.Cell(p[1][0], p[1][1])
		mate[x], mate[y] = y, x
	}
	return mate
}
