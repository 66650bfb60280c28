package driver

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// Request is one analysis run, for drivers other than the command line (the language
// server): the analyzers to run, the directory and patterns to load, and unsaved file
// contents (go/packages overlays, absolute file name → content).
type Request struct {
	Analyzers  []*analysis.Analyzer
	Dir        string
	Patterns   []string
	Overlay    map[string][]byte
	BuildFlags []string
	// Cached, for Load, is the result-cache entry of the package in Dir, computed from
	// the files on disk (ResultCache.Lookup): when the cache holds the facts of every
	// same-module package it imports, those come from export data with their stored
	// facts instead of being type-checked and analysed from source.
	Cached *CacheEntry
}

// Result is the outcome of Analyze.
type Result struct {
	// Findings of the matched packages, sorted by position.
	Findings []Finding
	// NotAnalysed are the matched packages that were not analysed, with the reason.
	NotAnalysed []NotAnalysed
	// Hints are lines about the module's state (an incomplete go.sum, ...) that say
	// what to run; see Coverage.
	Hints []string
	// Problems are analyzer errors, one line each: the findings of the packages they
	// name may be incomplete.
	Problems []string
}

// Incomplete reports whether something the request matched was not fully analysed.
func (r *Result) Incomplete() bool { return len(r.NotAnalysed) > 0 || len(r.Problems) > 0 }

// Analyze loads the packages matched by the request (dependencies from export data, see
// load) and runs the analyzers on them. Packages that cannot be analysed are in
// NotAnalysed with their reason; the others are analysed. Cancelling ctx stops the go
// command (packages.Config.Context); Analyze then returns ctx's error, never partial
// results.
func Analyze(ctx context.Context, req Request) (*Result, error) {
	lcfg := &packages.Config{Context: ctx, Dir: req.Dir, Overlay: req.Overlay, BuildFlags: req.BuildFlags}
	l, err := load(lcfg, req.Patterns, nil)
	if err := ctx.Err(); err != nil {
		return nil, err // go/packages does not wrap it
	}
	if err != nil {
		return nil, err
	}
	res := &Result{NotAnalysed: l.cov.NotAnalysed, Hints: l.cov.Hints}
	units, err := analysePackages(ctx, req.Analyzers, l.cov.Analysable)
	if err != nil {
		return nil, err
	}
	for _, u := range units {
		res.Findings = append(res.Findings, u.Findings...)
		res.Problems = append(res.Problems, u.Errors...)
	}
	sortFindings(res.Findings)
	return res, nil
}

// PackageResult is the analysis of one matched package: the unit of work of the
// analyse phase. Its inputs are the package (type-checked, imports linked: what the
// facts of its imports are computed from) and the analyzers; its outputs are the
// findings of every analyzer on it, before any filter (exclude globs, file arguments,
// baseline), and the errors of the analyzers that failed. A per-package result cache
// stores and replays exactly this, keyed by those inputs.
type PackageResult struct {
	Package  *packages.Package
	Findings []Finding
	Errors   []string
	// Cached is true for a result replayed from the result cache (resultcache.go).
	Cached bool
	// failures are the analyzers that failed, with their errors (for -json).
	failures []analyzerFailure
}

// analyzerFailure is an analyzer's error on a package.
type analyzerFailure struct {
	analyzer, err string
}

// analysePackages runs the analyzers on pkgs (analysable packages: see Coverage) and
// returns one result per package, in the order of pkgs; the passes with facts run on
// the same-module imports loaded from source too (analyseUnits).
func analysePackages(ctx context.Context, as []*analysis.Analyzer, pkgs []*packages.Package) ([]*PackageResult, error) {
	return analyseUnits(ctx, as, pkgs, unitsOptions{})
}

