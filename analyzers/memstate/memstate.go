package memstate

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the memstate rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "memstate",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer, reconcilers.Analyzer, directives.Analyzer},
}.Analyzer(run)

const (
	lost    = "it is empty after a restart or a change of leader (the queue is not a durable log), and nothing removes an object's entry when the object is deleted"
	race    = ", and the workers write it at the same time when MaxConcurrentReconciles > 1 (a concurrent map write crashes the process)"
	advice  = ": keep what must survive in the object's status (a phase, the last error, an attempt count) and derive the rest from the cluster on each reconcile"
	requeue = "NumRequeues in a reconcile path: the count lives in the queue's rate limiter, in memory: it starts from zero after a restart or a change of leader and is reset by every successful reconcile (Forget), so it is no count of failures; keep one in the object's status (phase, last error, attempts) if the reconcile must decide on it"
)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	recs := pass.ResultOf[reconcilers.Analyzer].(*reconcilers.Result)
	if len(recs.Entries()) == 0 {
		return rep.Outcome(), nil
	}
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	recTypes := map[*types.TypeName]bool{}
	for _, e := range recs.Entries() {
		if e.Func == nil {
			continue
		}
		if recv := e.Func.Signature().Recv(); recv != nil {
			if n := k8sapi.Named(recv.Type()); n != nil && n.Obj().Pkg() == pass.Pkg {
				recTypes[n.Origin().Obj()] = true
			}
		}
	}
	pruned := prunedFields(pass, ins)

	reported := map[*types.Var]bool{}
	for _, fn := range r.Funcs() {
		chain, _ := r.Reached(fn)
		body := k8sapi.FuncBody(fn)
		if body == nil {
			continue
		}
		locked := locks(pass, body)
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false // a function of its own, judged when reached
			case *ast.CallExpr:
				if fn, ok := typeutil.Callee(pass.TypesInfo, n).(*types.Func); ok && fn.Name() == "NumRequeues" {
					if m, ok := k8sapi.MethodOf(fn); ok && (m.Pkg == k8sapi.WorkqueuePkg || m.Pkg == k8sapi.PriorityQueuePkg) {
						rep.Reportf(n, "%s%s", requeue, analyzerutil.Chain(chain))
					}
				}
				if k8sapi.IsMethodCall(pass.TypesInfo, n, "sync", "Map", "Store", "LoadOrStore", "Swap") && len(n.Args) == 2 {
					sel := ast.Unparen(n.Fun).(*ast.SelectorExpr)
					if f, path, ok := recField(pass, sel.X, recTypes); ok && perObject(pass, nil, n.Args[0]) && !pruned[f] && !reported[f] {
						reported[f] = true
						rep.Reportf(n, "%s (a sync.Map) holds per-object state of the reconciler, written in a reconcile: %s%s%s",
							path, lost, advice, analyzerutil.Chain(chain))
					}
				}
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE {
					return true
				}
				for _, lhs := range n.Lhs {
					check(pass, rep, lhs, recTypes, pruned, reported, locked, chain)
				}
			case *ast.IncDecStmt:
				check(pass, rep, n.X, recTypes, pruned, reported, locked, chain)
			}
			return true
		})
	}
	return rep.Outcome(), nil
}

// check reports a write into an element of a map field of a reconciler keyed per
// object.
func check(pass *analysis.Pass, rep *analyzerutil.Reporter, lhs ast.Expr, recTypes map[*types.TypeName]bool,
	pruned, reported map[*types.Var]bool, locked bool, chain []string) {
	ix, ok := ast.Unparen(lhs).(*ast.IndexExpr)
	if !ok {
		return
	}
	mt, ok := typeOf(pass, ix.X).(*types.Map)
	if !ok {
		return
	}
	f, path, ok := recField(pass, ix.X, recTypes)
	if !ok || pruned[f] || reported[f] || !perObject(pass, mt.Key(), ix.Index) {
		return
	}
	reported[f] = true
	r := race
	if locked {
		r = ""
	}
	rep.Reportf(lhs, "%s holds per-object state of the reconciler, written in a reconcile: %s%s%s%s", path, lost, r, advice, analyzerutil.Chain(chain))
}

