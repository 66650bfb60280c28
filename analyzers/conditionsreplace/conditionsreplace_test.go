package conditionsreplace_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/conditionsreplace"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestConditionsReplace(t *testing.T) {
	analysistest.Run(t, testdata(t), conditionsreplace.Analyzer, "conditionsreplace/basic", "conditionsreplace/negative")
}
