// Package shard splits one verification into independent shards that a
// cluster scheduler (Slurm, GNU parallel) can run on machines that share no
// disk, and merges the shards' results into what a single `verify` run would
// have reported (docs/sharding.md).
//
// A plan expands the first plies of the search through the shared game step
// (game.Rules), exactly as the breadth-first search does, until a layer
// holds enough distinct positions ("subtrees"); each shard then verifies the
// games that begin with its prefixes (verify.Options.Starts). Every file is
// small and self-contained: a shard file names the board, the strategy and its
// prefixes; a result file holds the shard's verdict, figures and
// counterexample.
package shard

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"hexproof/board"
	"hexproof/internal/jsonwords"
	"hexproof/strategies"
	"hexproof/verify"
)

// Format is the version of the files below.
const Format = 1

// Setup is what is verified: the same in the plan and in every shard file.
type Setup struct {
	Board      string `json:"board"` // MxN
	Geometry   string `json:"geometry"`
	Strategy   string `json:"strategy"`
	Starter    string `json:"starter"`
	Choices    string `json:"choices"`
	NoSymmetry bool   `json:"no_symmetry,omitempty"`
}

// Move is one move of a prefix or a counterexample: player, [column, ring]
// and the strategy's rule (as in the verify JSON).
type Move struct {
	Player string `json:"player"`
	Cell   [2]int `json:"cell"`
	Rule   string `json:"rule,omitempty"`
}

// Part is the plan's record of one shard.
type Part struct {
	Index    int `json:"index"`
	Subtrees int `json:"subtrees"` // distinct positions (up to symmetry) it starts from
	Prefixes int `json:"prefixes"` // games leading to them
	// First is its smallest prefix in cell order: every game of the shard is
	// at least this large (used by Merge).
	First []Move `json:"first"`
	// StartTranspositions and StartSymmetryHits are what the shard counts
	// while it turns its prefixes into positions; the plan has counted that
	// layer already, so Merge subtracts them.
	StartTranspositions int64 `json:"start_transposition_hits"`
	StartSymmetryHits   int64 `json:"start_symmetry_hits"`
}

// PlanFile (plan.json) is the split: the plan's own share of the search (the
// layers before the prefixes end) and the shards.
type PlanFile struct {
	Format int    `json:"format"`
	ID     string `json:"id"` // names this plan; shard and result files repeat it
	Setup
	Depth     int    `json:"depth"` // plies in every prefix
	Requested int    `json:"requested_shards"`
	Subtrees  int    `json:"subtrees"`
	Parts     []Part `json:"shards"`
	// The search of the layers before Depth, counted as a single run counts
	// them (layer Depth's transpositions and symmetry hits included).
	Positions         int64            `json:"positions"`
	LongestGame       int              `json:"longest_game"`
	RuleCounts        map[string]int64 `json:"rule_counts"`
	TranspositionHits int64            `json:"transposition_hits"`
	SymmetryHits      int64            `json:"symmetry_hits"`
	// StopReason says why the plan did not go deeper, when it made fewer
	// subtrees than requested.
	StopReason string `json:"stop_reason,omitempty"`
	// Settled is the verdict when the search ended before any prefix (the
	// strategy errs or draws on its opening move): there are no shards.
	Settled *ResultFile `json:"settled,omitempty"`
	// Digest is a hash of every other field, written with the plan: a plan
	// file changed afterwards (damaged, or edited by hand) is refused
	// rather than merged into a verdict. Absent in plans written before it.
	Digest string `json:"digest,omitempty"`
}

// digest is the hash of pf's fields other than Digest.
func (pf PlanFile) digest() string {
	pf.Digest = ""
	return digestOf(pf)
}

// digestOf is the hash of v's JSON, as plan files carry it.
func digestOf(v any) string {
	raw, _ := json.Marshal(v)
	sum := sha256.Sum256(raw)
	return fmt.Sprintf("%x", sum[:12])
}

// ShardFile (shard-I.json) is one shard: all that a machine needs to run it.
type ShardFile struct {
	Format int    `json:"format"`
	Plan   string `json:"plan"`
	Index  int    `json:"index"`
	Shards int    `json:"shards"`
	Setup
	Depth    int      `json:"depth"`
	Prefixes [][]Move `json:"prefixes"`
}

