package driver

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/internal/vetfacts"
)

// passInput is one package, parsed and type-checked, for runPasses.
type passInput struct {
	fset      *token.FileSet
	files     []*ast.File
	other     []string // OtherFiles (non-Go files of the package)
	ignored   []string // IgnoredFiles
	readable  []string // every file Pass.ReadFile may read
	pkg       *types.Package
	info      *types.Info
	sizes     types.Sizes
	module    *analysis.Module
	facts     *vetfacts.Set // the facts of its imports, decoded; the package's own are added
	factsOnly bool          // run only the analyzers that produce facts (and what they require)
}

// runPasses runs the analyzers as on one package, each analyzer once, prerequisites
// first and independent analyzers concurrently, with the facts of in.facts. It is the
// one analysis engine of every driver: the vet-tool protocol runs it once per unit of
// the go command, the standalone driver and the language server once per package loaded
// from source (units.go). In factsOnly mode only the analyzers that produce facts run
// (their prerequisites run because they require them): the rules' findings would be
// thrown away, and nothing is returned.
func runPasses(in passInput, as []*analysis.Analyzer) []unitResult {
	roots := as
	if in.factsOnly {
		roots = nil
		seen := map[*analysis.Analyzer]bool{}
		var visit func(a *analysis.Analyzer)
		visit = func(a *analysis.Analyzer) {
			if seen[a] {
				return
			}
			seen[a] = true
			if len(a.FactTypes) > 0 {
				roots = append(roots, a)
			}
			for _, r := range a.Requires {
				visit(r)
			}
		}
		for _, a := range as {
			visit(a)
		}
	}
	readable := map[string]bool{}
	for _, f := range in.readable {
		readable[filepath.Clean(f)] = true
	}
	readFile := func(name string) ([]byte, error) {
		if !readable[filepath.Clean(name)] {
			return nil, fmt.Errorf("reconcilelint: %s is not a file of package %s", name, in.pkg.Path())
		}
		return os.ReadFile(name)
	}

	type action struct {
		once   sync.Once
		result any
		err    error
		diags  []analysis.Diagnostic
	}
	var mu sync.Mutex
	actions := map[*analysis.Analyzer]*action{}
	actionOf := func(a *analysis.Analyzer) *action {
		mu.Lock()
		defer mu.Unlock()
		act, ok := actions[a]
		if !ok {
			act = new(action)
			actions[a] = act
		}
		return act
	}
	var exec func(a *analysis.Analyzer) *action
	execAll := func(as []*analysis.Analyzer) {
		var wg sync.WaitGroup
		for _, a := range as {
			wg.Add(1)
			go func() {
				defer wg.Done()
				exec(a)
			}()
		}
		wg.Wait()
	}
	facts := in.facts
	exec = func(a *analysis.Analyzer) *action {
		act := actionOf(a)
		act.once.Do(func() {
			execAll(a.Requires)
			inputs := map[*analysis.Analyzer]any{}
			var failed []string
			for _, r := range a.Requires {
				ra := exec(r)
				if ra.err != nil {
					failed = append(failed, r.Name)
					continue
				}
				inputs[r] = ra.result
			}
			if failed != nil {
				sort.Strings(failed)
				act.err = fmt.Errorf("failed prerequisites: %s", strings.Join(failed, ", "))
				return
			}
			filter := map[reflect.Type]bool{}
			for _, f := range a.FactTypes {
				filter[reflect.TypeOf(f)] = true
			}
			pass := &analysis.Pass{
				Analyzer:     a,
				Fset:         in.fset,
				Files:        in.files,
				OtherFiles:   in.other,
				IgnoredFiles: in.ignored,
				Pkg:          in.pkg,
				TypesInfo:    in.info,
				TypesSizes:   in.sizes,
				ResultOf:     inputs,
				Report: func(d analysis.Diagnostic) {
					d.SuggestedFixes = validFixes(in.fset, d.SuggestedFixes)
					mu.Lock()
					act.diags = append(act.diags, d)
					mu.Unlock()
				},
				ImportObjectFact:  facts.ImportObjectFact,
				ExportObjectFact:  facts.ExportObjectFact,
				ImportPackageFact: facts.ImportPackageFact,
				ExportPackageFact: facts.ExportPackageFact,
				AllObjectFacts:    func() []analysis.ObjectFact { return facts.AllObjectFacts(filter) },
				AllPackageFacts:   func() []analysis.PackageFact { return facts.AllPackageFacts(filter) },
				ReadFile:          readFile,
				Module:            in.module,
			}
			act.result, act.err = a.Run(pass)
		})
		return act
	}
	execAll(roots)

	if in.factsOnly {
		var results []unitResult
		for _, a := range roots {
			if act := actionOf(a); act.err != nil {
				results = append(results, unitResult{a: a, err: act.err})
			}
		}
		return results
	}
	var results []unitResult
	for _, a := range as {
		act := actionOf(a)
		results = append(results, unitResult{a: a, diags: act.diags, err: act.err})
	}
	return results
}

// importedPackages returns every package the types of pkg can mention, by path: the
// export data of an import lists all the packages it refers to as the import's Imports.
func importedPackages(pkg *types.Package) map[string]*types.Package {
	packages := map[string]*types.Package{}
	var add func(p *types.Package)
	add = func(p *types.Package) {
		if packages[p.Path()] != nil {
			return
		}
		packages[p.Path()] = p
		for _, q := range p.Imports() {
			add(q)
		}
	}
	for _, p := range pkg.Imports() {
		add(p)
	}
	return packages
}

// newTypesInfo returns a types.Info with every map the analyzers may read.
func newTypesInfo() *types.Info {
	return &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
}
