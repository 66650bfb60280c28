package queuedone_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/queuedone"
	"github.com/reconcilelint/reconcilelint/passes/queuefacts"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestQueueDone(t *testing.T) {
	analysistest.Run(t, testdata(t), queuedone.Analyzer, "queuedone/basic", "queuedone/negative")
}

// TestCrossPackage checks the Params facts of package util and the findings at the
// consumers in another package that hand the item to util's helpers.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testdata(t), queuefacts.Analyzer, "queuedone/util")
	analysistest.Run(t, testdata(t), queuedone.Analyzer, "queuedone/crosspkg")
}

// TestForgetBeforeAdd checks AddAfter and Add of the item after a success without a
// Forget before them, and the fix that inserts it.
func TestForgetBeforeAdd(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), queuedone.Analyzer, "queuedone/forget")
}
