package valueflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// ErrSource is a client call whose error a function returns as its last result:
// directly, wrapped (fmt.Errorf, errors.Wrap, errors.Join), through a variable, or
// through another function that returns it.
type ErrSource struct {
	// Call names the client call in messages: "Get", "Delete", "Status().Update",
	// "controllerutil.CreateOrUpdate".
	Call string
	// Method is the client method ("Get", "Delete", "Update", ...), or the function name
	// of controllerutil.CreateOrUpdate/CreateOrPatch.
	Method string
	// Write is true for a write (WriteCall), false for a Get.
	Write bool
	// KeyParam is, for a Get, the index of the parameter of the outermost function of
	// Chain from which the key is built (-1: none, or not a parameter).
	KeyParam int
	// ObjParam is, for a Get, the index of the parameter of the outermost function of
	// Chain that the Get reads into (the object itself is the parameter, a pointer),
	// or -1.
	ObjParam int
	// NotFound is true when the error cannot be a NotFound: a function of the chain
	// passes it through client.IgnoreNotFound or tests errors with IsNotFound.
	NotFound bool
	// AlreadyExists is true when the error cannot be an AlreadyExists: a function of the
	// chain passes it through client.IgnoreAlreadyExists or tests errors for it
	// (apierrors.IsAlreadyExists, StatusReasonAlreadyExists, a helper named so).
	AlreadyExists bool
	// Chain names the functions from the one summarised to the one that makes the call.
	Chain []string
	// Pos is the position of the call, "file.go:12".
	Pos string
}

// Swallow is a cleanup call whose error a function discards: a call with a
// context.Context argument and an error result that is neither a read nor a status
// write, called as a statement, assigned to _, or only logged in an if err != nil
// branch that carries on (Discards).
type Swallow struct {
	Call  string   // the call as written: "r.cloud.DeleteBucket"
	Chain []string // the functions from the one summarised to the one that discards
	Pos   string   // "file.go:12" of the discarding call
}

func (e ErrSource) String() string {
	s := "returns the error of " + e.Call + " via " + strings.Join(e.Chain, " → ")
	if !e.Write && e.KeyParam >= 0 {
		s += " (key: param " + itoa(e.KeyParam) + ")"
	}
	if e.NotFound {
		s += " (NotFound filtered)"
	}
	if e.AlreadyExists {
		s += " (AlreadyExists filtered)"
	}
	return s
}

func (s Swallow) String() string {
	return "discards the error of " + s.Call + " via " + strings.Join(s.Chain, " → ")
}

// ErrSources returns the client calls whose error fn returns (from its fact when fn is
// declared in another package).
func (r *Result) ErrSources(fn *types.Func) []ErrSource {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.errs == nil || fn == nil {
		return nil
	}
	return r.errs.sourcesOf(fn)
}

// Swallows returns the cleanups whose error fn or a function it calls discards.
func (r *Result) Swallows(fn *types.Func) []Swallow {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.errs == nil || fn == nil {
		return nil
	}
	return r.errs.swallowsOf(fn)
}

// errState computes ErrSources and Swallows of the package's functions.
type errState struct {
	st       *analysisState
	tuples   map[*types.Var][]tupleSrc
	sources  *memo[[]ErrSource]
	swallows *memo[[]Swallow]
}

// tupleSrc is a variable assigned result idx of a call returning several values.
type tupleSrc struct {
	call *ast.CallExpr
	idx  int
}

func newErrState(st *analysisState) *errState {
	es := &errState{st: st, tuples: map[*types.Var][]tupleSrc{},
		sources:  newMemo(func(s *Summary) []ErrSource { return s.Errors }),
		swallows: newMemo(func(s *Summary) []Swallow { return s.Swallows })}
	info := st.pass.TypesInfo
	for _, d := range st.decls {
		ast.Inspect(d.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Rhs) != 1 || len(n.Lhs) < 2 {
					return true
				}
				c, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
				if !ok {
					return true
				}
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						if v, ok := info.ObjectOf(id).(*types.Var); ok {
							es.tuples[v] = append(es.tuples[v], tupleSrc{c, i})
						}
					}
				}
			case *ast.ValueSpec:
				if len(n.Values) != 1 || len(n.Names) < 2 {
					return true
				}
				if c, ok := ast.Unparen(n.Values[0]).(*ast.CallExpr); ok {
					for i, id := range n.Names {
						if v, ok := info.Defs[id].(*types.Var); ok {
							es.tuples[v] = append(es.tuples[v], tupleSrc{c, i})
						}
					}
				}
			}
			return true
		})
	}
	return es
}

