package verify

import (
	"fmt"
	"reflect"
	"testing"

	"hexproof/board"
)

// TestCertificateAgain: certBuilder.again, which follows a position met
// again after the same last move without asking the strategies, changes
// nothing the construction writes. On every board of 4–9 cells, both
// starters, the strategies of the `some` tests with lowest-red preferred,
// and on 5×4 fitzgerald-rules with fitzgerald preferred: the same
// certificate (every answer) and the same departures, in the same order,
// with and without it; and again is used (the later walks go through it).
func TestCertificateAgain(t *testing.T) {
	type tcase struct {
		name string
		opt  Options
	}
	var cases []tcase
	for _, b := range boardsWithCells(4, 9) {
		low := lowestEmpty{anyEmpty{B: b, Player: board.Red}}
		for _, ns := range testStrategies(b)[:4] {
			if ns.s.Side() != board.Red || ns.name == "lowest-red" {
				continue
			}
			for _, starter := range []board.Color{board.Red, board.Blue} {
				cases = append(cases, tcase{name: fmt.Sprintf("%s/%s/%s-starts", b, ns.name, starter),
					opt: Options{Strategy: ns.s, Name: ns.name, Starter: starter, Choices: Some, Certificate: true, Prefer: low}})
			}
		}
	}
	rules, hier := fitzgeraldPair(t, board.MustNew(5, 4, board.Cylinder))
	for _, starter := range []board.Color{board.Red, board.Blue} {
		cases = append(cases, tcase{name: "5x4/fitzgerald-rules/" + starter.String(),
			opt: Options{Strategy: rules, Name: "fitzgerald-rules", Starter: starter, Choices: Some, Certificate: true, Prefer: hier}})
	}
	defer func() { certAgain = true }()
	hits, proofs := 0, 0
	for _, tc := range cases {
		certAgain = false
		plain := run(t, tc.opt)
		certAgain = true
		before := againHits.Load()
		fast := run(t, tc.opt)
		hits += int(againHits.Load() - before)
		if plain.Verdict != fast.Verdict || (plain.CertificateErr == nil) != (fast.CertificateErr == nil) {
			t.Fatalf("%s: %s/%v without again, %s/%v with it", tc.name, plain.Verdict, plain.CertificateErr, fast.Verdict, fast.CertificateErr)
		}
		if plain.Certificate == nil {
			continue
		}
		proofs++
		if !reflect.DeepEqual(plain.Certificate.File(), fast.Certificate.File()) {
			t.Errorf("%s: the certificates differ", tc.name)
		}
		if !reflect.DeepEqual(plain.Overlay.File(), fast.Overlay.File()) {
			t.Errorf("%s: the overlays differ", tc.name)
		}
		if !reflect.DeepEqual(plain.Departures, fast.Departures) {
			t.Errorf("%s: the departures differ:\n%v\n%v", tc.name, plain.Departures, fast.Departures)
		}
	}
	if proofs < 10 || hits == 0 {
		t.Errorf("%d certificates compared, again used %d times: the test does not exercise it", proofs, hits)
	}
	t.Logf("%d certificates compared, again used %d times", proofs, hits)
}
