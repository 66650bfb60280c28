package reconcilers_test

import (
	"go/ast"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestFacts checks the IsReconciler fact on every declared entry point and its absence
// on look-alikes (want comments in testdata/src/reconcilers).
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata(t), reconcilers.Analyzer, "reconcilers/basic", "reconcilers/funcs")
}

// TestEntries checks the result: kinds, context parameters, function literals.
func TestEntries(t *testing.T) {
	results := analysistest.Run(t, testdata(t), reconcilers.Analyzer, "reconcilers/funcs")
	var got []string
	for _, r := range results {
		if r.Pass.Pkg.Path() != "reconcilers/funcs" {
			continue
		}
		res := r.Result.(*reconcilers.Result)
		for _, e := range res.Entries() {
			name := "literal"
			if e.Func != nil {
				name = e.Func.Name()
			}
			if _, ok := e.Node.(*ast.FuncLit); ok != (e.Func == nil) {
				t.Errorf("%s: Node %T does not match Func %v", name, e.Node, e.Func)
			}
			if !e.HasCtx || e.Ctx == nil || e.Ctx.Name() != "ctx" {
				t.Errorf("%s: context parameter not found", name)
			}
			got = append(got, name+":"+string(e.Kind))
		}
	}
	want := []string{"reconcileConfigMaps:func", "literal:func", "Reconcile:object", "Reconcile:method", "viaOptions:func"}
	if len(got) != len(want) {
		t.Fatalf("entries = %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("entry %d = %s, want %s", i, got[i], want[i])
		}
	}
}
