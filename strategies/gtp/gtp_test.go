package gtp_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/strategies"
	"hexproof/strategies/gtp"
	"hexproof/verify"
)

// engine is the command line of an example engine of examples/engines.
func engine(t testing.TB, name string, args ...string) string {
	t.Helper()
	return testkit.EngineSpec(t, name, args...)
}

func newExec(t testing.TB, spec string, b *board.Board, o gtp.Options) *gtp.Strategy {
	t.Helper()
	s, err := strategies.NewWith(spec, b, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.(*gtp.Strategy).Close() })
	return s.(*gtp.Strategy)
}

func TestSplit(t *testing.T) {
	for in, want := range map[string][]string{
		`python3 a.py --x 1`:           {"python3", "a.py", "--x", "1"},
		`  prog   'a b'  "c \"d\" e" `: {"prog", "a b", `c "d" e`},
		`a\ b c''d`:                    {"a b", "cd"},
		`$HOME *`:                      {"$HOME", "*"},
		``:                             nil,
	} {
		got, err := gtp.Split(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("Split(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{`a 'b`, `a "b`, `a \`} {
		if _, err := gtp.Split(bad); err == nil {
			t.Errorf("Split(%q): no error", bad)
		}
	}
}

// TestCanonical: the canonical order alternates, starts with the player who
// moved first, holds every stone once, ends with the last move, and depends
// only on the position and the last move.
func TestCanonical(t *testing.T) {
	b := board.MustNew(5, 4, board.Cylinder)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		me := []board.Color{board.Red, board.Blue}[rng.IntN(2)]
		opp := me.Other()
		// A game of k moves by each side or one more by the opponent, with
		// the opponent's move last.
		var p board.Position
		empty := b.All()
		n := 1 + rng.IntN(b.Cells()-1)
		first := me
		if n%2 == 1 {
			first = opp
		}
		last := board.NoCell
		for k := range n {
			who := first
			if k%2 == 1 {
				who = first.Other()
			}
			c := testkit.Pick(rng, empty)
			empty = empty.Without(c)
			p = p.Play(who, c)
			last = c
		}
		seq := gtp.Canonical(p, last, me)
		if len(seq) != n {
			t.Fatalf("%d moves for %d stones", len(seq), n)
		}
		var q board.Position
		for k, m := range seq {
			who := first
			if k%2 == 1 {
				who = first.Other()
			}
			if m.Color() != who || q.Occupied().Has(m.Cell()) {
				t.Fatalf("move %d of %v: %v", k, seq, m)
			}
			q = q.Play(who, m.Cell())
		}
		if q != p || seq[n-1].Cell() != last {
			t.Fatalf("canonical %v does not give the position, or does not end with %d", seq, last)
		}
	}
}

// TestEnginesAgreeWithBuiltins: the example engines give the verdicts,
// counterexamples and rule counts of the built-in strategies they
// implement, on every cylinder of at most 16 cells (12 with -short, 20
// with HEXPROOF_LONG=1, as `make test-long` sets) where the built-in
// applies, for both starters. The boards of 17 to 20 cells take five
// sixths of the time (every position is a Python round trip; 56 s to 16
// cells, 329 s to 20, 2026-11-26) and add no protocol case the smaller
// ones lack.
func TestEnginesAgreeWithBuiltins(t *testing.T) {
	maxCells := 16
	switch {
	case testing.Short():
		maxCells = 12
	case testkit.Long():
		maxCells = 20
	}
	for _, name := range []string{"mirror", "gardner"} {
		info, err := strategies.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		spec := engine(t, name+".py")
		for m := 1; m <= maxCells; m++ {
			for n := 1; m*n <= maxCells; n++ {
				if info.Applies(m, n, board.Cylinder) != nil {
					continue
				}
				b := board.MustNew(m, n, board.Cylinder)
				builtin := testkit.Strategy(t, strategies.New, name, m, n, board.Cylinder)
				ext := newExec(t, spec, b, gtp.Options{})
				for _, starter := range []board.Color{board.Red, board.Blue} {
					want := run(t, builtin, name, starter)
					got := run(t, ext, spec, starter)
					where := b.String() + " " + starter.String() + " starts"
					if got.Verdict != want.Verdict {
						t.Errorf("%s %s: %s, the built-in %s", name, where, got.Verdict, want.Verdict)
						continue
					}
					if (got.Counterexample == nil) != (want.Counterexample == nil) ||
						got.Counterexample != nil && len(got.Counterexample.Moves) != len(want.Counterexample.Moves) {
						t.Errorf("%s %s: counterexamples differ: %v, %v", name, where, got.Counterexample, want.Counterexample)
					}
					if got.LongestGame != want.LongestGame || !mapsEqual(got.RuleCounts, want.RuleCounts) {
						t.Errorf("%s %s: longest %d, rules %v; the built-in %d, %v", name, where, got.LongestGame, got.RuleCounts, want.LongestGame, want.RuleCounts)
					}
				}
				ext.Close()
			}
		}
	}
}

func mapsEqual(a, b map[string]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func run(t *testing.T, s strategies.Strategy, name string, starter board.Color) *verify.Result {
	t.Helper()
	res, err := verify.Run(context.Background(), verify.Options{Strategy: s, Name: name, Starter: starter,
		Choices: verify.Every, Jobs: 2, NoSymmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestEngineWithoutAllowedOrUndo: an engine that knows neither
// hexproof_allowed nor undo is asked through genmove, its board cleared
// and set up again each time; under --choices first it agrees with the
// built-in mirror.
func TestEngineWithoutAllowedOrUndo(t *testing.T) {
	b := board.MustNew(4, 3, board.Cylinder)
	builtin := testkit.Strategy(t, strategies.New, "mirror", 4, 3, board.Cylinder)
	for _, args := range [][]string{{"--no-allowed"}, {"--no-undo"}, {"--no-allowed", "--no-undo"}} {
		ext := newExec(t, engine(t, "broken.py", args...), b, gtp.Options{})
		for _, starter := range []board.Color{board.Red, board.Blue} {
			want, err := verify.Run(context.Background(), verify.Options{Strategy: builtin, Name: "mirror", Starter: starter, Choices: verify.First, Jobs: 2})
			if err != nil {
				t.Fatal(err)
			}
			got, err := verify.Run(context.Background(), verify.Options{Strategy: ext, Name: "x", Starter: starter, Choices: verify.First, Jobs: 2})
			if err != nil {
				t.Fatal(err)
			}
			if got.Verdict != want.Verdict || got.Positions != want.Positions {
				t.Errorf("%v, %s starts: %s with %d positions, the built-in %s with %d", args, starter, got.Verdict, got.Positions, want.Verdict, want.Positions)
			}
		}
	}
}

// TestFaults: every way an engine can fail is a strategy error of the
// decision where it failed, worded with the command and the engine's
// standard error, and leaves no process behind.
func TestFaults(t *testing.T) {
	b := board.MustNew(4, 2, board.Cylinder)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--crash-at", "3", "--last", "b2"}, `crashed \(exit status 1\) on "hexproof_allowed red"; its standard error ended: ".*Broken: asked to crash with 3 stones"`},
		{[]string{"--hang-at", "3", "--last", "b2"}, `gave no answer within 1s \(--engine-timeout\) on "hexproof_allowed red"; its standard error ended: ".*deciding for red with 3 stones"`},
		{[]string{"--garbage-at", "3", "--last", "b2"}, `answered "banana"; "banana" is not a cell of the 4x2 board on "hexproof_allowed red"`},
		{[]string{"--occupied-at", "3", "--last", "b2"}, `answered "a1 # occupied": the cell a1 is occupied on "hexproof_allowed red"`},
		{[]string{"--offboard-at", "3", "--last", "b2"}, `answered "zz99"; "zz99" is not a cell of the 4x2 board`},
		{[]string{"--silent-at", "3", "--last", "b2"}, `exited \(status 0\) without answering on "hexproof_allowed red"`},
		{[]string{"--refuse-at", "3", "--last", "b2"}, `refused it \("refused"\) on "hexproof_allowed red"`},
		{[]string{"--no-allowed", "--garbage-at", "3", "--last", "b2"}, `answered "banana"; "banana" is not a cell of the 4x2 board on "genmove red"`},
		{[]string{"--no-allowed", "--no-undo", "--crash-at", "3", "--last", "b2"}, `crashed \(exit status 1\) on "genmove red"`},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			spec := engine(t, "broken.py", c.args...)
			ext := newExec(t, spec, b, gtp.Options{Timeout: time.Second})
			res, err := verify.Run(context.Background(), verify.Options{Strategy: ext, Name: spec, Starter: board.Blue, Choices: verify.Every, Jobs: 2})
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != verify.StrategyError {
				t.Fatalf("verdict %s, want strategy error", res.Verdict)
			}
			g := res.Counterexample
			if g == nil || len(g.Moves) != 3 || g.Moves[2].Cell != b.Cell(2, 2) {
				t.Errorf("the game %v does not end with Blue's b2 as the third move", g)
			}
			if !matches(t, `^the engine ".*broken.py.*" `+c.want, res.Detail) {
				t.Errorf("detail %q\nwant %q", res.Detail, c.want)
			}
			ext.Close()
			if n := children(t); n != 0 {
				t.Errorf("%d engine processes left", n)
			}
		})
	}
}

// children counts the processes whose parent is this test.
func children(t *testing.T) int {
	t.Helper()
	if runtime.GOOS != "linux" {
		return 0
	}
	ents, _ := os.ReadDir("/proc")
	me := os.Getpid()
	n := 0
	for _, e := range ents {
		raw, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid …
		s := string(raw)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 1 && f[1] == strconv.Itoa(me) && f[0] != "Z" {
			n++
		}
	}
	return n
}

// matches reports whether s matches the regular expression re.
func matches(t *testing.T, re, s string) bool {
	t.Helper()
	return regexp.MustCompile(re).MatchString(s)
}

// TestStartErrors: an engine that cannot start or refuses the board is an
// error when the strategy is made (bad input), not a fault.
func TestStartErrors(t *testing.T) {
	b := board.MustNew(5, 2, board.Cylinder)
	for spec, want := range map[string]string{
		"exec:/nonexistent/engine":         `could not be started: there is no such file`,
		"exec:/etc/passwd":                 `could not be started: it is not an executable file`,
		"exec:no-such-program-hexproof":    `could not be started: no program of that name is on the PATH`,
		engine(t, "mirror.py"):             `refused it ("the mirror needs an even number of columns") on "boardsize 5 2"`,
		"exec:":                            `give the engine's command line`,
		"exec:python3 -c 'import sys'":     `exited (status 0) without answering on "name"`,
		`exec:python3 -c "print('hello')"`: `answered "hello", not a GTP answer`,
	} {
		s, err := strategies.New(spec, b)
		if err == nil {
			s.(*gtp.Strategy).Close()
			t.Errorf("%s: no error", spec)
			continue
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", spec, err, want)
		}
	}
}
