package gtp

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"hexproof/board"
)

// proc is one running engine process: its standard input, the lines of its
// standard output (read by a goroutine, so that a hang is a timeout, not a
// blocked worker), the tail of its standard error, and the game its board
// holds now (seq: the moves sent since the last clear_board).
type proc struct {
	cmd    *exec.Cmd
	in     *bufio.Writer
	stdin  *os.File
	stdout *os.File      // read here, with a deadline per answer
	out    *bufio.Reader // of stdout
	done   chan struct{} // closed once the process has been waited for
	exit   error         // cmd.Wait's error, set before done is closed
	stderr *tail
	seq    []Move
	dirty  bool // the board is not known to hold seq: clear it first
	// pending is the commands written and not yet answered.
	pending []string
}

// Move is one stone sent to an engine with play (or answered by genmove).
type Move struct {
	red  bool
	cell int16
}

// tail keeps the last lines an engine wrote to its standard error.
type tail struct {
	mu    sync.Mutex
	lines []string
}

const tailLines = 5

func (t *tail) add(s string) {
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	t.mu.Lock()
	t.lines = append(t.lines, s)
	if len(t.lines) > tailLines {
		t.lines = t.lines[len(t.lines)-tailLines:]
	}
	t.mu.Unlock()
}

func (t *tail) get() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.lines...)
}

// spawn starts processes from one goroutine locked to its OS thread, which
// never ends: on Linux an engine is started with the parent-death signal
// SIGKILL, which the kernel sends when the thread that started it ends, so
// that thread must live as long as hexproof (no orphans after kill -9).
var spawn struct {
	once sync.Once
	req  chan spawnReq
}

type spawnReq struct {
	cmd  *exec.Cmd
	done chan error
}

func start(cmd *exec.Cmd) error {
	spawn.once.Do(func() {
		spawn.req = make(chan spawnReq)
		go func() {
			runtime.LockOSThread()
			for r := range spawn.req {
				r.done <- r.cmd.Start()
			}
		}()
	})
	done := make(chan error, 1)
	spawn.req <- spawnReq{cmd, done}
	return <-done
}

// startProc starts argv as an engine: its own process group (a Ctrl-C at
// the terminal reaches hexproof, which stops the search, not the engine),
// killed with hexproof. Its pipes are made here (not by exec.Cmd), so that
// the standard output is read by the caller with a deadline and waiting for
// the process closes nothing the caller reads.
func startProc(argv []string) (*proc, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.SysProcAttr = sysProcAttr()
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	err = start(cmd)
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, err
	}
	p := &proc{cmd: cmd, in: bufio.NewWriter(inW), stdin: inW, stdout: outR, out: bufio.NewReaderSize(outR, 1<<16),
		done: make(chan struct{}), stderr: &tail{}}
	stderrDone := make(chan struct{})
	go func() {
		defer close(stderrDone)
		sc := bufio.NewScanner(errR)
		sc.Buffer(make([]byte, 4096), 1<<20)
		for sc.Scan() {
			p.stderr.add(sc.Text())
		}
		_, _ = io.Copy(io.Discard, errR)
		errR.Close()
	}()
	go func() {
		p.exit = cmd.Wait()
		// The last words on standard error come before the verdict on the
		// exit (a grandchild holding the pipe open delays them at most 1s).
		select {
		case <-stderrDone:
		case <-time.After(time.Second):
		}
		close(p.done)
	}()
	return p, nil
}

// kill ends the engine's process group and waits (briefly) for it.
func (p *proc) kill() {
	if p.cmd.Process != nil {
		_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		_ = p.cmd.Process.Kill()
	}
	_ = p.stdin.Close()
	select {
	case <-p.done:
	case <-time.After(2 * time.Second):
	}
	_ = p.stdout.Close()
}

// send writes commands without waiting for their answers (GTP answers in
// order, so several commands may be in flight).
func (p *proc) send(timeout time.Duration, cmds ...string) error {
	// An engine that stops reading blocks the write once the pipe is
	// full: that is a hang too.
	_ = p.stdin.SetWriteDeadline(time.Now().Add(timeout))
	for _, c := range cmds {
		p.in.WriteString(c)
		p.in.WriteByte('\n')
	}
	p.pending = append(p.pending, cmds...)
	return p.in.Flush()
}

// errProtocol is an answer that does not follow GTP.
var errProtocol = errors.New("not a GTP answer")

// answer reads the answer to the oldest pending command within timeout: ok
// is true for "= …", false for "? …"; text is what follows the sign (the
// lines of a multi-line answer joined by a space). A failure is a
// *procError saying what happened.
func (p *proc) answer(timeout time.Duration) (text string, ok bool, err error) {
	cmd := p.pending[0]
	p.pending = p.pending[1:]
	_ = p.stdout.SetReadDeadline(time.Now().Add(timeout))
	var body []string
	started := false
	for {
		line, rerr := p.out.ReadString('\n')
		if rerr != nil {
			if errors.Is(rerr, os.ErrDeadlineExceeded) {
				return "", false, &procError{cmd: cmd, what: fmt.Sprintf("gave no answer within %s (--engine-timeout)", timeout)}
			}
			return "", false, &procError{cmd: cmd, what: p.exitWords()}
		}
		line = strings.TrimRight(line, "\r\n")
		if !started {
			if strings.TrimSpace(line) == "" {
				continue
			}
			if line[0] != '=' && line[0] != '?' {
				return "", false, &procError{cmd: cmd, what: fmt.Sprintf("answered %q, %v (want \"= …\" or \"? …\")", clip(line), errProtocol)}
			}
			started, ok = true, line[0] == '='
			// An optional command id follows the sign; hexproof sends none.
			rest := strings.TrimLeft(line[1:], "0123456789")
			body = append(body, strings.TrimSpace(rest))
			continue
		}
		if line == "" {
			return strings.TrimSpace(strings.Join(body, " ")), ok, nil
		}
		body = append(body, strings.TrimSpace(line))
	}
}

// exitWords says how the engine ended, once its output closed.
func (p *proc) exitWords() string {
	select {
	case <-p.done:
	case <-time.After(time.Second):
		return "closed its standard output"
	}
	var ee *exec.ExitError
	switch {
	case p.exit == nil:
		return "exited (status 0) without answering"
	case errors.As(p.exit, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return fmt.Sprintf("crashed (killed by signal %s)", ws.Signal())
		}
		return fmt.Sprintf("crashed (exit status %d)", ee.ExitCode())
	}
	return fmt.Sprintf("crashed (%v)", p.exit)
}

// procError is an engine failing at one command.
type procError struct {
	cmd  string
	what string
}

func (e *procError) Error() string { return fmt.Sprintf("%s on %q", e.what, e.cmd) }

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// Color is the player of the stone.
func (m Move) Color() board.Color {
	if m.red {
		return board.Red
	}
	return board.Blue
}

// Cell is the stone's cell.
func (m Move) Cell() board.Cell { return board.Cell(m.cell) }
