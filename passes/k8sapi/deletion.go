package k8sapi

import (
	"go/ast"
	"go/token"
	"strings"
)

// DeletionRanges returns the parts of body (outside function literals) that run only
// while the object is being deleted: the branch of an if statement whose condition
// tests the deletion timestamp (the body of `!obj.GetDeletionTimestamp().IsZero()`,
// `obj.DeletionTimestamp != nil` and of a && with one of them; the else of
// `obj.DeletionTimestamp.IsZero()` and `== nil`), and the statements after such an if
// without else whose body for the live object ends in a return.
func DeletionRanges(body *ast.BlockStmt) [][2]token.Pos { return polarityRanges(body, 1) }

// LiveRanges returns the parts of body (outside function literals) that run only while
// the object is not being deleted: the body of `obj.DeletionTimestamp.IsZero()` or
// `== nil` (and of a && with one of them), the else of a test for deletion, and the
// statements after an if without else that tests for deletion and ends in a return
// (`if !obj.DeletionTimestamp.IsZero() { return r.finalize(ctx, obj) }`).
func LiveRanges(body *ast.BlockStmt) [][2]token.Pos { return polarityRanges(body, -1) }

// polarityRanges returns the ranges of body that run only when the deletion test has
// polarity want (1: being deleted, -1: live).
func polarityRanges(body *ast.BlockStmt, want int) [][2]token.Pos {
	var out [][2]token.Pos
	named := namedTests(body)
	// list looks at the ifs of one statement list (a block, or the body of a case or
	// select clause, which is no block) that ends at end.
	list := func(stmts []ast.Stmt, end token.Pos) {
		for i, s := range stmts {
			is, ok := s.(*ast.IfStmt)
			if !ok {
				continue
			}
			cond := is.Cond
			if id, ok := ast.Unparen(cond).(*ast.Ident); ok && named[id.Name] != nil {
				cond = named[id.Name] // isMarkedToBeDeleted := obj.GetDeletionTimestamp() != nil
			}
			whenTrue, whenFalse := deletionPolarity(cond)
			if whenTrue == want {
				out = append(out, [2]token.Pos{is.Body.Pos(), is.Body.End()})
			}
			if whenFalse == want {
				if is.Else != nil {
					out = append(out, [2]token.Pos{is.Else.Pos(), is.Else.End()})
				} else if k := len(is.Body.List); k > 0 && i+1 < len(stmts) {
					if _, ok := is.Body.List[k-1].(*ast.ReturnStmt); ok {
						out = append(out, [2]token.Pos{stmts[i+1].Pos(), end})
					}
				}
			}
		}
	}
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			list(n.List, n.End())
		case *ast.CaseClause:
			list(n.Body, n.End())
		case *ast.CommClause:
			list(n.Body, n.End())
		}
		return true
	}
	ast.Inspect(body, visit)
	return out
}

// namedTests returns the local variables of body assigned a test of the deletion
// timestamp exactly once (`isMarkedToBeDeleted := obj.GetDeletionTimestamp() != nil`),
// by name, with the test.
func namedTests(body *ast.BlockStmt) map[string]ast.Expr {
	out := map[string]ast.Expr{}
	count := map[string]int{}
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok {
				count[id.Name]++
				if DeletionTest(as.Rhs[i]) {
					out[id.Name] = as.Rhs[i]
				}
			}
		}
		return true
	})
	for name := range out {
		if count[name] != 1 {
			delete(out, name)
		}
	}
	return out
}

// InRanges reports whether pos lies in one of ranges.
func InRanges(ranges [][2]token.Pos, pos token.Pos) bool {
	for _, r := range ranges {
		if r[0] <= pos && pos < r[1] {
			return true
		}
	}
	return false
}

// DeletionTest reports whether cond tells whether an object is being deleted (either
// way): a test of the deletion timestamp, or a predicate named like IsBeingDeleted.
func DeletionTest(cond ast.Expr) bool {
	whenTrue, whenFalse := deletionPolarity(cond)
	return whenTrue != 0 || whenFalse != 0
}

// deletionPolarity returns, for when cond is true and when it is false, 1 when the
// object is then certainly being deleted, -1 when it is certainly live, 0 when cond
// does not tell.
func deletionPolarity(cond ast.Expr) (whenTrue, whenFalse int) {
	either := func(x, y int) int {
		if x != 0 {
			return x
		}
		return y
	}
	both := func(x, y int) int {
		if x == y {
			return x
		}
		return 0
	}
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			t, f := deletionPolarity(c.X)
			return f, t
		}
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LAND:
			xt, xf := deletionPolarity(c.X)
			yt, yf := deletionPolarity(c.Y)
			return either(xt, yt), both(xf, yf)
		case token.LOR:
			xt, xf := deletionPolarity(c.X)
			yt, yf := deletionPolarity(c.Y)
			return both(xt, yt), either(xf, yf)
		case token.NEQ, token.EQL:
			if id, ok := ast.Unparen(c.Y).(*ast.Ident); ok && id.Name == "nil" && isDeletionTimestamp(c.X) {
				if c.Op == token.NEQ {
					return 1, -1
				}
				return -1, 1
			}
		}
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "IsZero" && len(c.Args) == 0 && isDeletionTimestamp(sel.X) {
			return -1, 1
		}
		if deletionHelper(c) {
			return 1, -1
		}
	}
	return 0, 0
}

// deletionHelper reports whether c is a predicate on one object whose name says that
// it tests for deletion (IsBeingDeleted(obj), isDeleting(obj), obj.IsMarkedForDeletion()).
func deletionHelper(c *ast.CallExpr) bool {
	var name string
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		name = f.Name
	case *ast.SelectorExpr:
		name = f.Sel.Name
	}
	if len(c.Args) > 1 {
		return false
	}
	for _, p := range []string{"BeingDeleted", "Deleting", "Deleted", "MarkedForDeletion", "UnderDeletion", "Terminating"} {
		if strings.Contains(name, p) {
			return true
		}
	}
	return false
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
