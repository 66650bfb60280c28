package permanenterr_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/permanenterr"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestPermanentErr(t *testing.T) {
	analysistest.Run(t, testdata(t), permanenterr.Analyzer, "permanenterr/basic", "permanenterr/negative")
}
