package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"hexproof/board"
	"hexproof/internal/procmem"
	"hexproof/reports"
	"hexproof/verify"
	"hexproof/verify/game"
)

func init() {
	commands["replay"] = command{"replay a game against a strategy, or check a published game decision by decision", runReplay}
}

const replaySynopsis = `Plays a move list from the empty board with a strategy and prints the game as
the thesis's "Red - rule | Blue" table, then the winner.

Two kinds of move list:
  opponent's moves only (no R:/B: prefixes, or all with the opponent's letter):
      the strategy's answers are played between them, and after the last one,
      each with the rule that produced it;
  the whole game (every move prefixed R: or B:): the listed game is followed,
      and at each of the strategy's turns its own answer and rule are recorded.
      A move the strategy does not allow is marked "*" with the strategy's
      answer beside it, and a summary says how many decisions agree.

Where the rules allow several cells, the strategy's answer is the first of them
in cell order (ring, then column): --choices first, the default. With
--choices every or some, a turn with several allowed cells in an opponent-only
list is an error, since the game would depend on a choice the strategy does not
make.

A game the strategy lost is annotated with its blunder (its first move from a
won position into a lost one), found by perfect play within --blunder-time.
--db DIR keeps what that walk solves, as solve --db does; --resume starts it
from an earlier walk's database or a solve's of the same board (solve --db,
solve --shard --db), so a long walk can be stopped (Ctrl-C) and continued.

--handicap starts from the strategy's handicap stones, all placed before the
opponent's first move, as verify --handicap does (flat board; the strategy's
side starts). The list may begin with the stones, prefixed (as verify's
counterexample line prints them), or leave them out.

Exit codes: 0 replayed, 2 bad input (the message names the move), 4 strategy
error (the strategy allowed no move, or an occupied cell).`

func runReplay(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("replay --board MxN --strategy NAME --starter red|blue --moves \"…\" [flags]", replaySynopsis, stdout)
	c := newCommonFlags(fs)
	c.addBoard(boardOne, "4x3", "required")
	c.addGeometry()
	c.addStrategy()
	c.addStarter(starterFromMoves)
	moves := fs.String("moves", "", "move list, e.g. \"(3,2) b1\" (opponent only) or \"B:(2,7) R:(4,7) …\" (whole game)")
	c.addChoices("first", "first: play the first allowed cell; every/some: refuse to choose among several")
	c.addHandicap()
	c.addJSON("the game")
	blunderTime := blunderFlag(fs)
	c.addMemory("the blunder solver's tables")
	db := addWalkFactsFlags(fs)
	notation := fs.String("notation", "thesis", "cell notation of the table: thesis (3, 4) or letter c4")
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	usageErr := func(err error) int { return fail(stderr, "replay", exitUsage, err) }
	if err := checkBlunderTime(*blunderTime); err != nil {
		return usageErr(err)
	}
	if err := db.check(false); err != nil {
		return usageErr(err)
	}
	if *db.dir != "" && *blunderTime == 0 {
		return usageErr(errors.New("--db keeps what the blunder walk solves, and --blunder-time 0 makes no walk; leave out one of them"))
	}
	v, err := c.check()
	if err != nil {
		return usageErr(err)
	}
	defer v.close()
	b, strat, choices, name, jsonOut := v.b(), v.strat(), v.choices, c.strategy, c.json
	nt, err := board.ParseNotation(*notation)
	if err != nil {
		return usageErr(fmt.Errorf("--notation: %v", err))
	}
	toks, err := b.ParseMoves(*moves)
	if err != nil {
		return usageErr(fmt.Errorf("--moves: %v", err))
	}
	handicap := *c.handicap
	if handicap {
		st, err := c.checkHandicap(v)
		if err != nil {
			return usageErr(err)
		}
		v.starters = st
	}
	var starter board.Color
	switch {
	case v.starters != nil:
		starter = v.starters[0]
	case len(toks) > 0 && allPrefixed(toks) && hasSide(toks, strat.Side()):
		starter = toks[0].Player // a whole game names its first player
	default:
		return usageErr(fmt.Errorf("--starter is required (red or blue) unless --moves lists the whole game"))
	}
	if err := c.checkFits(v, []board.Color{starter}); err != nil {
		return usageErr(err)
	}
	if err := checkOutputSet(output{flag: "json", path: *jsonOut, std: true}, certificateInput(*name), db.output()); err != nil {
		return usageErr(err)
	}
	// The walk's flags have no --take-from, the one part of the open that
	// watches a context.
	facts, closeFacts, err := db.open(context.Background(), b)
	if err != nil {
		return usageErr(err)
	}
	defer closeFacts()
	var r *game.Replayed
	if handicap {
		r, err = game.ReplayHandicap(strat, toks, choices == verify.First)
	} else {
		r, err = game.Replay(strat, starter, toks, choices == verify.First)
	}
	if err != nil {
		var se *game.StrategyFault
		if errors.As(err, &se) {
			return fail(stderr, "replay", exitStrategyError, err)
		}
		if errors.Is(err, game.ErrSeveralChoices) {
			return usageErr(fmt.Errorf("%v; use --choices first, or list the whole game with R:/B: prefixes", err))
		}
		return usageErr(err)
	}
	// A game the strategy lost is annotated with its blunder.
	// With --db the walk may run for hours: Ctrl-C stops it, and what it
	// solved is kept.
	var bl *verify.Blunder
	var fj reports.FactsJSON
	if r.Game.Winner == strat.Side().Other() {
		ctx, stop := interruptible()
		bl, fj.FromDB = findBlunder(ctx, r.Game, strat, *blunderTime, v.memory, facts)
		stop()
	}
	if facts != nil {
		fj.DB, fj.AddedToDB = *db.dir, facts.Written
		if err := closeFacts(); err != nil {
			return usageErr(err)
		}
	}
	if *jsonOut != "" {
		data, err := reports.ReplayJSON(r, *name, strat.Side(), bl, fj, reports.MemoryJSON{MemoryBudgetBytes: v.memory, PeakRSSBytes: procmem.PeakRSS()})
		if err != nil {
			return usageErr(err)
		}
		if *jsonOut == "-" {
			stdout.Write(data)
			return 0
		}
		if err := os.WriteFile(*jsonOut, data, 0o644); err != nil {
			return usageErr(fmt.Errorf("--json: %v", err))
		}
	}
	fmt.Fprint(stdout, replayText(r, *name, strat.Side(), nt, handicap))
	if bl != nil {
		fmt.Fprint(stdout, reports.WrapSentence(reports.BlunderText(r.Game.Board, bl, nt)))
	}
	if fj.DB != "" {
		fmt.Fprintf(stdout, "Database %s: %s answers taken from it, %s solved positions added.\n", fj.DB, reports.Thousands(fj.FromDB), reports.Thousands(fj.AddedToDB))
	}
	return 0
}

