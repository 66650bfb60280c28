package valueflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// A detector returns the values written at the sinks of one kind in the package.
type detector func(st *analysisState, ins *inspector.Inspector, res *Result) []Flow

var detectors = []detector{conditionSinks, metricSinks, clientSinks}

// ---- conditions ------------------------------------------------------------

// conditionFields maps the fields of metav1.Condition that are sinks to their sink, with
// their position in an unkeyed literal.
var conditionFields = map[string]struct {
	sink Sink
	pos  int
}{
	"Type": {ConditionType, 0}, "Status": {ConditionStatus, 1}, "Reason": {ConditionReason, 4}, "Message": {ConditionMessage, 5},
}

// IsCondition reports whether t is metav1.Condition.
func IsCondition(t types.Type) bool {
	return t != nil && k8sapi.IsType(t, k8sapi.MetaV1Pkg, "Condition")
}

func conditionSinks(st *analysisState, ins *inspector.Inspector, _ *Result) []Flow {
	pass := st.pass
	if k8sapi.LookupType(pass.Pkg, k8sapi.MetaV1Pkg, "Condition") == nil {
		return nil
	}
	info := pass.TypesInfo
	var out []Flow
	for cur := range ins.Root().Preorder((*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.CompositeLit:
			if !IsCondition(info.TypeOf(n)) {
				continue
			}
			for i, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						if f, ok := conditionFields[id.Name]; ok {
							out = append(out, Flow{Sink: f.sink, Expr: kv.Value})
						}
					}
					continue
				}
				for _, f := range conditionFields {
					if f.pos == i {
						out = append(out, Flow{Sink: f.sink, Expr: elt})
					}
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				continue
			}
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				f, ok := conditionFields[sel.Sel.Name]
				if ok && IsCondition(deref(info.TypeOf(sel.X))) {
					out = append(out, Flow{Sink: f.sink, Expr: n.Rhs[i]})
				}
			}
		}
	}
	return out
}

func deref(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// ---- metric labels -----------------------------------------------------------

// PrometheusPkg is the import path of client_golang's prometheus package.
const PrometheusPkg = "github.com/prometheus/client_golang/prometheus"

var (
	vecTypes   = map[string]bool{"CounterVec": true, "GaugeVec": true, "HistogramVec": true, "SummaryVec": true, "ObserverVec": true}
	positional = map[string]bool{"WithLabelValues": true, "GetMetricWithLabelValues": true}
	byMap      = map[string]bool{"With": true, "GetMetricWith": true, "CurryWith": true, "MustCurryWith": true}
	deleters   = map[string]bool{"Delete": true, "DeleteLabelValues": true, "DeletePartialMatch": true, "Reset": true}
)

// metricSinks returns the label values given to the vectors of package prometheus,
// except vectors whose series the package deletes (their lifecycle is managed).
func metricSinks(st *analysisState, ins *inspector.Inspector, _ *Result) []Flow {
	pass := st.pass
	if k8sapi.LookupType(pass.Pkg, PrometheusPkg, "Labels") == nil {
		return nil
	}
	info := pass.TypesInfo
	managed := map[types.Object]bool{}
	var calls []*ast.CallExpr
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn, ok := k8sapi.Callee(info, call).(*types.Func)
		if !ok {
			continue
		}
		m, ok := k8sapi.MethodOf(fn)
		if !ok || m.Pkg != PrometheusPkg {
			continue
		}
		if deleters[fn.Name()] {
			if obj := recvVar(info, call); obj != nil {
				managed[obj] = true
			}
		}
		if vecTypes[m.Recv] {
			calls = append(calls, call)
		}
	}
	var out []Flow
	for _, call := range calls {
		if obj := recvVar(info, call); obj != nil && managed[obj] {
			continue
		}
		name := k8sapi.Callee(info, call).Name()
		var values []ast.Expr
		switch {
		case positional[name]:
			if call.Ellipsis.IsValid() {
				values = st.sliceValues(call.Args[len(call.Args)-1])
				values = append(values, call.Args[:len(call.Args)-1]...)
			} else {
				values = call.Args
			}
		case byMap[name] && len(call.Args) == 1:
			values = st.mapValues(call.Args[0], 0)
		}
		for _, v := range values {
			out = append(out, Flow{Sink: MetricLabel, Expr: v})
		}
	}
	return out
}

// recvVar returns the variable or field that holds the receiver of the method call.
func recvVar(info *types.Info, call *ast.CallExpr) types.Object {
	se, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	switch x := ast.Unparen(se.X).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			return v
		}
	case *ast.SelectorExpr:
		if v, ok := info.Uses[x.Sel].(*types.Var); ok {
			return v
		}
	}
	return nil
}

func (st *analysisState) localVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := st.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	if _, isParam := st.params[v]; isParam {
		return nil
	}
	return v
}

