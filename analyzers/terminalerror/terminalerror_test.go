package terminalerror_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/terminalerror"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestTerminalError(t *testing.T) {
	analysistest.Run(t, testdata(t), terminalerror.Analyzer, "terminalerror/basic", "terminalerror/negative", "terminalerror/helperwrites", "terminalerror/patchhelper/basic", "terminalerror/transient")
}
