// Package gtp is a strategy played by an external program that speaks GTP,
// the Go Text Protocol as Hex programs speak it (docs/design.md §7), and
// the word splitting of its command line. `--strategy 'exec:PROGRAM ARG…'`
// builds one.
//
// The verifier asks a strategy from many goroutines at once, so a Strategy
// keeps a pool of engine processes: a decision takes a free process (the
// one whose board shares the longest opening with the position asked; a new
// one when none is free) and gives it back after. Each process keeps its
// game: only the moves that differ are sent (undo back to the common
// opening when the engine knows undo, else clear_board and the whole game).
//
// The engine is shown every position in one canonical move order (see
// Canonical), so that its answer can depend on the position and the
// opponent's last move only: that is what the verifier's merging of
// transpositions needs. It declares no symmetry.
//
// An engine's failure — a crash, a hang beyond the timeout, an answer that
// is not a cell, an occupied cell, a refused legal move — is a fault of that
// decision: Allowed answers no move, the process is killed, and Explain
// words what happened (the command, and the end of its standard error) for
// the strategy error the verifier reports. A faulty decision stays faulty
// for the strategy's life, so that asking again (to rebuild the game that
// led there) gives the same answer.
package gtp

import (
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"hexproof/board"
)

// DefaultTimeout is how long an engine may take over one command.
const DefaultTimeout = 10 * time.Second

// StartAllowance is the time an engine may take to start (an interpreter,
// a model to load) beyond the timeout, for its first answer.
const StartAllowance = 20 * time.Second

// Options choose the engine's side and its time per command.
type Options struct {
	Player  board.Color   // the side the engine plays; Empty means Red
	Timeout time.Duration // per command; 0 means DefaultTimeout
}

// Strategy is an external GTP engine bound to a board, playing one side.
// It is safe for concurrent use (one process per concurrent decision).
type Strategy struct {
	b       *board.Board
	side    board.Color
	argv    []string
	spec    string // the command line as given, for messages
	timeout time.Duration
	name    string // the engine's answer to `name`
	ids     []board.Perm
	plays   [2][]string           // "play red CELL", "play blue CELL" for each cell
	cells   map[string]board.Cell // the cells by their letter names

	mu     sync.Mutex
	free   []*proc
	live   map[*proc]struct{}
	closed bool

	// allowedCmd and undoCmd: whether the engine knows hexproof_allowed
	// and undo (0 not yet known, 1 yes, 2 no).
	allowedCmd, undoCmd atomic.Int32

	faults sync.Map // decision -> *Fault

	decisions, commands, starts atomic.Int64
}

// decision is one question asked of a strategy.
type decision struct {
	p    board.Position
	last board.Cell
}

const (
	unknown int32 = iota
	yes
	no
)

// Fault is what went wrong with the engine at one decision.
type Fault struct {
	Engine  string   // the command line
	Command string   // the GTP command it failed on
	What    string   // what happened
	Stderr  []string // the last lines of its standard error
	// sane: the engine answered in GTP's form, wrongly (refused a command,
	// or answered something that is not a legal move); the process goes on.
	sane bool
	// unstarted: no process ran, so there is no standard error to tell of.
	unstarted bool
}

func (f *Fault) Error() string {
	s := fmt.Sprintf("the engine %q %s", f.Engine, f.What)
	if f.Command != "" {
		s += fmt.Sprintf(" on %q", f.Command)
	}
	switch {
	case f.unstarted:
	case len(f.Stderr) > 0:
		s += fmt.Sprintf("; its standard error ended: %q", strings.Join(f.Stderr, " | "))
	default:
		s += "; its standard error was empty"
	}
	return s
}

