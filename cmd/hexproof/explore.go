package main

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"hexproof/board"
	"hexproof/reports"
	"hexproof/strategies"
	"hexproof/tt"
	"hexproof/verify/game"
	"hexproof/verify/solve"
)

// explore: a local web server to play against a strategy in the browser and
// ask perfect play about the position (issue 34). The page (explore_assets,
// embedded) asks the server for everything: the game step is verify/game's
// (Rules.Place, Rules.Answer), the picture reports.SVG, the overlay
// verify/solve's; nothing of the rules lives in the page's script.

//go:embed explore_assets
var exploreAssets embed.FS

func init() {
	commands["explore"] = command{"play against a strategy in the browser: its answers, perfect play", runExplore}
}

func runExplore(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("explore [--board MxN] [--strategy NAME] [--addr HOST:PORT]",
		"Serves a page (on 127.0.0.1 and a free port by default) where you pick a board and a\n"+
			"strategy and play by clicking cells of the unrolled board (the seam is dashed): the\n"+
			"strategy answers at once, with its rule and the cells it allowed; undo, redo; \"who\n"+
			"wins here\" colours every empty cell winning, losing or unknown for the player to\n"+
			"move, solved within --overlay-time; a game loads from a JSONL or SGF export or a\n"+
			"replay line, and the page copies the replay line of the board. It prints the URL\n"+
			"and serves until interrupted (Ctrl-C). Without flags: fitzgerald on the 5x5 cylinder.\n\n"+
			"Exit codes: 0 stopped by Ctrl-C, 2 bad input (a flag, or the address is taken).", stdout)
	c := newCommonFlags(fs)
	c.addBoardDefault("5x5")
	c.addGeometry()
	c.addStrategyDefault("fitzgerald")
	c.addStarter(starterShow)
	addr := fs.String("addr", "127.0.0.1:0", "listen on HOST:PORT (port 0: a free one)")
	overlay := fs.Duration("overlay-time", 5*time.Second, "at most this long per \"who wins here\" (the page may ask for less)")
	c.addMemory("the solver's table for \"who wins here\" uses at most half of it (and at most 256MiB); one overlay is solved at a time")
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	v, err := c.check()
	if err != nil {
		return fail(stderr, "explore", exitUsage, err)
	}
	if *overlay <= 0 {
		return fail(stderr, "explore", exitUsage, fmt.Errorf("--overlay-time must be positive, e.g. 5s"))
	}
	if v.b().Cells() > tt.MaxCells {
		return fail(stderr, "explore", exitUsage, fmt.Errorf("--board %s has %d cells; explore handles at most %d", *c.board, v.b().Cells(), tt.MaxCells))
	}
	starter := board.Red
	if v.starters != nil {
		starter = v.starters[0]
	}
	srv := newExploreServer(exploreConfig{
		Board: *c.board, Geometry: v.b().Geo.String(), Strategy: *c.strategy, Starter: starter.String(),
		OverlayTime: *overlay, TableBytes: min(v.memory/2, 256<<20),
	})
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fail(stderr, "explore", exitUsage, fmt.Errorf("--addr %s: %s", *addr, listenError(err)))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, BaseContext: func(net.Listener) context.Context { return ctx }}
	fmt.Fprintf(stdout, "hexproof explore: serving http://%s/ (Ctrl-C stops)\n", ln.Addr())
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fail(stderr, "explore", exitUsage, err)
	}
	return 0
}

// exploreConfig is what the page starts with and the server's bounds.
type exploreConfig struct {
	Board, Geometry, Strategy, Starter string
	OverlayTime                        time.Duration `json:"-"`
	OverlayMillis                      int64         `json:"overlay_ms"`
	TableBytes                         int64         `json:"-"`
}

// exploreServer answers the page. Strategies are built once per board and
// specification (they are immutable and safe for concurrent use); one
// overlay is solved at a time (overlaySlot), each with its own solver, whose
// table is at most TableBytes, for at most OverlayTime and never after its
// request's context has ended.
type exploreServer struct {
	cfg         exploreConfig
	mux         *http.ServeMux
	mu          sync.Mutex
	strats      map[string]strategies.Strategy
	overlaySlot chan struct{}
}

