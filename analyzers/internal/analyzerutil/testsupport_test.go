package analyzerutil_test

import (
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
)

// TestIsTestSupportByPath checks the name and path criterion; the import criterion is
// covered by the analysistest packages of conditions (fixtures, testrun).
func TestIsTestSupportByPath(t *testing.T) {
	for _, tc := range []struct {
		path, name, module string
		want               bool
	}{
		{"sigs.k8s.io/jobset/pkg/util/testing", "testing", "sigs.k8s.io/jobset", true},
		{"sigs.k8s.io/cluster-api/internal/test/builder", "builder", "sigs.k8s.io/cluster-api", true},
		{"github.com/ray-project/kuberay/ray-operator/test/support", "support", "github.com/ray-project/kuberay/ray-operator", true},
		{"example.com/op/test/e2e", "e2e", "example.com/op", true},
		{"k8s.io/kubernetes/pkg/controller/testutil", "testutil", "k8s.io/kubernetes", true},
		{"example.com/op/pkg/utiltesting", "utiltesting", "example.com/op", true},
		{"example.com/op/internal/fake", "k8stestutil", "example.com/op", true},
		// Controllers whose names only look like tests.
		{"example.com/op/controllers/testrun", "testrun", "example.com/op", false},
		{"k8s.io/client-go/tools/clientcmd/api/latest", "latest", "k8s.io/client-go", false},
		{"example.com/op/internal/contest", "contest", "example.com/op", false},
		// Only directories below the module root count.
		{"github.com/acme/test/controllers", "controllers", "github.com/acme/test", false},
		{"github.com/acme/e2e/controllers", "controllers", "github.com/acme/e2e", false},
		// Without a module (some drivers), the whole import path is used.
		{"github.com/acme/e2e/controllers", "controllers", "", true},
	} {
		pass := &analysis.Pass{
			Pkg:       types.NewPackage(tc.path, tc.name),
			Fset:      token.NewFileSet(),
			TypesInfo: &types.Info{},
			Module:    &analysis.Module{Path: tc.module},
		}
		if got := analyzerutil.IsTestSupport(pass); got != tc.want {
			t.Errorf("IsTestSupport(%s, package %s, module %q) = %v, want %v", tc.path, tc.name, tc.module, got, tc.want)
		}
	}
}