// allPrefixed and hasSide tell a whole game (docs/design.md §6), whose first prefix names
// the starter; a list of the opponent's moves cannot say whether the strategy
// moved first.
func allPrefixed(toks []board.Token) bool {
	for _, t := range toks {
		if t.Player == board.Empty {
			return false
		}
	}
	return true
}

func hasSide(toks []board.Token, side board.Color) bool {
	for _, t := range toks {
		if t.Player == side {
			return true
		}
	}
	return false
}

// replayText is the table of docs/design.md §6, the outcome and, for a whole game, which
// decisions the strategy would have made differently.
func replayText(r *game.Replayed, name string, side board.Color, nt board.Notation, handicap bool) string {
	g := r.Game
	b := g.Board
	var sb strings.Builder
	mode := "the opponent's moves were listed; the strategy's answers are played between them"
	if r.Whole {
		mode = "the whole game was listed; the strategy's decisions are checked against it"
	}
	fmt.Fprintf(&sb, "%s (%s) on %s, %s started: %s.\n\n", name, capitalize(side.String()), b, capitalize(g.Starter.String()), mode)
	shown := g
	shown.Moves = append([]board.Move(nil), g.Moves...)
	disagree := 0
	for _, t := range r.Turns {
		if !t.Agrees {
			disagree++
			shown.Moves[t.Index].Rule = fmt.Sprintf("* rule %s plays %s", t.Rule, cellText(b, t.Answer, nt))
		}
	}
	sb.WriteString(reports.Table(shown, nt))
	sb.WriteByte('\n')
	if g.Winner == board.Empty {
		next := g.Position(-1).ToMove(g.Starter)
		if handicap { // the stones break the alternation; after them it is kept
			next = g.Moves[len(g.Moves)-1].Player.Other()
		}
		fmt.Fprintf(&sb, "No winner after %d moves; %s to move.\n", len(g.Moves), capitalize(next.String()))
	} else {
		fmt.Fprintf(&sb, "%s won after %d moves.\n", capitalize(g.Winner.String()), len(g.Moves))
	}
	if r.Whole {
		if disagree > 0 {
			sb.WriteString("* the listed move is not one the strategy allows; its own answer and rule are shown.\n")
		}
		fmt.Fprintf(&sb, "%d of %d decisions agree.\n", r.Agreeing(), len(r.Turns))
	}
	return sb.String()
}

func cellText(b *board.Board, c board.Cell, nt board.Notation) string {
	if nt == board.Thesis {
		i, j := b.Coord(c)
		return fmt.Sprintf("(%d, %d)", i, j)
	}
	return b.Format(c, nt)
}
