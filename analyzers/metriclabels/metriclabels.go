package metriclabels

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
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

// Analyzer is the metriclabels rule with the default configuration.
var Analyzer = analyzerutil.Must(New(DefaultConfig()))

// PrometheusPkg is the import path of client_golang's prometheus package.
const PrometheusPkg = "github.com/prometheus/client_golang/prometheus"

const (
	msgIdentity = "metric label value from %s: every object gets its own time series, and the series of a deleted object stays exported until the process restarts (unbounded cardinality): label by a bounded value (kind, controller, result) and log the identity instead"
	msgError    = "metric label value from error text: every distinct message (they carry names, UIDs, resource versions) creates a time series that is never removed (unbounded cardinality): label by a bounded reason such as apierrors.ReasonForError(err)"
)

var vecTypes = map[string]bool{"CounterVec": true, "GaugeVec": true, "HistogramVec": true, "SummaryVec": true, "ObserverVec": true}

var positional = map[string]bool{"WithLabelValues": true, "GetMetricWithLabelValues": true}
var byMap = map[string]bool{"With": true, "GetMetricWith": true, "CurryWith": true, "MustCurryWith": true}

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if !imports(pass.Pkg, PrometheusPkg) {
		return rep.Outcome(), nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	// Vectors whose series the package deletes: their lifecycle is managed.
	managed := map[types.Object]bool{}
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if fn, ok := k8sapi.Callee(pass.TypesInfo, call).(*types.Func); ok && deleters[fn.Name()] && fn.Pkg() != nil && fn.Pkg().Path() == PrometheusPkg {
			if obj := recvVar(pass.TypesInfo, call); obj != nil {
				managed[obj] = true
			}
		}
	}
	reported := map[token.Pos]bool{}
	t := &tracer{pass: pass, ins: ins, followed: map[*types.Var]bool{}, report: func(n ast.Node, src string) {
		if reported[n.Pos()] {
			return
		}
		reported[n.Pos()] = true
		if src == "error text" {
			rep.Reportf(n, "%s", msgError)
		} else {
			rep.Reportf(n, msgIdentity, src)
		}
	}}
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if rep.Skip(call.Pos()) {
			continue
		}
		fn, ok := k8sapi.Callee(pass.TypesInfo, call).(*types.Func)
		if !ok {
			continue
		}
		m, ok := k8sapi.MethodOf(fn)
		if !ok || m.Pkg != PrometheusPkg || !vecTypes[m.Recv] {
			continue
		}
		if obj := recvVar(pass.TypesInfo, call); obj != nil && managed[obj] {
			continue
		}
		var values []ast.Expr
		switch {
		case positional[m.Name]:
			if call.Ellipsis.IsValid() {
				values = sliceValues(pass, cur, call.Args[len(call.Args)-1])
				values = append(values, call.Args[:len(call.Args)-1]...)
			} else {
				values = call.Args
			}
		case byMap[m.Name] && len(call.Args) == 1:
			values = mapValues(pass, cur, call.Args[0])
		}
		for _, v := range values {
			if src := t.source(cur, v, 0); src != "" {
				t.report(v, src)
			}
		}
	}
	return rep.Outcome(), nil
}

var deleters = map[string]bool{"Delete": true, "DeleteLabelValues": true, "DeletePartialMatch": true, "Reset": true}

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

// imports reports whether pkg depends on path, directly or transitively.
func imports(pkg *types.Package, path string) bool {
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package) bool
	walk = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		for _, imp := range p.Imports() {
			if imp.Path() == path || walk(imp) {
				return true
			}
		}
		return false
	}
	return walk(pkg)
}

// mapValues returns the values of a prometheus.Labels argument: a composite literal, or
// a local variable assigned one, with the values stored into it by index in the same
// function.
func mapValues(pass *analysis.Pass, cur inspector.Cursor, e ast.Expr) []ast.Expr {
	info := pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		var out []ast.Expr
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				out = append(out, kv.Value)
			}
		}
		return out
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		body := localBody(cur, v)
		if !ok || body == nil {
			return nil
		}
		var out []ast.Expr
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, l := range as.Lhs {
				switch l := ast.Unparen(l).(type) {
				case *ast.Ident:
					if info.Defs[l] == v || info.Uses[l] == v {
						out = append(out, mapValues(pass, cur, as.Rhs[i])...)
					}
				case *ast.IndexExpr:
					if id, ok := ast.Unparen(l.X).(*ast.Ident); ok && info.Uses[id] == v {
						out = append(out, as.Rhs[i])
					}
				}
			}
			return true
		})
		return out
	}
	return nil
}

