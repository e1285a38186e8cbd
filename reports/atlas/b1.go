package atlas

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"hexproof/reports"
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

// b1Claims lists the entries of Table B.1 for the m×n cylinder (none outside
// the table).
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

// b1Key is one strategy on one board.
type b1Key struct {
	m, n     int
	strategy string
}

// b1Comparison is the outcome of setting runs beside Table B.1.
type b1Comparison struct {
	agree, open int      // claims confirmed; claims not confirmed because a run was inconclusive
	disagree    []string // Markdown table rows of the claims not confirmed
	notRun      []string // claims whose strategy ran in the atlas but not on that board
	extra       []string // optimal here but not so listed
}

// CompareB1 sets the runs (on cylinders) beside Table B.1, as a Markdown
// section: claims that the runs confirm, claims they contradict (with what
// was found), claims not run, and strategies of the table found optimal on
// boards where the table does not list them. Claims of strategies that no
// row mentions are left out.
func CompareB1(rows []Row) string {
	found := map[b1Key]map[string]Row{} // starter → row
	sizes := map[[2]int]bool{}
	inAtlas := map[string]bool{} // strategies this atlas ran at all
	for _, r := range rows {
		inAtlas[r.Strategy] = true
		k := b1Key{r.M, r.N, r.Strategy}
		if found[k] == nil {
			found[k] = map[string]Row{}
		}
		found[k][r.Starter] = r
		sizes[[2]int{r.M, r.N}] = true
	}
	// Boards by ring count, then column count.
	keys := slices.SortedFunc(maps.Keys(sizes), func(a, b [2]int) int {
		return cmp.Or(cmp.Compare(a[1], b[1]), cmp.Compare(a[0], b[0]))
	})
	var c b1Comparison
	listed := c.checkClaims(keys, found, inAtlas)
	c.findUnlisted(keys, found, listed)
	return c.markdown()
}

// checkClaims sorts every claim of the table on the given boards, for the
// strategies of the atlas, into agree/open/disagree/notRun; it returns the
// claims it looked at.
func (c *b1Comparison) checkClaims(keys [][2]int, found map[b1Key]map[string]Row, inAtlas map[string]bool) map[b1Key]bool {
	verdict := func(r Row, ok bool) string {
		if !ok {
			return "not run"
		}
		if r.Plies > 0 && r.Verdict == string(verify.Refuted) {
			return "refuted (" + reports.Plies(r.Plies) + ")"
		}
		return r.Verdict
	}
	optimal := string(verify.Optimal)
	listed := map[b1Key]bool{}
	for _, s := range keys {
		for _, cl := range b1Claims(s[0], s[1]) {
			if !inAtlas[cl.strategy] {
				continue // not selected for this atlas
			}
			k := b1Key{cl.m, cl.n, cl.strategy}
			listed[k] = true
			red, okR := found[k]["red"]
			blue, okB := found[k]["blue"]
			claim := cl.alg
			if cl.redOnly {
				claim += " (Red starting)"
			}
			line := fmt.Sprintf("| %dx%d | %s | %s | %s | %s |", cl.m, cl.n, claim, cl.strategy, verdict(red, okR), verdict(blue, okB))
			switch {
			case !okR || (!cl.redOnly && !okB):
				c.notRun = append(c.notRun, fmt.Sprintf("%dx%d %s (%s)", cl.m, cl.n, claim, cl.strategy))
			case red.Verdict == optimal && (cl.redOnly || blue.Verdict == optimal):
				c.agree++
				if cl.redOnly && okB && blue.Verdict == optimal {
					c.extra = append(c.extra, fmt.Sprintf("%dx%d %s (%s) also when Blue starts", cl.m, cl.n, cl.strategy, cl.alg))
				}
			case red.Verdict == string(verify.Inconclusive) || (!cl.redOnly && blue.Verdict == string(verify.Inconclusive)):
				c.open++
				c.disagree = append(c.disagree, line)
			default:
				c.disagree = append(c.disagree, line)
			}
		}
	}
	return listed
}

// findUnlisted adds to extra the table's strategies that were optimal for
// both starters on a board of the table where it does not list them.
func (c *b1Comparison) findUnlisted(keys [][2]int, found map[b1Key]map[string]Row, listed map[b1Key]bool) {
	for _, s := range keys {
		if s[0] > 10 || s[1] > 10 {
			continue
		}
		for _, alg := range []string{"4.2.1", "4.2.2", "5.1.1", "8.4.1"} {
			name := b1Strategies[alg]
			k := b1Key{s[0], s[1], name}
			if listed[k] {
				continue
			}
			if found[k]["red"].Verdict == string(verify.Optimal) && found[k]["blue"].Verdict == string(verify.Optimal) {
				c.extra = append(c.extra, fmt.Sprintf("%dx%d %s (%s)", s[0], s[1], name, alg))
			}
		}
	}
}

