package ownswatch_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/ownswatch"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestOwnsWatch(t *testing.T) {
	analysistest.Run(t, testdata(t), ownswatch.Analyzer, "ownswatch/basic", "ownswatch/negative")
}
