package shard

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"hexproof/board"
	"hexproof/verify/game"
)

// A solve split by opening (docs/sharding.md, "Splitting a solve"): the plan
// lists every opening of Plies plies from the empty board up to the board's
// symmetry group; each shard solves one opening's position; the merge plays
// the minimax of the first Plies plies itself over the shards' winners. The
// files share the plan directory's names with a verification's plan (plan.json,
// shard-I.json, result-I.json) and say "kind": "solve"; a shard may also
// write certificate-I.json (the winner's strategy from its opening) and
// `verify --piece` check-I.json (that certificate verified from the opening).
//
// Why symmetric openings may share a shard. Every element g of the board's
// group maps the neighbour relation and each player's goal onto themselves
// (docs/design.md §3), so a game from p maps move by move to a game from g(p)
// with the same winner: the value of g(p) is the value of p, with the same
// player to move (the mover follows from the number of stones and the
// starter). The solver's own table relies on the same fact. So the value of
// an opening is the value of the opening its class's shard solved, and the
// merge, which looks every opening up by its least image, computes the
// unsplit search's minimax exactly: the winner and every winning first move
// (tests compare them with the unsplit solve on 4×4, 4×5 and 5×5). A
// certificate piece covers an image of its opening through the image of its
// strategy, for the same reason.

// SolveKind marks the files of a split solve.
const SolveKind = "solve"

// MaxSolvePlies bounds the openings' length: 3 plies give at most 64·63·62
// openings, which the merge walks one by one.
const MaxSolvePlies = 3

// SolveSetup is what is solved: the same in the plan and in every shard file.
type SolveSetup struct {
	Kind     string `json:"kind"` // SolveKind
	Board    string `json:"board"`
	Geometry string `json:"geometry"`
	// Starter is who moves first from the empty board; empty for a
	// position set up (below), where no game need lead to it.
	Starter    string `json:"starter,omitempty"`
	Plies      int    `json:"plies"` // moves in every opening
	NoSymmetry bool   `json:"no_symmetry,omitempty"`
	// Prefix, when set, is the moves played from the empty board before
	// the openings: the split solves the position after it (its mover's
	// winning moves), and every opening begins with it.
	Prefix []Move `json:"prefix,omitempty"`
	// ToMove, when set, says the split solves a position set up stone by
	// stone (solve --red/--blue/--to-move): Red's stones on the cells Red
	// lists, Blue's on Blue's, whatever their counts, and ToMove to move.
	// The openings are played from it. The fields are left out otherwise,
	// so the files, digests and ids of plans from the empty board or a
	// prefix are what they were before set-ups existed.
	Red    [][2]int `json:"red,omitempty"`
	Blue   [][2]int `json:"blue,omitempty"`
	ToMove string   `json:"to_move,omitempty"`
}

// Resolve builds the board and the starter a setup names.
func (s SolveSetup) Resolve() (*board.Board, board.Color, error) {
	if s.Kind != SolveKind {
		return nil, 0, fmt.Errorf("kind %q, want %q", s.Kind, SolveKind)
	}
	m, n, err := board.ParseBoardSize(s.Board)
	if err != nil {
		return nil, 0, err
	}
	geo, err := board.ParseGeometry(s.Geometry)
	if err != nil {
		return nil, 0, err
	}
	b, err := board.New(m, n, geo)
	if err != nil {
		return nil, 0, err
	}
	root, starter, _, err := s.start(b)
	if err != nil {
		return nil, 0, err
	}
	if s.Plies < 1 || s.Plies > MaxSolvePlies || root.Plies()+s.Plies >= b.Cells() {
		return nil, 0, fmt.Errorf("openings of %d plies after %d stones: want 1 to %d plies, and fewer stones in all than the board's %d cells",
			s.Plies, root.Plies(), MaxSolvePlies, b.Cells())
	}
	return b, starter, nil
}