// New starts the engine argv (argv[0] is looked up in PATH) for board b,
// asking its name and setting its board; spec is the command line as the
// user wrote it. An engine that cannot be started or refuses the board is
// an error here (bad input), not a fault.
func New(argv []string, spec string, b *board.Board, o Options) (*Strategy, error) {
	if len(argv) == 0 {
		return nil, fmt.Errorf("exec: give the engine's command line, e.g. exec:python3 engine.py")
	}
	if o.Player == board.Empty {
		o.Player = board.Red
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	s := &Strategy{b: b, side: o.Player, argv: argv, spec: spec, timeout: o.Timeout,
		ids: b.Identity(), live: map[*proc]struct{}{}, cells: map[string]board.Cell{}}
	for c := range board.Cell(b.Cells()) {
		name := b.Format(c, board.Letter)
		s.plays[0] = append(s.plays[0], "play red "+name)
		s.plays[1] = append(s.plays[1], "play blue "+name)
		s.cells[name] = c
	}
	p, f := s.startEngine()
	if f != nil {
		return nil, f
	}
	s.put(p)
	return s, nil
}

// Board is the board the strategy plays on.
func (s *Strategy) Board() *board.Board { return s.b }

// Side is the player the engine plays.
func (s *Strategy) Side() board.Color { return s.side }

// Symmetries is the identity: an engine declares no symmetry.
func (s *Strategy) Symmetries() []board.Perm { return s.ids }

// Name is the engine's answer to `name`.
func (s *Strategy) Name() string { return s.name }

// Stats are counts for figures: decisions asked, GTP commands sent,
// processes started.
func (s *Strategy) Stats() (decisions, commands, starts int64) {
	return s.decisions.Load(), s.commands.Load(), s.starts.Load()
}

// Close kills every engine process; decisions asked after it are faults.
func (s *Strategy) Close() error {
	s.mu.Lock()
	s.closed = true
	procs := make([]*proc, 0, len(s.live))
	for p := range s.live {
		procs = append(procs, p)
	}
	s.live, s.free = map[*proc]struct{}{}, nil
	s.mu.Unlock()
	var wg sync.WaitGroup
	for _, p := range procs {
		wg.Go(p.kill)
	}
	wg.Wait()
	return nil
}

// Explain words the fault of decision (p, last), or "" if it had none.
func (s *Strategy) Explain(p board.Position, last board.Cell) string {
	if f, ok := s.faults.Load(decision{p, last}); ok {
		return f.(*Fault).Error()
	}
	return ""
}

// FaultAt is the fault of decision (p, last), or nil.
func (s *Strategy) FaultAt(p board.Position, last board.Cell) *Fault {
	if f, ok := s.faults.Load(decision{p, last}); ok {
		return f.(*Fault)
	}
	return nil
}

// faultRule is the rule label of a faulty decision's (empty) answer.
const faultRule = "engine fault"

// Allowed asks the engine for its moves in p after the opponent's move last
// (hexproof_allowed when the engine knows it, else genmove).
func (s *Strategy) Allowed(p board.Position, last board.Cell) (board.Bits, string) {
	key := decision{p, last}
	if _, bad := s.faults.Load(key); bad {
		return board.Bits{}, faultRule
	}
	s.decisions.Add(1)
	target := Canonical(p, last, s.side)
	pr, f := s.get(target)
	if f == nil {
		var allowed board.Bits
		var rule string
		allowed, rule, f = s.ask(pr, p, target)
		if f == nil {
			s.put(pr)
			return allowed, rule
		}
		f.Stderr = pr.stderr.get()
		s.release(pr, f)
	}
	s.faults.LoadOrStore(key, f) // the first fault of a decision stays
	return board.Bits{}, faultRule
}

// Canonical is the move order in which position p, with `me` to move after
// the opponent's move last, is shown to an engine: the stones of the player
// who moved first and of the other alternately, each player's in cell order,
// and last at the end (docs/design.md §7). With last = board.NoCell all the
// stones are ordered so.
func Canonical(p board.Position, last board.Cell, me board.Color) []Move {
	opp := me.Other()
	mine := p.Stones(me).Cells()
	theirs := p.Stones(opp)
	hasLast := last != board.NoCell && theirs.Has(last)
	if hasLast {
		theirs = theirs.Without(last)
	}
	other := theirs.Cells()
	a, b := mine, other
	ac, bc := me, opp
	if len(other)+boolInt(hasLast) > len(mine) { // the opponent moved first
		a, b, ac, bc = other, mine, opp, me
	}
	out := make([]Move, 0, len(mine)+len(other)+1)
	for k := 0; k < len(a) || k < len(b); k++ {
		if k < len(a) {
			out = append(out, Move{red: ac == board.Red, cell: int16(a[k])})
		}
		if k < len(b) {
			out = append(out, Move{red: bc == board.Red, cell: int16(b[k])})
		}
	}
	if hasLast {
		out = append(out, Move{red: opp == board.Red, cell: int16(last)})
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// color is a player as GTP commands name it.
func color(red bool) string {
	if red {
		return "red"
	}
	return "blue"
}

func (s *Strategy) play(m Move) string {
	if m.red {
		return s.plays[0][m.cell]
	}
	return s.plays[1][m.cell]
}

// get takes the free process whose game shares the longest opening with
// target, or starts one.
func (s *Strategy) get(target []Move) (*proc, *Fault) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, &Fault{Engine: s.spec, What: "was closed (hexproof is stopping)"}
	}
	best, bestLen := -1, -1
	for k, p := range s.free {
		if n := commonPrefix(p.seq, target); n > bestLen {
			best, bestLen = k, n
		}
	}
	if best >= 0 {
		p := s.free[best]
		s.free = slices.Delete(s.free, best, best+1)
		s.mu.Unlock()
		return p, nil
	}
	s.mu.Unlock()
	return s.startEngine()
}

// put gives a process back to the pool (or kills it if the strategy was
// closed meanwhile).
func (s *Strategy) put(p *proc) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		p.kill()
		return
	}
	s.free = append(s.free, p)
	s.mu.Unlock()
}

