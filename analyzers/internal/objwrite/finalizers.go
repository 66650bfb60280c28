package objwrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// FinalizerAdd is a finalizer added to an object in memory: controllerutil.AddFinalizer
// (AddFinalizerWithError before v0.7), `x.Finalizers = append(x.Finalizers, f)` or
// `x.SetFinalizers(append(x.GetFinalizers(), f))`.
type FinalizerAdd struct {
	Node ast.Node // the call or the assignment
	Obj  *types.Var
	Desc string // "controllerutil.AddFinalizer(app, finalizer)"
}

// FinalizerAdds returns the finalizer additions in body, outside function literals.
func FinalizerAdds(pass *analysis.Pass, body *ast.BlockStmt) []FinalizerAdd {
	info := pass.TypesInfo
	var out []FinalizerAdd
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if k8sapi.IsFuncCall(info, n, k8sapi.ControllerutilPkg, "AddFinalizer", "AddFinalizerWithError") && len(n.Args) == 2 {
				if v := objVar(pass, n.Args[0]); v != nil {
					out = append(out, FinalizerAdd{n, v, types.ExprString(n)})
				}
				return true
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetFinalizers" && len(n.Args) == 1 && appendsTo(n.Args[0], "GetFinalizers") {
				if v := objVar(pass, sel.X); v != nil {
					out = append(out, FinalizerAdd{n, v, types.ExprString(n)})
				}
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Finalizers" || len(n.Rhs) != len(n.Lhs) || !appendsTo(n.Rhs[i], "Finalizers") {
					continue
				}
				x := ast.Unparen(sel.X)
				if m, ok := x.(*ast.SelectorExpr); ok && m.Sel.Name == "ObjectMeta" {
					x = m.X
				}
				if v := objVar(pass, x); v != nil {
					out = append(out, FinalizerAdd{n, v, types.ExprString(l) + " = " + types.ExprString(n.Rhs[i])})
				}
			}
		}
		return true
	})
	return out
}

// appendsTo reports whether e is append(x.<field>..., ...) with at least one element.
func appendsTo(e ast.Expr, field string) bool {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(c.Args) < 2 || c.Ellipsis.IsValid() {
		return false
	}
	if id, ok := ast.Unparen(c.Fun).(*ast.Ident); !ok || id.Name != "append" {
		return false
	}
	found := false
	ast.Inspect(c.Args[0], func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == field {
			found = true
		}
		return !found
	})
	return found
}

// objVar returns the variable an object expression (v, &v) names.
func objVar(pass *analysis.Pass, e ast.Expr) *types.Var { return RootVar(pass, e) }

// writePrefixes start the names of helpers that write the object they are given.
var writePrefixes = []string{"Update", "Patch", "Save", "Persist", "Write", "Apply", "Ensure", "Add", "update", "patch", "save", "persist", "write", "apply", "ensure"}

// ObjectWrite reports whether call writes the object v: a client Update or Patch of
// it, a patch helper (cluster-api's patch.Helper, Flux's SerialPatcher) given it, a
// helper given it whose name says it writes (updateStatus, patchObject, EnsureFinalizer),
// or a method named so of a value that holds the object (scope.PatchObject()).
func ObjectWrite(pass *analysis.Pass, call *ast.CallExpr, v *types.Var) bool {
	info := pass.TypesInfo
	given := false
	for _, a := range call.Args {
		if RootVar(pass, a) == v {
			given = true
		}
	}
	if op, ok := k8sapi.ClientCall(pass.Pkg, info, call); ok {
		return given && (op.Iface == "Writer" || op.Iface == "SubResourceWriter") && (op.Method == "Update" || op.Method == "Patch")
	}
	if given && k8sapi.PatchHelperCall(pass.Pkg, info, call) != "" {
		return true
	}
	var name string
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		name = f.Sel.Name
	case *ast.Ident:
		name = f.Name
	}
	for _, p := range writePrefixes {
		if strings.HasPrefix(name, p) && (given || len(call.Args) <= 1) {
			if sig, ok := info.TypeOf(call.Fun).(*types.Signature); ok && sig.Results().Len() > 0 &&
				k8sapi.IsError(sig.Results().At(sig.Results().Len()-1).Type()) {
				return true
			}
		}
	}
	return false
}

// ErrorChecked reports whether the error of call, a statement of body, is looked at:
// the call is not a statement of its own and its error is not assigned to _.
func ErrorChecked(body *ast.BlockStmt, call *ast.CallExpr) bool {
	checked := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.ExprStmt:
			if ast.Unparen(s.X) == call {
				checked = false
			}
		case *ast.AssignStmt:
			if len(s.Rhs) == 1 && ast.Unparen(s.Rhs[0]) == call {
				if id, ok := s.Lhs[len(s.Lhs)-1].(*ast.Ident); ok && id.Name == "_" {
					checked = false
				}
			}
		case *ast.DeferStmt:
			if s.Call == call {
				checked = false
			}
		}
		return checked
	})
	return checked
}

// Reaches reports whether control can go from a to b in body by position: b comes
// after a, and no block that holds a but not b ends in a return or a branch statement
// (`if !found { AddFinalizer(...); return r.Update(...) }` does not reach what follows
// the if).
func Reaches(body *ast.BlockStmt, a, b ast.Node) bool {
	if b.Pos() < a.End() || exclusive(body, a, b) {
		return false
	}
	reach := true
	in := func(n ast.Node, p token.Pos) bool { return n.Pos() <= p && p < n.End() }
	leaves := func(list []ast.Stmt) bool {
		if len(list) == 0 {
			return false
		}
		switch list[len(list)-1].(type) {
		case *ast.ReturnStmt, *ast.BranchStmt:
			return true
		}
		return false
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if !reach || n == nil || !in(n, a.Pos()) {
			return reach && n != nil && in(n, a.Pos())
		}
		switch s := n.(type) {
		case *ast.BlockStmt:
			if s != body && !in(s, b.Pos()) && leaves(s.List) {
				reach = false
			}
		case *ast.CaseClause:
			if !in(s, b.Pos()) && leaves(s.Body) {
				reach = false
			}
		}
		return reach
	})
	return reach
}

// exclusive reports whether a and b stand in different branches of one if or switch
// statement (the body and the else, two case clauses).
func exclusive(body *ast.BlockStmt, a, b ast.Node) bool {
	in := func(n ast.Node, x ast.Node) bool { return n != nil && n.Pos() <= x.Pos() && x.End() <= n.End() }
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || !in(n, a) || !in(n, b) {
			return false
		}
		var branches []ast.Node
		switch s := n.(type) {
		case *ast.IfStmt:
			branches = []ast.Node{s.Body}
			if s.Else != nil {
				branches = append(branches, s.Else)
			}
		case *ast.SwitchStmt:
			for _, c := range s.Body.List {
				branches = append(branches, c)
			}
		case *ast.TypeSwitchStmt:
			for _, c := range s.Body.List {
				branches = append(branches, c)
			}
		case *ast.SelectStmt:
			for _, c := range s.Body.List {
				branches = append(branches, c)
			}
		}
		for _, x := range branches {
			if in(x, a) != in(x, b) && (in(x, a) || in(x, b)) {
				for _, y := range branches {
					if y != x && (in(y, a) || in(y, b)) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}
