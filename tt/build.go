package tt

// building is what a writer that keeps a layer in memory holds while the
// layer is built (Mem's writer, and Hybrid's until it spills). Runs that may
// share keys (Add, AddRun) are merged into acc as they come, so acc holds
// the distinct keys found so far — never more than the finished layer will —
// and the parts (AddPart), which share no key among themselves but may
// share keys with acc, wait for finish.
//
// Memory: building a layer of n distinct keys costs layerCost(n) bytes at
// its peak: a merge holds its inputs' share of the store (acc, at most n
// keys) and its output (at most n). The runs and parts handed over are not
// counted here: they come from the layer set, whose tables were freed to
// make them (verify.memoryPlan). Every check compares layerCost of a lower
// bound of the finished layer's size (the distinct keys so far, counted
// before anything is allocated), and finish checks the exact size, so a
// store that refuses a layer refuses exactly the layers whose finished size
// would not fit, whatever order the runs came in (the workers' timing).
type building struct {
	acc     []Key
	parts   [][]Key
	inParts int64
}

// layerCost is the peak bytes of building a layer of n distinct keys.
func layerCost(n int64) int64 { return 32 * n }

// addRun merges run (sorted, duplicate-free, given up by the caller) into
// acc if fits(layerCost(distinct keys after)) allows; otherwise it changes
// nothing.
func (b *building) addRun(run []Key, fits func(need int64) (bool, error)) (bool, error) {
	n := int64(len(run))
	if len(b.acc) > 0 {
		_, c := kMerge([][]Key{b.acc, run}, nil, true)
		n = int64(c)
	}
	if ok, err := fits(layerCost(n)); !ok || err != nil {
		return false, err
	}
	if len(b.acc) == 0 {
		b.acc = run
	} else {
		b.acc, _ = kMerge([][]Key{b.acc, run}, make([]Key, 0, n), false)
	}
	return true, nil
}

// addPart keeps a part (see AddPart).
func (b *building) addPart(run []Key) {
	b.parts = append(b.parts, run)
	b.inParts += int64(len(run))
}

// size is the finished layer's number of keys (a counting pass when acc and
// the parts may overlap).
func (b *building) size() int64 {
	switch {
	case len(b.acc) == 0:
		return b.inParts
	case len(b.parts) == 0:
		return int64(len(b.acc))
	}
	_, n := kMerge(b.runs(), nil, true)
	return int64(n)
}

// runs is everything held, as sorted runs.
func (b *building) runs() [][]Key {
	runs := make([][]Key, 0, 1+len(b.parts))
	if len(b.acc) > 0 {
		runs = append(runs, b.acc)
	}
	return append(runs, b.parts...)
}

// finish merges everything held into the layer, of n = size() keys, and
// lets go of the runs.
func (b *building) finish(n int64) []Key {
	runs := b.runs()
	*b = building{}
	switch len(runs) {
	case 0:
		return nil
	case 1:
		return runs[0]
	}
	out, _ := kMerge(runs, make([]Key, 0, n), false)
	return out
}
