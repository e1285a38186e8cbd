package board

// Game is a game from the empty board: its moves in order and, if it has ended,
// the winner.
type Game struct {
	Board   *Board
	Starter Color
	Moves   []Move
	Winner  Color // Empty while the game is not over
}

// Position is the position after the first k moves (all when k < 0).
func (g Game) Position(k int) Position {
	if k < 0 || k > len(g.Moves) {
		k = len(g.Moves)
	}
	var p Position
	for _, m := range g.Moves[:k] {
		p = p.Play(m.Player, m.Cell)
	}
	return p
}
