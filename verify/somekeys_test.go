package verify

import (
	"context"
	"math/rand/v2"
	"testing"

	"hexproof/board"
	"hexproof/internal/testkit"
	"hexproof/verify/andor"
)

// TestSomeStrategyKeys: the keys of the strategy's nodes under `some` (see
// someGame.Key) merge only nodes whose values are equal, and merge the images
// of a node under the strategy's symmetries. For every image h·q of random
// positions q and every opponent's stone x of it as the last move: Key and
// the key Expand gives (keyed) agree; the images (h·q, h·x) of one node share
// its key; and two nodes with one key are related as the key's kind says —
// some symmetry g maps the first position to the second and, for the mapped
// kind, the first last move to the second (for a LastClasser, the two moves
// have one class; without symmetries, the nodes are equal).
func TestSomeStrategyKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	kinds := map[string]int{}
	for _, b := range []*board.Board{
		board.MustNew(3, 3, board.Cylinder), board.MustNew(4, 3, board.Cylinder), board.MustNew(5, 4, board.Cylinder),
		board.MustNew(3, 3, board.Torus), board.MustNew(4, 4, board.Torus), board.MustNew(3, 4, board.Flat),
	} {
		for _, ns := range testStrategies(b) {
			e := newEngine(Options{Strategy: ns.s, Name: ns.name, Starter: ns.s.Side(), Choices: Some})
			g := e.newSomeSearch(context.Background()).g
			kind := "as it is"
			switch {
			case g.classes != nil && g.symClasses:
				kind = "class, canonical"
			case g.classes != nil:
				kind = "class"
			case g.orbit != nil:
				kind = "mapped"
			}
			kinds[kind]++
			type node struct {
				q board.Position
				x board.Cell
			}
			related := func(a, c node) bool {
				for _, h := range e.group {
					if h.ApplyBits(a.q.Red) != c.q.Red || h.ApplyBits(a.q.Blue) != c.q.Blue {
						continue
					}
					switch kind {
					case "class, canonical", "class":
						if g.classes.LastClass(a.x) == g.classes.LastClass(c.x) {
							return true
						}
					default:
						if h.Apply(a.x) == c.x {
							return true
						}
					}
				}
				return false
			}
			seen := map[andor.Key]node{}
			for i := 0; i < 60; i++ {
				q0 := testkit.RandomPosition(r, b)
				var key0 andor.Key
				for hi, h := range e.group {
					q := board.Position{Red: h.ApplyBits(q0.Red), Blue: h.ApplyBits(q0.Blue)}
					for xs := stonesOf(q, e.opp); xs.Any(); {
						x := xs.Pop()
						n := someNode{p: q, last: x, strat: true}
						k, _ := g.Key(n)
						g.fill(q.Without(x))
						c := andor.Child[someNode]{Cell: x, S: n}
						g.keyed(&c)
						if c.Key != k {
							t.Fatalf("%s %s (%s): Key %v, Expand's key %v for %v after %d", b, ns.name, kind, k, c.Key, q, x)
						}
						// e.group[0] is the identity: key0 is the key of
						// (q0, its first stone), compared with its images'.
						first := stonesOf(q0, e.opp).First()
						if hi == 0 && x == first {
							key0 = k
						}
						if hi > 0 && x == h.Apply(first) && kind != "as it is" && kind != "class" && k != key0 {
							t.Fatalf("%s %s (%s): the image of a node has another key", b, ns.name, kind)
						}
						if m, ok := seen[k]; ok && !related(m, node{q, x}) {
							t.Fatalf("%s %s (%s): %v after %d and %v after %d share a key but are not related", b, ns.name, kind, m.q, m.x, q, x)
						}
						seen[k] = node{q, x}
					}
				}
			}
		}
	}
	for _, k := range []string{"class, canonical", "mapped", "as it is"} {
		if kinds[k] == 0 {
			t.Errorf("no strategy keyed %q", k)
		}
	}
	t.Logf("strategies by kind of key: %v", kinds)
}

func stonesOf(p board.Position, c board.Color) board.Bits {
	if c == board.Red {
		return p.Red
	}
	return p.Blue
}
