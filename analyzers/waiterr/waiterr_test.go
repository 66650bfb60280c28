package waiterr_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/waiterr"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestWaitErr(t *testing.T) {
	analysistest.Run(t, testdata(t), waiterr.Analyzer, "waiterr/basic", "waiterr/negative")
}
