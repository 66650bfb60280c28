package finalizeradd

import (
	_ "embed"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/objwrite"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true // 5 findings, 5 true, 0 false on nine operators: docs/precision.md, consolidation round
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the finalizeradd rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "finalizeradd",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, directives.Analyzer, reach.Analyzer, reconcilers.Analyzer, valueflow.Analyzer},
}.Analyzer(run)

const msg = "%s is written by %s at line %d with no test of the deletion timestamp before it: the API server refuses a new finalizer on an object that is being deleted (Forbidden), so once this finalizer is gone while other finalizers still hold the object (or it was deleted before this one was added), every reconcile fails here and never reaches its deletion branch; add the finalizer only when %s.DeletionTimestamp.IsZero()%s"

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if k8sapi.LookupType(pass.Pkg, k8sapi.MetaV1Pkg, "ObjectMeta") == nil {
		return rep.Outcome(), nil
	}
	rr := pass.ResultOf[reach.Analyzer].(*reach.Result)
	flow := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	entries := map[*types.Func]bool{}
	for _, e := range pass.ResultOf[reconcilers.Analyzer].(*reconcilers.Result).Entries() {
		if e.Func != nil {
			entries[e.Func] = true
		}
	}
	var callers map[*types.Func][]objwrite.Site // built on first need
	for _, fn := range rr.Funcs() {
		body := k8sapi.FuncBody(fn)
		if body == nil || rep.Skip(body.Pos()) {
			continue
		}
		adds := objwrite.FinalizerAdds(pass, body)
		if len(adds) == 0 {
			continue
		}
		chain, _ := rr.Reached(fn)
		live := k8sapi.LiveRanges(body)
		for _, a := range adds {
			if k8sapi.InRanges(live, a.Node.Pos()) {
				continue
			}
			w := writeAfter(pass, body, a)
			if w == nil {
				continue
			}
			if freshObj(pass, flow, body, a) {
				continue // an object being built: it cannot be terminating
			}
			if callers == nil {
				callers = objwrite.CallSites(pass, ins)
			}
			d, _ := fn.(*ast.FuncDecl)
			if lit, ok := fn.(*ast.FuncLit); ok {
				// A function literal (a RetryOnConflict closure) runs for the object of the
				// function that holds it: live where that function tested the deletion
				// timestamp, or where each of its callers did.
				if d = enclosingDecl(pass, lit); d != nil && k8sapi.InRanges(k8sapi.LiveRanges(d.Body), lit.Pos()) {
					continue
				}
			}
			if d != nil {
				if f, _ := pass.TypesInfo.Defs[d.Name].(*types.Func); f != nil && guarded(callers, f, entries, 0) {
					continue
				}
			}
			rep.Reportf(a.Node, msg, a.Desc, objwrite.Name(w), pass.Fset.Position(w.Pos()).Line, a.Obj.Name(), analyzerutil.Chain(chain))
		}
	}
	return rep.Outcome(), nil
}

// enclosingDecl returns the function declaration of the package that holds lit.
func enclosingDecl(pass *analysis.Pass, lit *ast.FuncLit) *ast.FuncDecl {
	for _, f := range pass.Files {
		if f.FileStart > lit.Pos() || lit.Pos() >= f.FileEnd {
			continue
		}
		for _, decl := range f.Decls {
			if d, ok := decl.(*ast.FuncDecl); ok && d.Body != nil && d.Pos() <= lit.Pos() && lit.End() <= d.End() {
				return d
			}
		}
	}
	return nil
}

// freshObj reports whether the object of a was built in the function (valueflow.FreshAt).
func freshObj(pass *analysis.Pass, flow *valueflow.Result, body *ast.BlockStmt, a objwrite.FinalizerAdd) bool {
	var expr ast.Expr
	ast.Inspect(a.Node, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && expr == nil && pass.TypesInfo.Uses[id] == a.Obj {
			expr = id
		}
		return expr == nil
	})
	if expr == nil {
		return false
	}
	_, ok := flow.FreshAt(pass, body, expr, a.Node.Pos())
	return ok
}

// writeAfter returns the first write of the object of a that can follow it in body, or
// a deferred write anywhere in body, or nil.
func writeAfter(pass *analysis.Pass, body *ast.BlockStmt, a objwrite.FinalizerAdd) *ast.CallExpr {
	var w *ast.CallExpr
	deferred := map[*ast.CallExpr]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if w != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.DeferStmt:
			deferred[n.Call] = true
			if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
				ast.Inspect(lit.Body, func(m ast.Node) bool {
					if c, ok := m.(*ast.CallExpr); ok && objwrite.ObjectWrite(pass, c, a.Obj) {
						w = c
					}
					return w == nil
				})
			}
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if objwrite.ObjectWrite(pass, n, a.Obj) && (deferred[n] || objwrite.Reaches(body, a.Node, n)) {
				w = n
			}
		}
		return w == nil
	})
	return w
}

// guarded reports whether every call of fn in the package runs only for a live object:
// it stands where its function has tested the deletion timestamp (LiveRanges), or its
// function is itself called only so. An entry point, and a function with no call in the
// package, is not guarded.
func guarded(callers map[*types.Func][]objwrite.Site, fn *types.Func, entries map[*types.Func]bool, depth int) bool {
	sites := callers[fn]
	if entries[fn] || len(sites) == 0 || depth > 4 {
		return false
	}
	for _, s := range sites {
		if s.Body == nil {
			return false
		}
		if k8sapi.InRanges(k8sapi.LiveRanges(s.Body), s.Call.Pos()) {
			continue
		}
		if s.Func == nil || !guarded(callers, s.Func, entries, depth+1) {
			return false
		}
	}
	return true
}
