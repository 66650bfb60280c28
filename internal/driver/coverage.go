package driver

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// This file decides what was not analysed, for every driver: the standalone command
// and the language server read the go/packages graph with Coverage; the vet tool (a
// unit's own parse or type error) and every driver's whole-load failure (go list
// itself failed) go through Explain, which turns the go command's words into the one
// line that says what to run. A package matched by the patterns is either analysed or
// named with its reason: never dropped in silence.

// NotAnalysed is a package matched by the patterns that was not analysed, and why.
type NotAnalysed struct {
	Path string
	// Reason is what the standard error and the editor show after the package path:
	// "does not type-check (2 errors):\n\t…" for its own errors, "is not analysed: its
	// import X did not load: …" when the cause is an import.
	Reason string
	// Own is true when the package's own files are the cause (parse or type errors).
	Own bool
}

// Line is the description of n as the drivers print it, after "reconcilelint: ".
func (n NotAnalysed) Line() string { return "package " + n.Path + " " + n.Reason }

// Coverage is what a load allows to analyse.
type Coverage struct {
	// Analysable are the matched packages whose own files and every import loaded and
	// type-checked.
	Analysable []*packages.Package
	// NotAnalysed are the other matched packages, in the order of the load.
	NotAnalysed []NotAnalysed
	// Hints are lines about the module rather than a package (an incomplete go.sum, a
	// module missing from the module cache, a stale vendor directory): each says what
	// to run, once, before the packages it explains.
	Hints []string
}

// maxLoadErrors is how many errors of one package a description lists.
const maxLoadErrors = 10

// failure is why a package cannot be analysed: the first package on its import
// chain (itself included) that has errors of its own, and the chain to it.
type failure struct {
	pkg   *packages.Package
	chain []string // import paths from the package to pkg, pkg last
	cycle bool     // pkg imports itself, transitively
}

// CoverageOf classifies the matched packages (matched(p) true) of a go/packages load
// (the graph as go/packages returns it, before linkImports). A matched package is
// analysable when neither it nor anything it imports, transitively, has errors or is
// ill-typed; otherwise the reason names its own errors, or the import that failed and
// why. Packages that go/packages marks ill-typed with no error anywhere below them are
// still named ("gave no reason"), never dropped.
func CoverageOf(pkgs []*packages.Package, matched func(*packages.Package) bool) Coverage {
	c := newCoverer()
	for _, p := range pkgs {
		if matched(p) {
			c.add(p, false)
		}
	}
	return c.cov
}

// coverer computes a Coverage; it remembers what it found below each package.
type coverer struct {
	cov     Coverage
	memo    map[*packages.Package]*failure
	done    map[*packages.Package]bool
	onStack map[*packages.Package]bool
	hints   map[string]bool
}

func newCoverer() *coverer {
	return &coverer{memo: map[*packages.Package]*failure{}, done: map[*packages.Package]bool{},
		onStack: map[*packages.Package]bool{}, hints: map[string]bool{}}
}

// fail returns the first failing package at or below p (imports in sorted order).
// The graph go/packages returns is acyclic (go list reports an import cycle as an
// error of the package that closes it); onStack keeps a bad graph from recursing
// forever all the same.
func (c *coverer) fail(p *packages.Package) *failure {
	if c.done[p] {
		return c.memo[p]
	}
	if c.onStack[p] {
		return &failure{pkg: p, chain: []string{p.PkgPath}, cycle: true}
	}
	c.onStack[p] = true
	defer delete(c.onStack, p)
	// The deepest failure is the cause: a package that does not type-check because
	// it could not import another (go/packages type-checks from source a package whose
	// export data the go command could not build) is not the one to name.
	f := c.importFail(p)
	if f == nil && len(ownErrors(p)) > 0 {
		f = &failure{pkg: p, chain: []string{p.PkgPath}}
	}
	c.memo[p], c.done[p] = f, true
	return f
}

// importFail is fail for the imports of p only.
func (c *coverer) importFail(p *packages.Package) *failure {
	for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
		if g := c.fail(p.Imports[path]); g != nil {
			return &failure{pkg: g.pkg, chain: append([]string{p.PkgPath}, g.chain...)}
		}
	}
	return nil
}