func (es *errState) pos(p token.Pos) string {
	position := es.st.pass.Fset.Position(p)
	name := position.Filename
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	return name + ":" + itoa(position.Line)
}

// sourcesOf returns the ErrSources of fn.
func (es *errState) sourcesOf(fn *types.Func) []ErrSource {
	return es.sources.get(es.st, fn, func(decl *ast.FuncDecl) []ErrSource { return es.computeSources(fn, decl) })
}

func (es *errState) computeSources(fn *types.Func, decl *ast.FuncDecl) []ErrSource {
	st := es.st
	res := fn.Signature().Results()
	if res.Len() == 0 || !k8sapi.IsError(res.At(res.Len()-1).Type()) {
		return nil
	}
	name := qualified(st.pass.Pkg, fn)
	filters := filtersNotFound(st.pass.TypesInfo, decl.Body)
	exists := FiltersAlreadyExists(st.pass.TypesInfo, decl.Body)
	var out []ErrSource
	seen := map[string]bool{}
	for ret := range returns(decl.Body) {
		var srcs []ErrSource
		switch {
		case len(ret.Results) == res.Len():
			srcs = es.trace(fn, ret.Results[res.Len()-1], 0, false, 0) // a single value
		case len(ret.Results) == 1:
			if c, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr); ok {
				srcs = es.traceCall(fn, c, res.Len()-1, 0)
			}
		case len(ret.Results) == 0 && res.At(res.Len()-1).Name() != "":
			srcs = es.traceVar(fn, res.At(res.Len()-1), 0)
		}
		for _, s := range srcs {
			s.Chain = append([]string{name}, s.Chain...)
			s.NotFound = s.NotFound || filters
			s.AlreadyExists = s.AlreadyExists || exists
			k := s.Call + s.Pos + strings.Join(s.Chain, ",")
			if !seen[k] {
				seen[k] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// trace returns the client calls whose error the error expression e of fn carries;
// idx is the result index when e is a call returning several values.
func (es *errState) trace(fn *types.Func, e ast.Expr, idx int, _ bool, depth int) []ErrSource {
	if depth > maxDepth {
		return nil
	}
	info := es.st.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			return es.traceVar(fn, v, depth)
		}
	case *ast.CallExpr:
		return es.traceCall(fn, x, idx, depth)
	}
	return nil
}

func (es *errState) traceVar(fn *types.Func, v *types.Var, depth int) []ErrSource {
	var out []ErrSource
	for _, rhs := range es.st.assigns[v] {
		if rhs == Unknown || rhs == Zero {
			continue
		}
		out = append(out, es.trace(fn, rhs, 0, false, depth+1)...)
	}
	for _, t := range es.tuples[v] {
		out = append(out, es.traceCall(fn, t.call, t.idx, depth+1)...)
	}
	return out
}

// wrappers lists the functions whose error result carries the error argument
// (path → names → the index of the error argument, -1: every argument).
var wrappers = map[string]map[string]int{
	"fmt":                                 {"Errorf": -1},
	"errors":                              {"Join": -1},
	"github.com/pkg/errors":               {"Wrap": 0, "Wrapf": 0, "WithMessage": 0, "WithMessagef": 0, "WithStack": 0},
	"github.com/cockroachdb/errors":       {"Wrap": 0, "Wrapf": 0, "WithMessage": 0, "WithStack": 0},
	"k8s.io/apimachinery/pkg/util/errors": {"NewAggregate": -1},
}

func (es *errState) traceCall(fn *types.Func, call *ast.CallExpr, idx int, depth int) []ErrSource {
	st := es.st
	info := st.pass.TypesInfo
	if w, ok := k8sapi.WriteCall(st.pass.Pkg, info, call); ok {
		if idx != w.ErrIndex && !(w.ErrIndex == 0 && idx <= 0) {
			return nil
		}
		method := k8sapi.Callee(info, call).Name()
		return []ErrSource{{Call: w.Desc, Method: method, Write: true, KeyParam: -1, ObjParam: -1, Pos: es.pos(call.Pos())}}
	}
	if op, ok := k8sapi.ClientCall(st.pass.Pkg, info, call); ok && op.Iface == "Reader" && op.Method == "Get" && len(call.Args) >= 3 {
		return []ErrSource{{Call: "Get", Method: "Get", KeyParam: es.keyParam(fn, call.Args[1], 0), ObjParam: es.objParam(fn, call.Args[2]), Pos: es.pos(call.Pos())}}
	}
	callee, ok := k8sapi.Callee(info, call).(*types.Func)
	if !ok || callee.Pkg() == nil {
		return nil
	}
	if k8sapi.IsObj(callee, k8sapi.ClientPkg, "IgnoreNotFound") && len(call.Args) == 1 {
		out := es.trace(fn, call.Args[0], 0, false, depth+1)
		for i := range out {
			out[i].NotFound = true
		}
		return out
	}
	if k8sapi.IsObj(callee, k8sapi.ClientPkg, "IgnoreAlreadyExists") && len(call.Args) == 1 {
		out := es.trace(fn, call.Args[0], 0, false, depth+1)
		for i := range out {
			out[i].AlreadyExists = true
		}
		return out
	}
	if names, ok := wrappers[callee.Pkg().Path()]; ok {
		if i, ok := names[callee.Name()]; ok {
			var out []ErrSource
			for j, a := range call.Args {
				if (i < 0 || j == i) && k8sapi.IsError(info.TypeOf(a)) {
					out = append(out, es.trace(fn, a, 0, false, depth+1)...)
				}
			}
			return out
		}
	}
	res := callee.Signature().Results()
	if res.Len() == 0 || (idx != res.Len()-1 && !(idx <= 0 && res.Len() == 1)) {
		return nil
	}
	if modelled(callee.Pkg().Path()) {
		return nil
	}
	srcs := es.sourcesOf(callee)
	var out []ErrSource
	for _, s := range srcs {
		if !s.Write && s.KeyParam >= 0 {
			// The key is the argument given here: follow it to fn's parameters.
			if s.KeyParam < len(call.Args) {
				s.KeyParam = es.keyParam(fn, call.Args[s.KeyParam], 0)
			} else {
				s.KeyParam = -1
			}
			if s.ObjParam >= 0 && s.ObjParam < len(call.Args) {
				s.ObjParam = es.objParam(fn, call.Args[s.ObjParam])
			} else {
				s.ObjParam = -1
			}
		}
		out = append(out, s)
	}
	return out
}

// objParam returns the index of the parameter of fn that the object expression e is
// (the parameter itself, a pointer the Get reads into), or -1.
func (es *errState) objParam(fn *types.Func, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || fn == nil {
		return -1
	}
	v, ok := es.st.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return -1
	}
	if p, ok := es.st.params[v]; ok && p.fn == fn && p.index >= 0 {
		return p.index
	}
	return -1
}

