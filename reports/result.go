package reports

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"hexproof/board"
	"hexproof/strategies"
	"hexproof/verify"
)

// ResultDoc is the verify JSON of docs/design.md §6. Its field names are the contract
// with scripts that read hexproof's output; add fields, never rename them.
type ResultDoc struct {
	Board             string              `json:"board"`
	Geometry          string              `json:"geometry"`
	Strategy          string              `json:"strategy"`
	Side              string              `json:"side"`
	Starter           string              `json:"starter"`
	Choices           string              `json:"choices"`
	Verdict           string              `json:"verdict"`
	Positions         int64               `json:"positions"`
	LongestGame       int                 `json:"longest_game"`
	RuleCounts        map[string]int64    `json:"rule_counts"`
	ElapsedSeconds    float64             `json:"elapsed_seconds"`
	Counterexample    *CounterexampleJSON `json:"counterexample,omitempty"`
	Detail            string              `json:"detail,omitempty"`
	TranspositionHits int64               `json:"transposition_hits"`
	SymmetryHits      int64               `json:"symmetry_hits"`
	// Symmetries is the size of the group the search merged positions
	// under (1: none); start positions that are images under it have the
	// same value (scripts/some-openings.sh runs one opening per class).
	Symmetries int   `json:"symmetries,omitempty"`
	LayersDone int   `json:"layers_done"`
	Losses     int64 `json:"losses,omitempty"`
	// StopReason says why an inconclusive run stopped: "interrupted",
	// "time limit" or "budget".
	StopReason string `json:"stop_reason,omitempty"`
	// Blunder annotates the counterexample (when the command computed it).
	Blunder *BlunderJSON `json:"blunder,omitempty"`
	// MemoryBudgetBytes is --memory in bytes; PeakRSSBytes the process's
	// peak resident memory at the run's end (absent where unknown; it
	// varies between runs, like elapsed_seconds).
	MemoryBudgetBytes int64 `json:"memory_budget_bytes,omitempty"`
	PeakRSSBytes      int64 `json:"peak_rss_bytes,omitempty"`
	// PrunedMoves and UnsettledMoves are, under --choices some with
	// --prune-lost, the strategy's allowed moves that perfect play proved
	// lost and the ones the solver could not settle within its budget
	// (counted at every expansion; absent without pruning).
	PrunedMoves    int64 `json:"pruned_moves,omitempty"`
	UnsettledMoves int64 `json:"unsettled_moves,omitempty"`
	// Start is the game the run began from (verify --moves; absent: the
	// empty board). The verdict is about the games that begin with it.
	Start []MoveJSON `json:"start,omitempty"`
	// Departures are, with verify --prefer, the positions where the
	// certificate leaves the preferred strategy's move because it loses.
	Departures []DepartureJSON `json:"departures,omitempty"`
	// CertificateError says, when --certificate or --overlay was asked and
	// the verdict is optimal, why no certificate or overlay was made (e.g.
	// the run was stopped while building it). A script that reads only the
	// JSON then knows the proof's file is missing although the verdict
	// stands.
	CertificateError string `json:"certificate_error,omitempty"`
}

// DepartureJSON is a verify.Departure: the game to the position, the
// preferred strategy's move (which loses) and the certificate's, the allowed
// moves that keep the win, and what chose the losing move.
type DepartureJSON struct {
	Moves        []MoveJSON `json:"moves"`
	Preferred    MoveJSON   `json:"preferred"`
	Move         [2]int     `json:"move"`
	Winning      [][2]int   `json:"winning"`
	RuleAllowed  [][2]int   `json:"rule_allowed"`
	TieBreakStep string     `json:"tie_break_step,omitempty"`
	AfterAnother bool       `json:"after_another"`
	OutsideRules bool       `json:"outside_rules,omitempty"`
}

// MemoryJSON is the memory part of the documents that are not a ResultDoc
// (simulate, replay, certify), with ResultDoc's names: the command's
// --memory in bytes (absent where the command takes none) and the process's
// peak resident memory at the end (absent where unknown; it varies between
// runs, like elapsed_seconds).
type MemoryJSON struct {
	MemoryBudgetBytes int64 `json:"memory_budget_bytes,omitempty"`
	PeakRSSBytes      int64 `json:"peak_rss_bytes,omitempty"`
}

// CounterexampleJSON is the lost game of a refutation (or the game that led to
// a strategy error, or a loss found before a budget ran out).
type CounterexampleJSON struct {
	Plies   int        `json:"plies"`
	Winner  *string    `json:"winner"`
	Minimal bool       `json:"minimal"`
	Moves   []MoveJSON `json:"moves"`
	// Replay is the hexproof replay command line that replays this game.
	Replay string `json:"replay,omitempty"`
}

