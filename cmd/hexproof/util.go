package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/pflag"

	"hexproof/board"
	"hexproof/reports"
	"hexproof/verify"
)

func runtimeCPUs() int { return runtime.NumCPU() }

// parseBytes reads sizes such as 512MiB, 4GiB, 2G or a plain number of bytes:
// a finite, positive number of whole bytes, at most 1 EiB.
func parseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"PiB", 1 << 50}, {"EiB", 1 << 60},
		{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40}, {"P", 1 << 50}, {"E", 1 << 60}, {"B", 1}} {
		if strings.HasSuffix(strings.ToUpper(t), strings.ToUpper(u.suffix)) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.mult
			break
		}
	}
	bad := fmt.Errorf("%q is not a size such as 512MiB or 4GiB", s)
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 || strings.ContainsAny(t, "xXpP_") {
		return 0, bad
	}
	bytes := v * float64(mult)
	if bytes > 1<<60 {
		return 0, fmt.Errorf("%q is more than 1EiB, not a memory size", s)
	}
	if bytes != math.Trunc(bytes) {
		return 0, fmt.Errorf("%q is not a whole number of bytes", s)
	}
	return int64(bytes), nil
}

// minMemory is the smallest --memory a run starts with: below it the tables
// and buffers a run sets up before its first position do not fit.
const minMemory = 16 << 20

// parseMemory reads --memory: a size (parseBytes) of at least minMemory.
func parseMemory(s string) (int64, error) {
	v, err := parseBytes(s)
	if err != nil {
		return 0, fmt.Errorf("--memory: %v", err)
	}
	if v < minMemory {
		return 0, fmt.Errorf("--memory %s: too small to start; the smallest budget is 16MiB", strings.TrimSpace(s))
	}
	return v, nil
}

// lossWriter and the hooks below connect verify to the reports package's
// exports and report pages.
type lossWriter interface {
	Write(board.Game) error
	WriteAnnotated(board.Game, *verify.Blunder) error
	Close() error
}

var newLossWriter = func(path string, b *board.Board, meta reports.Meta) (lossWriter, error) {
	return nil, fmt.Errorf("--export-losses %s: exports are not available yet", path)
}

var writeReport = func(dir string, r *verify.Result) error {
	return fmt.Errorf("--report %s: reports are not available yet", dir)
}

// writeOut writes a document to path, or to stdout for "-".
func writeOut(path string, out []byte, stdout io.Writer) error {
	if path == "-" {
		_, err := stdout.Write(out)
		return err
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		return fmt.Errorf("--json: %w", err)
	}
	return nil
}

// writeJSON writes v indented to path, or to stdout for "-".
func writeJSON(path string, v any, stdout io.Writer) error {
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return writeOut(path, append(out, '\n'), stdout)
}

// reportFiles are the files a report writes in its directory
// (reports.WriteReport).
var reportFiles = []string{"report.md", "report.html", "final.svg"}

// reportOutputs is --report DIR as outputs: DIR, or one directory in it per
// starter when there are several.
func reportOutputs(dir string, starters []board.Color) []output {
	if dir == "" || dir == "-" || len(starters) <= 1 {
		return []output{{flag: "report", path: dir, dir: true, files: reportFiles}}
	}
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return []output{{flag: "report", path: dir, dir: true}} // refused as a file
	}
	var outs []output
	for _, st := range starters {
		outs = append(outs, output{flag: "report", path: filepath.Join(dir, st.String()+"-starts"), dir: true, files: reportFiles})
	}
	return outs
}

// certOutputs is --certificate FILE (or --overlay FILE: flag) as outputs:
// FILE, or FILE with -red and -blue before its extension when both starters
// run.
func certOutputs(flag, path string, starters []board.Color) []output {
	if path == "" || path == "-" || len(starters) <= 1 {
		return []output{{flag: flag, path: path}}
	}
	var outs []output
	for _, st := range starters {
		outs = append(outs, output{flag: flag, path: certPath(path, st, true)})
	}
	return outs
}

// runDir is the database folder of one run under the folder the user gave:
// its run ID made one safe path component (safeName), so that a strategy
// spec holding a path cannot lead outside root.
func runDir(root string, opt verify.Options) string {
	return filepath.Join(root, safeName(verify.RunID(opt)))
}

// openLosses opens the --export-losses file, with the same words for a path
// that cannot be written and for an unknown format in every command.
func openLosses(path string, b *board.Board, meta reports.Meta) (lossWriter, error) {
	w, err := newLossWriter(path, b, meta)
	var pe *os.PathError
	switch {
	case errors.As(err, &pe):
		return nil, fmt.Errorf("--export-losses %s: cannot write there: %v", path, pe.Err)
	case err != nil:
		return nil, fmt.Errorf("--export-losses: %v", err)
	}
	return w, nil
}

// checkOutputFile checks, without leaving a trace, that path can be written:
// an existing regular file is opened for writing (not truncated); otherwise
// the file is created and removed again.
func checkOutputFile(flag, path string) error {
	if lst, lerr := os.Lstat(path); lerr == nil && lst.Mode()&os.ModeSymlink != 0 {
		if _, err := os.Stat(path); err != nil {
			return fmt.Errorf("--%s %s: is a symbolic link to nothing (%v); remove it or give another path", flag, path, pathReason(err))
		}
	}
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return fmt.Errorf("--%s %s: is a directory, not a file", flag, path)
	case err == nil:
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("--%s %s: cannot write there: %v", flag, path, pathReason(err))
		}
		return f.Close()
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("--%s %s: cannot write there: %v", flag, path, pathReason(err))
	}
	f.Close()
	return os.Remove(path)
}

// pathReason is the reason of a file error without the repeated path.
func pathReason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// onlyWith refuses a flag given where it would be ignored: each rule is a
// flag, whether what it needs is there, and what it needs, in the user's
// words (contract 8 of docs/reliability.md).
func onlyWith(fs *pflag.FlagSet, rules ...flagNeed) error {
	for _, r := range rules {
		if fs.Changed(r.flag) && !r.ok {
			return fmt.Errorf("--%s %s; it would be ignored, so leave it out", r.flag, r.why)
		}
	}
	return nil
}

// flagNeed is one rule of onlyWith.
type flagNeed struct {
	flag string
	ok   bool
	why  string
}

// interruptible is the context every command runs in: the first Ctrl-C (or
// SIGTERM) cancels it, so that the run winds down and reports what it has;
// a second one ends the process at once (the default action), so that a
// run that is slow to wind down can still be stopped.
func interruptible() (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}
