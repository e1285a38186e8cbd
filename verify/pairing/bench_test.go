package pairing

import (
	"context"
	"fmt"
	"testing"

	"hexproof/board"
)

// BenchmarkCertify: one certificate (both starters) per iteration; reports
// the search nodes. "search" runs the exact search alone (Limits.NoTheorems)
// on boards a theorem also proves. Compare runs with benchstat.
func BenchmarkCertify(b *testing.B) {
	for _, c := range []struct {
		name   string
		m, n   int
		geo    board.Geometry
		search bool
	}{
		{"mirror", 6, 6, board.Cylinder, true},
		{"mirror", 8, 5, board.Cylinder, true},
		{"gardner", 7, 6, board.Cylinder, true},
		{"gardner", 7, 6, board.Flat, true},
		{"mirror", 20, 20, board.Cylinder, false},
		{"gardner", 20, 19, board.Cylinder, false},
		{"mirror", 20, 20, board.Torus, false},
		{"gardner", 20, 19, board.Torus, false},
		{"gardner-blue", 19, 20, board.Cylinder, false},
	} {
		how := "theorems"
		if c.search {
			how = "search"
		}
		b.Run(fmt.Sprintf("%s-%dx%d-%s-%s", c.name, c.m, c.n, c.geo, how), func(b *testing.B) {
			var nodes int64
			for i := 0; i < b.N; i++ {
				res, err := CertifyWith(context.Background(), Limits{NoTheorems: c.search}, c.name, c.m, c.n, c.geo, board.Red, board.Blue)
				if err != nil {
					b.Fatal(err)
				}
				nodes = res[0].Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}