// start is the position the split solves, checked, with its starter and
// the prefix's moves. After a prefix: the moves in turn on empty cells from
// the empty board, the game not over. A position set up: its cells on the
// board and named once, the game not over (board.CheckSetUp, as solve
// asks); its starter is then the player whose turn the number of stones
// makes ToMove's (board.Position.ToMove), so that every rule that derives
// the mover from the starter (the openings, the merge's minimax, the
// shard's solve) gives ToMove at the root and alternates after it.
func (s SolveSetup) start(b *board.Board) (board.Position, board.Color, []board.Move, error) {
	if s.ToMove == "" {
		if len(s.Red)+len(s.Blue) > 0 {
			return board.Position{}, 0, nil, errors.New("stones set up without the player to move")
		}
		starter, err := board.ParseColor(s.Starter)
		if err != nil || starter == board.Empty {
			return board.Position{}, 0, nil, fmt.Errorf("starter %q: want red or blue", s.Starter)
		}
		p, moves, err := playMoves(b, board.Position{}, starter, s.Prefix)
		if err != nil {
			return p, 0, nil, fmt.Errorf("the prefix: %v", err)
		}
		return p, starter, moves, nil
	}
	who, err := board.ParseColor(s.ToMove)
	switch {
	case err != nil || who == board.Empty:
		return board.Position{}, 0, nil, fmt.Errorf("to_move %q: want red or blue", s.ToMove)
	case s.Starter != "" || len(s.Prefix) > 0:
		return board.Position{}, 0, nil, errors.New("a position set up has neither a starter nor a prefix")
	}
	var p board.Position
	for _, side := range []struct {
		who   board.Color
		cells [][2]int
	}{{board.Red, s.Red}, {board.Blue, s.Blue}} {
		for k, ij := range side.cells {
			c, ok := b.CellAt(ij[0], ij[1])
			switch {
			case !ok:
				return board.Position{}, 0, nil, fmt.Errorf("%s stone %d: (%d,%d) is not a cell of the board", side.who, k+1, ij[0], ij[1])
			case p.Occupied().Has(c):
				return board.Position{}, 0, nil, fmt.Errorf("%s stone %d: cell (%d,%d) is named twice", side.who, k+1, ij[0], ij[1])
			}
			p = p.Play(side.who, c)
		}
	}
	if err := b.CheckSetUp(p); err != nil {
		return board.Position{}, 0, nil, err
	}
	starter := who
	if p.Plies()%2 == 1 {
		starter = who.Other()
	}
	return p, starter, nil, nil
}

// playMoves plays ms from p (starter first from the empty board),
// checked: moves in turn on empty cells, the game not over after any of them.
func playMoves(b *board.Board, p board.Position, starter board.Color, ms []Move) (board.Position, []board.Move, error) {
	moves, err := movesIn(b, ms)
	if err != nil {
		return board.Position{}, nil, err
	}
	r := game.GameRules(b)
	for k, m := range moves {
		if m.Player != p.ToMove(starter) || p.Occupied().Has(m.Cell) {
			return board.Position{}, nil, fmt.Errorf("move %d is not a move of the game", k+1)
		}
		var o game.Outcome
		if p, o = r.Place(p, m.Player, m.Cell); o != game.Going {
			return board.Position{}, nil, fmt.Errorf("the game is over after move %d", k+1)
		}
	}
	return p, moves, nil
}

// SolvePart is the plan's record of one shard: one class of openings.
type SolvePart struct {
	Index int `json:"index"`
	// Moves is the class's smallest opening in cell order (the one the
	// shard solves).
	Moves []Move `json:"moves"`
	// Openings counts the openings whose position is an image of it.
	Openings int `json:"openings"`
}

// SolvePlanFile (plan.json of a split solve).
type SolvePlanFile struct {
	Format int    `json:"format"`
	ID     string `json:"id"`
	SolveSetup
	// Openings counts the games of Plies plies; Ended those among them that
	// a win (or a draw) ended earlier, which need no shard.
	Openings int         `json:"openings"`
	Ended    int         `json:"ended_openings,omitempty"`
	Parts    []SolvePart `json:"shards"`
	Digest   string      `json:"digest,omitempty"`
}

func (pf SolvePlanFile) digest() string {
	pf.Digest = ""
	return digestOf(pf)
}

// SolveShardFile (shard-I.json of a split solve): one opening to solve.
type SolveShardFile struct {
	Format int    `json:"format"`
	Plan   string `json:"plan"`
	Index  int    `json:"index"`
	Shards int    `json:"shards"`
	SolveSetup
	Moves []Move `json:"moves"`
}

