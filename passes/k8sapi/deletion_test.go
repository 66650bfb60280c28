package k8sapi_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// TestDeletionRanges parses a function whose statements are marked by the calls
// live() and deleting(): a call of live() must lie in LiveRanges and in no
// DeletionRanges, deleting() the other way round, either() in neither.
func TestDeletionRanges(t *testing.T) {
	src := `package p
func f(obj *T) {
	either()
	if obj.DeletionTimestamp.IsZero() && !ContainsFinalizer(obj) {
		live()
	} else {
		either()
	}
	if !obj.GetDeletionTimestamp().IsZero() || force {
		either()
	} else {
		live()
	}
	if obj.DeletionTimestamp == nil {
		live()
	} else {
		deleting()
	}
	if isBeingDeleted(obj) {
		deleting()
		return
	}
	live()
}
func h(obj *T) {
	isMarkedToBeDeleted := obj.GetDeletionTimestamp() != nil
	if isMarkedToBeDeleted {
		deleting()
		return
	}
	live()
}
func g(obj *T) {
	if obj.DeletionTimestamp != nil && other {
		deleting()
	}
	either()
	if !obj.DeletionTimestamp.IsZero() {
		return
	}
	live()
}
func s(obj *T, ch chan int) {
	switch obj.Spec.Policy {
	case "Delete":
		if obj.ObjectMeta.DeletionTimestamp.IsZero() {
			live()
		} else if ContainsFinalizer(obj) {
			deleting()
		}
		either()
	case "Orphan":
		if !obj.DeletionTimestamp.IsZero() {
			deleting()
			return
		}
		live()
	}
	either()
	select {
	case <-ch:
		if obj.DeletionTimestamp != nil {
			return
		}
		live()
	}
	either()
}`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		body := d.(*ast.FuncDecl).Body
		live, del := k8sapi.LiveRanges(body), k8sapi.DeletionRanges(body)
		ast.Inspect(body, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			id, ok := c.Fun.(*ast.Ident)
			if !ok || !strings.Contains("live deleting either", id.Name) {
				return true
			}
			gotLive, gotDel := k8sapi.InRanges(live, c.Pos()), k8sapi.InRanges(del, c.Pos())
			wantLive, wantDel := id.Name == "live", id.Name == "deleting"
			if gotLive != wantLive || gotDel != wantDel {
				t.Errorf("%s at line %d: live %v, deleting %v", id.Name, fset.Position(c.Pos()).Line, gotLive, gotDel)
			}
			return true
		})
	}
	for cond, want := range map[string]bool{"obj.DeletionTimestamp != nil": true, "x.IsMarkedForDeletion()": true, "obj.Generation != 1": false, "err != nil": false} {
		e, err := parser.ParseExpr(cond)
		if err != nil {
			t.Fatal(err)
		}
		if got := k8sapi.DeletionTest(e); got != want {
			t.Errorf("DeletionTest(%s) = %v, want %v", cond, got, want)
		}
	}
}
