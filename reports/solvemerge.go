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
	// Starter is who starts (absent for a position set up, which Red and
	// Blue give instead, as "(1,2) (3,7)", as solve's JSON does).
	Starter string `json:"starter,omitempty"`
	// Moves is the plan's prefix (plan --solve --moves), as "R:(3,6) …";
	// ToMove the player to move after it (or in the position set up),
	// whose winning moves these are.
	Moves   string `json:"moves,omitempty"`
	Red     string `json:"red,omitempty"`
	Blue    string `json:"blue,omitempty"`
	ToMove  string `json:"to_move"`
	Verdict string `json:"verdict"` // solved or inconclusive
	// Winner is set when the winner is proved: always when solved, and
	// when inconclusive if the shards solved so far already prove it (the
	// winning moves are then not all known, and WinningMoves is empty).
	Winner       string   `json:"winner,omitempty"`
	WinningMoves [][2]int `json:"winning_moves"`
	// KnownWinningMoves, when the winner is proved but the verdict is
	// inconclusive, are the moves of the player to move known to win so far.
	KnownWinningMoves [][2]int `json:"known_winning_moves,omitempty"`
	// Positions and Elapsed are the sums over the shards with results.
	Positions int64   `json:"positions"`
	Elapsed   float64 `json:"elapsed_seconds"`
	Shards    int     `json:"shards"`
	Plies     int     `json:"plies"`
	// SolvedShards counts the shards with a solved result; Unfinished and
	// Missing list the others (inconclusive, and without a result file).
	// A solved merge may have some: the answer did not depend on them.
	SolvedShards int   `json:"solved_shards"`
	Unfinished   []int `json:"unfinished,omitempty"`
	Missing      []int `json:"missing,omitempty"`
	// Derived lists the solved shards whose result follows from another
	// split solve (the result's derived_from names it).
	Derived []int `json:"derived,omitempty"`
	// DerivedChecked and DerivedNotChecked: with --check-derived, the
	// derived shards their splits gave again, and those not checked (split
	// not found or not solved yet, with the reason), which count as unknown.
	DerivedChecked    []int          `json:"derived_checked,omitempty"`
	DerivedNotChecked map[int]string `json:"derived_not_checked,omitempty"`
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
		Shards: len(m.Plan.Parts), Plies: m.Plan.Plies, Unfinished: m.Unfinished, Missing: m.Missing, Derived: m.Derived, DerivedChecked: m.DerivedChecked, DerivedNotChecked: m.NotChecked, ToMove: m.ToMove.String()}
	doc.Moves = shard.MovesText(m.Plan.Prefix)
	if m.Plan.ToMove != "" {
		doc.Starter, doc.Red, doc.Blue = "", shard.CellsText(m.Plan.Red), shard.CellsText(m.Plan.Blue)
	}
	for _, k := range m.Decided {
		doc.SolvedShards += k
	}
	if m.WinnerKnown {
		doc.Winner = m.Winner.String()
		if m.Winner == board.Empty {
			doc.Winner = "draw"
		}
	}
	moves := make([][2]int, 0, len(m.WinningMoves))
	for _, c := range m.WinningMoves {
		i, j := b.Coord(c)
		moves = append(moves, [2]int{i, j})
	}
	switch {
	case m.Solved:
		doc.Verdict, doc.WinningMoves = "solved", moves
	case m.WinnerKnown:
		doc.KnownWinningMoves = moves
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