// importCycle returns a cycle of the import graph below pkgs (package paths, the first
// repeated last), or nil. It walks without recursion: the graph's depth is not bounded
// by anything this driver controls.
func importCycle(pkgs []*packages.Package) []string {
	const (
		white = iota
		grey
		black
	)
	color := map[*packages.Package]int{}
	type frame struct {
		p    *packages.Package
		deps []*packages.Package
	}
	for _, root := range pkgs {
		if color[root] != white {
			continue
		}
		stack := []frame{{root, slices.Collect(maps.Values(root.Imports))}}
		color[root] = grey
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if len(top.deps) == 0 {
				color[top.p] = black
				stack = stack[:len(stack)-1]
				continue
			}
			next := top.deps[0]
			top.deps = top.deps[1:]
			switch color[next] {
			case grey:
				var cycle []string
				for i := len(stack) - 1; i >= 0; i-- {
					cycle = append([]string{stack[i].p.PkgPath}, cycle...)
					if stack[i].p == next {
						break
					}
				}
				return append(cycle, next.PkgPath)
			case white:
				color[next] = grey
				stack = append(stack, frame{next, slices.Collect(maps.Values(next.Imports))})
			}
		}
	}
	return nil
}

// A Snapshot is the loaded state of one package directory that a long-running driver
// (the language server) keeps across edits of that directory's files: the types of the
// package's dependencies (export data), its same-module imports type-checked from
// source (support packages), and what that state was computed from.
//
// Snapshot.Analyze parses and type-checks only the directory's own files, with the
// current buffers, against that state, and runs the analyzers: no go command, no
// compilation, no type-checking of anything else. Valid tells when the state no longer
// matches the inputs (a file's imports, package clause or build constraints changed, a
// file was added or removed, a buffer or file of another package changed, go.mod
// changed), and Load must run again.
type Snapshot struct {
	dir        string
	buildFlags []string
	root       *packages.Package   // as loaded, imports linked; nil in fallback mode
	support    []*packages.Package // same-module imports from source that type-check
	blocked    []NotAnalysed       // why the root cannot be analysed whatever its files say (an import failed)
	hints      []string            // Coverage.Hints of the load
	headers    map[string]string   // the directory's non-test Go files → header at load
	others     string              // hash of the buffers outside the directory at load
	stamps     map[string]fileStamp
	moduleDirs []string      // directories of the main modules
	fallback   bool          // every Analyze loads everything again (cgo, no package, …)
	added      []*token.File // the files the last Analyze parsed into the shared file set
	// supportFacts are the facts files of the support packages, computed by the first
	// Analyze: they depend on the support packages only, which Valid watches.
	supportFacts map[*packages.Package][]byte
	factsFor     string // the analyzers they were computed with (analyzersKey)
	// cachedFacts are the stored facts files of the same-module imports, by path, when
	// Load took them from the result cache instead of loading them from source.
	cachedFacts map[string][]byte
	cachedFor   string // the analyzers they were computed with (analyzersKey)
	// LoadTime is how long Load took (for logs).
	LoadTime time.Duration
}

type fileStamp struct {
	size  int64
	mtime time.Time
}

func stampOf(file string) fileStamp {
	st, err := os.Stat(file)
	if err != nil {
		return fileStamp{size: -1}
	}
	return fileStamp{size: st.Size(), mtime: st.ModTime()}
}

