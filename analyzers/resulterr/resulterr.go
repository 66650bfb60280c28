package resulterr

import (
	_ "embed"
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/recssa"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "v0.1.0"
	Severity = analyzerutil.Warning
)

// Analyzer is the resulterr rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "resulterr",
	Doc:      doc,
	Requires: []*analysis.Analyzer{reach.Analyzer, recssa.Analyzer, directives.Analyzer},
}.Analyzer(run)

const msg = "RequeueAfter is ignored when the error returned with it is non-nil: the key is requeued with backoff for the error instead; return the error with the zero Result, or the Result with a nil error"

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	s := pass.ResultOf[recssa.Analyzer].(*recssa.Result)
	if s.Empty() {
		return rep.Outcome(), nil
	}
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	for _, node := range r.Funcs() {
		if rep.Skip(node.Pos()) {
			continue
		}
		fn := s.Func(node)
		if fn == nil {
			continue
		}
		res := fn.Signature.Results()
		if res.Len() != 2 || !k8sapi.IsResult(res.At(0).Type()) || !k8sapi.IsError(res.At(1).Type()) {
			continue
		}
		chain, _ := r.Reached(node)
		for _, ret := range recssa.Returns(fn) {
			if ret.Parent() != fn || !check(ret) {
				continue
			}
			report(rep, node, ret, chain)
		}
	}
	return rep.Outcome(), nil
}

// check reports whether the return may return a positive RequeueAfter with a non-nil
// error.
func check(ret *ssa.Return) bool {
	res, err := ret.Results[0], ret.Results[1]
	rp, ok1 := res.(*ssa.Phi)
	ep, ok2 := err.(*ssa.Phi)
	if ok1 && ok2 && rp.Block() == ep.Block() {
		// Chosen together: judge each incoming edge on its own.
		for i, pred := range rp.Block().Preds {
			if may(rp.Edges[i], pred, ep.Edges[i]) && recssa.MayBeNonNil(ep.Edges[i], pred) {
				return true
			}
		}
		return false
	}
	return may(res, ret.Block(), stored(err)) && recssa.MayBeNonNil(err, ret.Block())
}

// may reports whether the Result v, returned in block at with the error err, may
// carry a positive RequeueAfter.
func may(v ssa.Value, at *ssa.BasicBlock, err ssa.Value) bool {
	_, ok := analyzerutil.RequeueAfter(v, at, err)
	return ok
}

// stored returns, for a load of a result variable (functions with a defer return
// through them), the one value stored into it that reaches the load; otherwise v.
func stored(v ssa.Value) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok {
		return v
	}
	a, ok := load.X.(*ssa.Alloc)
	if !ok {
		return v
	}
	sts := recssa.ReachingStores(load, a)
	if len(sts) != 1 {
		return v
	}
	return sts[0].Val
}

func report(rep *analyzerutil.Reporter, fnNode ast.Node, ret *ssa.Return, chain []string) {
	var stmt *ast.ReturnStmt
	ast.Inspect(fnNode, func(n ast.Node) bool {
		if stmt != nil {
			return false
		}
		if r, ok := n.(*ast.ReturnStmt); ok && r.Pos() == ret.Pos() {
			stmt = r
		}
		return true
	})
	d := analysis.Diagnostic{Pos: ret.Pos(), Message: msg + analyzerutil.Chain(chain)}
	if stmt != nil && len(stmt.Results) == 2 {
		d.Pos, d.End = stmt.Results[0].Pos(), stmt.Results[0].End()
	}
	rep.Report(d)
}
