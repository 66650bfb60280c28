package retryloop

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// conflictClosures reports, in body (not in nested function literals, which are reached
// functions of their own), retry.RetryOnConflict and retry.OnError calls whose closure
// updates an object that it does not re-read.
func conflictClosures(pass *analysis.Pass, rep *analyzerutil.Reporter, body *ast.BlockStmt, chain []string) {
	info := pass.TypesInfo
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || !k8sapi.IsFuncCall(info, call, k8sapi.RetryPkg, "RetryOnConflict", "OnError") || len(call.Args) == 0 {
			return true
		}
		lit, ok := ast.Unparen(call.Args[len(call.Args)-1]).(*ast.FuncLit)
		if !ok {
			return true
		}
		if w := staleWrite(pass, lit); w != nil {
			rep.Reportf(w, "%s in a %s closure writes %s without re-reading it in the closure: a stale object fails with the same conflict on every attempt; Get it at the start of the closure, preferably with the API reader (mgr.GetAPIReader()): the cache can return the same stale object on every attempt%s",
				k8sapi.Callee(info, w).Name(), k8sapi.Callee(info, call).Name(), strings.TrimPrefix(types.ExprString(w.Args[1]), "&"), analyzerutil.Chain(chain))
		}
		return true
	})
}

// staleWrite returns the first Update (of an object or of a sub-resource) in lit whose
// object is a variable declared outside lit, when lit reads no object with the client
// (Get or List), does not assign the variable, and passes it to no other function that
// also takes a context (a helper that may re-read it).
func staleWrite(pass *analysis.Pass, lit *ast.FuncLit) *ast.CallExpr {
	info := pass.TypesInfo
	var write *ast.CallExpr
	var obj types.Object
	reads := false
	var calls []*ast.CallExpr
	assigned := map[types.Object]bool{}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					assigned[info.ObjectOf(id)] = true
				}
			}
		case *ast.CallExpr:
			calls = append(calls, n)
			op, ok := k8sapi.ClientCall(pass.Pkg, info, n)
			if !ok {
				return true
			}
			switch {
			case op.Method == "Get" || op.Method == "List":
				reads = true
			case op.IsWrite() && op.Method == "Update" && write == nil && len(n.Args) >= 2:
				if v := rootVar(info, n.Args[1]); v != nil && !(lit.Pos() <= v.Pos() && v.Pos() < lit.End()) {
					write, obj = n, v
				}
			}
		}
		return true
	})
	if write == nil || reads || assigned[obj] {
		return nil
	}
	for _, c := range calls {
		if c == write || !takesContext(info, c) {
			continue
		}
		for _, a := range c.Args {
			if rootVar(info, a) == obj {
				return nil
			}
		}
	}
	return write
}

// rootVar returns the variable at the root of e: x in x, &x, x.f, x.f.g.
func rootVar(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if v, ok := info.ObjectOf(x).(*types.Var); ok {
				return v
			}
			return nil
		case *ast.UnaryExpr:
			e = x.X
		case *ast.SelectorExpr:
			e = x.X
		default:
			return nil
		}
	}
}

func takesContext(info *types.Info, c *ast.CallExpr) bool {
	for _, a := range c.Args {
		if t := info.TypeOf(a); t != nil && k8sapi.IsContext(t) {
			return true
		}
	}
	return false
}
