package metriclabels

import (
	_ "embed"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
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

// Analyzer is the metriclabels rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "metriclabels",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, directives.Analyzer, valueflow.Analyzer},
}.Analyzer(run)

// PrometheusPkg is the import path of client_golang's prometheus package.
const PrometheusPkg = valueflow.PrometheusPkg

const (
	msgIdentity   = "metric label value from %s: every object gets its own time series, and the series of a deleted object stays exported until the process restarts (unbounded cardinality): label by a bounded value (kind, controller, result) and log the identity instead"
	msgIdentities = "metric label values from %s: every object gets its own time series, and the series of a deleted object stays exported until the process restarts (unbounded cardinality): label by bounded values (kind, controller, result) and log the identity instead"
	// msgNamespace is msgIdentity when the namespace is the only identity in the label
	// set: the series are per namespace, not per object.
	msgNamespace = "metric label value from %s: every namespace gets its own time series, and the series of a deleted namespace stays exported until the process restarts (cardinality grows with namespace churn, such as per-team or per-test namespaces): label by a bounded value, or delete the series when the namespace goes"
	msgError     = "metric label value from error text: every distinct message (they carry names, UIDs, resource versions) creates a time series that is never removed (unbounded cardinality): label by a bounded reason such as apierrors.ReasonForError(err)"
)

// run reports the label values (of vectors whose series the package never deletes)
// that can be object identity or error text: one finding per call that sets the
// labels (the name and the namespace of one WithLabelValues are one label set to
// change), at its first such value.
func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	root := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector).Root()
	type finding struct {
		flow   valueflow.Flow
		origin valueflow.Origin
		descs  []string
	}
	type key struct {
		call    token.Pos
		errText bool
	}
	var order []key
	found := map[key]*finding{}
	for _, f := range pass.ResultOf[valueflow.Analyzer].(*valueflow.Result).FlowsTo(valueflow.MetricLabel) {
		if rep.Skip(f.Expr.Pos()) {
			continue
		}
		for _, o := range f.Origins {
			if o.Kind != valueflow.ErrText && o.Kind != valueflow.Identity {
				continue
			}
			k := key{labelCall(root, f.Expr), o.Kind == valueflow.ErrText}
			if prev, ok := found[k]; ok {
				if !slices.Contains(prev.descs, o.Desc) {
					prev.descs = append(prev.descs, o.Desc)
				}
			} else {
				order = append(order, k)
				found[k] = &finding{f, o, []string{o.Desc}}
			}
			break
		}
	}
	for _, k := range order {
		fd := found[k]
		through := fd.flow.Through(fd.origin, "uses it as a label value")
		switch {
		case k.errText:
			rep.Reportf(fd.flow.Expr, "%s%s", msgError, through)
		case len(fd.descs) == 1 && fd.descs[0] == valueflow.NamespaceDesc:
			rep.Reportf(fd.flow.Expr, msgNamespace+"%s", fd.descs[0], through)
		case len(fd.descs) == 1:
			rep.Reportf(fd.flow.Expr, msgIdentity+"%s", fd.descs[0], through)
		default:
			rep.Reportf(fd.flow.Expr, msgIdentities+"%s", strings.Join(fd.descs, " and "), through)
		}
	}
	return rep.Outcome(), nil
}

// labelCall returns the position of the call whose arguments hold e (the
// WithLabelValues, With or helper call that sets the labels), or e's own position
// when no call holds it (a label map or slice built first).
func labelCall(root inspector.Cursor, e ast.Expr) token.Pos {
	cur, ok := root.FindNode(e)
	if !ok {
		return e.Pos()
	}
	for ; cur.Node() != nil; cur = cur.Parent() {
		switch cur.Node().(type) {
		case ast.Stmt, *ast.FuncLit:
			return e.Pos()
		}
		if k, _ := cur.ParentEdge(); k == edge.CallExpr_Args {
			return cur.Parent().Node().Pos()
		}
	}
	return e.Pos()
}
