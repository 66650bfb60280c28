// Package statusmut finds the functions that change the .Status of an API object they
// receive (a parameter or the receiver), so that rules can see a status change made by
// a helper: directly, through meta.SetStatusCondition and other calls given a pointer
// into the status, or through other such helpers, in this package or, by facts, in
// other packages of the module.
//
// An API object is a value of a named struct type T with a field Status whose pointer
// type has the methods of runtime.Object and metav1.Object (DeepCopyObject,
// GetNamespace): custom resources and built-in types alike.
package statusmut

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// Analyzer computes which parameters of each function have their status changed.
var Analyzer = &analysis.Analyzer{
	Name:       "statusmut",
	Doc:        "find functions that change the status of an API object they receive",
	URL:        "https://github.com/reconcilelint/reconcilelint/tree/main/passes/statusmut",
	Run:        run,
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Mutates)},
}

// Mutates is the fact exported on a function of the module that changes the status of
// some of its parameters (their indices, -1 for the receiver, in increasing order), or
// that takes an API object and does not write through the API.
type Mutates struct {
	Params []int
	// MayWrite is set when the function, or a function it calls, calls a client method
	// or a function of the module that is not known to be free of writes.
	MayWrite bool
}

// AFact implements analysis.Fact.
func (*Mutates) AFact() {}

func (m *Mutates) String() string {
	var parts []string
	for _, p := range m.Params {
		if p == -1 {
			parts = append(parts, "recv")
		} else {
			parts = append(parts, "param "+itoa(p))
		}
	}
	out := "mutates status of " + strings.Join(parts, ", ")
	if len(parts) == 0 {
		out = "mutates no status"
	}
	if m.MayWrite {
		out += "; may write"
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// Result tells what the calls of a package do to the API objects they are given.
type Result struct {
	calls map[*ast.CallExpr]*Mutates
}

// CallInfo is what a call does to its arguments.
type CallInfo struct {
	// Mutated holds the expressions among the call's receiver and arguments whose status
	// the callee changes.
	Mutated []ast.Expr
	// MayWrite is set when the callee is a function of the module that may write
	// through the API, or that is not known.
	MayWrite bool
}

// Call describes call: ok is false for calls of functions outside the module (libraries,
// the standard library) and dynamic calls, which the pass knows nothing about.
func (r *Result) Call(call *ast.CallExpr) (ci CallInfo, ok bool) {
	m := r.calls[call]
	if m == nil {
		return ci, false
	}
	ci.MayWrite = m.MayWrite
	for _, i := range m.Params {
		if i == -1 {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				ci.Mutated = append(ci.Mutated, sel.X)
			}
		} else if i < len(call.Args) {
			ci.Mutated = append(ci.Mutated, call.Args[i])
		}
	}
	return ci, true
}

// IsObject reports whether t (or what it points to) is an API object type with a Status
// field.
func IsObject(t types.Type) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	has := false
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Name() == "Status" && !f.Embedded() {
			has = true
		}
	}
	if !has {
		return false
	}
	ptr := types.NewPointer(n)
	for _, m := range []string{"DeepCopyObject", "GetNamespace"} {
		if obj, _, _ := types.LookupFieldOrMethod(ptr, true, nil, m); obj == nil {
			return false
		}
	}
	return true
}

// Owner returns the object whose status e denotes a part of (x for x.Status,
// x.Status.Conditions[0].Reason, &x.Status.Phase), or nil.
func Owner(info *types.Info, e ast.Expr) ast.Expr {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return nil
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.SelectorExpr:
			sel, ok := info.Selections[x]
			if !ok || sel.Kind() != types.FieldVal {
				return nil
			}
			if x.Sel.Name == "Status" && IsObject(sel.Recv()) && len(sel.Index()) == 1 {
				return x.X
			}
			e = x.X
		default:
			return nil
		}
	}
}

// DirectMutations calls f with the object and the site of each status change written
// in node, without looking into function literals when skipLits is set: assignments and
// ++/-- to a part of the status, and a pointer into the status passed to a call
// (meta.SetStatusCondition(&x.Status.Conditions, c)).
func DirectMutations(info *types.Info, node ast.Node, skipLits bool, f func(obj ast.Expr, site ast.Node)) {
	ast.Inspect(node, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.FuncLit:
			return !skipLits
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				return true
			}
			for _, l := range s.Lhs {
				if o := Owner(info, l); o != nil {
					f(o, s)
				}
			}
		case *ast.IncDecStmt:
			if o := Owner(info, s.X); o != nil {
				f(o, s)
			}
		case *ast.CallExpr:
			for _, a := range s.Args {
				if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
					if o := Owner(info, u); o != nil {
						f(o, s)
					}
				}
			}
		}
		return true
	})
}

// paramIndex returns the index of v among fn's parameters (-1 for the receiver), or
// ok=false.
func paramIndex(fn *types.Func, v types.Object) (int, bool) {
	sig := fn.Signature()
	if r := sig.Recv(); r != nil && r == v {
		return -1, true
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i) == v {
			return i, true
		}
	}
	return 0, false
}

