package tt

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func randomKeys(r *rand.Rand, n int) []Key {
	out := make([]Key, n)
	for i := range out {
		// Few distinct values, so that duplicates are common.
		out[i] = Key{uint64(r.IntN(50)), uint64(r.IntN(50))}
	}
	return out
}

func reference(runs ...[]Key) []Key {
	var all []Key
	for _, r := range runs {
		all = append(all, r...)
	}
	m := map[Key]bool{}
	var out []Key
	for _, k := range all {
		if !m[k] {
			m[k] = true
			out = append(out, k)
		}
	}
	slices.SortFunc(out, Compare)
	return out
}

func TestSortMergeUnique(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200; i++ {
		a := randomKeys(r, r.IntN(300))
		b := randomKeys(r, r.IntN(300))
		want := reference(a, b)
		got := MergeUnique(SortUnique(slices.Clone(a)), SortUnique(slices.Clone(b)))
		if !slices.Equal(got, want) {
			t.Fatalf("MergeUnique differs from the reference")
		}
	}
	// Key order is the order of the big-endian bytes, so Badger iterates layers
	// in the same order as memory.
	for i := 0; i < 1000; i++ {
		a := Key{r.Uint64(), r.Uint64()}
		b := Key{r.Uint64() >> r.IntN(64), r.Uint64()}
		if got, want := Compare(a, b), strings.Compare(string(a.Bytes(nil)), string(b.Bytes(nil))); got != want {
			t.Fatalf("Compare(%v, %v) = %d, bytes compare %d", a, b, got, want)
		}
		if KeyFromBytes(a.Bytes(nil)) != a {
			t.Fatalf("Bytes round trip")
		}
	}
}

// TestSortKeys: the radix sort orders as slices.SortFunc(Compare) does, for
// keys that differ in few or in all bytes, with many duplicates or none.
func TestSortKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 300; i++ {
		n := r.IntN(3 * radixMin)
		keys := make([]Key, n)
		maskR, maskB := r.Uint64()>>r.IntN(64), r.Uint64()>>r.IntN(64)
		base := Key{r.Uint64(), r.Uint64()}
		for j := range keys {
			keys[j] = Key{base.Red ^ r.Uint64()&maskR, base.Blue ^ r.Uint64()&maskB}
			if j > 0 && r.IntN(3) == 0 {
				keys[j] = keys[r.IntN(j)]
			}
		}
		want := slices.Clone(keys)
		slices.SortFunc(want, Compare)
		// Half the cases sort with scratch space of random size (too
		// short scratch is replaced).
		var scratch []Key
		if i%2 == 1 {
			scratch = make([]Key, r.IntN(2*n+1))
		}
		sortKeys(keys, scratch)
		if !slices.Equal(keys, want) {
			t.Fatalf("case %d (%d keys, scratch %d): the radix sort differs from slices.SortFunc", i, n, len(scratch))
		}
	}
}

// BenchmarkSortUnique sorts a partition's worth of keys of 5×4 positions
// (20 cells: three bytes of each word vary).
//
//	go test -run '^$' -bench SortUnique -count 8 ./tt | benchstat -
func BenchmarkSortUnique(b *testing.B) {
	r := rand.New(rand.NewPCG(7, 8))
	const n = 1 << 16
	src := make([]Key, n)
	for i := range src {
		red := r.Uint64() & (1<<20 - 1)
		src[i] = Key{red, r.Uint64() & (1<<20 - 1) &^ red}
	}
	keys := make([]Key, n)
	for b.Loop() {
		copy(keys, src)
		SortUnique(keys)
	}
}

