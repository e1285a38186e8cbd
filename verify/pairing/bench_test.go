package pairing

import (
	"context"
	"fmt"
	"testing"

	"hexproof/board"
)

// BenchmarkCertify: one certificate search (both starters) per iteration;
// reports the search nodes. Compare runs with benchstat.
func BenchmarkCertify(b *testing.B) {
	for _, c := range []struct {
		name string
		m, n int
		geo  board.Geometry
	}{
		{"mirror", 6, 6, board.Cylinder},
		{"mirror", 8, 5, board.Cylinder},
		{"gardner", 7, 6, board.Cylinder},
		{"gardner", 7, 6, board.Flat},
		{"mirror", 20, 20, board.Torus},
		{"gardner", 20, 19, board.Torus},
		{"gardner-blue", 19, 20, board.Cylinder},
	} {
		b.Run(fmt.Sprintf("%s-%dx%d-%s", c.name, c.m, c.n, c.geo), func(b *testing.B) {
			var nodes int64
			for i := 0; i < b.N; i++ {
				res, err := Certify(context.Background(), c.name, c.m, c.n, c.geo, board.Red, board.Blue)
				if err != nil {
					b.Fatal(err)
				}
				nodes = res[0].Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}
