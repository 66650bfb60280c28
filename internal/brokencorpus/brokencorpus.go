// Package brokencorpus is the corpus of broken modules that every driver is tested on:
// the states real operators are found in (an incomplete go.sum, a module not
// downloaded, a package that does not compile, kubebuilder's tools.go, testdata,
// build tags, cgo, a stale vendor directory, a go.work, a huge generated file). The
// modules are under testdata/broken; Prepare copies one and applies what cannot be
// committed (the missing go.sum line, the 50,000-line generated file).
//
// Each case says what every driver must do with it: the standalone command and the
// vet tool (internal/e2e), the language server (internal/lsp) and the golangci-lint
// plugin (plugin/gcl/integration). The rule for all of them: a package the patterns
// match is analysed, or named with the reason it was not and the run fails; nothing
// panics, nothing passes having skipped a package.
package brokencorpus

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/reconcilelint/reconcilelint/internal/testbin"
)

// Case is one broken module.
type Case struct {
	// Name is the directory under testdata/broken.
	Name string
	// Env is added to the environment of every driver (GOPROXY=off for a module that
	// is not downloaded; GOFLAGS= where a workspace or a vendor directory would
	// refuse -mod=mod).
	Env []string
	// Patterns are the command line's packages (./... when nil).
	Patterns []string
	// Prepare changes the copy (nil: none).
	prepare func(dir string) error

	// Standalone: the exit code of `reconcilelint PATTERNS`, and what its standard
	// error holds (each string, in order).
	Exit   int
	Stderr []string
	// Vet: whether go vet -vettool fails, and what its standard error holds.
	VetFails  bool
	VetStderr []string
	// LSP: the file opened (relative to the module), and either the text of the
	// window/showMessage the server sends once (Show), or "" when the package is
	// analysed and its diagnostics published.
	Open string
	Show []string
	// Plugin: whether golangci-lint fails, and what its output holds.
	GCLFails  bool
	GCLOutput []string
}

// Cases are the corpus.
var Cases = []Case{
	{
		// GOFLAGS= : the default -mod=readonly (with -mod=mod the go command would add
		// the hash itself from the module cache).
		Name: "gosum", prepare: dropSum("github.com/google/uuid v1.6.0 h1:"), Env: []string{"GOFLAGS="},
		Exit: 3, Stderr: []string{
			"reconcilelint: the go.sum of example.com/gosum is incomplete (missing go.sum entry for the module that provides github.com/google/uuid), so the go command cannot build its imports: run `go mod tidy` (or `go mod download`) in the module, then run reconcilelint again",
			"reconcilelint: package example.com/gosum/controllers is not analysed: its import github.com/google/uuid (through ",
			" did not load: missing go.sum entry for module providing package github.com/google/uuid",
			"reconcilelint: 0 packages analysed, 1 not analysed, 0 findings,"},
		VetFails: true, VetStderr: []string{"missing go.sum entry for module providing package github.com/google/uuid"},
		Open: "controllers/sleep_controller.go", Show: []string{"is not analysed", "run `go mod tidy`"},
		GCLFails: true, GCLOutput: []string{"missing go.sum entry"},
	},
	{
		Name: "notdownloaded", Env: []string{"GOPROXY=off", "GOFLAGS=-mod=mod"},
		Exit: 3, Stderr: []string{
			"reconcilelint: a module the build needs is not in the module cache and the module proxy is off: run `go mod download` in the module",
			"reconcilelint: package example.com/notdownloaded is not analysed: its import example.invalid/absent did not load: module lookup disabled by GOPROXY=off",
			"reconcilelint: 0 packages analysed, 1 not analysed, 0 findings,"},
		VetFails: true, VetStderr: []string{"example.invalid/absent"},
		Open: "main.go", Show: []string{"is not analysed", "go mod download"},
		GCLFails: true, GCLOutput: []string{"example.invalid/absent"},
	},
	{
		Name: "syntaximport",
		Exit: 3, Stderr: []string{
			"reconcilelint: package example.com/syntaximport/broken does not type-check (",
			"reconcilelint: package example.com/syntaximport/ctrl is not analysed: its import example.com/syntaximport/broken does not type-check: ",
			"reconcilelint: 1 package analysed, 2 not analysed, 0 findings,"},
		VetFails: true, VetStderr: []string{"broken/broken.go:5:13: syntax error"},
		Open: "ctrl/ctrl.go", Show: []string{"is not analysed: its import example.com/syntaximport/broken does not type-check"},
		GCLFails: true, GCLOutput: []string{"broken.go:5:13"},
	},
	{
		Name: "typeerror",
		Exit: 3, Stderr: []string{
			"reconcilelint: package example.com/typeerror/bad does not type-check (1 error):\n\t",
			`bad.go:5:13: cannot use "one" (untyped string constant) as int value in variable declaration`,
			"reconcilelint: 1 package analysed, 1 not analysed, 0 findings,"},
		VetFails: true, VetStderr: []string{`bad/bad.go:5:13: cannot use "one"`},
		Open:     "good/good.go",
		GCLFails: true, GCLOutput: []string{`bad.go:5:13: cannot use "one"`},
	},
	{
		Name: "tools",
		Exit: 0, Stderr: []string{"reconcilelint: 1 package, 0 findings,"},
		Open: "api/api.go",
	},
	{
		Name: "testdatadir",
		Exit: 0, Stderr: []string{"reconcilelint: 1 package, 0 findings,"},
		Open: "pkg/pkg.go",
	},
	{
		Name: "buildtags",
		Exit: 0, Stderr: []string{"reconcilelint: 1 package, 0 findings,"},
		Open: "tagged/tagged.go",
	},
	{
		Name: "cgo",
		Exit: 0, Stderr: []string{"reconcilelint: 1 package, 0 findings,"},
		Open: "native/native.go",
	},
	{
		Name: "vendor", Env: []string{"GOFLAGS="},
		Exit: 3, Stderr: []string{
			"inconsistent vendoring",
			"reconcilelint: the vendor directory does not match go.mod (the go command uses -mod=vendor when it exists): run `go mod vendor` first, or run reconcilelint with GOFLAGS=-mod=mod"},
		VetFails: true, VetStderr: []string{"inconsistent vendoring"},
		Open: "m/m.go", Show: []string{"inconsistent vendoring", "run `go mod vendor`"},
		GCLFails: true, GCLOutput: []string{"inconsistent vendoring"},
	},
	{
		Name: "gowork", Env: []string{"GOFLAGS="}, Patterns: []string{"./a/...", "./b/..."},
		Exit: 0, Stderr: []string{"reconcilelint: 2 packages, 0 findings,"},
		Open: "b/user/user.go",
	},
	{
		Name: "generated", prepare: generate("gen/zz_generated.go", 50000),
		Exit: 0, Stderr: []string{"reconcilelint: 1 package, 0 findings,"},
		Open: "gen/doc.go",
	},
}