// SolveResultFile (result-I.json of a split solve): who wins the opening.
type SolveResultFile struct {
	Format         int     `json:"format"`
	Kind           string  `json:"kind"`
	Plan           string  `json:"plan"`
	Index          int     `json:"index"`
	Verdict        string  `json:"verdict"`          // solved or inconclusive
	Winner         string  `json:"winner,omitempty"` // red, blue or draw
	ToMove         string  `json:"to_move"`
	Positions      int64   `json:"positions"`
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	// EarlierParts counts the runs of this shard before this one that
	// ended inconclusive (stopped, then run again: with --db --resume this
	// run took their solved positions back from the database), and
	// EarlierPositions and EarlierElapsedSeconds are their sums, so that
	// the shard's whole cost is these plus Positions and ElapsedSeconds.
	// Read from the result this run replaces.
	EarlierParts          int     `json:"earlier_parts,omitempty"`
	EarlierPositions      int64   `json:"earlier_positions,omitempty"`
	EarlierElapsedSeconds float64 `json:"earlier_elapsed_seconds,omitempty"`
	Detail                string  `json:"detail,omitempty"`
	// DerivedFrom: the result was not searched but follows from the split
	// solve it names (DeriveSolveResult).
	DerivedFrom *Derivation `json:"derived_from,omitempty"`
	// DBAnswers counts the questions the shard's store of solved positions
	// (solve --shard --db) answered, DBBandAnswers the band games' answers
	// taken from it (--band-games, decisions/solve.md K28).
	DBAnswers     int64 `json:"db_answers,omitempty"`
	DBBandAnswers int64 `json:"db_band_answers,omitempty"`
	// Certificate names the winner's certificate from the opening
	// (CertificateName(Index)) with its SHA-256 and number of answers.
	Certificate       string `json:"certificate,omitempty"`
	CertificateSHA256 string `json:"certificate_sha256,omitempty"`
	Answers           int    `json:"answers,omitempty"`
	// MemoryBudgetBytes is the shard's --memory; PeakRSSBytes the process's
	// peak resident memory when it ended (issue 32; 0: unknown).
	MemoryBudgetBytes int64 `json:"memory_budget_bytes,omitempty"`
	PeakRSSBytes      int64 `json:"peak_rss_bytes,omitempty"`
}

// PieceCheckFile (check-I.json) is `verify --piece DIR/I`: shard I's
// certificate verified, by the ordinary engine, on every game that begins
// with Prefix (the shard's opening, and the certificate's answer when its
// side moves next).
type PieceCheckFile struct {
	Format            int     `json:"format"`
	Kind              string  `json:"kind"`
	Plan              string  `json:"plan"`
	Index             int     `json:"index"`
	Certificate       string  `json:"certificate"`
	CertificateSHA256 string  `json:"certificate_sha256"`
	Side              string  `json:"side"`
	Prefix            []Move  `json:"prefix"`
	Verdict           string  `json:"verdict"` // verify's
	Positions         int64   `json:"positions"`
	LongestGame       int     `json:"longest_game"`
	ElapsedSeconds    float64 `json:"elapsed_seconds"`
	Detail            string  `json:"detail,omitempty"`
}

// CertificateName and CheckName are the certificate and check files of
// shard i of a split solve.
func CertificateName(i int) string { return "certificate-" + strconv.Itoa(i) + ".json" }
func CheckName(i int) string       { return "check-" + strconv.Itoa(i) + ".json" }

// PlanKind is the kind of the plan in dir: SolveKind, or "" for a
// verification's plan.
func PlanKind(dir string) (string, error) {
	var k struct {
		Kind string `json:"kind"`
	}
	if err := readJSON(filepath.Join(dir, PlanName), &k); err != nil {
		return "", err
	}
	return k.Kind, nil
}

// SolvePlanOptions says what to split.
type SolvePlanOptions struct {
	Board      *board.Board
	Starter    board.Color
	Plies      int
	NoSymmetry bool
	// Prefix: the moves before the openings (none: the empty board).
	Prefix []board.Move
	// SetUp, when ToMove is Red or Blue, is a position set up stone by
	// stone to split instead (Starter and Prefix are then not used), with
	// ToMove to move.
	SetUp  board.Position
	ToMove board.Color
}

// SolvePlan is a split solve: plan.json and the shard files.
type SolvePlan struct {
	File   SolvePlanFile
	Shards []SolveShardFile
}

// openings is the tree of the first plies: every game of t.plies plies from
// the position after the prefix (root), each leaf's position mapped to its
// class. A class holds the positions that are images of each other under
// the group, prefix stones included.
type openings struct {
	b       *board.Board
	r       *game.Rules
	starter board.Color
	plies   int
	root    board.Position
	canon   *board.Canonicalizer // nil: no symmetry
	class   map[board.Position]int
	parts   []SolvePart
	count   int
	ended   int
}

