package driver

import (
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"sort"

	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/internal/shallow"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax |
	packages.NeedTypesInfo | packages.NeedModule

// loaded is the outcome of the load phase.
type loaded struct {
	// pkgs are the packages loaded from source: the matched ones and their
	// same-module imports (support packages), imports linked (linkImports).
	pkgs []*packages.Package
	// matched are the IDs of the packages the patterns matched: the ones reported.
	matched map[string]bool
	// notes are lines for standard error (a controller-runtime release outside the
	// known ones).
	notes []string
	// cov says which matched packages can be analysed, and why the others cannot.
	cov Coverage
	// importCov is cov with the matched packages' own errors left out: what their
	// imports allow (the language server type-checks a package's own files itself).
	importCov Coverage
	// importer, set by loadDeferred, gives the types of a package, by package path,
	// from its export data: the packages have no Types.
	importer func(path string) (*types.Package, error)
}

// load loads the packages matched by patterns from source, and their dependencies from
// export data (the go build cache), which is what makes the standalone driver cheap:
// only the module's packages are type-checked from source. Packages of the same module
// that the matched packages import, but that the patterns do not match, are loaded from
// source too (as support packages), so that summary facts cross them; their findings are
// not reported. A matched package that does not type-check, or one of whose imports
// (transitively) did not load, is in cov.NotAnalysed with its reason (CoverageOf).
//
// keys, when not nil, is called with the matched packages before their imports are
// linked: the graph as go list returned it (the result cache's keys).
func load(cfg *packages.Config, patterns []string, keys func(matched []*packages.Package)) (*loaded, error) {
	return loadPackages(cfg, patterns, keys, true)
}

// loadPackages is load; without support, the same-module imports the patterns do not
// match come from export data like any dependency (their facts must then come from
// elsewhere: the result cache, see unitsOptions.facts).
func loadPackages(cfg *packages.Config, patterns []string, keys func(matched []*packages.Package), support bool) (*loaded, error) {
	cfg.Mode = loadMode
	roots, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	l := &loaded{matched: map[string]bool{}, notes: releaseNotes(roots)}
	for _, p := range roots {
		l.matched[p.ID] = true
	}
	// The packages of the main modules (the module, or the modules of a go.work) that
	// the roots import, transitively, but that the patterns do not match. Without
	// NeedDeps the packages in Imports are not type-checked, but go/packages fills in
	// their names, modules and imports: the whole import graph is there. A module
	// replaced by a directory is not a main module: its packages come from export data
	// like any dependency.
	var extra []string
	seen := map[string]bool{}
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		for _, imp := range p.Imports {
			if seen[imp.ID] {
				continue
			}
			seen[imp.ID] = true
			if imp.Module == nil || !imp.Module.Main {
				continue // the standard library and dependencies (they do not import the main modules)
			}
			if !l.matched[imp.ID] {
				extra = append(extra, imp.PkgPath)
			}
			visit(imp)
		}
	}
	for _, p := range roots {
		seen[p.ID] = true
	}
	for _, p := range roots {
		visit(p)
	}
	if len(extra) > 0 && support {
		// One more load, so that the roots and their same-module imports are
		// type-checked together and share their type objects (facts refer to them).
		sort.Strings(extra)
		if roots, err = packages.Load(cfg, append(append([]string{}, patterns...), extra...)...); err != nil {
			return nil, err
		}
	}
	// What can be analysed is read from the graph as go/packages returns it, before
	// linkImports replaces the imports by the packages the type checker used.
	l.cov = CoverageOf(roots, func(p *packages.Package) bool { return l.matched[p.ID] })
	ic := newCoverer()
	for _, p := range roots {
		if l.matched[p.ID] {
			ic.add(p, true)
		}
	}
	l.importCov = ic.cov
	if keys != nil {
		var matched []*packages.Package
		for _, p := range roots {
			if l.matched[p.ID] {
				matched = append(matched, p)
			}
		}
		keys(matched)
	}
	linkImports(roots)
	l.pkgs = roots
	return l, nil
}

