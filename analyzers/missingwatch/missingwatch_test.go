package missingwatch_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/missingwatch"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestMissingWatch(t *testing.T) {
	analysistest.Run(t, testdata(t), missingwatch.Analyzer, "missingwatch/basic", "missingwatch/negative")
}