// NewResultDoc builds the JSON document of a result.
func NewResultDoc(r *verify.Result) (ResultDoc, error) {
	if r == nil || r.Board == nil {
		return ResultDoc{}, fmt.Errorf("result JSON: no result or no board")
	}
	d := ResultDoc{
		Board:             boardSize(r.Board),
		Geometry:          r.Board.Geo.String(),
		Strategy:          r.Strategy,
		Side:              r.Side.String(),
		Starter:           r.Starter.String(),
		Choices:           r.Choices.String(),
		Verdict:           string(r.Verdict),
		Positions:         r.Positions,
		LongestGame:       r.LongestGame,
		RuleCounts:        map[string]int64{},
		ElapsedSeconds:    roundSeconds(r.Elapsed),
		Detail:            r.Detail,
		TranspositionHits: r.TranspositionHits,
		SymmetryHits:      r.SymmetryHits,
		Symmetries:        r.Symmetries,
		LayersDone:        r.LayersDone,
		Losses:            r.Losses,
		StopReason:        r.StopReason.String(),
		MemoryBudgetBytes: r.MemoryBudget,
		PeakRSSBytes:      r.PeakRSS,
		PrunedMoves:       r.Pruned,
		UnsettledMoves:    r.Unsettled,
	}
	for k, v := range r.RuleCounts {
		d.RuleCounts[k] = v
	}
	if r.CertificateErr != nil {
		d.CertificateError = r.CertificateErr.Error()
	}
	if len(r.Start) > 0 {
		d.Start = MovesJSON(r.Board, r.Start)
	}
	for _, dp := range r.Departures {
		d.Departures = append(d.Departures, DepartureJSON{
			Moves: MovesJSON(r.Board, dp.Moves), Preferred: MovesJSON(r.Board, []board.Move{dp.Preferred})[0],
			Move: coordJSON(r.Board, dp.Move), Winning: coordsJSON(r.Board, dp.Winning), RuleAllowed: coordsJSON(r.Board, dp.RuleAllowed),
			TieBreakStep: dp.TieBreakStep, AfterAnother: dp.AfterAnother, OutsideRules: dp.OutsideRules,
		})
	}
	if g := r.Counterexample; g != nil {
		b := g.Board
		if b == nil {
			b = r.Board
		}
		c := &CounterexampleJSON{Plies: len(g.Moves), Minimal: r.Minimal, Moves: MovesJSON(b, g.Moves), Replay: ReplayCommand(r)}
		if g.Winner != board.Empty {
			w := g.Winner.String()
			c.Winner = &w
		}
		d.Counterexample = c
		if r.Blunder != nil {
			bj := NewBlunderJSON(b, r.Blunder)
			d.Blunder = &bj
		}
	}
	return d, nil
}

// ResultJSON is the verify JSON of docs/design.md §6, indented, with a trailing newline.
func ResultJSON(r *verify.Result) ([]byte, error) {
	d, err := NewResultDoc(r)
	if err != nil {
		return nil, err
	}
	out, err := prettyJSON(d)
	if err != nil {
		return nil, fmt.Errorf("result JSON: %w", err)
	}
	return out, nil
}

// ResultsJSON is several results (e.g. --starter both) as one JSON array of
// the documents ResultJSON writes, formatted the same way.
func ResultsJSON(rs []*verify.Result) ([]byte, error) {
	docs := make([]ResultDoc, 0, len(rs))
	for _, r := range rs {
		d, err := NewResultDoc(r)
		if err != nil {
			return nil, err
		}
		docs = append(docs, d)
	}
	out, err := prettyJSON(docs)
	if err != nil {
		return nil, fmt.Errorf("result JSON: %w", err)
	}
	return out, nil
}

// roundSeconds keeps milliseconds: more digits are noise to a reader.
func roundSeconds(d time.Duration) float64 {
	return float64(d.Round(time.Millisecond)) / float64(time.Second)
}