// testStore checks a store: layers written in several overlapping runs read
// back sorted and unique, membership, Create replacing a layer, Drop, meta.
func testStore(t *testing.T, s Store) {
	r := rand.New(rand.NewPCG(3, 4))
	var runs [][]Key
	w, err := s.Create(3)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		run := SortUnique(randomKeys(r, 100))
		runs = append(runs, run)
		if err := w.Add(run); err != nil {
			t.Fatal(err)
		}
	}
	l, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	want := reference(runs...)
	if l.Len() != int64(len(want)) {
		t.Fatalf("Len %d, want %d", l.Len(), len(want))
	}
	var got []Key
	if err := l.Scan(7, func(k []Key) error { got = append(got, k...); return nil }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Scan gives %d keys, not the sorted union of %d", len(got), len(want))
	}
	for _, k := range []Key{want[0], want[len(want)-1], {999, 999}} {
		in, err := l.Contains(k)
		if err != nil {
			t.Fatal(err)
		}
		if in != slices.Contains(want, k) {
			t.Fatalf("Contains(%v) = %v", k, in)
		}
	}
	// Layer 5 and then Drop(4): layer 3 stays, layer 5 goes.
	w5, _ := s.Create(5)
	_ = w5.Add([]Key{{1, 1}})
	if _, err := w5.Finish(); err != nil {
		t.Fatal(err)
	}
	if err := s.Drop(4); err != nil {
		t.Fatal(err)
	}
	if l3, err := s.Layer(3); err != nil || l3.Len() != int64(len(want)) {
		t.Fatalf("layer 3 after Drop(4): %v, %v", l3, err)
	}
	var missing *MissingLayerError
	if _, err := s.Layer(5); !errors.As(err, &missing) {
		t.Fatalf("layer 5 after Drop(4): %v, want a *MissingLayerError", err)
	}
	// Create replaces an old layer.
	w3, _ := s.Create(3)
	_ = w3.Add([]Key{{2, 2}})
	l3, _ := w3.Finish()
	if l3.Len() != 1 {
		t.Fatalf("re-created layer has %d keys, want 1", l3.Len())
	}
	if err := s.SaveMeta([]byte("hello")); err != nil {
		t.Fatal(err)
	}
	if m, err := s.LoadMeta(); err != nil || string(m) != "hello" {
		t.Fatalf("meta %q, %v", m, err)
	}
}

func TestMemStore(t *testing.T) { testStore(t, NewMem()) }

func TestBadgerStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "db")
	s, err := OpenBadger(dir)
	if err != nil {
		t.Fatal(err)
	}
	testStore(t, s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Reopened, the data is still there.
	s, err = OpenBadger(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if m, _ := s.LoadMeta(); string(m) != "hello" {
		t.Fatalf("meta lost on reopen: %q", m)
	}
	if l, err := s.Layer(3); err != nil || l.Len() != 1 {
		t.Fatalf("layer lost on reopen")
	}
}

func TestBadgerRefusesForeignDirectories(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "thesis.tex"), []byte("x"), 0o644)
	for _, open := range []func(string) (*Badger, error){OpenBadger, OpenBadgerFresh} {
		var ns *NotStoreError
		if _, err := open(dir); !errors.As(err, &ns) || ns.HasMarker || !strings.Contains(err.Error(), "not a hexproof database") {
			t.Fatalf("foreign directory: %v", err)
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Fatalf("the foreign directory was written to: %d entries", len(entries))
		}
	}
	dir2 := t.TempDir()
	os.WriteFile(filepath.Join(dir2, markerName), []byte("something else\n"), 0o644)
	for _, open := range []func(string) (*Badger, error){OpenBadger, OpenBadgerFresh} {
		var ns *NotStoreError
		if _, err := open(dir2); !errors.As(err, &ns) || !ns.HasMarker || ns.Marker != "something else" {
			t.Fatalf("wrong marker: %v", err)
		}
		if b, _ := os.ReadFile(filepath.Join(dir2, markerName)); string(b) != "something else\n" {
			t.Fatalf("the wrong marker was overwritten")
		}
	}
	if ok, err := HasStore(filepath.Join(dir, "nosuch")); ok || err != nil {
		t.Fatalf("HasStore of a missing directory: %v %v", ok, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "nosuch")); err == nil {
		t.Fatal("HasStore created a directory")
	}
}

// TestUnfinishedMarker: a process killed while it marked a new directory
// leaves at most the marker's temporary file, never a partial marker; such
// a directory is not a store (a resume says there is nothing to resume),
// and opening it makes it one.
func TestUnfinishedMarker(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "db")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, markerTemp), []byte(markerText[:3]), 0o644)
	if ok, err := HasStore(dir); ok || err != nil {
		t.Fatalf("HasStore with an unfinished marker: %v %v, want false, nil", ok, err)
	}
	s, err := OpenBadger(dir)
	if err != nil {
		t.Fatalf("open with an unfinished marker: %v", err)
	}
	s.Close()
	if b, err := os.ReadFile(filepath.Join(dir, markerName)); err != nil || string(b) != markerText {
		t.Fatalf("marker %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(dir, markerTemp)); err == nil {
		t.Fatal("the marker's temporary file is left behind")
	}
	if ok, err := HasStore(dir); !ok || err != nil {
		t.Fatalf("HasStore after open: %v %v", ok, err)
	}
}

