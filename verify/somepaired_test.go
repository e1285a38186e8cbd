package verify

import (
	"reflect"
	"testing"

	"hexproof/board"
	"hexproof/strategies"
)

// TestPairedPreferSearch: asking fitzgerald for fitzgerald-rules' answer and
// its own at once (strategies.PairedPreference, game.Rules.AnswerPaired)
// changes nothing in a `some` search with --prefer fitzgerald: on 5×4 and 5×5,
// both starters, the same verdict, expansions, longest game and rule counts
// with and without the pairing (in the search and in the certificate's
// construction), and on 5×4 and 5×5 with Red starting the same certificate
// and departures; and the pairing is used.
func TestPairedPreferSearch(t *testing.T) {
	defer func() { pairedPrefer = true }()
	for _, n := range []int{4, 5} {
		b := board.MustNew(5, n, board.Cylinder)
		rules, hier := fitzgeraldPair(t, b)
		for _, starter := range []board.Color{board.Red, board.Blue} {
			opt := Options{Strategy: rules, Name: "fitzgerald-rules", Starter: starter, Choices: Some, Prefer: hier, Certificate: n == 4 || starter == board.Red}
			pairedPrefer = false
			plain := run(t, opt)
			pairedPrefer = true
			before := pairedHits.Load()
			paired := run(t, opt)
			name := b.String() + "/" + starter.String()
			if pairedHits.Load() == before {
				t.Errorf("%s: the pairing was not used", name)
			}
			if plain.Verdict != paired.Verdict || plain.Positions != paired.Positions || plain.LongestGame != paired.LongestGame ||
				!reflect.DeepEqual(plain.RuleCounts, paired.RuleCounts) {
				t.Errorf("%s: without pairing %s, %d positions, %d plies, %v; with it %s, %d, %d, %v", name,
					plain.Verdict, plain.Positions, plain.LongestGame, plain.RuleCounts, paired.Verdict, paired.Positions, paired.LongestGame, paired.RuleCounts)
			}
			if opt.Certificate {
				if plain.Certificate == nil || paired.Certificate == nil {
					t.Fatalf("%s: no certificate (%v, %v)", name, plain.CertificateErr, paired.CertificateErr)
				}
				if !reflect.DeepEqual(plain.Certificate.File(), paired.Certificate.File()) || !reflect.DeepEqual(plain.Departures, paired.Departures) {
					t.Errorf("%s: the certificates or departures differ", name)
				}
			}
		}
	}
}

// fitzgeraldPair is fitzgerald-rules and fitzgerald on b: the strategy of
// issue 30's some questions and its preferred strategy.
func fitzgeraldPair(t *testing.T, b *board.Board) (rules, hier strategies.Strategy) {
	t.Helper()
	var err error
	if rules, err = strategies.New("fitzgerald-rules", b); err != nil {
		t.Fatal(err)
	}
	if hier, err = strategies.New("fitzgerald", b); err != nil {
		t.Fatal(err)
	}
	return rules, hier
}
