package strategies

import (
	"fmt"

	"hexproof/board"
)

// Gardner's triangle pairings (thesis §4.1.2 and ch. 5). The thesis draws the
// triangles only as figures (Fig. 4.1, 4.3); the coordinates are those of docs/design.md §4,
// which follow from the proof of Thm. 4.1.1: a left-triangle cell on the boundary
// has its mirror directly to its right, and a cell of column 1 has its mirror in
// ring n. For Red on m > n, in columns 1..n+1:
//
//	L = {(i,j) : i+j ≤ n+1},  R = {(i,j) : i ≤ n+1, i+j ≥ n+2},
//	(i,j) ∈ L  ↔  (n+2-j, n+1-i) ∈ R.
//
// Blue's version (Alg. 4.1.1, m < n) is the transpose in rings 1..m+1:
// (i,j) with i+j ≤ m+1 ↔ (m+1-j, m+2-i).
//
// Rules (Alg. 4.1.1/4.1.2/5.1.1): I the opponent has not played: any cell of the
// triangles; 1 the opponent played in a triangle and its mirror is empty: the
// mirror; 2 the mirror is taken: any cell of the triangles; 3 the opponent played
// outside the triangles: any cell of the triangles. "Any" is the whole set
// (docs/design.md §4); with the triangles full, any empty cell (label suffix " (full)").
func init() {
	Register(Info{
		Name:        "gardner",
		Side:        board.Red,
		Seed:        "thesis Alg. 4.1.2, 5.1.1",
		Description: "Gardner's triangles for Red in columns 1..n+1: answer a triangle cell with its mirror (m > n; flat, cylinder, torus)",
		Applies:     gardnerApplies,
		Pairs:       gardnerPairs,
		Build: func(b *board.Board) (Strategy, error) {
			if err := gardnerApplies(b.M, b.N, b.Geo); err != nil {
				return nil, err
			}
			return newGardner(b), nil
		},
	})
	Register(Info{
		Name:        "gardner-blue",
		Side:        board.Blue,
		Seed:        "thesis Alg. 4.1.1",
		Description: "Gardner's triangles for Blue in rings 1..m+1: answer a triangle cell with its mirror (m < n; flat, cylinder, torus)",
		Applies:     gardnerBlueApplies,
		Pairs:       gardnerBluePairs,
		Build: func(b *board.Board) (Strategy, error) {
			if err := gardnerBlueApplies(b.M, b.N, b.Geo); err != nil {
				return nil, err
			}
			return newGardnerBlue(b), nil
		},
	})
}

func gardnerApplies(m, n int, g board.Geometry) error {
	if g > board.Torus {
		return fmt.Errorf("unknown geometry %v", g)
	}
	if m <= n {
		return fmt.Errorf("the Gardner strategy for Red needs more columns than rings (m > n); here m = %d, n = %d", m, n)
	}
	return nil
}

func gardnerBlueApplies(m, n int, g board.Geometry) error {
	if g > board.Torus {
		return fmt.Errorf("unknown geometry %v", g)
	}
	if m >= n {
		return fmt.Errorf("the Gardner strategy for Blue needs more rings than columns (m < n); here m = %d, n = %d", m, n)
	}
	return nil
}

var gardnerLabels = [4]string{"I", "1", "2", "3"}

// newGardner pairs the cells of columns 1..n+1 (Red, m > n). Since m ≥ n+1 the
// triangles never overlap, on any geometry (thesis §5.1, Fig. 5.1 shows the
// overlap m ≤ n would cause).
func newGardner(b *board.Board) *pairing {
	return newPairing(b, board.Red, mateTable(b, gardnerPairs(b.M, b.N, b.Geo)), gardnerLabels)
}

// newGardnerBlue pairs the cells of rings 1..m+1 (Blue, m < n), the transpose of
// newGardner.
func newGardnerBlue(b *board.Board) *pairing {
	return newPairing(b, board.Blue, mateTable(b, gardnerBluePairs(b.M, b.N, b.Geo)), gardnerLabels)
}
