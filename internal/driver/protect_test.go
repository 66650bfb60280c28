package driver

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestProtect(t *testing.T) {
	dep := &analysis.Analyzer{Name: "dep", Doc: "d", Run: func(*analysis.Pass) (any, error) { panic("boom") }}
	a := &analysis.Analyzer{Name: "a", Doc: "a", Requires: []*analysis.Analyzer{dep}, Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	protect([]*analysis.Analyzer{a})
	protect([]*analysis.Analyzer{a}) // idempotent
	_, err := dep.Run(&analysis.Pass{Analyzer: dep, Pkg: nil})
	if err == nil || !strings.Contains(err.Error(), "dep panicked") {
		t.Fatalf("panic not turned into an error: %v", err)
	}
}
