package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"

	"hexproof/board"
)

// MoveJSON is one move in the JSON of docs/design.md §6: the player ("red" or "blue"),
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
	out, err := prettyJSON(NewGameJSON(g, meta))
	if err != nil {
		return nil, fmt.Errorf("game JSON: %w", err)
	}
	return out, nil
}

var (
	jsonPair = regexp.MustCompile(`\[\s+(-?\d+),\s+(-?\d+)\s+\]`)
	jsonMove = regexp.MustCompile(`\{\s+("player": "[a-z]+",)\s+("cell": \[-?\d+, -?\d+\])(,)?\s+("rule": "(?:[^"\\]|\\.)*")?\s*\}`)
)

// prettyJSON indents v by two spaces, as json.MarshalIndent does, but keeps
// each cell ([i, j]) and each move on one line, so a game reads down the page
// one move per line. Only whitespace differs from MarshalIndent.
func prettyJSON(v any) ([]byte, error) {
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	out = jsonPair.ReplaceAll(out, []byte("[$1, $2]"))
	out = jsonMove.ReplaceAllFunc(out, func(m []byte) []byte {
		sub := jsonMove.FindSubmatch(m)
		var b bytes.Buffer
		b.WriteString("{")
		b.Write(sub[1])
		b.WriteString(" ")
		b.Write(sub[2])
		if len(sub[4]) > 0 {
			b.WriteString(", ")
			b.Write(sub[4])
		}
		b.WriteString("}")
		return b.Bytes()
	})
	return append(out, '\n'), nil
}

func boardSize(b *board.Board) string { return fmt.Sprintf("%dx%d", b.M, b.N) }
