package nodeadline

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
	"github.com/reconcilelint/reconcilelint/passes/wiring"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true // 14 findings, 11 true, 3 debatable, 0 false on nine operators: docs/precision.md, consolidation round
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the nodeadline rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "nodeadline",
	Doc:      doc,
	Requires: []*analysis.Analyzer{directives.Analyzer, reach.Analyzer, reconcilers.Analyzer, wiring.Analyzer},
}.Analyzer(run)

const (
	msg        = "%s can wait forever: %s and its ctx has no deadline (no context.WithTimeout or WithDeadline on the path, no ReconciliationTimeout on the controller): a stalled peer holds the reconcile worker (one by default) until the process restarts; %s%s"
	fixOption  = "set controller.Options{ReconciliationTimeout: ...} (WithOptions) or derive the ctx with context.WithTimeout"
	fixContext = "derive the ctx with context.WithTimeout (controller-runtime before v0.22 has no ReconciliationTimeout)"
)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	wr := pass.ResultOf[wiring.Analyzer].(*wiring.Result)
	if len(r.Funcs()) == 0 || len(wr.Controllers) == 0 || wr.ManagerTimeout != wiring.No {
		return rep.Outcome(), nil
	}
	recs := pass.ResultOf[reconcilers.Analyzer].(*reconcilers.Result)
	g := newGraph(pass, recs)
	fix := fixContext
	if hasTimeoutOption(pass) {
		fix = fixOption
	}
	for _, fn := range r.Funcs() {
		if rep.Skip(fn.Pos()) {
			continue
		}
		var found []site
		k8sapi.InspectBody(fn, func(n ast.Node) {
			if call, ok := n.(*ast.CallExpr); ok {
				if s, ok := external(pass, fn, call); ok {
					found = append(found, s)
				}
			}
		})
		if len(found) == 0 {
			continue
		}
		cs, known := wr.Reaching(fn)
		if !known || !unbounded(cs) {
			continue
		}
		chain, _ := r.Reached(fn)
		for _, s := range found {
			if g.bounded(fn, s.ctx, 0) {
				continue
			}
			rep.Report(analysis.Diagnostic{
				Pos: s.call.Pos(), End: s.call.End(),
				Message: fmt.Sprintf(msg, types.ExprString(s.call.Fun), s.why, fix, analyzerutil.Chain(chain)),
			})
		}
	}
	return rep.Outcome(), nil
}

// unbounded reports whether some controller of cs runs without ReconciliationTimeout
// and none has options the pass cannot read.
func unbounded(cs []*wiring.Controller) bool {
	open := false
	for _, c := range cs {
		switch c.Options.ReconciliationTimeout {
		case wiring.Unknown:
			return false
		case wiring.No:
			open = true
		}
	}
	return open
}

// hasTimeoutOption reports whether the controller-runtime release the package sees has
// controller.Options.ReconciliationTimeout (v0.22 on).
func hasTimeoutOption(pass *analysis.Pass) bool {
	tn := k8sapi.LookupType(pass.Pkg, k8sapi.ControllerPkg, "TypedOptions")
	if tn == nil {
		return false
	}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if st.Field(i).Name() == "ReconciliationTimeout" {
			return true
		}
	}
	return false
}

// site is an external call with the ctx it runs under.
type site struct {
	call *ast.CallExpr
	ctx  ast.Expr
	why  string
}

var sqlMethods = map[string]bool{"QueryContext": true, "ExecContext": true, "QueryRowContext": true,
	"PingContext": true, "PrepareContext": true, "BeginTx": true}

// external recognises a call that can wait forever and returns the ctx it runs under.
func external(pass *analysis.Pass, fn ast.Node, call *ast.CallExpr) (site, bool) {
	info := pass.TypesInfo
	f, ok := k8sapi.Callee(info, call).(*types.Func)
	if !ok || f.Pkg() == nil {
		return site{}, false
	}
	sig := f.Signature()
	sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	switch {
	case f.Pkg().Path() == "net/http" && sig.Recv() != nil && sel != nil && isHTTPClient(sig.Recv().Type()):
		switch f.Name() {
		case "Do":
			why, ok := noTimeout(pass, fn, sel.X)
			if !ok || len(call.Args) != 1 {
				return site{}, false
			}
			ctx := requestCtx(pass, fn, call.Args[0])
			if ctx == nil {
				return site{}, false
			}
			return site{call, ctx, why}, true
		}
		return site{}, false // Get, Post, Head, PostForm take no ctx: nocancel reports them
	case f.Pkg().Path() == "database/sql" && sig.Recv() != nil && sqlMethods[f.Name()] && len(call.Args) > 0:
		return site{call, call.Args[0], "a database call has no timeout of its own"}, true
	case sig.Recv() != nil && sig.Variadic() && sig.Params().Len() >= 2 && len(call.Args) > 0 &&
		k8sapi.IsContext(sig.Params().At(0).Type()) && isCallOption(sig.Params().At(sig.Params().Len()-1).Type()):
		return site{call, call.Args[0], "a gRPC call has no deadline of its own"}, true
	}
	return site{}, false
}

