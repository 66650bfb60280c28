// Package reconcilers finds the reconcile entry points of a package by type.
//
// An entry point is:
//   - a method Reconcile(context.Context, R) (reconcile.Result, error) on a named type, for
//     any request type R (reconcile.Request, the request of a TypedReconciler[R], or the
//     client.Object of an object reconciler used with reconcile.AsReconciler), and the
//     pre-v0.7 form Reconcile(reconcile.Request) (reconcile.Result, error);
//   - a function or function literal converted to reconcile.Func or reconcile.TypedFunc[R];
//   - the Reconcile method of any value passed to (*builder.TypedBuilder[R]).Complete or
//     Build, or set as the Reconciler of controller.Options.
//
// Declarations in _test.go files are never entry points. The pass exports an IsReconciler
// fact on each entry point that is a declared function or method.
package reconcilers

import (
	"go/ast"
	"go/types"
	"reflect"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// Analyzer finds reconcile entry points.
var Analyzer = &analysis.Analyzer{
	Name:       "reconcilers",
	Doc:        "find reconcile entry points by type",
	URL:        "https://github.com/reconcilelint/reconcilelint/tree/main/passes/reconcilers",
	Run:        run,
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(IsReconciler)},
}

// Kind tells how an entry point was found.
type Kind string

// Kinds of entry points.
const (
	Method Kind = "method" // a Reconcile method
	Func   Kind = "func"   // a function converted to reconcile.Func / TypedFunc
	Object Kind = "object" // a Reconcile method whose request is a client.Object (AsReconciler)
)

// IsReconciler marks a function or method that is a reconcile entry point.
type IsReconciler struct {
	Kind Kind
}

// AFact implements analysis.Fact.
func (*IsReconciler) AFact() {}

func (*IsReconciler) String() string { return "reconciler" }

// Entry is one entry point.
type Entry struct {
	Kind Kind
	// Func is the declared function or method, nil for a function literal.
	Func *types.Func
	// Node is the *ast.FuncDecl or *ast.FuncLit.
	Node ast.Node
	// Ctx is the context parameter, nil when the signature has none (the pre-v0.7 form)
	// or the parameter is unnamed.
	Ctx *types.Var
	// HasCtx reports whether the signature takes a context.Context.
	HasCtx bool
	// Req is the request parameter, nil when unnamed.
	Req *types.Var
}

// Result lists the entry points of a package.
type Result struct {
	entries []*Entry
	byNode  map[ast.Node]*Entry
}

// Entries returns the entry points in source order.
func (r *Result) Entries() []*Entry { return r.entries }

// Of returns the entry point whose body is node (*ast.FuncDecl or *ast.FuncLit), or nil.
func (r *Result) Of(node ast.Node) *Entry { return r.byNode[node] }

