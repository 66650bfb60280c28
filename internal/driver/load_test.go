package driver

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

func TestLoadErrorsNameEveryError(t *testing.T) {
	errs := func(n int) []packages.Error {
		var out []packages.Error
		for i := 1; i <= n; i++ {
			out = append(out, packages.Error{Pos: fmt.Sprintf("x.go:%d:1", i), Msg: fmt.Sprintf("error %d", i), Kind: packages.TypeError})
		}
		return out
	}
	got := loadErrors([]*packages.Package{
		{PkgPath: "example.com/ok"},
		{PkgPath: "example.com/two", Errors: errs(2)},
		{PkgPath: "example.com/many", Errors: errs(13)},
	})
	if len(got) != 2 {
		t.Fatalf("%d descriptions, want one per failing package: %q", len(got), got)
	}
	if want := "package example.com/two does not type-check (2 errors):\n\tx.go:1:1: error 1\n\tx.go:2:1: error 2"; got[0] != want {
		t.Errorf("got\n%s\nwant\n%s", got[0], want)
	}
	many := got[1]
	if !strings.HasPrefix(many, "package example.com/many does not type-check (13 errors):") ||
		!strings.Contains(many, "\tx.go:10:1: error 10\n\tand 3 more") || strings.Contains(many, "error 11") {
		t.Errorf("13 errors: got\n%s", many)
	}
	// The compiler's copy of the type errors is not counted twice.
	dup := append(errs(2), packages.Error{Pos: "-", Msg: "# example.com/two\nx.go:1:1: error 1\nx.go:2:1: error 2", Kind: packages.ListError})
	if d := loadErrors([]*packages.Package{{PkgPath: "example.com/two", Errors: dup}}); len(d) != 1 || d[0] != got[0] {
		t.Errorf("with the compiler's copy: %q, want %q", d, got[0])
	}
	one := loadErrors([]*packages.Package{{PkgPath: "p", Errors: errs(1)}})
	if len(one) != 1 || !strings.HasPrefix(one[0], "package p does not type-check (1 error):") {
		t.Errorf("one error: %q", one)
	}
}

func TestLoadErrorsNameUnloadedImports(t *testing.T) {
	unloaded := func(path, msg string) *packages.Package {
		return &packages.Package{ID: path, PkgPath: path, Errors: []packages.Error{{Msg: msg, Kind: packages.ListError}}}
	}
	vendorMsg := func(path string) string {
		return "cannot find module providing package " + path + ": import lookup disabled by -mod=vendor\n\t(Go version in go.mod is at least 1.14 and vendor directory exists.)"
	}
	typeErr := []packages.Error{{Pos: "a.go:3:8", Msg: "could not import example.com/dep (invalid package name: \"\")", Kind: packages.TypeError}}
	dep := unloaded("example.com/dep", vendorMsg("example.com/dep"))
	got := loadErrors([]*packages.Package{
		{PkgPath: "example.com/a", Errors: typeErr, Imports: map[string]*packages.Package{
			"example.com/dep": dep,
			"example.com/ok":  {ID: "example.com/ok", Name: "ok", PkgPath: "example.com/ok"},
		}},
		// The same import from a second package is named once.
		{PkgPath: "example.com/b", Errors: typeErr, Imports: map[string]*packages.Package{"example.com/dep": dep}},
		// A package that type-checks: its imports are not looked at.
		{PkgPath: "example.com/c", Imports: map[string]*packages.Package{"example.com/other": unloaded("example.com/other", "x")}},
	})
	want := "the go command could not load 1 imported package; the type errors below follow from that:\n" +
		"\texample.com/dep: cannot find module providing package example.com/dep: import lookup disabled by -mod=vendor\n" +
		"\tthe module has a vendor directory (so the go command uses -mod=vendor) that does not hold them: run `go mod vendor` first, or run reconcilelint with GOFLAGS=-mod=mod"
	if len(got) != 3 || got[0] != want {
		t.Fatalf("got %d descriptions:\n%s\nwant first:\n%s", len(got), strings.Join(got, "\n"), want)
	}
	// Another reason (a module missing from the cache) is given as the go command says
	// it, without the vendor hint.
	miss := loadErrors([]*packages.Package{{PkgPath: "example.com/a", Errors: typeErr, Imports: map[string]*packages.Package{
		"example.com/gone": unloaded("example.com/gone", "no required module provides package example.com/gone; to add it:\n\tgo get example.com/gone"),
	}}})
	if len(miss) != 2 || miss[0] != "the go command could not load 1 imported package; the type errors below follow from that:\n"+
		"\texample.com/gone: no required module provides package example.com/gone; to add it: go get example.com/gone" {
		t.Errorf("missing module: %q", miss)
	}
}
