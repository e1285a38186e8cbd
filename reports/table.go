// Package reports turns games and verification results into what people read
// and reuse: thesis-style game tables, Markdown, JSON, pictures and exports.
package reports

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"hexproof/board"
)

// noMove fills the side of a row where a player has not moved, as App. A does
// for Blue's opening and for Red's last move.
const noMove = "–"

// Table writes a game as the thesis prints it (App. A): one row per round, Red's
// move with its rule ("(4, 7) - 14") on the left, Blue's on the right, and "–"
// where a player has no move in that round (Blue opened, or Red made the last
// move). Moves without a rule are written without " - rule". Rows are built
// from the players of the moves, not their parity, so a game read from a file
// is shown as it is even if it does not alternate.
func Table(g board.Game, n board.Notation) string {
	rows := tableRows(g, n)
	left, right := tableHeader(g)
	w := utf8.RuneCountInString(left)
	for _, r := range rows {
		w = max(w, utf8.RuneCountInString(r[0]))
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-*s | %s\n", w, left, right)
	for _, r := range rows {
		fmt.Fprintf(&sb, "%s%s | %s\n", r[0], strings.Repeat(" ", w-utf8.RuneCountInString(r[0])), r[1])
	}
	return sb.String()
}

// tableHeader is "Red - rule | Blue" as in App. A; when the rules are Blue's
// (a Blue strategy such as gardner-blue) the header says so instead.
func tableHeader(g board.Game) (string, string) {
	redRules, blueRules := false, false
	for _, m := range g.Moves {
		if m.Rule != "" {
			redRules = redRules || m.Player == board.Red
			blueRules = blueRules || m.Player == board.Blue
		}
	}
	left, right := "Red - rule", "Blue"
	if blueRules {
		right = "Blue - rule"
		if !redRules {
			left = "Red"
		}
	}
	return left, right
}

// tableRows pairs each Red move with the Blue move that follows it.
func tableRows(g board.Game, n board.Notation) [][2]string {
	var rows [][2]string
	open := false // the last row has a Red move and no Blue move yet
	for _, m := range g.Moves {
		s := moveText(g.Board, m, n)
		if m.Player == board.Red {
			if open {
				rows[len(rows)-1][1] = noMove
			}
			rows = append(rows, [2]string{s, ""})
			open = true
			continue
		}
		if open {
			rows[len(rows)-1][1] = s
			open = false
		} else {
			rows = append(rows, [2]string{noMove, s})
		}
	}
	if open {
		rows[len(rows)-1][1] = noMove
	}
	return rows
}

func moveText(b *board.Board, m board.Move, n board.Notation) string {
	s := formatCell(b, m.Cell, n)
	if m.Rule != "" {
		s += " - " + m.Rule
	}
	return s
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

// Markdown writes a game as a Markdown table, one row per move, so it renders in
// issue trackers and notebooks and the rule of every move stays in its own
// column.
func Markdown(g board.Game, n board.Notation) string {
	var sb strings.Builder
	sb.WriteString("| # | Player | Cell | Rule |\n")
	sb.WriteString("|--:|--------|------|------|\n")
	for k, m := range g.Moves {
		fmt.Fprintf(&sb, "| %d | %s | %s | %s |\n", k+1, title(m.Player.String()),
			MarkdownEscape(formatCell(g.Board, m.Cell, n)), MarkdownEscape(m.Rule))
	}
	return sb.String()
}

// MarkdownEscape keeps a table cell from breaking the Markdown table.
func MarkdownEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

func title(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// Outcome is a one-line description of how a game stands, e.g.
// "Blue won after 21 moves".
func Outcome(g board.Game) string {
	moves := fmt.Sprintf("%d moves", len(g.Moves))
	if len(g.Moves) == 1 {
		moves = "1 move"
	}
	if g.Winner == board.Empty {
		return "no winner after " + moves
	}
	return fmt.Sprintf("%s won after %s", title(g.Winner.String()), moves)
}
