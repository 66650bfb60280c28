package driver

import (
	"fmt"
	"go/types"
	"maps"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax |
	packages.NeedTypesInfo | packages.NeedModule

// load loads the packages matched by patterns from source, and their dependencies from
// export data (the go build cache), which is what makes the standalone driver cheap:
// only the module's packages are type-checked from source. Packages of the same module
// that the matched packages import, but that the patterns do not match, are loaded from
// source too (as support packages), so that summary facts cross them; their findings are
// not reported. It returns the packages to analyse, the set of IDs to report, and notes
// for standard error (a controller-runtime release outside the known ones).
func load(cfg *packages.Config, patterns []string) ([]*packages.Package, map[string]bool, []string, error) {
	cfg.Mode = loadMode
	roots, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, nil, nil, err
	}
	var notes []string
	noted := map[string]bool{}
	report := map[string]bool{}
	for _, p := range roots {
		report[p.ID] = true
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
			if v := ctrlVersion(imp.Module); v != "" && !noted[v] {
				noted[v] = true
				if n := k8sapi.ReleaseNote(v); n != "" {
					notes = append(notes, n)
				}
			}
			if imp.Module == nil || !imp.Module.Main {
				continue // the standard library and dependencies (they do not import the main modules)
			}
			if !report[imp.ID] {
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
	if len(extra) > 0 {
		// One more load, so that the roots and their same-module imports are
		// type-checked together and share their type objects (facts refer to them).
		sort.Strings(extra)
		if roots, err = packages.Load(cfg, append(append([]string{}, patterns...), extra...)...); err != nil {
			return nil, nil, nil, err
		}
	}
	linkImports(roots)
	return roots, report, notes, nil
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

// maxLoadErrors is how many errors of one package loadErrors lists.
const maxLoadErrors = 10

// loadErrors returns a description of each package that failed to load or type-check:
// the package, then its errors (the first maxLoadErrors, and how many more), one a line.
//
// When the go command could not load some of their imports (a module missing from the
// module cache, or a vendor directory that does not hold it), the type errors are only
// what follows from that, and go/packages names no reason for them ("invalid package
// name"): the first description then names those imports and the go command's reason.
func loadErrors(pkgs []*packages.Package) []string {
	var out []string
	if u := unloadedImports(pkgs); u != "" {
		out = append(out, u)
	}
	for _, p := range pkgs {
		errs := p.Errors
		// The go command's compile of the export data repeats the type errors in one
		// ListError ("# pkg" and the compiler's lines): drop it when they are there.
		typed := slices.ContainsFunc(errs, func(e packages.Error) bool { return e.Kind != packages.ListError })
		if typed {
			errs = slices.DeleteFunc(slices.Clone(errs), func(e packages.Error) bool {
				return e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ")
			})
		}
		if len(errs) == 0 {
			continue
		}
		noun := "errors"
		if len(errs) == 1 {
			noun = "error"
		}
		var b strings.Builder
		fmt.Fprintf(&b, "package %s does not type-check (%d %s):", p.PkgPath, len(errs), noun)
		for i, e := range errs {
			if i == maxLoadErrors {
				fmt.Fprintf(&b, "\n\tand %d more", len(errs)-maxLoadErrors)
				break
			}
			b.WriteString("\n\t" + e.Error())
		}
		out = append(out, b.String())
	}
	return out
}

// unloadedImports describes the imports of the failing packages that the go command
// could not load: one line each with its reason, the first maxLoadErrors of them, and
// what to do when the reason is a vendor directory that does not hold them.
func unloadedImports(pkgs []*packages.Package) string {
	var lines []string
	seen := map[string]bool{}
	vendor := false
	for _, p := range pkgs {
		if len(p.Errors) == 0 {
			continue
		}
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
			imp := p.Imports[path]
			if imp.Name != "" || seen[path] {
				continue
			}
			i := slices.IndexFunc(imp.Errors, func(e packages.Error) bool { return e.Kind == packages.ListError })
			if i < 0 {
				continue
			}
			seen[path] = true
			msg := imp.Errors[i].Msg
			if j := strings.Index(msg, "-mod=vendor"); j >= 0 {
				vendor = true
				msg = msg[:j+len("-mod=vendor")] // the go command's explanation follows; the hint below says it once
			}
			lines = append(lines, path+": "+strings.Join(strings.Fields(msg), " "))
		}
	}
	if len(lines) == 0 {
		return ""
	}
	noun := "packages"
	if len(lines) == 1 {
		noun = "package"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "the go command could not load %d imported %s; the type errors below follow from that:", len(lines), noun)
	for i, l := range lines {
		if i == maxLoadErrors {
			fmt.Fprintf(&b, "\n\tand %d more", len(lines)-maxLoadErrors)
			break
		}
		b.WriteString("\n\t" + l)
	}
	if vendor {
		b.WriteString("\n\tthe module has a vendor directory (so the go command uses -mod=vendor) that does not hold them: run `go mod vendor` first, or run reconcilelint with GOFLAGS=-mod=mod")
	}
	return b.String()
}
