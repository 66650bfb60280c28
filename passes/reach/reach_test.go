package reach_test

import (
	"go/ast"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/passes/reach"
)

// TestChains checks which functions are reached from Reconcile and by which shortest
// chain: direct calls, method values, functions passed as arguments, recursion; not
// goroutines, errgroup.Go, or unreferenced functions.
func TestChains(t *testing.T) {
	dir, _ := filepath.Abs("../../testdata")
	results := analysistest.Run(t, dir, reach.Analyzer, "reach/chains")
	var res *reach.Result
	for _, r := range results {
		if r.Pass.Pkg.Path() == "reach/chains" {
			res = r.Result.(*reach.Result)
		}
	}
	if res == nil {
		t.Fatal("no result for reach/chains")
	}
	got := map[string]string{}
	for _, fn := range res.Funcs() {
		fd, ok := fn.(*ast.FuncDecl)
		if !ok {
			continue
		}
		chain, _ := res.Reached(fn)
		got[fd.Name.Name] = strings.Join(chain, " → ")
	}
	want := map[string]string{
		"Reconcile":   "Reconcile",
		"direct":      "Reconcile → direct",
		"nested":      "Reconcile → direct → nested",
		"methodValue": "Reconcile → methodValue",
		"passedAsArg": "Reconcile → passedAsArg",
		"run":         "Reconcile → run",
		"rec":         "Reconcile → rec",
	}
	for name, chain := range want {
		if got[name] != chain {
			t.Errorf("%s: chain %q, want %q", name, got[name], chain)
		}
	}
	for _, name := range []string{"onGoroutine", "onlyFromGoroutine", "inErrgroup", "unreached"} {
		if c, ok := got[name]; ok {
			t.Errorf("%s is reached (%s), want not reached", name, c)
		}
	}
}
