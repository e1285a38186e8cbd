package main

import (
	"fmt"
	"sort"
	"strings"

	"hexproof/verify"
)

// tableB1 is the data of thesis App. B, Table B.1: for the m×n cylinder with
// m, n ≤ 10 (row n-1, column m-1), the algorithms listed as known optimal
// strategies, by thesis number. "Any" (trivial boards) is left out, since it
// names no strategy; "(8.4.1)*" is optimal only when Red starts.
var tableB1 = [10][10]string{
	{"", "4.2.1 5.1.1", "4.2.2 5.1.1", "4.2.1 5.1.1", "5.1.1 8.4.1", "4.2.1 5.1.1", "5.1.1", "4.2.1 5.1.1", "5.1.1", "4.2.1 5.1.1"}, // n = 1
	{"", "4.2.1", "4.2.2 5.1.1", "4.2.1 5.1.1", "5.1.1 8.4.1", "4.2.1 5.1.1", "5.1.1", "4.2.1 5.1.1", "5.1.1", "4.2.1 5.1.1"},       // n = 2
	{"", "4.2.1", "4.2.2", "4.2.1 5.1.1", "5.1.1 8.4.1", "4.2.1 5.1.1", "5.1.1", "4.2.1", "5.1.1", "4.2.1"},                         // n = 3
	{"", "4.2.1", "4.2.2", "4.2.1", "5.1.1 (8.4.1)*", "4.2.1 5.1.1", "5.1.1", "4.2.1 5.1.1", "5.1.1", "4.2.1 5.1.1"},                // n = 4
	{"", "4.2.1", "4.2.2", "4.2.1", "", "4.2.1 5.1.1", "5.1.1", "4.2.1 5.1.1", "5.1.1", "4.2.1 5.1.1"},                              // n = 5
	{"", "4.2.1", "4.2.2", "4.2.1", "", "4.2.1", "5.1.1", "4.2.1 5.1.1", "5.1.1", "4.2.1 5.1.1"},                                    // n = 6
	{"", "4.2.1", "4.2.2", "4.2.1", "", "4.2.1", "", "4.2.1 5.1.1", "5.1.1", "4.2.1 5.1.1"},                                         // n = 7
	{"", "4.2.1", "4.2.2", "4.2.1", "", "4.2.1", "", "4.2.1", "5.1.1", "4.2.1 5.1.1"},                                               // n = 8
	{"", "4.2.1", "4.2.2", "4.2.1", "", "4.2.1", "", "4.2.1", "", "4.2.1 5.1.1"},                                                    // n = 9
	{"", "4.2.1", "4.2.2", "4.2.1", "", "4.2.1", "", "4.2.1", "", "4.2.1"},                                                          // n = 10
}

// b1Strategies maps the thesis's algorithm numbers to registered strategies.
var b1Strategies = map[string]string{"4.2.1": "mirror", "4.2.2": "hht", "5.1.1": "gardner", "8.4.1": "fitzgerald"}

// b1Claim is one entry of Table B.1.
type b1Claim struct {
	m, n     int
	alg      string // thesis number, e.g. "4.2.1"
	strategy string
	redOnly  bool
}

func b1Claims(m, n int) []b1Claim {
	if m < 1 || n < 1 || m > 10 || n > 10 {
		return nil
	}
	var out []b1Claim
	for _, a := range strings.Fields(tableB1[n-1][m-1]) {
		c := b1Claim{m: m, n: n, alg: a}
		if strings.HasPrefix(a, "(") {
			c.alg, c.redOnly = strings.Trim(a, "()*"), true
		}
		c.strategy = b1Strategies[c.alg]
		out = append(out, c)
	}
	return out
}

