package main

import (
	"fmt"
	"io"
	"strings"

	"hexproof/board"
	"hexproof/tt"
)

func init() {
	commands["show"] = command{"print a position and who has won", runShow}
}

func runShow(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("show --board MxN [--geometry G] --moves \"…\"",
		"Plays the moves from the empty board (players alternate, starting with --starter;\n"+
			"R:/B: prefixes are checked) and prints the position and the winner, if any.\n\n"+
			"Exit codes: 0 shown (whether or not someone has won), 2 bad input (the message\n"+
			"names the move or flag at fault).", stdout)
	c := newCommonFlags(fs)
	c.addBoard(boardOne, "5x4", "required")
	c.addGeometry()
	moves := fs.String("moves", "", "move list, e.g. \"(3,2) b1 (2,3)\" or \"B:c4 R:(2,3)\"")
	c.addStarter(starterShow)
	svg := fs.String("svg", "", "also write the position as an SVG picture to this file")
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	v, err := c.check()
	if err != nil {
		return fail(stderr, "show", exitUsage, err)
	}
	b := v.b()
	toks, err := b.ParseMoves(*moves)
	if err != nil {
		return fail(stderr, "show", exitUsage, fmt.Errorf("--moves: %v", err))
	}
	first := board.Red
	if v.starters != nil {
		first = v.starters[0]
	} else if len(toks) > 0 && toks[0].Player != board.Empty {
		first = toks[0].Player
	}
	p, mv, winner, err := b.Play(first, toks)
	if err != nil {
		return fail(stderr, "show", exitUsage, err)
	}
	if err := checkOutputSet(output{flag: "svg", path: *svg}); err != nil {
		return fail(stderr, "show", exitUsage, err)
	}
	fmt.Fprintf(stdout, "%s, %d moves, %s started\n", b, len(mv), first)
	fmt.Fprint(stdout, b.Picture(p, board.Bits{}))
	if winner == board.Empty {
		fmt.Fprintf(stdout, "No winner yet; %s to move.\n", p.ToMove(first))
	} else {
		fmt.Fprintf(stdout, "%s has won.\n", capitalize(winner.String()))
	}
	if *svg != "" {
		if err := writeSVG(*svg, board.Game{Board: b, Starter: first, Moves: mv, Winner: winner}); err != nil {
			return fail(stderr, "show", exitUsage, err)
		}
	}
	return 0
}

func boardFromFlags(size, geo string) (*board.Board, error) {
	if size == "" {
		return nil, fmt.Errorf("--board is required, e.g. --board 5x4")
	}
	m, n, err := board.ParseBoardSize(size)
	if err != nil {
		return nil, fmt.Errorf("--board: %v", err)
	}
	if strings.TrimSpace(geo) == "" {
		// An empty value is a mistake (an unset shell variable), not a
		// request for the default.
		return nil, fmt.Errorf("--geometry is empty (want cylinder, flat or torus)")
	}
	g, err := board.ParseGeometry(geo)
	if err != nil {
		return nil, fmt.Errorf("--geometry: %v", err)
	}
	return board.New(m, n, g)
}

// checkVerifiable refuses, with one message whatever the size, a board
// larger than the verifier's positions can hold (verify and the commands
// built on it handle fewer cells than the board package).
func checkVerifiable(size string) error {
	var m, n int
	if _, err := fmt.Sscanf(strings.ToLower(strings.TrimSpace(size)), "%dx%d", &m, &n); err != nil || m <= 0 || n <= 0 {
		return nil // not a size: boardFromFlags says what is wrong
	}
	if c := int64(m) * int64(n); c > tt.MaxCells {
		return fmt.Errorf("--board %s: the board has %d cells; verify handles at most %d", strings.TrimSpace(size), c, tt.MaxCells)
	}
	return nil
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
