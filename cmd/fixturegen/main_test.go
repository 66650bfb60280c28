package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteThenCheck(t *testing.T) {
	root := t.TempDir()
	if err := run(root, true); err == nil || !strings.Contains(err.Error(), "stale") {
		t.Fatalf("check on an empty tree: %v, want a stale error", err)
	}
	if err := run(root, false); err != nil {
		t.Fatal(err)
	}
	if err := run(root, true); err != nil {
		t.Fatalf("check right after writing: %v", err)
	}
	golden := filepath.Join(root, "testdata", "runtime", "sleep.golden")
	if err := os.WriteFile(golden, []byte("edited by hand\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := run(root, true)
	if err == nil || !strings.Contains(err.Error(), "testdata/runtime/sleep.golden") {
		t.Fatalf("check after an edit: %v, want sleep.golden reported stale", err)
	}
	if _, err := os.Stat(filepath.Join(root, "docs", "runtime.md")); err != nil {
		t.Fatal(err)
	}
}

func TestFindRoot(t *testing.T) {
	root, err := findRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("findRoot = %s without go.mod", root)
	}
}