// Load loads the package in req.Dir (req.Patterns and req.Analyzers are ignored) for
// repeated analyses with Snapshot.Analyze. Buffers of the directory's own files whose
// headers (build constraints, package clause, imports) match the file on disk are not
// given to the go command: their contents do not change what is loaded, and without them
// the package's export data, which go list -export builds, comes from the build cache
// instead of a compilation. Cancelling ctx stops the go command.
func Load(ctx context.Context, req Request) (*Snapshot, error) {
	start := time.Now()
	dir := filepath.Clean(req.Dir)
	s := &Snapshot{dir: dir, buildFlags: req.BuildFlags, stamps: map[string]fileStamp{}}
	s.headers = dirHeaders(dir, req.Overlay)
	s.others = hashOthers(dir, req.Overlay)
	base := map[string][]byte{}
	for file, content := range req.Overlay {
		if filepath.Dir(file) == dir {
			if disk, err := os.ReadFile(file); err == nil && fileHeader(disk) == fileHeader(content) {
				continue
			}
		}
		base[file] = content
	}
	lcfg := &packages.Config{Context: ctx, Dir: dir, Overlay: base, BuildFlags: req.BuildFlags}
	support := true
	if len(base) == 0 && len(req.BuildFlags) == 0 {
		if facts, files, ok := req.Cached.importFacts(); ok {
			support = false
			s.cachedFacts, s.cachedFor = facts, req.Cached.c.as
			for _, f := range files {
				s.stamps[f] = stampOf(f)
			}
		}
	}
	l, err := loadPackages(lcfg, []string{"."}, nil, support)
	if err := ctx.Err(); err != nil {
		return nil, err // go/packages does not wrap it
	}
	if err != nil {
		return nil, err
	}
	for _, p := range l.pkgs {
		if l.matched[p.ID] {
			if s.root != nil {
				s.fallback = true // more than one package: let go/packages sort it out
			}
			s.root = p
			continue
		}
		if len(p.Errors) == 0 && !p.IllTyped {
			s.support = append(s.support, p)
		}
		for _, f := range slices.Concat(p.GoFiles, p.CompiledGoFiles, p.OtherFiles) {
			s.stamps[f] = stampOf(f)
		}
		if p.Module != nil && p.Module.Main {
			s.addModule(p.Module)
		}
	}
	// The root's own files are parsed and type-checked again by every Analyze: only
	// what its imports allow is decided here.
	s.blocked, s.hints = l.importCov.NotAnalysed, l.importCov.Hints
	r := s.root
	if r == nil || r.Types == nil || r.Fset == nil || len(r.CompiledGoFiles) != len(r.GoFiles) || usesCgo(r) {
		s.fallback = true
	}
	if r != nil && r.Module != nil {
		s.addModule(r.Module)
	}
	if s.fallback {
		s.root = nil
	}
	s.LoadTime = time.Since(start)
	return s, nil
}

// SupportPackages returns the number of same-module imports type-checked from source
// that the snapshot holds (for logs).
func (s *Snapshot) SupportPackages() int { return len(s.support) }

// CachedImports returns the number of same-module imports whose facts the snapshot
// took from the result cache (for logs).
func (s *Snapshot) CachedImports() int { return len(s.cachedFacts) }

func (s *Snapshot) addModule(m *packages.Module) {
	if m.Dir != "" && !slices.Contains(s.moduleDirs, m.Dir) {
		s.moduleDirs = append(s.moduleDirs, m.Dir)
	}
	for _, f := range []string{m.GoMod, filepath.Join(m.Dir, "go.sum")} {
		if f != "" && m.Dir != "" {
			s.stamps[f] = stampOf(f)
		}
	}
}

// Valid reports whether the snapshot still describes the package in its directory
// given the buffers in overlay (absolute file name → content) and the files on disk.
func (s *Snapshot) Valid(overlay map[string][]byte) bool {
	if hashOthers(s.dir, overlay) != s.others {
		return false
	}
	now := dirHeaders(s.dir, overlay)
	if len(now) != len(s.headers) {
		return false
	}
	for f, h := range now {
		old, ok := s.headers[f]
		if !ok {
			return false
		}
		// A header that does not parse tells nothing: the parse error is reported by
		// Analyze, and the snapshot serves again once the header is back.
		if h != old && h != headerError {
			return false
		}
	}
	for f, st := range s.stamps {
		if stampOf(f) != st {
			return false
		}
	}
	return true
}

