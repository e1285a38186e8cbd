package board

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// symmetricPosition is a random position fixed by h: a few random cells,
// each closed under the cyclic group ⟨h⟩ and given one colour, so that the
// stabilizers the tests meet are not all trivial.
func symmetricPosition(rng *rand.Rand, b *Board, h Perm, stones int) Position {
	var p Position
	for k := 0; k < stones; k++ {
		c := Cell(rng.IntN(b.Cells()))
		var orbit Bits
		for x := c; !orbit.Has(x); x = h.Apply(x) {
			orbit = orbit.With(x)
		}
		if p.Occupied().And(orbit).Any() {
			continue
		}
		if rng.IntN(2) == 0 {
			p.Red = p.Red.Or(orbit)
		} else {
			p.Blue = p.Blue.Or(orbit)
		}
	}
	return p
}

// TestMoveClasses checks MoveClasses against its definition on random
// positions, many of them with symmetries of their own: the classes
// partition the empty cells, each is sorted and the classes are ordered by
// their first cell; two cells share a class exactly when some element of
// the group that fixes the position maps one onto the other; and the
// positions after the moves of one class (by either colour) are images of
// each other, which is what splitting a question by class relies on.
func TestMoveClasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 29))
	for _, g := range geometries {
		for _, s := range [][2]int{{3, 3}, {5, 4}, {5, 7}, {6, 5}, {4, 6}, {7, 7}} {
			b := cachedBoard(t, s[0], s[1], g)
			group := b.Group()
			for k := 0; k < 60; k++ {
				p := symmetricPosition(rng, b, group[rng.IntN(len(group))], rng.IntN(6))
				stab := Stabilizer(p, group)
				if len(stab) == 0 || !stab[0].isIdentity() || len(group)%len(stab) != 0 {
					t.Fatalf("%s: stabilizer of order %d in a group of %d, identity first", b, len(stab), len(group))
				}
				classes := MoveClasses(b, p, group)
				var all Bits
				class := map[Cell]int{}
				for i, cl := range classes {
					if len(cl) == 0 || !slices.IsSorted(cl) || (i > 0 && classes[i-1][0] >= cl[0]) {
						t.Fatalf("%s: classes not sorted: %v", b, classes)
					}
					for _, c := range cl {
						if all.Has(c) || p.Occupied().Has(c) {
							t.Fatalf("%s: cell %d twice or occupied", b, c)
						}
						all = all.With(c)
						class[c] = i
					}
				}
				if all != b.All().AndNot(p.Occupied()) {
					t.Fatalf("%s: the classes do not cover the empty cells", b)
				}
				for x := range class {
					for y := range class {
						maps := false
						for _, h := range group {
							if h.ApplyPos(p) == p && h.Apply(x) == y {
								maps = true
								break
							}
						}
						if maps != (class[x] == class[y]) {
							t.Fatalf("%s: cells %d and %d: mapped %v, same class %v", b, x, y, maps, class[x] == class[y])
						}
					}
				}
				for _, cl := range classes {
					for _, who := range []Color{Red, Blue} {
						key, _ := Canonical(p.Play(who, cl[0]), group)
						for _, c := range cl[1:] {
							if k2, _ := Canonical(p.Play(who, c), group); k2 != key {
								t.Fatalf("%s: moves %d and %d of one class lead to positions that are not images", b, cl[0], c)
							}
						}
					}
				}
			}
		}
	}
}

// TestMoveClassesCounts pins class counts worked out by hand on the
// cylinder. On the empty m×n board every map keeps or swaps rings j and
// n+1-j, and the rotations make each ring one class: ⌈n/2⌉ classes. After
// Red's (3,4) on 5×7, the maps that fix the stone are the identity, the
// reflection (i,j) → (-i-j, j), the half-turn (i,j) → (6-i, 8-j) and their
// product (4 of 20); no empty cell is fixed by all of them, and the 34 empty
// cells fall into 6 classes of four and 5 of two.
func TestMoveClassesCounts(t *testing.T) {
	for _, tc := range []struct {
		m, n    int
		moves   string
		stab    int
		classes int
	}{
		{5, 6, "", 20, 3},
		{5, 7, "", 20, 4},
		{4, 6, "", 16, 3},
		{5, 7, "R:(3,4)", 4, 11},
	} {
		b := cachedBoard(t, tc.m, tc.n, Cylinder)
		toks, err := b.ParseMoves(tc.moves)
		if err != nil {
			t.Fatal(err)
		}
		p, _, _, err := b.Play(Red, toks)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(Stabilizer(p, b.Group())); got != tc.stab {
			t.Errorf("%s after %q: stabilizer of order %d, want %d", b, tc.moves, got, tc.stab)
		}
		if got := len(MoveClasses(b, p, b.Group())); got != tc.classes {
			t.Errorf("%s after %q: %d classes, want %d", b, tc.moves, got, tc.classes)
		}
	}
}