// rootVar returns the variable at the root of x, x.f.g, &x, *x.
func rootVar(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.UnaryExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.SelectorExpr:
			if sel, ok := info.Selections[x]; !ok || sel.Kind() != types.FieldVal {
				return nil
			}
			e = x.X
		case *ast.Ident:
			v, _ := info.ObjectOf(x).(*types.Var)
			if v == nil {
				return nil
			}
			return v
		default:
			return nil
		}
	}
}

// modulePath returns the path of the module being analysed, or, without module
// information (GOPATH mode, as in analysistest), the first element of the package path.
func modulePath(pass *analysis.Pass) string {
	if pass.Module != nil && pass.Module.Path != "" {
		return pass.Module.Path
	}
	p, _, _ := strings.Cut(pass.Pkg.Path(), "/")
	return p
}

func inModule(mod string, pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	p := pkg.Path()
	return p == mod || strings.HasPrefix(p, mod+"/")
}

// takesObject reports whether fn's receiver or a parameter is an API object.
func takesObject(fn *types.Func) bool {
	sig := fn.Signature()
	if r := sig.Recv(); r != nil && IsObject(r.Type()) {
		return true
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if IsObject(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{calls: map[*ast.CallExpr]*Mutates{}}
	if !k8sapi.OwnPackage(pass) {
		return res, nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	info := pass.TypesInfo
	mod := modulePath(pass)

	type fnData struct {
		obj      *types.Func
		body     *ast.BlockStmt
		calls    []*ast.CallExpr
		params   map[int]bool
		mayWrite bool
	}
	local := map[*types.Func]*fnData{}
	var order []*fnData
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := cur.Node().(*ast.FuncDecl)
		obj, _ := info.Defs[fd.Name].(*types.Func)
		if fd.Body == nil || obj == nil {
			continue
		}
		d := &fnData{obj: obj, body: fd.Body, params: map[int]bool{}}
		local[obj] = d
		order = append(order, d)
		DirectMutations(info, fd.Body, false, func(o ast.Expr, _ ast.Node) {
			if i, ok := paramIndex(obj, rootVar(info, o)); ok {
				d.params[i] = true
			}
		})
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				d.calls = append(d.calls, c)
				if IsClientCall(pass.Pkg, info, c) {
					d.mayWrite = true
				}
			}
			return true
		})
	}
	// callee describes a call's static callee: a local summary, a fact, or nil for a
	// function outside the module.
	callee := func(call *ast.CallExpr) *Mutates {
		fn := typeutil.StaticCallee(info, call)
		if fn == nil {
			return nil
		}
		fn = fn.Origin()
		if d := local[fn]; d != nil {
			m := &Mutates{MayWrite: d.mayWrite}
			for i := range d.params {
				m.Params = append(m.Params, i)
			}
			slices.Sort(m.Params)
			return m
		}
		if fn.Pkg() == pass.Pkg || !inModule(mod, fn.Pkg()) {
			return nil
		}
		var m Mutates
		if pass.ImportObjectFact(fn, &m) {
			return &m
		}
		return &Mutates{MayWrite: true} // unknown function of the module
	}
	argOf := func(call *ast.CallExpr, i int) ast.Expr {
		if i == -1 {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				return sel.X
			}
			return nil
		}
		if i < len(call.Args) {
			return call.Args[i]
		}
		return nil
	}
	for changed := true; changed; {
		changed = false
		for _, d := range order {
			for _, c := range d.calls {
				m := callee(c)
				if m == nil {
					continue
				}
				if m.MayWrite && !d.mayWrite {
					d.mayWrite, changed = true, true
				}
				for _, p := range m.Params {
					if a := argOf(c, p); a != nil {
						if i, ok := paramIndex(d.obj, rootVar(info, a)); ok && !d.params[i] {
							d.params[i], changed = true, true
						}
					}
				}
			}
		}
	}
	for _, d := range order {
		if !(d.obj.Exported() || d.obj.Signature().Recv() != nil) {
			continue
		}
		if len(d.params) == 0 && (d.mayWrite || !takesObject(d.obj)) {
			continue // the default for a function of the module without a fact
		}
		m := &Mutates{MayWrite: d.mayWrite}
		for i := range d.params {
			m.Params = append(m.Params, i)
		}
		slices.Sort(m.Params)
		pass.ExportObjectFact(d.obj, m)
	}
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		c := cur.Node().(*ast.CallExpr)
		if m := callee(c); m != nil {
			res.calls[c] = m
		}
	}
	return res, nil
}

var clientMethods = map[string]bool{"Get": true, "List": true, "Create": true, "Update": true, "Patch": true,
	"Delete": true, "DeleteAllOf": true, "Apply": true, "Status": true, "SubResource": true, "Watch": true}

// IsClientCall is k8sapi.ClientCall with a cheap filter on the method name first.
func IsClientCall(pkg *types.Package, info *types.Info, c *ast.CallExpr) bool {
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok || !clientMethods[sel.Sel.Name] {
		return false
	}
	_, ok = k8sapi.ClientCall(pkg, info, c)
	return ok
}