// mapValues returns the values of a map argument (prometheus.Labels): a composite
// literal, or a local variable assigned one, with the values stored into it by index.
func (st *analysisState) mapValues(e ast.Expr, depth int) []ast.Expr {
	if depth > maxDepth {
		return nil
	}
	if lit, ok := ast.Unparen(e).(*ast.CompositeLit); ok {
		var out []ast.Expr
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				out = append(out, kv.Value)
			}
		}
		return out
	}
	v := st.localVar(e)
	if v == nil {
		return nil
	}
	var out []ast.Expr
	for _, rhs := range st.assigns[v] {
		if rhs != Unknown && rhs != Zero {
			out = append(out, st.mapValues(rhs, depth+1)...)
		}
	}
	for _, x := range st.elems[v] {
		if x != Unknown {
			out = append(out, x)
		}
	}
	return out
}

// sliceValues returns the elements of a []string passed with "...": a composite
// literal, or a local variable built from literals and appends of single elements.
func (st *analysisState) sliceValues(e ast.Expr) []ast.Expr {
	elems, _ := st.SliceElems(e)
	return elems
}

// SliceElems returns the elements of the slice e: a composite literal, or a local
// variable assigned composite literals with appends of single elements. ok is false when
// some element cannot be seen (a parameter, a slice from a call, an append of a slice).
func (st *analysisState) SliceElems(e ast.Expr) ([]ast.Expr, bool) {
	info := st.pass.TypesInfo
	if lit, ok := ast.Unparen(e).(*ast.CompositeLit); ok {
		return lit.Elts, true
	}
	v := st.localVar(e)
	if v == nil {
		return nil, false
	}
	var elems []ast.Expr
	ok := true
	for _, rhs := range st.assigns[v] {
		switch r := ast.Unparen(rhs).(type) {
		case *ast.CompositeLit:
			elems = append(elems, r.Elts...)
		case *ast.CallExpr:
			id, isID := ast.Unparen(r.Fun).(*ast.Ident)
			if b, isB := info.Uses[id].(*types.Builtin); isID && isB && b.Name() == "append" && len(r.Args) > 0 && !r.Ellipsis.IsValid() {
				elems = append(elems, r.Args[1:]...)
				continue
			}
			ok = false
		default:
			if rhs != Zero {
				ok = false
			}
		}
	}
	return elems, ok
}

// ---- client writes and apply field owners ------------------------------------------------------

// Apply is a server-side apply call and what its options say about the field manager.
type Apply struct {
	Call *ast.CallExpr
	// Owners are the values given as field owner (the x of client.FieldOwner(x), a
	// FieldManager of an options struct).
	Owners []ast.Expr
	// Force are the options that force ownership.
	Force []ast.Node
	// Unknown is true when an option the pass cannot see through may set the owner.
	Unknown bool
}

// Applies returns the server-side apply calls of the package.
func (r *Result) Applies() []Apply { return r.applies }

// clientSinks returns the flows into the client writes: the objects of unguarded
// Updates and Patches (WrittenObject, WrittenStatus), the objects of server-side
// applies (AppliedObject) and their field owners (FieldOwner); it records the applies.
func clientSinks(st *analysisState, ins *inspector.Inspector, res *Result) []Flow {
	pass := st.pass
	if k8sapi.LookupType(pass.Pkg, k8sapi.ClientPkg, "Writer") == nil {
		return nil
	}
	var out []Flow
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		op, ok := k8sapi.ClientCall(st.pass.Pkg, st.pass.TypesInfo, call)
		if !ok || (op.Iface != "Writer" && op.Iface != "SubResourceWriter") {
			continue
		}
		if f, ok := writeFlow(st, cur, op); ok {
			out = append(out, f)
		}
		first, ok := st.applyCall(op, call)
		if !ok {
			continue
		}
		a := Apply{Call: call}
		if len(call.Args) > first {
			args := call.Args[first:]
			if call.Ellipsis.IsValid() {
				elems, ok := st.SliceElems(args[len(args)-1])
				if !ok {
					a.Unknown = true
				}
				args = append(args[:len(args)-1:len(args)-1], elems...)
			}
			for _, e := range args {
				st.applyOption(e, &a)
			}
		}
		res.applies = append(res.applies, a)
		if first == 3 && len(call.Args) >= 2 { // Patch(ctx, obj, client.Apply, ...)
			out = append(out, Flow{Sink: AppliedObject, Expr: call.Args[1]})
		}
		for _, o := range a.Owners {
			out = append(out, Flow{Sink: FieldOwner, Expr: o})
		}
	}
	return out
}

// applyCall reports whether call, a call of a writer's method op, is a server-side
// apply, and the index of its first option argument.
func (st *analysisState) applyCall(op k8sapi.ClientOp, call *ast.CallExpr) (int, bool) {
	switch op.Method {
	case "Apply":
		return 2, true
	case "Patch":
		if len(call.Args) >= 3 && isVar(st.pass.TypesInfo, call.Args[2], k8sapi.ClientPkg, "Apply") {
			return 3, true
		}
	}
	return 0, false
}

// isVar reports whether e refers to the package-level variable path.name.
func isVar(info *types.Info, e ast.Expr, path, name string) bool {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return false
	}
	return k8sapi.IsObj(info.Uses[id], path, name)
}