func (c *coverer) addHint(h string) {
	if h != "" && !c.hints[h] {
		c.hints[h] = true
		c.cov.Hints = append(c.cov.Hints, h)
	}
}

// add classifies the matched package p. With importsOnly, p's own errors are not
// looked at (the language server type-checks a package's own files itself).
func (c *coverer) add(p *packages.Package, importsOnly bool) {
	// A matched package is described by its own errors, unless they only say that
	// an import could not be imported: then by the import that failed.
	var f *failure
	if errs := ownErrors(p); !importsOnly && slices.ContainsFunc(errs, notImportError) {
		f = &failure{pkg: p, chain: []string{p.PkgPath}}
	} else {
		f = c.importFail(p)
		if f == nil && !importsOnly && len(errs) > 0 {
			f = &failure{pkg: p, chain: []string{p.PkgPath}}
		}
	}
	switch {
	case f == nil && (importsOnly || !p.IllTyped):
		c.cov.Analysable = append(c.cov.Analysable, p)
	case f == nil:
		c.cov.NotAnalysed = append(c.cov.NotAnalysed, NotAnalysed{Path: p.PkgPath,
			Reason: "is not analysed: its type information is incomplete and the go command gave no reason (run go build on it to see why)"})
	case f.cycle || len(ownErrors(f.pkg)) == 0:
		c.cov.NotAnalysed = append(c.cov.NotAnalysed, NotAnalysed{Path: p.PkgPath,
			Reason: "is not analysed: import cycle through " + strings.Join(f.chain, " → ")})
	case f.pkg == p:
		errs := ownErrors(p)
		for _, e := range errs {
			c.addHint(Explain(e.Msg, mainModule(p)).Hint)
		}
		c.cov.NotAnalysed = append(c.cov.NotAnalysed, NotAnalysed{Path: p.PkgPath, Own: true, Reason: ownReason(errs)})
	default:
		errs := ownErrors(f.pkg)
		ex := Explain(errs[0].Msg, mainModule(p))
		c.addHint(ex.Hint)
		via := ""
		switch between := f.chain[1 : len(f.chain)-1]; {
		case len(between) > 2:
			via = " (through " + between[0] + " → … → " + between[len(between)-1] + ")"
		case len(between) > 0:
			via = " (through " + strings.Join(between, " → ") + ")"
		}
		verb := "does not type-check"
		if f.pkg.Name == "" || errs[0].Kind == packages.ListError || errs[0].Kind == packages.UnknownError {
			verb = "did not load"
		}
		c.cov.NotAnalysed = append(c.cov.NotAnalysed, NotAnalysed{Path: p.PkgPath,
			Reason: fmt.Sprintf("is not analysed: its import %s%s %s: %s", f.pkg.PkgPath, via, verb, ex.Short)})
	}
}

// notImportError reports whether e is something else than a type error that says an
// import could not be imported.
func notImportError(e packages.Error) bool {
	return e.Kind != packages.TypeError || !strings.Contains(e.Msg, "could not import ")
}

// ownErrors returns the errors of p itself, without the compiler's copy of its type
// errors that the go command adds when it builds export data ("# pkg" and the
// compiler's lines).
func ownErrors(p *packages.Package) []packages.Error {
	errs := p.Errors
	if slices.ContainsFunc(errs, func(e packages.Error) bool { return e.Kind != packages.ListError }) {
		errs = slices.DeleteFunc(slices.Clone(errs), func(e packages.Error) bool {
			return e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ")
		})
	}
	return errs
}

// ownReason describes a package's own errors: the first maxLoadErrors, one a line.
func ownReason(errs []packages.Error) string {
	var b strings.Builder
	fmt.Fprintf(&b, "does not type-check (%s):", plural(len(errs), "error"))
	for i, e := range errs {
		if i == maxLoadErrors {
			fmt.Fprintf(&b, "\n\tand %d more", len(errs)-maxLoadErrors)
			break
		}
		b.WriteString("\n\t" + strings.ReplaceAll(e.Error(), "\n", "\n\t"))
	}
	return b.String()
}

