package ctxfield

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
	"github.com/reconcilelint/reconcilelint/passes/entry"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
	"github.com/reconcilelint/reconcilelint/passes/webhooks"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "v0.1.0"
	Severity = analyzerutil.Warning
)

// Analyzer is the ctxfield rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "ctxfield",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer, reconcilers.Analyzer, webhooks.Analyzer, directives.Analyzer},
}.Analyzer(run)

const (
	webhookStoreConsequence = "which outlives the call: concurrent admission requests overwrite it (a data race) and a later reader gets the ctx of an answered request, already cancelled, with another request's logger; pass ctx as a parameter instead"
	webhookFieldConsequence = "a stored ctx is not the admission request's (it is not cancelled when the API server gives up on the webhook, and has no request logger) and is shared by concurrent requests: use the ctx parameter of the webhook method"
	storeConsequence        = "which outlives the call: every worker overwrites it (a data race when MaxConcurrentReconciles > 1) and a later reader gets the ctx of a finished reconcile (cancelled when ReconciliationTimeout is set, with another request's logger); pass ctx as a parameter instead"
	fieldConsequence        = "a stored ctx is not the request's (no ReconciliationTimeout from controller-runtime v0.22 on, no request logger or reconcileID) and is shared by all workers: use the ctx parameter of Reconcile"
)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	recs := pass.ResultOf[reconcilers.Analyzer].(*reconcilers.Result)
	hooks := pass.ResultOf[webhooks.Analyzer].(*webhooks.Result)
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	points := entry.All(recs, hooks)
	if len(points) == 0 {
		return rep.Outcome(), nil
	}

	// Reconciler and webhook types: receivers of entry-point methods declared in this
	// package, with the kind of their entry points (reconcile when both).
	recTypes := map[*types.TypeName]entry.Kind{}
	for _, e := range points {
		if e.Func == nil {
			continue
		}
		if recv := e.Func.Signature().Recv(); recv != nil {
			if n := k8sapi.Named(recv.Type()); n != nil && n.Obj().Pkg() == pass.Pkg {
				if k, seen := recTypes[n.Origin().Obj()]; !seen || k.Webhook() {
					recTypes[n.Origin().Obj()] = e.Kind
				}
			}
		}
	}
	// Long-lived types: reconciler types and the types of this package that they hold in
	// a field (a tracker, a cache), by value or pointer.
	longLived := map[*types.TypeName]bool{}
	for tn := range recTypes {
		longLived[tn] = true
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for f := range st.Fields() {
				if n := k8sapi.Named(f.Type()); n != nil && n.Obj().Pkg() == pass.Pkg {
					longLived[n.Origin().Obj()] = true
				}
			}
		}
	}

	// context.Context fields of reconciler types.
	lifetime := lifetimeFields(pass, ins)
	for cur := range ins.Root().Preorder((*ast.TypeSpec)(nil)) {
		ts := cur.Node().(*ast.TypeSpec)
		tn, _ := pass.TypesInfo.Defs[ts.Name].(*types.TypeName)
		kind, ok := recTypes[tn]
		if tn == nil || !ok {
			continue
		}
		st, ok := ts.Type.(*ast.StructType)
		if !ok {
			continue
		}
		if hasCancelFunc(pass, st) {
			continue // the type owns a lifecycle context that it cancels itself
		}
		for _, f := range st.Fields.List {
			if t := pass.TypesInfo.TypeOf(f.Type); t == nil || !k8sapi.IsContext(t) {
				continue
			}
			name := "context.Context"
			if len(f.Names) > 0 {
				name = f.Names[0].Name
			}
			if fieldIsLifetime(pass, f, lifetime) {
				continue // the ctx of Start/Warmup: the component's lifetime, not a request's
			}
			if kind.Webhook() {
				rep.Reportf(f, "webhook type %s has a context.Context field %s: %s", tn.Name(), name, webhookFieldConsequence)
				continue
			}
			rep.Reportf(f, "reconciler type %s has a context.Context field %s: %s", tn.Name(), name, fieldConsequence)
		}
	}

	// Stores of per-call contexts in reached functions.
	report := func(cur inspector.Cursor, at ast.Node, target ast.Expr, value ast.Expr) {
		fn := enclosingFunc(cur)
		if fn == nil {
			return
		}
		chain, kind, ok := r.ReachedAs(fn)
		if !ok || !containsCtx(pass, value) {
			return
		}
		where, ok := outlives(pass, cur, target, longLived)
		if !ok {
			return
		}
		if kind.Webhook() {
			rep.Reportf(at, "the admission request's ctx is stored in %s, %s%s", where, webhookStoreConsequence, analyzerutil.Chain(chain))
			return
		}
		rep.Reportf(at, "the reconcile ctx is stored in %s, %s%s", where, storeConsequence, analyzerutil.Chain(chain))
	}
	for cur := range ins.Root().Preorder((*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
				continue
			}
			for i, lhs := range n.Lhs {
				report(cur, n, lhs, n.Rhs[i])
			}
		case *ast.CallExpr:
			// (*sync.Map).Store and friends on a long-lived map.
			if !k8sapi.IsMethodCall(pass.TypesInfo, n, "sync", "Map", "Store", "LoadOrStore", "Swap") || len(n.Args) != 2 {
				continue
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				report(cur, n, sel.X, n.Args[1])
			}
		}
	}
	return rep.Outcome(), nil
}

