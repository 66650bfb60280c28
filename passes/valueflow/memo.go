package valueflow

import (
	"go/ast"
	"go/types"
	"iter"
)

// memo holds one part of the summaries (results, errors, swallows, reads). For a
// function of another package the part comes from its fact; for one of this package it
// is computed once from its declaration and kept. A function whose part is being
// computed gets the zero part (recursion), which is not kept.
type memo[T any] struct {
	part func(*Summary) T
	done map[*types.Func]T
	busy map[*types.Func]bool
}

func newMemo[T any](part func(*Summary) T) *memo[T] {
	return &memo[T]{part: part, done: map[*types.Func]T{}, busy: map[*types.Func]bool{}}
}

// get returns the part of fn; compute gives it from fn's declaration.
func (m *memo[T]) get(st *analysisState, fn *types.Func, compute func(*ast.FuncDecl) T) T {
	var zero T
	if fn.Pkg() != st.pass.Pkg {
		var s Summary
		if !st.pass.ImportObjectFact(fn, &s) {
			return zero
		}
		return m.part(&s)
	}
	if v, ok := m.done[fn]; ok {
		return v
	}
	decl := st.decls[fn]
	if decl == nil || m.busy[fn] {
		return zero
	}
	m.busy[fn] = true
	defer delete(m.busy, fn)
	v := compute(decl)
	m.done[fn] = v
	return v
}

// returns yields the return statements of a function body, not those of the function
// literals inside it.
func returns(body *ast.BlockStmt) iter.Seq[*ast.ReturnStmt] {
	return func(yield func(*ast.ReturnStmt) bool) {
		stop := false
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				stop = stop || !yield(n)
			}
			return !stop
		})
	}
}
