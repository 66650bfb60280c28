// Package webhooks finds the webhook entry points of a package by type: the methods and
// functions that controller-runtime's webhook server calls while the API server waits.
//
// An entry point is:
//   - a method that the admission webhook calls on a value used as an admission
//     interface: Handle of an admission.Handler, ValidateCreate, ValidateUpdate and
//     ValidateDelete of an admission.Validator[T] (CustomValidator), Default of an
//     admission.Defaulter[T] (CustomDefaulter). A value is used as such when it is
//     passed where one of these interfaces is expected (the webhook builder's
//     WithValidator, WithDefaulter, WithCustomValidator, WithCustomDefaulter;
//     admission.WithValidator and friends; admission.MultiValidatingHandler), stored in a
//     field of that type (admission.Webhook{Handler: h}), assigned or returned as one, or
//     asserted to be one (var _ admission.CustomValidator = &V{});
//   - a function converted to admission.HandlerFunc, or to http.HandlerFunc and
//     registered with the webhook server; the ServeHTTP method of a value registered
//     with (webhook.Server).Register;
//   - the two functions given to conversion.NewSpokeConverter;
//   - ConvertTo and ConvertFrom of a type that implements conversion.Convertible, when a
//     type implementing conversion.Hub is declared in its package or in a package it
//     imports directly: the conversion webhook calls them to convert between versions.
//
// A method with the name of an admission method on a type that is never used as one is
// not an entry point; nor is anything declared in, or used only from, a _test.go file.
// The pass exports an IsWebhook fact on each entry point that is a declared function.
package webhooks

import (
	"go/ast"
	"go/types"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/entry"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// Analyzer finds webhook entry points.
var Analyzer = &analysis.Analyzer{
	Name:       "webhooks",
	Doc:        "find admission and conversion webhook entry points by type",
	URL:        "https://github.com/reconcilelint/reconcilelint/tree/main/passes/webhooks",
	Run:        run,
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(IsWebhook)},
}

// Role tells what the webhook server calls an entry point as.
type Role string

// Roles of entry points.
const (
	Handler    Role = "handler"    // Handle of an admission.Handler, or an admission.HandlerFunc
	Validator  Role = "validator"  // ValidateCreate/Update/Delete
	Defaulter  Role = "defaulter"  // Default
	HTTP       Role = "http"       // ServeHTTP or http.HandlerFunc registered with the webhook server
	Spoke      Role = "spoke"      // a function given to conversion.NewSpokeConverter
	Conversion Role = "conversion" // ConvertTo/ConvertFrom of a conversion.Convertible
)

// IsWebhook marks a function or method that is a webhook entry point.
type IsWebhook struct {
	Role Role
}

// AFact implements analysis.Fact.
func (*IsWebhook) AFact() {}

func (f *IsWebhook) String() string { return "webhook " + string(f.Role) }

// Entry is one entry point.
type Entry struct {
	Role Role
	// Func is the declared function or method, nil for a function literal.
	Func *types.Func
	// Node is the *ast.FuncDecl or *ast.FuncLit.
	Node ast.Node
	// Ctx is the context parameter, nil when there is none or it is unnamed.
	Ctx *types.Var
	// HasCtx reports whether the call carries the request's ctx: a context.Context
	// parameter, or an *http.Request. Conversion methods have none.
	HasCtx bool
}

// Result lists the entry points of a package.
type Result struct {
	entries []*Entry
	byNode  map[ast.Node]*Entry
}

// Entries returns the entry points in source order.
func (r *Result) Entries() []*Entry { return r.entries }

// Of returns the entry point whose body is node, or nil.
func (r *Result) Of(node ast.Node) *Entry { return r.byNode[node] }

// Points returns the entry points as entry.Points: of kind entry.Conversion for the
// roles Conversion and Spoke, entry.Admission for the others.
func (r *Result) Points() []entry.Point {
	out := make([]entry.Point, 0, len(r.entries))
	for _, e := range r.entries {
		out = append(out, entry.Point{Kind: e.Role.Kind(), Func: e.Func, Node: e.Node, HasCtx: e.HasCtx, Ctx: e.Ctx})
	}
	return out
}

// Kind is the kind of entry point of the role: entry.Conversion for Conversion and
// Spoke, entry.Admission for the others.
func (r Role) Kind() entry.Kind {
	if r == Conversion || r == Spoke {
		return entry.Conversion
	}
	return entry.Admission
}