// release gives back a process after fault f: a sane engine goes back to
// the pool with its board to be cleared, another is killed.
func (s *Strategy) release(p *proc, f *Fault) {
	if f.sane && len(p.pending) == 0 {
		p.dirty = true
		s.put(p)
		return
	}
	s.drop(p)
}

// drop kills a process that failed.
func (s *Strategy) drop(p *proc) {
	s.mu.Lock()
	delete(s.live, p)
	s.mu.Unlock()
	p.kill()
}

func commonPrefix(a, b []Move) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// startEngine starts a process and sets it up: name, boardsize,
// hexproof_geometry, clear_board.
func (s *Strategy) startEngine() (*proc, *Fault) {
	p, err := startProc(s.argv)
	if err != nil {
		return nil, &Fault{Engine: s.spec, What: "could not be started: " + startError(err), unstarted: true}
	}
	s.starts.Add(1)
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		p.kill()
		return nil, &Fault{Engine: s.spec, What: "was closed (hexproof is stopping)"}
	}
	s.live[p] = struct{}{}
	s.mu.Unlock()
	fail := func(f *Fault) (*proc, *Fault) {
		f.Stderr = p.stderr.get()
		s.drop(p)
		return nil, f
	}
	cmds := []string{"name", fmt.Sprintf("boardsize %d %d", s.b.M, s.b.N), "hexproof_geometry " + s.b.Geo.String(), "clear_board",
		"known_command undo", "known_command hexproof_allowed"}
	known := []*atomic.Int32{4: &s.undoCmd, 5: &s.allowedCmd}
	if err := s.send(p, cmds...); err != nil {
		return fail(s.fault(err, "name"))
	}
	for k, c := range cmds {
		limit := s.timeout
		if k == 0 {
			limit += StartAllowance
		}
		text, ok, err := p.answer(limit)
		if err != nil {
			p.pending = nil
			return fail(s.fault(err, c))
		}
		switch {
		case k >= 4:
			// known_command: "true" or "false"; an engine without it is
			// found out at the first use of the command.
			if ok && (text == "true" || text == "false") {
				v := no
				if text == "true" {
					v = yes
				}
				known[k].CompareAndSwap(unknown, v)
			}
		case k == 0 && ok:
			s.mu.Lock()
			if s.name == "" {
				s.name = text
			}
			s.mu.Unlock()
		case k == 2 && !ok && s.b.Geo == board.Flat:
			// An engine without the command plays ordinary (flat) Hex.
		case k == 2 && !ok:
			p.pending = nil
			return fail(&Fault{sane: true, Engine: s.spec, Command: c, What: fmt.Sprintf("refused the geometry (%q): an engine that does not know hexproof_geometry plays only the flat board", text)})
		case !ok && k != 0:
			p.pending = nil
			return fail(&Fault{sane: true, Engine: s.spec, Command: c, What: fmt.Sprintf("refused it (%q)", text)})
		}
	}
	return p, nil
}

