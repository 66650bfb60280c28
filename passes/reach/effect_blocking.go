package reach

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// Blocking: the function holds its goroutine for a time (sleep, poll, timer wait). Besides
// the calls below, receives from and ranges over timer channels are detected in run, and
// functions annotated //reconcilelint:blocking have the effect.
const Blocking Effect = "blocking"

func init() {
	register(Detector{
		Effect: Blocking,
		Call: func(pass *analysis.Pass, cur inspector.Cursor, call *ast.CallExpr) string {
			if d := k8sapi.BlockingCall(pass.TypesInfo, call); d != "" && !boundedRetry(pass, cur, call) {
				return d
			}
			return longConflictRetry(pass, cur, call)
		},
	})
}
