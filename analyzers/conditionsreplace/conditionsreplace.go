package conditionsreplace

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/objwrite"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the conditionsreplace rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "conditionsreplace",
	Doc:      doc,
	Requires: []*analysis.Analyzer{directives.Analyzer, reach.Analyzer, valueflow.Analyzer},
}.Analyzer(run)

const msg = "%s is replaced by a new list, then written by %s at line %d: the conditions that other controllers (or earlier passes) set on the object are dropped, and the ones set again lose their LastTransitionTime, so the status changes on every pass; set each condition with meta.SetStatusCondition, which keeps the others and the transition time%s"

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	rr := pass.ResultOf[reach.Analyzer].(*reach.Result)
	if len(rr.Funcs()) == 0 {
		return rep.Outcome(), nil
	}
	flow := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	isObj, _ := objwrite.Reconciled(pass, rr, pass.ResultOf[valueflow.Analyzer].(*valueflow.Result))
	for _, fn := range rr.Funcs() {
		body := k8sapi.FuncBody(fn)
		if body == nil || rep.Skip(fn.Pos()) {
			continue
		}
		chain, _ := rr.Reached(fn)
		k8sapi.InspectBody(fn, func(n ast.Node) {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) || as.Tok != token.ASSIGN {
				return
			}
			for i, l := range as.Lhs {
				field := types.ExprString(l)
				if !strings.HasSuffix(field, ".Status.Conditions") || !newList(pass, flow, as.Rhs[i], 0) {
					continue
				}
				v, ok := objwrite.PathRoot(pass, l)
				if !ok || testedEmpty(body, as, field) {
					continue
				}
				root := rootExpr(l)
				if _, fresh := flow.FreshAt(pass, body, root, as.Pos()); fresh {
					continue // the conditions of an object being built
				}
				if _, read := flow.ReadAt(pass, body, root, as.Pos()); !read && (isObj == nil || !isObj(v)) {
					continue
				}
				w := writeAfter(pass, body, as, v)
				if w == nil {
					continue
				}
				rep.Reportf(as, msg, field, objwrite.Name(w), pass.Fset.Position(w.Pos()).Line, analyzerutil.Chain(chain))
			}
		})
	}
	return rep.Outcome(), nil
}

// rootExpr returns the identifier at the root of a selector chain.
func rootExpr(e ast.Expr) ast.Expr {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return x
		}
	}
}

// newList reports whether e is a list of conditions built without the old ones: nil, a
// composite literal, make, an append to such a list, or a local variable every value
// of which is one, and nothing of it mentions Conditions or GetConditions (a list
// computed from the old one).
func newList(pass *analysis.Pass, flow *valueflow.Result, e ast.Expr, depth int) bool {
	if depth > 4 || mentionsConditions(e) {
		return false
	}
	info := pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if info.Types[x].IsNil() {
			return true
		}
		v, ok := info.Uses[x].(*types.Var)
		if !ok || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || v.Kind() != types.LocalVar {
			return false
		}
		vals := flow.Values(v)
		if len(vals) == 0 {
			return false
		}
		for _, val := range vals {
			if val == valueflow.Zero {
				continue
			}
			if val == valueflow.Unknown || !newList(pass, flow, val, depth+1) && !appendOf(val, v, info, flow) {
				return false
			}
		}
		return true
	case *ast.CompositeLit:
		_, ok := info.TypeOf(x).Underlying().(*types.Slice)
		return ok
	case *ast.CallExpr:
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
			switch id.Name {
			case "make":
				return true
			case "append":
				return len(x.Args) > 0 && newList(pass, flow, x.Args[0], depth+1)
			}
		}
	}
	return false
}

// appendOf reports whether e is append(v, ...) with elements that do not mention the
// old conditions and are no range variables (which may range over them).
func appendOf(e ast.Expr, v *types.Var, info *types.Info, flow *valueflow.Result) bool {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(c.Args) == 0 || mentionsConditions(e) {
		return false
	}
	for _, a := range c.Args[1:] {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok {
			if av, ok := info.Uses[id].(*types.Var); ok && slices.Contains(flow.Values(av), valueflow.Unknown) {
				return false
			}
		}
	}
	if id, ok := ast.Unparen(c.Fun).(*ast.Ident); !ok || id.Name != "append" {
		return false
	}
	id, ok := ast.Unparen(c.Args[0]).(*ast.Ident)
	return ok && info.Uses[id] == v
}

// mentionsConditions reports whether e reads a Conditions field or GetConditions.
func mentionsConditions(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Conditions" || sel.Sel.Name == "GetConditions") {
			found = true
		}
		return !found
	})
	return found
}

// writeAfter returns the first write of v that can follow as in body (a deferred one
// anywhere), other than a server-side apply and a strategic merge patch (which merges
// conditions by type), or nil.
func writeAfter(pass *analysis.Pass, body *ast.BlockStmt, as *ast.AssignStmt, v *types.Var) *ast.CallExpr {
	var w *ast.CallExpr
	inDefer := false
	ast.Inspect(body, func(n ast.Node) bool {
		if w != nil || n == nil {
			return false
		}
		switch n := n.(type) {
		case *ast.DeferStmt:
			inDefer = true
			ast.Inspect(n.Call, func(m ast.Node) bool {
				if c, ok := m.(*ast.CallExpr); ok && w == nil && writes(pass, body, c, v) {
					w = c
				}
				return w == nil
			})
			inDefer = false
			return false
		case *ast.FuncLit:
			return inDefer
		case *ast.CallExpr:
			if objwrite.Reaches(body, as, n) && writes(pass, body, n, v) {
				w = n
			}
		}
		return w == nil
	})
	return w
}

// writes reports whether c writes v and can carry a replaced list of conditions.
func writes(pass *analysis.Pass, body *ast.BlockStmt, c *ast.CallExpr, v *types.Var) bool {
	if !objwrite.ObjectWrite(pass, c, v) {
		return false
	}
	op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, c)
	if !ok || op.Method != "Patch" || len(c.Args) < 3 {
		return true
	}
	if p, ok := k8sapi.PatchOf(pass.TypesInfo, body, c.Args[2], c.Pos()); ok && p.Func == "StrategicMergeFrom" {
		return false
	}
	return types.ExprString(c.Args[2]) != "client.Apply"
}

// testedEmpty reports whether an if statement around as tests the list it replaces
// (`if len(x.Status.Conditions) == 0`, `== nil`): a first list given to an object
// that has none drops nothing.
func testedEmpty(body *ast.BlockStmt, as *ast.AssignStmt, field string) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() > as.Pos() || n.End() < as.End() {
			return false
		}
		if is, ok := n.(*ast.IfStmt); ok && is.Body.Pos() <= as.Pos() && as.End() <= is.Body.End() {
			ast.Inspect(is.Cond, func(m ast.Node) bool {
				if e, ok := m.(*ast.SelectorExpr); ok && types.ExprString(e) == field {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}
