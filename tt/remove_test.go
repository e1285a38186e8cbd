package tt

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRemoveStore: a store is removed with nothing left beside it; a
// ".removing" directory that a kill left behind is removed with the next
// store; the state a kill between the rename and the deletion leaves is no
// store at all (never a damaged one); and a missing store is not an error.
func TestRemoveStore(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "db")
	makeStore := func() { closeStore(t, openWithMeta(t, dir, "meta")) }
	makeStore()
	if err := RemoveStore(dir); err != nil {
		t.Fatal(err)
	}
	left, _ := os.ReadDir(root)
	if len(left) != 0 {
		t.Fatalf("left behind: %v", left)
	}

	// A kill after the rename: the store is gone for a resume.
	makeStore()
	if err := os.Rename(dir, dir+".removing"); err != nil {
		t.Fatal(err)
	}
	if has, err := HasStore(dir); has || err != nil {
		t.Fatalf("after the rename: HasStore = %v, %v; want no store", has, err)
	}
	// The next store's removal takes the leftover too.
	makeStore()
	if err := RemoveStore(dir); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(root); len(left) != 0 {
		t.Fatalf("left behind: %v", left)
	}
	if err := RemoveStore(dir); err != nil {
		t.Fatalf("a missing store: %v", err)
	}
}
