package statusupdate_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/statusupdate"
	"github.com/reconcilelint/reconcilelint/passes/statusmut"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestFacts checks the status-change summaries of helpers in another package.
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata(t), statusmut.Analyzer, "statusupdate/helpers")
}

func TestStatusUpdate(t *testing.T) {
	analysistest.Run(t, testdata(t), statusupdate.Analyzer, "statusupdate/basic", "statusupdate/createorupdate")
}

func TestNegative(t *testing.T) {
	analysistest.Run(t, testdata(t), statusupdate.Analyzer, "statusupdate/negative")
}

// TestWebhook checks that the rule does not report from webhook entry points.
func TestWebhook(t *testing.T) {
	analysistest.Run(t, testdata(t), statusupdate.Analyzer, "statusupdate/webhook")
}
