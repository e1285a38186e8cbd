package main

import (
	"fmt"
	"os"

	"hexproof/board"
	"hexproof/reports"
	"hexproof/verify"
)

// writeSVG writes the game's final position as an SVG picture (reports.SVG):
// thesis orientation, numbered stones, the winning chain and the seams marked.
func writeSVG(path string, g board.Game) error {
	if err := os.WriteFile(path, reports.SVG(g, reports.SVGOptions{}), 0o644); err != nil {
		return fmt.Errorf("--svg: %w", err)
	}
	return nil
}

// init connects verify's hooks (util.go) to the reports package: the
// --export-losses writers chosen by file extension and the --report pages.
func init() {
	newLossWriter = func(path string, b *board.Board, meta reports.Meta) (lossWriter, error) {
		return reports.NewLossWriter(path, b, meta)
	}
	writeReport = func(dir string, r *verify.Result) error { return reports.WriteReport(dir, r) }
}
