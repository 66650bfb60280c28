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
