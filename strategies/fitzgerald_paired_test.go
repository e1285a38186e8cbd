package strategies

import (
	"math/rand/v2"
	"strings"
	"testing"

	"hexproof/board"
)

// TestPairedAllowed: fitzgerald's PairedAllowed, given the fitzgerald-rules
// variant of its readings, answers exactly as the two strategies' Allowed
// do: the rules' cells and rule, and fitzgerald's own move and rule. On 5×4
// … 5×9, for the default reading and random ones of the seven reading
// options, at every Blue move from random game positions and random fillings
// (rule 1 with one and several winning cells, rule 7 with and without the
// connection area, the full board, the opening; about 30,000 decisions). And it declines (ok false)
// for a strategy that is not that variant: another reading, a repair,
// knowledge, another board, itself.
func TestPairedAllowed(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 11))
	readings := [][2]string{{"area", "round-up,round-down,lifted,rect,middle-ring,off"}, {"item3", "before,after"},
		{"item7", "off,on"}, {"skip", "5,4"}, {"overlap", "shared-end,any"}, {"item8", "any,shared-end"}, {"rule6c", "ordered,union"}}
	// Each pair: fitzgerald's readings (all seven), and fitzgerald-rules
	// with the same values of the three it has (the others are the
	// hierarchy's; pairs does not compare them, and a rule that read one
	// would differ here, the rules variant having the default).
	specs := [][2]string{{"", ""}}
	for k := 0; k < 10; k++ {
		var kv, rkv []string
		for _, r := range readings {
			vs := strings.Split(r[1], ",")
			v := r[0] + "=" + vs[rng.IntN(len(vs))]
			kv = append(kv, v)
			if r[0] == "skip" || r[0] == "overlap" || r[0] == "rule6c" {
				rkv = append(rkv, v)
			}
		}
		specs = append(specs, [2]string{":" + strings.Join(kv, ","), ":" + strings.Join(rkv, ",")})
	}
	labels := map[string]int{}
	compared := 0
	for n := 4; n <= 9; n++ {
		b := board.MustNew(5, n, board.Cylinder)
		for _, sp := range specs {
			spec := sp[0]
			hs, err := New("fitzgerald"+spec, b)
			if err != nil {
				t.Fatal(err)
			}
			rs, err := New("fitzgerald-rules"+sp[1], b)
			if err != nil {
				t.Fatal(err)
			}
			h := hs.(*Fitzgerald)
			check := func(q board.Position, last board.Cell) {
				a, rule, own, ownRule, ok := h.PairedAllowed(rs, q, last)
				if !ok {
					t.Fatalf("%s %s: PairedAllowed declined its own rules variant", b, spec)
				}
				wa, wrule := rs.Allowed(q, last)
				wo, worule := h.Allowed(q, last)
				if a != wa || rule != wrule || own != wo || ownRule != worule {
					t.Fatalf("%s %s at %v after %d: paired %v %q / %v %q, alone %v %q / %v %q",
						b, spec, q, last, a.Cells(), rule, own.Cells(), ownRule, wa.Cells(), wrule, wo.Cells(), worule)
				}
				labels[rule]++
				compared++
			}
			check(board.Position{}, board.NoCell)
			for _, p := range randomFitzPositions(rng, h, 6) {
				empty := b.All().AndNot(p.Occupied())
				for e := empty; e.Any(); {
					x := e.Pop()
					if rng.IntN(3) == 0 || empty.Count() == 1 {
						check(p.Play(board.Blue, x), x)
					}
				}
			}
		}
	}
	for _, l := range []string{"0", "1", "2(a)", "3(b)", "4", "7(b)", "7(c)", "7(d)", "16(c)", "none"} {
		if labels[l] == 0 {
			t.Errorf("rule %s never met (%v)", l, labels)
		}
	}
	t.Logf("%d decisions compared; rules met: %v", compared, labels)

	b := board.MustNew(5, 6, board.Cylinder)
	h := mustNew(t, "fitzgerald", b).(*Fitzgerald)
	for _, other := range []Strategy{
		mustNew(t, "fitzgerald-rules:skip=4", b),
		mustNew(t, "fitzgerald-rules:rule6c=union", b),
		mustNew(t, "fitzgerald:repairs=all", b),
		mustNew(t, "fitzgerald-rules", board.MustNew(5, 7, board.Cylinder)),
		h,
		mustNew(t, "vandenbroek", b),
	} {
		if _, _, _, _, ok := h.PairedAllowed(other, board.Position{}, board.NoCell); ok {
			t.Errorf("PairedAllowed accepted %T %v", other, other)
		}
	}
	if _, _, _, _, ok := mustNew(t, "fitzgerald:repairs=all", b).(*Fitzgerald).PairedAllowed(mustNew(t, "fitzgerald-rules", b), board.Position{}, board.NoCell); ok {
		t.Errorf("a repaired fitzgerald paired with the rules")
	}
}
