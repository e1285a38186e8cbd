package reports

import (
	"fmt"

	"hexproof/board"
	"hexproof/verify"
	"hexproof/verify/pairing"
)

// CertifyDoc is the JSON of `hexproof certify` for one board and starter
// (the fields of verify's ResultDoc where they apply); --table writes an
// array of them.
type CertifyDoc struct {
	Board          string           `json:"board"`
	Geometry       string           `json:"geometry"`
	Strategy       string           `json:"strategy"`
	Side           string           `json:"side"`
	Starter        string           `json:"starter"`
	Choices        string           `json:"choices"`
	Verdict        string           `json:"verdict"`
	Reason         string           `json:"reason,omitempty"`
	Proof          string           `json:"proof,omitempty"`
	Checked        string           `json:"checked,omitempty"`
	Nodes          int64            `json:"nodes"`
	ElapsedSeconds float64          `json:"elapsed_seconds"`
	Chain          [][2]int         `json:"chain,omitempty"`
	Transversal    [][2]int         `json:"transversal,omitempty"`
	Counterexample *CertifyGameJSON `json:"counterexample,omitempty"`
	Replayed       bool             `json:"replayed"`
	Detail         string           `json:"detail,omitempty"`
	MemoryJSON
}

// CertifyGameJSON is the game a refuted pairing strategy loses.
type CertifyGameJSON struct {
	Plies  int        `json:"plies"`
	Winner *string    `json:"winner"`
	Moves  []MoveJSON `json:"moves"`
}

// NewCertifyDoc builds the JSON document of a pairing certificate.
func NewCertifyDoc(r *pairing.Result) CertifyDoc {
	out := CertifyDoc{
		Board: fmt.Sprintf("%dx%d", r.M, r.N), Geometry: r.Geo.String(), Strategy: r.Strategy,
		Side: r.Side.String(), Starter: r.Starter.String(), Choices: verify.Every.String(),
		Verdict: string(r.Verdict), Reason: r.Reason, Proof: r.Proof, Checked: r.Checked, Nodes: r.Nodes, ElapsedSeconds: r.Elapsed.Seconds(),
		Chain: r.Chain, Transversal: r.Transversal, Replayed: r.Replayed, Detail: r.Detail,
	}
	if g := r.Game; g != nil {
		cg := &CertifyGameJSON{Plies: len(g.Moves)}
		if g.Winner != board.Empty {
			w := g.Winner.String()
			cg.Winner = &w
		}
		for _, mv := range g.Moves {
			cg.Moves = append(cg.Moves, MoveJSON{Player: mv.Player.String(), Cell: [2]int{mv.I, mv.J}, Rule: mv.Rule})
		}
		out.Counterexample = cg
	}
	return out
}

// LocalCertifyDoc is the JSON of `hexproof certify --handicap`: the
// local-response certificate of one flat board (pairing.CertifyLocal,
// docs/decisions/pairing.md L), the strategy's side placing its stones and
// the opponent moving first.
type LocalCertifyDoc struct {
	Board    string   `json:"board"`
	Geometry string   `json:"geometry"`
	Strategy string   `json:"strategy"`
	Side     string   `json:"side"`
	Method   string   `json:"method"` // "local responses"
	Stones   [][2]int `json:"stones"`
	Verdict  string   `json:"verdict"`
	Detail   string   `json:"detail,omitempty"`
	// Regions counts the local games, LargestRegion the cells of the
	// largest, LocalPositions the positions searched in all of them, and
	// Outcomes their maximal outcomes together.
	Regions        int     `json:"regions"`
	LargestRegion  int     `json:"largest_region"`
	LocalPositions int     `json:"local_positions"`
	Outcomes       int     `json:"outcomes"`
	Nodes          int64   `json:"nodes"`
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	// Chain is the opponent's winning set compatible with one outcome per
	// region, when the static check fails.
	Chain          [][2]int         `json:"chain,omitempty"`
	Counterexample *CertifyGameJSON `json:"counterexample,omitempty"`
	// Replay is the `hexproof replay` line of the counterexample.
	Replay   string `json:"replay,omitempty"`
	Replayed bool   `json:"replayed"`
	MemoryJSON
}

// NewLocalCertifyDoc builds the JSON document of a local-response
// certificate.
func NewLocalCertifyDoc(b *board.Board, r *pairing.LocalResult) LocalCertifyDoc {
	d := LocalCertifyDoc{
		Board: fmt.Sprintf("%dx%d", r.M, r.N), Geometry: r.Geo.String(), Strategy: r.Strategy,
		Side: r.Side.String(), Method: "local responses", Stones: r.Stones, Verdict: string(r.Verdict),
		Detail: r.Detail, Regions: len(r.Regions), LocalPositions: r.States, Nodes: r.Nodes,
		ElapsedSeconds: r.Elapsed.Seconds(), Chain: r.Chain, Replayed: r.Replayed,
	}
	for _, g := range r.Regions {
		d.LargestRegion = max(d.LargestRegion, len(g.Cells))
		d.Outcomes += len(g.Outcomes)
	}
	if g := r.Game; g != nil {
		cg := &CertifyGameJSON{Plies: len(g.Moves), Moves: MovesJSON(b, g.Moves)}
		if g.Winner != board.Empty {
			w := g.Winner.String()
			cg.Winner = &w
		}
		d.Counterexample = cg
		d.Replay = LocalReplayLine(b, r)
	}
	return d
}

// LocalReplayLine is the `hexproof replay` command that replays the game of
// a refuted local-response certificate ("" when there is none).
func LocalReplayLine(b *board.Board, r *pairing.LocalResult) string {
	if r.Game == nil {
		return ""
	}
	return fmt.Sprintf("hexproof replay --board %dx%d --geometry %s --strategy %s --handicap --moves \"%s\"",
		r.M, r.N, r.Geo, r.Strategy, b.FormatMoves(r.Game.Moves, board.Thesis, true))
}
