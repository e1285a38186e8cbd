package main

import (
	"fmt"
	"io"

	"hexproof/board"
)

func init() {
	commands["show"] = command{"print a position and who has won", runShow}
}

func runShow(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("show --board MxN [--geometry G] --moves \"…\"",
		"Plays the moves from the empty board (players alternate, starting with --starter;\n"+
			"R:/B: prefixes are checked) and prints the position and the winner, if any.\n"+
			"With --classes it also lists the empty cells up to symmetry: two cells are in\n"+
			"one class when a symmetry of the board that maps the position onto itself maps\n"+
			"one onto the other; for a strategy that commutes with the board's group (see\n"+
			"`hexproof strategies`), a question split by the next move needs one move of\n"+
			"each class, the first listed (scripts/some-openings.sh CLASSES=1 uses this).\n\n"+
			"Exit codes: 0 shown (whether or not someone has won), 2 bad input (the message\n"+
			"names the move or flag at fault).", stdout)
	c := newCommonFlags(fs)
	c.addBoard(boardOne, "5x4", "required")
	c.addGeometry()
	moves := fs.String("moves", "", "move list, e.g. \"(3,2) b1 (2,3)\" or \"B:c4 R:(2,3)\"")
	c.addStarter(starterShow)
	svg := fs.String("svg", "", "also write the position as an SVG picture to this file")
	classes := fs.Bool("classes", false, "also list the empty cells in classes up to the board's symmetries that fix the position")
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
	if *classes {
		printClasses(stdout, b, p)
	}
	if *svg != "" {
		if err := writeSVG(*svg, board.Game{Board: b, Starter: first, Moves: mv, Winner: winner}); err != nil {
			return fail(stderr, "show", exitUsage, err)
		}
	}
	return 0
}

// printClasses lists the empty cells of p by class (board.MoveClasses under
// the board's whole group), one class a line, its representative first.
func printClasses(w io.Writer, b *board.Board, p board.Position) {
	group := b.Group()
	cl := board.MoveClasses(b, p, group)
	empty := b.All().AndNot(p.Occupied()).Count()
	fmt.Fprintf(w, "Moves up to symmetry: %d classes of %d empty cells (%d of the board's %d symmetries map the position onto itself):\n",
		len(cl), empty, len(board.Stabilizer(p, group)), len(group))
	for _, c := range cl {
		// The representative at two spaces, the rest after "also", wrapped
		// to fit a terminal with continuation lines indented further.
		line := "  " + b.Format(c[0], board.Thesis)
		if len(c) > 1 {
			line += "  also"
		}
		for _, x := range c[1:] {
			cell := " " + b.Format(x, board.Thesis)
			if len(line)+len(cell) > 78 {
				fmt.Fprintln(w, line)
				line = "       "
			}
			line += cell
		}
		fmt.Fprintln(w, line)
	}
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