// ResultText is a short summary for a terminal (at most 80 columns): the
// verdict, the figures, the rules that fired and, when there is one, the
// counterexample as a thesis-style table with a picture of its final position
// in which the winning chain is marked.
func ResultText(r *verify.Result) string {
	if r == nil || r.Board == nil {
		return "no result\n"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s (%s) on %dx%d %s, %s starts, choices %s\n",
		r.Strategy, title(r.Side.String()), r.Board.M, r.Board.N, r.Board.Geo,
		title(r.Starter.String()), r.Choices)
	if len(r.Start) > 0 {
		sb.WriteString(wrap(fmt.Sprintf("From the position after %s: %s (the games that begin so)",
			Plies(len(r.Start)), r.Board.FormatMoves(r.Start, board.Thesis, true)), 80, "  "))
	}
	sb.WriteString(wrap("Verdict: "+VerdictSentence(r), 80, "  "))
	// An unfinished search knows only a lower bound on the longest game, and
	// nothing at all before a game ended: say so, or say nothing.
	longest := fmt.Sprintf("   longest game: %s", Plies(r.LongestGame))
	if r.Verdict == verify.Inconclusive {
		longest = ""
		if r.LongestGame > 0 {
			longest = fmt.Sprintf("   longest game so far: %s", Plies(r.LongestGame))
		}
	}
	fmt.Fprintf(&sb, "Positions: %s%s   elapsed: %s\n",
		Thousands(r.Positions), longest, r.Elapsed.Round(time.Millisecond))
	if r.TranspositionHits != 0 || r.SymmetryHits != 0 {
		fmt.Fprintf(&sb, "Transposition hits: %s   symmetry hits: %s\n",
			Thousands(r.TranspositionHits), Thousands(r.SymmetryHits))
	}
	if r.Pruned != 0 || r.Unsettled != 0 {
		fmt.Fprintf(&sb, "Allowed moves pruned as lost by perfect play: %s   not settled by the solver: %s\n",
			Thousands(r.Pruned), Thousands(r.Unsettled))
	}
	if r.Verdict == verify.Inconclusive {
		fmt.Fprintf(&sb, "Layers fully explored: %d of %d\n", r.LayersDone, r.Board.Cells())
	}
	if r.Detail != "" {
		sb.WriteString(wrap("Detail: "+r.Detail, 80, "  "))
	}
	if len(r.Departures) > 0 {
		sb.WriteString(DeparturesText(r, 10))
	}
	if len(r.RuleCounts) > 0 {
		parts := make([]string, 0, len(r.RuleCounts))
		for _, k := range SortedRules(r.RuleCounts) {
			parts = append(parts, fmt.Sprintf("%s: %s", k, Thousands(r.RuleCounts[k])))
		}
		sb.WriteString("Rules fired (the strategy's rule label: how many of its moves that rule chose):\n")
		sb.WriteString(wrapItems("  ", parts, 80))
	}
	if g := r.Counterexample; g != nil {
		gg := *g
		if gg.Board == nil {
			gg.Board = r.Board
		}
		sb.WriteString("\n" + counterexampleHeading(r) + ":\n")
		sb.WriteString(Table(gg, board.Thesis))
		// One line, never wrapped, so that it can be copied as it is.
		sb.WriteString("Replay it with:\n" + ReplayCommand(r) + "\n")
		if r.Blunder != nil {
			sb.WriteString(wrapWords(BlunderText(gg.Board, r.Blunder, board.Thesis), 80))
		}
		p := gg.Position(-1)
		chain := WinningChain(gg.Board, p, gg.Winner)
		pic := gg.Board.Picture(p, chain)
		if widest(pic) <= 80 {
			sb.WriteString("\nFinal position (" + chainNote(gg) + "):\n" + pic)
		} else if chain.Any() {
			// Too wide for the terminal: name the chain's cells instead.
			cells := make([]string, 0, chain.Count())
			for _, c := range chain.Cells() {
				cells = append(cells, formatCell(gg.Board, c, board.Thesis))
			}
			sb.WriteString(wrap(fmt.Sprintf("\n%s's winning chain: %s", title(gg.Winner.String()), strings.Join(cells, " ")), 80, "  "))
		}
	}
	return sb.String()
}

// Plies is a game length in words: "1 ply", "13 plies".
func Plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}

// ReplayArgs are the arguments of the hexproof replay command that replays
// a result's counterexample: the whole game with R:/B: prefixes, so that the
// strategy's moves are those of the game whatever --choices says, and each
// is checked against the strategy's allowed set.
func ReplayArgs(r *verify.Result) []string {
	g := r.Counterexample
	if g == nil {
		return nil
	}
	b := g.Board
	if b == nil {
		b = r.Board
	}
	args := []string{"replay", "--board", boardSize(b), "--geometry", b.Geo.String(),
		"--strategy", r.Strategy}
	if strings.HasPrefix(r.Strategy, strategies.ExecPrefix) && r.Side != board.Red {
		// An external engine plays Red unless told otherwise.
		args = append(args, "--player", r.Side.String())
	}
	if r.Handicap {
		// The counterexample begins with the stones, placed at once.
		args = append(args, "--handicap")
	}
	return append(args, "--choices", r.Choices.String(),
		"--moves", b.FormatMoves(g.Moves, board.Thesis, true))
}

