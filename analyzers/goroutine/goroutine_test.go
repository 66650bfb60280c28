package goroutine_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/goroutine"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestGoroutine checks go statements, errgroup.Go and WaitGroup.Go that are not joined,
// with their chains, and the joins that silence them (Wait on the same group or field
// path, receives from the goroutine's channel, deferred Wait), start-up code,
// Runnables, nested goroutines, tests and ignore directives.
func TestGoroutine(t *testing.T) {
	analysistest.Run(t, testdata(t), goroutine.Analyzer, "goroutine/basic", "goroutine/negative", "goroutine/afterfunc")
}

// TestWebhook checks the findings from webhook entry points, with their messages and
// chains, and none on look-alikes of admission types that are never used as such.
func TestWebhook(t *testing.T) {
	analysistest.Run(t, testdata(t), goroutine.Analyzer, "goroutine/webhook")
}
