package atlas

import (
	"fmt"
	"strings"

	"hexproof/board"
	"hexproof/verify/pairing"
)

// PairingMarkdown is the atlas's page of pairing certificates (`atlas
// --pairing MxN`): the thesis's Table B.1 rows for the pairing strategies on
// every board up to maxM×maxN of the three geometries, first as counts per
// strategy and geometry, then one line per board with its verdict for each
// starter, what decided it, the search nodes and the seconds.
func PairingMarkdown(rows []pairing.Row, maxM, maxN int, maxNodes int64) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# Pairing strategies by certificate, every board up to %dx%d\n\n", maxM, maxN)
	fmt.Fprintf(&sb, "What `hexproof certify` decides for each pairing strategy, both starters, semantics `every`, "+
		"with at most %d search nodes a board (`P by I` / `P by G`: proved by theorem I or G of "+
		"docs/decisions/pairing.md P6, no search). The same table: `hexproof certify --table %dx%d --max-nodes %d`.\n\n",
		maxNodes, maxM, maxN, maxNodes)
	type group struct {
		strategy string
		geo      board.Geometry
	}
	counts := map[group]map[string]int{}
	var order []group
	for _, r := range rows {
		g := group{r.Strategy, r.Geo}
		if counts[g] == nil {
			counts[g] = map[string]int{}
			order = append(order, g)
		}
		counts[g][pairingClass(r)]++
	}
	classes := []string{"optimal", "refuted", "mixed", "inconclusive", "error"}
	sb.WriteString("| strategy | geometry | boards |")
	for _, c := range classes {
		sb.WriteString(" " + c + " |")
	}
	sb.WriteString("\n|---|---|---|" + strings.Repeat("---|", len(classes)) + "\n")
	for _, g := range order {
		total := 0
		for _, n := range counts[g] {
			total += n
		}
		fmt.Fprintf(&sb, "| %s | %s | %d |", g.strategy, g.geo, total)
		for _, c := range classes {
			fmt.Fprintf(&sb, " %d |", counts[g][c])
		}
		sb.WriteString("\n")
	}
	sb.WriteString("\n*optimal*/*refuted*: for both starters; *mixed*: one of each; *inconclusive*: the node budget " +
		"ran out for a starter (or, on the torus, no game built from a pair-free chain was lost).\n\n")
	sb.WriteString("```\n")
	sb.WriteString(pairing.FormatTable(rows))
	sb.WriteString("```\n")
	return sb.String()
}

// pairingClass sorts a board into one of PairingMarkdown's columns.
func pairingClass(r pairing.Row) string {
	if r.Err != nil || len(r.Results) == 0 {
		return "error"
	}
	seen := map[string]bool{}
	for _, res := range r.Results {
		seen[string(res.Verdict)] = true
	}
	switch {
	case seen["inconclusive"] || seen["strategy error"]:
		return "inconclusive"
	case len(seen) > 1:
		return "mixed"
	case seen["optimal"]:
		return "optimal"
	}
	return "refuted"
}
