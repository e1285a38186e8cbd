package board

import (
	"fmt"
	"strconv"
	"strings"
)

// Notation is a written form of cells (docs/design.md §1).
type Notation uint8

const (
	// Thesis is "(3,4)": column 3, ring 4.
	Thesis Notation = iota
	// Letter is "c4": column letter (a = 1, …, z = 26, aa = 27, …), ring number.
	Letter
)

// ParseNotation reads "thesis" or "letter".
func ParseNotation(s string) (Notation, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "thesis", "paren", "":
		return Thesis, nil
	case "letter", "letters":
		return Letter, nil
	}
	return 0, fmt.Errorf("unknown notation %q (want thesis or letter)", s)
}

// Format writes a cell in the given notation.
func (b *Board) Format(c Cell, n Notation) string {
	if c == NoCell {
		return "-"
	}
	i, j := b.Coord(c)
	if n == Letter {
		return columnLetters(i) + strconv.Itoa(j)
	}
	return "(" + strconv.Itoa(i) + "," + strconv.Itoa(j) + ")"
}

func columnLetters(i int) string {
	var s []byte
	for i > 0 {
		i--
		s = append([]byte{byte('a' + i%26)}, s...)
		i /= 26
	}
	return string(s)
}

// ParseCell reads one cell in either notation; it must lie on the board.
func (b *Board) ParseCell(s string) (Cell, error) {
	t := strings.TrimSpace(s)
	var i, j int
	var err error
	switch {
	case strings.HasPrefix(t, "("):
		i, j, err = parseParen(t)
	case t != "" && isLetter(t[0]):
		i, j, err = parseLetter(t)
	default:
		err = fmt.Errorf("not a cell (want (column,ring) or a letter and a ring, e.g. c4)")
	}
	if err != nil {
		return NoCell, fmt.Errorf("%q: %w", s, err)
	}
	if i < 1 || i > b.M || j < 1 || j > b.N {
		return NoCell, fmt.Errorf("%q: not on the %dx%d board (columns 1..%d, rings 1..%d)", s, b.M, b.N, b.M, b.N)
	}
	return b.Cell(i, j), nil
}

func isLetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

func parseParen(t string) (int, int, error) {
	if !strings.HasSuffix(t, ")") {
		return 0, 0, fmt.Errorf("missing ')'")
	}
	parts := strings.Split(t[1:len(t)-1], ",")
	if len(parts) != 2 {
		return 0, 0, fmt.Errorf("want two numbers, (column,ring)")
	}
	i, err1 := strconv.Atoi(strings.TrimSpace(parts[0]))
	j, err2 := strconv.Atoi(strings.TrimSpace(parts[1]))
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("want two whole numbers, (column,ring)")
	}
	return i, j, nil
}

func parseLetter(t string) (int, int, error) {
	k := 0
	i := 0
	for k < len(t) && isLetter(t[k]) {
		i = i*26 + int((t[k]|0x20)-'a') + 1
		k++
		if i > 1<<20 {
			return 0, 0, fmt.Errorf("column letters too long")
		}
	}
	if k == len(t) {
		return 0, 0, fmt.Errorf("missing ring number after the column letter")
	}
	j, err := strconv.Atoi(t[k:])
	if err != nil || strings.ContainsAny(t[k:], "+-") {
		return 0, 0, fmt.Errorf("ring %q is not a whole number", t[k:])
	}
	return i, j, nil
}

// Token is one entry of a written move list.
type Token struct {
	Text   string // as written, including any player prefix
	Index  int    // 1-based position in the list
	Player Color  // Empty when no R:/B: prefix was given
	Cell   Cell
}

// ParseMoves reads a move list: cells in either notation separated by spaces or
// commas, each optionally prefixed with "R:" or "B:". Errors name the token and
// its position in the list.
func (b *Board) ParseMoves(s string) ([]Token, error) {
	var out []Token
	k := 0
	for {
		for k < len(s) && (s[k] == ' ' || s[k] == ',' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r' || s[k] == ';') {
			k++
		}
		if k >= len(s) {
			return out, nil
		}
		start := k
		player := Empty
		if k+1 < len(s) && s[k+1] == ':' {
			switch s[k] {
			case 'R', 'r':
				player = Red
			case 'B', 'b':
				player = Blue
			default:
				return nil, fmt.Errorf("move %d %q: unknown player prefix (want R: or B:)", len(out)+1, s[k:k+2])
			}
			k += 2
			for k < len(s) && s[k] == ' ' {
				k++
			}
		}
		cellStart := k
		if k < len(s) && s[k] == '(' {
			for k < len(s) && s[k] != ')' {
				k++
			}
			if k < len(s) {
				k++
			}
		} else {
			for k < len(s) && s[k] != ' ' && s[k] != ',' && s[k] != '\t' && s[k] != '\n' && s[k] != '\r' && s[k] != ';' {
				k++
			}
		}
		text := s[start:k]
		c, err := b.ParseCell(s[cellStart:k])
		if err != nil {
			return nil, fmt.Errorf("move %d %q: %v", len(out)+1, strings.TrimSpace(text), stripQuoted(err, s[cellStart:k]))
		}
		out = append(out, Token{Text: text, Index: len(out) + 1, Player: player, Cell: c})
	}
}

