package goroutine

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/entry"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "v0.1.0"
	Severity = analyzerutil.Warning
)

// Analyzer is the goroutine rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "goroutine",
	Doc:      doc,
	Requires: []*analysis.Analyzer{reach.Analyzer, directives.Analyzer},
}.Analyzer(run)

const webhookConsequence = "is not waited for: the API server has its answer before the goroutine ends, its error reaches no one, it outlives the request's ctx, and every create, update or delete of the kinds the webhook covers starts another; do the work inline, or in a controller"

const conversionConsequence = "is not waited for: the API server has the converted object before the goroutine ends, its error reaches no one, and every read and write of the kind in a version other than the stored one starts another; do the work inline, or in a controller"

const consequence = "is not waited for: the controller treats the object as done (Forget) while it runs, its error reaches no one, and the next reconcile of the object may run at the same time; do the work inline or wait for it before returning"

const errgroupPkg = "golang.org/x/sync/errgroup"

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	for _, fn := range r.FuncsAll() {
		chain, kind, _ := r.ReachedAs(fn)
		where, consequence := "a Reconcile path", consequence
		switch kind {
		case entry.Admission:
			where, consequence = "a webhook", webhookConsequence
		case entry.Conversion:
			where, consequence = "a webhook", conversionConsequence
		}
		body := k8sapi.FuncBody(fn)
		if body == nil {
			continue
		}
		joins := collectJoins(pass, body)
		k8sapi.InspectBody(fn, func(n ast.Node) {
			switch n := n.(type) {
			case *ast.GoStmt:
				if startsRunnable(pass, n.Call) {
					return
				}
				if joined(pass, n, groupsIn(pass, n), joins) {
					return
				}
				rep.Reportf(n, "goroutine started in %s %s%s", where, consequence, analyzerutil.Chain(chain))
			case *ast.CallExpr:
				if k8sapi.IsFuncCall(pass.TypesInfo, n, "time", "AfterFunc") {
					rep.Reportf(n, "time.AfterFunc runs its function on another goroutine after the reconcile may have returned: nothing waits for it (Stop does not wait either), its error reaches no one, and it may run at the same time as the next reconcile of the object; return ctrl.Result{RequeueAfter: d} instead%s", analyzerutil.Chain(chain))
					return
				}
				name := asyncGo(pass, n)
				if name == "" {
					return
				}
				sel := ast.Unparen(n.Fun).(*ast.SelectorExpr)
				var groups map[string]bool
				if k := key(pass, sel.X); k != "" {
					groups = map[string]bool{k: true}
				}
				if joined(pass, n, groups, joins) {
					return
				}
				rep.Reportf(n, "%s starts a goroutine that %s%s", name, consequence, analyzerutil.Chain(chain))
			}
		})
	}
	return rep.Outcome(), nil
}

// startsRunnable reports whether call is x.Start(ctx) for a method with the shape of
// manager.Runnable, Start(context.Context) error: a component with a lifecycle of its own
// (cluster-api starts a cache per workload cluster this way), stopped through its ctx.
func startsRunnable(pass *analysis.Pass, call *ast.CallExpr) bool {
	fn, ok := k8sapi.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Name() != "Start" {
		return false
	}
	sig := fn.Signature()
	return sig.Recv() != nil && sig.Params().Len() == 1 && k8sapi.IsContext(sig.Params().At(0).Type()) &&
		sig.Results().Len() == 1 && k8sapi.IsError(sig.Results().At(0).Type())
}

// asyncGo returns "errgroup.Group.Go" or "sync.WaitGroup.Go" when call starts a
// goroutine through a group.
func asyncGo(pass *analysis.Pass, call *ast.CallExpr) string {
	if _, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); !ok {
		return ""
	}
	switch {
	case k8sapi.IsMethodCall(pass.TypesInfo, call, errgroupPkg, "Group", "Go", "TryGo"):
		return "errgroup.Group." + k8sapi.Callee(pass.TypesInfo, call).Name()
	case k8sapi.IsMethodCall(pass.TypesInfo, call, "sync", "WaitGroup", "Go"):
		return "sync.WaitGroup.Go"
	}
	return ""
}

// A join is a place after which goroutines of a group or channel have finished.
type join struct {
	pos token.Pos
	key string
}

// collectJoins finds, in the whole body (deferred calls and closures included, at the
// end of the body; goroutines excluded), the calls of
// sync.WaitGroup.Wait and errgroup.Group.Wait, and the receives from channels (a
// receive, a select case, a range).
func collectJoins(pass *analysis.Pass, body *ast.BlockStmt) []join {
	var out []join
	var deferred []ast.Node // deferred statements: their waits run at the end
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			return true
		}
		pos := n.Pos()
		for _, d := range deferred {
			if n.Pos() >= d.Pos() && n.End() <= d.End() {
				pos = body.End()
			}
		}
		switch n := n.(type) {
		case *ast.DeferStmt:
			deferred = append(deferred, n)
		case *ast.GoStmt:
			return false // a wait on another goroutine joins nothing here
		case *ast.CallExpr:
			if asyncGo(pass, n) != "" {
				return false
			}
			if k8sapi.IsMethodCall(pass.TypesInfo, n, "sync", "WaitGroup", "Wait") ||
				k8sapi.IsMethodCall(pass.TypesInfo, n, errgroupPkg, "Group", "Wait") {
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
					if k := key(pass, sel.X); k != "" {
						out = append(out, join{pos, k})
					}
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				if k := key(pass, n.X); k != "" {
					out = append(out, join{pos, k})
				}
			}
		case *ast.RangeStmt:
			if t := pass.TypesInfo.TypeOf(n.X); t != nil {
				if _, ok := t.Underlying().(*types.Chan); ok {
					if k := key(pass, n.X); k != "" {
						out = append(out, join{pos, k})
					}
				}
			}
		}
		return true
	})
	return out
}

// groupsIn returns the keys of the wait groups, errgroups and channels that a go
// statement refers to (in its arguments or in the body of its function literal).
func groupsIn(pass *analysis.Pass, g *ast.GoStmt) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(g.Call, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		switch e.(type) {
		case *ast.Ident, *ast.SelectorExpr:
		default:
			return true
		}
		t := pass.TypesInfo.TypeOf(e)
		if t == nil {
			return true
		}
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		_, isChan := t.Underlying().(*types.Chan)
		if isChan || k8sapi.IsType(t, "sync", "WaitGroup") || k8sapi.IsType(t, errgroupPkg, "Group") {
			if k := key(pass, e); k != "" {
				out[k] = true
			}
		}
		return true
	})
	return out
}

// joined reports whether a join on one of groups follows the start site in the function.
func joined(pass *analysis.Pass, at ast.Node, groups map[string]bool, joins []join) bool {
	for _, j := range joins {
		if j.pos > at.End() && groups[j.key] {
			return true
		}
	}
	return false
}

// key identifies a variable or a field path (r.wg, s.results) by the object of its root
// identifier and the selected names; "" for other expressions.
func key(pass *analysis.Pass, e ast.Expr) string {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if s, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(s.X)
	}
	switch e := e.(type) {
	case *ast.Ident:
		obj := pass.TypesInfo.ObjectOf(e)
		if obj == nil {
			return ""
		}
		return obj.Name() + "@" + pass.Fset.Position(obj.Pos()).String()
	case *ast.SelectorExpr:
		if k := key(pass, e.X); k != "" {
			return k + "." + e.Sel.Name
		}
	}
	return ""
}
