package andor

import (
	"testing"
	"unsafe"

	"hexproof/tt"
)

// TestTableBoundsAndValues: the table never grows past its size, keeps what
// it is told for the entries it still holds, and answers nothing it was not
// told.
func TestTableBoundsAndValues(t *testing.T) {
	tab := NewTable(1) // the minimum: 1024 slots
	for i := uint64(0); i < 100_000; i++ {
		k := Key{Key: tt.Key{Red: i, Blue: i * 7}, Tag: uint16(i % 3)}
		tab.Store(k, int(i%20), i%2 == 0, 10, int(i%7)+1)
	}
	if len(tab.slots) != 1024 || tab.Used > 1024 {
		t.Fatalf("%d slots, %d used; want at most 1024", len(tab.slots), tab.Used)
	}
	held := 0
	for i := uint64(0); i < 100_000; i++ {
		k := Key{Key: tt.Key{Red: i, Blue: i * 7}, Tag: uint16(i % 3)}
		v, ok := tab.Lookup(k, 10)
		if !ok {
			continue
		}
		held++
		if v != (i%2 == 0) {
			t.Fatalf("key %d: value %v, stored %v", i, v, i%2 == 0)
		}
		if _, dp, _ := tab.Peek(k, 10); dp != int(i%7)+1 {
			t.Fatalf("key %d: depth %d, stored %d", i, dp, i%7+1)
		}
		// A proof by 10 holds by 12, not by 9; a refutation at 10 holds at 9, not at 12.
		if v9, ok9 := tab.Lookup(k, 9); v && ok9 || !v && (!ok9 || v9) {
			t.Fatalf("key %d: bound 9 gives %v %v", i, v9, ok9)
		}
		if v12, ok12 := tab.Lookup(k, 12); v && (!ok12 || !v12) || !v && ok12 {
			t.Fatalf("key %d: bound 12 gives %v %v", i, v12, ok12)
		}
	}
	if held == 0 || held > 1024 {
		t.Fatalf("%d entries held", held)
	}
	// A key never stored is unknown, even with a tag that differs only.
	if _, ok := tab.Lookup(Key{Key: tt.Key{Red: 1, Blue: 7}, Tag: 2}, 10); ok {
		t.Fatal("answered a key that was not stored")
	}
}

// TestEntrySize: the table's memory sizing counts entryBytes an entry, and a
// bucket of two entries is meant to be one 64-byte cache line.
func TestEntrySize(t *testing.T) {
	if n := unsafe.Sizeof(entry{}); n != entryBytes || 2*n != 64 {
		t.Fatalf("an entry is %d bytes; the table counts %d, and two should fill a 64-byte line", n, entryBytes)
	}
	tab := NewTable(1 << 20)
	if got := int64(tab.max) * entryBytes; got > 1<<20 || 2*got <= 1<<20 {
		t.Fatalf("a table of 1 MiB may grow to %d bytes", got)
	}
}

// TestPoolBoundsTables: tables that share a pool hold together at most the
// pool's bytes at every moment, the old array during a move included (each
// table's lent figure, and the pool's own account, are checked after every
// store); a table the pool cannot grow keeps working at its size; and
// Release gives everything back.
func TestPoolBoundsTables(t *testing.T) {
	const size = 1 << 20
	pool := NewPool(size)
	a, b := NewTableIn(pool, 8<<20), NewTableIn(pool, 8<<20)
	for i := uint64(0); i < 200_000; i++ {
		for _, tab := range []*Table{a, b} {
			k := Key{Key: tt.Key{Red: i, Blue: i * 3}}
			tab.Store(k, int(i%20), true, 10, 1)
			if got, ok := tab.Lookup(k, 10); !ok || !got {
				t.Fatalf("key %d: just stored, not found", i)
			}
		}
		if a.lent+b.lent+pool.Left() != size || pool.Left() < 0 {
			t.Fatalf("after %d keys: lent %d + %d, left %d; want %d in all", i, a.lent, b.lent, pool.Left(), size)
		}
		if int64(len(a.slots)*entryBytes) > a.lent || int64(len(b.slots)*entryBytes) > b.lent {
			t.Fatalf("a table holds more than it was lent: %d > %d or %d > %d", len(a.slots)*entryBytes, a.lent, len(b.slots)*entryBytes, b.lent)
		}
	}
	// The two grew, within the pool: between them most of it is used.
	if a.lent+b.lent < size/2 {
		t.Fatalf("lent %d + %d of %d", a.lent, b.lent, size)
	}
	a.Release()
	b.Release()
	if pool.Left() != size {
		t.Fatalf("after Release the pool has %d of %d", pool.Left(), size)
	}
}
