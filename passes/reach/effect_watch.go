package reach

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// Watch: the function starts a watch, registers an event handler, builds a controller or
// adds a runnable to the manager (see k8sapi.WatchCall). Not an effect:
//   - calls of a builder chain other than its outermost call (one site per chain);
//   - source.Kind passed directly to a watch call (the watch call is the site);
//   - calls in a function that returns early when a dedup check holds before the call,
//     or under an if statement whose condition is a dedup check, and calls inside a
//     sync.Once.Do closure: such a watch is started once, not once per reconcile. A
//     dedup check is a map lookup or a sync.Map Load whose guarded code also records the
//     key in the same map (m[k] = v, Store), a LoadOrStore, a set's Has, Contains or
//     Exists, or a bool field that the function also sets;
//   - the same guards around the call of a function that has the effect: the call does
//     not pass the effect on, and an unexported function called only under such guards
//     (or only by such functions) has no sites (Detector.Guard).
//   - a streaming Watch whose watch.Interface is stopped in the same function.
const Watch Effect = "watch"

func init() {
	register(Detector{Effect: Watch, Call: watchSite, Guard: func(pass *analysis.Pass, cur inspector.Cursor, call *ast.CallExpr) bool {
		return inOnce(pass.TypesInfo, cur) || dedupGuarded(pass.TypesInfo, cur, call)
	}})
}

func watchSite(pass *analysis.Pass, cur inspector.Cursor, call *ast.CallExpr) string {
	info := pass.TypesInfo
	kind, desc := k8sapi.WatchCall(pass.Pkg, info, call)
	switch kind {
	case k8sapi.NotWatch:
		return ""
	case k8sapi.BuilderCall:
		// Only the outermost call of a chain: b.For(x).Watches(y).Complete(r).
		if sel, ok := cur.Parent().Node().(*ast.SelectorExpr); ok && sel.X == call {
			if outer, ok := cur.Parent().Parent().Node().(*ast.CallExpr); ok && outer.Fun == sel {
				if k, _ := k8sapi.WatchCall(pass.Pkg, info, outer); k == k8sapi.BuilderCall {
					return ""
				}
			}
		}
	case k8sapi.SourceKind:
		if outer, ok := cur.Parent().Node().(*ast.CallExpr); ok {
			if k, _ := k8sapi.WatchCall(pass.Pkg, info, outer); k != k8sapi.NotWatch {
				return ""
			}
		}
	case k8sapi.StreamWatch:
		if stoppedLocally(info, cur, call) {
			return ""
		}
	}
	if inOnce(info, cur) || dedupGuarded(info, cur, call) {
		return ""
	}
	return desc
}

// enclosingBody returns the body of the innermost function around cur.
func enclosingBody(cur inspector.Cursor) *ast.BlockStmt {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch f := c.Node().(type) {
		case *ast.FuncDecl:
			return f.Body
		case *ast.FuncLit:
			return f.Body
		}
	}
	return nil
}

