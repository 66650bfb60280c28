package k8sapi

import (
	"go/ast"
	"go/build"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

var goroot = filepath.Clean(build.Default.GOROOT)

// OwnPackage reports whether the fact passes (reach, statusmut, valueflow) compute
// facts for the package: it belongs to a module that is not a versioned dependency,
// and is not part of the standard library. Dependencies are loaded from export data
// by the standalone driver, so facts for them would differ between drivers.
//
// A driver that gives no module (Bazel's nogo, which analyses every package of the
// build, dependencies and the standard library included) is told by the path of the
// package's files: under Bazel, a dependency's files and the Go SDK's are in an
// external repository (external/REPO/..., relative to the execution root), the
// workspace's own packages are not. Without that, facts of client-go's and
// controller-runtime's own code would reach the rules (retry.RetryOnConflict would
// count as a sleep).
func OwnPackage(pass *analysis.Pass) bool {
	if pass.Module != nil && pass.Module.Version != "" {
		return false
	}
	if len(pass.Files) == 0 {
		return false
	}
	name := filepath.Clean(pass.Fset.File(pass.Files[0].Pos()).Name())
	if strings.HasPrefix(name, goroot+string(filepath.Separator)) {
		return false
	}
	if pass.Module == nil {
		slash := filepath.ToSlash(name)
		if strings.HasPrefix(slash, "external/") || strings.Contains(slash, "/external/") {
			return false
		}
	}
	return true
}

// FuncBody returns the body of a function declaration or literal, nil for any other
// node (or a declaration without a body).
func FuncBody(fn ast.Node) *ast.BlockStmt {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Body
	case *ast.FuncLit:
		return fn.Body
	}
	return nil
}

// InspectBody visits the body of fn (*ast.FuncDecl or *ast.FuncLit) without entering the
// function literals in it (reach lists reached closures separately).
func InspectBody(fn ast.Node, visit func(ast.Node)) {
	body := FuncBody(fn)
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

// EndsInReturn reports whether the block ends in a return statement.
func EndsInReturn(b *ast.BlockStmt) bool {
	if b == nil || len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}
