package reports

import (
	"fmt"

	"hexproof/board"
	"hexproof/verify/shard"
)

// SolveMergeDoc is what 'merge --json' writes for a split solve (docs/sharding.md): solve's fields and the
// shards' and pieces' state.
type SolveMergeDoc struct {
	Board    string `json:"board"`
	Geometry string `json:"geometry"`
	Starter  string `json:"starter"`
	// Moves is the plan's prefix (plan --solve --moves), as "R:(3,6) …";
	// ToMove the player to move after it, whose winning moves these are.
	Moves        string   `json:"moves,omitempty"`
	ToMove       string   `json:"to_move"`
	Verdict      string   `json:"verdict"` // solved or inconclusive
	Winner       string   `json:"winner,omitempty"`
	WinningMoves [][2]int `json:"winning_moves"`
	Positions    int64    `json:"positions"`
	Elapsed      float64  `json:"elapsed_seconds"`
	Shards       int      `json:"shards"`
	Plies        int      `json:"plies"`
	Unfinished   []int    `json:"unfinished,omitempty"`
	// Certificate: whether the pieces make a whole certificate.
	Certificate *SolveMergeCertificateJSON `json:"certificate,omitempty"`
	MemoryJSON
}

// SolveMergeCertificateJSON is the pieces' state in SolveMergeDoc.
type SolveMergeCertificateJSON struct {
	Side      string         `json:"side"`
	Accepted  bool           `json:"accepted"`
	Pieces    []int          `json:"pieces"`
	Unchecked map[int]string `json:"unchecked,omitempty"`
	Openings  int            `json:"openings"`
}

// NewSolveMergeDoc is the document of a merged split solve.
func NewSolveMergeDoc(m *shard.SolveMerged) *SolveMergeDoc {
	b := m.Board
	doc := &SolveMergeDoc{Board: fmt.Sprintf("%dx%d", b.M, b.N), Geometry: b.Geo.String(), Starter: m.Starter.String(),
		Verdict: "inconclusive", WinningMoves: [][2]int{}, Positions: m.Positions, Elapsed: m.Elapsed,
		Shards: len(m.Plan.Parts), Plies: m.Plan.Plies, Unfinished: m.Unfinished, ToMove: m.ToMove.String()}
	doc.Moves = shard.MovesText(m.Plan.Prefix)
	if m.Solved {
		doc.Verdict, doc.Winner = "solved", m.Winner.String()
		if m.Winner == board.Empty {
			doc.Winner = "draw"
		}
		for _, c := range m.WinningMoves {
			i, j := b.Coord(c)
			doc.WinningMoves = append(doc.WinningMoves, [2]int{i, j})
		}
	}
	if pc := m.Certificate; pc != nil {
		doc.Certificate = &SolveMergeCertificateJSON{Side: pc.Side.String(), Accepted: pc.Accepted, Pieces: pc.Used, Openings: pc.Lines}
		if len(pc.Unchecked) > 0 {
			doc.Certificate.Unchecked = map[int]string{}
			for _, i := range pc.Unchecked {
				doc.Certificate.Unchecked[i] = pc.Why[i]
			}
		}
	}
	return doc
}
