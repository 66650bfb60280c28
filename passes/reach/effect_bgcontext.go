package reach

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// BgContext: the function takes a context.Context and ignores it in favour of
// context.Background() or context.TODO(). Only calls made while a context.Context
// parameter of the enclosing function (or of a function enclosing the closure) is in
// scope count: a helper with no ctx parameter gives its callers no way to pass one, is
// typically shared with start-up code, and is left to the bgcontext rule of its own
// package.
const BgContext Effect = "bgcontext"

func init() {
	register(Detector{
		Effect: BgContext,
		Call: func(pass *analysis.Pass, cur inspector.Cursor, call *ast.CallExpr) string {
			if !k8sapi.IsFuncCall(pass.TypesInfo, call, "context", "Background", "TODO") {
				return ""
			}
			if !CtxParamInScope(pass, cur) {
				return ""
			}
			return "context." + k8sapi.Callee(pass.TypesInfo, call).Name()
		},
	})
}

// CtxParamInScope reports whether a function enclosing cur (the innermost declaration
// or literal, or one enclosing it) has a parameter of type context.Context, named or not.
func CtxParamInScope(pass *analysis.Pass, cur inspector.Cursor) bool {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var ft *ast.FuncType
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			ft = n.Type
		case *ast.FuncLit:
			ft = n.Type
		}
		for _, f := range ft.Params.List {
			if t := pass.TypesInfo.TypeOf(f.Type); t != nil && k8sapi.IsContext(t) {
				return true
			}
		}
	}
	return false
}