// lifetimeFields classifies the fields (by origin) assigned anywhere in the package:
// true when every assignment stores the ctx parameter of a lifecycle method (see
// isLifecycle), false when some assignment stores anything else. Keyed composite
// literals count as assignments.
func lifetimeFields(pass *analysis.Pass, ins *inspector.Inspector) map[*types.Var]bool {
	fields := map[*types.Var]bool{}
	note := func(cur inspector.Cursor, f *types.Var, value ast.Expr) {
		f = f.Origin()
		ok := value != nil && isLifecycleCtx(pass, cur, value)
		if prev, seen := fields[f]; seen {
			ok = ok && prev
		}
		fields[f] = ok
	}
	for cur := range ins.Root().Preorder((*ast.AssignStmt)(nil), (*ast.CompositeLit)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				s, ok := pass.TypesInfo.Selections[sel]
				if !ok || s.Kind() != types.FieldVal {
					continue
				}
				f, ok := s.Obj().(*types.Var)
				if !ok || !k8sapi.IsContext(f.Type()) {
					continue
				}
				var value ast.Expr
				if len(n.Lhs) == len(n.Rhs) {
					value = n.Rhs[i]
				}
				note(cur, f, value)
			}
		case *ast.CompositeLit:
			for _, elt := range n.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				id, ok := kv.Key.(*ast.Ident)
				if !ok {
					continue
				}
				if f, ok := pass.TypesInfo.Uses[id].(*types.Var); ok && f.IsField() && k8sapi.IsContext(f.Type()) {
					note(cur, f, kv.Value)
				}
			}
		}
	}
	return fields
}

// fieldIsLifetime reports whether the field declared by f is assigned in the package,
// and only from the ctx parameter of lifecycle methods.
func fieldIsLifetime(pass *analysis.Pass, f *ast.Field, lifetime map[*types.Var]bool) bool {
	var vars []*types.Var
	if len(f.Names) == 0 { // embedded: Defs maps the type's name to the field
		t := ast.Unparen(f.Type)
		if star, ok := t.(*ast.StarExpr); ok {
			t = star.X
		}
		if sel, ok := t.(*ast.SelectorExpr); ok {
			t = sel.Sel
		}
		if id, ok := t.(*ast.Ident); ok {
			if v, ok := pass.TypesInfo.Defs[id].(*types.Var); ok {
				vars = append(vars, v)
			}
		}
	}
	for _, id := range f.Names {
		if v, ok := pass.TypesInfo.Defs[id].(*types.Var); ok {
			vars = append(vars, v)
		}
	}
	if len(vars) == 0 {
		return false
	}
	for _, v := range vars {
		if !lifetime[v] {
			return false
		}
	}
	return true
}

// isLifecycleCtx reports whether value is a context.Context parameter of the method
// declaration enclosing cur, and that method is a lifecycle method: Start(ctx
// context.Context) error (the manager.Runnable shape), or a method named Warmup whose
// receiver type has such a Start method.
func isLifecycleCtx(pass *analysis.Pass, cur inspector.Cursor, value ast.Expr) bool {
	id, ok := ast.Unparen(value).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || !k8sapi.IsContext(v.Type()) {
		return false
	}
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		fd, ok := c.Node().(*ast.FuncDecl)
		if !ok || fd.Recv == nil {
			return false // inside a function literal or a plain function
		}
		fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if !ok {
			return false
		}
		sig := fn.Signature()
		isParam := false
		for p := range sig.Params().Variables() {
			if p == v {
				isParam = true
			}
		}
		if !isParam {
			return false
		}
		switch fn.Name() {
		case "Start":
			return isRunnableStart(fn)
		case "Warmup":
			recv := sig.Recv().Type()
			if _, isPtr := recv.(*types.Pointer); !isPtr {
				recv = types.NewPointer(recv)
			}
			start, _, _ := types.LookupFieldOrMethod(recv, false, fn.Pkg(), "Start")
			m, ok := start.(*types.Func)
			return ok && isRunnableStart(m)
		}
		return false
	}
	return false
}

