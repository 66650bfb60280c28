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

// TestWebhookRoots checks that webhook entry points are roots of ReachedAs and
// FuncsAll, and not of Reached and Funcs, which the rules about reconcile results,
// queues, status and finalizers use; and that ReachedAs tells admission from
// conversion (a function both reach is an admission one).
func TestWebhookRoots(t *testing.T) {
	dir, _ := filepath.Abs("../../testdata")
	results := analysistest.Run(t, dir, reach.Analyzer, "reach/hooks")
	var res *reach.Result
	for _, r := range results {
		if r.Pass.Pkg.Path() == "reach/hooks" {
			res = r.Result.(*reach.Result)
		}
	}
	if res == nil {
		t.Fatal("no result for reach/hooks")
	}
	rec := map[string]bool{}
	for _, fn := range res.Funcs() {
		if fd, ok := fn.(*ast.FuncDecl); ok {
			rec[fd.Name.Name] = true
		}
	}
	if len(rec) != 2 || !rec["Reconcile"] || !rec["shared"] {
		t.Errorf("Funcs = %v, want Reconcile and shared only", rec)
	}
	got := map[string]string{}
	for _, fn := range res.FuncsAll() {
		fd, ok := fn.(*ast.FuncDecl)
		if !ok {
			continue
		}
		chain, kind, ok := res.ReachedAs(fn)
		if !ok {
			t.Errorf("%s in FuncsAll but not ReachedAs", fd.Name.Name)
		}
		got[fd.Name.Name] = string(kind) + ": " + strings.Join(chain, " → ")
	}
	want := map[string]string{
		"ValidateCreate": "admission: ValidateCreate",
		"ValidateUpdate": "admission: ValidateUpdate",
		"ValidateDelete": "admission: ValidateDelete",
		"check":          "admission: ValidateCreate → check",
		"shared":         "reconcile: Reconcile → shared",
		"ConvertTo":      "conversion: ConvertTo",
		"ConvertFrom":    "conversion: ConvertFrom",
		"scale":          "conversion: ConvertFrom → scale",
		"Reconcile":      "reconcile: Reconcile",
	}
	if len(got) != len(want) {
		t.Errorf("FuncsAll = %v, want %v", got, want)
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: %q, want %q", name, got[name], w)
		}
	}
	for _, name := range []string{"background", "Setup"} {
		if _, ok := got[name]; ok {
			t.Errorf("%s reached, want not", name)
		}
	}
}

// TestCallbacks checks the event callbacks reach finds (each kind and registration
// form) and what it walks from them: a helper of the package a map function calls is
// reached from it, with the call in the callback that leads there, and no callback is
// reached from the reconcile entry point.
func TestCallbacks(t *testing.T) {
	dir, _ := filepath.Abs("../../testdata")
	results := analysistest.Run(t, dir, reach.Analyzer, "reach/callbacks")
	var res *reach.Result
	for _, r := range results {
		if r.Pass.Pkg.Path() == "reach/callbacks" {
			res = r.Result.(*reach.Result)
		}
	}
	if res == nil {
		t.Fatal("no result for reach/callbacks")
	}
	got := map[string]bool{}
	for _, cb := range res.Callbacks() {
		got[string(cb.Kind)+" "+cb.Label+": "+cb.Desc] = true
		if _, ok := res.Reached(cb.Node); ok {
			t.Errorf("callback %s is reached from a reconcile", cb.Label)
		}
	}
	want := []string{
		"informer AddFunc: the AddFunc of a cache.ResourceEventHandlerFuncs",
		"predicate DeleteFunc: the DeleteFunc of a predicate.Funcs",
		"map podToApp: the function given to handler.EnqueueRequestsFromMapFunc",
		"handler CreateFunc: the CreateFunc of a handler.Funcs",
		"map map function: a handler.MapFunc returned by mapper",
		"predicate R.Create: R.Create, a predicate method",
		"informer H.OnAdd: H.OnAdd, an informer event handler method",
		"informer H.OnUpdate: H.OnUpdate, an informer event handler method",
		"informer H.OnDelete: H.OnDelete, an informer event handler method",
		"predicate predicate function: the function given to predicate.NewPredicateFuncs",
	}
	for _, w := range want {
		if !got[w] {
			t.Errorf("missing callback %q in %v", w, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d callbacks, want %d: %v", len(got), len(want), got)
	}
	var annotate ast.Node
	for _, fn := range res.CallbackFuncs() {
		if fd, ok := fn.(*ast.FuncDecl); ok && fd.Name.Name == "annotate" {
			annotate = fd
		}
	}
	if annotate == nil {
		t.Fatal("annotate is not reached from a callback")
	}
	chain, cb, first, _ := res.Callback(annotate)
	if strings.Join(chain, " → ") != "podToApp → annotate" || cb.Label != "podToApp" || first == nil {
		t.Errorf("annotate: chain %v, callback %v, first %v", chain, cb.Label, first)
	}
	if _, ok := res.Reached(annotate); ok {
		t.Error("annotate is reached from a reconcile")
	}
}