func isHTTPClient(t types.Type) bool {
	n := k8sapi.Named(t)
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == "Client"
}

// isCallOption reports whether t is []grpc.CallOption.
func isCallOption(t types.Type) bool {
	s, ok := t.(*types.Slice)
	if !ok {
		return false
	}
	n := k8sapi.Named(s.Elem())
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "google.golang.org/grpc" && n.Obj().Name() == "CallOption"
}

// noTimeout tells whether the client expression has no Timeout: http.DefaultClient, or
// a local variable made with a literal or new that sets neither Timeout nor Transport.
func noTimeout(pass *analysis.Pass, fn ast.Node, e ast.Expr) (string, bool) {
	info := pass.TypesInfo
	e = ast.Unparen(e)
	if sel, ok := e.(*ast.SelectorExpr); ok {
		if v, ok := info.Uses[sel.Sel].(*types.Var); ok && v.Pkg() != nil && v.Pkg().Path() == "net/http" && v.Name() == "DefaultClient" {
			return "http.DefaultClient has no Timeout", true
		}
		return "", false
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return "", false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return "", false
	}
	rhs := assigned(pass, fn, v)
	if len(rhs) != 1 {
		return "", false
	}
	x := ast.Unparen(rhs[0])
	if u, ok := x.(*ast.UnaryExpr); ok {
		x = ast.Unparen(u.X)
	}
	switch x := x.(type) {
	case *ast.CompositeLit:
		if !isHTTPClient(info.TypeOf(x)) {
			return "", false
		}
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && (k.Name == "Timeout" || k.Name == "Transport") {
					return "", false
				}
			}
		}
		return "the http.Client has no Timeout", true
	case *ast.CallExpr:
		if b, ok := info.Uses[identOf(x.Fun)].(*types.Builtin); ok && b.Name() == "new" && len(x.Args) == 1 && isHTTPClient(info.TypeOf(x.Args[0])) {
			return "the http.Client has no Timeout", true
		}
	}
	return "", false
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// assigned returns every value assigned to the local variable v in fn (nil when v is
// a parameter, a field, or assigned in a way other than plain assignment).
func assigned(pass *analysis.Pass, fn ast.Node, v *types.Var) []ast.Expr {
	var out []ast.Expr
	bad := false
	ast.Inspect(k8sapi.FuncBody(fn), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && pass.TypesInfo.ObjectOf(id) == v {
					if len(n.Lhs) == len(n.Rhs) {
						out = append(out, n.Rhs[i])
					} else if i == 0 && len(n.Rhs) == 1 {
						out = append(out, n.Rhs[0]) // v, x := f(...): the first result
					} else {
						bad = true
					}
				}
			}
		case *ast.ValueSpec:
			for i, nm := range n.Names {
				if pass.TypesInfo.Defs[nm] == v && len(n.Values) == len(n.Names) {
					out = append(out, n.Values[i])
				}
			}
		}
		return true
	})
	if bad {
		return nil
	}
	return out
}

// requestCtx returns the ctx argument of the http.NewRequestWithContext that built the
// request variable e in fn, nil when unknown (or built without a ctx).
func requestCtx(pass *analysis.Pass, fn ast.Node, e ast.Expr) ast.Expr {
	id := identOf(e)
	if id == nil {
		return nil
	}
	v, ok := pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	for _, rhs := range assigned(pass, fn, v) {
		if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
			if f, ok := k8sapi.Callee(pass.TypesInfo, call).(*types.Func); ok && f.Pkg() != nil && f.Pkg().Path() == "net/http" && f.Name() == "NewRequestWithContext" && len(call.Args) > 0 {
				return call.Args[0]
			}
		}
	}
	return nil
}