func (s *Strategy) send(p *proc, cmds ...string) error {
	s.commands.Add(int64(len(cmds)))
	return p.send(s.timeout, cmds...)
}

// fault turns an error of process p at command cmd into a Fault.
func (s *Strategy) fault(err error, cmd string) *Fault {
	var pe *procError
	if errors.As(err, &pe) {
		return &Fault{Engine: s.spec, Command: pe.cmd, What: pe.what}
	}
	return &Fault{sane: true, Engine: s.spec, Command: cmd, What: fmt.Sprintf("could not be written to (%v)", err)}
}

// prepare returns the commands that bring p's board to target (undo back
// to the common opening when the engine knows undo and that is shorter,
// else clear_board and the whole game), and records target as p's game.
// When it is not yet known whether the engine knows undo, one undo is sent
// and answered first.
func (s *Strategy) prepare(p *proc, target []Move) ([]string, *Fault) {
	n := commonPrefix(p.seq, target)
	if len(p.seq) > n && s.undoCmd.Load() == unknown {
		if err := s.send(p, "undo"); err != nil {
			return nil, s.fault(err, "undo")
		}
		_, ok, err := p.answer(s.timeout)
		if err != nil {
			return nil, s.fault(err, "undo")
		}
		if ok {
			s.undoCmd.CompareAndSwap(unknown, yes)
			p.seq = p.seq[:len(p.seq)-1]
			n = min(n, len(p.seq))
		} else {
			s.undoCmd.CompareAndSwap(unknown, no)
		}
	}
	var cmds []string
	switch back := len(p.seq) - n; {
	case p.dirty:
		cmds = append(cmds, "clear_board")
		n, p.dirty = 0, false
	case back == 0:
	case s.undoCmd.Load() == yes && back <= n+1:
		for range back {
			cmds = append(cmds, "undo")
		}
	default:
		cmds = append(cmds, "clear_board")
		n = 0
	}
	for _, m := range target[n:] {
		cmds = append(cmds, s.play(m))
	}
	p.seq = append(p.seq[:0:0], target...)
	return cmds, nil
}

// readOK reads the answers to cmds, each of which must be accepted.
func (s *Strategy) readOK(p *proc, cmds []string) *Fault {
	for _, c := range cmds {
		text, ok, err := p.answer(s.timeout)
		if err != nil {
			return s.fault(err, c)
		}
		if !ok {
			return &Fault{sane: true, Engine: s.spec, Command: c, What: fmt.Sprintf("refused a legal command (%q)", text)}
		}
	}
	return nil
}

// ask brings p's board to target and asks the decision.
func (s *Strategy) ask(p *proc, pos board.Position, target []Move) (board.Bits, string, *Fault) {
	cmds, f := s.prepare(p, target)
	if f != nil {
		return board.Bits{}, "", f
	}
	me := color(s.side == board.Red)
	useAllowed := s.allowedCmd.Load() != no
	decide := "genmove " + me
	if useAllowed {
		decide = "hexproof_allowed " + me
	}
	// The decision is sent once the position is set up, so that a crash or
	// a hang is blamed on the right command even in an engine that writes
	// its answers late.
	if len(cmds) > 0 {
		if err := s.send(p, cmds...); err != nil {
			return board.Bits{}, "", s.fault(err, cmds[0])
		}
		if f := s.readOK(p, cmds); f != nil {
			return board.Bits{}, "", f
		}
	}
	if err := s.send(p, decide); err != nil {
		return board.Bits{}, "", s.fault(err, decide)
	}
	text, ok, err := p.answer(s.timeout)
	if err != nil {
		return board.Bits{}, "", s.fault(err, decide)
	}
	if useAllowed && !ok {
		if !s.allowedCmd.CompareAndSwap(unknown, no) && s.allowedCmd.Load() == yes {
			return board.Bits{}, "", &Fault{sane: true, Engine: s.spec, Command: decide, What: fmt.Sprintf("refused it (%q), although it answered it before", text)}
		}
		useAllowed = false
		decide = "genmove " + me
		if err := s.send(p, decide); err != nil {
			return board.Bits{}, "", s.fault(err, decide)
		}
		if text, ok, err = p.answer(s.timeout); err != nil {
			return board.Bits{}, "", s.fault(err, decide)
		}
	} else if useAllowed {
		s.allowedCmd.CompareAndSwap(unknown, yes)
	}
	return s.decision(p, pos, decide, text, ok, useAllowed)
}

