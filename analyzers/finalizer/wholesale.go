package finalizer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

const wholesaleMsg = "every finalizer of %s is replaced (%s), and the object %s: the finalizers of other controllers and of the garbage collector (foregroundDeletion, orphan) are dropped, so their cleanup never runs; remove only this controller's finalizer with controllerutil.RemoveFinalizer%s"

// checkWholesale reports (c): the finalizers of an object read from the cluster, or
// received by a function reached from a reconcile entry point, replaced as a whole:
// SetFinalizers or an assignment to Finalizers with nil or a slice literal that does not
// keep the current finalizers.
func checkWholesale(pass *analysis.Pass, rep *analyzerutil.Reporter, decl *ast.FuncDecl, body *ast.BlockStmt, reached bool, chain []string) {
	info := pass.TypesInfo
	judge := func(n ast.Node, obj, val ast.Expr, how string) {
		if rep.Skip(n.Pos()) || !dropsAll(info, val) {
			return
		}
		base := baseObject(info, obj)
		if base == nil {
			return
		}
		from := ""
		if r, ok := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result).ReadAt(pass, body, base, n.Pos()); ok {
			from = "was read from the cluster by " + r.What + " at line " + itoa(pass.Fset.Position(r.Pos).Line)
		} else if reached && decl != nil && isParam(info, decl, base) && !assignedIn(info, body, base, n.Pos()) {
			from = "is the one " + decl.Name.Name + " was given to reconcile"
		}
		if from == "" {
			return
		}
		rep.Reportf(n, wholesaleMsg, types.ExprString(base), how, from, analyzerutil.Chain(chain))
	}
	inspectOwn(body, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "SetFinalizers" || len(n.Args) != 1 {
				return
			}
			fn, ok := k8sapi.Callee(info, n).(*types.Func)
			if !ok || fn.Pkg() == nil || fn.Pkg().Path() != k8sapi.MetaV1Pkg && fn.Pkg().Path() != unstructuredPkg {
				return
			}
			judge(n, sel.X, n.Args[0], "SetFinalizers("+types.ExprString(n.Args[0])+")")
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN {
				return
			}
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Finalizers" {
					continue
				}
				s, ok := info.Selections[sel]
				if !ok || s.Kind() != types.FieldVal || s.Obj().Pkg() == nil || s.Obj().Pkg().Path() != k8sapi.MetaV1Pkg {
					continue
				}
				judge(n, sel.X, n.Rhs[i], types.ExprString(l)+" = "+types.ExprString(n.Rhs[i]))
			}
		}
	})
}

// unstructuredPkg declares Unstructured, whose SetFinalizers counts too.
const unstructuredPkg = k8sapi.MetaV1Pkg + "/unstructured"

// dropsAll reports whether v, the new finalizers, keeps none of the current ones: nil, or
// a slice literal (empty, or of other values) that does not mention Finalizers or
// GetFinalizers.
func dropsAll(info *types.Info, v ast.Expr) bool {
	v = ast.Unparen(v)
	if id, ok := v.(*ast.Ident); ok {
		return id.Name == "nil" && info.Uses[id] == types.Universe.Lookup("nil")
	}
	lit, ok := v.(*ast.CompositeLit)
	if !ok {
		return false
	}
	keeps := false
	ast.Inspect(lit, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Finalizers" || sel.Sel.Name == "GetFinalizers") {
			keeps = true
		}
		return !keeps
	})
	return !keeps
}

// baseObject returns the object expression whose finalizers x.Finalizers or
// x.SetFinalizers change: x, or y for y.ObjectMeta.
func baseObject(info *types.Info, x ast.Expr) ast.Expr {
	x = ast.Unparen(x)
	if sel, ok := x.(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" {
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.FieldVal {
			x = ast.Unparen(sel.X)
		}
	}
	switch x.(type) {
	case *ast.Ident, *ast.IndexExpr, *ast.UnaryExpr:
		return x
	}
	return nil
}

// isParam reports whether e names a parameter or the receiver of decl.
func isParam(info *types.Info, decl *ast.FuncDecl, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v := info.Uses[id]
	var lists []*ast.FieldList
	if decl.Recv != nil {
		lists = append(lists, decl.Recv)
	}
	lists = append(lists, decl.Type.Params)
	for _, l := range lists {
		for _, f := range l.List {
			for _, n := range f.Names {
				if info.Defs[n] == v {
					return true
				}
			}
		}
	}
	return false
}

// assignedIn reports whether the variable e names is assigned in body before pos (it
// may then hold a fresh object).
func assignedIn(info *types.Info, body *ast.BlockStmt, e ast.Expr, pos token.Pos) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v := info.Uses[id]
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Pos() < pos {
			for _, l := range as.Lhs {
				if lid, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(lid) == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
