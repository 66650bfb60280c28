package applyread_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/applyread"
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
