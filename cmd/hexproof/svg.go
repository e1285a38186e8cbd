package main

import (
	"fmt"
	"os"

	"hexproof/board"
	"hexproof/reports"
)

// writeSVG writes the game's final position as an SVG picture (reports.SVG):
// thesis orientation, numbered stones, the winning chain and the seams marked.
func writeSVG(path string, g board.Game) error {
	if err := os.WriteFile(path, reports.SVG(g, reports.SVGOptions{}), 0o644); err != nil {
		return fmt.Errorf("--svg: %w", err)
	}
	return nil
}
