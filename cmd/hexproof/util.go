package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"

	"hexproof/board"
	"hexproof/reports"
	"hexproof/strategies"
	"hexproof/verify"
)

func runtimeCPUs() int { return runtime.NumCPU() }

// parseBytes reads sizes such as 512MiB, 4GiB, 2G or a plain number of bytes.
func parseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40}, {"B", 1}} {
		if strings.HasSuffix(strings.ToUpper(t), strings.ToUpper(u.suffix)) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v <= 0 {
		return 0, fmt.Errorf("%q is not a size such as 512MiB or 4GiB", s)
	}
	return int64(v * float64(mult)), nil
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

// strategyFromFlags builds the board and the strategy named by --board,
// --geometry and --strategy, with the errors a user should see.
func strategyFromFlags(size, geo, name string) (*board.Board, strategies.Strategy, error) {
	b, err := boardFromFlags(size, geo)
	if err != nil {
		return nil, nil, err
	}
	if name == "" {
		return nil, nil, fmt.Errorf("--strategy is required (see 'hexproof strategies')")
	}
	s, err := strategies.New(name, b)
	if err != nil {
		return nil, nil, err
	}
	return b, s, nil
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

// parseStarters reads --starter: red, blue or both.
func parseStarters(s string) ([]board.Color, error) {
	if s == "both" {
		return []board.Color{board.Red, board.Blue}, nil
	}
	c, err := board.ParseColor(s)
	if err != nil {
		return nil, fmt.Errorf("--starter: %v (or both)", err)
	}
	return []board.Color{c}, nil
}

// writeJSON writes v indented to path, or to stdout for "-".
func writeJSON(path string, v any, stdout io.Writer) error {
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return writeOut(path, append(out, '\n'), stdout)
}