// sliceValues returns the elements of a []string passed with "...": a composite
// literal, or a local variable built from literals and appends in the same function.
func sliceValues(pass *analysis.Pass, cur inspector.Cursor, e ast.Expr) []ast.Expr {
	info := pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return e.Elts
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		body := localBody(cur, v)
		if !ok || body == nil {
			return nil
		}
		var out []ast.Expr
		for _, rhs := range assignments(info, body, v) {
			switch rhs := ast.Unparen(rhs).(type) {
			case *ast.CompositeLit:
				out = append(out, rhs.Elts...)
			case *ast.CallExpr:
				if isBuiltin(info, rhs.Fun, "append") && len(rhs.Args) > 1 && !rhs.Ellipsis.IsValid() {
					out = append(out, rhs.Args[1:]...)
				}
			}
		}
		return out
	}
	return nil
}

func isBuiltin(info *types.Info, fun ast.Expr, name string) bool {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// localBody returns the body of the innermost enclosing function that declares the
// local variable v, or nil for a package-level variable or a parameter.
func localBody(cur inspector.Cursor, v *types.Var) *ast.BlockStmt {
	if v == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var b *ast.BlockStmt
		switch f := fn.Node().(type) {
		case *ast.FuncDecl:
			b = f.Body
		case *ast.FuncLit:
			b = f.Body
		}
		if b != nil && v.Pos() >= b.Pos() && v.Pos() < b.End() {
			return b
		}
	}
	return nil
}

// assignments returns the values assigned to v in body (single-value assignments and
// declarations only).
func assignments(info *types.Info, body ast.Node, v *types.Var) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) || (n.Tok != token.ASSIGN && n.Tok != token.DEFINE) {
				return true
			}
			for i, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && (info.Defs[id] == v || info.Uses[id] == v) {
					out = append(out, n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			if len(n.Values) != len(n.Names) {
				return true
			}
			for i, id := range n.Names {
				if info.Defs[id] == v {
					out = append(out, n.Values[i])
				}
			}
		}
		return true
	})
	return out
}

type tracer struct {
	pass     *analysis.Pass
	ins      *inspector.Inspector
	report   func(n ast.Node, src string)
	calls    map[*types.Func][]inspector.Cursor // calls of the package's functions, built on demand
	followed map[*types.Var]bool
}

// params reports, when v is a parameter of the enclosing function declaration (a
// helper such as recordFailure(name, namespace string)), the arguments given for it at
// the calls of that function in this package that are object identity or error text.
func (t *tracer) params(cur inspector.Cursor, v *types.Var) {
	if t.followed[v] {
		return
	}
	t.followed[v] = true
	info := t.pass.TypesInfo
	for fc := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		decl := fc.Node().(*ast.FuncDecl)
		fn, ok := info.Defs[decl.Name].(*types.Func)
		if !ok {
			return
		}
		idx, i := -1, 0
		for _, f := range decl.Type.Params.List {
			if len(f.Names) == 0 {
				i++
				continue
			}
			for _, n := range f.Names {
				if info.Defs[n] == v {
					idx = i
				}
				i++
			}
		}
		if idx < 0 || (fn.Signature().Variadic() && idx == fn.Signature().Params().Len()-1) {
			return
		}
		if t.calls == nil {
			t.calls = map[*types.Func][]inspector.Cursor{}
			for cc := range t.ins.Root().Preorder((*ast.CallExpr)(nil)) {
				if f, ok := k8sapi.Callee(info, cc.Node().(*ast.CallExpr)).(*types.Func); ok && f.Pkg() == t.pass.Pkg {
					t.calls[f] = append(t.calls[f], cc)
				}
			}
		}
		for _, cc := range t.calls[fn] {
			call := cc.Node().(*ast.CallExpr)
			if idx < len(call.Args) {
				if src := t.source(cc, call.Args[idx], 0); src != "" {
					t.report(call.Args[idx], src)
				}
			}
		}
		return
	}
}

// identity names the object identity fields by the struct that declares them.
var identity = map[string]map[string]string{
	k8sapi.MetaV1Pkg + ".ObjectMeta":     {"Name": "the object's name", "Namespace": "the object's namespace", "UID": "the object's UID", "GenerateName": "the object's generated name"},
	k8sapi.MetaV1Pkg + ".OwnerReference": {"Name": "the owner's name", "UID": "the owner's UID"},
	k8sapi.TypesPkg + ".NamespacedName":  {"Name": "the object's name", "Namespace": "the object's namespace"},
}

