package edgetrigger_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/edgetrigger"
	"github.com/reconcilelint/reconcilelint/passes/reach"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestEdgetrigger checks side effects and stores in every kind of controller-runtime
// callback (predicate.Funcs fields, NewPredicateFuncs, map functions as literals,
// method values and helper results, handler.Funcs, custom predicate and handler
// types, predicate methods of the reconciler), through helpers of the package and of
// another package (the facts of edgetrigger/kube), and none in the near misses.
func TestEdgetrigger(t *testing.T) {
	analysistest.Run(t, testdata(t), reach.Analyzer, "edgetrigger/kube")
	analysistest.Run(t, testdata(t), edgetrigger.Analyzer, "edgetrigger/basic", "edgetrigger/negative")
}

// TestInformer checks client-go informer handlers: the fields of
// ResourceEventHandlerFuncs and a ResourceEventHandler's methods, where enqueueing is
// the point and writes and stores are not.
func TestInformer(t *testing.T) {
	analysistest.Run(t, testdata(t), edgetrigger.Analyzer, "edgetrigger/informer")
}
