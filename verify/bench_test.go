package verify

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/tt"
)

// BenchmarkVerify measures whole verifications (every, symmetry on) in memory
// and with the Badger store, with 1 and 2 jobs. Reported: positions/s (distinct
// stored positions per second), successors/s (steps generated), and for Badger
// the bytes on disk per position. Compare runs with benchstat.
//
//	go test -run '^$' -bench BenchmarkVerify -benchtime 1x -count 5 ./verify
func BenchmarkVerify(b *testing.B) {
	cases := []struct {
		strategy string
		m, n     int
		starter  board.Color
	}{
		{"mirror", 6, 4, board.Red},
		{"mirror", 6, 4, board.Blue},
		{"gardner", 6, 5, board.Blue},
		{"gardner", 5, 4, board.Red},
	}
	for _, c := range cases {
		bd := board.MustNew(c.m, c.n, board.Cylinder)
		s, err := strategies.New(c.strategy, bd)
		if err != nil {
			b.Fatal(err)
		}
		for _, store := range []string{"mem", "badger"} {
			for _, jobs := range []int{1, 2} {
				name := fmt.Sprintf("%s-%dx%d-%s-starts/%s/jobs=%d", c.strategy, c.m, c.n, c.starter, store, jobs)
				b.Run(name, func(b *testing.B) {
					var res *Result
					var disk int64
					for i := 0; i < b.N; i++ {
						opt := Options{Strategy: s, Name: c.strategy, Starter: c.starter, Jobs: jobs}
						if store == "badger" {
							opt.DB = filepath.Join(b.TempDir(), fmt.Sprint(i))
						}
						var err error
						res, err = Run(context.Background(), opt)
						if err != nil {
							b.Fatal(err)
						}
						if store == "badger" {
							st, err := tt.OpenBadger(opt.DB)
							if err == nil {
								disk = st.Size()
								st.Close()
							}
						}
					}
					secs := b.Elapsed().Seconds() / float64(b.N)
					b.ReportMetric(float64(res.Positions)/secs, "positions/s")
					b.ReportMetric(float64(res.Positions+res.TranspositionHits)/secs, "successors/s")
					b.ReportMetric(float64(res.Positions), "positions")
					if disk > 0 {
						b.ReportMetric(float64(disk)/float64(res.Positions), "disk-B/position")
					}
				})
			}
		}
	}
}
