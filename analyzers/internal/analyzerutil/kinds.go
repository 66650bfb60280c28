package analyzerutil

import (
	"go/ast"
	"strings"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// ShortKind is "Name" of a kind written "path.Name" (the wiring pass's kind keys).
func ShortKind(kind string) string {
	return kind[strings.LastIndex(kind, ".")+1:]
}

// InspectBody visits the body of fn (*ast.FuncDecl or *ast.FuncLit) without entering the
// function literals in it (reach lists reached closures separately).
func InspectBody(fn ast.Node, visit func(ast.Node)) {
	body := k8sapi.FuncBody(fn)
	if body == nil {
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if n != nil {
			visit(n)
		}
		return true
	})
}