// Signature reports whether sig has the shape of a reconcile function:
// (context.Context, R) (reconcile.Result, error) or (reconcile.Request) (reconcile.Result, error).
// It returns whether there is a context parameter.
func Signature(sig *types.Signature) (ok, hasCtx bool) {
	res := sig.Results()
	if res.Len() != 2 || !k8sapi.IsResult(res.At(0).Type()) || !k8sapi.IsError(res.At(1).Type()) {
		return false, false
	}
	params := sig.Params()
	switch params.Len() {
	case 2:
		return k8sapi.IsContext(params.At(0).Type()), true
	case 1:
		return k8sapi.IsRequest(params.At(0).Type()), false
	}
	return false, false
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{byNode: map[ast.Node]*Entry{}}
	// Fast path: only packages that can name reconcile.Result can declare an entry point.
	if !dependsOnReconcile(pass.Pkg) {
		return res, nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	isTest := func(n ast.Node) bool {
		return isTestFile(pass.Fset.File(n.Pos()).Name())
	}
	add := func(kind Kind, fn *types.Func, node ast.Node, sig *types.Signature) {
		if node == nil || isTest(node) || res.byNode[node] != nil {
			return
		}
		ok, hasCtx := Signature(sig)
		if !ok {
			return
		}
		e := &Entry{Kind: kind, Func: fn, Node: node, HasCtx: hasCtx}
		params := sig.Params()
		if hasCtx {
			e.Ctx = named(params.At(0))
			e.Req = named(params.At(1))
			if kind == Method && isClientObject(pass.Pkg, params.At(1).Type()) {
				e.Kind = Object
			}
		} else {
			e.Req = named(params.At(0))
		}
		res.entries = append(res.entries, e)
		res.byNode[node] = e
		if fn != nil {
			pass.ExportObjectFact(fn, &IsReconciler{Kind: e.Kind})
		}
	}
	// Reconcile methods.
	for fn, fd := range decls {
		if fn.Name() != "Reconcile" || fd.Recv == nil || k8sapi.Named(fn.Signature().Recv().Type()) == nil {
			continue
		}
		add(Method, fn, fd, fn.Signature())
	}
	// Conversions to reconcile.Func / TypedFunc, and values given to builders and
	// controller options.
	ins.Preorder([]ast.Node{(*ast.CallExpr)(nil), (*ast.CompositeLit)(nil)}, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, ok := pass.TypesInfo.Types[n.Fun]; ok && tv.IsType() {
				if len(n.Args) == 1 && k8sapi.IsType(tv.Type, k8sapi.ReconcilePkg, "TypedFunc") {
					addFuncValue(pass, n.Args[0], decls, add)
				}
				return
			}
			if k8sapi.IsMethodCall(pass.TypesInfo, n, k8sapi.BuilderPkg, "TypedBuilder", "Complete", "Build") && len(n.Args) == 1 {
				addReconcilerValue(pass, n.Args[0], decls, add)
			}
		case *ast.CompositeLit:
			t := pass.TypesInfo.TypeOf(n)
			if t == nil || !k8sapi.IsType(t, k8sapi.ControllerPkg, "TypedOptions") {
				return
			}
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Reconciler" {
						addReconcilerValue(pass, kv.Value, decls, add)
					}
				}
			}
		}
	})
	sort.Slice(res.entries, func(i, j int) bool { return res.entries[i].Node.Pos() < res.entries[j].Node.Pos() })
	return res, nil
}

type adder func(kind Kind, fn *types.Func, node ast.Node, sig *types.Signature)

// addFuncValue adds the function behind expr, a function literal or a reference to a
// declared function of this package.
func addFuncValue(pass *analysis.Pass, expr ast.Expr, decls map[*types.Func]*ast.FuncDecl, add adder) {
	expr = ast.Unparen(expr)
	switch e := expr.(type) {
	case *ast.FuncLit:
		if sig, ok := pass.TypesInfo.TypeOf(e).(*types.Signature); ok {
			add(Func, nil, e, sig)
		}
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := e.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = e.(*ast.Ident)
		}
		if fn, ok := pass.TypesInfo.Uses[id].(*types.Func); ok {
			fn = fn.Origin()
			if fd := decls[fn]; fd != nil {
				add(Func, fn, fd, fn.Signature())
			}
		}
	}
}

// addReconcilerValue adds the Reconcile method of the value expr when it is declared in
// this package, or the function behind a reconcile.Func conversion.
func addReconcilerValue(pass *analysis.Pass, expr ast.Expr, decls map[*types.Func]*ast.FuncDecl, add adder) {
	expr = ast.Unparen(expr)
	if call, ok := expr.(*ast.CallExpr); ok {
		if tv, ok := pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
			addFuncValue(pass, call.Args[0], decls, add)
			return
		}
	}
	t := pass.TypesInfo.TypeOf(expr)
	if t == nil {
		return
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, pass.Pkg, "Reconcile")
	fn, ok := obj.(*types.Func)
	if !ok {
		return
	}
	fn = fn.Origin()
	if fd := decls[fn]; fd != nil {
		add(Method, fn, fd, fn.Signature())
	}
}

func named(v *types.Var) *types.Var {
	if v.Name() == "" || v.Name() == "_" {
		return nil
	}
	return v
}

func isTestFile(name string) bool {
	return len(name) > len("_test.go") && name[len(name)-len("_test.go"):] == "_test.go"
}

// dependsOnReconcile reports whether pkg can see the reconcile package.
func dependsOnReconcile(pkg *types.Package) bool {
	return k8sapi.LookupType(pkg, k8sapi.ReconcilePkg, "Result") != nil
}

// isClientObject reports whether t implements client.Object.
func isClientObject(pkg *types.Package, t types.Type) bool {
	tn := k8sapi.LookupType(pkg, k8sapi.ClientPkg, "Object")
	if tn == nil {
		return false
	}
	iface, ok := tn.Type().Underlying().(*types.Interface)
	return ok && types.Implements(t, iface)
}
