package k8sapi

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestOwnPackage: which packages the fact passes compute facts for, with and without
// a module (Bazel's nogo gives none, and analyses dependencies too).
func TestOwnPackage(t *testing.T) {
	pass := func(file string, m *analysis.Module) *analysis.Pass {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, file, "package p\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		return &analysis.Pass{Fset: fset, Files: []*ast.File{f}, Module: m}
	}
	for _, tc := range []struct {
		file string
		m    *analysis.Module
		want bool
	}{
		{"/src/op/controllers/a.go", &analysis.Module{Path: "example.com/op"}, true},
		{"/mod/k8s.io/client-go@v0.36.0/util/retry/util.go", &analysis.Module{Path: "k8s.io/client-go", Version: "v0.36.0"}, false},
		{filepath.Join(goroot, "src", "time", "sleep.go"), nil, false},
		// Bazel: the workspace's packages, and dependencies in external repositories.
		{"controllers/a.go", nil, true},
		{"external/gazelle++go_deps+io_k8s_client_go/util/retry/util.go", nil, false},
		{"/root/.cache/bazel/_bazel_root/x/execroot/_main/external/io_k8s_client_go/util/retry/util.go", nil, false},
		{"external/go_sdk/src/time/sleep.go", nil, false},
		// A module's own directory called external (cluster-api's controllers/external)
		// is the module's when the driver names the module.
		{"/src/capi/controllers/external/util.go", &analysis.Module{Path: "sigs.k8s.io/cluster-api"}, true},
	} {
		if got := OwnPackage(pass(tc.file, tc.m)); got != tc.want {
			t.Errorf("OwnPackage(%s, module %v) = %v, want %v", tc.file, tc.m, got, tc.want)
		}
	}
}
