package tt

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// wideKeys are n random keys from about 4n values (some repeat).
func wideKeys(r *rand.Rand, n int) []Key {
	out := make([]Key, n)
	for i := range out {
		out[i] = Key{uint64(r.IntN(2 * n)), uint64(r.IntN(2))}
	}
	return out
}

// sameLayer compares a layer with the Mem layer of the same keys: Len, Scan
// (with a chunk size that does not divide a block) and Contains on members
// at the edges of blocks, on keys between them and on random keys.
func sameLayer(t *testing.T, name string, got Layer, want MemLayer, r *rand.Rand) {
	t.Helper()
	if got.Len() != want.Len() {
		t.Fatalf("%s: Len %d, want %d", name, got.Len(), want.Len())
	}
	var keys []Key
	if err := got.Scan(1000, func(k []Key) error {
		if len(k) > 1000 {
			t.Fatalf("%s: a chunk of %d keys", name, len(k))
		}
		keys = append(keys, k...)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(keys, []Key(want)) {
		t.Fatalf("%s: Scan gives %d keys, want the %d of the sorted union", name, len(keys), len(want))
	}
	var probes []Key
	for i := 0; i < len(want); i += fileBlockKeys / 2 {
		probes = append(probes, want[i], want[min(i+fileBlockKeys/2-1, len(want)-1)])
		probes = append(probes, Key{want[i].Red, want[i].Blue + 1}, Key{want[i].Red, want[i].Blue - 1})
	}
	probes = append(probes, Key{}, Key{^uint64(0), ^uint64(0)})
	probes = append(probes, wideKeys(r, 300)...)
	for _, k := range probes {
		in, err := got.Contains(k)
		if err != nil {
			t.Fatal(err)
		}
		if w, _ := want.Contains(k); in != w {
			t.Fatalf("%s: Contains(%v) = %v", name, k, in)
		}
	}
}

// TestFileLayers: layers written in order (streamed), as many overlapping
// runs (merged in one pass, and in several when there are more than
// mergeFanIn runs), in order at first and then out of order, and empty,
// compared with the Mem store given the same keys — when finished, through
// a fresh handle, and after the store is closed and opened again. Nothing
// but the layer files is left behind.
func TestFileLayers(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "db")
	s, err := OpenBadger(dir)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 8))
	sorted := SortUnique(wideKeys(r, 3*fileBlockKeys+123))
	var runs, many [][]Key
	for range 40 {
		runs = append(runs, SortUnique(wideKeys(r, fileBlockKeys+500)))
	}
	for range 2*mergeFanIn + 5 {
		many = append(many, SortUnique(wideKeys(r, 1+r.IntN(3000))))
	}
	half := len(sorted) / 2
	cases := []struct {
		name string
		adds [][]Key
	}{
		{"streamed", [][]Key{sorted[:1000], sorted[1000:half], sorted[half:]}},
		{"runs", runs},
		{"more runs than a merge reads", many},
		{"streamed then runs", [][]Key{sorted[:half], sorted[half:], runs[0], runs[1]}},
		{"unsorted", [][]Key{wideKeys(r, 5000), wideKeys(r, 7000)}},
		{"one key", [][]Key{{{5, 6}}}},
		{"empty", nil},
	}
	want := map[int]MemLayer{}
	for i, c := range cases {
		d := 2 + i
		w, err := s.Create(d)
		if err != nil {
			t.Fatal(err)
		}
		m := NewMem()
		mw, _ := m.Create(d)
		for _, keys := range c.adds {
			if err := w.Add(keys); err != nil {
				t.Fatal(err)
			}
			if err := mw.Add(keys); err != nil {
				t.Fatal(err)
			}
		}
		l, err := w.Finish()
		if err != nil {
			t.Fatal(err)
		}
		ml, _ := mw.Finish()
		want[d] = ml.(MemLayer)
		sameLayer(t, c.name, l, want[d], r)
		if l, err = s.Layer(d); err != nil {
			t.Fatal(err)
		}
		sameLayer(t, c.name+", reopened", l, want[d], r)
	}
	if s.Memory() <= 0 {
		t.Errorf("Memory %d with indexes and blocks read", s.Memory())
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if s, err = OpenBadger(dir); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Memory() != 0 {
		t.Errorf("Memory %d after opening", s.Memory())
	}
	for i, c := range cases {
		l, err := s.Layer(2 + i)
		if err != nil {
			t.Fatal(err)
		}
		sameLayer(t, c.name+", after reopening the store", l, want[2+i], r)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") || strings.HasSuffix(e.Name(), ".runs") {
			t.Errorf("%s left behind", e.Name())
		}
	}
	// Drop(5) removes layers 5 and up, files and all.
	if err := s.Drop(5); err != nil {
		t.Fatal(err)
	}
	for d := 2; d < 2+len(cases); d++ {
		_, err := s.Layer(d)
		_, statErr := os.Stat(filepath.Join(dir, layerFileName(d)))
		var missing *MissingLayerError
		if gone := errors.As(err, &missing); gone != (d >= 5) || (statErr == nil) != (d < 5) {
			t.Errorf("layer %d after Drop(5): %v, file: %v", d, err, statErr)
		}
	}
}

