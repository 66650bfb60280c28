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
		if get := cachedReread(pass, lit); get != nil {
			rep.Reportf(get, "%s re-reads through the cached client in a %s closure: the cache can hand back the same stale object, with the same resourceVersion, on every attempt until the informer catches up, so each attempt can fail with the same conflict; re-read with the API reader (mgr.GetAPIReader()), which asks the API server%s",
				types.ExprString(get.Fun), k8sapi.Callee(info, call).Name(), analyzerutil.Chain(chain))
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

// cachedReread returns the first client Get in lit (not in nested literals) that reads
// through the manager's cached client, when lit also Updates an object: a
// read-modify-write retried on conflicts whose read may return the same stale object
// every time. The client is taken for the cached one when the receiver can also write
// (client.Client, a reconciler embedding it): mgr.GetClient() reads from the cache.
// A receiver that can only read (client.Reader: mgr.GetAPIReader()) or whose name says
// it is live (APIReader, apiReader, uncached, noCache, direct, live) is the API reader.
func cachedReread(pass *analysis.Pass, lit *ast.FuncLit) *ast.CallExpr {
	info := pass.TypesInfo
	var get *ast.CallExpr
	updates := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		op, ok := k8sapi.ClientCall(pass.Pkg, info, c)
		if !ok {
			return true
		}
		switch {
		case op.Method == "Update" && op.IsWrite():
			updates = true
		case op.Iface == "Reader" && op.Method == "Get" && get == nil && cachedReceiver(pass, c):
			get = c
		}
		return true
	})
	if !updates {
		return nil
	}
	return get
}

// liveNames are words in the name of a client field or variable that say it reads from
// the API server, not the cache.
var liveNames = []string{"apireader", "uncached", "nocache", "direct", "live", "apiserver"}

// cachedReceiver reports whether the Get call c goes through a client that can also
// write (the manager's cached client), and not through one whose name says it is live.
func cachedReceiver(pass *analysis.Pass, c *ast.CallExpr) bool {
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	name := strings.ToLower(types.ExprString(sel.X))
	for _, w := range liveNames {
		if strings.Contains(name, w) {
			return false
		}
	}
	t := pass.TypesInfo.TypeOf(sel.X)
	writer := k8sapi.LookupType(pass.Pkg, k8sapi.ClientPkg, "Writer")
	if t == nil || writer == nil {
		return false
	}
	iface, ok := writer.Type().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	return types.Implements(t, iface) || !types.IsInterface(t) && types.Implements(types.NewPointer(t), iface)
}