// ReplayCommand is ReplayArgs as one shell command line.
func ReplayCommand(r *verify.Result) string {
	args := ReplayArgs(r)
	if args == nil {
		return ""
	}
	out := "hexproof"
	for _, a := range args {
		switch {
		case strings.ContainsAny(a, "\"$`\\"):
			// Single quotes keep everything; a ' inside is written '\''.
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		case strings.ContainsAny(a, " ()'") || a == "":
			a = "\"" + a + "\""
		}
		out += " " + a
	}
	return out
}

// wrapItems lists items separated by commas in lines of at most width
// columns, each line starting with indent, never breaking an item.
func wrapItems(indent string, items []string, width int) string {
	var sb strings.Builder
	line := indent
	for k, it := range items {
		if k < len(items)-1 {
			it += ","
		}
		if line != indent && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(it) > width {
			sb.WriteString(line + "\n")
			line = indent
		}
		if line != indent {
			line += " "
		}
		line += it
	}
	sb.WriteString(line + "\n")
	return sb.String()
}

// wrapWords breaks a sentence into lines of at most width columns (a longer
// word stands alone), each ended by a newline.
func wrapWords(s string, width int) string {
	var sb strings.Builder
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > width {
			sb.WriteString(line + "\n")
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return sb.String() + line + "\n"
}

// widest is the length in columns of the longest line of s.
func widest(s string) int {
	w := 0
	for _, l := range strings.Split(s, "\n") {
		w = max(w, utf8.RuneCountInString(l))
	}
	return w
}

// VerdictSentence says in words what the verdict means for this result.
func VerdictSentence(r *verify.Result) string {
	side := title(r.Side.String())
	switch r.Verdict {
	case verify.Optimal:
		if r.Choices == verify.Some {
			return fmt.Sprintf("optimal — the rules can be completed into a strategy with which %s wins every game", side)
		}
		return fmt.Sprintf("optimal — %s wins every game that follows the strategy", side)
	case verify.Refuted:
		n := 0
		if r.Counterexample != nil {
			n = len(r.Counterexample.Moves)
		}
		if r.Choices == verify.Some && !r.Minimal {
			return fmt.Sprintf("refuted — whatever the strategy picks among its allowed moves, the opponent can win (game below: %s, one such line, not proven the quickest: moves that perfect play loses were pruned)", Plies(n))
		}
		if r.Choices == verify.Some {
			return fmt.Sprintf("refuted — whatever the strategy picks among its allowed moves, the opponent can win within %s (game below: the quickest forced loss)", Plies(n))
		}
		if r.Minimal {
			return fmt.Sprintf("refuted — %s loses a game of %s (a shortest counterexample)", side, Plies(n))
		}
		return fmt.Sprintf("refuted — %s loses a game of %s", side, Plies(n))
	case verify.Inconclusive:
		why := "the search ended without settling the question"
		switch r.StopReason {
		case verify.StopBudget:
			why = "a position or memory budget ran out"
		case verify.StopShardsOpen:
			why = "not every shard has finished, or got far enough"
		case verify.StopInterrupted:
			why = "interrupted before the search finished"
		case verify.StopTimeLimit:
			why = "the time limit ran out before the search finished"
		}
		if r.Counterexample != nil {
			return fmt.Sprintf("inconclusive — %s; a lost game of %s was found (not proven shortest)", why, Plies(len(r.Counterexample.Moves)))
		}
		return "inconclusive — " + why
	case verify.StrategyError:
		return "strategy error — the strategy gave an illegal answer"
	}
	return string(r.Verdict)
}

func counterexampleHeading(r *verify.Result) string {
	switch r.Verdict {
	case verify.StrategyError:
		return "Game leading to the strategy error"
	case verify.Refuted:
		if r.Minimal {
			return "Counterexample (shortest, smallest in cell order)"
		}
	}
	return "Lost game"
}

func chainNote(g board.Game) string {
	switch g.Winner {
	case board.Red:
		return "Red won; its winning chain in lower case"
	case board.Blue:
		return "Blue won; its winning chain in lower case"
	}
	return "no winner yet"
}

// SortedRules orders rule labels as a reader expects: by their leading number
// ("2" before "10"), then by the rest ("6(a)" before "6(b)"); labels without a
// number come last, alphabetically.
func SortedRules(counts map[string]int64) []string {
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, ruleCompare)
	return keys
}