func newOpenings(b *board.Board, starter board.Color, plies int, noSym bool, root board.Position, prefix []board.Move) *openings {
	t := &openings{b: b, r: game.GameRules(b), starter: starter, plies: plies, root: root, class: map[board.Position]int{}}
	if !noSym && len(b.Group()) > 1 {
		t.canon = board.NewCanonicalizer(b, b.Group())
	}
	moves := slices.Clone(prefix)
	var walk func(p board.Position, depth int)
	walk = func(p board.Position, depth int) {
		if depth == plies {
			t.count++
			k := t.key(p)
			i, ok := t.class[k]
			if !ok {
				i = len(t.parts)
				t.class[k] = i
				t.parts = append(t.parts, SolvePart{Index: i, Moves: movesOut(b, moves)})
			}
			t.parts[i].Openings++
			return
		}
		mover := p.ToMove(starter)
		for bs := b.All().AndNot(p.Occupied()); bs.Any(); {
			c := bs.Pop()
			q, o := t.r.Place(p, mover, c)
			if o != game.Going {
				t.count++
				t.ended++
				continue
			}
			moves = append(moves, board.Move{Player: mover, Cell: c})
			walk(q, depth+1)
			moves = moves[:len(moves)-1]
		}
	}
	walk(root, 0)
	return t
}

// key is p's class: its least image under the group (or p itself).
func (t *openings) key(p board.Position) board.Position {
	if t.canon == nil {
		return p
	}
	k, _ := t.canon.Canonical(p)
	return k
}

// MakeSolvePlan lists the openings and their classes. The shards are
// numbered in the order of their smallest openings, in cell order.
func MakeSolvePlan(opt SolvePlanOptions) (*SolvePlan, error) {
	b := opt.Board
	setup := SolveSetup{Kind: SolveKind, Board: fmt.Sprintf("%dx%d", b.M, b.N), Geometry: b.Geo.String(),
		Starter: opt.Starter.String(), Plies: opt.Plies, NoSymmetry: opt.NoSymmetry}
	if len(opt.Prefix) > 0 {
		setup.Prefix = movesOut(b, opt.Prefix)
	}
	switch {
	case opt.ToMove != board.Empty:
		if opt.ToMove != board.Red && opt.ToMove != board.Blue {
			return nil, &PlanError{"the player to move must be red or blue"}
		}
		setup.Starter, setup.Prefix, setup.ToMove = "", nil, opt.ToMove.String()
		setup.Red, setup.Blue = cellsOut(b, opt.SetUp.Red), cellsOut(b, opt.SetUp.Blue)
	case opt.Starter != board.Red && opt.Starter != board.Blue:
		return nil, &PlanError{"the starter must be red or blue"}
	}
	if _, _, err := setup.Resolve(); err != nil {
		return nil, &PlanError{err.Error()}
	}
	root, starter, prefix, _ := setup.start(b)
	t := newOpenings(b, starter, opt.Plies, opt.NoSymmetry, root, prefix)
	if len(t.parts) == 0 {
		return nil, &PlanError{fmt.Sprintf("every game of the %s board ends within %d plies of its start; solve it whole", b, opt.Plies)}
	}
	p := &SolvePlan{File: SolvePlanFile{Format: Format, SolveSetup: setup, Openings: t.count, Ended: t.ended, Parts: t.parts}}
	h := sha256.New()
	enc := json.NewEncoder(h)
	_ = enc.Encode(setup)
	for _, part := range t.parts {
		_ = enc.Encode(part.Moves)
	}
	p.File.ID = fmt.Sprintf("%x", h.Sum(nil)[:12])
	for i, part := range t.parts {
		p.Shards = append(p.Shards, SolveShardFile{Format: Format, Plan: p.File.ID, Index: i, Shards: len(t.parts), SolveSetup: setup, Moves: part.Moves})
	}
	return p, nil
}

// Write writes plan.json and every shard file into dir (made if needed).
func (p *SolvePlan) Write(dir string) error {
	return writePlanDir(dir, p.Shards, func() error {
		p.File.Digest = p.File.digest()
		return writeJSON(filepath.Join(dir, PlanName), &p.File)
	})
}

