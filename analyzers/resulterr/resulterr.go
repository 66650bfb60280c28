package resulterr

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
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
	for f := range analyzerutil.ReachedSSA(pass, rep) {
		if !analyzerutil.ReturnsResult(f.Fn) {
			continue
		}
		for _, ret := range recssa.Returns(f.Fn) {
			if ret.Parent() != f.Fn || !check(ret) {
				continue
			}
			rep.Report(analyzerutil.AtResult(f.Node, ret, 0, msg+analyzerutil.Chain(f.Chain)))
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
