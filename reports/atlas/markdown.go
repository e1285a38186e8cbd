package atlas

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"hexproof/board"
	"hexproof/reports"
	"hexproof/verify"
)

// mark is a run's verdict in one or two characters for the grid; a
// PerfectPlay row's is its winner's initial (= a draw), then ✓ when the
// computed strategy was verified optimal, ? when a time limit stopped it.
func mark(r Row) string {
	if r.Strategy == PerfectPlay {
		w := map[string]string{"red": "R", "blue": "B", "draw": "="}[r.Winner]
		switch r.Verdict {
		case Solved:
			return w
		case string(verify.Optimal):
			return w + "✓"
		case string(verify.Inconclusive):
			return w + "?"
		}
		return w + "!"
	}
	switch r.Verdict {
	case string(verify.Optimal):
		return "✓"
	case string(verify.Refuted):
		return fmt.Sprintf("✗%d", r.Plies)
	case string(verify.Inconclusive):
		return "?"
	}
	return "!"
}

// Markdown writes the atlas of the rows on geo boards of at most maxCells
// cells under the given choices (other rows are left out): Table B.1
// recomputed (columns m, rows n, in each cell the strategies run there with
// their verdicts for Red / Blue starting), on the cylinder its comparison
// with the thesis's table, and then every run in detail.
func Markdown(rows []Row, geo board.Geometry, maxCells int, choices verify.Choices) string {
	var mine []Row
	for _, r := range rows {
		if r.Geo == geo.String() && r.Choices == choices.String() && r.M*r.N <= maxCells {
			mine = append(mine, r)
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "# Atlas: %s boards of at most %d cells, choices %s\n\n", geo, maxCells, choices)
	sb.WriteString("The thesis's Table B.1 recomputed by exhaustive search: for each m×n board, each\n" +
		"strategy that applies, with its verdict when Red starts / when Blue starts.\n" +
		"✓ optimal, ✗k refuted by a shortest lost game of k plies, ? inconclusive (a\n" +
		"budget ran out), ! strategy error or failed run, · not run. perfect-play: the\n" +
		"winner with perfect play (R Red, B Blue, = a draw), ✓ when its computed\n" +
		"strategy (a certificate built by the solver) was verified optimal.\n\n")
	if len(mine) == 0 {
		sb.WriteString("(no runs)\n")
		return sb.String()
	}
	writeGrid(&sb, mine, maxCells)
	if geo == board.Cylinder {
		sb.WriteString(CompareB1(mine))
		sb.WriteString(FilledB1(mine))
	}
	writeRuns(&sb, mine)
	return sb.String()
}

// writeGrid writes the table of boards: a column per m, a row per n.
func writeGrid(sb *strings.Builder, rows []Row, maxCells int) {
	type cellKey struct{ m, n int }
	type pair struct{ red, blue string }
	grid := map[cellKey]map[string]*pair{} // board → strategy → marks
	maxM, maxN := 0, 0
	for _, r := range rows {
		k := cellKey{r.M, r.N}
		if grid[k] == nil {
			grid[k] = map[string]*pair{}
		}
		p := grid[k][r.Strategy]
		if p == nil {
			p = &pair{"·", "·"}
			grid[k][r.Strategy] = p
		}
		if r.Starter == "red" {
			p.red = mark(r)
		} else {
			p.blue = mark(r)
		}
		maxM, maxN = max(maxM, r.M), max(maxN, r.N)
	}
	sb.WriteString("| |")
	for m := 1; m <= maxM; m++ {
		fmt.Fprintf(sb, " m = %d |", m)
	}
	sb.WriteString("\n|---|")
	for m := 1; m <= maxM; m++ {
		sb.WriteString("---|")
	}
	sb.WriteString("\n")
	for n := 1; n <= maxN; n++ {
		fmt.Fprintf(sb, "| **n = %d** |", n)
		for m := 1; m <= maxM; m++ {
			cell := grid[cellKey{m, n}]
			if len(cell) == 0 {
				if m*n <= maxCells {
					sb.WriteString(" — |")
				} else {
					sb.WriteString(" |")
				}
				continue
			}
			var parts []string
			for _, name := range slices.Sorted(maps.Keys(cell)) {
				parts = append(parts, fmt.Sprintf("%s %s/%s", name, cell[name].red, cell[name].blue))
			}
			fmt.Fprintf(sb, " %s |", strings.Join(parts, "<br>"))
		}
		sb.WriteString("\n")
	}
	sb.WriteString("\n— no registered strategy applies; empty: more than the cell limit.\n")
}

// writeRuns writes every run in detail: boards by size, then strategy, then
// Red starting before Blue.
func writeRuns(sb *strings.Builder, rows []Row) {
	sb.WriteString("\n## Runs\n\n")
	sb.WriteString("| board | strategy | side | starter | verdict | plies | positions | longest game | seconds | detail |\n")
	sb.WriteString("|---|---|---|---|---|--:|--:|--:|--:|---|\n")
	rows = slices.Clone(rows)
	slices.SortStableFunc(rows, func(a, b Row) int {
		return cmp.Or(cmp.Compare(a.M*a.N, b.M*b.N), cmp.Compare(a.M, b.M), cmp.Compare(a.Strategy, b.Strategy),
			-cmp.Compare(a.Starter, b.Starter)) // "red" before "blue"
	})
	for _, r := range rows {
		fmt.Fprintf(sb, "| %dx%d | %s | %s | %s | %s | %s | %s | %d | %.3f | %s |\n", r.M, r.N, r.Strategy, r.Side,
			r.Starter, r.Verdict, pliesField(r.Plies), reports.Thousands(r.Positions), r.Longest, r.Elapsed, reports.MarkdownEscape(r.Detail))
	}
}
