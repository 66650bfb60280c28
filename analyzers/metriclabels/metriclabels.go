package metriclabels

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
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

// Analyzer is the metriclabels rule with the default configuration.
var Analyzer = analyzerutil.Must(New(DefaultConfig()))

// PrometheusPkg is the import path of client_golang's prometheus package.
const PrometheusPkg = valueflow.PrometheusPkg

const (
	msgIdentity = "metric label value from %s: every object gets its own time series, and the series of a deleted object stays exported until the process restarts (unbounded cardinality): label by a bounded value (kind, controller, result) and log the identity instead"
	msgError    = "metric label value from error text: every distinct message (they carry names, UIDs, resource versions) creates a time series that is never removed (unbounded cardinality): label by a bounded reason such as apierrors.ReasonForError(err)"
)

// run reports the label values (of vectors whose series the package never deletes)
// that can be object identity or error text.
func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	for _, f := range pass.ResultOf[valueflow.Analyzer].(*valueflow.Result).FlowsTo(valueflow.MetricLabel) {
		if rep.Skip(f.Expr.Pos()) {
			continue
		}
		for _, o := range f.Origins {
			if o.Kind == valueflow.ErrText {
				rep.Reportf(f.Expr, "%s%s", msgError, f.Through(o, "uses it as a label value"))
				break
			}
			if o.Kind == valueflow.Identity {
				rep.Reportf(f.Expr, msgIdentity+"%s", o.Desc, f.Through(o, "uses it as a label value"))
				break
			}
		}
	}
	return rep.Outcome(), nil
}
