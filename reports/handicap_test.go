package reports

import (
	"context"
	"slices"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/strategies"
	"hexproof/verify"
	"hexproof/verify/game"
)

// TestHandicapCounterexampleReplays: a refuted verify --handicap run prints a
// replay command with --handicap, and its move line (which begins with the
// stones, two red moves in a row) replays through game.ReplayHandicap to the
// same lost game, every decision agreeing; game.Replay without the handicap
// refuses it.
func TestHandicapCounterexampleReplays(t *testing.T) {
	s := testkit.Strategy(t, strategies.New, "handicap", 6, 3, board.Flat)
	b := s.Board()
	found := 0
	for _, x := range b.All().Cells() {
		bs := testkit.FreeAt{Handicapped: s.(testkit.Handicapped), Cell: x}
		res, err := verify.Run(context.Background(), verify.Options{Strategy: bs, Name: "handicap", Starter: board.Red, Choices: verify.Every, Jobs: 2, Handicap: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != verify.Refuted {
			continue
		}
		found++
		args := ReplayArgs(res)
		if !slices.Contains(args, "--handicap") {
			t.Fatalf("replay command without --handicap: %v", args)
		}
		toks, err := b.ParseMoves(args[len(args)-1])
		if err != nil {
			t.Fatal(err)
		}
		if toks[0].Player != board.Red || toks[1].Player != board.Red {
			t.Fatalf("the line does not begin with the two stones: %s", args[len(args)-1])
		}
		r, err := game.ReplayHandicap(bs, toks, false)
		if err != nil {
			t.Fatalf("%s: %v", args[len(args)-1], err)
		}
		if r.Game.Winner != board.Blue || r.Agreeing() != len(r.Turns) || len(r.Game.Moves) != len(res.Counterexample.Moves) {
			t.Errorf("%s: replayed to winner %v, %d of %d decisions agree, %d moves", args[len(args)-1], r.Game.Winner, r.Agreeing(), len(r.Turns), len(r.Game.Moves))
		}
		if _, err := game.Replay(bs, board.Red, toks, false); err == nil {
			t.Errorf("%s: replayed without the handicap", args[len(args)-1])
		}
		break
	}
	if found == 0 {
		t.Fatal("no broken reading was refuted on 6x3: the test checks nothing")
	}
}
