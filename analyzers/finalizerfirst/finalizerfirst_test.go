package finalizerfirst_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/finalizerfirst"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestFinalizerFirst(t *testing.T) {
	analysistest.Run(t, testdata(t), finalizerfirst.Analyzer, "finalizerfirst/basic", "finalizerfirst/negative")
}