// decision reads the answer text (accepted or not) to the decision command
// decide in position pos; a genmove answer is added to p's game.
func (s *Strategy) decision(p *proc, pos board.Position, decide, text string, ok, allowed bool) (board.Bits, string, *Fault) {
	if !ok {
		return board.Bits{}, "", &Fault{sane: true, Engine: s.spec, Command: decide, What: fmt.Sprintf("refused it (%q)", text)}
	}
	if allowed {
		return s.parseAllowed(pos, decide, text)
	}
	c, f := s.parseCell(pos, decide, text, text)
	if f != nil {
		return board.Bits{}, "", f
	}
	p.seq = append(p.seq, Move{red: s.side == board.Red, cell: int16(c)})
	return board.Bit(c), "genmove", nil
}

// Replies answers every opponent move of moves from p (strategies.Replier):
// one process is brought to p once, and the decisions after each move are
// sent together — play the move, decide, undo — so that a position costs
// one exchange with the engine instead of one per move. An engine that does
// not know undo (or is not yet known to) is asked one decision at a time.
// A decision that fails is that decision's fault, and the moves after it
// are asked one at a time.
func (s *Strategy) Replies(p board.Position, moves board.Bits, yield func(b board.Cell, allowed board.Bits, rule string) bool) {
	opp := s.side.Other()
	one := func(b board.Cell) bool {
		a, r := s.Allowed(p.Play(opp, b), b)
		return yield(b, a, r)
	}
	for moves.Any() && (s.undoCmd.Load() != yes || s.allowedCmd.Load() == unknown) {
		if !one(moves.Pop()) {
			return
		}
	}
	if moves.Empty() {
		return
	}
	// Decisions already known to be faulty stay so, without the engine.
	first := moves.First()
	target := Canonical(p.Play(opp, first), first, s.side)
	prefix := target[:len(target)-1]
	pr, f := s.get(prefix)
	if f != nil {
		for moves.Any() {
			if !one(moves.Pop()) {
				return
			}
		}
		return
	}
	cmds, f := s.prepare(pr, prefix)
	if f != nil {
		s.drop(pr)
		for moves.Any() {
			if !one(moves.Pop()) {
				return
			}
		}
		return
	}
	me := color(s.side == board.Red)
	useAllowed := s.allowedCmd.Load() == yes
	decide := "genmove " + me
	undo := []string{"undo", "undo"}
	if useAllowed {
		decide, undo = "hexproof_allowed "+me, undo[:1]
	}
	var asked []board.Cell
	batch := cmds
	for bs := moves; bs.Any(); {
		b := bs.Pop()
		if _, bad := s.faults.Load(decision{p.Play(opp, b), b}); bad {
			continue
		}
		asked = append(asked, b)
		batch = append(batch, s.play(Move{red: opp == board.Red, cell: int16(b)}), decide)
		batch = append(batch, undo...)
	}
	s.decisions.Add(int64(len(asked)))
	if err := s.send(pr, batch...); err != nil {
		f = s.fault(err, batch[0])
	} else {
		f = s.readOK(pr, cmds)
	}
	if f != nil {
		f.Stderr = pr.stderr.get()
		s.drop(pr)
		for moves.Any() {
			if !one(moves.Pop()) {
				return
			}
		}
		return
	}
	k := 0 // next of asked
	for moves.Any() {
		b := moves.Pop()
		q := p.Play(opp, b)
		if k == len(asked) || asked[k] != b {
			if !one(b) { // a decision known to be faulty
				s.drain(pr, len(prefix))
				return
			}
			continue
		}
		k++
		play := s.play(Move{red: opp == board.Red, cell: int16(b)})
		var allowed board.Bits
		var rule string
		f := s.readOK(pr, []string{play})
		if f == nil {
			text, ok, err := pr.answer(s.timeout)
			if err != nil {
				f = s.fault(err, decide)
			} else {
				allowed, rule, f = s.decision(pr, q, decide, text, ok, useAllowed)
			}
		}
		if f != nil && f.sane && useAllowed {
			// hexproof_allowed changed nothing: the batch goes on.
			f.Stderr = pr.stderr.get()
			s.faults.LoadOrStore(decision{q, b}, f)
			if f := s.readOK(pr, undo); f != nil {
				s.drop(pr)
				for moves.Any() {
					if !one(moves.Pop()) {
						return
					}
				}
				return
			}
			if !yield(b, board.Bits{}, faultRule) {
				s.drain(pr, len(prefix))
				return
			}
			continue
		}
		if f == nil {
			f = s.readOK(pr, undo)
		}
		if f != nil {
			if !f.sane {
				// A crash or a hang in a batch may have swallowed the
				// answers before it (an engine that writes them late):
				// the move and those after it are asked again one at a
				// time, which names the command that fails.
				s.drop(pr)
				if !one(b) {
					return
				}
				for moves.Any() {
					if !one(moves.Pop()) {
						return
					}
				}
				return
			}
			f.Stderr = pr.stderr.get()
			pr.dirty = true
			s.drain(pr, len(prefix))
			s.faults.LoadOrStore(decision{q, b}, f)
			if !yield(b, board.Bits{}, faultRule) {
				return
			}
			for moves.Any() {
				if !one(moves.Pop()) {
					return
				}
			}
			return
		}
		pr.seq = pr.seq[:len(prefix)]
		if !yield(b, allowed, rule) {
			s.drain(pr, len(prefix))
			return
		}
	}
	s.put(pr)
}

