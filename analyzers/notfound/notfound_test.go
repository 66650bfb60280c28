package notfound_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/notfound"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestNotFound(t *testing.T) {
	analysistest.Run(t, testdata(t), notfound.Analyzer, "notfound/basic", "notfound/negative", "notfound/helpers", "notfound/deletion")
}

// TestFix checks that the returned error is wrapped with client.IgnoreNotFound.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), notfound.Analyzer, "notfound/fix")
}