// TestBadgerOrphanTable: a table file the MANIFEST does not list (a kill
// between Badger creating it and recording it leaves it empty) is no damage:
// the store opens with its data. A listed table emptied is damage.
func TestBadgerOrphanTable(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "db")
	closeStore(t, openWithMeta(t, dir, "run"))
	listed, _ := filepath.Glob(filepath.Join(dir, "*.sst"))
	if err := os.WriteFile(filepath.Join(dir, "999999.sst"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := OpenBadger(dir)
	if err != nil {
		t.Fatalf("open with an empty orphan table: %v", err)
	}
	if m, err := s.LoadMeta(); string(m) != "run" || err != nil {
		t.Fatalf("metadata %q, %v; want run", m, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if len(listed) == 0 {
		t.Fatal("the closed store has no table file to damage")
	}
	if err := os.Truncate(listed[0], 0); err != nil {
		t.Fatal(err)
	}
	var dmg *DamagedError
	if _, err := OpenBadger(dir); !errors.As(err, &dmg) {
		t.Fatalf("open with a listed table emptied: %v, want *DamagedError", err)
	}
}

// TestBadgerFreshAndInUse: OpenBadgerFresh empties a store (even one whose
// files are garbage), and a store open in this process is reported in use
// rather than deleted or opened twice.
func TestBadgerFreshAndInUse(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "db")
	s := openWithMeta(t, dir, "run")
	var inUse *InUseError
	if _, err := OpenBadger(dir); !errors.As(err, &inUse) {
		t.Fatalf("second open: %v, want *InUseError", err)
	}
	if _, err := OpenBadgerFresh(dir); !errors.As(err, &inUse) {
		t.Fatalf("fresh open while in use: %v, want *InUseError", err)
	}
	closeStore(t, s)
	if ok, err := HasStore(dir); !ok || err != nil {
		t.Fatalf("HasStore: %v %v", ok, err)
	}
	// Garbage in every file: a plain open fails with *DamagedError, a
	// fresh open starts an empty store.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != markerName {
			os.WriteFile(filepath.Join(dir, e.Name()), []byte("garbage"), 0o644)
		}
	}
	var dmg *DamagedError
	if _, err := OpenBadger(dir); !errors.As(err, &dmg) || dmg.Dir != dir || strings.Contains(err.Error(), "\n") {
		t.Fatalf("open of a damaged store: %v, want a one-line *DamagedError", err)
	}
	s, err := OpenBadgerFresh(dir)
	if err != nil {
		t.Fatalf("fresh open of a damaged store: %v", err)
	}
	defer s.Close()
	if m, err := s.LoadMeta(); m != nil || err != nil {
		t.Fatalf("fresh store has metadata %q, %v", m, err)
	}
}

// TestHybridStore: in memory (large budget) and spilling (tiny budget), the
// hybrid store behaves as a store, and after Close everything it was told to
// keep is in Badger.
func TestHybridStore(t *testing.T) {
	for _, budget := range []int64{1 << 30, 200} {
		dir := filepath.Join(t.TempDir(), "db")
		disk, err := OpenBadger(dir)
		if err != nil {
			t.Fatal(err)
		}
		h := NewHybrid(disk, budget)
		testStore(t, h)
		if err := h.Close(); err != nil {
			t.Fatal(err)
		}
		disk, err = OpenBadger(dir)
		if err != nil {
			t.Fatal(err)
		}
		if m, _ := disk.LoadMeta(); string(m) != "hello" {
			t.Fatalf("budget %d: meta not persisted: %q", budget, m)
		}
		if l, err := disk.Layer(3); err != nil || l.Len() != 1 {
			t.Fatalf("budget %d: layer 3 not persisted", budget)
		}
		disk.Close()
	}
}