// drain reads the answers still pending on p (a batch given up half-way)
// and gives p back, or drops it when they do not come.
func (s *Strategy) drain(p *proc, n int) {
	for len(p.pending) > 0 {
		if _, _, err := p.answer(s.timeout); err != nil {
			s.drop(p)
			return
		}
	}
	p.seq = p.seq[:n] // every decision of the batch was undone
	s.put(p)
}

// parseAllowed reads "CELL CELL … [# rule]".
func (s *Strategy) parseAllowed(pos board.Position, cmd, text string) (board.Bits, string, *Fault) {
	cells, rule, _ := strings.Cut(text, "#")
	rule = strings.TrimSpace(rule)
	if rule == "" {
		rule = "engine"
	}
	var out board.Bits
	for _, w := range strings.Fields(cells) {
		c, f := s.parseCell(pos, cmd, w, text)
		if f != nil {
			return board.Bits{}, "", f
		}
		out = out.With(c)
	}
	if out.Empty() {
		return board.Bits{}, "", &Fault{sane: true, Engine: s.spec, Command: cmd, What: fmt.Sprintf("allowed no cell (%q) while %d cells were empty", text, s.b.All().AndNot(pos.Occupied()).Count())}
	}
	return out, rule, nil
}

// parseCell reads one cell of an answer: on the board and empty in pos.
func (s *Strategy) parseCell(pos board.Position, cmd, w, text string) (board.Cell, *Fault) {
	switch strings.ToLower(w) {
	case "pass", "resign", "swap", "":
		return board.NoCell, &Fault{sane: true, Engine: s.spec, Command: cmd, What: fmt.Sprintf("answered %q, not a cell", clip(text))}
	}
	c, known := s.cells[w]
	var err error
	if !known {
		c, err = s.b.ParseCell(w)
	}
	if err != nil {
		return board.NoCell, &Fault{sane: true, Engine: s.spec, Command: cmd, What: fmt.Sprintf("answered %q; %q is not a cell of the %dx%d board", clip(text), clip(w), s.b.M, s.b.N)}
	}
	if pos.Occupied().Has(c) {
		return board.NoCell, &Fault{sane: true, Engine: s.spec, Command: cmd, What: fmt.Sprintf("answered %q: the cell %s is occupied", clip(text), s.b.Format(c, board.Letter))}
	}
	return c, nil
}

// startError says why a program could not be started in the user's words
// rather than the system call's ("fork/exec …: no such file or directory").
func startError(err error) string {
	switch {
	case errors.Is(err, exec.ErrNotFound):
		return "no program of that name is on the PATH"
	case errors.Is(err, fs.ErrNotExist):
		return "there is no such file"
	case errors.Is(err, fs.ErrPermission):
		return "it is not an executable file (permission denied)"
	case errors.Is(err, syscall.ENOEXEC):
		return "it is not a program this system can run (no #! line?)"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