// ruleCompare is SortedRules's order; labels that read as the same number
// ("06", "6") fall back to plain string order, so the order is total.
func ruleCompare(a, b string) int {
	na, ra, oka := leadingNumber(a)
	nb, rb, okb := leadingNumber(b)
	switch {
	case oka && okb:
		return cmp.Or(cmp.Compare(na, nb), cmp.Compare(ra, rb), cmp.Compare(a, b))
	case oka:
		return -1
	case okb:
		return 1
	}
	return cmp.Compare(a, b)
}

func leadingNumber(s string) (int, string, bool) {
	k := 0
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	if k == 0 || k > 9 {
		return 0, s, false
	}
	n, _ := strconv.Atoi(s[:k])
	return n, s[k:], true
}

// Thousands writes 1234567 as 1,234,567.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var out []byte
	for k := range len(s) {
		if k > 0 && (len(s)-k)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[k])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

// wrap breaks text into lines of at most width columns at spaces, indenting
// continuation lines; it always ends with a newline.
func wrap(text string, width int, indent string) string {
	var sb strings.Builder
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) <= width:
			line += " " + w
		default:
			sb.WriteString(line + "\n")
			line = indent + w
		}
	}
	sb.WriteString(line + "\n")
	return sb.String()
}

// WinningChain is the set of the winner's stones that make the win: a minimal
// subset of a winning component (a path from ring 1 to ring n for Red, a cycle
// around the cylinder for Blue, a path across or a winding cycle on the flat
// board and the torus). Branches that do not take part are left out, so a
// picture shows the chain itself. It is empty when winner has not won.
func WinningChain(b *board.Board, p board.Position, winner board.Color) board.Bits {
	if winner == board.Empty {
		return board.Bits{}
	}
	stones := p.Stones(winner)
	only := func(s board.Bits) board.Position {
		if winner == board.Red {
			return board.Position{Red: s}
		}
		return board.Position{Blue: s}
	}
	rest := stones
	for rest.Any() {
		comp := b.Component(stones, rest.First())
		rest = rest.AndNot(comp)
		if !b.Wins(only(comp), winner) {
			continue
		}
		// Drop cells, in cell order, whose removal keeps the win.
		for _, c := range comp.Cells() {
			if s := comp.Without(c); b.Wins(only(s), winner) {
				comp = s
			}
		}
		return comp
	}
	return board.Bits{}
}

func coordJSON(b *board.Board, c board.Cell) [2]int {
	i, j := b.Coord(c)
	return [2]int{i, j}
}

func coordsJSON(b *board.Board, cs []board.Cell) [][2]int {
	out := make([][2]int, len(cs))
	for k, c := range cs {
		out[k] = coordJSON(b, c)
	}
	return out
}

// DeparturesText lists, for a certificate built with a preferred strategy,
// the positions where the preferred move loses: first those on the
// preferred strategy's own games (no departure before them), at most max
// lines, then a count of the rest.
func DeparturesText(r *verify.Result, max int) string {
	var own []verify.Departure
	for _, d := range r.Departures {
		if !d.AfterAnother {
			own = append(own, d)
		}
	}
	var sb strings.Builder
	sb.WriteString(wrap(fmt.Sprintf("The certificate leaves the preferred strategy's move at %d positions, where it loses or is not allowed; %d of them on games with no earlier departure:",
		len(r.Departures), len(own)), 80, "  "))
	b := r.Board
	for k, d := range own {
		if k == max {
			fmt.Fprintf(&sb, "  … and %d more (all in the JSON, \"departures\")\n", len(own)-max)
			break
		}
		why := "rule " + d.Preferred.Rule
		if d.TieBreakStep != "" {
			why += ", " + d.TieBreakStep
		}
		verdict := "loses"
		if d.OutsideRules {
			verdict = "is not one the rules allow"
		}
		win := make([]string, len(d.Winning))
		for i, c := range d.Winning {
			win[i] = b.Format(c, board.Thesis)
		}
		sb.WriteString(wrap(fmt.Sprintf("- after %s: %s (%s) %s; the certificate plays %s; winning: %s",
			b.FormatMoves(d.Moves, board.Thesis, true), b.Format(d.Preferred.Cell, board.Thesis), why, verdict,
			b.Format(d.Move, board.Thesis), strings.Join(win, " ")), 80, "    "))
	}
	return sb.String()
}
