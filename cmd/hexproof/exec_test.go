package main

import (
	"bytes"
	"hexproof/internal/testkit"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// engineSpec is the exec: spec of an example engine, by absolute path.
func engineSpec(t *testing.T, name string, args ...string) string {
	t.Helper()
	return testkit.EngineSpec(t, name, args...)
}

// TestExecVerify6x4: verify runs the Python mirror engine on the 6x4
// cylinder (for 20 s: the whole run, without symmetry, takes minutes) and
// finds no loss and no fault.
func TestExecVerify6x4(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"verify", "--board", "6x4", "--strategy", engineSpec(t, "mirror.py"), "--starter", "blue",
		"--in-memory", "--jobs", "2", "--time-limit", "20s"}, &out, &errb)
	text := strings.Join(strings.Fields(out.String()), " ") // the detail is wrapped
	if code != exitOptimal && (code != exitInconclusive || !strings.Contains(text, "no loss was found so far")) {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), errb.String())
	}
}

// TestExecEngineFaultResume: an engine's crash stops verify with exit 4, one
// line on stderr naming the command, the engine's last words and the game;
// the database is kept, and once the engine is fixed (the same command
// line) --resume finishes the run as the built-in would.
func TestExecEngineFaultResume(t *testing.T) {
	dir := t.TempDir()
	flag := filepath.Join(dir, "broken")
	if err := os.WriteFile(flag, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	spec := engineSpec(t, "broken.py", "--crash-at", "3", "--last", "b2", "--only-if", flag)
	db := filepath.Join(dir, "db")
	args := []string{"verify", "--board", "4x2", "--starter", "blue", "--strategy", spec, "--db", db, "--no-progress"}
	var out, errb bytes.Buffer
	if code := run(args, &out, &errb); code != exitStrategyError {
		t.Fatalf("exit %d, want 4\n%s\n%s", code, out.String(), errb.String())
	}
	lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "hexproof verify: strategy error: the engine ") ||
		!strings.Contains(lines[0], `crashed (exit status 1) on "hexproof_allowed red"`) ||
		!strings.Contains(lines[0], "asked to crash with 3 stones") ||
		!strings.Contains(lines[0], `--moves "B:(1,1) R:(3,1) B:(2,2)"`) ||
		!strings.Contains(lines[1], "--resume") {
		t.Fatalf("stderr:\n%s", errb.String())
	}
	if err := os.Remove(flag); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errb.Reset()
	if code := run(append(args, "--resume"), &out, &errb); code != exitOptimal || !strings.Contains(errb.String(), "resuming from layer") {
		t.Fatalf("after the fix: exit %d\n%s\n%s", code, out.String(), errb.String())
	}
	var want bytes.Buffer
	run([]string{"verify", "--board", "4x2", "--starter", "blue", "--strategy", "mirror", "--in-memory", "--no-symmetry"}, &want, &errb)
	pos := func(s string) string {
		_, after, _ := strings.Cut(s, "Positions: ")
		f, _, _ := strings.Cut(after, " ")
		return f
	}
	if pos(out.String()) != pos(want.String()) {
		t.Errorf("resumed run: %s positions, the built-in %s", pos(out.String()), pos(want.String()))
	}
}

// TestExecFlags: --player and --engine-timeout belong to exec: strategies.
func TestExecFlags(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"verify", "--board", "4x2", "--strategy", "mirror", "--player", "blue"}, &out, &errb)
	if code != exitUsage || !strings.Contains(errb.String(), "--player is for --strategy exec:") {
		t.Errorf("exit %d: %s", code, errb.String())
	}
	errb.Reset()
	code = run([]string{"verify", "--board", "4x2", "--strategy", "exec:/nonexistent/engine"}, &out, &errb)
	if code != exitUsage || !strings.Contains(errb.String(), "could not be started") {
		t.Errorf("exit %d: %s", code, errb.String())
	}
}