// TestFileStoreRandom compares the file store with Mem on random sets: a few
// layers built from random runs (sorted or not, overlapping, handed over by
// Add, AddRun and AddPart through a Hybrid with a budget too small to hold
// them), then read back after the store is closed and opened again, as a
// resumed run reads them.
func TestFileStoreRandom(t *testing.T) {
	for seed := range uint64(6) {
		r := rand.New(rand.NewPCG(seed, 99))
		dir := filepath.Join(t.TempDir(), "db")
		disk, err := OpenBadgerFresh(dir)
		if err != nil {
			t.Fatal(err)
		}
		h := NewHybrid(disk, int64(r.IntN(3))*(1<<18)) // 0, 256 or 512 KiB
		m := NewMem()
		for d := range 4 {
			hw, _ := h.Create(d)
			mw, _ := m.Create(d)
			spread := 1 + r.IntN(200000)
			for range r.IntN(30) {
				keys := make([]Key, r.IntN(20000))
				for i := range keys {
					keys[i] = Key{uint64(r.IntN(spread)), uint64(r.IntN(3))}
				}
				if r.IntN(2) == 0 {
					keys = SortUnique(keys)
					if err := AddRun(hw, slices.Clone(keys)); err != nil {
						t.Fatal(err)
					}
				} else if err := hw.Add(keys); err != nil {
					t.Fatal(err)
				}
				if err := mw.Add(keys); err != nil {
					t.Fatal(err)
				}
			}
			hl, err := hw.Finish()
			if err != nil {
				t.Fatal(err)
			}
			ml, _ := mw.Finish()
			sameLayer(t, "hybrid", hl, ml.(MemLayer), r)
		}
		if err := h.SaveMeta([]byte("four layers")); err != nil {
			t.Fatal(err)
		}
		if err := h.Close(); err != nil {
			t.Fatal(err)
		}
		if disk, err = OpenBadger(dir); err != nil {
			t.Fatal(err)
		}
		if meta, _ := disk.LoadMeta(); string(meta) != "four layers" {
			t.Fatalf("meta %q", meta)
		}
		for d := range 4 {
			l, err := disk.Layer(d)
			if err != nil {
				t.Fatal(err)
			}
			ml, _ := m.Layer(d)
			sameLayer(t, "reopened", l, ml.(MemLayer), r)
		}
		disk.Close()
	}
}

// TestDamagedLayerFile: a layer file damaged in any way — truncated,
// extended, a byte flipped anywhere (a block, the index, the footer),
// replaced by another layer's file — makes the store's open, Layer, Scan or
// Contains return a *DamagedError; never a panic, never other keys. A layer
// file left half-written by a killed process (its temp name) is deleted
// when the store is opened.
func TestDamagedLayerFile(t *testing.T) {
	src := filepath.Join(t.TempDir(), "db")
	s, err := OpenBadger(src)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	want := MemLayer(SortUnique(wideKeys(r, 3*fileBlockKeys)))
	for _, d := range []int{4, 5} {
		w, _ := s.Create(d)
		if err := w.Add(want); err != nil {
			t.Fatal(err)
		}
		if _, err := w.Finish(); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	name := layerFileName(4)
	raw, err := os.ReadFile(filepath.Join(src, name))
	if err != nil {
		t.Fatal(err)
	}
	other, _ := os.ReadFile(filepath.Join(src, layerFileName(5)))
	size := len(raw)
	type damage struct {
		name string
		data []byte
	}
	damages := []damage{
		{"emptied", nil},
		{"3 bytes short", raw[:size-3]},
		{"truncated to 4 KiB", raw[:4096]},
		{"a byte more", append(slices.Clone(raw), 0)},
		{"layer 5's file", other},
	}
	for _, at := range []int{0, 17, fileBlockBytes + 2, size / 2, int(dataBytes(want.Len())) + 5, size - footerLen + 9, size - 1} {
		b := slices.Clone(raw)
		b[at] ^= 0x10
		damages = append(damages, damage{"byte " + itoa(at) + " flipped", b})
	}
	for _, dm := range damages {
		dir := filepath.Join(t.TempDir(), "db")
		if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), dm.data, 0o644); err != nil {
			t.Fatal(err)
		}
		err := func() (err error) {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s: panic %v", dm.name, p)
				}
			}()
			s, err := OpenBadger(dir)
			if err != nil {
				return err
			}
			defer s.Close()
			l, err := s.Layer(4)
			if err != nil {
				return err
			}
			var got []Key
			if err := l.Scan(999, func(k []Key) error { got = append(got, k...); return nil }); err != nil {
				return err
			}
			for _, k := range append(slices.Clone(everyNth(want, fileBlockKeys/4)), Key{1 << 60, 0}) {
				if _, err := l.Contains(k); err != nil {
					return err
				}
			}
			if !slices.Equal(got, []Key(want)) {
				t.Errorf("%s: read back %d other keys without an error", dm.name, len(got))
			}
			return nil
		}()
		var dmg *DamagedError
		if !errors.As(err, &dmg) {
			t.Errorf("%s: %v, want a *DamagedError", dm.name, err)
		} else if !strings.Contains(err.Error(), dir) {
			t.Errorf("%s: %v does not name the directory", dm.name, err)
		}
	}
	// A half-written layer and a runs file of a killed writer go when the
	// store is opened; the finished layers stay.
	dir := filepath.Join(t.TempDir(), "db")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{layerFileName(6) + ".tmp", "layer-007-0.runs"} {
		if err := os.WriteFile(filepath.Join(dir, n), raw[:1000], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err = OpenBadger(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, n := range []string{layerFileName(6) + ".tmp", "layer-007-0.runs"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			t.Errorf("%s still there after opening", n)
		}
	}
	if l, err := s.Layer(4); err != nil || l.Len() != want.Len() {
		t.Errorf("layer 4: %v", err)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

func everyNth(keys []Key, n int) []Key {
	var out []Key
	for i := 0; i < len(keys); i += n {
		out = append(out, keys[i])
	}
	return out
}
