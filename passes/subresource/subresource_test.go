package subresource_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/passes/subresource"
)

// TestFacts checks that only the type whose kubebuilder markers leave the status
// subresource off gets the fact: not the type with +kubebuilder:subresource:status, nor
// the types without markers.
func TestFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, subresource.Analyzer, "statusupdate/api")
}