func typeOf(pass *analysis.Pass, e ast.Expr) types.Type {
	if t := pass.TypesInfo.TypeOf(e); t != nil {
		return t.Underlying()
	}
	return nil
}

// recField returns the field that x denotes when x is a field of a reconciler reached
// from the receiver of one of its methods (r.attempts, r.state.attempts).
func recField(pass *analysis.Pass, x ast.Expr, recTypes map[*types.TypeName]bool) (*types.Var, string, bool) {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return nil, "", false
	}
	s, ok := pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil, "", false
	}
	f := s.Obj().(*types.Var).Origin()
	root := sel.X
	for {
		switch y := ast.Unparen(root).(type) {
		case *ast.SelectorExpr:
			if s, ok := pass.TypesInfo.Selections[y]; ok && s.Kind() == types.FieldVal {
				root = y.X
				continue
			}
			return nil, "", false
		case *ast.StarExpr:
			root = y.X
			continue
		case *ast.Ident:
			v, ok := pass.TypesInfo.Uses[y].(*types.Var)
			if !ok {
				return nil, "", false
			}
			n := k8sapi.Named(v.Type())
			if n == nil || !recTypes[n.Origin().Obj()] || !isReceiver(pass, v) {
				return nil, "", false
			}
			return f, types.ExprString(x), true
		default:
			return nil, "", false
		}
	}
}

// isReceiver reports whether v is the receiver of a method declaration.
func isReceiver(pass *analysis.Pass, v *types.Var) bool {
	for _, file := range pass.Files {
		if file.Pos() > v.Pos() || v.Pos() > file.End() {
			continue
		}
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Recv.Pos() > v.Pos() || v.Pos() > fd.Recv.End() {
				continue
			}
			return true
		}
	}
	return false
}

// perObject reports whether a map key identifies one object: its type is
// types.NamespacedName (client.ObjectKey), reconcile.Request or types.UID, or it is a
// string built from an object's or a request's name, namespace or UID
// (req.Name, req.String(), obj.GetName(), cache.MetaNamespaceKeyFunc(obj), a
// fmt.Sprintf of them, or a local variable assigned one of these).
func perObject(pass *analysis.Pass, key types.Type, idx ast.Expr) bool {
	if key == nil {
		key = pass.TypesInfo.TypeOf(idx)
	}
	if key != nil && (k8sapi.IsType(key, k8sapi.TypesPkg, "NamespacedName") || k8sapi.IsType(key, k8sapi.TypesPkg, "UID") || k8sapi.IsRequest(key)) {
		return true
	}
	if key == nil || !types.Identical(key.Underlying(), types.Typ[types.String]) {
		return false
	}
	return identity(pass, idx, 0)
}