func (c *b1Comparison) markdown() string {
	var sb strings.Builder
	sb.WriteString("\n## Compared with the thesis's Table B.1\n\n")
	sb.WriteString("Table B.1 lists, for m, n ≤ 10, the algorithms known to be optimal on each cylinder\n" +
		"(4.2.1 = mirror, 4.2.2 = hht, 5.1.1 = gardner, 8.4.1 = fitzgerald; (8.4.1)* only when\n" +
		"Red starts). A claim is confirmed when the strategy is optimal for both starters\n" +
		"(for Red only, where so marked). Claims of strategies this atlas did not run are\n" +
		"left out.\n\n")
	total := c.agree + len(c.disagree) + len(c.notRun)
	fmt.Fprintf(&sb, "Claims on the boards run here: %d; confirmed: %d; not confirmed: %d (of which inconclusive: %d); not run: %d.\n",
		total, c.agree, len(c.disagree), c.open, len(c.notRun))
	if len(c.disagree) > 0 {
		sb.WriteString("\n| board | Table B.1 | strategy | here, Red starts | here, Blue starts |\n|---|---|---|---|---|\n")
		sb.WriteString(strings.Join(c.disagree, "\n") + "\n")
	}
	if len(c.notRun) > 0 {
		sb.WriteString("\nNot run (the strategy does not apply to that board here): " + strings.Join(c.notRun, ", ") + ".\n")
	}
	if len(c.extra) > 0 {
		sb.WriteString("\nOptimal here but not so listed in Table B.1 (for both starters unless said): " + strings.Join(c.extra, ", ") + ".\n")
	}
	return sb.String()
}

// FilledB1 is Table B.1 as the thesis prints it (m, n ≤ 10: the algorithms
// known optimal on each cylinder; "any" where every strategy is, the
// one-column boards), with the perfect-play winners of the rows beside each
// board the atlas solved — for Red starting / Blue starting, ✓ where the
// winner's computed strategy was verified optimal — in bold where the thesis
// has a blank. Empty when no row is a perfect-play row.
func FilledB1(rows []Row) string {
	type key struct{ m, n int }
	marks := map[key]*[2]string{}
	for _, r := range rows {
		if r.Strategy != PerfectPlay || r.M > 10 || r.N > 10 {
			continue
		}
		k := key{r.M, r.N}
		if marks[k] == nil {
			marks[k] = &[2]string{"·", "·"}
		}
		if r.Starter == "red" {
			marks[k][0] = mark(r)
		} else {
			marks[k][1] = mark(r)
		}
	}
	if len(marks) == 0 {
		return ""
	}
	var sb strings.Builder
	sb.WriteString("\n## Table B.1 with hexproof's perfect play\n\n")
	sb.WriteString("The thesis's Table B.1 (algorithms by thesis number; \"any\" for one column), and\n" +
		"beside each board solved here the winner with perfect play when Red starts / when\n" +
		"Blue starts (R Red, B Blue; ✓ its computed strategy verified optimal). **Bold**:\n" +
		"a blank of the thesis filled.\n\n| |")
	for m := 1; m <= 10; m++ {
		fmt.Fprintf(&sb, " m = %d |", m)
	}
	sb.WriteString("\n|---|" + strings.Repeat("---|", 10) + "\n")
	var filled []string
	for n := 1; n <= 10; n++ {
		fmt.Fprintf(&sb, "| **n = %d** |", n)
		for m := 1; m <= 10; m++ {
			thesis := tableB1[n-1][m-1]
			if m == 1 {
				thesis = "any"
			}
			cell := thesis
			if mk := marks[key{m, n}]; mk != nil {
				solved := mk[0] + "/" + mk[1]
				switch {
				case thesis == "":
					cell = "**" + solved + "**"
					filled = append(filled, fmt.Sprintf("%dx%d %s", m, n, solved))
				default:
					cell += " " + solved
				}
			}
			fmt.Fprintf(&sb, " %s |", cell)
		}
		sb.WriteString("\n")
	}
	if len(filled) > 0 {
		sb.WriteString("\nBlanks filled: " + strings.Join(filled, ", ") + ".\n")
	} else {
		sb.WriteString("\nNo blank of the thesis is among the boards solved here (the first is 5x5).\n")
	}
	return sb.String()
}