// ResultFile (result-I.json) is what a shard found.
type ResultFile struct {
	Format            int              `json:"format"`
	Plan              string           `json:"plan"`
	Index             int              `json:"index"`
	Verdict           string           `json:"verdict"`
	Positions         int64            `json:"positions"`
	LongestGame       int              `json:"longest_game"`
	RuleCounts        map[string]int64 `json:"rule_counts"`
	TranspositionHits int64            `json:"transposition_hits"`
	SymmetryHits      int64            `json:"symmetry_hits"`
	ElapsedSeconds    float64          `json:"elapsed_seconds"`
	LayersDone        int              `json:"layers_done"`
	Detail            string           `json:"detail,omitempty"`
	Counterexample    *GameRecord      `json:"counterexample,omitempty"`
	Minimal           bool             `json:"minimal,omitempty"`
}

// GameRecord is a counterexample in a result file.
type GameRecord struct {
	Winner string `json:"winner,omitempty"`
	Moves  []Move `json:"moves"`
}

// Names of the files in a plan directory.
const PlanName = "plan.json"

// ShardName and ResultName are the files of shard i.
func ShardName(i int) string  { return "shard-" + strconv.Itoa(i) + ".json" }
func ResultName(i int) string { return "result-" + strconv.Itoa(i) + ".json" }

// FileError says what is wrong with a plan, shard or result file.
type FileError struct {
	Path string
	Why  string
}

func (e *FileError) Error() string { return e.Path + ": " + e.Why }

// Resolve builds the board, strategy, starter and choices a setup names.
func (s Setup) Resolve() (strategies.Strategy, board.Color, verify.Choices, error) {
	m, n, err := board.ParseBoardSize(s.Board)
	if err != nil {
		return nil, 0, 0, err
	}
	geo, err := board.ParseGeometry(s.Geometry)
	if err != nil {
		return nil, 0, 0, err
	}
	b, err := board.New(m, n, geo)
	if err != nil {
		return nil, 0, 0, err
	}
	strat, err := strategies.New(s.Strategy, b)
	if err != nil {
		return nil, 0, 0, err
	}
	starter, err := board.ParseColor(s.Starter)
	if err != nil {
		return nil, 0, 0, err
	}
	ch, err := verify.ParseChoices(s.Choices)
	if err != nil {
		return nil, 0, 0, err
	}
	return strat, starter, ch, nil
}

func setupOf(b *board.Board, name string, starter board.Color, ch verify.Choices, noSym bool) Setup {
	return Setup{
		Board: fmt.Sprintf("%dx%d", b.M, b.N), Geometry: b.Geo.String(), Strategy: name,
		Starter: starter.String(), Choices: ch.String(), NoSymmetry: noSym,
	}
}

func movesOut(b *board.Board, ms []board.Move) []Move {
	out := make([]Move, len(ms))
	for k, m := range ms {
		i, j := b.Coord(m.Cell)
		out[k] = Move{Player: m.Player.String(), Cell: [2]int{i, j}, Rule: m.Rule}
	}
	return out
}

// cellsOut lists the cells of bs in cell order as (i, j) pairs.
func cellsOut(b *board.Board, bs board.Bits) [][2]int {
	var out [][2]int
	for bs.Any() {
		i, j := b.Coord(bs.Pop())
		out = append(out, [2]int{i, j})
	}
	return out
}

// CellsText writes cells as "(1,2) (3,7)".
func CellsText(cs [][2]int) string {
	parts := make([]string, len(cs))
	for k, c := range cs {
		parts[k] = fmt.Sprintf("(%d,%d)", c[0], c[1])
	}
	return strings.Join(parts, " ")
}

// MovesText writes moves as "R:(1,2) B:(3,1)" (the notation of replay's
// move lists).
func MovesText(ms []Move) string {
	parts := make([]string, len(ms))
	for k, m := range ms {
		p := "?"
		if m.Player != "" {
			p = strings.ToUpper(m.Player[:1])
		}
		parts[k] = fmt.Sprintf("%s:(%d,%d)", p, m.Cell[0], m.Cell[1])
	}
	return strings.Join(parts, " ")
}

func movesIn(b *board.Board, ms []Move) ([]board.Move, error) {
	out := make([]board.Move, len(ms))
	for k, m := range ms {
		c, ok := b.CellAt(m.Cell[0], m.Cell[1])
		if !ok {
			return nil, fmt.Errorf("move %d: (%d,%d) is not a cell of the board", k+1, m.Cell[0], m.Cell[1])
		}
		who, err := board.ParseColor(m.Player)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", k+1, err)
		}
		out[k] = board.Move{Player: who, Cell: c, Rule: m.Rule}
	}
	return out, nil
}

