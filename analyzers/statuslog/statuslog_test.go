package statuslog_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/statuslog"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestStatusLog(t *testing.T) {
	analysistest.Run(t, testdata(t), statuslog.Analyzer, "statuslog/basic", "statuslog/negative")
}