func newExploreServer(cfg exploreConfig) *exploreServer {
	cfg.OverlayMillis = cfg.OverlayTime.Milliseconds()
	if cfg.TableBytes <= 0 {
		cfg.TableBytes = 64 << 20
	}
	s := &exploreServer{cfg: cfg, mux: http.NewServeMux(), strats: map[string]strategies.Strategy{}, overlaySlot: make(chan struct{}, 1)}
	assets, err := fs.Sub(exploreAssets, "explore_assets")
	if err != nil {
		panic(err)
	}
	s.mux.Handle("GET /", http.FileServerFS(assets))
	s.mux.HandleFunc("GET /api/config", s.handleConfig)
	s.mux.HandleFunc("GET /api/state", s.handleState)
	s.mux.HandleFunc("GET /api/overlay", s.handleOverlay)
	s.mux.HandleFunc("POST /api/load", s.handleLoad)
	return s
}

func (s *exploreServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil { // never a crash: a bug answers 500
			httpError(w, http.StatusInternalServerError, fmt.Sprintf("internal error: %v", v))
		}
	}()
	w.Header().Set("Cache-Control", "no-store")
	s.mux.ServeHTTP(w, r)
}

// httpError answers {"error": msg} with status code.
func httpError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

func httpJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

type strategyJSON struct {
	Name        string `json:"name"`
	Side        string `json:"side"`
	Description string `json:"description"`
}

func (s *exploreServer) handleConfig(w http.ResponseWriter, r *http.Request) {
	var list []strategyJSON
	for _, i := range strategies.All() {
		list = append(list, strategyJSON{i.Name, i.Side.String(), i.Description})
	}
	httpJSON(w, map[string]any{"start": s.cfg, "strategies": list})
}

// explorePos is a request's game: the board, the strategy and the moves,
// played through the game step.
type explorePos struct {
	b       *board.Board
	strat   strategies.Strategy
	spec    string
	rules   *game.Rules
	starter board.Color
	g       board.Game
	p       board.Position
	last    board.Cell
	over    bool
	// the strategy's latest decision: allowed set, rule, fault
	decided          bool
	allowed          board.Bits
	rule, fault      string
	decisionAt       int // plies before it
	answerCell       board.Cell
	answerAgreedWith bool
}

// badRequest is an error the page made: 400 with its message.
type badRequest struct{ msg string }

func (e *badRequest) Error() string { return e.msg }

func bad(format string, a ...any) error { return &badRequest{fmt.Sprintf(format, a...)} }

// strategy builds (once) the strategy spec on board size×geometry.
func (s *exploreServer) strategy(size, geo, spec string) (*board.Board, strategies.Strategy, error) {
	if strategies.External(spec) && spec != s.cfg.Strategy {
		// A page may not make the server read a file or run a program.
		return nil, nil, bad("strategy %q: a certificate or overlay is read from a file, an engine is a program; start explore with --strategy %s instead", spec, spec)
	}
	b, err := boardFromFlags(size, geo)
	if err != nil {
		return nil, nil, bad("%s", strings.TrimPrefix(err.Error(), "--"))
	}
	if b.Cells() > tt.MaxCells {
		return nil, nil, bad("board %s has %d cells; explore handles at most %d", size, b.Cells(), tt.MaxCells)
	}
	key := fmt.Sprintf("%dx%d %s %s", b.M, b.N, b.Geo, spec)
	s.mu.Lock()
	st, ok := s.strats[key]
	s.mu.Unlock()
	if ok {
		return st.Board(), st, nil
	}
	if spec == "" {
		return nil, nil, bad("no strategy: pick one")
	}
	st, err = strategies.New(spec, b)
	if err != nil {
		return nil, nil, bad("strategy: %v", err)
	}
	s.mu.Lock()
	if len(s.strats) > 256 { // a bound on what a page can make the server keep
		clear(s.strats)
	}
	s.strats[key] = st
	s.mu.Unlock()
	return st.Board(), st, nil
}

