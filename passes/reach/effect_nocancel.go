package reach

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// NoCancel: the function makes a call that ignores context cancellation (http.Get,
// exec.Command, net.Dial, database/sql without Context; see k8sapi.NoCancelCall).
// Like BgContext, the effect stops at a function that has a context.Context parameter:
// that function could use the Context variant with its ctx, and is reported where the
// call stands (the nocancel rule asks Exposed), not at its callers.
const NoCancel Effect = "nocancel"

func init() {
	register(Detector{
		Effect: NoCancel,
		Call: func(pass *analysis.Pass, _ inspector.Cursor, call *ast.CallExpr) string {
			if nc, ok := k8sapi.NoCancelCall(pass.TypesInfo, call); ok {
				return nc.Desc
			}
			return ""
		},
		Barrier: CtxParamInScope,
	})
}
