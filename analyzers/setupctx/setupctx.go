package setupctx

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the setupctx rule. It has no options: a deliberate never-stopping manager
// carries an ignore directive.
var Analyzer = analyzerutil.Rule{
	Name:     "setupctx",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, directives.Analyzer},
}.Analyzer(run)

const clusterPkg = k8sapi.CtrlRoot + "/pkg/cluster"

const (
	msgStart = "%s with %s is never stopped: on SIGTERM the process is killed mid-reconcile instead of stopping the controllers, waiting for the reconciles in flight and releasing the leader lease; pass ctrl.SetupSignalHandler() or a context derived from it"
	msgWait  = "%s with %s can never be interrupted: a cache that does not sync (a CRD not installed, a watch refused by RBAC) blocks it forever and shutdown cannot stop it; pass the manager's context (the ctx of a Runnable's Start, or ctrl.SetupSignalHandler())"
)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if k8sapi.LookupType(pass.Pkg, k8sapi.ManagerPkg, "Manager") == nil &&
		k8sapi.LookupType(pass.Pkg, k8sapi.CachePkg, "Informers") == nil &&
		k8sapi.LookupType(pass.Pkg, k8sapi.ToolsCachePkg, "InformerSynced") == nil {
		return rep.Outcome(), nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if rep.Skip(call.Pos()) || len(call.Args) == 0 {
			continue
		}
		info := pass.TypesInfo
		if !setupCall(info, call) || analyzerutil.BuildsFake(pass, cur) {
			continue // a fixture on a fake clientset never runs in a manager's process
		}
		switch {
		case k8sapi.IsMethodCall(info, call, k8sapi.ManagerPkg, "Manager", "Start"),
			k8sapi.IsMethodCall(info, call, clusterPkg, "Cluster", "Start"),
			k8sapi.IsMethodCall(info, call, k8sapi.CachePkg, "Informers", "Start"):
			if what, ok := newChecker(pass, cur).neverCancelled(call.Args[0], 0); ok {
				rep.Reportf(call.Args[0], msgStart, callName(call), what)
			}
		case k8sapi.IsMethodCall(info, call, k8sapi.CachePkg, "Informers", "WaitForCacheSync"),
			k8sapi.IsFuncCall(info, call, k8sapi.ToolsCachePkg, "WaitForNamedCacheSyncWithContext"):
			if what, ok := newChecker(pass, cur).neverCancelled(call.Args[0], 0); ok {
				rep.Reportf(call.Args[0], msgWait, callName(call), what)
			}
		case k8sapi.IsFuncCall(info, call, k8sapi.ToolsCachePkg, "WaitForCacheSync"):
			if what, ok := newChecker(pass, cur).neverClosed(call.Args[0], 0, true); ok {
				rep.Reportf(call.Args[0], msgWait, callName(call), what)
			}
		case k8sapi.IsFuncCall(info, call, k8sapi.ToolsCachePkg, "WaitForNamedCacheSync"):
			if len(call.Args) < 2 {
				continue
			}
			if what, ok := newChecker(pass, cur).neverClosed(call.Args[1], 0, true); ok {
				rep.Reportf(call.Args[1], msgWait, callName(call), what)
			}
		}
	}
	return rep.Outcome(), nil
}

// setupCall reports whether call is one of the calls the rule judges.
func setupCall(info *types.Info, call *ast.CallExpr) bool {
	return k8sapi.IsMethodCall(info, call, k8sapi.ManagerPkg, "Manager", "Start") ||
		k8sapi.IsMethodCall(info, call, clusterPkg, "Cluster", "Start") ||
		k8sapi.IsMethodCall(info, call, k8sapi.CachePkg, "Informers", "Start") ||
		k8sapi.IsMethodCall(info, call, k8sapi.CachePkg, "Informers", "WaitForCacheSync") ||
		k8sapi.IsFuncCall(info, call, k8sapi.ToolsCachePkg, "WaitForNamedCacheSyncWithContext", "WaitForCacheSync", "WaitForNamedCacheSync")
}

// callName names the called function as the user wrote it: "mgr.Start",
// "cache.WaitForCacheSync", "mgr.GetCache().WaitForCacheSync".
func callName(call *ast.CallExpr) string {
	s := types.ExprString(call.Fun)
	if len(s) > 60 {
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
			return sel.Sel.Name
		}
	}
	return s
}

const maxDepth = 4

