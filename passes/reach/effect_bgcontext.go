package reach

import (
	"fmt"
	"go/ast"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// BgContext: the function calls context.Background() or context.TODO() and has no ctx
// to use instead: no function around the call has a context.Context parameter, so its
// callers cannot give it theirs. The site's description names its place
// ("context.TODO() at util.go:14"), the line that changes once a ctx is passed down.
//
// A function that has a ctx and ignores it is a defect where it stands, reported there
// (the bgcontext rule asks Exposed): the effect stops at a function with a
// context.Context parameter, so that its callers, which pass their ctx, are not
// reported too.
const BgContext Effect = "bgcontext"

func init() {
	register(Detector{
		Effect: BgContext,
		Call: func(pass *analysis.Pass, cur inspector.Cursor, call *ast.CallExpr) string {
			if !k8sapi.IsFuncCall(pass.TypesInfo, call, "context", "Background", "TODO") {
				return ""
			}
			if CtxParamInScope(pass, cur) {
				return ""
			}
			p := pass.Fset.Position(call.Pos())
			return fmt.Sprintf("context.%s() at %s:%d", k8sapi.Callee(pass.TypesInfo, call).Name(), filepath.Base(p.Filename), p.Line)
		},
		Barrier: CtxParamInScope,
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
