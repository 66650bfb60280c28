package analyzerutil

import (
	"go/ast"
	"go/types"
	"iter"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// ResultWrites yields the places of the package where a field of reconcile.Result may
// be set: its composite literals and assignments, outside the files rep skips. It yields
// nothing when the package cannot name reconcile.Result. The analyzer must require
// inspect.Analyzer.
func ResultWrites(pass *analysis.Pass, rep *Reporter) iter.Seq[inspector.Cursor] {
	return func(yield func(inspector.Cursor) bool) {
		if k8sapi.LookupType(pass.Pkg, k8sapi.ReconcilePkg, "Result") == nil {
			return
		}
		ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		for cur := range ins.Root().Preorder((*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)) {
			if !rep.Skip(cur.Node().Pos()) && !yield(cur) {
				return
			}
		}
	}
}

// LiteralField returns the name of the field that element i of the struct literal lit
// (of type t) sets, the key of a keyed element or the field at position i of an unkeyed
// literal ("" when it cannot tell), and the element's value.
func LiteralField(t types.Type, lit *ast.CompositeLit, i int) (string, ast.Expr) {
	switch elt := lit.Elts[i].(type) {
	case *ast.KeyValueExpr:
		if key, ok := elt.Key.(*ast.Ident); ok {
			return key.Name, elt.Value
		}
		return "", elt.Value
	}
	if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i).Name(), lit.Elts[i]
	}
	return "", lit.Elts[i]
}
