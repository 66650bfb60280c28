package driver

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/analyzers"
)

func all(*packages.Package) bool { return true }

func TestCoverageNamesEveryOwnError(t *testing.T) {
	errs := func(n int) []packages.Error {
		var out []packages.Error
		for i := 1; i <= n; i++ {
			out = append(out, packages.Error{Pos: fmt.Sprintf("x.go:%d:1", i), Msg: fmt.Sprintf("error %d", i), Kind: packages.TypeError})
		}
		return out
	}
	ok := &packages.Package{ID: "example.com/ok", PkgPath: "example.com/ok", Name: "ok"}
	cov := CoverageOf([]*packages.Package{
		ok,
		{ID: "example.com/two", PkgPath: "example.com/two", Errors: errs(2), IllTyped: true},
		{ID: "example.com/many", PkgPath: "example.com/many", Errors: errs(13), IllTyped: true},
	}, all)
	if len(cov.Analysable) != 1 || cov.Analysable[0] != ok {
		t.Errorf("analysable: %v", cov.Analysable)
	}
	if len(cov.NotAnalysed) != 2 {
		t.Fatalf("%d descriptions, want one per failing package: %+v", len(cov.NotAnalysed), cov.NotAnalysed)
	}
	if want := "package example.com/two does not type-check (2 errors):\n\tx.go:1:1: error 1\n\tx.go:2:1: error 2"; cov.NotAnalysed[0].Line() != want || !cov.NotAnalysed[0].Own {
		t.Errorf("got\n%s\nwant\n%s", cov.NotAnalysed[0].Line(), want)
	}
	many := cov.NotAnalysed[1].Line()
	if !strings.HasPrefix(many, "package example.com/many does not type-check (13 errors):") ||
		!strings.Contains(many, "\tx.go:10:1: error 10\n\tand 3 more") || strings.Contains(many, "error 11") {
		t.Errorf("13 errors: got\n%s", many)
	}
	// The compiler's copy of the type errors is not counted twice.
	dup := append(errs(2), packages.Error{Pos: "-", Msg: "# example.com/two\nx.go:1:1: error 1\nx.go:2:1: error 2", Kind: packages.ListError})
	if d := CoverageOf([]*packages.Package{{PkgPath: "example.com/two", Errors: dup}}, all); len(d.NotAnalysed) != 1 ||
		d.NotAnalysed[0].Line() != "package example.com/two does not type-check (2 errors):\n\tx.go:1:1: error 1\n\tx.go:2:1: error 2" {
		t.Errorf("with the compiler's copy: %+v", d.NotAnalysed)
	}
	// Only matched packages are described.
	if d := CoverageOf([]*packages.Package{{PkgPath: "p", Errors: errs(1)}}, func(*packages.Package) bool { return false }); len(d.NotAnalysed)+len(d.Analysable) != 0 {
		t.Errorf("unmatched package described: %+v", d)
	}
}

