package finalizer_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/finalizer"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestFinalizer(t *testing.T) {
	analysistest.Run(t, testdata(t), finalizer.Analyzer, "finalizer/basic")
}

func TestNegative(t *testing.T) {
	analysistest.Run(t, testdata(t), finalizer.Analyzer, "finalizer/negative")
}

// TestHelpers checks cleanups whose error is discarded in helpers, of the same package
// and of another one (through the value-flow facts).
func TestHelpers(t *testing.T) {
	analysistest.Run(t, testdata(t), finalizer.Analyzer, "finalizer/helpers")
}

// TestWholesale checks finalizers of read objects replaced as a whole.
func TestWholesale(t *testing.T) {
	analysistest.Run(t, testdata(t), finalizer.Analyzer, "finalizer/wholesale")
}
