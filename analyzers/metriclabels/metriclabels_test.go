package metriclabels_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/metriclabels"
)

func TestMetricLabels(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, metriclabels.Analyzer, "metriclabels/basic", "metriclabels/negative")
}

// TestAcrossPackages: label values passed to a helper of another package are judged at
// the call, with the helper named; a helper that only concatenates its parameters passes
// their identity on.
func TestAcrossPackages(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, metriclabels.Analyzer, "metriclabels/xpkg/metrics", "metriclabels/xpkg/controllers")
}
