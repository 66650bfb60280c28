package nocancel

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
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

// Analyzer is the nocancel rule with the default configuration.
var Analyzer = analyzerutil.Must(New(DefaultConfig()))

const webhookConsequence = "the webhook goes on waiting after the API server gives up on it at its timeout (10s by default, at most 30s) and cancels the request's ctx, and with failurePolicy Fail the write has been rejected meanwhile"

const conversionConsequence = "the webhook goes on waiting after the API server gives up on it, and the read or write that needed the conversion has failed meanwhile"

const exposedConsequence = "the ctx its callers pass cannot stop it: it goes on past that ctx's deadline and cancellation, and so does whoever waits for it (a reconcile worker, a webhook request, a command)"

const consequence = "the reconcile worker stays blocked past the ctx deadline (ReconciliationTimeout from controller-runtime v0.22 on) and manager shutdown"

func run(pass *analysis.Pass, allow map[string]bool) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
sites:
	for _, s := range r.Sites(reach.NoCancel) {
		chain, kind, ok := r.ReachedAs(s.Func)
		consequence := consequence
		if !ok {
			// A function that other packages call with their ctx, and that could pass it:
			// reported here, once, not at its callers.
			if chain, ok = r.Exposed(s.Func); !ok || s.Via != nil {
				continue
			}
			consequence = exposedConsequence
		} else {
			switch kind {
			case entry.Admission:
				consequence = webhookConsequence
			case entry.Conversion:
				consequence = conversionConsequence
			}
		}
		if allow[s.Desc] {
			continue
		}
		for _, step := range s.Via {
			if allow[step] {
				continue sites
			}
		}
		if s.Via != nil {
			rep.Reportf(s.Node, "%s cannot be cancelled, via %s: %s; pass the ctx down and use the Context variant%s",
				s.Via[len(s.Via)-1], s.Via[0], consequence, analyzerutil.Chain(append(chain, s.Via[:len(s.Via)-1]...)))
			continue
		}
		call := s.Node.(*ast.CallExpr)
		nc, _ := k8sapi.NoCancelCall(pass.TypesInfo, call)
		d := analysis.Diagnostic{Pos: call.Pos(), End: call.End()}
		if nc.Variant == "" {
			d.Message = nc.Desc + " cannot be cancelled: " + consequence + "; " + advice(nc.Desc) + analyzerutil.Chain(chain)
			rep.Report(d)
			continue
		}
		d.Message = nc.Desc + " cannot be cancelled: " + consequence + "; use " + nc.Variant + " with the ctx" + analyzerutil.Chain(chain)
		if ctx := ctxInScope(pass, call.Pos()); ctx != "" {
			if fix, ok := rewrite(call, nc, ctx); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
		}
		rep.Report(d)
	}
	return rep.Outcome(), nil
}

// advice says what to use instead of a call that has no mechanical Context variant.
func advice(desc string) string {
	switch desc {
	case "net.Dial", "net.DialTimeout":
		return "use a net.Dialer's DialContext with the ctx"
	}
	return "build the request with http.NewRequestWithContext(ctx, ...) and send it with Client.Do"
}

// rewrite renames the called function or method to its Context variant and passes ctx
// as the first argument.
func rewrite(call *ast.CallExpr, nc k8sapi.NoCancel, ctx string) (analysis.SuggestedFix, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits := []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(nc.Variant)}}
	if len(call.Args) == 0 {
		edits = append(edits, analysis.TextEdit{Pos: call.Rparen, End: call.Rparen, NewText: []byte(ctx + nc.ExtraArgs)})
	} else {
		edits = append(edits, analysis.TextEdit{Pos: call.Args[0].Pos(), End: call.Args[0].Pos(), NewText: []byte(ctx + nc.ExtraArgs + ", ")})
	}
	return analysis.SuggestedFix{Message: "use " + nc.Variant + "(" + ctx + ", ...)", TextEdits: edits}, true
}

// ctxInScope returns the name of a context.Context variable visible at pos (a parameter
// of the enclosing function or of a function around it, or a local), the innermost one
// first, provided that the name still denotes it at pos (not shadowed). It returns "" if
// there is none.
func ctxInScope(pass *analysis.Pass, pos token.Pos) string {
	inner := pass.Pkg.Scope().Innermost(pos)
	for s := inner; s != nil && s != pass.Pkg.Scope() && s != types.Universe; s = s.Parent() {
		names := s.Names()
		sort.Strings(names)
		for _, name := range names {
			v, ok := s.Lookup(name).(*types.Var)
			if !ok || name == "_" || !k8sapi.IsContext(v.Type()) || v.Pos() >= pos {
				continue
			}
			if _, obj := inner.LookupParent(name, pos); obj == v {
				return name
			}
		}
	}
	return ""
}