// identity reports whether the string expression e is built from an object's identity.
func identity(pass *analysis.Pass, e ast.Expr, depth int) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			t := pass.TypesInfo.TypeOf(n.X)
			switch n.Sel.Name {
			case "Name", "Namespace", "UID", "NamespacedName":
				if t != nil && (k8sapi.IsRequest(t) || k8sapi.IsType(t, k8sapi.TypesPkg, "NamespacedName") || hasObjectMeta(t)) {
					found = true
				}
			}
		case *ast.CallExpr:
			if fn, ok := typeutil.Callee(pass.TypesInfo, n).(*types.Func); ok {
				switch fn.Name() {
				case "GetName", "GetUID", "GetNamespace":
					found = fn.Signature().Recv() != nil
				case "String":
					if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
						t := pass.TypesInfo.TypeOf(sel.X)
						found = t != nil && (k8sapi.IsRequest(t) || k8sapi.IsType(t, k8sapi.TypesPkg, "NamespacedName"))
					}
				case "MetaNamespaceKeyFunc", "DeletionHandlingMetaNamespaceKeyFunc":
					found = fn.Pkg() != nil && fn.Pkg().Path() == k8sapi.ToolsCachePkg
				}
			}
		case *ast.Ident:
			// A local string assigned from such an expression (key := req.String()).
			// Only a string is followed: a local object (obj, err := external.Get(ctx,
			// c, ref, m.Namespace)) is no key, and obj.GroupVersionKind().String()
			// names its kind, whatever the call that fetched it was given.
			if v, ok := pass.TypesInfo.Uses[n].(*types.Var); ok && depth < 2 && v.Parent() != nil && v.Parent() != v.Pkg().Scope() &&
				types.Identical(v.Type().Underlying(), types.Typ[types.String]) {
				if init := localInit(pass, v); init != nil && identity(pass, init, depth+1) {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// hasObjectMeta reports whether t (or what it points to) is a struct with an embedded
// metav1.ObjectMeta, or is metav1.ObjectMeta.
func hasObjectMeta(t types.Type) bool {
	if k8sapi.IsType(t, k8sapi.MetaV1Pkg, "ObjectMeta") || k8sapi.IsPointerTo(t, k8sapi.MetaV1Pkg, "ObjectMeta") {
		return true
	}
	n := k8sapi.Named(t)
	if n == nil {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if f.Embedded() && k8sapi.IsType(f.Type(), k8sapi.MetaV1Pkg, "ObjectMeta") {
			return true
		}
	}
	return false
}

// localInit returns the expression a local variable is initialised with (v := e, or
// v, err := f(...) with f's call), or nil.
func localInit(pass *analysis.Pass, v *types.Var) ast.Expr {
	for _, file := range pass.Files {
		if file.Pos() > v.Pos() || v.Pos() > file.End() {
			continue
		}
		var init ast.Expr
		ast.Inspect(file, func(n ast.Node) bool {
			if init != nil || (n != nil && (v.Pos() < n.Pos() || v.Pos() > n.End())) {
				return false // found, or v is not declared below n
			}
			as, ok := n.(*ast.AssignStmt)
			if !ok || as.Tok != token.DEFINE {
				return true
			}
			for i, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && pass.TypesInfo.Defs[id] == v {
					if len(as.Rhs) == len(as.Lhs) {
						init = as.Rhs[i]
					} else if len(as.Rhs) == 1 {
						init = as.Rhs[0]
					}
				}
			}
			return true
		})
		return init
	}
	return nil
}

// locks reports whether body locks a sync.Mutex or sync.RWMutex.
func locks(pass *analysis.Pass, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && (k8sapi.IsMethodCall(pass.TypesInfo, c, "sync", "Mutex", "Lock") ||
			k8sapi.IsMethodCall(pass.TypesInfo, c, "sync", "RWMutex", "Lock")) {
			found = true
		}
		return !found
	})
	return found
}

