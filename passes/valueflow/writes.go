package valueflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// The sinks of client writes: the object of an Update or a Patch (any patch type) that
// nothing guards in its function (see Unguarded). A helper that writes its parameter
// unguarded, and is itself called unguarded, passes the sink on to its callers; a
// guarded call does not (the helper's caller compared before calling it).
const (
	// WrittenObject is the object of a write of the main resource (client.Writer).
	WrittenObject Sink = "written object"
	// WrittenStatus is the object of a write through a status or sub-resource writer.
	WrittenStatus Sink = "written status"
)

// unguardedOnly reports whether the sink s holds only for unguarded writes.
func unguardedOnly(s Sink) bool { return s == WrittenObject || s == WrittenStatus }

// writeFlow returns the flow into the object of the writer call at cur (method op),
// when it is an unguarded Update or Patch.
func writeFlow(st *analysisState, cur inspector.Cursor, op k8sapi.ClientOp) (Flow, bool) {
	call := cur.Node().(*ast.CallExpr)
	if (op.Method != "Update" && op.Method != "Patch") || len(call.Args) < 2 {
		return Flow{}, false
	}
	for e := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if !Unguarded(st.pass.TypesInfo, k8sapi.FuncBody(e.Node()), call) {
			return Flow{}, false
		}
		break
	}
	sink := WrittenObject
	if op.Iface == "SubResourceWriter" {
		sink = WrittenStatus
	}
	return Flow{Sink: sink, Expr: call.Args[1]}, true
}

// Unguarded reports whether nothing in the function body guards the call n: it is in
// no if statement and follows no if statement that returns (an up-to-date check), other
// than ifs that only test errors (err != nil, apierrors.IsNotFound(err)) or nil
// (obj == nil, obj.Labels == nil: nothing old and new are compared by), and the
// function compares nothing with a DeepEqual or Equal call (equality.Semantic.DeepEqual,
// reflect.DeepEqual, cmp.Equal). A test of the deletion timestamp is no guard either: it
// sends a terminating object elsewhere and compares nothing old with anything new.
// Function literals inside body are not looked at.
func Unguarded(info *types.Info, body *ast.BlockStmt, n ast.Node) bool {
	if body == nil {
		return false
	}
	guarded := false
	ast.Inspect(body, func(x ast.Node) bool {
		if guarded {
			return false
		}
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				switch sel.Sel.Name {
				case "DeepEqual", "Equal", "DeepDerivative", "EqualValues":
					guarded = true
				}
			}
		case *ast.IfStmt:
			if errTest(info, x.Cond) || nilTest(info, x.Cond) || k8sapi.DeletionTest(x.Cond) {
				return true
			}
			// An enclosing if, or an earlier if that returns.
			if x.Pos() <= n.Pos() && n.End() <= x.End() || x.End() <= n.Pos() && k8sapi.EndsInReturn(x.Body) {
				guarded = true
			}
		}
		return !guarded
	})
	return !guarded
}

// errTest reports whether cond only tests errors (err != nil, apierrors.IsNotFound(err)).
func errTest(info *types.Info, cond ast.Expr) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		if c.Op == token.LAND || c.Op == token.LOR {
			return errTest(info, c.X) && errTest(info, c.Y)
		}
		return k8sapi.IsError(info.TypeOf(c.X)) || k8sapi.IsError(info.TypeOf(c.Y))
	case *ast.UnaryExpr:
		return c.Op == token.NOT && errTest(info, c.X)
	case *ast.CallExpr:
		for _, a := range c.Args {
			if k8sapi.IsError(info.TypeOf(a)) {
				return true
			}
		}
	}
	return false
}

// nilTest reports whether cond compares with nil (x == nil, x != nil), possibly joined
// with && or ||.
func nilTest(info *types.Info, cond ast.Expr) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LAND, token.LOR:
			return nilTest(info, c.X) && nilTest(info, c.Y)
		case token.EQL, token.NEQ:
			return info.Types[c.X].IsNil() || info.Types[c.Y].IsNil()
		}
	}
	return false
}

// guardedCall reports whether the call that passes a sink that holds only for unguarded
// writes on to a helper is guarded in its own function.
func (st *analysisState) guardedCall(call *ast.CallExpr) bool {
	for _, n := range pathTo(st.pass.Files, call) {
		switch n.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return !Unguarded(st.pass.TypesInfo, k8sapi.FuncBody(n), call)
		}
	}
	return true
}

// ArgOf returns the call that e is an argument of (nil when it is none) and the
// innermost function (*ast.FuncDecl or *ast.FuncLit) around e: where a rule reports
// the Expr of a Flow.
func ArgOf(pass *analysis.Pass, e ast.Expr) (*ast.CallExpr, ast.Node) {
	path := pathTo(pass.Files, e)
	var call *ast.CallExpr
	for i, n := range path {
		switch n := n.(type) {
		case *ast.CallExpr:
			if call == nil && i > 0 && slices.Contains(n.Args, path[i-1].(ast.Expr)) {
				call = n
			}
		case *ast.FuncLit, *ast.FuncDecl:
			return call, n
		}
	}
	return nil, nil
}

// pathTo returns the nodes from n up to the root of its file, innermost first
// (astutil.PathEnclosingInterval), or nil when n is in none of files.
func pathTo(files []*ast.File, n ast.Node) []ast.Node {
	for _, file := range files {
		if file.FileStart <= n.Pos() && n.End() <= file.FileEnd {
			path, _ := astutil.PathEnclosingInterval(file, n.Pos(), n.End())
			return path
		}
	}
	return nil
}