// deferredMode lists the whole import graph with the compiler's export data of every
// package, and type-checks nothing.
const deferredMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedModule | packages.NeedExportFile |
	packages.NeedTypesSizes

// loadDeferred is the load of the standalone driver: one go list of the whole graph,
// no type-checking. The analysis (analyseUnits with check) then parses and type-checks
// each package of the main modules from source when its turn comes, against the
// export data of its imports, and drops its syntax and type information when it is
// done: the module's syntax and types never sit in memory at once, as they do after
// load. When anything in the graph has errors, or a package of the main modules has no
// export data, it returns load's result instead (full is called), so that what cannot
// be analysed, and why, is decided from a full load as always.
//
// The packages of the result have no Types: units import what they need through
// l.importer (export data, shared by the whole run).
func loadDeferred(cfg *packages.Config, patterns []string, keys func(matched []*packages.Package), full func() (*loaded, error)) (*loaded, error) {
	c := *cfg
	c.Mode = deferredMode
	roots, err := packages.Load(&c, patterns...)
	if err != nil {
		return nil, err
	}
	l := &loaded{matched: map[string]bool{}, notes: releaseNotes(roots)}
	for _, p := range roots {
		l.matched[p.ID] = true
	}
	exports := map[string]string{} // package path → export data file
	broken := false
	packages.Visit(roots, nil, func(p *packages.Package) {
		if len(p.Errors) > 0 || p.IllTyped {
			broken = true
		}
		if p.ExportFile == "" && len(p.CompiledGoFiles) > 0 {
			broken = true
		}
		exports[p.PkgPath] = p.ExportFile
	})
	if broken {
		return full()
	}
	l.cov = CoverageOf(roots, func(p *packages.Package) bool { return l.matched[p.ID] })
	l.importCov = l.cov
	if keys != nil {
		keys(roots)
	}
	fset := token.NewFileSet()
	l.importer = sharedImporter(fset, exports)
	if err := preImport(l.importer, roots, nil); err != nil {
		return full()
	}
	packages.Visit(roots, nil, func(p *packages.Package) { p.Fset = fset })
	l.pkgs = roots
	return l, nil
}

// loadMissed is the load of a run after an edit, when the result cache holds the
// facts of every same-module package the missed packages import (dependencyFacts):
// the missed packages (missed, by path: the edited package and its importers) are
// taken as the key load listed them (keyRoots), and only their imports are listed with
// export data. Nothing is compiled: the go command would otherwise build the edited
// package and every importer for export data that no unit reads (a unit type-checks a
// missed import from source, unitsOptions.sourceImports). ok is false when this does
// not apply (a missed package uses cgo, whose compiled files only a full list gives;
// an import has errors); the caller then loads the missed packages normally.
func loadMissed(cfg *packages.Config, keyRoots []*packages.Package, missed map[string]bool, contents map[string][]byte) (*loaded, bool) {
	var listed []*packages.Package
	deps := map[string]bool{}
	for _, p := range keyRoots {
		if !missed[p.PkgPath] {
			continue
		}
		if len(p.GoFiles) == 0 || len(p.Errors) > 0 {
			return nil, false
		}
		for _, f := range p.GoFiles {
			src, ok := contents[f]
			if !ok {
				return nil, false
			}
			hdr, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			if err != nil {
				return nil, false
			}
			for _, imp := range hdr.Imports {
				if imp.Path.Value == `"C"` {
					return nil, false // cgo: CompiledGoFiles are generated files
				}
			}
		}
		listed = append(listed, p)
	}
	// The imports of every package of the main modules, not only of the missed ones:
	// preImport completes them all, as a cold run does. A package that is not missed
	// imports no missed one (its key would have changed), so nothing here is compiled.
	for path := range moduleImports(keyRoots, missed) {
		deps[path] = true
	}
	if len(listed) != len(missed) {
		return nil, false
	}
	fset := token.NewFileSet()
	byPath := map[string]*packages.Package{}
	exports := map[string]string{}
	var sizes types.Sizes
	if len(deps) > 0 {
		c := *cfg
		c.Mode = deferredMode
		roots, err := packages.Load(&c, slices.Sorted(maps.Keys(deps))...)
		if err != nil {
			return nil, false
		}
		broken := false
		packages.Visit(roots, nil, func(p *packages.Package) {
			if len(p.Errors) > 0 || p.IllTyped || p.ExportFile == "" && len(p.CompiledGoFiles) > 0 {
				broken = true
			}
			byPath[p.PkgPath] = p
			exports[p.PkgPath] = p.ExportFile
			p.Fset = fset
			if sizes == nil {
				sizes = p.TypesSizes
			}
		})
		if broken {
			return nil, false
		}
	}
	if sizes == nil {
		sizes = types.SizesFor("gc", build.Default.GOARCH)
	}
	l := &loaded{matched: map[string]bool{}}
	fresh := map[string]*packages.Package{}
	for _, p := range listed {
		np := &packages.Package{
			ID: p.ID, Name: p.Name, PkgPath: p.PkgPath, Module: p.Module,
			GoFiles: p.GoFiles, CompiledGoFiles: p.GoFiles, OtherFiles: p.OtherFiles,
			IgnoredFiles: p.IgnoredFiles, EmbedFiles: p.EmbedFiles,
			Fset: fset, TypesSizes: sizes, Imports: map[string]*packages.Package{},
		}
		fresh[p.PkgPath] = np
		l.matched[np.ID] = true
		l.pkgs = append(l.pkgs, np)
	}
	for _, p := range listed {
		np := fresh[p.PkgPath]
		for path, imp := range p.Imports {
			q := fresh[imp.PkgPath]
			if q == nil {
				q = byPath[imp.PkgPath]
			}
			if q == nil {
				return nil, false
			}
			np.Imports[path] = q
		}
	}
	l.cov = Coverage{Analysable: l.pkgs}
	l.importCov = l.cov
	l.importer = sharedImporter(fset, exports)
	if err := preImport(l.importer, keyRoots, missed); err != nil {
		return nil, false
	}
	return l, true
}

