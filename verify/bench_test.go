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

// BenchmarkSomeCertificate measures `some` proofs with their certificates,
// built following a preferred strategy (verify --certificate --prefer):
// fitzgerald-rules with fitzgerald preferred, on 5×4 with Blue starting and
// on 5×5 with Red starting. Reported: answers/s of the certificate, the
// search included. Compare runs with benchstat.
//
//	go test -run '^$' -bench BenchmarkSomeCertificate -count 8 ./verify
func BenchmarkSomeCertificate(b *testing.B) {
	for _, c := range []struct {
		m, n    int
		starter board.Color
	}{{5, 4, board.Blue}, {5, 5, board.Red}} {
		bd := board.MustNew(c.m, c.n, board.Cylinder)
		rules, err := strategies.New("fitzgerald-rules", bd)
		if err != nil {
			b.Fatal(err)
		}
		hier, err := strategies.New("fitzgerald", bd)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%dx%d-%s-starts", c.m, c.n, c.starter), func(b *testing.B) {
			var res *Result
			for i := 0; i < b.N; i++ {
				res, err = Run(context.Background(), Options{Strategy: rules, Name: "fitzgerald-rules", Starter: c.starter,
					Choices: Some, Certificate: true, Prefer: hier})
				if err != nil || res.Certificate == nil {
					b.Fatal(err, res.CertificateErr)
				}
			}
			secs := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(res.Certificate.Len())/secs, "answers/s")
			b.ReportMetric(float64(res.Certificate.Len()), "answers")
		})
	}
}
