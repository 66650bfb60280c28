package wiring

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// callGraph links each function node of the package (*ast.FuncDecl, *ast.FuncLit) to
// the function nodes it calls (functions and methods of concrete types declared in the
// package) and to the function literals it contains. It answers which reconcile entry
// points reach a function, so that rules judge a function by the controllers that run
// it.
type callGraph struct {
	succ  map[ast.Node][]ast.Node
	reach map[ast.Node]map[ast.Node]bool // memo: from → reached set
}

func buildGraph(pass *analysis.Pass) *callGraph {
	g := &callGraph{succ: map[ast.Node][]ast.Node{}, reach: map[ast.Node]map[ast.Node]bool{}}
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	for _, fd := range decls {
		var stack []ast.Node
		stack = append(stack, fd)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if n == nil {
				return true
			}
			// Pop the function literals whose extent ended.
			for len(stack) > 1 && n.Pos() >= stack[len(stack)-1].End() {
				stack = stack[:len(stack)-1]
			}
			cur := stack[len(stack)-1]
			switch n := n.(type) {
			case *ast.FuncLit:
				g.succ[cur] = append(g.succ[cur], n)
				stack = append(stack, n)
			case *ast.CallExpr:
				if fn, ok := k8sapi.Callee(pass.TypesInfo, n).(*types.Func); ok {
					if d := decls[fn]; d != nil {
						g.succ[cur] = append(g.succ[cur], d)
					}
				}
			case *ast.SelectorExpr, *ast.Ident:
				// A method or function value passed along (a callback, a helper table).
				var id *ast.Ident
				if s, ok := n.(*ast.SelectorExpr); ok {
					id = s.Sel
				} else {
					id = n.(*ast.Ident)
				}
				if fn, ok := pass.TypesInfo.Uses[id].(*types.Func); ok {
					if d := decls[fn.Origin()]; d != nil {
						g.succ[cur] = append(g.succ[cur], d)
					}
				}
			}
			return true
		})
	}
	return g
}

// reaches reports whether to is from, or is reached from it.
func (g *callGraph) reaches(from, to ast.Node) bool {
	set := g.reach[from]
	if set == nil {
		set = map[ast.Node]bool{from: true}
		queue := []ast.Node{from}
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			for _, s := range g.succ[n] {
				if !set[s] {
					set[s] = true
					queue = append(queue, s)
				}
			}
		}
		g.reach[from] = set
	}
	return set[to]
}
