package strategies

import "hexproof/board"

// cellsStr formats a set of cells in thesis coordinates, for test messages.
func cellsStr(b *board.Board, s board.Bits) string {
	out := ""
	for s.Any() {
		out += b.Format(s.Pop(), board.Thesis) + " "
	}
	return out
}

// cellStr formats one cell in thesis coordinates ("none" for board.NoCell).
func cellStr(b *board.Board, c board.Cell) string {
	if c == board.NoCell {
		return "none"
	}
	return b.Format(c, board.Thesis)
}