// checker decides whether a context or stop channel given at cur is never cancelled.
type checker struct {
	pass     *analysis.Pass
	cur      inspector.Cursor
	visiting map[*types.Var]bool // locals whose values are being checked
}

func newChecker(pass *analysis.Pass, cur inspector.Cursor) *checker {
	return &checker{pass: pass, cur: cur, visiting: map[*types.Var]bool{}}
}

// neverCancelled reports whether the context expression e is certainly never
// cancelled, and describes it ("context.Background()"). A local that is being checked
// (ctx = context.WithValue(ctx, ...)) keeps the property and is described as "".
func (c *checker) neverCancelled(e ast.Expr, depth int) (string, bool) {
	pass := c.pass
	if depth > maxDepth {
		return "", false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		switch {
		case k8sapi.IsFuncCall(pass.TypesInfo, e, "context", "Background", "TODO"):
			return types.ExprString(e), true
		case k8sapi.IsFuncCall(pass.TypesInfo, e, "context", "WithValue", "WithoutCancel") && len(e.Args) > 0:
			if what, ok := c.neverCancelled(e.Args[0], depth+1); ok {
				if what == "" {
					return "", true
				}
				return "a context derived from " + what, true
			}
		}
	case *ast.Ident:
		return c.viaLocal(e, func(v ast.Expr) (string, bool) { return c.neverCancelled(v, depth+1) })
	}
	return "", false
}

// neverClosed reports whether the stop channel expression e is certainly never closed.
// A channel made in the argument itself (direct) cannot be closed by anyone; one held
// in a variable can.
func (c *checker) neverClosed(e ast.Expr, depth int, direct bool) (string, bool) {
	pass := c.pass
	if depth > maxDepth {
		return "", false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if obj, ok := pass.TypesInfo.Uses[e.Sel].(*types.Var); ok && k8sapi.IsObj(obj, k8sapi.WaitPkg, "NeverStop") {
			return "wait.NeverStop", true
		}
	case *ast.CallExpr:
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if b, ok := pass.TypesInfo.Uses[id].(*types.Builtin); ok && b.Name() == "make" && direct {
				return "a channel that nothing can close", true
			}
		}
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Done" && len(e.Args) == 0 &&
			k8sapi.IsContext(pass.TypesInfo.TypeOf(sel.X)) {
			if what, ok := c.neverCancelled(sel.X, depth+1); ok && what != "" {
				return "the Done channel of " + what, true
			}
		}
	case *ast.Ident:
		if tv, ok := pass.TypesInfo.Types[e]; ok && tv.IsNil() {
			return "a nil channel", true
		}
		return c.viaLocal(e, func(v ast.Expr) (string, bool) { return c.neverClosed(v, depth+1, false) })
	}
	return "", false
}

// viaLocal applies check to every value assigned to the local variable id in the
// function that declares it, and succeeds when there is at least one, every one passes
// and the variable's address is never taken.
func (c *checker) viaLocal(id *ast.Ident, check func(ast.Expr) (string, bool)) (string, bool) {
	pass, cur := c.pass, c.cur
	v, ok := pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || v.Kind() == types.ParamVar {
		return "", false
	}
	if c.visiting[v] {
		return "", true
	}
	c.visiting[v] = true
	defer delete(c.visiting, v)
	var body ast.Node
	for fc := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if fc.Node().Pos() <= v.Pos() && v.Pos() < fc.Node().End() {
			body = fc.Node()
			break
		}
	}
	if body == nil {
		return "", false
	}
	var values []ast.Expr
	bad := false
	ast.Inspect(body, func(n ast.Node) bool {
		if bad {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				lid, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || (pass.TypesInfo.Defs[lid] != v && pass.TypesInfo.Uses[lid] != v) {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) {
					bad = true // a tuple assignment: the value is a result
					return false
				}
				values = append(values, n.Rhs[i])
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if pass.TypesInfo.Defs[name] != v {
					continue
				}
				if len(n.Values) != len(n.Names) {
					bad = true // declared zero, or from a tuple
					return false
				}
				values = append(values, n.Values[i])
			}
		case *ast.UnaryExpr:
			if xid, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && pass.TypesInfo.Uses[xid] == v {
				bad = true
			}
		}
		return true
	})
	if bad || len(values) == 0 {
		return "", false
	}
	var what string
	for _, val := range values {
		w, ok := check(val)
		if !ok {
			return "", false
		}
		if what == "" {
			what = w
		}
	}
	if what == "" {
		return "", false // only self-derivations: no value to start from
	}
	return id.Name + " (" + what + ")", true
}
