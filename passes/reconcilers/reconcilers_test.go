package reconcilers_test

import (
	"go/ast"
	"path/filepath"
	"strings"
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

// TestV06 runs the pass on a package written against the v0.6 shape of the reconcile
// package (testdata/v06): Reconcile(Request) methods and Func conversions of the form
// without a context are entry points, with HasCtx false.
func TestV06(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/v06")
	if err != nil {
		t.Fatal(err)
	}
	results := analysistest.Run(t, dir, reconcilers.Analyzer, "oldstyle")
	var got []string
	for _, r := range results {
		if r.Pass.Pkg.Path() != "oldstyle" {
			continue
		}
		for _, e := range r.Result.(*reconcilers.Result).Entries() {
			if e.HasCtx || e.Ctx != nil || e.Req == nil {
				t.Errorf("%s: HasCtx=%v Ctx=%v Req=%v, want no ctx and the request", e.Func.Name(), e.HasCtx, e.Ctx, e.Req)
			}
			got = append(got, e.Func.Name()+":"+string(e.Kind))
		}
	}
	if want := "Reconcile:method handle:func"; strings.Join(got, " ") != want {
		t.Errorf("entries = %v, want %s", got, want)
	}
}
