// Package recssa builds the SSA form of a package that declares reconcile entry points,
// once for every flow-sensitive rule, and offers the value-flow queries those rules
// share (is an error provably nil at a point, does a value derive from another).
//
// Packages without an entry point get an empty result: SSA is never built for them,
// and the pass exports no facts, so it never runs SSA construction on dependencies.
package recssa

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
)

// Analyzer builds SSA for packages with reconcile entry points.
var Analyzer = &analysis.Analyzer{
	Name:       "recssa",
	Doc:        "build SSA for packages that declare reconcile entry points",
	URL:        "https://github.com/reconcilelint/reconcilelint/tree/main/passes/recssa",
	Run:        run,
	Requires:   []*analysis.Analyzer{inspect.Analyzer, reconcilers.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	// Do not add FactTypes: SSA must not be built for every dependency.
}

// Result is the SSA form of one package, empty when it has no entry point.
type Result struct {
	Pkg   *ssa.Package
	funcs map[ast.Node]*ssa.Function
	calls map[token.Pos]*ast.CallExpr
}

// Empty reports whether SSA was not built (the package has no entry point).
func (r *Result) Empty() bool { return r.Pkg == nil }

// Func returns the SSA function of a *ast.FuncDecl or *ast.FuncLit, or nil.
func (r *Result) Func(n ast.Node) *ssa.Function { return r.funcs[n] }

// All returns the SSA functions of the package's function declarations and literals,
// in source order.
func (r *Result) All() []*ssa.Function {
	out := make([]*ssa.Function, 0, len(r.funcs))
	for _, f := range r.funcs {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}

// CallExpr returns the call expression of an SSA call instruction (matched by the
// position of its left parenthesis), or nil.
func (r *Result) CallExpr(c ssa.CallInstruction) *ast.CallExpr {
	return r.calls[c.Pos()]
}

func run(pass *analysis.Pass) (any, error) {
	recs := pass.ResultOf[reconcilers.Analyzer].(*reconcilers.Result)
	res := &Result{}
	if len(recs.Entries()) == 0 {
		return res, nil
	}
	prog := ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
	res.Pkg = pkg
	res.funcs = map[ast.Node]*ssa.Function{}
	res.calls = map[token.Pos]*ast.CallExpr{}
	var addAnons func(f *ssa.Function)
	addAnons = func(f *ssa.Function) {
		if s := f.Syntax(); s != nil {
			res.funcs[s] = f
		}
		for _, anon := range f.AnonFuncs {
			addAnons(anon)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if f := prog.FuncValue(fn); f != nil {
				addAnons(f)
			}
		}
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		c := cur.Node().(*ast.CallExpr)
		res.calls[c.Lparen] = c
	}
	return res, nil
}
