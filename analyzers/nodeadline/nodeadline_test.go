package nodeadline_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/nodeadline"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestNoDeadline(t *testing.T) {
	analysistest.Run(t, testdata(t), nodeadline.Analyzer, "nodeadline/basic", "nodeadline/negative", "nodeadline/managerdefault")
}
