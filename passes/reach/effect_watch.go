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
//   - calls in a function that returns early when a dedup check holds before the call
//     (a map or sync.Map lookup, a set's Has, a LoadOrStore), and calls inside a
//     sync.Once.Do closure: such a watch is started once, not once per reconcile;
//   - a streaming Watch whose watch.Interface is stopped in the same function.
const Watch Effect = "watch"

func init() {
	register(Detector{Effect: Watch, Call: watchSite})
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

// enclosingFunc returns the body of the innermost function around cur.
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
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok {
					assignedFields[info.ObjectOf(sel.Sel)] = true
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
		if !encloses && (ifs.End() > call.Pos() || !returns(ifs.Body)) {
			return true
		}
		lookup := false
		check := func(x ast.Node) {
			if x == nil {
				return
			}
			ast.Inspect(x, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.IndexExpr:
					if t := info.TypeOf(m.X); t != nil {
						if _, ok := t.Underlying().(*types.Map); ok {
							lookup = true
						}
					}
				case *ast.CallExpr:
					if sel, ok := m.Fun.(*ast.SelectorExpr); ok {
						switch sel.Sel.Name {
						case "Has", "Contains", "Load", "LoadOrStore", "Exists":
							lookup = true
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

func returns(b *ast.BlockStmt) bool {
	if b == nil || len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}
