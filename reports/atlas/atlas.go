// Package atlas recomputes the thesis's table of solved boards (Fitzgerald
// 2026, App. B, Table B.1). It plans runs over every m×n board up to a number
// of cells, runs them one by one, keeps each finished run as a row of a CSV
// table (so that an interrupted atlas resumes where it stopped) and writes the
// table as Markdown, set beside the thesis's own (b1.go).
//
// # Where rows come from
//
// A Source says which runs it has for a board; Plan asks every source about
// every board, smallest board first. Each run is a Job, which returns one Row.
// StrategySource verifies every registered strategy that applies, for both
// starters. SolveSource (solve.go) gives the winner under perfect play and,
// on boards small enough, the winner's computed strategy (a certificate)
// checked by verify, in rows whose Row.Strategy is PerfectPlay. Another kind
// of table entry — a pairing certificate, say — is a new Source whose jobs
// fill a Row with their own name in Row.Strategy (the method that produced
// the row; it is part of Row.Key, by which a resumed table skips finished
// runs), so that their rows are stored, resumed and drawn in the grid like
// the others; the command adds the source to the list it passes to Plan. A
// fact no present column holds becomes a new column in one place (as the
// winner did): a field of Row, its name in Header, its place in Row.Record
// and ParseRecord, and its mark in the grid (mark in markdown.go). A table
// written with the old header is then refused by ReadCSV (ErrForeignTable)
// rather than misread.
package atlas

import (
	"errors"
	"fmt"
	"strconv"
)

// Header is the CSV table's first record; ReadCSV refuses a file with another.
var Header = []string{"board", "m", "n", "geometry", "strategy", "side", "starter", "choices",
	"verdict", "plies", "positions", "longest_game", "elapsed_seconds", "detail", "winner"}

// Row is one finished run, as stored in the CSV table.
type Row struct {
	M, N     int
	Geo      string // board.Geometry's name
	Strategy string // the strategy (or, for other sources, the method) that was run
	Side     string // the side it plays
	Starter  string
	Choices  string // verify.Choices's name
	// Verdict is a verify.Verdict, "error" when the run failed, or (a
	// PerfectPlay row without a computed strategy) Solved.
	Verdict   string
	Plies     int // counterexample plies; 0 when there is none
	Positions int64
	Longest   int
	Elapsed   float64 // seconds
	Detail    string
	// Winner is who wins with perfect play ("red", "blue", or "draw" on the
	// torus); PerfectPlay rows only, empty elsewhere and when not solved.
	Winner string
}

// Key identifies the run: two rows with one key answer the same question.
func (r Row) Key() string {
	return fmt.Sprintf("%dx%d/%s/%s/%s/%s", r.M, r.N, r.Geo, r.Strategy, r.Starter, r.Choices)
}

// Record is the row as CSV fields, in Header's order.
func (r Row) Record() []string {
	return []string{fmt.Sprintf("%dx%d", r.M, r.N), strconv.Itoa(r.M), strconv.Itoa(r.N), r.Geo, r.Strategy,
		r.Side, r.Starter, r.Choices, r.Verdict, pliesField(r.Plies), strconv.FormatInt(r.Positions, 10),
		strconv.Itoa(r.Longest), strconv.FormatFloat(r.Elapsed, 'f', 3, 64), r.Detail, r.Winner}
}

// pliesField leaves the plies column empty when there is no counterexample.
func pliesField(plies int) string {
	if plies > 0 {
		return strconv.Itoa(plies)
	}
	return ""
}

// ParseRecord reads a record written by Row.Record.
func ParseRecord(rec []string) (Row, error) {
	if len(rec) != len(Header) {
		return Row{}, fmt.Errorf("%d fields, want %d", len(rec), len(Header))
	}
	var r Row
	var errs []error
	atoi := func(s string) int {
		if s == "" {
			return 0
		}
		v, err := strconv.Atoi(s)
		errs = append(errs, err)
		return v
	}
	r.M, r.N = atoi(rec[1]), atoi(rec[2])
	r.Geo, r.Strategy, r.Side, r.Starter, r.Choices, r.Verdict = rec[3], rec[4], rec[5], rec[6], rec[7], rec[8]
	r.Plies = atoi(rec[9])
	p, err := strconv.ParseInt(rec[10], 10, 64)
	errs = append(errs, err)
	r.Positions = p
	r.Longest = atoi(rec[11])
	r.Elapsed, err = strconv.ParseFloat(rec[12], 64)
	errs = append(errs, err)
	r.Detail, r.Winner = rec[13], rec[14]
	if err := errors.Join(errs...); err != nil {
		return Row{}, err
	}
	return r, nil
}