type finder struct {
	pass  *analysis.Pass
	res   *Result
	decls map[*types.Func]*ast.FuncDecl
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{byNode: map[ast.Node]*Entry{}}
	admission := k8sapi.LookupType(pass.Pkg, k8sapi.AdmissionPkg, "Handler") != nil
	convertible, hub := k8sapi.ConvertibleInterfaces(pass.Pkg)
	webhookSrv := k8sapi.LookupType(pass.Pkg, k8sapi.WebhookPkg, "Server") != nil
	spoke := k8sapi.LookupType(pass.Pkg, k8sapi.WebhookConversionPkg, "SpokeConverter") != nil
	if !admission && convertible == nil && !webhookSrv && !spoke {
		return res, nil
	}
	f := &finder{pass: pass, res: res, decls: map[*types.Func]*ast.FuncDecl{}}
	for _, file := range pass.Files {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					f.decls[fn] = fd
				}
			}
		}
	}
	if admission || webhookSrv || spoke {
		f.uses()
	}
	if convertible != nil && hubVisible(pass.Pkg, hub) {
		f.conversions(convertible)
	}
	sort.Slice(res.entries, func(i, j int) bool { return res.entries[i].Node.Pos() < res.entries[j].Node.Pos() })
	return res, nil
}

func (f *finder) inTest(n ast.Node) bool {
	return strings.HasSuffix(f.pass.Fset.File(n.Pos()).Name(), "_test.go")
}

// add records node as an entry point of role.
func (f *finder) add(role Role, fn *types.Func, node ast.Node, sig *types.Signature) {
	if node == nil || f.inTest(node) || f.res.byNode[node] != nil {
		return
	}
	e := &Entry{Role: role, Func: fn, Node: node}
	params := sig.Params()
	if params.Len() > 0 {
		p := params.At(0)
		switch {
		case k8sapi.IsContext(p.Type()):
			e.HasCtx = true
			if p.Name() != "" && p.Name() != "_" {
				e.Ctx = p
			}
		case role == HTTP:
			e.HasCtx = true // the request's ctx is r.Context()
		}
	}
	f.res.entries = append(f.res.entries, e)
	f.res.byNode[node] = e
	if fn != nil {
		f.pass.ExportObjectFact(fn, &IsWebhook{Role: role})
	}
}

// addMethods adds the methods names of the concrete type of expr that are declared in
// this package.
func (f *finder) addMethods(role Role, expr ast.Expr, names ...string) {
	t := f.pass.TypesInfo.TypeOf(expr)
	if t == nil || types.IsInterface(t) {
		return // an interface value: its dynamic type is not known here
	}
	if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.UntypedNil {
		return
	}
	for _, name := range names {
		obj, _, _ := types.LookupFieldOrMethod(t, true, f.pass.Pkg, name)
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		fn = fn.Origin()
		if fd := f.decls[fn]; fd != nil {
			f.add(role, fn, fd, fn.Signature())
		}
	}
}

// addFunc adds the function behind expr: a function literal or a declared function or
// method value of this package.
func (f *finder) addFunc(role Role, expr ast.Expr) {
	switch e := ast.Unparen(expr).(type) {
	case *ast.FuncLit:
		if sig, ok := f.pass.TypesInfo.TypeOf(e).(*types.Signature); ok {
			f.add(role, nil, e, sig)
		}
	case *ast.IndexExpr: // a generic function instantiated explicitly
		f.addFunc(role, e.X)
	case *ast.IndexListExpr:
		f.addFunc(role, e.X)
	case *ast.Ident, *ast.SelectorExpr:
		id, _ := e.(*ast.Ident)
		if sel, ok := e.(*ast.SelectorExpr); ok {
			id = sel.Sel
		}
		if fn, ok := f.pass.TypesInfo.Uses[id].(*types.Func); ok {
			fn = fn.Origin()
			if fd := f.decls[fn]; fd != nil {
				f.add(role, fn, fd, fn.Signature())
			}
		}
	}
}

// flow records that the value expr is used where a value of type target is expected.
func (f *finder) flow(target types.Type, expr ast.Expr) {
	if target == nil {
		return
	}
	if r, ok := k8sapi.AdmissionInterface(target); ok {
		role := map[k8sapi.AdmissionRole]Role{k8sapi.RoleHandler: Handler, k8sapi.RoleValidator: Validator, k8sapi.RoleDefaulter: Defaulter}[r]
		f.addMethods(role, expr, k8sapi.AdmissionMethods[r]...)
	}
}

