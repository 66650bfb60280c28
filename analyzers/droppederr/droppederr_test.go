package droppederr_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/droppederr"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestDroppedErr(t *testing.T) {
	analysistest.Run(t, testdata(t), droppederr.Analyzer, "droppederr/basic", "droppederr/negative", "droppederr/helpers", "droppederr/xpkg")
}

// TestWebhook checks that the rule does not report from webhook entry points.
func TestWebhook(t *testing.T) {
	analysistest.Run(t, testdata(t), droppederr.Analyzer, "droppederr/webhook")
}
