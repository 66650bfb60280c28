package applyread

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
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

// consequence is what the apply of a read object does.
const consequence = "the apply sends every field of the live object, defaults and other managers' fields included, so this field manager claims them all and conflicts with or overwrites the other managers, and while the object carries the managedFields it was read with, the API server refuses the request (metadata.managedFields must be nil); apply an object built with only the fields this controller sets, or an apply configuration with Client.Apply"

// run judges every object that reaches a server-side apply (valueflow.AppliedObject):
// the apply's own object, and the argument given to a helper, of this package or
// another, whose parameter it applies. Each is reported when, where it is written, it
// holds an object read from the cluster.
func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	flow := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	for _, f := range flow.FlowsTo(valueflow.AppliedObject) {
		call, body := enclosing(pass, f.Expr)
		if call == nil || body == nil || rep.Skip(call.Pos()) {
			continue
		}
		r, ok := flow.ReadAt(pass, body, f.Expr, call.Pos())
		if !ok {
			continue
		}
		obj, line := types.ExprString(f.Expr), pass.Fset.Position(r.Pos).Line
		msg := fmt.Sprintf("server-side apply of %s, which was read from the cluster by %s at line %d: %s", obj, r.What, line, consequence)
		if len(f.Via) > 0 {
			msg = fmt.Sprintf("%s, read from the cluster by %s at line %d, is given to %s, which applies it with a server-side apply: %s",
				obj, r.What, line, strings.Join(f.Via, " → "), consequence)
		}
		rep.Report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: msg})
	}
	return rep.Outcome(), nil
}

// enclosing returns the call that e is an argument of, and the body of the innermost
// function around it.
func enclosing(pass *analysis.Pass, e ast.Expr) (*ast.CallExpr, *ast.BlockStmt) {
	for _, file := range pass.Files {
		if file.FileStart > e.Pos() || e.End() > file.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(file, e.Pos(), e.End())
		var call *ast.CallExpr
		for i, n := range path {
			switch n := n.(type) {
			case *ast.CallExpr:
				if call == nil && i > 0 && slices.Contains(n.Args, path[i-1].(ast.Expr)) {
					call = n
				}
			case *ast.FuncLit:
				return call, n.Body
			case *ast.FuncDecl:
				return call, n.Body
			}
		}
	}
	return nil, nil
}