// keyParam returns the index of the parameter of fn from which the key expression e is
// built (the parameter itself, a field of it such as req.NamespacedName, a key literal
// of its fields, or a local variable assigned such a value), or -1.
func (es *errState) keyParam(fn *types.Func, e ast.Expr, depth int) int {
	if depth > 4 || fn == nil {
		return -1
	}
	info := es.st.pass.TypesInfo
	found := -1
	ast.Inspect(e, func(n ast.Node) bool {
		if found >= 0 {
			return false
		}
		switch n := n.(type) {
		case *ast.CompositeLit:
			// A key literal (types.NamespacedName, client.ObjectKey): what matters is
			// where its Name comes from; a Namespace from the request with a Name of
			// another object is another object's key (external-secrets'
			// removeUnmanagedStores gets SecretStores by ref.Name in req.Namespace).
			var name ast.Expr
			for i, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Name" {
						name = kv.Value
					}
				} else if i == 1 && len(n.Elts) == 2 {
					name = elt // NamespacedName{Namespace, Name}
				}
			}
			if name != nil {
				found = es.keyParam(fn, name, depth+1)
			}
			return false
		case *ast.CallExpr:
			if info.Types[n.Fun].IsType() {
				return true
			}
			return false // a key computed by a call: not the parameter's key
		case *ast.Ident:
			v, ok := info.Uses[n].(*types.Var)
			if !ok || v.IsField() {
				return true
			}
			if p, ok := es.st.params[v]; ok {
				if p.fn == fn && p.index >= 0 {
					found = p.index
				}
				return false
			}
			for _, rhs := range es.st.assigns[v] {
				if rhs != Unknown && rhs != Zero {
					if i := es.keyParam(fn, rhs, depth+1); i >= 0 {
						found = i
						return false
					}
				}
			}
		}
		return true
	})
	return found
}

