package driver

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/cache"
)

// TestKeysOfBothLoads: the key of a package is the same whether it comes from the go
// list without types (a run that looks up the cache first) or from the load that
// type-checks (a first run, which takes the keys from its one load): else a first
// run's results would never be found again.
func TestKeysOfBothLoads(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	for _, mod := range []string{"queuedone", "operator"} {
		dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "e2e", mod))
		if err != nil {
			t.Fatal(err)
		}
		cfg := analyzers.DefaultConfig()
		as, _ := cfg.Analyzers()
		var stderr bytes.Buffer
		rc := openResultCache(cacheSettings{dir: t.TempDir()}, dir, cfg, as, "", &stderr)
		if rc == nil {
			t.Fatalf("no cache: %s", stderr.String())
		}
		lr, err := rc.lookup(&packages.Config{Dir: dir}, []string{"./..."})
		if err != nil {
			t.Fatal(err)
		}
		full := map[string]*pkgKey{}
		if _, err := load(&packages.Config{Dir: dir}, []string{"./..."}, func(matched []*packages.Package) {
			k := newKeyer(rc)
			for _, p := range matched {
				full[p.ID] = k.key(p)
			}
		}); err != nil {
			t.Fatal(err)
		}
		if len(lr.keys) == 0 || len(lr.keys) != len(full) {
			t.Fatalf("%s: %d keys from the key load, %d from the full load", mod, len(lr.keys), len(full))
		}
		for id, k := range lr.keys {
			if f := full[id]; f == nil || !f.ok || f.sum != k.sum || f.root != k.root {
				t.Errorf("%s: %s: key %x (root %s) from the key load, %+v from the full load", mod, id, k.sum, k.root, f)
			}
		}
	}
}

// TestCleanCache: `reconcilelint clean-cache` empties the directory the flag or
// $RECONCILELINT_CACHE names, and removes nothing the cache did not write.
func TestCleanCache(t *testing.T) {
	fill := func(dir string) cache.Key {
		t.Helper()
		d, err := cache.OpenDisk(dir)
		if err != nil {
			t.Fatal(err)
		}
		k := cache.Key{1, 2, 3}
		if err := d.Put(k, []byte("a stored result")); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not the cache's"), 0o644); err != nil {
			t.Fatal(err)
		}
		return k
	}
	stored := func(dir string, k cache.Key) bool {
		t.Helper()
		d, err := cache.OpenDisk(dir)
		if err != nil {
			t.Fatal(err)
		}
		_, ok, _ := d.Get(k)
		return ok
	}
	for _, viaEnv := range []bool{false, true} {
		dir := filepath.Join(t.TempDir(), "results")
		k := fill(dir)
		if !stored(dir, k) {
			t.Fatal("the entry was not stored: the test tests nothing")
		}
		args := []string{"clean-cache", "-cache-dir", dir}
		if viaEnv {
			t.Setenv(cache.EnvDir, dir)
			args = args[:1]
		}
		var out, errb bytes.Buffer
		if code := Dispatch(args, &out, &errb); code != ExitClean {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		if stored(dir, k) {
			t.Errorf("%v: the entry is still there", args)
		}
		if !strings.Contains(out.String(), dir) {
			t.Errorf("%v: output %q does not name the directory", args, out.String())
		}
		if _, err := os.Stat(filepath.Join(dir, "notes.txt")); err != nil {
			t.Errorf("%v: removed a file the cache did not write: %v", args, err)
		}
	}
	var out, errb bytes.Buffer
	if code := Dispatch([]string{"clean-cache", "./..."}, &out, &errb); code != ExitUsage || !strings.Contains(errb.String(), "usage: reconcilelint clean-cache") {
		t.Errorf("clean-cache with an argument: exit %d, %q", code, errb.String())
	}
}
