package permanenterr

import (
	_ "embed"
	"fmt"
	"go/token"

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
	prop := analyzerutil.NewPropagation(s)
	var status map[token.Pos]bool
	format := msgNoTerminal
	if k8sapi.LookupObject(pass.Pkg, k8sapi.ReconcilePkg, "TerminalError") != nil {
		format = msgTerminal
	}
	for f := range analyzerutil.ReachedSSA(pass, rep) {
		fn := f.Fn
		if !prop.Reaches(fn) {
			continue
		}
		for _, b := range fn.Blocks {
			err, pred := permanentTest(b)
			if err == nil {
				continue
			}
			for _, ret := range recssa.Returns(fn) {
				if ret.Parent() != fn || !onlyPermanent(b.Succs[0]) || !b.Succs[0].Dominates(ret.Block()) ||
					!recssa.Derives(ret.Results[len(ret.Results)-1], err, analyzerutil.IsTerminal) {
					continue
				}
				if status == nil {
					status = analyzerutil.StatusWrites(pass.ResultOf[reach.Analyzer].(*reach.Result))
				}
				cons := consequence
				if analyzerutil.Records(analyzerutil.Between(b.Succs[0], ret.Block()), err, status) {
					cons = consequenceRecorded
				}
				what := "apierrors." + pred + " recognises " + permanent[pred]
				rep.Report(analyzerutil.AtResult(f.Node, ret, len(ret.Results)-1, fmt.Sprintf(format, what, cons, analyzerutil.Chain(f.Chain))))
			}
		}
	}
	return rep.Outcome(), nil
}

// permanentTest returns, when block b ends in an if on one of the permanent
// predicates, the tested error and the predicate's name; nil otherwise.
func permanentTest(b *ssa.BasicBlock) (ssa.Value, string) {
	ifi := analyzerutil.CondIf(b)
	if ifi == nil {
		return nil, ""
	}
	call, ok := ifi.Cond.(*ssa.Call)
	if !ok || len(call.Call.Args) != 1 {
		return nil, ""
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil || callee.Object().Pkg() == nil ||
		callee.Object().Pkg().Path() != k8sapi.APIErrorsPkg || permanent[callee.Name()] == "" {
		return nil, ""
	}
	return call.Call.Args[0], callee.Name()
}

// onlyPermanent reports whether block t is entered only from the true side of
// permanent predicates (`case apierrors.IsBadRequest(err), apierrors.IsInvalid(err):`
// enters one block from two tests). The true side of `if !apierrors.IsInvalid(err) {
// ... }` is the join after the if, which other paths enter too.
func onlyPermanent(t *ssa.BasicBlock) bool {
	for _, p := range t.Preds {
		if err, _ := permanentTest(p); err == nil || p.Succs[0] != t {
			return false
		}
	}
	return len(t.Preds) > 0
}
