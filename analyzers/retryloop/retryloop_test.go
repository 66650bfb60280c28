package retryloop_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/retryloop"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestRetryLoop(t *testing.T) {
	analysistest.Run(t, testdata(t), retryloop.Analyzer, "retryloop/basic", "retryloop/negative", "retryloop/items")
}

// TestCrossPackage checks that a retry loop in a helper of another package, reached from
// a reconciler, is reported at the call in the reconciler's package with the chain, and
// that the helper package, which has no entry point, reports nothing itself.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testdata(t), retryloop.Analyzer, "retryloop/xpkg", "retryloop/xpkg/kube")
}

// TestNoConflict turns the RetryOnConflict check off: only the loops are reported.
func TestNoConflict(t *testing.T) {
	a, err := retryloop.New(retryloop.Config{Conflict: false})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "retryloop/noconflict")
}

// TestWebhook checks the findings from webhook entry points, with their messages and
// chains, and none on look-alikes of admission types that are never used as such.
func TestWebhook(t *testing.T) {
	analysistest.Run(t, testdata(t), retryloop.Analyzer, "retryloop/webhook")
}
