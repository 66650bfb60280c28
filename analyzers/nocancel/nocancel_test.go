package nocancel_test

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/nocancel"
	"github.com/reconcilelint/reconcilelint/passes/reach"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestNoCancel(t *testing.T) {
	analysistest.Run(t, testdata(t), nocancel.Analyzer, "nocancel/basic", "nocancel/negative")
}

// TestFix checks the Context-variant rewrites, with the ctx in scope under its own name,
// and that no fix is offered when the ctx is shadowed or absent (fix.go.golden keeps
// those calls unchanged).
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), nocancel.Analyzer, "nocancel/fix")
	golden, err := os.ReadFile(filepath.Join(testdata(t), "src/nocancel/fix/fix.go.golden"))
	if err != nil {
		t.Fatal(err)
	}
	if f, err := format.Source(golden); err != nil || !bytes.Equal(f, golden) {
		t.Errorf("fixed output is not gofmt-clean (err=%v)", err)
	}
}

func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testdata(t), reach.Analyzer, "nocancel/util")
	analysistest.Run(t, testdata(t), nocancel.Analyzer, "nocancel/crosspkg")
}

func TestAllowOption(t *testing.T) {
	a, err := nocancel.New(nocancel.Config{Allow: []string{"util.Git", "http.Get"}})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "nocancel/allow")
}

func TestBadConfig(t *testing.T) {
	for _, bad := range []string{"", "has space", "f()"} {
		_, err := nocancel.New(nocancel.Config{Allow: []string{"ok.Name", bad}})
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
	analysistest.Run(t, testdata(t), nocancel.Analyzer, "nocancel/webhook")
}

// TestHelperPackage: a helper of a package with no reconciler that has a ctx and makes a
// call that ignores it is reported once, where the call stands, with the fix; its call
// sites are not; a helper with no ctx is reported at each call a reconcile reaches.
func TestHelperPackage(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), nocancel.Analyzer, "nocancel/helpers")
	analysistest.Run(t, testdata(t), nocancel.Analyzer, "nocancel/callers")
}
