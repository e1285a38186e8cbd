package strategies

import (
	"fmt"

	"hexproof/board"
)

// The Alpern–Beck mirror (thesis §4.2.1, Alg. 4.2.1; HHT Thm. 2.1): on a
// cylinder with m = 2k columns, Red answers Blue's cell (i, j) with the cell
// half-way round the same ring, (i+k mod m, j). When Blue has not played yet, or
// that cell is taken, the algorithm says "any cell", which under docs/design.md §4 is the
// set of all empty cells. Thesis §4.2.4 plays the same rule on the torus with m
// even (and shows, Fig. 4.7, that it can lose there), so the torus is accepted.
func init() {
	Register(Info{
		Name:        "mirror",
		Side:        board.Red,
		Seed:        "thesis Alg. 4.2.1",
		Description: "Alpern–Beck: answer Blue's (i,j) with (i+m/2, j); otherwise any empty cell (m even; cylinder, torus)",
		Applies:     mirrorApplies,
		Pairs:       mirrorPairs,
		Build: func(b *board.Board) (Strategy, error) {
			if err := mirrorApplies(b.M, b.N, b.Geo); err != nil {
				return nil, err
			}
			return newMirror(b), nil
		},
	})
}

func mirrorApplies(m, n int, g board.Geometry) error {
	if g == board.Flat {
		return fmt.Errorf("the mirror needs the columns to wrap round: use the cylinder or the torus")
	}
	if m%2 != 0 {
		return fmt.Errorf("the mirror needs an even number of columns (m = %d is odd; there is no cell half-way round a ring)", m)
	}
	return nil
}

// newMirror builds the strategy; its labels follow Alg. 4.2.1: I (Blue has not
// played), 1 (the translated cell), 2 (it is taken: anywhere).
func newMirror(b *board.Board) *pairing {
	mate := mateTable(b, mirrorPairs(b.M, b.N, b.Geo))
	return newPairing(b, board.Red, mate, [4]string{"I", "1", "2", "2"})
}