// position reads board, geometry, strategy, starter and moves from the query
// and plays the moves through the game step, recording the strategy's
// decision at each of its turns.
func (s *exploreServer) position(r *http.Request) (*explorePos, error) {
	q := r.URL.Query()
	b, st, err := s.strategy(q.Get("board"), q.Get("geometry"), q.Get("strategy"))
	if err != nil {
		return nil, err
	}
	starter, err := board.ParseColor(q.Get("starter"))
	if err != nil {
		return nil, bad("starter: %v", err)
	}
	toks, err := b.ParseMoves(q.Get("moves"))
	if err != nil {
		return nil, bad("moves: %v", err)
	}
	x := &explorePos{b: b, strat: st, spec: q.Get("strategy"), rules: game.NewRules(st, false), starter: starter, last: board.NoCell}
	x.g = board.Game{Board: b, Starter: starter}
	for _, t := range toks {
		if x.over {
			return nil, bad("move %d %s: the game is over", t.Index, t.Text)
		}
		who := x.p.ToMove(starter)
		if t.Player != board.Empty && t.Player != who {
			return nil, bad("move %d %s: it is %s's turn", t.Index, t.Text, who)
		}
		if x.p.At(t.Cell) != board.Empty {
			return nil, bad("move %d %s: the cell is occupied", t.Index, t.Text)
		}
		rule := ""
		if who == st.Side() {
			x.decide()
			rule = x.rule
			x.answerCell = t.Cell
			x.answerAgreedWith = x.allowed.Has(t.Cell)
		}
		var o game.Outcome
		x.p, o = x.rules.Place(x.p, who, t.Cell)
		x.g.Moves = append(x.g.Moves, board.Move{Player: who, Cell: t.Cell, Rule: rule})
		x.last = t.Cell
		switch o {
		case game.Won:
			x.over, x.g.Winner = true, who
		case game.Drawn:
			x.over = true
		}
	}
	return x, nil
}

// decide asks the strategy in the current position.
func (x *explorePos) decide() {
	allowed, rule, f := x.rules.Answer(x.p, x.last)
	x.decided, x.allowed, x.rule, x.fault, x.decisionAt = true, allowed, rule, "", x.p.Plies()
	x.answerCell = board.NoCell
	if f != game.NoFault {
		x.fault = faultText(f)
	}
}

func faultText(f game.Fault) string {
	switch f {
	case game.FaultPanic:
		return "the strategy panicked"
	case game.FaultNoMove:
		return "the strategy allowed no move"
	case game.FaultOffBoard:
		return "the strategy allowed a cell off the board"
	case game.FaultOccupied:
		return "the strategy allowed an occupied cell"
	}
	return ""
}

type exploreState struct {
	Board    string       `json:"board"`
	Geometry string       `json:"geometry"`
	Strategy string       `json:"strategy"`
	Side     string       `json:"side"`
	Starter  string       `json:"starter"`
	Moves    []exploreMov `json:"moves"`
	MoveText string       `json:"move_text"` // the moves with R:/B: prefixes, as the page sends them back
	ToMove   string       `json:"to_move,omitempty"`
	Winner   string       `json:"winner,omitempty"`
	Over     bool         `json:"over"`
	// Answer is the strategy's latest decision: at the last of its moves, or
	// the one it would make now when it is its turn.
	Answer *exploreAnswer `json:"answer,omitempty"`
	Replay string         `json:"replay"`
	SVG    string         `json:"svg"`
}

type exploreMov struct {
	Player string `json:"player"`
	Cell   string `json:"cell"`
	Rule   string `json:"rule,omitempty"`
}