// isRunnableStart reports whether fn has the shape of manager.Runnable's Start:
// func(context.Context) error.
func isRunnableStart(fn *types.Func) bool {
	sig := fn.Signature()
	return fn.Name() == "Start" && sig.Params().Len() == 1 && k8sapi.IsContext(sig.Params().At(0).Type()) &&
		sig.Results().Len() == 1 && k8sapi.IsError(sig.Results().At(0).Type())
}

// hasCancelFunc reports whether the struct has a field of type context.CancelFunc or
// context.CancelCauseFunc.
func hasCancelFunc(pass *analysis.Pass, st *ast.StructType) bool {
	for _, f := range st.Fields.List {
		if t := pass.TypesInfo.TypeOf(f.Type); t != nil &&
			(k8sapi.IsType(t, "context", "CancelFunc") || k8sapi.IsType(t, "context", "CancelCauseFunc")) {
			return true
		}
	}
	return false
}

func enclosingFunc(cur inspector.Cursor) ast.Node {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return c.Node()
	}
	return nil
}

// perCall reports whether e is a context created for this call: a local variable or
// parameter of type context.Context, or a call returning a context.Context that is
// derived from one (context.WithTimeout(ctx, d), log.IntoContext(ctx, l), ...).
func perCall(pass *analysis.Pass, e ast.Expr) bool {
	e = ast.Unparen(e)
	t := pass.TypesInfo.TypeOf(e)
	if t == nil || !k8sapi.IsContext(t) {
		return false
	}
	switch e := e.(type) {
	case *ast.Ident:
		v, ok := pass.TypesInfo.Uses[e].(*types.Var)
		return ok && !v.IsField() && v.Parent() != nil && v.Parent() != v.Pkg().Scope()
	case *ast.CallExpr:
		for _, a := range e.Args {
			if perCall(pass, a) {
				return true
			}
		}
	}
	return false
}

// containsCtx reports whether the stored value is or holds a per-call context: the
// context itself, a composite literal with one among its elements (&scope{ctx: ctx}),
// or an append of one.
func containsCtx(pass *analysis.Pass, e ast.Expr) bool {
	e = ast.Unparen(e)
	if perCall(pass, e) {
		return true
	}
	switch e := e.(type) {
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return containsCtx(pass, e.X)
		}
	case *ast.CompositeLit:
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if containsCtx(pass, elt) {
				return true
			}
		}
	case *ast.CallExpr:
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if b, ok := pass.TypesInfo.Uses[id].(*types.Builtin); ok && b.Name() == "append" {
				for _, a := range e.Args[1:] {
					if containsCtx(pass, a) {
						return true
					}
				}
			}
		}
	}
	return false
}

// outlives describes target when a store into it outlives the call: a package
// variable, or a field or map element reached from a package variable or from the
// receiver of a method of a long-lived type (a reconciler type, or a type a reconciler
// holds in a field). Fields of locals, parameters and other receivers (per-call scope
// structs) do not count.
func outlives(pass *analysis.Pass, cur inspector.Cursor, target ast.Expr, longLived map[*types.TypeName]bool) (string, bool) {
	return outlivesAt(pass, cur, target, longLived, 0)
}

