package board

import (
	"fmt"
	"strings"
)

// Picture draws a position as text in the thesis's orientation: ring 1 at the
// top, each ring shifted half a cell to the right of the one above (so (i, j)
// touches (i-1, j+1) and (i, j+1) below it). R and B are stones, . is empty; a
// cell in mark is drawn in lower case (r, b) or as * when empty. On the cylinder
// and torus a ':' on both sides marks the seam where column m meets column 1; on
// the torus ring n also meets ring 1.
func (b *Board) Picture(p Position, mark Bits) string {
	var sb strings.Builder
	labelW := len(fmt.Sprint(b.N))
	// Column header, aligned with ring 1.
	sb.WriteString(strings.Repeat(" ", labelW+3))
	for i := 1; i <= b.M; i++ {
		l := columnLetters(i)
		sb.WriteString(l)
		if i < b.M && len(l) < 2 {
			sb.WriteByte(' ')
		}
	}
	sb.WriteByte('\n')
	edgeL, edgeR := "\\", "\\"
	if b.Geo != Flat {
		edgeL, edgeR = ":", ":"
	}
	for j := 1; j <= b.N; j++ {
		fmt.Fprintf(&sb, "%*d %s%s ", labelW, j, strings.Repeat(" ", j-1), edgeL)
		for i := 1; i <= b.M; i++ {
			c := b.Cell(i, j)
			ch := byte('.')
			switch p.At(c) {
			case Red:
				ch = 'R'
			case Blue:
				ch = 'B'
			}
			if mark.Has(c) {
				switch ch {
				case '.':
					ch = '*'
				default:
					ch |= 0x20
				}
			}
			sb.WriteByte(ch)
			if i < b.M {
				sb.WriteByte(' ')
			}
		}
		fmt.Fprintf(&sb, " %s\n", edgeR)
	}
	switch b.Geo {
	case Cylinder:
		sb.WriteString("(cylinder: ':' marks the seam; column " + fmt.Sprint(b.M) + " is glued to column 1)\n")
	case Torus:
		sb.WriteString("(torus: ':' marks the seam; columns and rings wrap around)\n")
	}
	return sb.String()
}
