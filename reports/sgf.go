package reports

import (
	"fmt"
	"strings"

	"hexproof/board"
	"hexproof/verify"
)

// SGF for HexGui (and the Benzene tools that share its reader): FF[4] GM[11],
// SZ[m] for a square board and SZ[m:n] (columns:rows) otherwise, moves as
// B[c4]/W[c4] with a column letter and a 1-based row. HexGui's Black joins top
// and bottom and its rows shift right going down, exactly the thesis's picture,
// so Red is Black, Blue is White and cell (i, j) is letter i, number j. The
// geometry, which HexGui does not know, is the private property GE[cylinder]
// or GE[torus] (absent for flat boards); HexGui keeps unknown properties.
// See docs/decisions/reports.md.

// sgfMaxSide is the largest side HexGui's board drawers handle (a–z).
const sgfMaxSide = 26

func sgfFits(b *board.Board) error {
	if b.M > sgfMaxSide || b.N > sgfMaxSide {
		return fmt.Errorf("SGF for HexGui allows at most %d columns and rows, the board is %dx%d", sgfMaxSide, b.M, b.N)
	}
	return nil
}

// sgfText escapes a property value (SGF FF[4]: backslash before ] and \).
func sgfText(s string) string {
	return strings.NewReplacer(`\`, `\\`, "]", `\]`).Replace(s)
}

func sgfColour(c board.Color) string {
	if c == board.Red {
		return "B"
	}
	return "W"
}

// sgfRoot is the root node's properties (without the leading ';').
func sgfRoot(b *board.Board, meta Meta, comment string) string {
	size := fmt.Sprint(b.M)
	if b.M != b.N {
		size = fmt.Sprintf("%d:%d", b.M, b.N)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "FF[4]GM[11]AP[hexproof]SZ[%s]", size)
	if b.Geo != board.Flat {
		fmt.Fprintf(&sb, "GE[%s]", b.Geo)
	}
	red, blue := "Red", "Blue"
	if meta.Strategy != "" {
		switch meta.Side {
		case board.Red:
			red = "Red: " + meta.Strategy
		case board.Blue:
			blue = "Blue: " + meta.Strategy
		}
	}
	fmt.Fprintf(&sb, "PB[%s]PW[%s]", sgfText(red), sgfText(blue))
	if comment != "" {
		fmt.Fprintf(&sb, "C[%s]", sgfText(comment))
	}
	return sb.String()
}

// sgfMoves writes the moves as a sequence of nodes, each strategy move with its
// rule as a comment; the last node says who won. A found blunder is a comment
// on its move (in the thesis notation of the other reports); a blunder search
// that found none says why on the first move.
func sgfMoves(b *board.Board, g board.Game, first string, bl *verify.Blunder) string {
	var sb strings.Builder
	for k, m := range g.Moves {
		fmt.Fprintf(&sb, ";%s[%s]", sgfColour(m.Player), b.Format(m.Cell, board.Letter))
		var notes []string
		if k == 0 && first != "" {
			notes = append(notes, first)
		}
		if m.Rule != "" {
			notes = append(notes, "rule "+m.Rule)
		}
		if bl != nil && (bl.Found && bl.Index == k || !bl.Found && k == 0) {
			notes = append(notes, BlunderText(b, bl, board.Thesis))
		}
		if k == len(g.Moves)-1 && g.Winner != board.Empty {
			notes = append(notes, title(g.Winner.String())+" has won")
		}
		if len(notes) > 0 {
			fmt.Fprintf(&sb, "C[%s]", sgfText(strings.Join(notes, "; ")))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// SGF writes one game as a HexGui game record.
func SGF(g board.Game, meta Meta) ([]byte, error) {
	if g.Board == nil {
		return nil, fmt.Errorf("SGF: the game has no board")
	}
	if err := sgfFits(g.Board); err != nil {
		return nil, err
	}
	root := sgfRoot(g.Board, meta, fmt.Sprintf("%s; %s started, %s", describe(g.Board, meta), title(g.Starter.String()), Outcome(g)))
	return []byte("(;" + root + "\n" + sgfMoves(g.Board, g, "", nil) + ")\n"), nil
}

// sgfWriter writes one game tree whose root describes the run and whose
// variations are the lost games: HexGui reads only the first tree of a file,
// but shows every variation of it.
type sgfWriter struct{ lossFile }

func (s *sgfWriter) header() error {
	_, err := fmt.Fprintf(s.w, "(;%s\n", sgfRoot(s.b, s.meta, "Lost games: "+describe(s.b, s.meta)+"; each variation is one game"))
	return s.wrapErr(err)
}

func (s *sgfWriter) write(g board.Game, bl *verify.Blunder) error {
	if err := s.check(g); err != nil {
		return err
	}
	s.count++
	first := fmt.Sprintf("game %d: %s started, %s", s.count, title(g.Starter.String()), Outcome(g))
	_, err := fmt.Fprintf(s.w, "(%s)\n", sgfMoves(s.b, g, first, bl))
	return s.wrapErr(err)
}

func (s *sgfWriter) Close() error { return s.close(")\n") }
