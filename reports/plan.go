package reports

import "hexproof/verify/shard"

// PlanDoc is the JSON summary of `hexproof plan`.
type PlanDoc struct {
	Dir        string `json:"dir"`
	ID         string `json:"id"`
	Board      string `json:"board"`
	Geometry   string `json:"geometry"`
	Strategy   string `json:"strategy"`
	Starter    string `json:"starter"`
	Choices    string `json:"choices"`
	Shards     int    `json:"shards"`
	Requested  int    `json:"requested_shards"`
	Subtrees   int    `json:"subtrees"`
	Prefixes   int    `json:"prefixes"`
	Depth      int    `json:"depth"`
	StopReason string `json:"stop_reason,omitempty"`
	Settled    string `json:"settled_verdict,omitempty"`
	MemoryJSON
}

// NewPlanDoc builds the summary of the plan pf written to dir.
func NewPlanDoc(pf *shard.PlanFile, dir string) PlanDoc {
	s := PlanDoc{Dir: dir, ID: pf.ID, Board: pf.Board, Geometry: pf.Geometry, Strategy: pf.Strategy, Starter: pf.Starter,
		Choices: pf.Choices, Shards: len(pf.Parts), Requested: pf.Requested, Subtrees: pf.Subtrees, Prefixes: PlanPrefixes(pf),
		Depth: pf.Depth, StopReason: pf.StopReason}
	if pf.Settled != nil {
		s.Settled = pf.Settled.Verdict
	}
	return s
}

// PlanPrefixes is the number of opening games a plan's shards start from.
func PlanPrefixes(pf *shard.PlanFile) int {
	n := 0
	for _, part := range pf.Parts {
		n += part.Prefixes
	}
	return n
}