// Options turns a shard into the options of its verification (the caller
// adds jobs, database, budgets and progress).
func (sf *ShardFile) Options() (verify.Options, error) {
	strat, starter, ch, err := sf.Resolve()
	if err != nil {
		return verify.Options{}, err
	}
	b := strat.Board()
	opt := verify.Options{Strategy: strat, Name: sf.Strategy, Starter: starter, Choices: ch, NoSymmetry: sf.NoSymmetry}
	for k, ms := range sf.Prefixes {
		moves, err := movesIn(b, ms)
		if err != nil {
			return verify.Options{}, fmt.Errorf("prefix %d: %w", k+1, err)
		}
		opt.Starts = append(opt.Starts, board.Game{Board: b, Starter: starter, Moves: moves})
	}
	if len(opt.Starts) == 0 {
		return verify.Options{}, fmt.Errorf("the shard has no prefixes")
	}
	return opt, nil
}

// NewResult is the result file of shard index of plan for a verification's result.
func NewResult(plan string, index int, r *verify.Result) *ResultFile {
	rf := &ResultFile{
		Format: Format, Plan: plan, Index: index, Verdict: string(r.Verdict),
		Positions: r.Positions, LongestGame: r.LongestGame, RuleCounts: map[string]int64{},
		TranspositionHits: r.TranspositionHits, SymmetryHits: r.SymmetryHits,
		ElapsedSeconds: r.Elapsed.Seconds(), LayersDone: r.LayersDone, Detail: r.Detail,
		Minimal: r.Minimal,
	}
	for k, v := range r.RuleCounts {
		rf.RuleCounts[k] = v
	}
	if g := r.Counterexample; g != nil {
		rf.Counterexample = &GameRecord{Moves: movesOut(r.Board, g.Moves)}
		if g.Winner != board.Empty {
			rf.Counterexample.Winner = g.Winner.String()
		}
	}
	return rf
}

// result turns a result file back into a verify.Result for the setup's board.
func (rf *ResultFile) result(strat strategies.Strategy, name string, starter board.Color, ch verify.Choices) (*verify.Result, error) {
	b := strat.Board()
	r := &verify.Result{
		Board: b, Strategy: name, Side: strat.Side(), Starter: starter, Choices: ch,
		Verdict: verify.Verdict(rf.Verdict), Positions: rf.Positions, LongestGame: rf.LongestGame,
		RuleCounts: map[string]int64{}, TranspositionHits: rf.TranspositionHits, SymmetryHits: rf.SymmetryHits,
		Elapsed: time.Duration(rf.ElapsedSeconds * float64(time.Second)), LayersDone: rf.LayersDone,
		Detail: rf.Detail, Minimal: rf.Minimal,
	}
	switch r.Verdict {
	case verify.Optimal, verify.Refuted, verify.Inconclusive, verify.StrategyError:
	default:
		return nil, fmt.Errorf("unknown verdict %q", rf.Verdict)
	}
	for k, v := range rf.RuleCounts {
		r.RuleCounts[k] = v
	}
	if rf.Counterexample != nil {
		moves, err := movesIn(b, rf.Counterexample.Moves)
		if err != nil {
			return nil, fmt.Errorf("counterexample: %w", err)
		}
		g := &board.Game{Board: b, Starter: starter, Moves: moves}
		if rf.Counterexample.Winner != "" {
			if g.Winner, err = board.ParseColor(rf.Counterexample.Winner); err != nil {
				return nil, fmt.Errorf("counterexample: %w", err)
			}
		}
		r.Counterexample = g
	}
	if (r.Verdict == verify.Refuted || r.Verdict == verify.StrategyError) && r.Counterexample == nil {
		return nil, fmt.Errorf("a %s verdict without its game", r.Verdict)
	}
	return r, nil
}

// planID names a plan by its setup and prefixes, so that a result is never
// merged into another plan's.
func planID(s Setup, shards []ShardFile) string {
	h := sha256.New()
	enc := json.NewEncoder(h)
	_ = enc.Encode(s)
	for _, sf := range shards {
		_ = enc.Encode(sf.Prefixes)
	}
	return fmt.Sprintf("%x", h.Sum(nil)[:12])
}

