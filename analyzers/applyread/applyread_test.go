package applyread_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/applyread"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestApplyRead(t *testing.T) {
	analysistest.Run(t, testdata(t), applyread.Analyzer, "applyread/basic", "applyread/negative")
}

// TestHelpers: a read object given to a helper (of this package or another) that
// applies its parameter is reported at the call, with the helper; an object returned by
// a helper that reads it counts as read. The helper package's summaries are asserted
// as facts of the value-flow pass.
func TestHelpers(t *testing.T) {
	analysistest.Run(t, testdata(t), valueflow.Analyzer, "applyread/helpers/kube")
	analysistest.Run(t, testdata(t), applyread.Analyzer, "applyread/helpers")
}
