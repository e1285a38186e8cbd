package reports

import (
	"encoding/json"
	"fmt"

	"hexproof/board"
)

// MoveJSON is one move in the JSON of SPEC §6: the player ("red" or "blue"),
// the cell as [column, ring] and the strategy's rule (omitted for moves that no
// rule produced, as in testdata/thesis-games.json).
type MoveJSON struct {
	Player string `json:"player"`
	Cell   [2]int `json:"cell"`
	Rule   string `json:"rule,omitempty"`
}

// Meta is what a game does not know about itself but a reader needs: which
// strategy played it and for which side. Zero fields are left out.
type Meta struct {
	Strategy string
	Side     board.Color
	Choices  string
}

// GameJSON is a whole game as JSON: the board and geometry it was played on,
// who started, who won (null while nobody has) and the moves.
type GameJSON struct {
	Board    string     `json:"board"`
	Geometry string     `json:"geometry"`
	Strategy string     `json:"strategy,omitempty"`
	Side     string     `json:"side,omitempty"`
	Choices  string     `json:"choices,omitempty"`
	Starter  string     `json:"starter"`
	Winner   *string    `json:"winner"`
	Plies    int        `json:"plies"`
	Moves    []MoveJSON `json:"moves"`
}

// MovesJSON converts moves to their JSON form.
func MovesJSON(b *board.Board, moves []board.Move) []MoveJSON {
	out := make([]MoveJSON, len(moves))
	for k, m := range moves {
		i, j := b.Coord(m.Cell)
		out[k] = MoveJSON{Player: m.Player.String(), Cell: [2]int{i, j}, Rule: m.Rule}
	}
	return out
}

// NewGameJSON builds the JSON form of a game.
func NewGameJSON(g board.Game, meta Meta) GameJSON {
	out := GameJSON{
		Board:    boardSize(g.Board),
		Geometry: g.Board.Geo.String(),
		Strategy: meta.Strategy,
		Choices:  meta.Choices,
		Starter:  g.Starter.String(),
		Plies:    len(g.Moves),
		Moves:    MovesJSON(g.Board, g.Moves),
	}
	if meta.Side != board.Empty {
		out.Side = meta.Side.String()
	}
	if g.Winner != board.Empty {
		w := g.Winner.String()
		out.Winner = &w
	}
	return out
}

// GameJSONBytes is a game as indented JSON (a trailing newline included).
func GameJSONBytes(g board.Game, meta Meta) ([]byte, error) {
	if g.Board == nil {
		return nil, fmt.Errorf("game JSON: the game has no board")
	}
	out, err := json.MarshalIndent(NewGameJSON(g, meta), "", "  ")
	if err != nil {
		return nil, fmt.Errorf("game JSON: %w", err)
	}
	return append(out, '\n'), nil
}

func boardSize(b *board.Board) string { return fmt.Sprintf("%dx%d", b.M, b.N) }
