package blindupdate

import (
	_ "embed"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
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

// Analyzer is the blindupdate rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "blindupdate",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, directives.Analyzer, reach.Analyzer, valueflow.Analyzer},
}.Analyzer(run)

const (
	freshMsg = "%s of %s, built by %s at line %d and not read from the cluster: the object carries no resourceVersion, so for a custom resource the API server refuses the Update (metadata.resourceVersion must be specified), and for a built-in kind it replaces every field other managers set (an autoscaler's replicas, defaulted fields, labels and annotations of other controllers); Get the object, change it and Update it, or use controllerutil.CreateOrUpdate or server-side apply%s"
	rvMsg    = "%s of %s, built by %s at line %d, with only the resourceVersion copied from the live object at line %d: the Update replaces the whole stored object with this one, so every field other managers set (an autoscaler's replicas, labels, annotations, finalizers and owner references of others) is dropped; change the object that was read and Update that, or use controllerutil.CreateOrUpdate or server-side apply%s"
)

// run reports client Updates (of the main resource or of a sub-resource) whose object,
// at the call, holds an object built in the function (valueflow.FreshAt), in functions
// reached from a reconcile entry point or that other packages call with their ctx.
func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if k8sapi.LookupType(pass.Pkg, k8sapi.ClientPkg, "Writer") == nil {
		return rep.Outcome(), nil
	}
	rr := pass.ResultOf[reach.Analyzer].(*reach.Result)
	flow := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		fn := cur.Node()
		chain, ok := rr.Reached(fn)
		if !ok {
			if chain, ok = rr.Exposed(fn); !ok {
				continue
			}
		}
		body := k8sapi.FuncBody(fn)
		if body == nil || rep.Skip(body.Pos()) {
			continue
		}
		ast.Inspect(body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				return true
			}
			op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, call)
			if !ok || op.Method != "Update" || (op.Iface != "Writer" && op.Iface != "SubResourceWriter") {
				return true
			}
			f, ok := flow.FreshAt(pass, body, call.Args[1], call.Pos())
			if !ok {
				return true
			}
			name, obj := types.ExprString(call.Fun), types.ExprString(call.Args[1])
			line := pass.Fset.Position(f.Pos).Line
			if f.ResourceVersion.IsValid() {
				rep.Reportf(call, rvMsg, name, obj, f.What, line, pass.Fset.Position(f.ResourceVersion).Line, analyzerutil.Chain(chain))
			} else {
				rep.Reportf(call, freshMsg, name, obj, f.What, line, analyzerutil.Chain(chain))
			}
			return true
		})
	}
	return rep.Outcome(), nil
}
