package priorityonly_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/priorityonly"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestPriorityOnly(t *testing.T) {
	analysistest.Run(t, testdata(t), priorityonly.Analyzer, "priorityonly/basic", "priorityonly/negative")
}

// TestNoPriorityQueue checks that every Priority is reported in a package whose
// controller options turn the priority queue off.
func TestNoPriorityQueue(t *testing.T) {
	analysistest.Run(t, testdata(t), priorityonly.Analyzer, "priorityonly/noqueue")
}