// filtersNotFound reports whether body tests errors with apierrors.IsNotFound or
// filters them with client.IgnoreNotFound.
func filtersNotFound(info *types.Info, body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && (k8sapi.IsFuncCall(info, c, k8sapi.APIErrorsPkg, "IsNotFound") ||
			k8sapi.IsFuncCall(info, c, k8sapi.ClientPkg, "IgnoreNotFound")) {
			found = true
		}
		return !found
	})
	return found
}

// FiltersAlreadyExists reports whether body (function literals included) tells
// AlreadyExists errors apart: apierrors.IsAlreadyExists, client.IgnoreAlreadyExists, a
// function whose name says so (a module's own IgnoreAlreadyExists), or a comparison
// with metav1.StatusReasonAlreadyExists.
func FiltersAlreadyExists(info *types.Info, body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if fn, ok := k8sapi.Callee(info, n).(*types.Func); ok && strings.Contains(fn.Name(), "AlreadyExist") {
				found = true
			}
		case *ast.SelectorExpr:
			found = found || n.Sel.Name == "StatusReasonAlreadyExists"
		}
		return !found
	})
	return found
}

// swallowsOf returns the Swallows of fn.
func (es *errState) swallowsOf(fn *types.Func) []Swallow {
	return es.swallows.get(es.st, fn, func(decl *ast.FuncDecl) []Swallow { return es.computeSwallows(fn, decl) })
}

func (es *errState) computeSwallows(fn *types.Func, decl *ast.FuncDecl) []Swallow {
	st := es.st
	name := qualified(st.pass.Pkg, fn)
	info := st.pass.TypesInfo
	var out []Swallow
	for _, d := range Discards(st.pass.Pkg, info, decl.Body) {
		out = append(out, Swallow{Call: types.ExprString(d.Call.Fun), Chain: []string{name}, Pos: es.pos(d.Call.Pos())})
	}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		callee, ok := k8sapi.Callee(info, c).(*types.Func)
		if !ok || callee == fn || callee.Pkg() == nil || modelled(callee.Pkg().Path()) {
			return true
		}
		for _, s := range es.swallowsOf(callee) {
			s.Chain = append([]string{name}, s.Chain...)
			out = append(out, s)
			break
		}
		return true
	})
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].Chain) < len(out[j].Chain) })
	if len(out) > 1 {
		out = out[:1] // one is enough to tell the caller
	}
	return out
}

// Discard is a call whose error is dropped: Site is the statement from which the
// control flow continues with the error dropped.
type Discard struct {
	Call *ast.CallExpr
	Site ast.Node
}