// ReadSolvePlan reads dir/plan.json of a split solve, and checks it against
// the plan its setup makes: the same openings, classes and id. So a plan
// file edited by hand, or damaged, is refused, and the merge's coverage of
// the openings never rests on the file's listing.
func ReadSolvePlan(dir string) (*SolvePlanFile, error) {
	path := filepath.Join(dir, PlanName)
	var pf SolvePlanFile
	if err := readJSON(path, &pf); err != nil {
		return nil, err
	}
	if pf.Format != Format || pf.ID == "" || pf.Kind != SolveKind {
		return nil, &FileError{path, fmt.Sprintf("not a solve plan of format %d", Format)}
	}
	if pf.Digest != "" && pf.Digest != pf.digest() {
		return nil, &FileError{path, "its content does not match its digest: it was changed after plan wrote it"}
	}
	b, starter, err := pf.Resolve()
	if err != nil {
		return nil, &FileError{path, err.Error()}
	}
	root, _, prefix, _ := pf.start(b)
	opt := SolvePlanOptions{Board: b, Starter: starter, Plies: pf.Plies, NoSymmetry: pf.NoSymmetry, Prefix: prefix}
	if pf.ToMove != "" {
		opt.SetUp, opt.ToMove = root, root.ToMove(starter)
	}
	want, err := MakeSolvePlan(opt)
	if err != nil {
		return nil, &FileError{path, err.Error()}
	}
	if want.File.ID != pf.ID || len(want.File.Parts) != len(pf.Parts) {
		return nil, &FileError{path, "its openings are not the ones its setup gives"}
	}
	return &want.File, nil
}

// ReadSolveShard reads dir/shard-i.json of a split solve.
func ReadSolveShard(dir string, i int) (*SolveShardFile, *board.Board, board.Color, error) {
	path := filepath.Join(dir, ShardName(i))
	var sf SolveShardFile
	if err := readJSON(path, &sf); err != nil {
		return nil, nil, 0, err
	}
	if sf.Format != Format || sf.Plan == "" || sf.Index != i || sf.Shards < 1 || sf.Index >= sf.Shards {
		return nil, nil, 0, &FileError{path, fmt.Sprintf("not shard %d of a solve plan of format %d", i, Format)}
	}
	b, starter, err := sf.Resolve()
	if err != nil {
		return nil, nil, 0, &FileError{path, err.Error()}
	}
	if len(sf.Moves) != len(sf.Prefix)+sf.Plies || !slices.EqualFunc(sf.Moves[:len(sf.Prefix)], sf.Prefix, sameMove) {
		return nil, nil, 0, &FileError{path, fmt.Sprintf("its opening is not the prefix's %d moves and %d more", len(sf.Prefix), sf.Plies)}
	}
	return &sf, b, starter, nil
}

// Opening is the shard's opening as a game, checked: moves in turn on empty
// cells, the game not over.
// The moves are the whole game from the empty board, or for a position set
// up the opening's moves from it.
func (sf *SolveShardFile) Opening(b *board.Board, starter board.Color) (board.Position, []board.Move, error) {
	var from board.Position
	if sf.ToMove != "" {
		var err error
		if from, _, _, err = sf.start(b); err != nil {
			return board.Position{}, nil, err
		}
	}
	p, moves, err := playMoves(b, from, starter, sf.Moves)
	if err != nil {
		return board.Position{}, nil, fmt.Errorf("the opening: %v", err)
	}
	return p, moves, nil
}

// WriteSolveResult writes dir/result-i.json; WritePieceCheck dir/check-i.json.
func WriteSolveResult(dir string, rf *SolveResultFile) error {
	return writeJSON(filepath.Join(dir, ResultName(rf.Index)), rf)
}

func WritePieceCheck(dir string, cf *PieceCheckFile) error {
	return writeJSON(filepath.Join(dir, CheckName(cf.Index)), cf)
}

// ReadSolveResult reads dir/result-i.json; (nil, nil) when there is none.
func ReadSolveResult(dir string, i int) (*SolveResultFile, error) {
	var rf SolveResultFile
	if err := readJSON(filepath.Join(dir, ResultName(i)), &rf); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	return &rf, nil
}

// readCheck reads dir/check-i.json; (nil, nil) when there is none.
func readCheck(dir string, i int) (*PieceCheckFile, error) {
	var cf PieceCheckFile
	if err := readJSON(filepath.Join(dir, CheckName(i)), &cf); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	return &cf, nil
}

// FileSHA256 is the SHA-256 of a file, in hexadecimal.
func FileSHA256(path string) (string, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%x", sha256.Sum256(raw)), nil
}
