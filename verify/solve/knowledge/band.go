package knowledge

import (
	"math/bits"

	"hexproof/board"
)

// Band templates (docs/decisions/solve.md K21): on a cylinder of
// circumference m, a lone Red stone in ring d whose rings 1 … d−1 hold no
// Blue stone is joined to ring 1 even with Blue to move, for every depth d
// that bandDepths lists for m. The claim is about a small game: on the m×d
// cylinder, Red on one cell of ring d, Blue on the m−1 others, Blue to move;
// Red wins it exactly when the stone connects to ring 1 through rings
// 1 … d−1 alone, since it is Red's only cell in ring d. The cells of rings
// 1 … d−1 and their neighbours are the same on every cylinder of
// circumference m with at least d rings, so on a larger board the stone has
// a virtual connection to ring 1 with the band's empty cells as carrier:
// Red stones in the band and anything outside it only add to what Red has
// (a stone more never hurts its owner). Every column gives the same game
// (the cylinder's rotation), and the half-turn, which exchanges ring 1 and
// ring n, gives the same for a stone in ring n+1−d and the band below it.
//
// bandDepths[m] has bit d set when the template of depth d holds on
// circumference m. TestBandTemplates (verify/solve) solves each of these
// games again, each depth with only the smaller depths in use, the smallest
// ones also without any knowledge; the games of the depths not listed were
// not solved here, or not won by Red.
var bandDepths = map[int]uint64{
	3: 1<<11 - 4, 4: 1<<9 - 4, 5: 1<<10 - 4, 7: 1<<8 - 4,
}

// bandSetup fills the Analyzer's band tables (cylinder only).
func (a *Analyzer) bandSetup(b *board.Board) {
	if !a.cylinder || a.lim.NoBands {
		return
	}
	depths := bandDepths[b.M]
	if a.lim.BandsBelow > 0 {
		depths &= 1<<uint(a.lim.BandsBelow) - 1
	}
	if depths == 0 {
		return
	}
	n := b.N
	a.ring = make([]uint8, b.Cells())
	for c := range a.ring {
		_, j := b.Coord(board.Cell(c))
		a.ring[c] = uint8(j)
	}
	a.above = make([]uint64, n+2)
	a.below = make([]uint64, n+2)
	for j := 1; j <= n; j++ {
		// above[j]: rings 1 … j−1; below[j]: rings j+1 … n.
		for c, r := range a.ring {
			if int(r) < j {
				a.above[j] |= 1 << uint(c)
			}
			if int(r) > j {
				a.below[j] |= 1 << uint(c)
			}
		}
	}
	a.bandTop = make([]bool, n+1)
	a.bandBot = make([]bool, n+1)
	for j := 2; j <= n; j++ {
		a.bandTop[j] = depths&(1<<uint(j)) != 0
		a.bandBot[n+1-j] = a.bandTop[j]
	}
	a.bands = true
}

// bandVCs adds, before the closure, the band templates' connections of
// node i (cells: its stones, or its one empty cell) with the terminals:
// from its highest ring to ring 1 and from its lowest to ring n, each when
// the band on that side holds no Blue stone (blue: the filled position's,
// dead cells and Blue's captured ones included) and the depth is listed.
// Only the nearest ring on each side is tried: a farther one's band holds
// the nearer one's, and with it the node's own cells.
func (h *hsearch) bandVCs(a *Analyzer, i int, cells, red, blue, live uint64) {
	hi, lo := a.ringSpan(cells)
	if a.bandTop[hi] && a.above[hi]&blue == 0 {
		h.addVC(0, i, a.above[hi]&live, 0)
	} else if a.games != nil && hi > 1 && a.above[hi]&blue != 0 && a.askGame(hi, cells&a.inRing[hi], red&a.above[hi], blue&a.above[hi]) {
		h.addVC(0, i, a.above[hi]&live, 0)
	}
	if h.stop {
		return
	}
	if a.bandBot[lo] && a.below[lo]&blue == 0 {
		h.addVC(1, i, a.below[lo]&live, 0)
	} else if a.games != nil && lo < len(a.below)-2 && a.below[lo]&blue != 0 {
		// The half-turn takes the band below ring lo to the band above ring
		// n+1−lo, with the same cells' indices as on the m×(n+1−lo) board.
		turn := func(x uint64) uint64 { return a.half.ApplyBits(board.Bits{Lo: x}).Lo }
		if a.askGame(len(a.below)-1-lo, turn(cells&a.inRing[lo]), turn(red&a.below[lo]), turn(blue&a.below[lo])) {
			h.addVC(1, i, a.below[lo]&live, 0)
		}
	}
}

