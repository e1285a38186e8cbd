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