type exploreAnswer struct {
	Ply     int      `json:"ply"`             // stones on the board when it decided
	Cell    string   `json:"cell,omitempty"`  // the move it played ("" when not played yet)
	Rule    string   `json:"rule"`            //
	Allowed []string `json:"allowed"`         // the cells its rule allowed
	Agrees  bool     `json:"agrees"`          // the move played is among them
	Fault   string   `json:"fault,omitempty"` // a strategy error
}

// handleState plays the moves and, with auto=1 when it is the strategy's
// turn, its answer (its first allowed cell).
func (s *exploreServer) handleState(w http.ResponseWriter, r *http.Request) {
	x, err := s.position(r)
	if err != nil {
		s.refuse(w, err)
		return
	}
	side := x.strat.Side()
	if !x.over && x.p.ToMove(x.starter) == side {
		x.decide()
		if r.URL.Query().Get("auto") == "1" && x.fault == "" {
			c := x.allowed.First()
			var o game.Outcome
			x.p, o = x.rules.Place(x.p, side, c)
			x.g.Moves = append(x.g.Moves, board.Move{Player: side, Cell: c, Rule: x.rule})
			x.answerCell, x.answerAgreedWith, x.last = c, true, c
			switch o {
			case game.Won:
				x.over, x.g.Winner = true, side
			case game.Drawn:
				x.over = true
			}
		}
	}
	httpJSON(w, s.stateJSON(x))
}

func (s *exploreServer) stateJSON(x *explorePos) exploreState {
	b := x.b
	out := exploreState{Board: fmt.Sprintf("%dx%d", b.M, b.N), Geometry: b.Geo.String(), Strategy: x.spec, Side: x.strat.Side().String(),
		Starter: x.starter.String(), Over: x.over, MoveText: b.FormatMoves(x.g.Moves, board.Thesis, true), Moves: []exploreMov{}}
	for _, m := range x.g.Moves {
		out.Moves = append(out.Moves, exploreMov{m.Player.String(), b.Format(m.Cell, board.Thesis), m.Rule})
	}
	if x.g.Winner != board.Empty {
		out.Winner = x.g.Winner.String()
	}
	if !x.over {
		out.ToMove = x.p.ToMove(x.starter).String()
	}
	if x.decided {
		a := &exploreAnswer{Ply: x.decisionAt, Rule: x.rule, Fault: x.fault, Agrees: x.answerAgreedWith, Allowed: []string{}}
		if x.answerCell != board.NoCell {
			a.Cell = b.Format(x.answerCell, board.Thesis)
		}
		for _, c := range x.allowed.Cells() {
			a.Allowed = append(a.Allowed, b.Format(c, board.Thesis))
		}
		out.Answer = a
	}
	args := []string{"replay", "--board", out.Board, "--geometry", out.Geometry, "--strategy", x.spec, "--starter", out.Starter, "--moves", out.MoveText}
	line := "hexproof"
	for _, a := range args {
		if strings.ContainsAny(a, " ()\"'$`\\") || a == "" {
			a = "\"" + a + "\""
		}
		line += " " + a
	}
	out.Replay = line
	out.SVG = string(reports.SVG(x.g, reports.SVGOptions{CellSize: 26, Title: fmt.Sprintf("%dx%d %s, %s (%s) against you", b.M, b.N, b.Geo, x.spec, x.strat.Side())}))
	return out
}

// refuse answers a bad request with 400 and its message; anything else 500.
func (s *exploreServer) refuse(w http.ResponseWriter, err error) {
	var br *badRequest
	if errors.As(err, &br) {
		httpError(w, http.StatusBadRequest, br.msg)
		return
	}
	httpError(w, http.StatusInternalServerError, err.Error())
}

type overlayJSON struct {
	ToMove   string            `json:"to_move"`
	Cells    map[string]string `json:"cells"` // "(i,j)": "win", "lose" or "unknown"
	Complete bool              `json:"complete"`
	Millis   int64             `json:"elapsed_ms"`
	Nodes    int64             `json:"positions"`
}