// atlasCompareB1 sets the runs beside Table B.1: claims that the runs confirm,
// claims they contradict (with what was found), claims not run, and strategies
// of the table found optimal on boards where the table does not list them.
func atlasCompareB1(rows []atlasRow) string {
	type key struct {
		m, n     int
		strategy string
	}
	found := map[key]map[string]atlasRow{} // starter → row
	sizes := map[[2]int]bool{}
	inAtlas := map[string]bool{} // strategies this atlas ran at all
	for _, r := range rows {
		inAtlas[r.Strategy] = true
		k := key{r.M, r.N, r.Strategy}
		if found[k] == nil {
			found[k] = map[string]atlasRow{}
		}
		found[k][r.Starter] = r
		sizes[[2]int{r.M, r.N}] = true
	}
	verdict := func(r atlasRow, ok bool) string {
		if !ok {
			return "not run"
		}
		if r.Plies > 0 && r.Verdict == string(verify.Refuted) {
			return fmt.Sprintf("refuted (%d plies)", r.Plies)
		}
		return r.Verdict
	}
	var agree, open int
	var disagree, notRun, extra []string
	listed := map[key]bool{}
	var keys [][2]int
	for s := range sizes {
		keys = append(keys, s)
	}
	sort.Slice(keys, func(a, b int) bool {
		if keys[a][1] != keys[b][1] {
			return keys[a][1] < keys[b][1]
		}
		return keys[a][0] < keys[b][0]
	})
	for _, s := range keys {
		for _, c := range b1Claims(s[0], s[1]) {
			if !inAtlas[c.strategy] {
				continue // not selected with --strategies
			}
			k := key{c.m, c.n, c.strategy}
			listed[k] = true
			red, okR := found[k]["red"]
			blue, okB := found[k]["blue"]
			claim := c.alg
			if c.redOnly {
				claim += " (Red starting)"
			}
			switch {
			case !okR || (!c.redOnly && !okB):
				notRun = append(notRun, fmt.Sprintf("%dx%d %s (%s)", c.m, c.n, claim, c.strategy))
			case red.Verdict == string(verify.Optimal) && (c.redOnly || blue.Verdict == string(verify.Optimal)):
				agree++
				if c.redOnly && okB && blue.Verdict == string(verify.Optimal) {
					extra = append(extra, fmt.Sprintf("%dx%d %s (%s) also when Blue starts", c.m, c.n, c.strategy, c.alg))
				}
			case red.Verdict == string(verify.Inconclusive) || (!c.redOnly && blue.Verdict == string(verify.Inconclusive)):
				open++
				disagree = append(disagree, fmt.Sprintf("| %dx%d | %s | %s | %s | %s |", c.m, c.n, claim, c.strategy, verdict(red, okR), verdict(blue, okB)))
			default:
				disagree = append(disagree, fmt.Sprintf("| %dx%d | %s | %s | %s | %s |", c.m, c.n, claim, c.strategy, verdict(red, okR), verdict(blue, okB)))
			}
		}
	}
	for _, s := range keys {
		if s[0] > 10 || s[1] > 10 {
			continue
		}
		for _, alg := range []string{"4.2.1", "4.2.2", "5.1.1", "8.4.1"} {
			name := b1Strategies[alg]
			k := key{s[0], s[1], name}
			if listed[k] {
				continue
			}
			if found[k]["red"].Verdict == string(verify.Optimal) && found[k]["blue"].Verdict == string(verify.Optimal) {
				extra = append(extra, fmt.Sprintf("%dx%d %s (%s)", s[0], s[1], name, alg))
			}
		}
	}

	var sb strings.Builder
	sb.WriteString("\n## Compared with the thesis's Table B.1\n\n")
	sb.WriteString("Table B.1 lists, for m, n ≤ 10, the algorithms known to be optimal on each cylinder\n" +
		"(4.2.1 = mirror, 4.2.2 = hht, 5.1.1 = gardner, 8.4.1 = fitzgerald; (8.4.1)* only when\n" +
		"Red starts). A claim is confirmed when the strategy is optimal for both starters\n" +
		"(for Red only, where so marked). Claims of strategies this atlas did not run are\n" +
		"left out.\n\n")
	total := agree + len(disagree) + len(notRun)
	fmt.Fprintf(&sb, "Claims on the boards run here: %d; confirmed: %d; not confirmed: %d (of which inconclusive: %d); not run: %d.\n",
		total, agree, len(disagree), open, len(notRun))
	if len(disagree) > 0 {
		sb.WriteString("\n| board | Table B.1 | strategy | here, Red starts | here, Blue starts |\n|---|---|---|---|---|\n")
		sb.WriteString(strings.Join(disagree, "\n") + "\n")
	}
	if len(notRun) > 0 {
		sb.WriteString("\nNot run (the strategy does not apply to that board here): " + strings.Join(notRun, ", ") + ".\n")
	}
	if len(extra) > 0 {
		sb.WriteString("\nOptimal here but not so listed in Table B.1 (for both starters unless said): " + strings.Join(extra, ", ") + ".\n")
	}
	return sb.String()
}
