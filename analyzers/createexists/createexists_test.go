package createexists_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/createexists"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestCreateExists: Creates with a fixed name whose error fails the reconcile and no
// lookup before them, and Creates by GenerateName with no List before them, are
// reported; a Create after a NotFound Get (here or in a caller), AlreadyExists handled,
// CreateOrUpdate and a List of the children are not.
func TestCreateExists(t *testing.T) {
	analysistest.Run(t, testdata(t), createexists.Analyzer, "createexists/basic", "createexists/negative")
}
