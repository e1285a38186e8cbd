package reports

import (
	"fmt"
	"strings"
	"time"

	"hexproof/verify/hunt"
)

// HuntDoc is the JSON of `hexproof hunt`: the fields of verify's report
// (ResultDoc, so that scripts read "verdict" and "counterexample" the same
// way) and what the hunt covered.
type HuntDoc struct {
	ResultDoc
	Seed             uint64  `json:"seed"`
	Jobs             int     `json:"jobs"`
	Nodes            int64   `json:"nodes"`
	Games            int64   `json:"games"`
	DepthReached     int     `json:"depth_reached"`
	LossesFound      int64   `json:"losses_found"`
	DistinctLosses   int     `json:"distinct_losses"`
	ShortestFound    int     `json:"shortest_found_plies,omitempty"`
	FirstLossSeconds float64 `json:"first_loss_seconds,omitempty"`
	FirstLossNodes   int64   `json:"first_loss_nodes,omitempty"`
	GuidedMoves      int64   `json:"guided_moves,omitempty"`
	GuideNodes       int64   `json:"guide_nodes,omitempty"`
	NoShorterLoss    bool    `json:"no_shorter_loss"`
	ProvenPlies      int     `json:"proven_plies"`
	Stopped          string  `json:"stopped,omitempty"`
}

// NewHuntDoc builds the JSON document of a hunt.
func NewHuntDoc(r *hunt.Report) (HuntDoc, error) {
	if r == nil {
		return HuntDoc{}, fmt.Errorf("hunt JSON: no report")
	}
	d, err := NewResultDoc(r.Result)
	if err != nil {
		return HuntDoc{}, err
	}
	h := HuntDoc{
		ResultDoc: d, Seed: r.Seed, Jobs: r.Jobs, Nodes: r.Nodes, Games: r.Games,
		DepthReached: r.Depth, LossesFound: r.LossesFound, DistinctLosses: len(r.Losses),
		NoShorterLoss: r.NoShorter, ProvenPlies: max(0, r.ProvenPlies), Stopped: r.Stopped,
		FirstLossSeconds: roundSeconds(r.FirstLoss), FirstLossNodes: r.FirstLossNodes,
		GuidedMoves: r.Guided, GuideNodes: r.GuideNodes,
	}
	if len(r.Losses) > 0 {
		h.ShortestFound = len(r.Losses[0].Moves)
	}
	return h, nil
}

// HuntJSON is one hunt's JSON document, or an array of them (--starter both).
func HuntJSON(rs []*hunt.Report) ([]byte, error) {
	docs := make([]HuntDoc, 0, len(rs))
	for _, r := range rs {
		d, err := NewHuntDoc(r)
		if err != nil {
			return nil, err
		}
		docs = append(docs, d)
	}
	var v any = docs
	if len(docs) == 1 {
		v = docs[0]
	}
	out, err := prettyJSON(v)
	if err != nil {
		return nil, fmt.Errorf("hunt JSON: %w", err)
	}
	return out, nil
}

// HuntText is the terminal summary of a hunt: verify's summary (the lost
// game as a table) and a line on what the hunt covered.
func HuntText(r *hunt.Report) string {
	var sb strings.Builder
	sb.WriteString(ResultText(r.Result))
	line := fmt.Sprintf("Hunt: seed %d, %d job(s), %s positions expanded, %s game ends, depth %d plies",
		r.Seed, r.Jobs, Thousands(r.Nodes), Thousands(r.Games), r.Depth)
	if len(r.Losses) > 0 {
		line += fmt.Sprintf(", %d distinct lost game(s) kept, shortest found %d plies, first loss after %s",
			len(r.Losses), len(r.Losses[0].Moves), r.FirstLoss.Round(time.Millisecond))
	}
	if r.GuideNodes > 0 {
		line += fmt.Sprintf(", %s opponent moves chosen by the guide (%s solver expansions)", Thousands(r.Guided), Thousands(r.GuideNodes))
	}
	if r.Stopped != "" {
		line += ", stopped: " + r.Stopped
	}
	sb.WriteString("\n" + wrap(line, 80, "  "))
	return sb.String()
}
