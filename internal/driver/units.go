package driver

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/internal/vetfacts"
)

// This file runs the analyzers over a go/packages graph the way the go command runs the
// vet tool over a build: one unit per package loaded from source, in import order, each
// seeing the facts of its direct imports through the same facts files (vetfacts) that
// the vet-tool protocol writes, and nothing else of them. The analysis of a package is
// therefore the same in every driver, and a unit needs from its imports only their types
// and their facts file, which is what lets the result cache (resultcache.go) replay the
// facts of packages it does not analyse again, and the language server keep the facts of
// a snapshot's same-module imports across edits.
//
// It replaced x/tools' checker in the standalone driver and the language server. The
// checker keeps every action's result (SSA, inspectors, type information) until the
// whole graph is done and passes facts through memory only; here a unit's results are
// dropped when the unit is done, and its facts are bytes that can be stored.

// unitsOptions are the variations of analyseUnits.
type unitsOptions struct {
	// facts returns the facts file of an import that is not analysed in this run: a
	// package of the main modules whose types come from export data (the result cache
	// keeps its facts), or a same-module import whose facts a language server snapshot
	// kept. ok is false when there are none: then an import loaded from source is
	// analysed (facts only), and one from export data contributes no facts, as a package
	// of another module never does.
	facts func(p *packages.Package) (data []byte, ok bool)
	// onFacts, when not nil, receives the facts file of every package analysed whose
	// analyzers all succeeded.
	onFacts func(p *packages.Package, data []byte)
	// release drops a package's syntax and type information (not its types) when its
	// unit is done: the standalone driver reports from positions and file contents only.
	release bool
	// importer, when not nil, is that of a deferred load (loadDeferred): the packages
	// have no types, and a unit is made of every root and every package of the main
	// modules below them, which parses and type-checks it from source, its imports'
	// types from export data by importer, as a vet-tool unit does.
	importer func(path string) (*types.Package, error)
	// sourceImports makes a unit import the packages that units of this run checked
	// from source, rather than their export data: the packages loadMissed gives have
	// none (nothing was compiled). Only then: elsewhere an import's export data may
	// refer to a package that a unit also checked from source, and one package in two
	// copies does not type-check.
	sourceImports bool
}