// stoppedLocally reports whether the watch.Interface returned by call is assigned to a
// variable whose Stop method is called in the same function.
func stoppedLocally(info *types.Info, cur inspector.Cursor, call *ast.CallExpr) bool {
	as, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || len(as.Lhs) == 0 || len(as.Rhs) != 1 {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return false
	}
	v := info.ObjectOf(id)
	body := enclosingBody(cur)
	if v == nil || body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Stop" {
				if x, ok := sel.X.(*ast.Ident); ok && info.ObjectOf(x) == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// inOnce reports whether cur is inside a function literal passed to (*sync.Once).Do.
func inOnce(info *types.Info, cur inspector.Cursor) bool {
	for c := range cur.Enclosing((*ast.FuncLit)(nil)) {
		if call, ok := c.Parent().Node().(*ast.CallExpr); ok && k8sapi.IsMethodCall(info, call, "sync", "Once", "Do") {
			return true
		}
	}
	return false
}

// dedupGuarded reports whether, before call, the enclosing function has an if statement
// that returns, or an if statement whose then branch holds the call, and whose condition (or init) looks an entry up: a map index, a call of a
// method named Has, Contains, Load or LoadOrStore, or reads a bool field that the
// function also sets. Such a function starts its watch once per key, not once per call.
func dedupGuarded(info *types.Info, cur inspector.Cursor, call *ast.CallExpr) bool {
	body := enclosingBody(cur)
	if body == nil {
		return false
	}
	assignedFields := map[types.Object]bool{}
	// The right-hand sides of the assignments of local variables: a condition that
	// tests a variable set by a lookup earlier (`_, loaded := m.LoadOrStore(k, v)`
	// then `if !loaded && ...`: cluster-api v1.0's external watchers) is a lookup.
	assignedFrom := map[types.Object][]ast.Expr{}
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok {
					assignedFields[info.ObjectOf(sel.Sel)] = true
				}
				if id, ok := l.(*ast.Ident); ok && as.Pos() < call.Pos() {
					if obj := info.ObjectOf(id); obj != nil {
						assignedFrom[obj] = append(assignedFrom[obj], as.Rhs...)
					}
				}
			}
		}
		return true
	})
	guarded := false
	ast.Inspect(body, func(n ast.Node) bool {
		if guarded || n == nil || n.Pos() > call.Pos() {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		encloses := ifs.Body.Pos() <= call.Pos() && call.Pos() < ifs.Body.End()
		if !encloses && (ifs.End() > call.Pos() || !k8sapi.EndsInReturn(ifs.Body)) {
			return true
		}
		// The guarded code: the then branch, or what follows an if that returns.
		region := func(n ast.Node) bool { return n.Pos() >= ifs.End() && n.End() <= body.End() }
		if encloses {
			region = func(n ast.Node) bool { return n.Pos() >= ifs.Body.Pos() && n.End() <= ifs.Body.End() }
		}
		lookup := false
		followed := map[types.Object]bool{}
		var check func(x ast.Node)
		check = func(x ast.Node) {
			if x == nil {
				return
			}
			ast.Inspect(x, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.Ident:
					if obj, ok := info.Uses[m].(*types.Var); ok && !followed[obj] {
						followed[obj] = true
						for _, rhs := range assignedFrom[obj] {
							check(rhs)
						}
					}
				case *ast.IndexExpr:
					if t := info.TypeOf(m.X); t != nil {
						if _, ok := t.Underlying().(*types.Map); ok && records(info, body, region, m.X, false) {
							lookup = true
						}
					}
				case *ast.CallExpr:
					if sel, ok := m.Fun.(*ast.SelectorExpr); ok {
						switch sel.Sel.Name {
						case "Has", "Contains", "LoadOrStore", "Exists":
							lookup = true
						case "Load":
							if records(info, body, region, sel.X, true) {
								lookup = true
							}
						}
					}
				case *ast.SelectorExpr:
					if t := info.TypeOf(m); t != nil && types.Identical(t, types.Typ[types.Bool]) && assignedFields[info.ObjectOf(m.Sel)] {
						lookup = true
					}
				}
				return !lookup
			})
		}
		check(ifs.Init)
		check(ifs.Cond)
		if lookup {
			guarded = true
		}
		return true
	})
	return guarded
}

// records reports whether the code of body for which in holds stores a key in the map
// m: an assignment to m[k], or (syncMap) a call of m.Store, m.LoadOrStore or m.Swap.
// Maps are compared by their expression (r.watched).
func records(info *types.Info, body *ast.BlockStmt, in func(ast.Node) bool, m ast.Expr, syncMap bool) bool {
	want := types.ExprString(ast.Unparen(m))
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if syncMap || !in(n) {
				return true
			}
			for _, l := range n.Lhs {
				if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok && types.ExprString(ast.Unparen(ix.X)) == want {
					found = true
				}
			}
		case *ast.CallExpr:
			if !syncMap || !in(n) {
				return true
			}
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && types.ExprString(ast.Unparen(sel.X)) == want {
				switch sel.Sel.Name {
				case "Store", "LoadOrStore", "Swap":
					found = true
				}
			}
		}
		return !found
	})
	return found
}
