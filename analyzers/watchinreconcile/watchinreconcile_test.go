package watchinreconcile_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/watchinreconcile"
	"github.com/reconcilelint/reconcilelint/passes/reach"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestWatchInReconcile(t *testing.T) {
	analysistest.Run(t, testdata(t), watchinreconcile.Analyzer, "watchinreconcile/basic", "watchinreconcile/negative")
}

// TestCrossPackage checks the watch facts of package util (a guarded helper has none)
// and the finding at the call site, with the chain through both packages.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testdata(t), reach.Analyzer, "watchinreconcile/util")
	analysistest.Run(t, testdata(t), watchinreconcile.Analyzer, "watchinreconcile/crosspkg")
}

func TestAllowOption(t *testing.T) {
	a, err := watchinreconcile.New(watchinreconcile.Config{Allow: []string{"util.WatchSecrets"}})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "watchinreconcile/allow")
}

func TestBadConfig(t *testing.T) {
	for _, bad := range []string{"", "has space", "f()"} {
		_, err := watchinreconcile.New(watchinreconcile.Config{Allow: []string{"ok.Name", bad}})
		if err == nil {
			t.Errorf("New accepted allow entry %q", bad)
		} else if want := "allow[1]: "; err.Error()[:len(want)] != want {
			t.Errorf("error %q does not name the field allow[1]", err)
		}
	}
}

// TestWebhook checks the findings from webhook entry points, with their messages and
// chains, and none on look-alikes of admission types that are never used as such.
func TestWebhook(t *testing.T) {
	analysistest.Run(t, testdata(t), watchinreconcile.Analyzer, "watchinreconcile/webhook")
}

// TestOnceGuard: a helper that starts a watch, called only under its caller's
// once-guard (a map lookup that records the key, LoadOrStore, a sync.Map Load and Store,
// sync.Once), is not reported; a map lookup whose guarded code does not record the key
// in the same map guards nothing, and a helper also called without a guard is reported.
func TestOnceGuard(t *testing.T) {
	analysistest.Run(t, testdata(t), watchinreconcile.Analyzer, "watchinreconcile/onceguard")
}
