package directive_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/requeue"
	"github.com/reconcilelint/reconcilelint/analyzers/sleep"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestDirective(t *testing.T) {
	a := directive.New([]*analysis.Analyzer{sleep.Analyzer, requeue.Analyzer}, []string{"directive", "requeue", "sleep"}) // a fixed list, so that the messages do not change with the registry
	if err := analysis.Validate([]*analysis.Analyzer{a}); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "directive/basic")
}

// TestTestSupport checks that directives in a test-support package are not checked: no
// rule reports there, so every ignore directive there would look unused.
func TestTestSupport(t *testing.T) {
	a := directive.New([]*analysis.Analyzer{sleep.Analyzer, requeue.Analyzer}, []string{"directive", "requeue", "sleep"})
	analysistest.Run(t, testdata(t), a, "directive/testutil")
}

// TestPartialRun checks that an ignore naming a rule that is not enabled in this run is
// not reported as unused: it may suppress a finding in a run that enables the rule.
func TestPartialRun(t *testing.T) {
	a := directive.New([]*analysis.Analyzer{sleep.Analyzer}, []string{"directive", "requeue", "sleep"}) // a fixed list, so that the messages do not change with the registry
	analysistest.Run(t, testdata(t), a, "directive/partial")
}
