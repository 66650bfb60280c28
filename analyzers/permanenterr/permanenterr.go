package permanenterr

import (
	_ "embed"
	"fmt"
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
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the permanenterr rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "permanenterr",
	Doc:      doc,
	Requires: []*analysis.Analyzer{reach.Analyzer, recssa.Analyzer, directives.Analyzer},
}.Analyzer(run)

// permanent maps the predicates of apimachinery's api/errors that recognise an error
// the API server returns for this request whatever the moment (the input is wrong) to
// what they mean.
var permanent = map[string]string{
	"IsInvalid":                    "an invalid object (422)",
	"IsBadRequest":                 "a bad request (400)",
	"IsRequestEntityTooLargeError": "an object too large (413)",
	"IsMethodNotSupported":         "a method the resource does not support (405)",
	"IsNotAcceptable":              "a content type the server cannot produce (406)",
	"IsUnsupportedMediaType":       "a patch or content type the resource does not accept (415)",
}

const (
	msgTerminal   = "%s: the error is permanent for this input and %s; return reconcile.TerminalError(err) and record the reason in a status condition%s"
	msgNoTerminal = "%s: the error is permanent for this input and %s; record the reason in a status condition and return a nil error (reconcile.TerminalError exists from controller-runtime v0.15)%s"

	consequence         = "returned plain it is retried forever, backing off up to about 16 minutes, with nothing on the object to say why"
	consequenceRecorded = "returned plain it is retried forever, backing off up to about 16 minutes"
)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	s := pass.ResultOf[recssa.Analyzer].(*recssa.Result)
	if s.Empty() {
		return rep.Outcome(), nil
	}
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	status := analyzerutil.StatusWrites(r)
	prop := analyzerutil.NewPropagation(s)
	format := msgNoTerminal
	if k8sapi.LookupObject(pass.Pkg, k8sapi.ReconcilePkg, "TerminalError") != nil {
		format = msgTerminal
	}
	for _, node := range r.Funcs() {
		if rep.Skip(node.Pos()) {
			continue
		}
		fn := s.Func(node)
		if fn == nil || !prop.Reaches(fn) {
			continue
		}
		chain, _ := r.Reached(node)
		for _, b := range fn.Blocks {
			ifi := analyzerutil.CondIf(b)
			if ifi == nil {
				continue
			}
			call, ok := ifi.Cond.(*ssa.Call)
			if !ok || len(call.Call.Args) != 1 {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil || callee.Object() == nil || callee.Object().Pkg() == nil ||
				callee.Object().Pkg().Path() != k8sapi.APIErrorsPkg || permanent[callee.Name()] == "" {
				continue
			}
			err := call.Call.Args[0]
			for _, ret := range recssa.Returns(fn) {
				if ret.Parent() != fn || len(b.Succs[0].Preds) != 1 || !b.Succs[0].Dominates(ret.Block()) {
					continue
				}
				e := ret.Results[len(ret.Results)-1]
				if !recssa.Derives(e, err, analyzerutil.IsTerminal) {
					continue
				}
				cons := consequence
				if analyzerutil.Records(analyzerutil.Between(b.Succs[0], ret.Block()), err, status) {
					cons = consequenceRecorded
				}
				what := "apierrors." + callee.Name() + " recognises " + permanent[callee.Name()]
				d := analysis.Diagnostic{Pos: ret.Pos(), Message: fmt.Sprintf(format, what, cons, analyzerutil.Chain(chain))}
				if n := returnStmt(node, ret); n != nil {
					last := n.Results[len(n.Results)-1]
					d.Pos, d.End = last.Pos(), last.End()
				}
				rep.Report(d)
			}
		}
	}
	return rep.Outcome(), nil
}

// returnStmt returns the return statement of ret in the function node, or nil.
func returnStmt(node ast.Node, ret *ssa.Return) *ast.ReturnStmt {
	var out *ast.ReturnStmt
	ast.Inspect(node, func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok && r.Pos() == ret.Pos() && len(r.Results) > 0 {
			out = r
		}
		return out == nil
	})
	return out
}
