package reports

import (
	"fmt"
	"strings"

	"hexproof/verify/hunt"
)

// SimDoc is the JSON of one `hexproof simulate` run (one board, one starter).
type SimDoc struct {
	Board             string           `json:"board"`
	Geometry          string           `json:"geometry"`
	Strategy          string           `json:"strategy"`
	Side              string           `json:"side"`
	Starter           string           `json:"starter"`
	Choices           string           `json:"choices"`
	Opponent          string           `json:"opponent"`
	Seed              uint64           `json:"seed"`
	Verdict           string           `json:"verdict"`
	Games             int              `json:"games"`
	Wins              int              `json:"wins"`
	WinRate           float64          `json:"win_rate"`
	CI95              [2]float64       `json:"win_rate_ci95"`
	MeanLength        float64          `json:"mean_length"`
	MeanWinningPath   float64          `json:"mean_winning_path"`
	RuleCounts        map[string]int64 `json:"rule_counts"`
	LostGames         int              `json:"lost_games"`
	Playouts          int64            `json:"playouts"`
	ElapsedSeconds    float64          `json:"elapsed_seconds"`
	Stopped           string           `json:"stopped,omitempty"`
	StrategyError     string           `json:"strategy_error,omitempty"`
	StrategyErrorGame []MoveJSON       `json:"strategy_error_game,omitempty"`
	MemoryJSON
}

// NewSimDoc builds the JSON document of a simulation.
func NewSimDoc(r *hunt.SimReport) SimDoc {
	d := SimDoc{
		Board: boardSize(r.Board), Geometry: r.Board.Geo.String(), Strategy: r.Strategy,
		Side: r.Side.String(), Starter: r.Starter.String(), Choices: r.Choices.String(),
		Opponent: r.Opponent.String(), Seed: r.Seed, Verdict: string(r.Verdict()),
		Games: r.Games, Wins: r.Wins, WinRate: round4(r.WinRate), CI95: [2]float64{round4(r.Low), round4(r.High)},
		MeanLength: round4(r.MeanLength), MeanWinningPath: round4(r.MeanPath),
		RuleCounts: map[string]int64{}, LostGames: r.Games - r.Wins, Playouts: r.Playouts,
		ElapsedSeconds: roundSeconds(r.Elapsed), Stopped: r.Stopped, StrategyError: r.FaultDetail,
		MemoryJSON: MemoryJSON{MemoryBudgetBytes: r.MemoryBudget, PeakRSSBytes: r.PeakRSS},
	}
	for k, v := range r.RuleCounts {
		d.RuleCounts[k] = v
	}
	if r.Fault != nil {
		d.StrategyErrorGame = MovesJSON(r.Board, r.Fault.Moves)
	}
	return d
}

func round4(x float64) float64 { return float64(int64(x*10000+0.5)) / 10000 }

// SimJSON is one simulation's document, or an array of several.
func SimJSON(rs []*hunt.SimReport) ([]byte, error) {
	docs := make([]SimDoc, 0, len(rs))
	for _, r := range rs {
		docs = append(docs, NewSimDoc(r))
	}
	var v any = docs
	if len(docs) == 1 {
		v = docs[0]
	}
	out, err := prettyJSON(v)
	if err != nil {
		return nil, fmt.Errorf("simulation JSON: %w", err)
	}
	return out, nil
}

// SimText is the terminal summary of a simulation.
func SimText(r *hunt.SimReport) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s (%s) on %dx%d %s, %s starts, against a %s opponent\n",
		r.Strategy, title(r.Side.String()), r.Board.M, r.Board.N, r.Board.Geo, title(r.Starter.String()), r.Opponent)
	fmt.Fprintf(&sb, "Won %d of %d games: %.2f %% (95 %% interval %.2f–%.2f %%)\n",
		r.Wins, r.Games, 100*r.WinRate, 100*r.Low, 100*r.High)
	fmt.Fprintf(&sb, "Mean game length: %.2f plies   mean winning path: %.2f cells   elapsed: %s\n",
		r.MeanLength, r.MeanPath, r.Elapsed.Round(1e6))
	if r.Stopped != "" {
		fmt.Fprintf(&sb, "Stopped early (%s): the figures count the first %d games.\n", r.Stopped, r.Games)
	}
	if len(r.RuleCounts) > 0 {
		var total int64
		for _, v := range r.RuleCounts {
			total += v
		}
		parts := make([]string, 0, len(r.RuleCounts))
		for _, k := range SortedRules(r.RuleCounts) {
			parts = append(parts, fmt.Sprintf("%s: %s (%.1f %%)", k, Thousands(r.RuleCounts[k]), 100*float64(r.RuleCounts[k])/float64(total)))
		}
		sb.WriteString(wrap("Rules used: "+strings.Join(parts, ", "), 80, "  "))
	}
	if r.Fault != nil {
		sb.WriteString(wrap("Strategy error: "+r.FaultDetail+" after "+r.Board.FormatMoves(r.Fault.Moves, 0, true), 80, "  "))
	}
	for i, g := range r.Lost {
		if i == 3 {
			fmt.Fprintf(&sb, "(%d more lost games: use --export-losses)\n", len(r.Lost)-3)
			break
		}
		sb.WriteString(wrap(fmt.Sprintf("Lost game %d (%d plies): %s", i+1, len(g.Moves), r.Board.FormatMoves(g.Moves, 0, true)), 80, "  "))
	}
	return sb.String()
}
