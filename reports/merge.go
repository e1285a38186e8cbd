package reports

import "hexproof/verify/shard"

// MergeDoc is the JSON of `hexproof merge`: verify's document (ResultDoc)
// plus the state of the shards.
type MergeDoc struct {
	ResultDoc
	Shards MergeShardsJSON `json:"shards"`
}

// MergeShardsJSON is how the shards of a merged plan stand.
type MergeShardsJSON struct {
	Total      int               `json:"total"`
	Finished   int               `json:"finished"`
	Unfinished []int             `json:"unfinished"`
	Missing    []int             `json:"missing"`
	Failed     []FailedShardJSON `json:"failed"`
	// Needed: the shards that must finish (or go further) for the result to
	// be conclusive.
	Needed []int `json:"needed"`
	// NeededLayers: each needed shard settles the result once its layers up
	// to this many stones are complete (verify --shard --until-layers).
	NeededLayers int `json:"needed_layers,omitempty"`
}

// FailedShardJSON is a shard whose result could not be used, and why.
type FailedShardJSON struct {
	Index int    `json:"index"`
	Why   string `json:"why"`
}

// NewMergeDoc builds the JSON document of a merge.
func NewMergeDoc(m *shard.Merged) (MergeDoc, error) {
	d, err := NewResultDoc(m.Result)
	if err != nil {
		return MergeDoc{}, err
	}
	doc := MergeDoc{ResultDoc: d, Shards: MergeShardsJSON{
		Total: len(m.Shards), Unfinished: nonNil(m.Unfinished()), Missing: nonNil(m.Missing()),
		Failed: []FailedShardJSON{}, Needed: nonNil(m.Needed()), NeededLayers: m.NeededLayers,
	}}
	for _, st := range m.Shards {
		switch st.State {
		case "finished":
			doc.Shards.Finished++
		case "failed":
			doc.Shards.Failed = append(doc.Shards.Failed, FailedShardJSON{st.Index, st.Why})
		}
	}
	return doc, nil
}

// nonNil is xs, or an empty list (JSON [], not null) for none.
func nonNil(xs []int) []int {
	if xs == nil {
		return []int{}
	}
	return xs
}
