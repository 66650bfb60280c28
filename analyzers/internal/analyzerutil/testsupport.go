package analyzerutil

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// testDirs are directory names (and package names) that hold code written for tests:
// the /test and /e2e trees of operator repositories, and the testing/testutil helper
// packages of Kubernetes projects (k8s.io/client-go/testing, sigs.k8s.io/jobset's
// pkg/util/testing, cluster-api's internal/test).
var testDirs = map[string]bool{
	"test": true, "tests": true, "e2e": true,
	"testing": true, "testutil": true, "testutils": true, "testhelper": true, "testhelpers": true,
}

// testImports are packages that only test code imports: the testing package (through
// one of its types, since testing.Testing is also called from production code), test
// frameworks, and envtest.
var testImports = []string{
	"github.com/onsi/ginkgo",
	"github.com/onsi/gomega",
	"github.com/stretchr/testify",
	"sigs.k8s.io/controller-runtime/pkg/envtest",
}

// isTestName reports whether a directory or package name marks test code: one of
// testDirs, or a name ending in testing, testutil or testutils (utiltesting,
// clienttesting, k8stestutil).
func isTestName(s string) bool {
	return testDirs[s] || strings.HasSuffix(s, "testing") || strings.HasSuffix(s, "testutil") || strings.HasSuffix(s, "testutils")
}

// IsTestSupport reports whether the package of pass is test support: code that is
// built only for tests but lives in files that do not end in _test.go (fixture
// builders, fake clients, envtest setups, e2e suites). It is test support when
//   - its name, or a directory of its import path below the module root, is test,
//     tests, e2e, testing, testutil, testutils, testhelper or testhelpers, or ends in
//     testing, testutil or testutils; or
//   - one of its non-test files uses a type of package testing (testing.T, testing.TB,
//     ...) or imports ginkgo, gomega, testify or controller-runtime's envtest.
func IsTestSupport(pass *analysis.Pass) bool {
	if isTestName(pass.Pkg.Name()) {
		return true
	}
	path := pass.Pkg.Path()
	if m := pass.Module; m != nil && m.Path != "" {
		if rel, ok := strings.CutPrefix(path, m.Path); ok && (rel == "" || rel[0] == '/') {
			path = rel
		}
	}
	for seg := range strings.SplitSeq(path, "/") {
		if isTestName(seg) {
			return true
		}
	}
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.Pos()); tf == nil || IsTestFile(tf.Name()) {
			continue
		}
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				continue
			}
			for _, t := range testImports {
				if p == t || strings.HasPrefix(p, t+"/") {
					return true
				}
			}
			if p == "testing" && usesTestingType(pass.TypesInfo, f) {
				return true
			}
		}
	}
	return false
}

// usesTestingType reports whether f refers to a type of package testing.
func usesTestingType(info *types.Info, f *ast.File) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if found {
			return false
		}
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok {
			if pn, ok := info.Uses[id].(*types.PkgName); ok && pn.Imported().Path() == "testing" {
				if _, isType := info.Uses[sel.Sel].(*types.TypeName); isType {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// BuildsFake reports whether the function declaration around cur calls a function of a
// fake client package (an import path ending in /fake: client-go's
// kubernetes/fake and dynamic/fake, controller-runtime's pkg/client/fake, the fake
// packages of generated clientsets): a fixture builder that lives in an ordinary file of
// a package that is not test support as a whole (argo-rollouts' record.NewFakeApiFactory,
// which starts informers on a fake clientset). Such a function never runs in a
// manager's process.
func BuildsFake(pass *analysis.Pass, cur inspector.Cursor) bool {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		for call := range c.Preorder((*ast.CallExpr)(nil)) {
			if obj := calleeObj(pass.TypesInfo, call.Node().(*ast.CallExpr)); obj != nil && obj.Pkg() != nil &&
				strings.HasSuffix(obj.Pkg().Path(), "/fake") {
				return true
			}
		}
		return false
	}
	return false
}

// calleeObj returns the function or method a call names, or nil.
func calleeObj(info *types.Info, call *ast.CallExpr) types.Object {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return info.Uses[f]
	case *ast.SelectorExpr:
		return info.Uses[f.Sel]
	}
	return nil
}
