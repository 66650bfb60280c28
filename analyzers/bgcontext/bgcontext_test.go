package bgcontext_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/bgcontext"
	"github.com/reconcilelint/reconcilelint/passes/reach"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestFix checks the findings in a package and the replacement with the in-scope ctx,
// and that no fix is offered when the ctx is not in scope or is shadowed.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), bgcontext.Analyzer, "bgcontext/basic")
}

// TestNegative: detachment, goroutines, start-up code, Runnables, tests, ignore
// directives, and pre-v0.7 reconcilers are not reported.
func TestNegative(t *testing.T) {
	analysistest.Run(t, testdata(t), bgcontext.Analyzer, "bgcontext/negative", "bgcontext/oldstyle")
}

// TestCrossPackage checks the summary facts of package util (a helper with no ctx
// parameter does not count) and the findings at the call sites, with the chain.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testdata(t), reach.Analyzer, "bgcontext/util")
	analysistest.Run(t, testdata(t), bgcontext.Analyzer, "bgcontext/crosspkg")
}

// TestWebhook checks the findings from webhook entry points, with their messages and
// chains, and none on look-alikes of admission types that are never used as such.
func TestWebhook(t *testing.T) {
	analysistest.Run(t, testdata(t), bgcontext.Analyzer, "bgcontext/webhook")
}

// TestHelperPackage: in a helper package with no reconciler, each helper that has a ctx
// and ignores it is reported once, at its context.TODO() line, with the fix; its many
// call sites in package callers are not reported, and a helper with no ctx to use is
// reported at each call that a reconcile reaches, naming the line to change.
func TestHelperPackage(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), bgcontext.Analyzer, "bgcontext/helpers")
	analysistest.Run(t, testdata(t), bgcontext.Analyzer, "bgcontext/callers")
}
