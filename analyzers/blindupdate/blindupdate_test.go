package blindupdate_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/blindupdate"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestBlindUpdate: Updates of objects built fresh (literals, new, var declarations,
// copies of a template, constructors of this package and another, a resourceVersion
// copied in) are reported; objects read (Get, List, helpers), filled by a Create,
// given to CreateOrUpdate, patched or decoded are not.
func TestBlindUpdate(t *testing.T) {
	analysistest.Run(t, testdata(t), valueflow.Analyzer, "blindupdate/kube")
	analysistest.Run(t, testdata(t), blindupdate.Analyzer, "blindupdate/basic", "blindupdate/negative")
}