// Covers reports whether a change on disk to file is seen by Valid: files of the main
// modules (same-module imports are support packages, whose files Valid checks; other
// packages of the module are not imported). A change elsewhere (a module replaced by a
// directory, a go.work module's neighbour) needs a new Load.
func (s *Snapshot) Covers(file string) bool {
	for _, d := range s.moduleDirs {
		if strings.HasPrefix(file, d+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// Analyze runs the analyzers on the snapshot's package with the given buffers. The
// package's files are parsed and type-checked again; everything else is reused. A file
// that does not parse or type-check makes the package NotAnalysed (Own, "does not
// type-check: …"), and so does an import that did not load at Load (with the reason
// CoverageOf gave); nothing is analysed then. Cancelling ctx makes Analyze return ctx's
// error (checked between the steps; a running analyzer is not interrupted).
//
// The positions of a result (Finding.Fset) are valid until the next Analyze of the same
// snapshot, which removes the files parsed before from the file set (it is shared with
// the loaded packages and would otherwise grow with every edit). Analyze must not be
// called concurrently on one snapshot.
func (s *Snapshot) Analyze(ctx context.Context, as []*analysis.Analyzer, overlay map[string][]byte) (*Result, error) {
	if s.fallback || s.cachedFacts != nil && s.cachedFor != analyzersKey(as) {
		// (Facts stored for other analyzers than these: the same-module imports
		// were not loaded from source, so everything is loaded again.)
		return Analyze(ctx, Request{Analyzers: as, Dir: s.dir, Patterns: []string{"."}, Overlay: overlay, BuildFlags: s.buildFlags})
	}
	r := s.root
	for _, f := range s.added {
		r.Fset.RemoveFile(f)
	}
	s.added = s.added[:0]
	res := &Result{Hints: slices.Clone(s.hints)}
	if len(s.blocked) > 0 {
		// An import did not load or type-check: the types the root would be checked
		// against are incomplete, and so would be every fact and finding.
		res.NotAnalysed = slices.Clone(s.blocked)
		return res, nil
	}
	var errs []string
	var files []*ast.File
	for _, name := range r.CompiledGoFiles {
		src, ok := overlay[name]
		if !ok {
			var err error
			if src, err = os.ReadFile(name); err != nil {
				errs = append(errs, err.Error())
				continue
			}
		}
		f, err := parser.ParseFile(r.Fset, name, src, parser.AllErrors|parser.ParseComments)
		var list scanner.ErrorList
		if errors.As(err, &list) {
			for _, e := range list {
				errs = append(errs, e.Error())
			}
		} else if err != nil {
			errs = append(errs, err.Error())
		}
		if f != nil {
			files = append(files, f)
			if tf := r.Fset.File(f.FileStart); tf != nil {
				s.added = append(s.added, tf)
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	pkg := *r
	pkg.Syntax, pkg.Errors, pkg.TypeErrors, pkg.IllTyped = files, nil, nil, false
	if len(errs) == 0 {
		pkg.Types = types.NewPackage(r.PkgPath, r.Name)
		pkg.TypesInfo = newTypesInfo()
		tc := &types.Config{
			Importer: importerFunc(func(path string) (*types.Package, error) {
				if path == "unsafe" {
					return types.Unsafe, nil
				}
				if p := r.Imports[path]; p != nil && p.Types != nil {
					return p.Types, nil
				}
				return nil, fmt.Errorf("could not import %s (not among the imports loaded)", path)
			}),
			Error: func(err error) { errs = append(errs, err.Error()) },
			Sizes: r.TypesSizes,
		}
		if r.Module != nil && r.Module.GoVersion != "" {
			tc.GoVersion = "go" + r.Module.GoVersion
		}
		types.NewChecker(tc, r.Fset, pkg.Types, pkg.TypesInfo).Files(files)
	}
	if len(errs) > 0 {
		msg := errs[0]
		if n := len(errs) - 1; n > 0 {
			msg += fmt.Sprintf(" (and %d more)", n)
		}
		res.NotAnalysed = append(res.NotAnalysed, NotAnalysed{Path: r.PkgPath, Own: true, Reason: "does not type-check: " + msg})
		return res, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// The support packages are reached through the imports: their facts are computed
	// by the first Analyze (the passes with facts, not the rules) and kept.
	opt := unitsOptions{}
	kept := s.supportFacts != nil && s.factsFor == analyzersKey(as)
	opt.facts = func(p *packages.Package) ([]byte, bool) {
		if kept {
			if data, ok := s.supportFacts[p]; ok {
				return data, true
			}
		}
		if len(p.Syntax) == 0 {
			// (A same-module import from export data: linkImports made it from its
			// types, without a module.)
			data, ok := s.cachedFacts[p.PkgPath]
			return data, ok
		}
		return nil, false
	}
	if !kept {
		computed := map[*packages.Package][]byte{}
		var mu sync.Mutex
		opt.onFacts = func(p *packages.Package, data []byte) {
			mu.Lock()
			computed[p] = data
			mu.Unlock()
		}
		defer func() {
			// Kept only when every support package's facts were computed (an analyzer
			// that failed leaves its package out: it is analysed again next time).
			if len(computed) > len(s.support) {
				delete(computed, &pkg)
				s.supportFacts, s.factsFor = computed, analyzersKey(as)
			}
		}()
	}
	units, err := analyseUnits(ctx, as, []*packages.Package{&pkg}, opt)
	if err != nil {
		return nil, err
	}
	for _, u := range units {
		res.Findings = append(res.Findings, u.Findings...)
		res.Problems = append(res.Problems, u.Errors...)
	}
	sortFindings(res.Findings)
	return res, nil
}

// analyzersKey identifies a list of analyzers (a configuration of the language server).
func analyzersKey(as []*analysis.Analyzer) string {
	var b strings.Builder
	for _, a := range as {
		fmt.Fprintf(&b, "%p ", a)
	}
	return b.String()
}

// usesCgo reports whether a file of p imports "C" (go list then compiles generated files).
func usesCgo(p *packages.Package) bool {
	for _, f := range p.Syntax {
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				return true
			}
		}
	}
	return false
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// headerError is the header of a file whose header does not parse.
const headerError = "\x00error"

// fileHeader returns what of a Go file decides which packages are loaded with it: its
// build constraints, package name and imports (paths only, sorted).
func fileHeader(src []byte) string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly|parser.ParseComments)
	if err != nil || f == nil {
		return headerError
	}
	var b strings.Builder
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//go:build") || strings.HasPrefix(c.Text, "// +build") {
				b.WriteString(c.Text + "\n")
			}
		}
	}
	b.WriteString("package " + f.Name.Name + "\n")
	var paths []string
	for _, imp := range f.Imports {
		paths = append(paths, imp.Path.Value)
	}
	sort.Strings(paths)
	b.WriteString(strings.Join(paths, "\n"))
	return b.String()
}

// dirHeaders returns the header of every non-test Go file of dir, on disk or in overlay
// (the buffer wins).
func dirHeaders(dir string, overlay map[string][]byte) map[string]string {
	out := map[string]string{}
	goFile := func(name string) bool {
		return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
	}
	if ents, err := os.ReadDir(dir); err == nil {
		for _, e := range ents {
			if e.IsDir() || !goFile(e.Name()) {
				continue
			}
			file := filepath.Join(dir, e.Name())
			if _, ok := overlay[file]; ok {
				continue
			}
			if src, err := os.ReadFile(file); err == nil {
				out[file] = fileHeader(src)
			}
		}
	}
	for file, src := range overlay {
		if filepath.Dir(file) == dir && goFile(file) {
			out[file] = fileHeader(src)
		}
	}
	return out
}

// hashOthers hashes the buffers of files outside dir.
func hashOthers(dir string, overlay map[string][]byte) string {
	var names []string
	for f := range overlay {
		if filepath.Dir(f) != dir {
			names = append(names, f)
		}
	}
	sort.Strings(names)
	h := sha256.New()
	for _, f := range names {
		fmt.Fprintf(h, "%s\x00%d\x00", f, len(overlay[f]))
		h.Write(overlay[f])
	}
	return string(h.Sum(nil))
}