// TestBuilding: a layer built from runs with duplicates within (removed by
// newRun) and across runs, then from parts that share no key among
// themselves (but may share keys with the runs), equals sorting the union,
// with size() its exact size; and the budget checks are exact whatever the
// order of the runs: with a budget for n keys, a layer is refused exactly
// when it has more than n distinct keys, and every check asks for at most
// the finished layer's cost.
func TestBuilding(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 300; trial++ {
		var runs [][]Key
		var all []Key
		for r := rng.IntN(9); r > 0; r-- {
			var keys []Key
			for k := rng.IntN(50); k > 0; k-- {
				keys = append(keys, Key{uint64(rng.IntN(20)), uint64(rng.IntN(3))})
			}
			all = append(all, keys...)
			runs = append(runs, newRun(keys))
		}
		// Parts: a random set of keys split by Red's value mod k.
		var parts [][]Key
		if rng.IntN(2) == 0 {
			var pool []Key
			for k := rng.IntN(80); k > 0; k-- {
				pool = append(pool, Key{uint64(rng.IntN(25)), uint64(rng.IntN(3))})
			}
			pool = SortUnique(pool)
			all = append(all, pool...)
			nparts := 1 + rng.IntN(4)
			parts = make([][]Key, nparts)
			for _, k := range pool {
				parts[k.Red%uint64(nparts)] = append(parts[k.Red%uint64(nparts)], k)
			}
		}
		want := SortUnique(slices.Clone(all))
		budget := layerCost(int64(rng.IntN(len(want) + 2)))
		for order := 0; order < 2; order++ {
			var b building
			refused := false
			var asked int64
			fits := func(need int64) (bool, error) {
				asked = max(asked, need)
				return need <= budget, nil
			}
			perm := rng.Perm(len(runs))
			for _, r := range perm {
				ok, _ := b.addRun(slices.Clone(runs[r]), fits)
				if !ok {
					refused = true
					break
				}
			}
			if !refused {
				for _, p := range parts {
					b.addPart(slices.Clone(p))
				}
				n := b.size()
				if n != int64(len(want)) {
					t.Fatalf("size %d, want %d", n, len(want))
				}
				if ok, _ := fits(layerCost(n)); !ok {
					refused = true
				} else if got := b.finish(n); !slices.Equal(got, want) {
					t.Fatalf("runs %v, parts %v: built %v, want %v", runs, parts, got, want)
				}
			}
			if tooBig := layerCost(int64(len(want))) > budget; refused != tooBig {
				t.Fatalf("%d keys, budget for %d: refused = %v", len(want), budget/32, refused)
			}
			if asked > layerCost(int64(len(want))) {
				t.Fatalf("a check asked for %d bytes; the layer costs %d", asked, layerCost(int64(len(want))))
			}
		}
	}
}

// TestBadgerPanicsAreErrors: a panic raised by a Scan callback is the
// caller's and goes through unchanged; a store used after Close (Badger's
// own failure) gives errors, never a panic.
func TestBadgerPanicsAreErrors(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "db")
	s, err := OpenBadger(dir)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := s.Create(3)
	if err := w.Add([]Key{{1, 2}, {3, 4}}); err != nil {
		t.Fatal(err)
	}
	l, err := w.Finish()
	if err != nil || l.Len() != 2 {
		t.Fatalf("layer: %v, %v", l, err)
	}
	func() {
		defer func() {
			if r := recover(); r != "caller's bug" {
				t.Errorf("callback panic came back as %v", r)
			}
		}()
		_ = l.Scan(1, func([]Key) error { panic("caller's bug") })
		t.Error("the callback's panic was swallowed")
	}()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for name, call := range map[string]func() error{
		"Scan":     func() error { return l.Scan(1, func([]Key) error { return nil }) },
		"Contains": func() error { _, err := l.Contains(Key{1, 2}); return err },
		"Layer":    func() error { _, err := s.Layer(3); return err },
		"LoadMeta": func() error { _, err := s.LoadMeta(); return err },
		"SaveMeta": func() error { return s.SaveMeta([]byte("x")) },
		"Create":   func() error { _, err := s.Create(4); return err },
		"Drop":     func() error { return s.Drop(0) },
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s on a closed store panicked: %v", name, r)
				}
			}()
			if err := call(); err == nil {
				t.Errorf("%s on a closed store gave no error", name)
			}
		}()
	}
}

