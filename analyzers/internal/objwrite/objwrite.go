// Package objwrite holds what the rules about writes of the reconciled object share
// (selftrigger, statuslog): which variables hold the reconciled object, the writes that
// nothing guards by the function they are in (from the value-flow sinks), and whether
// such a write persists a change of the status or of the rest of the object.
package objwrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/subresource"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

// Reconciled returns, for the functions reached from reconcile entry points, a test of
// whether a variable holds the reconciled object: the out-parameter of a Get keyed by
// the request (directly, or through a helper of any package that Gets into one of its
// parameters with a key from another: `r.fetch(ctx, req, &obj)`), or a parameter of a
// reached function whose type is the type of such an out-parameter. ok is false when
// the package has no such Get.
func Reconciled(pass *analysis.Pass, r *reach.Result, flow *valueflow.Result) (is func(*types.Var) bool, ok bool) {
	reconciled := map[*types.Var]bool{}
	kinds := map[*types.TypeName]bool{}
	for _, fn := range r.Funcs() {
		k8sapi.InspectBody(fn, func(n ast.Node) {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 3 {
				return
			}
			var obj ast.Expr
			if op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, call); ok {
				if op.Iface != "Reader" || op.Method != "Get" || !fromRequest(pass, call.Args[1]) {
					return
				}
				obj = call.Args[2]
			} else if obj = helperFetch(pass, flow, call); obj == nil {
				return
			}
			if v := RootVar(pass, obj); v != nil {
				reconciled[v] = true
				if n := k8sapi.Named(v.Type()); n != nil {
					kinds[n.Obj()] = true
				}
			}
		})
	}
	if len(reconciled) == 0 {
		return nil, false
	}
	return func(v *types.Var) bool {
		if reconciled[v] {
			return true
		}
		if v.Kind() != types.ParamVar {
			return false
		}
		n := k8sapi.Named(v.Type())
		return n != nil && kinds[n.Obj()]
	}, true
}

// Write is an unguarded Update or Patch of an object (valueflow.WrittenObject,
// WrittenStatus): a client call, or a call of a helper that writes its argument (Via
// names the helpers down to the write).
type Write struct {
	Call  *ast.CallExpr
	Obj   ast.Expr
	Iface string // Writer, or SubResourceWriter for a status write
	Via   []string
}

// Writes returns the writes that nothing guards, by the function (*ast.FuncDecl or
// *ast.FuncLit) they are in: client Updates and Patches, and calls of helpers (of this
// package or another) that write their argument so.
func Writes(pass *analysis.Pass, flow *valueflow.Result) map[ast.Node][]Write {
	writes := map[ast.Node][]Write{}
	for _, sink := range []valueflow.Sink{valueflow.WrittenObject, valueflow.WrittenStatus} {
		iface := "Writer"
		if sink == valueflow.WrittenStatus {
			iface = "SubResourceWriter"
		}
		for _, f := range flow.FlowsTo(sink) {
			if call, fn := valueflow.ArgOf(pass, f.Expr); call != nil && fn != nil {
				writes[fn] = append(writes[fn], Write{Call: call, Obj: f.Expr, Iface: iface, Via: f.Via})
			}
		}
	}
	return writes
}

// Persists reports whether a write through iface (Writer or SubResourceWriter) of obj
// changes a field of the status (inStatus) or of the rest of the object. With the
// status subresource on, the API server drops status changes in a write of the main
// resource and everything but the status in a status write. Kinds whose markers leave
// the subresource off persist both.
func Persists(pass *analysis.Pass, nss *subresource.Result, iface string, obj ast.Expr, inStatus bool) bool {
	if nss.NoStatusSubresource(pass.TypesInfo.TypeOf(obj)) {
		return true
	}
	if iface == "SubResourceWriter" {
		return inStatus
	}
	return !inStatus
}

// Name is the written call as the user wrote it, shortened: "r.Status().Update".
func Name(call *ast.CallExpr) string {
	s := types.ExprString(call.Fun)
	if len(s) > 40 {
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
			return sel.Sel.Name
		}
	}
	return s
}

// fromRequest reports whether the key expression mentions a reconcile.Request.
func fromRequest(pass *analysis.Pass, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok && k8sapi.IsRequest(v.Type()) {
				found = true
			}
		}
		return !found
	})
	return found
}

// RootVar returns the variable that e (v or &v) names.
func RootVar(pass *analysis.Pass, e ast.Expr) *types.Var {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := pass.TypesInfo.Uses[id].(*types.Var)
	return v
}

// PathRoot returns the variable at the root of a selector, index or star chain
// (obj.Status.X, obj.Annotations["k"], (*obj).Labels), and whether the chain has a
// step (the variable itself is not a field of it).
func PathRoot(pass *analysis.Pass, e ast.Expr) (*types.Var, bool) {
	steps := 0
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e, steps = x.X, steps+1
		case *ast.IndexExpr:
			e, steps = x.X, steps+1
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			v, _ := pass.TypesInfo.Uses[x].(*types.Var)
			return v, v != nil && steps > 0
		default:
			return nil, false
		}
	}
}

// StatusAppend reports whether the assignment l = r appends elements to a list under
// a Status: x.Status.List = append(x.Status.List, e).
func StatusAppend(l, r ast.Expr) bool {
	field := types.ExprString(l)
	if !strings.Contains(field, ".Status.") {
		return false
	}
	c, ok := ast.Unparen(r).(*ast.CallExpr)
	if !ok || len(c.Args) < 2 || c.Ellipsis.IsValid() {
		return false
	}
	if id, ok := ast.Unparen(c.Fun).(*ast.Ident); !ok || id.Name != "append" {
		return false
	}
	return types.ExprString(c.Args[0]) == field
}

// Site is a call of a function of the package, in the body of another function.
type Site struct {
	Call *ast.CallExpr
	Body *ast.BlockStmt
	Func *types.Func // the function whose body it is, nil for a function literal
}

// CallSites returns the calls of the package's functions, by callee, with the body
// (and the function) they stand in: what rules read to judge a helper by its callers.
func CallSites(pass *analysis.Pass, ins *inspector.Inspector) map[*types.Func][]Site {
	out := map[*types.Func][]Site{}
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		fn, ok := k8sapi.Callee(pass.TypesInfo, cur.Node().(*ast.CallExpr)).(*types.Func)
		if !ok || fn.Pkg() != pass.Pkg {
			continue
		}
		for e := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			s := Site{Call: cur.Node().(*ast.CallExpr), Body: k8sapi.FuncBody(e.Node())}
			if d, ok := e.Node().(*ast.FuncDecl); ok {
				s.Func, _ = pass.TypesInfo.Defs[d.Name].(*types.Func)
			}
			out[fn] = append(out[fn], s)
			break
		}
	}
	return out
}

// helperFetch returns the object argument of a call of a helper (of this package or
// another) that reads into one of its parameters with a Get keyed by another, when the
// argument for the key comes from the request: `r.fetch(ctx, req, &obj)`. The helper
// is known by the value-flow summary of the Get whose error it returns.
func helperFetch(pass *analysis.Pass, flow *valueflow.Result, call *ast.CallExpr) ast.Expr {
	fn, ok := k8sapi.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok {
		return nil
	}
	for _, src := range flow.ErrSources(fn) {
		if src.Write || src.KeyParam < 0 || src.ObjParam < 0 || src.KeyParam >= len(call.Args) || src.ObjParam >= len(call.Args) {
			continue
		}
		if fromRequest(pass, call.Args[src.KeyParam]) {
			return call.Args[src.ObjParam]
		}
	}
	return nil
}
