package driver

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/analyzers"
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