// TestBadgerShortScanIsAnError: a layer that reads back shorter than it is
// known to be (a file that lost keys on the way back) is an error,
// not a smaller layer.
func TestBadgerShortScanIsAnError(t *testing.T) {
	s, err := OpenBadger(filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	w, _ := s.Create(1)
	if err := w.Add([]Key{{1, 2}, {3, 4}, {5, 6}}); err != nil {
		t.Fatal(err)
	}
	l, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	bl := l.(*fileLayer)
	bl.n = 4 // as if a key had been lost on the way back
	var dmg *DamagedError
	if err := l.Scan(2, func([]Key) error { return nil }); !errors.As(err, &dmg) {
		t.Fatalf("short scan: %v, want *DamagedError", err)
	}
}

// TestAddPart: the parts of a random partition of a key set, handed over
// with AddPart (in any order), give the set itself as the layer, of exactly
// its size, in memory and in the hybrid store (which keeps them in memory or,
// with a tiny budget, sends them to Badger); mixed with runs from Add that
// repeat keys of the parts, the repeats are removed as before.
func TestAddPart(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	hybrid := func(budget int64) *Hybrid {
		disk, err := OpenBadger(filepath.Join(t.TempDir(), "db"))
		if err != nil {
			t.Fatal(err)
		}
		h := NewHybrid(disk, budget)
		t.Cleanup(func() {
			if err := h.Close(); err != nil {
				t.Error(err)
			}
		})
		return h
	}
	stores := []struct {
		name string
		s    Store
	}{{"mem", NewMem()}, {"hybrid", hybrid(1 << 30)}, {"hybrid spilling", hybrid(1 << 8)}}
	for trial := 0; trial < 60; trial++ {
		set := map[Key]bool{}
		for k := rng.IntN(400); k > 0; k-- {
			set[Key{uint64(rng.IntN(200)), uint64(rng.IntN(4))}] = true
		}
		parts := make([][]Key, 1+rng.IntN(8))
		for k := range set {
			i := rng.IntN(len(parts))
			parts[i] = append(parts[i], k)
		}
		var want []Key
		for k := range set {
			want = append(want, k)
		}
		want = SortUnique(want)
		for _, st := range stores {
			for _, mixed := range []bool{false, true} {
				w, err := st.s.Create(trial)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range parts {
					if err := AddPart(w, SortUnique(slices.Clone(p))); err != nil {
						t.Fatal(err)
					}
					if mixed && len(p) > 0 {
						if err := w.Add(p[:1+rng.IntN(len(p))]); err != nil { // repeats a part's keys
							t.Fatal(err)
						}
					}
				}
				l, err := w.Finish()
				if err != nil {
					t.Fatal(err)
				}
				var got []Key
				if err := l.Scan(64, func(k []Key) error { got = append(got, k...); return nil }); err != nil {
					t.Fatal(err)
				}
				if l.Len() != int64(len(want)) || !slices.Equal(got, want) {
					t.Fatalf("%s, mixed=%v, trial %d: layer of %d keys %v, want %d", st.name, mixed, trial, l.Len(), got, len(want))
				}
				if ml, ok := l.(MemLayer); ok && cap(ml) != len(ml) && len(parts) > 1 {
					t.Fatalf("%s, mixed=%v: layer of %d keys has capacity %d", st.name, mixed, len(ml), cap(ml))
				}
			}
		}
	}
}

// TestKMerge: the tournament merge gives the sorted distinct keys of any
// number of runs (none, empty ones, overlapping or disjoint ones, a number
// that is not a power of two), and counts them the same way.
func TestKMerge(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 400; i++ {
		runs := make([][]Key, r.IntN(70))
		for j := range runs {
			runs[j] = SortUnique(randomKeys(r, r.IntN(40)))
			if i%2 == 1 { // disjoint runs, as parts are
				runs[j] = slices.DeleteFunc(runs[j], func(k Key) bool { return int(k.Red)%len(runs) != j })
			}
		}
		want := reference(runs...)
		got, n := kMerge(runs, nil, false)
		if !slices.Equal(got, want) || n != len(want) {
			t.Fatalf("case %d (%d runs): kMerge gave %d keys (n = %d), want %d", i, len(runs), len(got), n, len(want))
		}
		if _, n := kMerge(runs, nil, true); n != len(want) {
			t.Fatalf("case %d: kMerge counted %d, want %d", i, n, len(want))
		}
	}
}

// openWithMeta opens a fresh Badger store in dir holding metadata meta.
func openWithMeta(t *testing.T, dir, meta string) *Badger {
	t.Helper()
	s, err := OpenBadgerFresh(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveMeta([]byte(meta)); err != nil {
		t.Fatal(err)
	}
	return s
}

// closeStore closes s and fails the test if that fails.
func closeStore(t *testing.T, s *Badger) {
	t.Helper()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}
