package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify/game"
	"hexproof/verify/solve"
)

func init() {
	commands["gtp"] = command{"play a built-in strategy (or perfect play) as a GTP engine on standard input and output", runGTP}
}

const gtpSynopsis = `hexproof as a GTP engine (docs/design.md §7): reads one command per line on
standard input and answers "= …" or "? …", then an empty line, on standard
output, so that a GTP client or a script can play against a built-in strategy
(--strategy NAME) or perfect play (--solver, small boards).

Commands: name, version, protocol_version, known_command, list_commands,
boardsize M N, hexproof_geometry cylinder|flat|torus, clear_board,
play red|blue CELL, undo, genmove red|blue (the first allowed cell in cell
order, played), hexproof_allowed red|blue (every allowed cell, then "# RULE"),
showboard, quit. Cells are written c4 (column c, ring 4) or (3,4).

Exit codes: 0 at the end of the input or quit, 2 bad flags.`

func runGTP(args []string, stdout, stderr io.Writer) int {
	return runGTPOn(os.Stdin, args, stdout, stderr)
}

func runGTPOn(stdin io.Reader, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("gtp --strategy NAME | --solver [--board MxN] [--geometry G]", gtpSynopsis, stdout)
	size := fs.String("board", "5x4", "the board until a boardsize command changes it")
	geo := fs.String("geometry", "cylinder", "cylinder, flat or torus (until hexproof_geometry changes it)")
	spec := fs.String("strategy", "", "the built-in strategy to play (see 'hexproof strategies')")
	solver := fs.Bool("solver", false, "play perfectly instead (solve; boards of at most 64 cells)")
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	if (*spec == "") == !*solver {
		return fail(stderr, "gtp", exitUsage, fmt.Errorf("give --strategy NAME or --solver"))
	}
	if strings.HasPrefix(*spec, strategies.ExecPrefix) {
		return fail(stderr, "gtp", exitUsage, fmt.Errorf("--strategy: hexproof gtp plays a built-in strategy, not an external engine"))
	}
	e := &gtpEngine{spec: *spec, solver: *solver}
	b, err := boardFromFlags(*size, *geo)
	if err == nil {
		err = e.setBoard(b)
	}
	if err != nil {
		return fail(stderr, "gtp", exitUsage, err)
	}
	defer e.close()
	e.serve(stdin, stdout)
	return exitOptimal
}

// gtpEngine is the state of one GTP session: the board, the strategy (or
// solver) bound to it, and the game.
type gtpEngine struct {
	spec   string
	solver bool
	b      *board.Board
	s      strategies.Strategy
	sol    *solve.Solver
	moves  []board.Move
	pos    board.Position
}

func (e *gtpEngine) close() {
	if e.sol != nil {
		e.sol.Close()
	}
	if e.s != nil {
		closeStrategy(e.s)
	}
}

// setBoard binds the strategy (or the solver) to b and clears the game.
func (e *gtpEngine) setBoard(b *board.Board) error {
	if e.solver {
		if b.Cells() > 64 {
			return fmt.Errorf("the solver handles at most 64 cells, the %s board has %d", b, b.Cells())
		}
		sol, err := solve.NewSolver(context.Background(), b, solve.Options{TableBytes: 16 << 20})
		if err != nil {
			return err
		}
		e.close()
		e.sol, e.b = sol, b
	} else {
		s, err := strategies.New(e.spec, b)
		if err != nil {
			return err
		}
		e.close()
		e.s, e.b = s, b
	}
	e.moves, e.pos = nil, board.Position{}
	return nil
}

func (e *gtpEngine) serve(r io.Reader, w io.Writer) {
	sc := bufio.NewScanner(r)
	out := bufio.NewWriter(w)
	defer out.Flush()
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		words := strings.Fields(line)
		if len(words) == 0 {
			continue
		}
		id := ""
		if _, err := strconv.Atoi(words[0]); err == nil {
			id, words = words[0], words[1:]
			if len(words) == 0 {
				continue
			}
		}
		text, err := e.command(words[0], words[1:])
		if err != nil {
			fmt.Fprintf(out, "?%s %s\n\n", id, err)
		} else {
			fmt.Fprintf(out, "=%s %s\n\n", id, text)
		}
		if err := out.Flush(); err != nil || words[0] == "quit" {
			return
		}
	}
}

var gtpCommands = []string{"boardsize", "clear_board", "genmove", "hexproof_allowed", "hexproof_geometry",
	"known_command", "list_commands", "name", "play", "protocol_version", "quit", "showboard", "undo", "version"}