// preImport imports, whole, every direct import of the packages of the main modules in
// the graph below roots (and of roots), but those in skip, before any unit runs. A
// package that a unit reaches only through another package's export data is partial
// (it holds what that export data refers to); once some package imports it directly,
// the shared importer completes it. Without this, what a rule finds by name in an
// indirect import (k8sapi.LookupObject: is there a reconcile.TerminalError?) would
// depend on the order in which units happen to run; with it, a package is complete
// exactly when some package of the module imports it, as when go/packages loaded every
// package up front, and the same whichever packages a run analyses.
//
// It imports them dependencies first (a package's imports before it, otherwise by path):
// a package's export data embeds the declarations of the other packages' objects it
// mentions, and the importer prunes those of packages it already holds (see
// shallow.Importer), which on cluster-api keeps about half the bytes the importer holds
// that path order would.
func preImport(imp func(path string) (*types.Package, error), roots []*packages.Package, skip map[string]bool) error {
	paths := moduleImports(roots, skip)
	for _, path := range dependenciesFirst(roots, paths) {
		if _, err := imp(path); err != nil {
			return err
		}
	}
	return nil
}

// dependenciesFirst returns paths ordered so that each package comes after those of
// paths it imports, transitively (in the graph below roots), and otherwise by path.
// Every path must be in that graph, as moduleImports' are.
func dependenciesFirst(roots []*packages.Package, paths map[string]bool) []string {
	var order []string
	seen := map[*packages.Package]bool{}
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
			visit(p.Imports[path])
		}
		if paths[p.PkgPath] {
			order = append(order, p.PkgPath)
		}
	}
	sorted := slices.Clone(roots)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].PkgPath < sorted[j].PkgPath })
	for _, p := range sorted {
		visit(p)
	}
	return order
}

// sharedImporter returns the importer of a run: one for all units, so that each
// package's export data is decoded once, whatever number of units import it (an
// importer per unit decodes the same packages over and over, and adds their files to
// the file set each time). It reads export data pruned to what the type checker reads
// (internal/shallow): the reader keeps every file it read for as long as the types it
// decoded live, to the end of a run, and the compiler's part of each file (inlinable
// bodies, the declarations of other packages' objects the importer already holds) is
// most of it.
func sharedImporter(fset *token.FileSet, exports map[string]string) func(path string) (*types.Package, error) {
	return shallow.Importer(fset, func(path string) (string, bool) {
		file, ok := exports[path]
		return file, ok
	})
}

