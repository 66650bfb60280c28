package objwrite

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// TestReaches parses a function whose calls a(), b1(), b2(), ... are judged: from a()
// (the first call named a), b<n>() is reachable when its name ends in "y", not when it
// ends in "n".
func TestReaches(t *testing.T) {
	src := `package p
func f() {
	ny()
	switch x {
	case 1:
		a()
		sy()
	case 2:
		cn()
	}
	ty()
	if c {
		uy()
	} else {
		vy()
	}
}
func g() {
	if c {
		a()
		return
	}
	wn()
}`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		body := d.(*ast.FuncDecl).Body
		var from ast.Node
		var calls []*ast.CallExpr
		ast.Inspect(body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if c.Fun.(*ast.Ident).Name == "a" {
					from = c
				} else {
					calls = append(calls, c)
				}
			}
			return true
		})
		for _, c := range calls {
			name := c.Fun.(*ast.Ident).Name
			want := name[len(name)-1] == 'y' && c.Pos() > from.Pos()
			if name == "ny" {
				want = false
			}
			if got := Reaches(body, from, c); got != want {
				t.Errorf("Reaches(a, %s) = %v, want %v", name, got, want)
			}
		}
	}
}
