package applyread

import (
	_ "embed"
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
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

// Analyzer is the applyread rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "applyread",
	Doc:      doc,
	Requires: []*analysis.Analyzer{directives.Analyzer, valueflow.Analyzer},
}.Analyzer(run)

// consequence is what the apply of a read object does.
const consequence = "the apply sends every field of the live object, defaults and other managers' fields included, so this field manager claims them all and conflicts with or overwrites the other managers, and while the object carries the managedFields it was read with, the API server refuses the request (metadata.managedFields must be nil); apply an object built with only the fields this controller sets, or an apply configuration with Client.Apply"

// run judges every object that reaches a server-side apply (valueflow.AppliedObject):
// the apply's own object, and the argument given to a helper, of this package or
// another, whose parameter it applies. Each is reported when, where it is written, it
// holds an object read from the cluster.
func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	flow := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	for _, f := range flow.FlowsTo(valueflow.AppliedObject) {
		call, fn := valueflow.ArgOf(pass, f.Expr)
		body := k8sapi.FuncBody(fn)
		if call == nil || body == nil || rep.Skip(call.Pos()) {
			continue
		}
		r, ok := flow.ReadAt(pass, body, f.Expr, call.Pos())
		if !ok {
			continue
		}
		obj, line := types.ExprString(f.Expr), pass.Fset.Position(r.Pos).Line
		msg := fmt.Sprintf("server-side apply of %s, which was read from the cluster by %s at line %d: %s", obj, r.What, line, consequence)
		if len(f.Via) > 0 {
			msg = fmt.Sprintf("%s, read from the cluster by %s at line %d, is given to %s, which applies it with a server-side apply: %s",
				obj, r.What, line, strings.Join(f.Via, " → "), consequence)
		}
		rep.Report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: msg})
	}
	return rep.Outcome(), nil
}