// outlivesAt is outlives, following at most three local copies (a := r.s; b := a.t).
func outlivesAt(pass *analysis.Pass, cur inspector.Cursor, target ast.Expr, longLived map[*types.TypeName]bool, depth int) (string, bool) {
	target = ast.Unparen(target)
	if id, ok := target.(*ast.Ident); ok {
		v, ok := pass.TypesInfo.Uses[id].(*types.Var)
		if ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
			return "the package variable " + id.Name, true
		}
		return "", false
	}
	// A field or element: find the root.
	root := target
	indirect := false
	for {
		switch x := ast.Unparen(root).(type) {
		case *ast.SelectorExpr:
			if sel, ok := pass.TypesInfo.Selections[x]; !ok || sel.Kind() != types.FieldVal {
				// pkg.Var, a package variable of another package
				if v, ok := pass.TypesInfo.Uses[x.Sel].(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
					if x == target {
						return "the package variable " + types.ExprString(x), true
					}
					return types.ExprString(target), true
				}
				return "", false
			}
			root = x.X
			indirect = true
			continue
		case *ast.IndexExpr:
			if t := pass.TypesInfo.TypeOf(x.X); t != nil {
				if _, ok := t.Underlying().(*types.Map); !ok {
					if _, ok := t.Underlying().(*types.Slice); !ok {
						return "", false // arrays are values
					}
				}
			}
			root = x.X
			indirect = true
			continue
		case *ast.StarExpr:
			root = x.X
			continue
		case *ast.Ident:
			if !indirect {
				return "", false
			}
			v, ok := pass.TypesInfo.Uses[x].(*types.Var)
			if !ok {
				return "", false
			}
			if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				return types.ExprString(target), true
			}
			if isLongLivedRecv(pass, cur, v, longLived) {
				return types.ExprString(target), true
			}
			// A local copy of a long-lived field (st := r.state): the store reaches it
			// when the path from the copy goes through a pointer, map or slice.
			if src, ok := localAlias(pass, cur, v, longLived, depth+1); ok && shared(pass, target) {
				return types.ExprString(target) + " (" + x.Name + " is " + src + ")", true
			}
		}
		return "", false
	}
}

// localAlias reports whether v is a local variable of the function declaration around
// cur whose every assignment there is a long-lived place (see outlives; &place counts),
// and returns the first one. A variable whose address is taken is not followed.
func localAlias(pass *analysis.Pass, cur inspector.Cursor, v *types.Var, longLived map[*types.TypeName]bool, depth int) (string, bool) {
	var decl inspector.Cursor
	for c := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		decl = c
	}
	if decl.Node() == nil || v.Pos() < decl.Node().Pos() || v.Pos() > decl.Node().End() || depth > 3 {
		return "", false
	}
	src, ok := "", true
	note := func(c inspector.Cursor, rhs ast.Expr) {
		if u, isAddr := ast.Unparen(rhs).(*ast.UnaryExpr); isAddr && u.Op == token.AND {
			rhs = u.X
		}
		if _, isSel := ast.Unparen(rhs).(*ast.SelectorExpr); !isSel {
			ok = false
			return
		}
		where, long := outlivesAt(pass, c, rhs, longLived, depth)
		if !long {
			ok = false
		} else if src == "" {
			src = where
		}
	}
	for c := range decl.Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.UnaryExpr)(nil)) {
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, isID := ast.Unparen(lhs).(*ast.Ident)
				if !isID || (pass.TypesInfo.Defs[id] != v && pass.TypesInfo.Uses[id] != v) {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) {
					ok = false
					continue
				}
				note(c, n.Rhs[i])
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if pass.TypesInfo.Defs[id] != v {
					continue
				}
				if len(n.Names) != len(n.Values) {
					ok = false
					continue
				}
				note(c, n.Values[i])
			}
		case *ast.UnaryExpr:
			if id, isID := ast.Unparen(n.X).(*ast.Ident); isID && n.Op == token.AND && pass.TypesInfo.Uses[id] == v {
				ok = false
			}
		}
	}
	return src, ok && src != ""
}

// shared reports whether a store to target (a field or element path) writes through a
// pointer, a map or a slice somewhere on its path, so that it reaches memory that the
// copy at its root shares with the value it was copied from.
func shared(pass *analysis.Pass, target ast.Expr) bool {
	for e := ast.Unparen(target); ; {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			if t := pass.TypesInfo.TypeOf(x.X); t != nil {
				if _, ok := t.Underlying().(*types.Pointer); ok {
					return true
				}
			}
			e = ast.Unparen(x.X)
		case *ast.IndexExpr:
			if t := pass.TypesInfo.TypeOf(x.X); t != nil {
				switch t.Underlying().(type) {
				case *types.Map, *types.Slice, *types.Pointer:
					return true
				}
			}
			e = ast.Unparen(x.X)
		case *ast.StarExpr:
			return true
		default:
			return false
		}
	}
}

// isLongLivedRecv reports whether v is the receiver of the method enclosing cur and the
// method belongs to a long-lived type.
func isLongLivedRecv(pass *analysis.Pass, cur inspector.Cursor, v *types.Var, longLived map[*types.TypeName]bool) bool {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		fd := c.Node().(*ast.FuncDecl)
		if fd.Recv == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 {
			return false
		}
		if pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]] != v {
			return false
		}
		n := k8sapi.Named(v.Type())
		return n != nil && longLived[n.Origin().Obj()]
	}
	return false
}