// writeJSON writes v to path through a temporary file, so that a reader (or
// a killed writer) never sees half a file. Shard files, which can hold many
// prefixes, are written compact; the others indented, for a reader.
func writeJSON(path string, v any) error {
	var raw []byte
	var err error
	switch v.(type) {
	case *ShardFile, *SolveShardFile:
		raw, err = json.Marshal(v)
	default:
		raw, err = json.MarshalIndent(v, "", " ")
	}
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(raw, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func readJSON(path string, v any) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return &FileError{path, jsonwords.Describe(err, "a hexproof plan, shard or result file")}
	}
	return nil
}

// Write writes plan.json and every shard file into dir (made if needed).
func (p *Plan) Write(dir string) error {
	return writePlanDir(dir, p.Shards, func() error {
		p.File.Digest = p.File.digest()
		return writeJSON(filepath.Join(dir, PlanName), &p.File)
	})
}

// writePlanDir writes the shard files into dir (made if needed), then the
// plan file, last, so that a plan.json stands only beside all its shards.
func writePlanDir[S any](dir string, shards []S, writePlan func() error) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i := range shards {
		if err := writeJSON(filepath.Join(dir, ShardName(i)), &shards[i]); err != nil {
			return err
		}
	}
	return writePlan()
}

// ReadPlan reads dir/plan.json.
func ReadPlan(dir string) (*PlanFile, error) {
	path := filepath.Join(dir, PlanName)
	var pf PlanFile
	if err := readJSON(path, &pf); err != nil {
		return nil, err
	}
	if pf.Format != Format || pf.ID == "" {
		return nil, &FileError{path, fmt.Sprintf("not a plan of format %d", Format)}
	}
	if pf.Digest != "" && pf.Digest != pf.digest() {
		return nil, &FileError{path, "its content does not match its digest: it was changed after plan wrote it"}
	}
	if _, _, _, err := pf.Resolve(); err != nil {
		return nil, &FileError{path, err.Error()}
	}
	// A plan with no shards must carry the verdict that made it so; without
	// either, a merge would claim a search that never ran.
	if len(pf.Parts) == 0 && pf.Settled == nil {
		return nil, &FileError{path, "it lists no shards and no verdict"}
	}
	subtrees := 0
	for i, part := range pf.Parts {
		if part.Index != i {
			return nil, &FileError{path, fmt.Sprintf("shard %d is listed as number %d", i, part.Index)}
		}
		if part.Subtrees < 1 || part.Prefixes < part.Subtrees {
			return nil, &FileError{path, fmt.Sprintf("shard %d has %d subtrees from %d prefixes", i, part.Subtrees, part.Prefixes)}
		}
		subtrees += part.Subtrees
	}
	if len(pf.Parts) > 0 && subtrees != pf.Subtrees {
		return nil, &FileError{path, fmt.Sprintf("its shards hold %d subtrees, not the %d it says", subtrees, pf.Subtrees)}
	}
	return &pf, nil
}

// ReadShard reads dir/shard-i.json.
func ReadShard(dir string, i int) (*ShardFile, error) {
	path := filepath.Join(dir, ShardName(i))
	var sf ShardFile
	if err := readJSON(path, &sf); err != nil {
		return nil, err
	}
	if sf.Format != Format || sf.Plan == "" || sf.Index != i || sf.Shards < 1 || sf.Index >= sf.Shards {
		return nil, &FileError{path, fmt.Sprintf("not shard %d of a plan of format %d", i, Format)}
	}
	return &sf, nil
}

// WriteResult writes dir/result-i.json.
func WriteResult(dir string, rf *ResultFile) error {
	return writeJSON(filepath.Join(dir, ResultName(rf.Index)), rf)
}

// readResult reads dir/result-i.json; (nil, nil) when there is none.
func readResult(dir string, i int) (*ResultFile, error) {
	path := filepath.Join(dir, ResultName(i))
	var rf ResultFile
	if err := readJSON(path, &rf); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	if rf.Positions < 0 || rf.LongestGame < 0 || rf.LayersDone < 0 || rf.TranspositionHits < 0 || rf.SymmetryHits < 0 {
		return nil, &FileError{path, "it holds a negative count"}
	}
	for _, n := range rf.RuleCounts {
		if n < 0 {
			return nil, &FileError{path, "it holds a negative count"}
		}
	}
	return &rf, nil
}
