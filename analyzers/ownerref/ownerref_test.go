package ownerref_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/ownerref"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestOwnerRef(t *testing.T) {
	analysistest.Run(t, testdata(t), ownerref.Analyzer, "ownerref/basic", "ownerref/negative", "ownerref/namespace")
}
