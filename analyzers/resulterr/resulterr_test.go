package resulterr_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/resulterr"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestResultErr(t *testing.T) {
	analysistest.Run(t, testdata(t), resulterr.Analyzer, "resulterr/basic", "resulterr/negative")
}
