package edgetrigger

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

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

// Analyzer is the edgetrigger rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "edgetrigger",
	Doc:      doc,
	Requires: []*analysis.Analyzer{reach.Analyzer, reconcilers.Analyzer, directives.Analyzer},
}.Analyzer(run)

const (
	once = "runs once per event, on the informer's goroutine"
	edge = "runs once per event, on the informer's goroutine: it is skipped for events that happen while the process is down or not the leader, and is not retried when it fails"
	// what to do instead, by where the key is processed
	adviceCR       = "decide and act in Reconcile, from the object's current state, and keep the callback to filtering or mapping"
	adviceInformer = "decide and act in the work-queue handler that processes the key, from the object's current state, and keep the event handler to enqueueing"
	storeCR        = "state kept from events is empty after a restart or a change of leader and misses what happened meanwhile, and the reconcile workers race with the informer on it: derive it in Reconcile from the object's current state, or record it in the object's status"
	storeInformer  = "state kept from events is empty after a restart or a change of leader and misses what happened meanwhile, and the workers race with the informer on it: derive it in the work-queue handler from the object's current state, or record it in the object's status"
)

// finding is one defect in a callback: a side effect or a store, at node, in fn.
type finding struct {
	node ast.Node // the site
	fn   ast.Node // the function the site is in
	what string   // "client Update", "a store into r.seen"
	via  []string // for a call of a function of another package: its chain, from it
	cons string   // the consequence and advice
}

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	if len(r.Callbacks()) == 0 {
		return rep.Outcome(), nil
	}
	recs := pass.ResultOf[reconcilers.Analyzer].(*reconcilers.Result)
	// Reconciler types of this package: receivers of Reconcile entry points.
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

	var found []finding
	for _, s := range r.Sites(reach.SideEffect) {
		if _, cb, _, ok := r.Callback(s.Func); ok {
			f := finding{node: s.Node, fn: s.Func, what: s.Desc, via: s.Via, cons: edge + "; " + advice(cb, len(recTypes) > 0)}
			if s.Via != nil {
				f.what = s.Via[len(s.Via)-1]
			}
			found = append(found, f)
		}
	}
	for _, fn := range r.CallbackFuncs() {
		_, cb, _, _ := r.Callback(fn)
		for _, st := range stores(pass, fn, recTypes) {
			cons := storeCR
			if cb.Kind == k8sapi.InformerCallback && len(recTypes) == 0 {
				cons = storeInformer
			}
			found = append(found, finding{node: st.node, fn: fn, what: "a store into " + st.where, cons: once + ": " + cons})
		}
	}

	// One finding per site in the callback's own body; for sites in the functions it
	// calls, one finding at the call in the callback that leads to them (the line to
	// move into Reconcile), naming the first site.
	reported := map[ast.Node]bool{}
	for _, f := range found {
		chain, cb, first, _ := r.Callback(f.fn)
		at := f.node
		if first != nil {
			at = first
		}
		if reported[at] || rep.Skip(at.Pos()) {
			continue
		}
		reported[at] = true
		if f.via != nil {
			chain = append(chain, f.via[:len(f.via)-1]...)
		}
		rep.Reportf(at, "%s in %s %s%s", f.what, cb.Desc, f.cons, analyzerutil.Chain(chain))
	}
	return rep.Outcome(), nil
}

// advice says where the work belongs: Reconcile, or for an informer handler in a
// package without reconcilers, the work-queue handler.
func advice(cb *reach.Callback, reconcilers bool) string {
	if cb.Kind == k8sapi.InformerCallback && !reconcilers {
		return adviceInformer
	}
	return adviceCR
}

type store struct {
	node  ast.Node
	where string
}

// stores returns the stores into package variables and into the state of a reconciler
// (through the receiver of a method of a reconciler type) in the body of fn, not in the
// function literals it contains (they are functions of their own).
func stores(pass *analysis.Pass, fn ast.Node, recTypes map[*types.TypeName]bool) []store {
	body := k8sapi.FuncBody(fn)
	if body == nil {
		return nil
	}
	var out []store
	_, isLit := fn.(*ast.FuncLit)
	note := func(at ast.Node, target ast.Expr) {
		if where, ok := longLived(pass, target, recTypes, isLit); ok {
			out = append(out, store{at, where})
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				return true
			}
			for _, lhs := range n.Lhs {
				note(n, lhs)
			}
		case *ast.IncDecStmt:
			note(n, n.X)
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) == 2 {
				if b, ok := pass.TypesInfo.Uses[id].(*types.Builtin); ok && b.Name() == "delete" {
					note(n, n.Args[0])
				}
			}
			if k8sapi.IsMethodCall(pass.TypesInfo, n, "sync", "Map", "Store", "LoadOrStore", "Swap", "Delete", "LoadAndDelete", "CompareAndSwap", "CompareAndDelete", "Clear") {
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
					note(n, sel.X)
				}
			}
		}
		return true
	})
	return out
}

// longLived reports whether target is a package variable (or a field or element of
// one), or a field or element reached from the receiver of a method of a reconciler
// type or, in a function literal, from the receiver captured from the method around
// it (a controller registering a closure), with a description for the message.
func longLived(pass *analysis.Pass, target ast.Expr, recTypes map[*types.TypeName]bool, inLit bool) (string, bool) {
	target = ast.Unparen(target)
	root := target
	depth := 0
	for {
		switch x := ast.Unparen(root).(type) {
		case *ast.SelectorExpr:
			if sel, ok := pass.TypesInfo.Selections[x]; ok && sel.Kind() == types.FieldVal {
				root, depth = x.X, depth+1
				continue
			}
			// pkg.Var
			if v, ok := pass.TypesInfo.Uses[x.Sel].(*types.Var); ok && isPkgVar(v) {
				return "the package variable " + types.ExprString(x), true
			}
			return "", false
		case *ast.IndexExpr:
			if t := pass.TypesInfo.TypeOf(x.X); t != nil {
				switch t.Underlying().(type) {
				case *types.Map, *types.Slice:
				default:
					return "", false
				}
			}
			root, depth = x.X, depth+1
			continue
		case *ast.StarExpr:
			root = x.X
			continue
		case *ast.Ident:
			v, ok := pass.TypesInfo.Uses[x].(*types.Var)
			if !ok {
				return "", false
			}
			if isPkgVar(v) {
				return "the package variable " + x.Name, true
			}
			if depth > 0 {
				if rec, ok := receiverOf(pass, v, recTypes); ok && (rec || inLit) {
					what := "the reconciler"
					if !rec {
						what = "the controller"
					}
					return types.ExprString(target) + " (state of " + what + ")", true
				}
			}
			return "", false
		default:
			return "", false
		}
	}
}

func isPkgVar(v *types.Var) bool {
	return v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// receiverOf reports whether v is the receiver of a method declared in this package,
// and whether that method's type is a reconciler type.
func receiverOf(pass *analysis.Pass, v *types.Var, recTypes map[*types.TypeName]bool) (reconciler, ok bool) {
	for _, f := range pass.Files {
		if f.Pos() > v.Pos() || v.Pos() > f.End() {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Pos() > v.Pos() || v.Pos() > fd.End() {
				continue
			}
			for _, fl := range fd.Recv.List {
				for _, id := range fl.Names {
					if pass.TypesInfo.Defs[id] == v {
						n := k8sapi.Named(v.Type())
						return n != nil && recTypes[n.Origin().Obj()], true
					}
				}
			}
		}
	}
	return false, false
}