// analyseUnits runs as on roots (packages loaded from source, imports linked: see
// linkImports) and, for their facts, the fact-producing analyzers on the packages loaded
// from source that roots import. It returns one result per root, in the order of roots.
func analyseUnits(ctx context.Context, as []*analysis.Analyzer, roots []*packages.Package, opt unitsOptions) ([]*PackageResult, error) {
	if len(roots) == 0 {
		return nil, nil
	}
	// A unit waits for the units of its imports: a cycle would wait forever. go list
	// never returns one, but a graph changed after the load (linkImports, a language
	// server's edit) is checked here rather than trusted.
	if cycle := importCycle(roots); cycle != nil {
		return nil, fmt.Errorf("internal error: import cycle in the package graph handed to the analyzers: %s", strings.Join(cycle, " → "))
	}
	vetfacts.Register(as) // the fact types the facts files of this run can hold
	protect(as)

	type unit struct {
		p      *packages.Package
		root   int // index in roots, or -1: facts only
		done   chan struct{}
		facts  []byte // the facts file, once done
		failed string // the package (this one, or an import's) whose analysis failed
	}
	units := map[*packages.Package]*unit{}
	var order []*unit
	fromSource := func(p *packages.Package, root bool) bool {
		if opt.importer != nil {
			return len(p.CompiledGoFiles) > 0 && (root || p.Module != nil && p.Module.Main)
		}
		return p.Types != nil && p.TypesInfo != nil && len(p.Syntax) > 0
	}
	// stored are the facts of imports not analysed here (opt.facts), by package.
	stored := map[*packages.Package][]byte{}
	var visit func(p *packages.Package, root int)
	visit = func(p *packages.Package, root int) {
		if _, ok := units[p]; ok {
			return
		}
		if _, ok := stored[p]; ok {
			return
		}
		if root < 0 && opt.facts != nil {
			if data, ok := opt.facts(p); ok {
				stored[p] = data
				return
			}
		}
		if !fromSource(p, root >= 0) {
			stored[p] = nil // types from export data, no facts
			return
		}
		u := &unit{p: p, root: root, done: make(chan struct{})}
		units[p] = u
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
			visit(p.Imports[path], -1)
		}
		order = append(order, u) // imports first
	}
	for i, p := range roots {
		if u, ok := units[p]; ok {
			u.root = i // a root imported by a root visited before
			continue
		}
		visit(p, i)
	}

	out := make([]*PackageResult, len(roots))
	for i, p := range roots {
		out[i] = &PackageResult{Package: p}
	}
	imp := opt.importer
	var checked sync.Map // package path → *types.Package, with sourceImports
	if opt.sourceImports && imp != nil {
		imp = func(path string) (*types.Package, error) {
			if tp, ok := checked.Load(path); ok {
				return tp.(*types.Package), nil
			}
			return opt.importer(path)
		}
	}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	var mu sync.Mutex // guards out[i] of facts-only failures, none else
	for _, u := range order {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(u.done)
			p := u.p
			var paths []string
			factFiles := map[string][]byte{}
			for _, imp := range p.Imports {
				if iu := units[imp]; iu != nil {
					<-iu.done
					if iu.failed != "" && u.failed == "" {
						u.failed = iu.failed
					}
					if iu.facts != nil {
						paths = append(paths, imp.PkgPath)
						factFiles[imp.PkgPath] = iu.facts
					}
				} else if data := stored[imp]; data != nil {
					paths = append(paths, imp.PkgPath)
					factFiles[imp.PkgPath] = data
				}
			}
			if ctx.Err() != nil {
				return
			}
			sem <- struct{}{}
			defer func() { <-sem }()
			var res *PackageResult
			if u.root >= 0 {
				res = out[u.root]
			}
			files, pkg, info := p.Syntax, p.Types, p.TypesInfo
			if opt.importer != nil {
				var err error
				if files, pkg, info, err = checkFromSource(p, imp); err != nil {
					u.failed = p.PkgPath
					if res != nil {
						res.Errors = append(res.Errors, fmt.Sprintf("%s: %v", p.PkgPath, err))
					}
					return
				}
				if opt.sourceImports {
					checked.Store(p.PkgPath, pkg)
				}
			}
			facts := vetfacts.New(pkg)
			if err := facts.Decode(paths, importedPackages(pkg), func(path string) ([]byte, error) { return factFiles[path], nil }); err != nil {
				u.failed = p.PkgPath
				if res != nil {
					res.Errors = append(res.Errors, fmt.Sprintf("facts of the imports of %s: %v", p.PkgPath, err))
				}
				return
			}
			in := passInput{
				fset:      p.Fset,
				files:     files,
				other:     p.OtherFiles,
				ignored:   p.IgnoredFiles,
				readable:  slices.Concat(p.GoFiles, p.CompiledGoFiles, p.OtherFiles, p.IgnoredFiles),
				pkg:       pkg,
				info:      info,
				sizes:     p.TypesSizes,
				facts:     facts,
				factsOnly: res == nil,
			}
			if m := p.Module; m != nil {
				in.module = &analysis.Module{Path: m.Path, Version: m.Version, GoVersion: m.GoVersion}
			}
			results := runPasses(in, as)
			if opt.release {
				p.Syntax, p.TypesInfo = nil, nil
			}
			ok := true
			for _, r := range results {
				if r.err != nil {
					ok = false
					if res != nil {
						mu.Lock()
						res.Errors = append(res.Errors, fmt.Sprintf("%s on %s: %v", r.a.Name, p.PkgPath, r.err))
						res.failures = append(res.failures, analyzerFailure{r.a.Name, r.err.Error()})
						mu.Unlock()
					}
				}
				if res == nil {
					continue
				}
				for _, d := range r.diags {
					res.Findings = append(res.Findings, Finding{Rule: r.a.Name, Posn: p.Fset.Position(d.Pos),
						End: p.Fset.Position(d.End), Message: d.Message, URL: d.URL, Diag: d, Fset: p.Fset})
				}
			}
			if !ok {
				u.failed = p.PkgPath
			}
			if res != nil && u.failed != "" && u.failed != p.PkgPath {
				res.Errors = append(res.Errors, fmt.Sprintf("the facts of %s are incomplete: an analyzer failed on %s", p.PkgPath, u.failed))
			}
			data, err := facts.Encode()
			if err != nil {
				u.failed = p.PkgPath
				if res != nil {
					res.Errors = append(res.Errors, fmt.Sprintf("facts of %s: %v", p.PkgPath, err))
				}
				return
			}
			u.facts = data
			if ok && u.failed == "" && opt.onFacts != nil {
				opt.onFacts(p, data)
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// checkFromSource parses the compiled Go files of p (loaded without types) and
// type-checks them against the types of its imports, which imp reads from export data
// by package path.
func checkFromSource(p *packages.Package, imp func(path string) (*types.Package, error)) ([]*ast.File, *types.Package, *types.Info, error) {
	var files []*ast.File
	for _, name := range p.CompiledGoFiles {
		f, err := parser.ParseFile(p.Fset, name, nil, parser.AllErrors|parser.ParseComments)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("does not parse: %v", err)
		}
		files = append(files, f)
	}
	info := newTypesInfo()
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			if q := p.Imports[path]; q != nil {
				return imp(q.PkgPath)
			}
			return nil, fmt.Errorf("could not import %s (not among the imports loaded)", path)
		}),
		Sizes: p.TypesSizes,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	pkg, err := tc.Check(p.PkgPath, p.Fset, files, info)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("does not type-check from source: %v", err)
	}
	return files, pkg, info, nil
}
