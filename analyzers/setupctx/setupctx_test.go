package setupctx_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/setupctx"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestSetupCtx(t *testing.T) {
	analysistest.Run(t, testdata(t), setupctx.Analyzer, "setupctx/basic", "setupctx/negative", "setupctx/fixture")
}
