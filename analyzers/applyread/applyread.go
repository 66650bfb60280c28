package applyread

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
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

// Analyzer is the applyread rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "applyread",
	Doc:      doc,
	Requires: []*analysis.Analyzer{directives.Analyzer, valueflow.Analyzer},
}.Analyzer(run)

const msg = "server-side apply of %s, which was read from the cluster by %s at line %d: the apply sends every field of the live object, defaults and other managers' fields included, so this field manager claims them all and conflicts with or overwrites the other managers, and while the object carries the managedFields it was read with, the API server refuses the request (metadata.managedFields must be nil); apply an object built with only the fields this controller sets, or an apply configuration with Client.Apply"

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	flow := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	applies := map[*ast.CallExpr]bool{}
	for _, a := range flow.Applies() {
		op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, a.Call)
		if ok && op.Method == "Patch" && len(a.Call.Args) >= 2 {
			applies[a.Call] = true
		}
	}
	if len(applies) == 0 {
		return rep.Outcome(), nil
	}
	for _, f := range pass.Files {
		// Each apply is judged in the innermost function that holds it.
		var stack []*ast.BlockStmt
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				return true
			}
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					stack = append(stack, n.Body)
					ast.Inspect(n.Body, inner(&stack, pass, rep, applies))
					stack = stack[:len(stack)-1]
				}
				return false
			}
			return true
		})
	}
	return rep.Outcome(), nil
}

// inner visits a function body, descending into function literals with their own body
// on the stack.
func inner(stack *[]*ast.BlockStmt, pass *analysis.Pass, rep *analyzerutil.Reporter, applies map[*ast.CallExpr]bool) func(ast.Node) bool {
	var visit func(ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			*stack = append(*stack, n.Body)
			ast.Inspect(n.Body, visit)
			*stack = (*stack)[:len(*stack)-1]
			return false
		case *ast.CallExpr:
			if applies[n] && !rep.Skip(n.Pos()) {
				body := (*stack)[len(*stack)-1]
				if r, ok := valueflow.ReadAt(pass.Pkg, pass.TypesInfo, body, n.Args[1], n.Pos()); ok {
					rep.Report(analysis.Diagnostic{
						Pos: n.Pos(), End: n.End(),
						Message: fmt.Sprintf(msg, types.ExprString(n.Args[1]), r.What, pass.Fset.Position(r.Pos).Line),
					})
				}
			}
		}
		return true
	}
	return visit
}
