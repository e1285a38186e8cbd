package reports

import (
	"fmt"
	"strings"

	"hexproof/board"
	"hexproof/verify"
)

// The blunder annotation of a lost game (issue 13): the first move of the
// strategy's side that turned a won position into a lost one, and the moves
// that would have kept the win, in the forms every report uses. The commands
// compute it with solve.FindBlunder and attach it with these helpers.

// BlunderJSON is the annotation in JSON: "blunder" beside a game.
type BlunderJSON struct {
	Found bool `json:"found"`
	// MoveNumber counts from 1, like the move lists of the reports.
	MoveNumber   int      `json:"move_number,omitempty"`
	Player       string   `json:"player,omitempty"`
	Cell         *[2]int  `json:"cell,omitempty"`
	Rule         string   `json:"rule,omitempty"`
	WinningMoves [][2]int `json:"winning_moves,omitempty"`
	// RuleAllowed: every cell the blunder's rule allowed before the
	// strategy's tie-break (its hierarchy), and AtFault "tie-break" (a
	// winning move was among them) or "rules" (none was); absent for a
	// strategy without a tie-break.
	RuleAllowed [][2]int `json:"rule_allowed,omitempty"`
	AtFault     string   `json:"at_fault,omitempty"`
	// TieBreakStep, when the tie-break is at fault, is the step of it that
	// dropped the last winning move, in the strategy's words (e.g.
	// "hierarchy item 3").
	TieBreakStep string `json:"tie_break_step,omitempty"`
	// UncheckedEarlierMoves: how many of the player's moves before this one
	// the solver could not settle in the time given (absent: none, the
	// blunder is exact).
	UncheckedEarlierMoves int `json:"unchecked_earlier_moves,omitempty"`
	// UncheckedMoves are their move numbers (1 = the game's first move).
	UncheckedMoves []int  `json:"unchecked_moves,omitempty"`
	Reason         string `json:"reason,omitempty"`
}

// NewBlunderJSON converts a blunder for JSON.
func NewBlunderJSON(b *board.Board, bl *verify.Blunder) BlunderJSON {
	if !bl.Found {
		return BlunderJSON{Reason: bl.Reason}
	}
	i, j := b.Coord(bl.Move.Cell)
	out := BlunderJSON{Found: true, MoveNumber: bl.Index + 1, Player: bl.Move.Player.String(), Cell: &[2]int{i, j}, Rule: bl.Move.Rule,
		UncheckedEarlierMoves: bl.Unchecked}
	for _, c := range bl.Kept {
		i, j := b.Coord(c)
		out.WinningMoves = append(out.WinningMoves, [2]int{i, j})
	}
	for _, c := range bl.RuleAllowed {
		i, j := b.Coord(c)
		out.RuleAllowed = append(out.RuleAllowed, [2]int{i, j})
	}
	for _, k := range bl.UncheckedAt {
		out.UncheckedMoves = append(out.UncheckedMoves, k+1)
	}
	out.AtFault, out.TieBreakStep = bl.AtFault, bl.TieBreakStep
	return out
}

// BlunderText is the annotation as one sentence, for text, Markdown, SGF
// comments (pass it through the SGF escaping) and the HTML report.
func BlunderText(b *board.Board, bl *verify.Blunder, n board.Notation) string {
	if !bl.Found {
		return "No blunder: " + bl.Reason + "."
	}
	rule := ""
	if bl.Move.Rule != "" {
		rule = fmt.Sprintf(" (rule %s)", bl.Move.Rule)
	}
	kept := make([]string, len(bl.Kept))
	for k, c := range bl.Kept {
		kept[k] = b.Format(c, n)
	}
	text := fmt.Sprintf("Blunder: move %d, %s %s%s, turned a won position into a lost one; the moves that kept the win were %s.",
		bl.Index+1, titleColor(bl.Move.Player), b.Format(bl.Move.Cell, n), rule, strings.Join(kept, " "))
	if bl.AtFault != "" {
		allowed := make([]string, len(bl.RuleAllowed))
		for k, c := range bl.RuleAllowed {
			allowed[k] = b.Format(c, n)
		}
		switch bl.AtFault {
		case "tie-break":
			text += fmt.Sprintf(" The rule allowed %s: a winning move was among them, so the tie-break (hierarchy) chose wrongly", strings.Join(allowed, " "))
			if bl.TieBreakStep != "" {
				text += fmt.Sprintf("; %s dropped the last winning move", bl.TieBreakStep)
			}
			text += "."
		default:
			text += fmt.Sprintf(" The rule allowed %s: no winning move was among them, so the rules are at fault.", strings.Join(allowed, " "))
		}
	}
	if bl.Unchecked > 0 {
		text += fmt.Sprintf(" It is the first such move among those solved: %d earlier moves of %s%s were not solved in the time given; an earlier one, given back by the opponent, is not excluded.",
			bl.Unchecked, bl.Move.Player, moveNumbers(bl.UncheckedAt))
	}
	return text
}

// moveNumbers is " (moves 2, 4 and 8)" for the move indices 1, 3, 7; empty
// for none.
func moveNumbers(at []int) string {
	if len(at) == 0 {
		return ""
	}
	ns := make([]string, len(at))
	for i, k := range at {
		ns[i] = fmt.Sprint(k + 1)
	}
	if len(ns) == 1 {
		return " (move " + ns[0] + ")"
	}
	return " (moves " + strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1] + ")"
}

func titleColor(c board.Color) string {
	s := c.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

// WrapSentence breaks a sentence (such as BlunderText) into lines of at most
// 80 columns for a terminal.
func WrapSentence(s string) string { return wrapWords(s, 80) }

// WrapIndented breaks a sentence into lines of at most 80 columns, each
// starting with indent.
func WrapIndented(s, indent string) string {
	var sb strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(wrapWords(s, 80-len(indent)), "\n"), "\n") {
		sb.WriteString(indent + l + "\n")
	}
	return sb.String()
}
