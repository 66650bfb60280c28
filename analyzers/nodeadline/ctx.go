package nodeadline

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
)

// graph answers whether a ctx has a deadline derived on the way from the entry point:
// it knows the declarations of the package and the calls of each.
type graph struct {
	pass    *analysis.Pass
	entries map[ast.Node]bool
	decls   map[*types.Func]*ast.FuncDecl
	lits    map[*ast.FuncLit]ast.Node // function literal → enclosing function
	callers map[*types.Func][]caller  // calls of each declared function
}

type caller struct {
	fn   ast.Node // the calling function
	call *ast.CallExpr
}

func newGraph(pass *analysis.Pass, recs *reconcilers.Result) *graph {
	g := &graph{pass: pass, entries: map[ast.Node]bool{}, decls: map[*types.Func]*ast.FuncDecl{},
		lits: map[*ast.FuncLit]ast.Node{}, callers: map[*types.Func][]caller{}}
	for _, e := range recs.Entries() {
		g.entries[e.Node] = true
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				g.decls[fn] = fd
			}
			stack := []ast.Node{fd}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if n == nil {
					return true
				}
				for len(stack) > 1 && n.Pos() >= stack[len(stack)-1].End() {
					stack = stack[:len(stack)-1]
				}
				switch n := n.(type) {
				case *ast.FuncLit:
					g.lits[n] = stack[len(stack)-1]
					stack = append(stack, n)
				case *ast.CallExpr:
					if fn, ok := k8sapi.Callee(pass.TypesInfo, n).(*types.Func); ok {
						g.callers[fn] = append(g.callers[fn], caller{stack[len(stack)-1], n})
					}
				}
				return true
			})
		}
	}
	return g
}

var deadlineFuncs = map[string]bool{"WithTimeout": true, "WithDeadline": true, "WithTimeoutCause": true, "WithDeadlineCause": true}

// bounded reports whether the ctx expression e, in function fn, has a deadline derived
// on every way from an entry point, or comes from somewhere the rule does not judge
// (context.Background or TODO, a field, an unknown caller): then nothing is reported.
func (g *graph) bounded(fn ast.Node, e ast.Expr, depth int) bool {
	if depth > 6 {
		return true
	}
	info := g.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		f, ok := k8sapi.Callee(info, x).(*types.Func)
		if !ok || f.Pkg() == nil {
			return true
		}
		if f.Pkg().Path() == "context" {
			switch {
			case deadlineFuncs[f.Name()]:
				return true
			case f.Name() == "Background" || f.Name() == "TODO":
				return true // bgcontext's finding
			case f.Name() == "WithoutCancel":
				return false // drops the deadline
			}
		}
		// Another function deriving a ctx (context.WithCancel, logr.NewContext,
		// ctrl.LoggerInto, WithValue): follow its ctx argument.
		for _, a := range x.Args {
			if t := info.TypeOf(a); t != nil && k8sapi.IsContext(t) {
				return g.bounded(fn, a, depth+1)
			}
		}
		return true
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return true
		}
		if idx := paramIndex(fn, info, v); idx >= 0 {
			return g.boundedParam(fn, idx, depth)
		}
		if lit, ok := fn.(*ast.FuncLit); ok {
			if v.Pos() < lit.Pos() || v.Pos() > lit.End() {
				// A variable of the enclosing function (a closure's capture).
				return g.bounded(g.lits[lit], e, depth+1)
			}
		}
		rhs := assignedCtx(g.pass, fn, v)
		if len(rhs) == 0 {
			return true
		}
		for _, r := range rhs {
			if !g.bounded(fn, r, depth+1) {
				return false
			}
		}
		return true
	}
	return true // a field or anything else: not judged
}

// boundedParam judges the ctx parameter idx of fn by its callers in the package. The
// entry point's ctx has no deadline of its own (the controller option is judged
// apart).
func (g *graph) boundedParam(fn ast.Node, idx int, depth int) bool {
	if g.entries[fn] {
		return false
	}
	fd, ok := fn.(*ast.FuncDecl)
	if !ok {
		return true // a function literal's parameter: called by whoever it is given to
	}
	obj, ok := g.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return true
	}
	cs := g.callers[obj]
	if len(cs) == 0 {
		return true // called through an interface or from another package: not judged
	}
	for _, c := range cs {
		if idx >= len(c.call.Args) {
			return true
		}
		if !g.bounded(c.fn, c.call.Args[idx], depth+1) {
			return false
		}
	}
	return true
}

// paramIndex is the index of v among fn's parameters (the receiver not counted), -1.
func paramIndex(fn ast.Node, info *types.Info, v *types.Var) int {
	var ft *ast.FuncType
	switch f := fn.(type) {
	case *ast.FuncDecl:
		ft = f.Type
	case *ast.FuncLit:
		ft = f.Type
	default:
		return -1
	}
	i := 0
	for _, fl := range ft.Params.List {
		if len(fl.Names) == 0 {
			i++
			continue
		}
		for _, n := range fl.Names {
			if info.Defs[n] == v {
				return i
			}
			i++
		}
	}
	return -1
}

// assignedCtx returns the values assigned to the local ctx variable v in fn: for
// `ctx, cancel := context.WithTimeout(...)` the call itself.
func assignedCtx(pass *analysis.Pass, fn ast.Node, v *types.Var) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(k8sapi.FuncBody(fn), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && pass.TypesInfo.ObjectOf(id) == v {
					if len(n.Lhs) == len(n.Rhs) {
						out = append(out, n.Rhs[i])
					} else if len(n.Rhs) == 1 {
						out = append(out, n.Rhs[0])
					}
				}
			}
		case *ast.ValueSpec:
			for i, nm := range n.Names {
				if pass.TypesInfo.Defs[nm] == v && len(n.Values) == len(n.Names) {
					out = append(out, n.Values[i])
				}
			}
		}
		return true
	})
	return out
}