// BandGames answers band games with stones in the band (K24): whether Red,
// with Blue to move, connects its cells stones of ring d to ring 1 on the
// m×d cylinder whose rings 1 … d−1 hold Red's red and Blue's blue and whose
// other cells of ring d are Blue (cells numbered as on any cylinder of
// circumference m). An answer of true must be a proof; false may mean
// "not known". RedFirst is the same game with Red to move (K26): a cell
// whose Red stone wins it (then Blue to move), proved, or −1 when none is
// known.
type BandGames interface {
	RedReaches(d int, stones, red, blue uint64) bool
	RedFirst(d int, stones, red, blue uint64) int
}

// SetBandGames makes the band templates ask g about bands that hold Blue
// stones, at depths up to maxDepth with at most maxBlue Blue stones in the
// band (a game asked about is solved, so the limits bound the work). Only
// on cylinders with the band templates in use.
func (a *Analyzer) SetBandGames(g BandGames, maxDepth, maxBlue int) {
	if !a.bands {
		return
	}
	a.games, a.gamesDepth, a.gamesBlue = g, maxDepth, maxBlue
	n := len(a.below) - 2
	a.inRing = make([]uint64, n+2)
	for c, r := range a.ring {
		a.inRing[r] |= 1 << uint(c)
	}
	a.half = a.b.HalfTurn()
}

// askGame is a.games's answer for the band game of depth d, within the
// limits; stones are Red's cells of ring d (an empty cell counts as Red's,
// as for the fixed templates).
func (a *Analyzer) askGame(d int, stones, red, blue uint64) bool {
	if d > a.gamesDepth || bits.OnesCount64(blue) > a.gamesBlue || stones == 0 {
		return false
	}
	return a.games.RedReaches(d, stones, red, blue)
}

// BandDepths lists the depths of the band templates of circumference m
// (K21), smallest first, for the test that solves their games again.
func BandDepths(m int) []int {
	var out []int
	for d := range 64 {
		if bandDepths[m]&(1<<uint(d)) != 0 {
			out = append(out, d)
		}
	}
	return out
}

// bandFirst looks, for Red to move when H-search found no semi-connection
// between the rings, for a Red group joined to one ring by a VC whose
// carrier misses the band on the group's other side, and whose band game on
// that side Red wins moving first (K26). Red plays that game's winning cell
// and then holds both connections, whose carriers are disjoint, so the cell
// is a winning move: an SC between the rings with the band's live cells and
// the VC's carrier as its carrier. It records the first one found.
func (h *hsearch) bandFirst(a *Analyzer, ng int, red, blue, live uint64) {
	turn := func(x uint64) uint64 { return a.half.ApplyBits(board.Bits{Lo: x}).Lo }
	for i := 2; i < ng && !h.stop; i++ {
		cells := h.gs[i].stones
		hi, lo := a.ringSpan(cells)
		// The band above (towards ring 1), with a VC to ring n.
		if hi > 1 && a.above[hi]&blue != 0 {
			if c, ok := h.vcMissing(i, 1, a.above[hi]); ok {
				if k := a.askFirst(hi, cells&a.inRing[hi], red&a.above[hi], blue&a.above[hi]); k >= 0 && uint64(1)<<uint(k)&a.above[hi]&live != 0 {
					h.addSC(0, 1, c|a.above[hi]&live, uint64(1)<<uint(k), 0)
					continue
				}
			}
		}
		// The band below, as the band above its half-turn image.
		if lo < len(a.below)-2 && a.below[lo]&blue != 0 {
			if c, ok := h.vcMissing(i, 0, a.below[lo]); ok {
				if k := a.askFirst(len(a.below)-1-lo, turn(cells&a.inRing[lo]), turn(red&a.below[lo]), turn(blue&a.below[lo])); k >= 0 {
					if key := turn(uint64(1) << uint(k)); key&a.below[lo]&live != 0 {
						h.addSC(0, 1, c|a.below[lo]&live, key, 0)
					}
				}
			}
		}
	}
}

// vcMissing is the carrier of a VC between nodes x and y that misses the
// cells of band, if H-search found one.
func (h *hsearch) vcMissing(x, y int, band uint64) (uint64, bool) {
	p := h.pair(x, y)
	for _, c := range h.vc[p][:h.nvc[p]] {
		if c&band == 0 {
			return c, true
		}
	}
	return 0, false
}

// askFirst is a.games's winning cell of the band game of depth d with Red
// to move, within the limits; −1 when none is known.
func (a *Analyzer) askFirst(d int, stones, red, blue uint64) int {
	if d > a.gamesDepth || bits.OnesCount64(blue) > a.gamesBlue || stones == 0 {
		return -1
	}
	return a.games.RedFirst(d, stones, red, blue)
}

// ringSpan is the highest (nearest ring 1) and lowest ring of cells.
func (a *Analyzer) ringSpan(cells uint64) (hi, lo int) {
	for x := cells; x != 0; x &= x - 1 {
		r := int(a.ring[bits.TrailingZeros64(x)])
		if hi == 0 || r < hi {
			hi = r
		}
		if r > lo {
			lo = r
		}
	}
	return hi, lo
}