func (e *gtpEngine) command(cmd string, args []string) (string, error) {
	need := func(n int) error {
		if len(args) < n {
			return fmt.Errorf("%s needs %d argument(s)", cmd, n)
		}
		return nil
	}
	switch cmd {
	case "name":
		if e.solver {
			return "hexproof (perfect play)", nil
		}
		return "hexproof " + e.spec, nil
	case "version":
		return version, nil
	case "protocol_version":
		return "2", nil
	case "known_command":
		if err := need(1); err != nil {
			return "", err
		}
		return strconv.FormatBool(sort.SearchStrings(gtpCommands, args[0]) < len(gtpCommands) && gtpCommands[sort.SearchStrings(gtpCommands, args[0])] == args[0]), nil
	case "list_commands":
		return strings.Join(gtpCommands, "\n"), nil
	case "quit":
		return "", nil
	case "boardsize":
		if err := need(1); err != nil {
			return "", err
		}
		if len(args) == 1 {
			args = append(args, args[0])
		}
		m, err1 := strconv.Atoi(args[0])
		n, err2 := strconv.Atoi(args[1])
		if err1 != nil || err2 != nil || m < 1 || n < 1 {
			return "", fmt.Errorf("boardsize wants two positive numbers, columns and rings")
		}
		b, err := board.New(m, n, e.b.Geo)
		if err == nil {
			err = e.setBoard(b)
		}
		return "", err
	case "hexproof_geometry":
		if err := need(1); err != nil {
			return "", err
		}
		g, err := board.ParseGeometry(args[0])
		if err != nil {
			return "", err
		}
		b, err := board.New(e.b.M, e.b.N, g)
		if err == nil {
			err = e.setBoard(b)
		}
		return "", err
	case "clear_board":
		e.moves, e.pos = nil, board.Position{}
		return "", nil
	case "play":
		if err := need(2); err != nil {
			return "", err
		}
		who, err := board.ParseColor(args[0])
		if err != nil {
			return "", err
		}
		c, err := e.b.ParseCell(args[1])
		if err != nil {
			return "", err
		}
		if e.pos.Occupied().Has(c) {
			return "", fmt.Errorf("cell %s is occupied", args[1])
		}
		e.moves = append(e.moves, board.Move{Player: who, Cell: c})
		e.pos = e.pos.Play(who, c)
		return "", nil
	case "undo":
		if len(e.moves) == 0 {
			return "", fmt.Errorf("cannot undo: no move")
		}
		e.pos = e.pos.Without(e.moves[len(e.moves)-1].Cell)
		e.moves = e.moves[:len(e.moves)-1]
		return "", nil
	case "genmove", "hexproof_allowed":
		if err := need(1); err != nil {
			return "", err
		}
		who, err := board.ParseColor(args[0])
		if err != nil {
			return "", err
		}
		allowed, rule, err := e.allowed(who)
		if err != nil {
			return "", err
		}
		if cmd == "hexproof_allowed" {
			var cells []string
			for _, c := range allowed.Cells() {
				cells = append(cells, e.b.Format(c, board.Letter))
			}
			return strings.Join(cells, " ") + " # " + rule, nil
		}
		c := allowed.First()
		e.moves = append(e.moves, board.Move{Player: who, Cell: c, Rule: rule})
		e.pos = e.pos.Play(who, c)
		return e.b.Format(c, board.Letter), nil
	case "showboard":
		return "\n" + strings.TrimRight(e.b.Picture(e.pos, board.Bits{}), "\n"), nil
	}
	return "", fmt.Errorf("unknown command")
}

// allowed is what the strategy (or perfect play) allows who in the current
// position.
func (e *gtpEngine) allowed(who board.Color) (board.Bits, string, error) {
	empty := e.b.All().AndNot(e.pos.Occupied())
	if empty.Empty() {
		return board.Bits{}, "", fmt.Errorf("the board is full")
	}
	if e.b.Wins(e.pos, board.Red) || e.b.Wins(e.pos, board.Blue) {
		return board.Bits{}, "", fmt.Errorf("the game is over")
	}
	if e.solver {
		wins, err := e.sol.WinningMoves(e.pos, who)
		if err != nil {
			return board.Bits{}, "", err
		}
		if len(wins) == 0 {
			return empty, "losing", nil
		}
		var out board.Bits
		for _, c := range wins {
			out = out.With(c)
		}
		return out, "winning", nil
	}
	if who != e.s.Side() {
		return board.Bits{}, "", fmt.Errorf("the strategy plays %s", e.s.Side())
	}
	last := board.NoCell
	if n := len(e.moves); n > 0 && e.moves[n-1].Player != who {
		last = e.moves[n-1].Cell
	}
	rules := game.NewRules(e.s, false)
	allowed, rule, f := rules.Answer(e.pos, last)
	if f != game.NoFault {
		return board.Bits{}, "", fmt.Errorf("strategy error: %s", rules.Describe(f, e.pos, last, allowed, rule))
	}
	return allowed, rule, nil
}