func (st *analysisState) applyOption(e ast.Expr, a *Apply) {
	info := st.pass.TypesInfo
	e = ast.Unparen(e)
	if isVar(info, e, k8sapi.ClientPkg, "ForceOwnership") {
		a.Force = append(a.Force, e)
		return
	}
	t := info.TypeOf(e)
	if t == nil {
		a.Unknown = true
		return
	}
	if k8sapi.IsType(t, k8sapi.ClientPkg, "FieldOwner") {
		v := e
		if conv, ok := e.(*ast.CallExpr); ok && len(conv.Args) == 1 && info.Types[conv.Fun].IsType() {
			v = conv.Args[0]
		}
		a.Owners = append(a.Owners, v)
		return
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if lit, ok := e.(*ast.CompositeLit); ok && isOptionsStruct(info.TypeOf(lit)) {
		st.optionsLit(lit, a)
		return
	}
	if n := k8sapi.Named(t); n != nil && !types.IsInterface(t) && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == k8sapi.ClientPkg {
		return // another option of package client (DryRunAll, ...): sets no owner
	}
	a.Unknown = true
}

// isOptionsStruct reports whether t is one of the client option structs with a
// FieldManager field.
func isOptionsStruct(t types.Type) bool {
	for _, name := range []string{"PatchOptions", "ApplyOptions", "SubResourcePatchOptions", "SubResourceApplyOptions"} {
		if k8sapi.IsType(t, k8sapi.ClientPkg, name) || k8sapi.IsPointerTo(t, k8sapi.ClientPkg, name) {
			return true
		}
	}
	return false
}

func (st *analysisState) optionsLit(lit *ast.CompositeLit, a *Apply) {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			a.Unknown = true
			continue
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			continue
		}
		switch key.Name {
		case "FieldManager":
			a.Owners = append(a.Owners, kv.Value)
		case "Force":
			if tv := st.pass.TypesInfo.Types[kv.Value]; tv.IsNil() {
				continue
			}
			a.Force = append(a.Force, kv)
		default:
			if inner, ok := ast.Unparen(kv.Value).(*ast.CompositeLit); ok && isOptionsStruct(st.pass.TypesInfo.TypeOf(inner)) {
				st.optionsLit(inner, a)
			}
		}
	}
}

// ---- what values are ----------------------------------------------------------

// identity names the object identity fields by the struct that declares them.
var identity = map[string]map[string]string{
	k8sapi.MetaV1Pkg + ".ObjectMeta":     {"Name": "the object's name", "Namespace": NamespaceDesc, "UID": "the object's UID", "GenerateName": "the object's generated name"},
	k8sapi.MetaV1Pkg + ".OwnerReference": {"Name": "the owner's name", "UID": "the owner's UID"},
	k8sapi.TypesPkg + ".NamespacedName":  {"Name": "the object's name", "Namespace": NamespaceDesc},
}

var getters = map[string]string{
	"GetName": "the object's name", "GetNamespace": NamespaceDesc,
	"GetUID": "the object's UID", "GetGenerateName": "the object's generated name",
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// isErrorType reports whether t is error or a concrete type that implements it.
func isErrorType(t types.Type) bool {
	if t == nil {
		return false
	}
	if k8sapi.IsError(t) {
		return true
	}
	if _, ok := t.Underlying().(*types.Basic); ok {
		return false
	}
	return types.Implements(t, errorIface)
}

// typeSource describes values whose type alone is object identity or an error.
func typeSource(t types.Type) string {
	switch {
	case k8sapi.IsType(t, k8sapi.TypesPkg, "NamespacedName"), k8sapi.IsType(t, k8sapi.ReconcilePkg, "Request"):
		return "the request's namespace/name"
	case k8sapi.IsType(t, k8sapi.TypesPkg, "UID"):
		return "the object's UID"
	case k8sapi.IsError(t):
		return "error text"
	}
	if _, ok := t.Underlying().(*types.Interface); !ok && isErrorType(t) {
		return "error text"
	}
	return ""
}

// NamespaceDesc is the Desc of an Identity origin that is an object's namespace.
const NamespaceDesc = "the object's namespace"

// IsObject reports whether t has the metadata accessors of an API object.
func IsObject(t types.Type) bool {
	// A lookup by name, as an addressable value (pointer methods included): computing
	// the whole method set of every type asked about cost 5% of a run on cluster-api.
	has := func(name string) bool {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
		_, ok := obj.(*types.Func)
		return ok
	}
	return has("GetGeneration") && has("GetUID")
}

func isObject(t types.Type) bool { return IsObject(t) }

// declaringStruct returns "path.Name" of the named struct that declares the field
// selected by sel.
func declaringStruct(sel *types.Selection) string {
	t := sel.Recv()
	idx := sel.Index()
	for i, j := range idx {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return ""
		}
		if i == len(idx)-1 {
			n := k8sapi.Named(t)
			if n == nil || n.Obj().Pkg() == nil {
				return ""
			}
			return n.Obj().Pkg().Path() + "." + n.Obj().Name()
		}
		t = st.Field(j).Type()
	}
	return ""
}