// handleOverlay says, for every empty cell, whether the player to move keeps
// a win by playing there, within the budget (budget_ms, at most
// --overlay-time) and while the request lasts; cells not settled by then are
// "unknown".
func (s *exploreServer) handleOverlay(w http.ResponseWriter, r *http.Request) {
	x, err := s.position(r)
	if err != nil {
		s.refuse(w, err)
		return
	}
	if x.over {
		httpError(w, http.StatusConflict, "the game is over: nothing to solve")
		return
	}
	budget := s.cfg.OverlayTime
	if ms := r.URL.Query().Get("budget_ms"); ms != "" {
		n, err := strconv.ParseInt(ms, 10, 64)
		if err != nil || n <= 0 {
			httpError(w, http.StatusBadRequest, fmt.Sprintf("budget_ms %q: want a positive number of milliseconds", ms))
			return
		}
		budget = min(budget, time.Duration(n)*time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(r.Context(), budget)
	defer cancel()
	start := time.Now()
	select {
	case s.overlaySlot <- struct{}{}:
		defer func() { <-s.overlaySlot }()
	case <-ctx.Done():
		httpError(w, http.StatusServiceUnavailable, "another overlay is being solved; try again")
		return
	}
	sv, err := solve.NewSolver(ctx, x.b, solve.Options{TableBytes: s.cfg.TableBytes})
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	defer sv.Close()
	mover := x.p.ToMove(x.starter)
	out := overlayJSON{ToMove: mover.String(), Cells: map[string]string{}, Complete: true}
	for bs := x.b.All().AndNot(x.p.Occupied()); bs.Any(); {
		c := bs.Pop()
		verdict := "unknown"
		if ctx.Err() == nil {
			win, err := sv.MoveWins(x.p, mover, c)
			switch {
			case err == nil && win:
				verdict = "win"
			case err == nil:
				verdict = "lose"
			}
		}
		if verdict == "unknown" {
			out.Complete = false
		}
		out.Cells[x.b.Format(c, board.Thesis)] = verdict
	}
	out.Millis, out.Nodes = time.Since(start).Milliseconds(), sv.Nodes()
	if r.Context().Err() != nil {
		return // the page has gone
	}
	httpJSON(w, out)
}

// loadJSON is what a loaded game is: the page then asks /api/state for it.
type loadJSON struct {
	Board    string `json:"board"`
	Geometry string `json:"geometry"`
	Strategy string `json:"strategy,omitempty"`
	Starter  string `json:"starter"`
	Moves    string `json:"moves"`
}

var (
	sgfSize  = regexp.MustCompile(`SZ\[(\d+)(?::(\d+))?\]`)
	sgfGeo   = regexp.MustCompile(`GE\[([a-z]+)\]`)
	sgfMove  = regexp.MustCompile(`;\s*([BW])\[([a-z]+[0-9]+)\]`)
	sgfOwner = regexp.MustCompile(`P([BW])\[(?:Red|Blue): ([^\]]+)\]`)
)

// handleLoad reads a game from the request body: a line of a JSONL export
// (or any GameJSON), an SGF record (its first game), or a `hexproof replay`
// line. The moves come back with R:/B: prefixes; the page replays them.
func (s *exploreServer) handleLoad(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		httpError(w, http.StatusRequestEntityTooLarge, "the game is larger than 1 MiB")
		return
	}
	out, err := parseLoad(strings.TrimSpace(string(body)))
	if err != nil {
		s.refuse(w, err)
		return
	}
	httpJSON(w, out)
}

func parseLoad(text string) (*loadJSON, error) {
	switch {
	case text == "":
		return nil, bad("nothing to load: paste a JSONL line, an SGF record or a replay line")
	case strings.HasPrefix(text, "{"):
		line, _, _ := strings.Cut(text, "\n")
		var g reports.GameJSON
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			return nil, bad("JSON: %v", err)
		}
		var toks []string
		for _, m := range g.Moves {
			col, err := board.ParseColor(m.Player)
			if err != nil {
				return nil, bad("JSON move: %v", err)
			}
			toks = append(toks, fmt.Sprintf("%s:(%d,%d)", strings.ToUpper(col.String()[:1]), m.Cell[0], m.Cell[1]))
		}
		return &loadJSON{Board: g.Board, Geometry: g.Geometry, Strategy: g.Strategy, Starter: g.Starter, Moves: strings.Join(toks, " ")}, nil
	case strings.HasPrefix(text, "("):
		sz := sgfSize.FindStringSubmatch(text)
		if sz == nil {
			return nil, bad("SGF: no SZ[…] board size")
		}
		m, n := sz[1], sz[2]
		if n == "" {
			n = m
		}
		out := &loadJSON{Board: m + "x" + n, Geometry: "flat"}
		if ge := sgfGeo.FindStringSubmatch(text); ge != nil {
			out.Geometry = ge[1]
		}
		if o := sgfOwner.FindStringSubmatch(text); o != nil {
			out.Strategy = o[2]
		}
		// The first game: the moves up to the end of the first variation.
		rest := text[1:]
		first := sgfMove.FindStringIndex(rest)
		if first == nil {
			return nil, bad("SGF: no moves")
		}
		if end := strings.Index(rest[first[0]:], ")"); end >= 0 {
			rest = rest[:first[0]+end]
		}
		var toks []string
		for _, mv := range sgfMove.FindAllStringSubmatch(rest, -1) {
			p := "R"
			if mv[1] == "W" {
				p = "B"
			}
			toks = append(toks, p+":"+mv[2])
		}
		out.Starter = "red"
		if strings.HasPrefix(toks[0], "B") {
			out.Starter = "blue"
		}
		out.Moves = strings.Join(toks, " ")
		return out, nil
	case strings.HasPrefix(text, "hexproof replay") || strings.HasPrefix(text, "replay "):
		args, err := splitShell(text)
		if err != nil {
			return nil, err
		}
		out := &loadJSON{Geometry: "cylinder"}
		for k := 0; k < len(args); k++ {
			name, val, has := strings.Cut(args[k], "=")
			if !has && k+1 < len(args) && strings.HasPrefix(name, "--") {
				val = args[k+1]
			}
			used := true
			switch name {
			case "--board":
				out.Board = val
			case "--geometry":
				out.Geometry = val
			case "--strategy":
				out.Strategy = val
			case "--starter":
				out.Starter = val
			case "--moves":
				out.Moves = val
			default:
				used = false
			}
			if used && !has {
				k++
			}
		}
		if out.Board == "" || out.Moves == "" {
			return nil, bad("replay line: it needs --board and --moves")
		}
		if out.Starter == "" {
			switch {
			case strings.HasPrefix(strings.TrimSpace(out.Moves), "R:"):
				out.Starter = "red"
			case strings.HasPrefix(strings.TrimSpace(out.Moves), "B:"):
				out.Starter = "blue"
			default:
				return nil, bad("replay line: give --starter, or R:/B: prefixes on the moves")
			}
		}
		return out, nil
	}
	return nil, bad("not a game: want a JSONL line ({…}), an SGF record ((;…)) or a 'hexproof replay' line")
}

// splitShell splits a command line at blanks, keeping "quoted" and 'quoted'
// words together.
func splitShell(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, bad("replay line: an unclosed quote")
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out, nil
}

// listenError says why --addr cannot be listened on without the system
// call's words ("listen tcp: …").
func listenError(err error) string {
	var ae *net.AddrError
	var de *net.DNSError
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return "the address is already in use (choose another port, or 0 for a free one)"
	case errors.Is(err, syscall.EACCES):
		return "permission denied (ports below 1024 need privileges; choose another, or 0)"
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return "no interface of this machine has that address"
	case errors.As(err, &ae):
		return "not a HOST:PORT address (" + ae.Err + "), e.g. 127.0.0.1:8080"
	case errors.As(err, &de):
		return "the host name is not known"
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Err != nil {
		return oe.Err.Error()
	}
	return err.Error()
}
