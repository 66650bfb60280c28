package requeueafter

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// writeNames are the method names of writes, matched by shape as well as on the
// controller-runtime client: wrappers of other packages (a client that returns the
// deleted object, a patch helper) write the same way.
var writeNames = map[string]bool{"Create": true, "Update": true, "Patch": true, "Delete": true, "Apply": true}

// writeKind says why a requeue counts as one-shot.
type writeKind int

const (
	notAfterWrite writeKind = iota
	afterAWrite             // a write precedes it on every path
	afterConflict           // it sits under an apierrors.IsConflict test
)

// afterWrite reports whether the node at cur is preceded, on every path through the
// function, by a write to the API server, or sits under an apierrors.IsConflict test.
// Either way the short requeue follows a write (done, or refused by a conflict): the
// write is itself a watch event and costs more than the one reconcile the requeue adds,
// and the requeue repeats only as often as the writes do. A busy poll reconciles
// without writing.
//
// It tells which: afterAWrite or afterConflict, notAfterWrite for neither.
func afterWrite(pass *analysis.Pass, cur inspector.Cursor) writeKind {
	prev := cur.Node()
	for c := cur.Parent(); ; c = c.Parent() {
		n := c.Node()
		if n == nil {
			return notAfterWrite
		}
		var before []ast.Stmt
		switch n := n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return notAfterWrite
		case *ast.BlockStmt:
			before = stmtsBefore(n.List, prev)
		case *ast.CaseClause:
			before = stmtsBefore(n.Body, prev)
		case *ast.CommClause:
			before = stmtsBefore(n.Body, prev)
		case *ast.IfStmt:
			if prev == n.Body || prev == n.Else {
				if n.Init != nil {
					before = append(before, n.Init)
				}
				if prev == n.Body && conflictTest(pass, n.Cond) {
					return afterConflict
				}
				if hasWrite(pass, n.Cond) {
					return afterAWrite
				}
			}
		}
		for _, s := range before {
			if dominatingWrite(pass, s) {
				return afterAWrite
			}
		}
		prev = n
	}
}

func stmtsBefore(list []ast.Stmt, child ast.Node) []ast.Stmt {
	for i, s := range list {
		if s == child {
			return list[:i]
		}
	}
	return nil
}

// dominatingWrite reports whether s writes on every path through it: a statement that
// is a write call (an expression, an assignment or a declaration of its results), or an
// if whose initialisation or condition is one.
func dominatingWrite(pass *analysis.Pass, s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt:
		return hasWrite(pass, s)
	case *ast.IfStmt:
		return s.Init != nil && dominatingWrite(pass, s.Init) || hasWrite(pass, s.Cond)
	}
	return false
}

// hasWrite reports whether n, outside function literals, calls a write: a write of the
// controller-runtime client, or a method named Create, Update, Patch, Delete or Apply
// whose first argument is a context.Context and which is given an object.
func hasWrite(pass *analysis.Pass, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		if _, ok := x.(*ast.FuncLit); ok {
			return false
		}
		call, ok := x.(*ast.CallExpr)
		if !ok {
			return true
		}
		if op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, call); ok && op.IsWrite() {
			found = true
			return false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if ok && writeNames[sel.Sel.Name] && len(call.Args) >= 2 && isContext(pass.TypesInfo.TypeOf(call.Args[0])) {
			found = true
			return false
		}
		return true
	})
	return found
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// conflictTest reports whether cond calls apierrors.IsConflict.
func conflictTest(pass *analysis.Pass, cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(x ast.Node) bool {
		if call, ok := x.(*ast.CallExpr); ok && k8sapi.IsFuncCall(pass.TypesInfo, call, k8sapi.APIErrorsPkg, "IsConflict") {
			found = true
		}
		return !found
	})
	return found
}
