package pairing

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"hexproof/board"
	"hexproof/strategies"
)

// Row is one board of a pairing table (thesis App. B, Table B.1, for the
// pairing strategies): the certificate for each starter, or the error.
type Row struct {
	Strategy string
	M, N     int
	Geo      board.Geometry
	Results  []*Result // red starts, then blue starts
	Err      error
}

// PairingStrategies lists the registered strategies that declare pairs.
func PairingStrategies() []string {
	var out []string
	for _, info := range strategies.All() {
		if info.Pairs != nil {
			out = append(out, info.Name)
		}
	}
	return out
}

// Table certifies every board m×n with 1 ≤ m ≤ maxM, 1 ≤ n ≤ maxN on the
// cylinder, the flat board and the torus, for each named strategy on the
// boards where it applies, both starters. Each board gets at most perBoard
// (0: no limit) and the search limits lim, and is then
// Inconclusive. jobs boards run at once; rows come
// in a fixed order (strategy, geometry, m, n) whatever jobs is. progress, if
// set, is called after each board with the number done and the total.
func Table(ctx context.Context, names []string, maxM, maxN int, perBoard time.Duration, lim Limits, jobs int, progress func(done, total int)) []Row {
	var rows []Row
	for _, name := range names {
		info, err := strategies.Lookup(name)
		if err != nil {
			rows = append(rows, Row{Strategy: name, Err: err})
			continue
		}
		for _, geo := range []board.Geometry{board.Cylinder, board.Flat, board.Torus} {
			for m := 1; m <= maxM; m++ {
				for n := 1; n <= maxN; n++ {
					if info.Applies(m, n, geo) == nil {
						rows = append(rows, Row{Strategy: name, M: m, N: n, Geo: geo})
					}
				}
			}
		}
	}
	jobs = max(1, jobs)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				r := &rows[k]
				c, cancel := ctx, context.CancelFunc(func() {})
				if perBoard > 0 {
					c, cancel = context.WithTimeout(ctx, perBoard)
				}
				r.Results, r.Err = CertifyWith(c, lim, r.Strategy, r.M, r.N, r.Geo, board.Red, board.Blue)
				cancel()
				if progress != nil {
					mu.Lock()
					done++
					progress(done, len(rows))
					mu.Unlock()
				}
			}
		}()
	}
	// After an interrupt no more boards start; the table holds the boards
	// done (and those refused before any search), in order.
	stopped := len(rows)
	for k := range rows {
		if ctx.Err() != nil {
			stopped = k
			break
		}
		if rows[k].Err == nil {
			next <- k
		}
	}
	close(next)
	wg.Wait()
	if stopped == len(rows) {
		return rows
	}
	out := rows[:stopped:stopped]
	for _, r := range rows[stopped:] {
		if r.Err != nil {
			out = append(out, r)
		}
	}
	return out
}

// FormatTable prints pairing table rows, one line per board: strategy, board, geometry, the verdict
// for each starter, the deciding property (P, P+Q, Q, with ", exhaustive"
// when verify decided, and "P by I" or "P by G" when theorem I or G proved
// it without search), search nodes and seconds (the larger of the two
// starters: search plus game building).
func FormatTable(rows []Row) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-13s %-6s %-9s %-13s %-13s %-11s %9s %9s\n", "strategy", "board", "geometry", "red starts", "blue starts", "reason", "nodes", "seconds")
	for _, r := range rows {
		v := [2]string{"-", "-"}
		reason, nodes, secs := "", int64(0), 0.0
		for k, res := range r.Results {
			v[k] = string(res.Verdict)
			if res.Reason != "" {
				reason = res.Reason
			}
			if p, ok := strings.CutPrefix(res.Proof, "theorem "); ok {
				reason = res.Reason + " by " + p
			}
			nodes = res.Nodes
			secs = max(secs, res.Elapsed.Seconds())
		}
		fmt.Fprintf(&sb, "%-13s %-6s %-9s %-13s %-13s %-11s %9d %9.3f\n", r.Strategy, fmt.Sprintf("%dx%d", r.M, r.N), r.Geo, v[0], v[1], reason, nodes, secs)
	}
	return sb.String()
}