// stripQuoted removes the leading `"cell": ` that ParseCell puts in its errors,
// since ParseMoves names the token itself.
func stripQuoted(err error, cell string) string {
	return strings.TrimPrefix(err.Error(), strconv.Quote(cell)+": ")
}

// FormatMoves writes moves as a list that ParseMoves reads back; with prefix,
// each move carries its player ("R:" or "B:").
func (b *Board) FormatMoves(moves []Move, n Notation, prefix bool) string {
	parts := make([]string, len(moves))
	for k, m := range moves {
		s := b.Format(m.Cell, n)
		if prefix {
			if m.Player == Red {
				s = "R:" + s
			} else {
				s = "B:" + s
			}
		}
		parts[k] = s
	}
	return strings.Join(parts, " ")
}

// Move is one stone of a game; Rule is the strategy's rule label, if any.
type Move struct {
	Player Color
	Cell   Cell
	Rule   string
}

// Play follows a move list from the empty board with the given starter. Prefixed
// tokens must match the player to move. It fails on an occupied cell or a move
// after the game has ended, naming the token. It returns the final position, the
// moves and the winner (Empty if none).
func (b *Board) Play(starter Color, toks []Token) (Position, []Move, Color, error) {
	var p Position
	moves := make([]Move, 0, len(toks))
	winner := Empty
	for _, t := range toks {
		if winner != Empty {
			return p, moves, winner, fmt.Errorf("move %d %q: the game already ended (%s won at move %d)", t.Index, t.Text, winner, len(moves))
		}
		who := p.ToMove(starter)
		if t.Player != Empty && t.Player != who {
			return p, moves, winner, fmt.Errorf("move %d %q: it is %s's turn", t.Index, t.Text, who)
		}
		if p.Occupied().Has(t.Cell) {
			return p, moves, winner, fmt.Errorf("move %d %q: cell %s is already occupied", t.Index, t.Text, b.Format(t.Cell, Thesis))
		}
		p = p.Play(who, t.Cell)
		moves = append(moves, Move{Player: who, Cell: t.Cell})
		if b.Wins(p, who) {
			winner = who
		}
	}
	return p, moves, winner, nil
}

// CheckSetUp refuses a position set up in which the game is over: a player
// has won, or the board is full. solve and plan --solve set positions up;
// both ask this, so that they refuse the same positions.
func (b *Board) CheckSetUp(p Position) error {
	for _, c := range []Color{Red, Blue} {
		if b.Wins(p, c) {
			return fmt.Errorf("the position set up is over: %s has won", c)
		}
	}
	if p.Occupied() == b.All() {
		return fmt.Errorf("the position set up is over: the board is full")
	}
	return nil
}

// SetUp is the position with Red's stones on the cells of red and Blue's on
// those of blue (lists as ParseMoves reads them), whatever order or counts:
// a position set up rather than played, such as a band game of
// docs/decisions/solve.md K24 as a board of its own. A token with a player
// prefix must be in its player's list, and no cell may be named twice.
func (b *Board) SetUp(red, blue []Token) (Position, error) {
	var p Position
	for _, side := range []struct {
		who  Color
		toks []Token
	}{{Red, red}, {Blue, blue}} {
		for _, t := range side.toks {
			if t.Player != Empty && t.Player != side.who {
				return Position{}, fmt.Errorf("%s stone %d %q: a %s stone in %s's list", side.who, t.Index, t.Text, t.Player, side.who)
			}
			if p.Occupied().Has(t.Cell) {
				return Position{}, fmt.Errorf("%s stone %d %q: cell %s is named twice", side.who, t.Index, t.Text, b.Format(t.Cell, Thesis))
			}
			p = p.Play(side.who, t.Cell)
		}
	}
	return p, nil
}

// ParseBoardSize reads "MxN" (also "M×N" or "MXN").
func ParseBoardSize(s string) (m, n int, err error) {
	t := strings.TrimSpace(s)
	t = strings.ReplaceAll(t, "×", "x")
	t = strings.ReplaceAll(t, "X", "x")
	parts := strings.Split(t, "x")
	if len(parts) != 2 {
		return 0, 0, fmt.Errorf("board %q: want MxN, e.g. 5x4", s)
	}
	m, err1 := strconv.Atoi(strings.TrimSpace(parts[0]))
	n, err2 := strconv.Atoi(strings.TrimSpace(parts[1]))
	if err1 != nil || err2 != nil || m < 1 || n < 1 {
		return 0, 0, fmt.Errorf("board %q: want two whole numbers of at least 1, e.g. 5x4", s)
	}
	if m*n > MaxCells {
		return 0, 0, fmt.Errorf("board %q has %d cells; at most %d are supported", s, m*n, MaxCells)
	}
	return m, n, nil
}
