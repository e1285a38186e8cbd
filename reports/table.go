// Package reports turns games and verification results into what people read
// and reuse: thesis-style game tables, Markdown, JSON, pictures and exports.
package reports

import (
	"fmt"
	"strings"

	"hexproof/board"
)

// Table writes a game as the thesis prints it (App. A): one row per round, Red's
// move with its rule ("(4, 7) - 14") on the left, Blue's on the right, and "–"
// where the starter's opponent has not moved yet. Moves without a rule are
// written without " - rule".
func Table(g board.Game, n board.Notation) string {
	var rows [][2]string
	cell := func(m board.Move) string {
		s := formatCell(g.Board, m.Cell, n)
		if m.Rule != "" {
			s += " - " + m.Rule
		}
		return s
	}
	k := 0
	if len(g.Moves) > 0 && g.Moves[0].Player == board.Blue {
		rows = append(rows, [2]string{"–", cell(g.Moves[0])})
		k = 1
	}
	for ; k < len(g.Moves); k += 2 {
		row := [2]string{cell(g.Moves[k]), ""}
		if k+1 < len(g.Moves) {
			row[1] = cell(g.Moves[k+1])
		}
		rows = append(rows, row)
	}
	w := len("Red - rule")
	for _, r := range rows {
		w = max(w, len([]rune(r[0])))
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-*s | %s\n", w, "Red - rule", "Blue")
	for _, r := range rows {
		fmt.Fprintf(&sb, "%s%s | %s\n", r[0], strings.Repeat(" ", w-len([]rune(r[0]))), r[1])
	}
	return sb.String()
}

// formatCell writes the thesis form with a space, "(4, 7)", as App. A does, or
// the letter form.
func formatCell(b *board.Board, c board.Cell, n board.Notation) string {
	if n == board.Thesis {
		i, j := b.Coord(c)
		return fmt.Sprintf("(%d, %d)", i, j)
	}
	return b.Format(c, n)
}
