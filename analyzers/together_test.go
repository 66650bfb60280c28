package analyzers_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/analyzers"
)

// TestAllRulesTogether runs every rule at once, as the drivers do, over the basic cases of
// every rule (testdata/src/RULE/basic), with the checker analysing packages in parallel:
// no analysis fails, and each rule still reports on its own basic package (the shared
// passes give a rule the same results whatever else runs beside it). make test runs this
// package under the race detector and the rule packages' analysistest cases without it
// (they run one rule at a time); this test is where the detector sees every rule and
// shared pass running concurrently.
func TestAllRulesTogether(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the basic cases of every rule")
	}
	td, err := filepath.Abs(filepath.Join(root, "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	c := analyzers.Config{Enable: []string{"all"}}
	as, err := c.Analyzers()
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for _, a := range as {
		if _, err := os.Stat(filepath.Join(td, "src", a.Name, "basic")); err != nil {
			t.Errorf("rule %s has no testdata/src/%s/basic", a.Name, a.Name)
			continue
		}
		patterns = append(patterns, a.Name+"/basic")
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  filepath.Join(td, "src"),
		Env:  append(os.Environ(), "GOPATH="+td, "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		t.Fatalf("%d errors loading the basic cases", n)
	}
	graph, err := checker.Analyze(as, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for act := range graph.All() {
		if act.Err != nil {
			t.Errorf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
			continue
		}
		if !act.IsRoot || len(act.Diagnostics) == 0 {
			continue
		}
		if strings.HasPrefix(act.Package.PkgPath, act.Analyzer.Name+"/") {
			found[act.Analyzer.Name] = true
		}
	}
	for _, a := range as {
		if !found[a.Name] {
			t.Errorf("%s reports nothing on %s/basic when every rule runs", a.Name, a.Name)
		}
	}
}