// TestCoverageNamesTheImportThatFailed is the silent pass of an incomplete go.sum: the
// matched package has no error of its own and go/packages marks it ill-typed because a
// transitive import could not be built. It is named with the import, the chain and the
// go command's reason, and the module gets one hint that says what to run.
func TestCoverageNamesTheImportThatFailed(t *testing.T) {
	uuid := &packages.Package{ID: "github.com/google/uuid", PkgPath: "github.com/google/uuid", Errors: []packages.Error{{Pos: "-", Kind: packages.ListError,
		Msg: "/mod/k8s.io/kube-openapi@v0.0.0/pkg/handler3/handler.go:33:2: missing go.sum entry for module providing package github.com/google/uuid (imported by k8s.io/kube-openapi/pkg/handler3); to add:\n\tgo get k8s.io/kube-openapi/pkg/handler3@v0.0.0"}}}
	handler := &packages.Package{ID: "k8s.io/kube-openapi/pkg/handler3", PkgPath: "k8s.io/kube-openapi/pkg/handler3", Name: "handler3", IllTyped: true,
		Imports: map[string]*packages.Package{"github.com/google/uuid": uuid}}
	client := &packages.Package{ID: "sigs.k8s.io/controller-runtime/pkg/client", PkgPath: "sigs.k8s.io/controller-runtime/pkg/client", Name: "client", IllTyped: true,
		Imports: map[string]*packages.Package{"k8s.io/kube-openapi/pkg/handler3": handler}}
	fine := &packages.Package{ID: "context", PkgPath: "context", Name: "context"}
	main := &packages.Module{Path: "example.com/op", Main: true}
	a := &packages.Package{ID: "example.com/op/a", PkgPath: "example.com/op/a", Name: "a", IllTyped: true, Module: main,
		Imports: map[string]*packages.Package{"context": fine, "sigs.k8s.io/controller-runtime/pkg/client": client}}
	b := &packages.Package{ID: "example.com/op/b", PkgPath: "example.com/op/b", Name: "b", IllTyped: true, Module: main,
		Imports: map[string]*packages.Package{"sigs.k8s.io/controller-runtime/pkg/client": client}}
	cov := CoverageOf([]*packages.Package{a, b}, all)
	if len(cov.Analysable) != 0 || len(cov.NotAnalysed) != 2 {
		t.Fatalf("coverage: %+v", cov)
	}
	want := "package example.com/op/a is not analysed: its import github.com/google/uuid (through sigs.k8s.io/controller-runtime/pkg/client → k8s.io/kube-openapi/pkg/handler3) did not load: missing go.sum entry for module providing package github.com/google/uuid (imported by k8s.io/kube-openapi/pkg/handler3)"
	if got := cov.NotAnalysed[0].Line(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if len(cov.Hints) != 1 || !strings.Contains(cov.Hints[0], "go.sum of example.com/op is incomplete") || !strings.Contains(cov.Hints[0], "go mod tidy") {
		t.Errorf("hints: %q", cov.Hints)
	}
	// Ill-typed with no error anywhere: still named.
	odd := CoverageOf([]*packages.Package{{ID: "x", PkgPath: "x", IllTyped: true}}, all)
	if len(odd.NotAnalysed) != 1 || !strings.Contains(odd.NotAnalysed[0].Reason, "gave no reason") {
		t.Errorf("ill-typed without errors: %+v", odd)
	}
	// A cycle in a damaged graph ends.
	c1 := &packages.Package{ID: "c1", PkgPath: "c1", Imports: map[string]*packages.Package{}}
	c2 := &packages.Package{ID: "c2", PkgPath: "c2", Imports: map[string]*packages.Package{"c1": c1}}
	c1.Imports["c2"] = c2
	if got := CoverageOf([]*packages.Package{c1}, all); len(got.Analysable) != 0 || len(got.NotAnalysed) != 1 || !strings.Contains(got.NotAnalysed[0].Reason, "import cycle through c1 → c2 → c1") {
		t.Errorf("a package in an import cycle is analysable: %+v", got)
	}
	if cyc := importCycle([]*packages.Package{c1}); strings.Join(cyc, " ") != "c1 c2 c1" {
		t.Errorf("importCycle: %q", cyc)
	}
	if cyc := importCycle([]*packages.Package{a, b}); cyc != nil {
		t.Errorf("importCycle of an acyclic graph: %q", cyc)
	}
}

func TestExplainHints(t *testing.T) {
	for _, tc := range []struct {
		msg, want string
		env       bool
	}{
		{"cannot find module providing package example.com/dep: import lookup disabled by -mod=vendor\n\t(Go version in go.mod is at least 1.14 and vendor directory exists.)", "run `go mod vendor` first", true},
		{"go: inconsistent vendoring in /x:\n\texample.com/dep@v1.0.0: is explicitly required in go.mod, but not marked as explicit in vendor/modules.txt", "run `go mod vendor` first", true},
		{"go: example.com/dep@v1.0.0: module lookup disabled by GOPROXY=off", "(example.com/dep@v1.0.0) and the module proxy is off: run `go mod download`", true},
		{"no required module provides package example.com/gone; to add it:\n\tgo get example.com/gone", "go mod tidy", true},
		{"x.go:3:1: undefined: y", "", false},
		{"import cycle not allowed", "", false},
	} {
		ex := Explain(tc.msg, "example.com/op")
		if !strings.Contains(ex.Hint, tc.want) || ex.Environment != tc.env || strings.Contains(ex.Short, "\n") {
			t.Errorf("Explain(%q) = %+v, want a hint with %q", tc.msg, ex, tc.want)
		}
	}
}

// TestAnalyseRefusesACycle: the checker recurses over Imports and memoizes a node only
// after its imports, so a cyclic graph would overflow the stack (a fatal error, not a
// panic). analysePackages refuses it with an error naming the cycle instead.
func TestAnalyseRefusesACycle(t *testing.T) {
	a := &packages.Package{ID: "example.com/a", PkgPath: "example.com/a", Name: "a", Imports: map[string]*packages.Package{}}
	b := &packages.Package{ID: "example.com/b", PkgPath: "example.com/b", Name: "b", Imports: map[string]*packages.Package{"example.com/a": a}}
	a.Imports["example.com/b"] = b
	cfg := analyzers.DefaultConfig()
	as, err := cfg.Analyzers()
	if err != nil {
		t.Fatal(err)
	}
	_, err = analysePackages(context.Background(), as, []*packages.Package{a})
	if err == nil || !strings.Contains(err.Error(), "import cycle") || !strings.Contains(err.Error(), "example.com/a → example.com/b → example.com/a") {
		t.Errorf("analysePackages on a cycle: %v", err)
	}
}