// TestExecCommandsAgree: the Python mirror engine and the built-in mirror
// give the same output, word for word (but for the strategy's name and the
// times), in every command that takes a strategy: verify under every (with
// the blunder annotation) and some, hunt, simulate and replay, on the 4x3
// torus where mirror loses (thesis Fig. 4.7). The built-in runs without
// symmetry, as an engine declares none.
func TestExecCommandsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: starts the engine for five commands")
	}
	spec := engineSpec(t, "mirror.py")
	elapsed := regexp.MustCompile(`(elapsed:|after) [0-9.hm]*[0-9.]+(ms|µs|ns|s)`)
	norm := func(s string) string {
		s = strings.ReplaceAll(s, `"`+spec+`"`, "mirror")
		s = strings.ReplaceAll(s, spec, "mirror")
		return elapsed.ReplaceAllString(s, "$1 –")
	}
	common := []string{"--board", "4x3", "--geometry", "torus", "--starter", "red"}
	for _, c := range []struct {
		cmd   []string
		extra []string // for the built-in only
	}{
		{[]string{"verify", "--in-memory", "--no-progress", "--blunder-time", "5s"}, []string{"--no-symmetry"}},
		{[]string{"verify", "--choices", "some", "--in-memory", "--no-progress", "--blunder-time", "0"}, []string{"--no-symmetry"}},
		{[]string{"hunt", "--time-limit", "5s", "--jobs", "1", "--seed", "3", "--no-progress"}, nil},
		{[]string{"simulate", "--games", "50", "--jobs", "1", "--seed", "3", "--no-progress"}, nil},
		{[]string{"replay", "--choices", "every", "--moves", "B:(1,1) R:(3,1) B:(2,1) R:(4,1) B:(4,2) R:(2,2) B:(3,3)"}, nil},
	} {
		var bo, be, eo, ee bytes.Buffer
		args := append(append(slices.Clone(c.cmd), common...), "--strategy")
		bcode := run(append(append(slices.Clone(args), "mirror"), c.extra...), &bo, &be)
		ecode := run(append(slices.Clone(args), spec), &eo, &ee)
		if bcode != ecode || norm(bo.String()) != norm(eo.String()) {
			t.Errorf("%s: the built-in gave exit %d\n%s%s\nthe engine exit %d\n%s%s", c.cmd[0], bcode, bo.String(), be.String(), ecode, eo.String(), ee.String())
		}
	}
}

// TestExecNoOrphansAfterKill: when hexproof is killed with SIGKILL (no
// chance to close anything), its engine processes die too (the parent-death
// signal each is started with), rather than running on as orphans, even an
// engine that hangs and so never reads that its input closed.
func TestExecNoOrphansAfterKill(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: starts the binary and its engines")
	}
	bin := testkit.Binary(t)
	cmd := exec.Command(bin, "verify", "--board", "6x4", "--strategy", engineSpec(t, "broken.py", "--hang-at", "3"), "--starter", "blue",
		"--in-memory", "--jobs", "2", "--no-progress", "--time-limit", "2m", "--engine-timeout", "5m")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	var engines []int
	for deadline := time.Now().Add(60 * time.Second); len(engines) == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no engine process started within 60 s")
		}
		engines = childrenOf(cmd.Process.Pid)
	}
	time.Sleep(2 * time.Second) // until an engine hangs at its third stone
	engines = childrenOf(cmd.Process.Pid)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		alive := 0
		for _, pid := range engines {
			if processAlive(pid) {
				alive++
			}
		}
		if alive == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d engine processes still run 10 s after hexproof was killed", alive, len(engines))
		}
	}
}

// childrenOf lists the processes whose parent is pid (from /proc).
func childrenOf(pid int) []int {
	var out []int
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		child, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", d.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid …; comm may hold spaces, so read after ')'.
		rest := string(stat[strings.LastIndexByte(string(stat), ')')+1:])
		if f := strings.Fields(rest); len(f) > 1 && f[1] == strconv.Itoa(pid) {
			out = append(out, child)
		}
	}
	return out
}

// processAlive reports whether pid runs (a zombie, already dead, does not).
func processAlive(pid int) bool {
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return false
	}
	rest := string(stat[strings.LastIndexByte(string(stat), ')')+1:])
	f := strings.Fields(rest)
	return len(f) > 0 && f[0] != "Z"
}
