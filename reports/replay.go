package reports

import (
	"encoding/json"
	"fmt"

	"hexproof/board"
	"hexproof/verify"
	"hexproof/verify/game"
)

// ReplayDoc is the JSON of `hexproof replay` (docs/design.md §6).
type ReplayDoc struct {
	Board     string           `json:"board"`
	Geometry  string           `json:"geometry"`
	Strategy  string           `json:"strategy"`
	Side      string           `json:"side"`
	Starter   string           `json:"starter"`
	Winner    *string          `json:"winner"`
	Whole     bool             `json:"whole_game"`
	Decisions int              `json:"decisions"`
	Agreeing  int              `json:"agreeing"`
	Moves     []ReplayMoveJSON `json:"moves"`
	// Blunder: for a game the strategy lost, its first losing move.
	Blunder *BlunderJSON `json:"blunder,omitempty"`
	FactsJSON
	MemoryJSON
}

// FactsJSON is a run's use of a store of solved positions (--db): the
// directory, the questions it answered and the positions the run added.
type FactsJSON struct {
	DB        string `json:"db,omitempty"`
	FromDB    int64  `json:"db_answers,omitempty"`
	AddedToDB int64  `json:"db_added,omitempty"`
}

// ReplayMoveJSON is one move of a replay: the move played (MoveJSON, with
// the rule on the strategy's turns) and, in a whole game, the strategy's own
// answer and whether the listed move agrees with its rules.
type ReplayMoveJSON struct {
	MoveJSON
	Answer *[2]int `json:"answer,omitempty"`
	Agrees *bool   `json:"agrees,omitempty"`
}

// NewReplayDoc builds the JSON document of a replayed game of strategy name
// playing side; bl, if not nil, is the blunder of a game the strategy lost.
func NewReplayDoc(r *game.Replayed, name string, side board.Color, bl *verify.Blunder) ReplayDoc {
	g := r.Game
	b := g.Board
	doc := ReplayDoc{
		Board: boardSize(b), Geometry: b.Geo.String(), Strategy: name,
		Side: side.String(), Starter: g.Starter.String(), Whole: r.Whole,
		Decisions: len(r.Turns), Agreeing: r.Agreeing(), Moves: make([]ReplayMoveJSON, len(g.Moves)),
	}
	if g.Winner != board.Empty {
		w := g.Winner.String()
		doc.Winner = &w
	}
	if bl != nil {
		bj := NewBlunderJSON(b, bl)
		doc.Blunder = &bj
	}
	for k, m := range MovesJSON(b, g.Moves) {
		doc.Moves[k] = ReplayMoveJSON{MoveJSON: m}
	}
	if r.Whole {
		for _, t := range r.Turns {
			i, j := b.Coord(t.Answer)
			agrees := t.Agrees
			doc.Moves[t.Index].Answer = &[2]int{i, j}
			doc.Moves[t.Index].Agrees = &agrees
		}
	}
	return doc
}

// ReplayJSON is the replay document indented, with a trailing newline.
func ReplayJSON(r *game.Replayed, name string, side board.Color, bl *verify.Blunder, facts FactsJSON, mem MemoryJSON) ([]byte, error) {
	doc := NewReplayDoc(r, name, side, bl)
	doc.FactsJSON, doc.MemoryJSON = facts, mem
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("replay JSON: %v", err)
	}
	return append(out, '\n'), nil
}