var getters = map[string]string{
	"GetName": "the object's name", "GetNamespace": "the object's namespace",
	"GetUID": "the object's UID", "GetGenerateName": "the object's generated name",
}

// source says where the string value of e comes from when it is object identity or
// error text, following string operations (concatenation, conversions, fmt.Sprint*,
// package strings) and local variables; "" otherwise.
func (t *tracer) source(cur inspector.Cursor, e ast.Expr, depth int) string {
	if depth > 6 {
		return ""
	}
	info := t.pass.TypesInfo
	e = ast.Unparen(e)
	tv, ok := info.Types[e]
	if !ok || tv.Value != nil {
		return ""
	}
	if s := typeSource(tv.Type); s != "" {
		return s
	}
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			if s := t.source(cur, e.X, depth+1); s != "" {
				return s
			}
			return t.source(cur, e.Y, depth+1)
		}
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok && sel.Kind() == types.FieldVal {
			if st := declaringStruct(sel); st != "" {
				return identity[st][e.Sel.Name]
			}
		}
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if body := localBody(cur, v); ok && body != nil {
			for _, rhs := range assignments(info, body, v) {
				if s := t.source(cur, rhs, depth+1); s != "" {
					return s
				}
			}
		} else if ok {
			t.params(cur, v)
		}
	case *ast.CallExpr:
		if info.Types[e.Fun].IsType() && len(e.Args) == 1 {
			return t.source(cur, e.Args[0], depth+1)
		}
		fn, ok := k8sapi.Callee(info, e).(*types.Func)
		if !ok {
			return ""
		}
		sig := fn.Signature()
		if recv := sig.Recv(); recv != nil {
			se, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
			if !ok {
				return ""
			}
			rt := info.TypeOf(se.X)
			switch {
			case fn.Name() == "Error" && sig.Params().Len() == 0 && rt != nil && types.Implements(rt, errorIface):
				return "error text"
			case fn.Name() == "String" && sig.Params().Len() == 0:
				if m, ok := k8sapi.MethodOf(fn); ok && m.Pkg == k8sapi.TypesPkg && m.Recv == "NamespacedName" {
					return "the request's namespace/name"
				}
			case getters[fn.Name()] != "" && sig.Params().Len() == 0 && rt != nil && isObject(rt):
				return getters[fn.Name()]
			}
			return ""
		}
		if fn.Pkg() == nil {
			return ""
		}
		switch p := fn.Pkg().Path(); {
		case p == "fmt" && (fn.Name() == "Sprint" || fn.Name() == "Sprintf" || fn.Name() == "Sprintln"),
			p == "strings" || p == "path" || p == "path/filepath":
			for _, a := range e.Args {
				if s := t.source(cur, a, depth+1); s != "" {
					return s
				}
			}
		}
	}
	return ""
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// typeSource describes values whose type alone is object identity or an error, as
// arguments of fmt.Sprint.
func typeSource(t types.Type) string {
	switch {
	case k8sapi.IsType(t, k8sapi.TypesPkg, "NamespacedName"), k8sapi.IsType(t, k8sapi.ReconcilePkg, "Request"):
		return "the request's namespace/name"
	case k8sapi.IsType(t, k8sapi.TypesPkg, "UID"):
		return "the object's UID"
	case k8sapi.IsError(t):
		return "error text"
	}
	if _, ok := t.Underlying().(*types.Interface); !ok && types.Implements(t, errorIface) {
		if _, ok := t.Underlying().(*types.Basic); !ok {
			return "error text"
		}
	}
	return ""
}

// isObject reports whether t has the metadata accessors of an API object.
func isObject(t types.Type) bool {
	ms := types.NewMethodSet(t)
	if _, ok := t.Underlying().(*types.Interface); !ok {
		if _, isPtr := t.(*types.Pointer); !isPtr {
			ms = types.NewMethodSet(types.NewPointer(t))
		}
	}
	return ms.Lookup(nil, "GetUID") != nil && ms.Lookup(nil, "GetGeneration") != nil
}

// declaringStruct returns "path.Name" of the named struct that declares the field
// selected by sel.
func declaringStruct(sel *types.Selection) string {
	t := sel.Recv()
	idx := sel.Index()
	for i, j := range idx {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		if p, ok := t.(*types.Pointer); ok {
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
