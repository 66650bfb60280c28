package statuslog

import (
	_ "embed"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/objwrite"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/subresource"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the statuslog rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "statuslog",
	Doc:      doc,
	Requires: []*analysis.Analyzer{directives.Analyzer, reach.Analyzer, subresource.Analyzer, valueflow.Analyzer},
}.Analyzer(run)

const msg = "%s grows by an entry each time this line runs (every pass that gets here) and is written by %s at line %d without comparing old and new: the status becomes a log that grows towards etcd's object size limit (about 1.5 MiB, after which every write of the object fails), and each write is a watch event that reconciles the object again; keep the latest observation (a condition, a counter, the last entry), or bound the list%s"

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	if len(r.Funcs()) == 0 {
		return rep.Outcome(), nil
	}
	isObj, ok := objwrite.Reconciled(pass, r, pass.ResultOf[valueflow.Analyzer].(*valueflow.Result))
	if !ok {
		return rep.Outcome(), nil
	}
	nss := pass.ResultOf[subresource.Analyzer].(*subresource.Result)
	writes := objwrite.Writes(pass, pass.ResultOf[valueflow.Analyzer].(*valueflow.Result))
	for _, fn := range r.Funcs() {
		body := k8sapi.FuncBody(fn)
		if body == nil || rep.Skip(fn.Pos()) || len(writes[fn]) == 0 {
			continue
		}
		chain, _ := r.Reached(fn)
		deferred := map[*ast.CallExpr]bool{}
		k8sapi.InspectBody(fn, func(n ast.Node) {
			if d, ok := n.(*ast.DeferStmt); ok {
				deferred[d.Call] = true
			}
		})
		k8sapi.InspectBody(fn, func(n ast.Node) {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				return
			}
			if !objwrite.StatusAppend(as.Lhs[0], as.Rhs[0]) {
				return
			}
			field := types.ExprString(as.Lhs[0])
			v, ok := objwrite.PathRoot(pass, as.Lhs[0])
			if !ok || !isObj(v) || managed(body, as, field) {
				return
			}
			for _, w := range writes[fn] {
				if objwrite.RootVar(pass, w.Obj) != v || !objwrite.Persists(pass, nss, w.Iface, w.Obj, true) {
					continue
				}
				if !deferred[w.Call] && !objwrite.Reaches(body, as, w.Call) {
					continue
				}
				rep.Reportf(as, msg, field, objwrite.Name(w.Call), pass.Fset.Position(w.Call.Pos()).Line, analyzerutil.Chain(append(append([]string{}, chain...), w.Via...)))
				break
			}
		})
	}
	return rep.Outcome(), nil
}

// managed reports whether the function does anything else with the list than the
// append: it resets it (a rebuild from scratch), truncates it, tests its length,
// searches it, ranges over it. Any other mention of the field counts.
func managed(body *ast.BlockStmt, as *ast.AssignStmt, field string) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		if n == as.Lhs[0] || n == as.Rhs[0].(*ast.CallExpr).Args[0] {
			return false
		}
		if e, ok := n.(ast.Expr); ok {
			if _, isSel := e.(*ast.SelectorExpr); isSel && types.ExprString(e) == field {
				found = true
				return false
			}
		}
		return true
	})
	return found
}
