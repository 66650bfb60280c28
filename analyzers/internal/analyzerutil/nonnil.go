package analyzerutil

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// CertainlyNonNil reports whether the error expression e, returned by the return
// statement at ret, is certainly non-nil there.
func CertainlyNonNil(pass *analysis.Pass, ret inspector.Cursor, e ast.Expr) bool {
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.CallExpr:
		return k8sapi.IsFuncCall(pass.TypesInfo, e, "errors", "New") ||
			k8sapi.IsFuncCall(pass.TypesInfo, e, "fmt", "Errorf") ||
			k8sapi.IsFuncCall(pass.TypesInfo, e, k8sapi.ReconcilePkg, "TerminalError")
	case *ast.UnaryExpr:
		_, ok := e.X.(*ast.CompositeLit)
		return e.Op == token.AND && ok
	case *ast.Ident:
		v, ok := pass.TypesInfo.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		// Inside `if v != nil { ... }` with no assignment to v in the block before the return.
		child := ret
		for c := range ret.Parent().Enclosing((*ast.IfStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			ifs, ok := c.Node().(*ast.IfStmt)
			if !ok {
				return false
			}
			if inBody(ifs.Body, child.Node()) && testsNonNil(pass, ifs.Cond, v) {
				return !assignedBetween(pass, ifs.Body, ret.Node().Pos(), v)
			}
			child = c
		}
	}
	return false
}

func inBody(body *ast.BlockStmt, n ast.Node) bool {
	return body.Pos() <= n.Pos() && n.End() <= body.End()
}

// testsNonNil reports whether cond is `v != nil`, `nil != v`, or a && chain containing one.
func testsNonNil(pass *analysis.Pass, cond ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LAND:
		return testsNonNil(pass, b.X, v) || testsNonNil(pass, b.Y, v)
	case token.NEQ:
		isV := func(x ast.Expr) bool {
			id, ok := ast.Unparen(x).(*ast.Ident)
			return ok && pass.TypesInfo.Uses[id] == v
		}
		isNil := func(x ast.Expr) bool {
			tv, ok := pass.TypesInfo.Types[x]
			return ok && tv.IsNil()
		}
		return isV(b.X) && isNil(b.Y) || isNil(b.X) && isV(b.Y)
	}
	return false
}

// assignedBetween reports whether v is assigned in body before pos.
func assignedBetween(pass *analysis.Pass, body *ast.BlockStmt, pos token.Pos, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= pos {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && (pass.TypesInfo.Uses[id] == v || pass.TypesInfo.Defs[id] == v) {
					found = true
				}
			}
		case *ast.RangeStmt:
			for _, l := range []ast.Expr{n.Key, n.Value} {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && n.Tok == token.ASSIGN && pass.TypesInfo.Uses[id] == v {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && pass.TypesInfo.Uses[id] == v {
				found = true // its address escapes
			}
		}
		return true
	})
	return found
}
