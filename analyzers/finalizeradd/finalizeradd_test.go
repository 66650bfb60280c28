package finalizeradd_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/finalizeradd"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestFinalizerAdd(t *testing.T) {
	analysistest.Run(t, testdata(t), finalizeradd.Analyzer, "finalizeradd/basic", "finalizeradd/negative")
}