// prunedFields returns the map fields that the package prunes on the deletion path:
// a delete(m, k) or a (*sync.Map).Delete/LoadAndDelete/CompareAndDelete of the field in
// a branch that runs only while the object is being deleted or after its Get found
// nothing (IsNotFound), or in a function called, directly or through other functions
// of the package, from such a branch (a finalize helper). Such a map holds what the
// process set up for the object (a scale loop, a watch, a metric series), gone with
// the process too, and is not reported.
func prunedFields(pass *analysis.Pass, ins *inspector.Inspector) map[*types.Var]bool {
	// Functions of the package and the static calls in each, with their positions.
	type call struct {
		pos  token.Pos
		decl *ast.FuncDecl
	}
	decls := map[*types.Func]*ast.FuncDecl{}
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := cur.Node().(*ast.FuncDecl)
		if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && fd.Body != nil {
			decls[fn] = fd
		}
	}
	calls := map[*ast.FuncDecl][]call{}
	var deletes []struct {
		field *types.Var
		pos   token.Pos
		decl  *ast.FuncDecl
	}
	for _, fd := range decls {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if fn := typeutil.StaticCallee(pass.TypesInfo, c); fn != nil {
				if d := decls[fn.Origin()]; d != nil {
					calls[fd] = append(calls[fd], call{c.Pos(), d})
				}
			}
			var target ast.Expr
			if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && len(c.Args) == 2 {
				if b, ok := pass.TypesInfo.Uses[id].(*types.Builtin); ok && b.Name() == "delete" {
					target = c.Args[0]
				}
			} else if k8sapi.IsMethodCall(pass.TypesInfo, c, "sync", "Map", "Delete", "LoadAndDelete", "CompareAndDelete") {
				target = ast.Unparen(c.Fun).(*ast.SelectorExpr).X
			}
			if sel, ok := ast.Unparen(target).(*ast.SelectorExpr); ok {
				if s, ok := pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.FieldVal {
					deletes = append(deletes, struct {
						field *types.Var
						pos   token.Pos
						decl  *ast.FuncDecl
					}{s.Obj().(*types.Var).Origin(), c.Pos(), fd})
				}
			}
			return true
		})
	}
	out := map[*types.Var]bool{}
	if len(deletes) == 0 {
		return out
	}
	// Ranges of the deletion and NotFound branches, per function.
	ranges := map[*ast.FuncDecl][][2]token.Pos{}
	for _, fd := range decls {
		rs := append(k8sapi.DeletionRanges(fd.Body), notFoundRanges(pass, fd.Body)...)
		if len(rs) > 0 {
			ranges[fd] = rs
		}
	}
	within := func(fd *ast.FuncDecl, p token.Pos) bool {
		for _, r := range ranges[fd] {
			if r[0] <= p && p < r[1] {
				return true
			}
		}
		return false
	}
	// Functions called from such a branch, transitively.
	onPath := map[*ast.FuncDecl]bool{}
	var queue []*ast.FuncDecl
	for fd, cs := range calls {
		for _, c := range cs {
			if within(fd, c.pos) && !onPath[c.decl] {
				onPath[c.decl] = true
				queue = append(queue, c.decl)
			}
		}
	}
	for len(queue) > 0 {
		fd := queue[0]
		queue = queue[1:]
		for _, c := range calls[fd] {
			if !onPath[c.decl] {
				onPath[c.decl] = true
				queue = append(queue, c.decl)
			}
		}
	}
	for _, d := range deletes {
		if onPath[d.decl] || within(d.decl, d.pos) {
			out[d.field] = true
		}
	}
	return out
}

// notFoundRanges returns the bodies of if statements whose condition calls
// apierrors.IsNotFound (not negated): the branch taken when the object is gone.
func notFoundRanges(pass *analysis.Pass, body *ast.BlockStmt) [][2]token.Pos {
	var out [][2]token.Pos
	ast.Inspect(body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		if c, ok := ast.Unparen(is.Cond).(*ast.CallExpr); ok && k8sapi.IsFuncCall(pass.TypesInfo, c, k8sapi.APIErrorsPkg, "IsNotFound") {
			out = append(out, [2]token.Pos{is.Body.Pos(), is.Body.End()})
		}
		if strings.Contains(types.ExprString(is.Cond), "IsNotFound(") {
			if be, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr); ok && be.Op == token.LAND {
				for _, x := range []ast.Expr{be.X, be.Y} {
					if c, ok := ast.Unparen(x).(*ast.CallExpr); ok && k8sapi.IsFuncCall(pass.TypesInfo, c, k8sapi.APIErrorsPkg, "IsNotFound") {
						out = append(out, [2]token.Pos{is.Body.Pos(), is.Body.End()})
					}
				}
			}
		}
		return true
	})
	return out
}