// uses finds the values used as admission interfaces, and the functions converted to
// handler functions or given to the spoke converter.
func (f *finder) uses() {
	pass := f.pass
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil),
		(*ast.ValueSpec)(nil), (*ast.ReturnStmt)(nil)) {
		n := cur.Node()
		if f.inTest(n) {
			continue
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			f.call(n)
		case *ast.CompositeLit:
			st, ok := deref(pass.TypesInfo.TypeOf(n)).Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for i, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok && v.IsField() {
							f.flow(v.Type(), kv.Value)
						}
					}
				} else if i < st.NumFields() {
					f.flow(st.Field(i).Type(), elt)
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				continue
			}
			for i, lhs := range n.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && id.Name == "_" {
					continue
				}
				f.flow(pass.TypesInfo.TypeOf(lhs), n.Rhs[i])
			}
		case *ast.ValueSpec:
			if n.Type == nil || len(n.Names) != len(n.Values) {
				continue
			}
			t := pass.TypesInfo.TypeOf(n.Type)
			for _, v := range n.Values {
				f.flow(t, v)
			}
		case *ast.ReturnStmt:
			var sig *types.Signature
			for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
				switch fn := c.Node().(type) {
				case *ast.FuncDecl:
					if obj, ok := pass.TypesInfo.Defs[fn.Name].(*types.Func); ok {
						sig = obj.Signature()
					}
				case *ast.FuncLit:
					sig, _ = pass.TypesInfo.TypeOf(fn).(*types.Signature)
				}
				break
			}
			if sig == nil || sig.Results().Len() != len(n.Results) {
				continue
			}
			for i, r := range n.Results {
				f.flow(sig.Results().At(i).Type(), r)
			}
		}
	}
}

func (f *finder) call(call *ast.CallExpr) {
	pass := f.pass
	if tv, ok := pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) != 1 {
			return
		}
		switch {
		case k8sapi.IsHandlerFunc(tv.Type):
			f.addFunc(Handler, call.Args[0])
		default:
			f.flow(tv.Type, call.Args[0])
		}
		return
	}
	sig, ok := pass.TypesInfo.TypeOf(call.Fun).(*types.Signature)
	if !ok {
		return
	}
	fn, _ := k8sapi.Callee(pass.TypesInfo, call).(*types.Func)
	if fn != nil && k8sapi.IsSpokeConverterFunc(fn) {
		for _, a := range call.Args[1:] {
			f.addFunc(Spoke, a)
		}
		return
	}
	if fn != nil && k8sapi.IsWebhookRegister(fn) && len(call.Args) == 2 {
		hook := ast.Unparen(call.Args[1])
		if conv, ok := hook.(*ast.CallExpr); ok && len(conv.Args) == 1 {
			if tv, ok := pass.TypesInfo.Types[conv.Fun]; ok && tv.IsType() && k8sapi.IsType(tv.Type, "net/http", "HandlerFunc") {
				f.addFunc(HTTP, conv.Args[0])
				return
			}
		}
		if t := pass.TypesInfo.TypeOf(hook); t != nil && !k8sapi.IsAdmissionWebhook(deref(t)) && !k8sapi.IsType(deref(t), "net/http", "HandlerFunc") {
			f.addMethods(HTTP, hook, "ServeHTTP")
		}
		return
	}
	params := sig.Params()
	for i, a := range call.Args {
		var pt types.Type
		switch {
		case sig.Variadic() && i >= params.Len()-1:
			last := params.At(params.Len() - 1).Type()
			if call.Ellipsis.IsValid() {
				continue
			}
			if s, ok := last.Underlying().(*types.Slice); ok {
				pt = s.Elem()
			}
		case i < params.Len():
			pt = params.At(i).Type()
		}
		f.flow(pt, a)
	}
}

// conversions adds ConvertTo and ConvertFrom of the types of this package whose pointer
// implements conversion.Convertible.
func (f *finder) conversions(convertible *types.Interface) {
	scope := f.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || concrete(tn) == nil {
			continue
		}
		if !types.Implements(types.NewPointer(tn.Type()), convertible) {
			continue
		}
		for _, m := range []string{"ConvertTo", "ConvertFrom"} {
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, f.pass.Pkg, m)
			if fn, ok := obj.(*types.Func); ok {
				if fd := f.decls[fn.Origin()]; fd != nil {
					f.add(Conversion, fn.Origin(), fd, fn.Signature())
				}
			}
		}
	}
}

// hubVisible reports whether a type implementing conversion.Hub is declared in pkg or
// in a package pkg imports directly.
func hubVisible(pkg *types.Package, hub *types.Interface) bool {
	pkgs := append([]*types.Package{pkg}, pkg.Imports()...)
	for _, p := range pkgs {
		scope := p.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() && p != pkg || concrete(tn) == nil {
				continue
			}
			if types.Implements(types.NewPointer(tn.Type()), hub) {
				return true
			}
		}
	}
	return false
}

func deref(t types.Type) types.Type {
	if t == nil {
		return types.Typ[types.Invalid]
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// concrete returns the defined, non-generic, non-interface type named by tn, or nil.
func concrete(tn *types.TypeName) *types.Named {
	n, ok := tn.Type().(*types.Named)
	if !ok || n.TypeParams().Len() > 0 || types.IsInterface(n) {
		return nil
	}
	return n
}
