package tt

// kMerge walks the runs in key order with a binary heap of run heads and
// appends each distinct key to out, or, when count is set, only counts them.
func kMerge(runs [][]Key, out []Key, count bool) ([]Key, int) {
	type head struct {
		k        Key
		run, pos int
	}
	h := make([]head, 0, len(runs))
	down := func(i int) {
		for {
			m, l := i, 2*i+1
			if l < len(h) && Compare(h[l].k, h[m].k) < 0 {
				m = l
			}
			if r := l + 1; r < len(h) && Compare(h[r].k, h[m].k) < 0 {
				m = r
			}
			if m == i {
				return
			}
			h[i], h[m] = h[m], h[i]
			i = m
		}
	}
	for i, r := range runs {
		if len(r) > 0 {
			h = append(h, head{r[0], i, 0})
		}
	}
	for i := len(h)/2 - 1; i >= 0; i-- {
		down(i)
	}
	n := 0
	var last Key
	for len(h) > 0 {
		top := &h[0]
		if n == 0 || top.k != last {
			last = top.k
			n++
			if !count {
				out = append(out, top.k)
			}
		}
		if top.pos++; top.pos < len(runs[top.run]) {
			top.k = runs[top.run][top.pos]
		} else {
			h[0] = h[len(h)-1]
			h = h[:len(h)-1]
		}
		down(0)
	}
	return out, n
}
