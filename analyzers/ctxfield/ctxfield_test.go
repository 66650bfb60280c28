package ctxfield_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/ctxfield"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestCtxField checks stores of the reconcile ctx (and contexts derived from it) into
// reconciler fields, fields of types a reconciler holds, package variables, maps,
// sync.Map and appended slices, and context.Context fields of reconciler types; and that
// per-call scope structs, parameter structs, local maps and arrays, start-up code and
// non-reconciler types are not reported.
func TestCtxField(t *testing.T) {
	analysistest.Run(t, testdata(t), ctxfield.Analyzer, "ctxfield/basic", "ctxfield/negative")
}

// TestWebhook checks the findings from webhook entry points, with their messages and
// chains, and none on look-alikes of admission types that are never used as such.
func TestWebhook(t *testing.T) {
	analysistest.Run(t, testdata(t), ctxfield.Analyzer, "ctxfield/webhook")
}

// TestLocalCopy: a ctx stored through a local copy of a reconciler's field that is a
// pointer (or through a pointer on the copy's path) is reported, naming the field; value
// copies set and used locally, locals assigned something else too, and copies whose
// address is taken are not.
func TestLocalCopy(t *testing.T) {
	analysistest.Run(t, testdata(t), ctxfield.Analyzer, "ctxfield/localcopy")
}
