package k8sapi_test

import (
	"go/ast"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// probe reports what k8sapi recognises at each call, so that want comments in
// testdata/src/k8sapi assert it.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report k8sapi matches",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		ins.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
			call := n.(*ast.CallExpr)
			if op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, call); ok {
				pass.Reportf(call.Lparen, "%s.%s", op.Iface, op.Method)
			}
			// Root-package function variables and the functions they hold.
			if k8sapi.IsFuncCall(pass.TypesInfo, call, k8sapi.CtrlRoot, "CreateOrUpdate") {
				pass.Reportf(call.Lparen, "var ctrl.CreateOrUpdate")
			}
			if k8sapi.IsFuncCall(pass.TypesInfo, call, k8sapi.ControllerutilPkg, "CreateOrUpdate") {
				pass.Reportf(call.Lparen, "func controllerutil.CreateOrUpdate")
			}
		})
		return nil, nil
	},
}

func TestClientCalls(t *testing.T) {
	dir, _ := filepath.Abs("../../testdata")
	analysistest.Run(t, dir, probe, "k8sapi/calls")
}