// mainModule returns the directory-and-path description of the main module p belongs
// to, for hints ("" when p is not in a main module).
func mainModule(p *packages.Package) string {
	if p.Module != nil && p.Module.Main {
		return p.Module.Path
	}
	return ""
}

// Explanation is the go command's reason for a failure, in the driver's words.
type Explanation struct {
	// Short is the reason on one line (the go command's message with its file
	// position and its "to add:" advice dropped when Hint says what to do).
	Short string
	// Hint is one line about the module and what to run, or "" when the reason is
	// the package's own code.
	Hint string
	// Environment is true when the cause is the module's state on this machine (an
	// incomplete go.sum, a module not downloaded, a vendor directory out of date):
	// not a mistake in the command line.
	Environment bool
}

var (
	missingSum   = regexp.MustCompile(`missing go\.sum entry (?:for module providing package (\S+)|for go\.mod file)?(?:; to add it:)?`)
	sumModule    = regexp.MustCompile(`(\S+@v\S+?):? missing go\.sum entry`)
	lookupOff    = regexp.MustCompile(`(\S+@\S+?):? (?:module lookup disabled by GOPROXY=off|reading \S+: .*GOPROXY=off)`)
	noModule     = regexp.MustCompile(`no required module provides package (\S+?);`)
	vendorStale  = regexp.MustCompile(`inconsistent vendoring|vendor/modules\.txt|import lookup disabled by -mod=vendor`)
	goModUpdate  = regexp.MustCompile(`updates to go\.mod needed|go: updates to go\.sum needed`)
	filePosition = regexp.MustCompile(`^\S+\.go:\d+(?::\d+)?: `)
	cycleError   = regexp.MustCompile(`import cycle not allowed`)
)

// Explain turns an error message of the go command (or of go/packages) into a short
// reason and, for failures of the module's state, a hint of what to run. module is the
// main module's path, for the hint ("" when not known).
func Explain(msg, module string) Explanation {
	flat := strings.Join(strings.Fields(msg), " ")
	short := filePosition.ReplaceAllString(flat, "")
	in := ""
	if module != "" {
		in = " of " + module
	}
	switch {
	case missingSum.MatchString(flat):
		what := ""
		if m := missingSum.FindStringSubmatch(flat); m != nil && m[1] != "" {
			what = " for the module that provides " + m[1]
		} else if m := sumModule.FindStringSubmatch(flat); m != nil {
			what = " for " + m[1]
		}
		if i := strings.Index(short, "; to add"); i >= 0 {
			short = short[:i]
		}
		return Explanation{Short: short, Environment: true,
			Hint: "the go.sum" + in + " is incomplete (missing go.sum entry" + what + "), so the go command cannot build its imports: run `go mod tidy` (or `go mod download`) in the module, then run reconcilelint again"}
	case lookupOff.MatchString(flat) || strings.Contains(flat, "GOPROXY=off"):
		mod := ""
		if m := lookupOff.FindStringSubmatch(flat); m != nil {
			mod = " (" + m[1] + ")"
		}
		return Explanation{Short: short, Environment: true,
			Hint: "a module the build needs is not in the module cache" + mod + " and the module proxy is off: run `go mod download` in the module (with network access), then run reconcilelint again"}
	case vendorStale.MatchString(flat):
		return Explanation{Short: short, Environment: true,
			Hint: "the vendor directory" + in + " does not match go.mod (the go command uses -mod=vendor when it exists): run `go mod vendor` first, or run reconcilelint with GOFLAGS=-mod=mod"}
	case goModUpdate.MatchString(flat):
		return Explanation{Short: short, Environment: true,
			Hint: "go.mod" + in + " needs updates before the go command can load it: run `go mod tidy`, then run reconcilelint again"}
	case noModule.MatchString(flat):
		if i := strings.Index(short, "; to add"); i >= 0 {
			short = short[:i]
		}
		return Explanation{Short: short, Environment: true,
			Hint: "an import is provided by no module in go.mod" + in + ": run `go mod tidy` (or go get the module), then run reconcilelint again"}
	case cycleError.MatchString(flat):
		return Explanation{Short: short}
	}
	return Explanation{Short: short}
}
