package bgcontext

import (
	_ "embed"
	"go/ast"
	"go/types"
	"strings"

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

// Analyzer is the bgcontext rule. It has no options: a deliberate detachment is written
// context.WithoutCancel(ctx) or carries an ignore directive.
var Analyzer = analyzerutil.Rule{
	Name:     "bgcontext",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer, reconcilers.Analyzer, webhooks.Analyzer, directives.Analyzer},
}.Analyzer(run)

const webhookConsequence = "detaches the work from the admission request's ctx: it goes on after the API server gives up on the webhook at its timeout (10s by default, at most 30s) and cancels the request, and loses the request logger"

const exposedConsequence = "detaches the work from the ctx its callers pass: it is not cancelled with that ctx (at shutdown, at a deadline, when a webhook's request ends), and loses the caller's logger"

const consequence = "detaches the work from the reconcile ctx: it is not cancelled on manager shutdown or ReconciliationTimeout from controller-runtime v0.22 on, and loses the request logger"

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	recs := pass.ResultOf[reconcilers.Analyzer].(*reconcilers.Result)
	hooks := pass.ResultOf[webhooks.Analyzer].(*webhooks.Result)
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	points := entry.All(recs, hooks)
	// Entry points by the first name of a chain; a chain that starts at an entry with no
	// ctx parameter (the pre-v0.7 Reconcile form, a conversion's ConvertTo and
	// ConvertFrom) has no request ctx to prefer.
	withCtx, withoutCtx := map[string]bool{}, map[string]bool{}
	for _, e := range points {
		name := e.Name()
		if e.HasCtx {
			withCtx[name] = true
		} else {
			withoutCtx[name] = true
		}
	}
	hasCtx := func(chain []string) bool {
		return len(chain) > 0 && (withCtx[chain[0]] || !withoutCtx[chain[0]])
	}

	// Direct calls in reached functions of this package, and in functions other packages
	// can call with their ctx (Exposed): a helper that has a ctx and ignores it is
	// reported here, once, and not at its callers in other packages.
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if !k8sapi.IsFuncCall(pass.TypesInfo, call, "context", "Background", "TODO") {
			continue
		}
		fn, inGo := enclosingFunc(cur)
		if fn == nil || inGo {
			continue
		}
		name := "context." + k8sapi.Callee(pass.TypesInfo, call).Name() + "()"
		cons, down, chain := consequence, "pass the Reconcile ctx down to here", []string(nil)
		if c, kind, ok := r.ReachedAs(fn); ok && hasCtx(c) {
			chain = c
			if kind.Webhook() {
				cons, down = webhookConsequence, "pass the webhook's ctx down to here"
			}
		} else if c, ok := r.Exposed(fn); ok {
			cons, down, chain = exposedConsequence, "pass the ctx of "+c[0]+" down to here", c
		} else {
			continue
		}
		ctx := ctxInScope(pass, cur, call)
		if ctx == nil {
			if cons == exposedConsequence && reach.CtxParamInScope(pass, cur) {
				down = "use the ctx parameter (it is unnamed or shadowed here)"
			}
			rep.Reportf(call, "%s %s: %s%s", name, cons, down, analyzerutil.Chain(chain))
			continue
		}
		rep.Report(analysis.Diagnostic{
			Pos:     call.Pos(),
			End:     call.End(),
			Message: name + " " + cons + ": use " + ctx.Name() + analyzerutil.Chain(chain),
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Use " + ctx.Name(),
				TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(ctx.Name())}},
			}},
		})
	}

	// Calls of helpers of other packages of the module that have no ctx to use and call
	// context.Background() or context.TODO(): only the callers know that a reconcile
	// reaches them, so the finding is at the call, naming the line to change. (Helpers
	// that have a ctx and ignore it are reported in their own package, above.)
	for _, s := range r.Sites(reach.BgContext) {
		if s.Via == nil {
			continue
		}
		cons, whose := consequence, "the Reconcile ctx"
		chain, kind, ok := r.ReachedAs(s.Func)
		if ok && hasCtx(chain) {
			if kind.Webhook() {
				cons, whose = webhookConsequence, "the webhook's ctx"
			}
		} else {
			// Only a reconcile or a webhook that reaches the call makes it wrong: a
			// function that merely has a ctx (SetupWithManager(ctx, mgr) building a
			// handler.MapFunc, which had no ctx before controller-runtime v0.15) is not
			// reported for the helpers it calls (cluster-api v1.0's
			// util.ClusterToObjectsMapper).
			continue
		}
		site := s.Via[len(s.Via)-1]
		_, at, _ := strings.Cut(site, " at ")
		rep.Reportf(s.Node, "%s has no ctx parameter and calls %s, which %s: give %s a ctx parameter, pass it down to %s and use it there, and pass %s here%s",
			s.Desc, site, cons, s.Desc, at, whose, analyzerutil.Chain(append(chain, s.Via[:len(s.Via)-1]...)))
	}
	return rep.Outcome(), nil
}

// enclosingFunc returns the innermost function node around cur, and whether cur is
// inside a go statement of that function (its arguments are passed to a goroutine).
func enclosingFunc(cur inspector.Cursor) (ast.Node, bool) {
	inGo := false
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.GoStmt)(nil)) {
		switch n := c.Node().(type) {
		case *ast.GoStmt:
			inGo = true
		default:
			return n, inGo
		}
	}
	return nil, false
}

// ctxInScope returns the context variable the call can be replaced with: the first
// named context.Context parameter of the innermost enclosing function that has one,
// else, in a closure, a context.Context variable of an enclosing function; only when the
// name still denotes a context.Context at the call (it is not shadowed by a variable
// of another type).
func ctxInScope(pass *analysis.Pass, cur inspector.Cursor, call *ast.CallExpr) *types.Var {
	scope := innermostScope(pass, cur)
	if scope == nil {
		return nil
	}
	// visible returns the variable the name of v denotes at the call, when it is a
	// context.Context: v itself, or a context derived from it under the same name
	// (ctx, cancel := context.WithTimeout(ctx, d)).
	visible := func(v *types.Var) *types.Var {
		if v == nil || v.Name() == "_" || v.Name() == "" {
			return nil
		}
		_, obj := scope.LookupParent(v.Name(), call.Pos())
		if w, ok := obj.(*types.Var); ok && k8sapi.IsContext(w.Type()) {
			return w
		}
		return nil
	}
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var ft *ast.FuncType
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			ft = n.Type
		case *ast.FuncLit:
			ft = n.Type
		}
		found := false
		for _, f := range ft.Params.List {
			if t := pass.TypesInfo.TypeOf(f.Type); t == nil || !k8sapi.IsContext(t) {
				continue
			}
			found = true
			for _, id := range f.Names {
				v, _ := pass.TypesInfo.Defs[id].(*types.Var)
				if w := visible(v); w != nil {
					return w
				}
			}
		}
		if found {
			return nil // the function's own ctx is unnamed or shadowed: no guess
		}
	}
	return nil
}

// innermostScope returns the scope of the innermost block or function around cur.
func innermostScope(pass *analysis.Pass, cur inspector.Cursor) *types.Scope {
	for c := range cur.Enclosing() {
		n := c.Node()
		switch f := n.(type) { // a function body shares the scope of its type
		case *ast.FuncDecl:
			n = f.Type
		case *ast.FuncLit:
			n = f.Type
		}
		if s := pass.TypesInfo.Scopes[n]; s != nil {
			return s
		}
	}
	return nil
}
