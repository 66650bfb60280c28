package mergefrom_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/mergefrom"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestMergeFrom checks the findings and the DeepCopy fix (basic.go.golden): a fix only
// where the patch is built in its own statement and the type has DeepCopy.
func TestMergeFrom(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), mergefrom.Analyzer, "mergefrom/basic")
}

func TestNegative(t *testing.T) {
	analysistest.Run(t, testdata(t), mergefrom.Analyzer, "mergefrom/negative")
}