// Discards returns the cleanup calls of region (outside function literals) whose error
// is discarded: called as a statement, assigned to _, or tested with err != nil in a
// branch that only logs and carries on. A cleanup returns an error as its last result,
// takes a context.Context, and is not a status write or a read (Cleanup).
func Discards(pkg *types.Package, info *types.Info, region *ast.BlockStmt) []Discard {
	var out []Discard
	ast.Inspect(region, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ExprStmt:
			if c, ok := ast.Unparen(s.X).(*ast.CallExpr); ok && Cleanup(pkg, info, c) {
				out = append(out, Discard{c, s})
			}
		case *ast.AssignStmt:
			if len(s.Rhs) == 1 {
				if c, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr); ok && Cleanup(pkg, info, c) {
					if id, ok := s.Lhs[len(s.Lhs)-1].(*ast.Ident); ok && id.Name == "_" {
						out = append(out, Discard{c, s})
					}
				}
			}
		case *ast.IfStmt:
			if c := loggedOnly(info, s, region); c != nil && Cleanup(pkg, info, c) {
				var site ast.Node = s.Cond
				if len(s.Body.List) > 0 {
					site = s.Body.List[len(s.Body.List)-1]
				}
				out = append(out, Discard{c, site})
			}
		}
		return true
	})
	return out
}

// Cleanup reports whether c returns an error as its last result, takes a
// context.Context, and is not a status write or a read.
func Cleanup(pkg *types.Package, info *types.Info, c *ast.CallExpr) bool {
	t := info.TypeOf(c.Fun)
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Results().Len() == 0 || !k8sapi.IsError(sig.Results().At(sig.Results().Len()-1).Type()) {
		return false
	}
	hasCtx := false
	for _, a := range c.Args {
		if t := info.TypeOf(a); t != nil && k8sapi.IsContext(t) {
			hasCtx = true
		}
	}
	if !hasCtx {
		return false
	}
	if op, ok := k8sapi.ClientCall(pkg, info, c); ok && (op.Iface == "SubResourceWriter" || !op.IsWrite()) {
		return false
	}
	return true
}

// loggedOnly returns the call whose error s tests with err != nil when the branch does
// not leave (it does not end in return, panic, break, continue or goto) and does not
// keep the error (no assignment): the error is only logged. The call is the if's init
// (if err := f(ctx); err != nil) or the assignment of err just before s in region.
func loggedOnly(info *types.Info, s *ast.IfStmt, region *ast.BlockStmt) *ast.CallExpr {
	be, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return nil
	}
	id, ok := ast.Unparen(be.X).(*ast.Ident)
	if !ok || !k8sapi.IsError(info.TypeOf(id)) {
		return nil
	}
	if nid, ok := ast.Unparen(be.Y).(*ast.Ident); !ok || nid.Name != "nil" {
		return nil
	}
	if s.Else != nil {
		return nil
	}
	if n := len(s.Body.List); n > 0 {
		switch last := s.Body.List[n-1].(type) {
		case *ast.ReturnStmt, *ast.BranchStmt:
			return nil
		case *ast.ExprStmt:
			if c, ok := last.X.(*ast.CallExpr); ok {
				if fid, ok := c.Fun.(*ast.Ident); ok && fid.Name == "panic" {
					return nil
				}
			}
		}
	}
	kept := false
	ast.Inspect(s.Body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.AssignStmt, *ast.IncDecStmt, *ast.ReturnStmt, *ast.BranchStmt, *ast.GoStmt, *ast.DeferStmt, *ast.SendStmt:
			kept = true
		}
		return !kept
	})
	if kept {
		return nil
	}
	errVar := info.ObjectOf(id)
	callOf := func(st ast.Stmt) *ast.CallExpr {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return nil
		}
		c, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return nil
		}
		if lid, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident); ok && info.ObjectOf(lid) == errVar {
			return c
		}
		return nil
	}
	if s.Init != nil {
		return callOf(s.Init)
	}
	// The statement before s in its block.
	var prev ast.Stmt
	ast.Inspect(region, func(n ast.Node) bool {
		if b, ok := n.(*ast.BlockStmt); ok {
			for i, st := range b.List {
				if st == s && i > 0 {
					prev = b.List[i-1]
				}
			}
		}
		return prev == nil
	})
	if prev == nil {
		return nil
	}
	return callOf(prev)
}
