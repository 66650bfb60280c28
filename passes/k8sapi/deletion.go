package k8sapi

import (
	"go/ast"
	"go/token"
)

// DeletionRanges returns the parts of body (outside function literals) that run only
// while the object is being deleted: the branch of an if statement whose condition
// tests the deletion timestamp (the body of `!obj.GetDeletionTimestamp().IsZero()`,
// `obj.DeletionTimestamp != nil` and of a && with one of them; the else of
// `obj.DeletionTimestamp.IsZero()` and `== nil`), and the statements after such an if
// without else whose body for the live object ends in a return.
func DeletionRanges(body *ast.BlockStmt) [][2]token.Pos {
	var out [][2]token.Pos
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			for i, s := range n.List {
				is, ok := s.(*ast.IfStmt)
				if !ok {
					continue
				}
				switch deletionPolarity(is.Cond) {
				case 1:
					out = append(out, [2]token.Pos{is.Body.Pos(), is.Body.End()})
				case -1:
					if is.Else != nil {
						out = append(out, [2]token.Pos{is.Else.Pos(), is.Else.End()})
					} else if k := len(is.Body.List); k > 0 && i+1 < len(n.List) {
						if _, ok := is.Body.List[k-1].(*ast.ReturnStmt); ok {
							out = append(out, [2]token.Pos{n.List[i+1].Pos(), n.End()})
						}
					}
				}
			}
		}
		return true
	}
	ast.Inspect(body, visit)
	return out
}

// deletionPolarity returns 1 when cond is true only for an object being deleted, -1
// when it is true only for a live object, 0 otherwise.
func deletionPolarity(cond ast.Expr) int {
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			return -deletionPolarity(c.X)
		}
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LAND:
			if deletionPolarity(c.X) == 1 || deletionPolarity(c.Y) == 1 {
				return 1
			}
		case token.LOR:
			if deletionPolarity(c.X) == -1 || deletionPolarity(c.Y) == -1 {
				return -1
			}
		case token.NEQ, token.EQL:
			if id, ok := ast.Unparen(c.Y).(*ast.Ident); ok && id.Name == "nil" && isDeletionTimestamp(c.X) {
				if c.Op == token.NEQ {
					return 1
				}
				return -1
			}
		}
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "IsZero" && len(c.Args) == 0 && isDeletionTimestamp(sel.X) {
			return -1
		}
	}
	return 0
}

// isDeletionTimestamp reports whether e is x.DeletionTimestamp or x.GetDeletionTimestamp().
func isDeletionTimestamp(e ast.Expr) bool {
	e = ast.Unparen(e)
	if c, ok := e.(*ast.CallExpr); ok && len(c.Args) == 0 {
		e = ast.Unparen(c.Fun)
	}
	sel, ok := e.(*ast.SelectorExpr)
	return ok && (sel.Sel.Name == "DeletionTimestamp" || sel.Sel.Name == "GetDeletionTimestamp")
}
