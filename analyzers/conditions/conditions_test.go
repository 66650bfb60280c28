package conditions_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/conditions"
)

func TestConditions(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, conditions.Analyzer, "conditions/basic", "conditions/negative")
	// Test-support packages in ordinary files: a testing package (jobset), a package
	// that takes a testing.TB; and a TestRun controller, which is not test support.
	analysistest.Run(t, dir, conditions.Analyzer, "conditions/pkg/util/testing", "conditions/fixtures", "conditions/testrun")
}

// TestAcrossPackages: values passed to a helper of another package that sets the
// condition are judged at the call, with the helper named; Status values too.
func TestAcrossPackages(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, conditions.Analyzer, "conditions/xpkg/status", "conditions/xpkg/controllers")
}
