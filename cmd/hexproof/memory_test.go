package main

import (
	"hexproof/internal/procmem"
	"hexproof/internal/testkit"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The memory promise (issue 32, docs/reliability.md "Memory"): a run's
// resident memory stays within --memory plus a fixed share. These tests run
// the binary on workloads that need at least eight times their budget and
// read the child's peak resident memory from the kernel.

// memorySlack is what a process may hold beside its budget: the Go runtime,
// the binary, Badger's memtables and caches, goroutine stacks.
const memorySlack = 96 << 20

// measured runs bin and reports its exit code, its standard output, its peak
// resident memory (the kernel's maxrss, which is VmHWM: anonymous memory
// and mapped file pages, the binary's included) and the peak of its anonymous memory alone, sampled every 20 ms.
func measured(t *testing.T, bin, dir string, args ...string) (code int, out string, peak, peakAnon int64) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var so, se strings.Builder
	cmd.Stdout, cmd.Stderr = &so, &se
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	anon := make(chan int64)
	go func() {
		var most int64
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			if v := procmem.ProcessKB(cmd.Process.Pid, "RssAnon:"); v > most {
				most = v
			}
			select {
			case <-done:
				anon <- most
				return
			case <-tick.C:
			}
		}
	}()
	err := cmd.Wait()
	close(done)
	peakAnon = <-anon
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		peak = ru.Maxrss << 10 // kilobytes on Linux
	}
	if se.Len() > 0 && code == 0 {
		t.Logf("%v: stderr %s", args, se.String())
	}
	return code, so.String(), peak, peakAnon
}

// TestMemoryBound runs each command that holds positions on a workload
// that needs at least 8× its budget, with --jobs 2 where the command takes
// it, and checks the peak against the budget plus memorySlack.
func TestMemoryBound(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc: the peak cannot be read here")
	}
	if testing.Short() {
		t.Skip("runs of about 15 s each")
	}
	bin := testkit.Binary(t)
	dir := t.TempDir()
	const mib = 1 << 20
	cases := []struct {
		name   string
		args   []string
		budget int64
		code   int
		want   string // in the output
	}{
		// mirror 6x6, Blue starts, its first 4 M positions: 212 MB peak in
		// memory without a limit (docs/reliability.md, "Memory").
		{"verify in memory", []string{"verify", "--board", "6x6", "--strategy", "mirror", "--starter", "blue", "--in-memory",
			"--memory", "16MiB", "--jobs", "2", "--blunder-time", "0"}, 16 * mib, 3, "memory budget"},
		// The same with a database: the layers beyond the budget spill
		// to their files, which are read and written with pread and
		// write, so their pages stay in the system's page cache, outside
		// the process's resident set (before database format 3 Badger
		// mapped them into it: 1,132 MiB).
		{"verify spilling", []string{"verify", "--board", "6x6", "--strategy", "mirror", "--starter", "blue", "--db", filepath.Join(dir, "db"),
			"--memory", "16MiB", "--jobs", "2", "--max-positions", "4000000", "--blunder-time", "0"}, 16 * mib, 3, "position"},
		// vandenbroek 5x6 under some: 123 MB in 12 s without a limit, 6.4
		// GB for the whole run (results.md).
		{"verify some", []string{"verify", "--board", "5x6", "--strategy", "vandenbroek", "--starter", "red", "--choices", "some",
			"--memory", "16MiB", "--time-limit", "20s", "--blunder-time", "0"}, 16 * mib, 3, "time limit"},
		// The plain solve of 5x6: 4.4 GiB (results.md).
		{"solve", []string{"solve", "--board", "5x6", "--starter", "red", "--no-knowledge", "--memory", "32MiB", "--time-limit", "12s"},
			32 * mib, 3, "inconclusive"},
		// A certificate of 5x5 with Blue starting (4.0 M answers, 1.2 GB)
		// that does not fit.
		{"solve certificate", []string{"solve", "--board", "5x5", "--starter", "blue", "--certificate", filepath.Join(dir, "c.json"),
			"--memory", "16MiB", "--time-limit", "60s"}, 16 * mib, 3, "did not fit in --memory 16MiB"},
		// 10 M random games of hht 5x5: about 1.2 KB a game when every game
		// was kept to the end (509 MB in 20 s), a window of games now.
		// simulate takes no --memory: what it holds does not grow with
		// --games, so the smallest budget is the bound.
		{"simulate", []string{"simulate", "--board", "5x5", "--strategy", "hht", "--starter", "blue", "--opponent", "random",
			"--games", "10000000", "--jobs", "2", "--time-limit", "10s"}, 16 * mib, 1, "time limit"},
		// hunt's tables each stop at their share of the budget (TableCap;
		// TestHuntAgreesWithVerify hunts with tables of 1,024 positions).
		// A hunt expands only a few thousand positions a second, so this is
		// the bound on a short run, not a workload of 8x the budget: the
		// tables reach 640 MiB a job only after about half an hour.
		{"hunt", []string{"hunt", "--board", "6x5", "--strategy", "gardner", "--starter", "blue", "--jobs", "2",
			"--memory", "16MiB", "--time-limit", "10s"}, 16 * mib, 3, "time limit"},
	}
	for _, c := range cases {
		code, out, peak, anon := measured(t, bin, dir, append(c.args, "--no-progress")...)
		t.Logf("%s: exit %d, peak %d MiB (anonymous %d MiB), budget %d MiB", c.name, code, peak>>20, anon>>20, c.budget>>20)
		if code != c.code || !strings.Contains(out, c.want) {
			t.Errorf("%s: exit %d, want %d and %q in:\n%s", c.name, code, c.code, c.want, out)
		}
		if peak > c.budget+memorySlack {
			t.Errorf("%s: peak %d MiB (anonymous %d MiB) over the budget %d MiB + %d MiB", c.name, peak>>20, anon>>20, c.budget>>20, memorySlack>>20)
		}
	}
}