// moduleImports returns the paths of the direct imports of roots and of every package of
// the main modules below them, but those in skip (and "C", which is no package).
func moduleImports(roots []*packages.Package, skip map[string]bool) map[string]bool {
	paths := map[string]bool{}
	seen := map[*packages.Package]bool{}
	var visit func(p *packages.Package, root bool)
	visit = func(p *packages.Package, root bool) {
		if seen[p] || !root && (p.Module == nil || !p.Module.Main) {
			return
		}
		seen[p] = true
		for _, q := range p.Imports {
			if !skip[q.PkgPath] && q.PkgPath != "C" {
				paths[q.PkgPath] = true
			}
			visit(q, false)
		}
	}
	for _, p := range roots {
		visit(p, true)
	}
	return paths
}

// releaseNotes returns a line for each controller-runtime release the roots import
// (transitively) that k8sapi has a note about (one it does not know).
func releaseNotes(roots []*packages.Package) []string {
	var notes []string
	noted := map[string]bool{}
	seen := map[*packages.Package]bool{}
	stack := slices.Clone(roots)
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		if v := ctrlVersion(p.Module); v != "" && !noted[v] {
			noted[v] = true
			if n := k8sapi.ReleaseNote(v); n != "" {
				notes = append(notes, n)
			}
		}
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
			stack = append(stack, p.Imports[path])
		}
	}
	return notes
}

// ctrlVersion returns the version of m when it is controller-runtime (the replacement's
// version when it is replaced by another version), or "".
func ctrlVersion(m *packages.Module) string {
	if m == nil || m.Path != k8sapi.CtrlRoot {
		return ""
	}
	if m.Replace != nil {
		return m.Replace.Version // "" for a directory replacement: not known
	}
	return m.Version
}

// linkImports replaces the placeholder imports that go/packages leaves without NeedDeps
// by the loaded packages (for packages loaded from source) or by packages synthesised
// from the export data the type checker used, so that the analysis checker can run
// fact-producing passes over the whole graph.
func linkImports(pkgs []*packages.Package) {
	byPath := map[string]*packages.Package{}
	for _, p := range pkgs {
		byPath[p.PkgPath] = p
	}
	var synth func(tp *types.Package, like *packages.Package) *packages.Package
	synth = func(tp *types.Package, like *packages.Package) *packages.Package {
		if p := byPath[tp.Path()]; p != nil {
			return p
		}
		p := &packages.Package{
			ID:         tp.Path(),
			Name:       tp.Name(),
			PkgPath:    tp.Path(),
			Types:      tp,
			Fset:       like.Fset,
			TypesSizes: like.TypesSizes,
			Imports:    map[string]*packages.Package{},
		}
		byPath[tp.Path()] = p
		for _, imp := range tp.Imports() {
			p.Imports[imp.Path()] = synth(imp, like)
		}
		return p
	}
	for _, p := range pkgs {
		if p.Types == nil {
			continue
		}
		typesByPath := map[string]*types.Package{}
		for _, imp := range p.Types.Imports() {
			typesByPath[imp.Path()] = imp
		}
		for path, imp := range p.Imports {
			if imp.Name == "" && len(imp.Errors) > 0 {
				// The go command could not load it: keep its reason (unloadedImports).
				// Only packages that fail to type-check import it; they are not analysed.
				continue
			}
			if q := byPath[imp.PkgPath]; q != nil && q != imp {
				p.Imports[path] = q
				continue
			}
			if q := byPath[path]; q != nil {
				p.Imports[path] = q
				continue
			}
			if tp := typesByPath[path]; tp != nil {
				p.Imports[path] = synth(tp, p)
			} else {
				// Not used by the type checker (e.g. only in ignored files): drop it.
				delete(p.Imports, path)
			}
		}
	}
}