// Root returns testdata/broken of the repository, from a test in a package directory
// of it (internal/x, or plugin/gcl/integration: pass the path up to the root).
func Root(up string) string {
	_, file, _, _ := runtime.Caller(0)
	if file != "" {
		return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "broken")
	}
	return filepath.Join(up, "testdata", "broken")
}

// Prepare copies the case's module into dir/NAME and returns that directory.
func (c Case) Prepare(dir string) (string, error) {
	dst := filepath.Join(dir, c.Name)
	if err := testbin.CopyTree(filepath.Join(Root(""), c.Name), dst); err != nil {
		return "", err
	}
	if c.prepare != nil {
		if err := c.prepare(dst); err != nil {
			return "", fmt.Errorf("%s: %v", c.Name, err)
		}
	}
	return dst, nil
}

// Args are the patterns of the command line.
func (c Case) Args() []string {
	if c.Patterns == nil {
		return []string{"./..."}
	}
	return c.Patterns
}

// dropSum deletes the go.sum lines that start with prefix: the transitive hash a
// go get or a hand merge loses.
func dropSum(prefix string) func(string) error {
	return func(dir string) error {
		file := filepath.Join(dir, "go.sum")
		data, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		var kept []string
		dropped := 0
		for _, l := range strings.SplitAfter(string(data), "\n") {
			if strings.HasPrefix(l, prefix) {
				dropped++
				continue
			}
			kept = append(kept, l)
		}
		if dropped == 0 {
			return fmt.Errorf("go.sum has no line %q", prefix)
		}
		return os.WriteFile(file, []byte(strings.Join(kept, "")), 0o644)
	}
}

// generate writes a generated file of n lines (small functions), as code generators
// write clientsets and deep-copy functions.
func generate(name string, n int) func(string) error {
	return func(dir string) error {
		var b strings.Builder
		b.WriteString("// Code generated by brokencorpus. DO NOT EDIT.\n\npackage gen\n\n")
		lines := 4
		for i := 0; lines+3 <= n; i++ {
			fmt.Fprintf(&b, "// F%d returns %d.\nfunc F%d() int { return %d }\n\n", i, i, i, i)
			lines += 3
		}
		for ; lines < n; lines++ {
			b.WriteString("\n")
		}
		return os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(b.String()), 0o644)
	}
}
