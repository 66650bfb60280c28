package driver

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/cache"
)

// This file is the result cache of the standalone driver and the language server: the
// PackageResult of a matched package (every finding with its fixes, and the analyzer
// errors: there are none in a stored result) is stored under a key of everything it
// was computed from, and replayed when the key comes back.
//
// The key is a hash over the package's import graph, computed from one go list of the
// graph without types (no export data, no compilation: see keyLoad):
//   - the tool: its version, and for a development build the hash of its Go build ID
//     (toolID), and the Go release it was built with (go/types);
//   - the configuration of the rules that run (enabled rules, their options);
//   - the build: GOOS, GOARCH, CGO_ENABLED, GOEXPERIMENT, GOFLAGS, the go command's
//     Go version and -tags;
//   - for the package and, recursively, every package it imports: its path and name,
//     its module and the module's go version, and its files: for a package of a module
//     without a version (the main modules, a module replaced by a directory, packages
//     outside modules) the content of every file; for a versioned module or the
//     standard library the file names, since the version (or the Go release) fixes
//     the content. The imports' keys make the hash cover everything the analysis can
//     see of its dependencies: their types (export data is computed from these inputs)
//     and the facts the passes compute from the module's own packages.
//
// No absolute path enters the key, and positions are stored relative to the module
// root, so that machines that share a cache through GOCACHEPROG hit each other's
// entries. What does not enter it: files the analysis does not read (tests, which the
// driver never loads, testdata, non-Go files other than the package's OtherFiles), and
// the exclude globs, file arguments and baseline, which filter results after the
// cache. A vendored dependency is keyed by its version, like one in the module cache:
// an edit of vendor/ without go mod vendor is not seen.

// resultCache is the open cache of one run, and what it did (for -timing and tests).
type resultCache struct {
	c      cache.Cache
	salt   [sha256.Size]byte
	stderr io.Writer

	mu                 sync.Mutex
	warned             bool
	hits, misses, puts int
	goroot             string
}

// cacheVersion starts every key; it changes when the format of a stored result does.
const cacheVersion = "reconcilelint result cache v1\n"

// toolIDOverride replaces the tool's identity in keys (tests: "a new version").
var toolIDOverride string

var toolIDOnce = sync.OnceValue(func() string {
	if v := Version(); v != devVersion {
		// A release is its version, whoever built it: machines that go install the
		// same version share results.
		return "release " + v + " " + runtime.Version()
	}
	exe, err := os.Executable()
	if err != nil {
		return "unknown executable " + err.Error()
	}
	if id := goBuildID(exe); id != "" {
		return "buildid " + id
	}
	h := sha256.New()
	if f, err := os.Open(exe); err == nil {
		io.Copy(h, f)
		f.Close()
	}
	return fmt.Sprintf("content %x", h.Sum(nil))
})

// toolID is the identity of this binary in cache keys.
func toolID() string {
	if toolIDOverride != "" {
		return toolIDOverride
	}
	return toolIDOnce()
}

// goEnvironment is what the key takes from `go env`.
type goEnvironment struct {
	GOOS, GOARCH, CGO_ENABLED, GOEXPERIMENT, GOFLAGS, GOVERSION, GOROOT, GOCACHEPROG string
}

// readGoEnv asks the go command (in dir, whose go.mod may select another toolchain)
// for the settings that change a build.
func readGoEnv(dir string) (goEnvironment, error) {
	var env goEnvironment
	cmd := exec.Command("go", "env", "-json", "GOOS", "GOARCH", "CGO_ENABLED", "GOEXPERIMENT", "GOFLAGS", "GOVERSION", "GOROOT", "GOCACHEPROG")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return env, fmt.Errorf("go env: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	err = json.Unmarshal(out, &env)
	return env, err
}

// cacheSettings are the cache's flags and environment.
type cacheSettings struct {
	off bool   // -cache=off or RECONCILELINT_CACHE=off
	dir string // -cache-dir, $RECONCILELINT_CACHE, or the user cache directory
}

// openResultCache opens the cache for a run whose analyzers were configured by cfg, in
// directory dir (where the go command runs). It returns nil, after a warning, when the
// cache cannot be used: the run goes on without it.
func openResultCache(s cacheSettings, dir string, cfg analyzers.Config, as []*analysis.Analyzer, tags string, stderr io.Writer) *resultCache {
	if s.off {
		return nil
	}
	env, err := readGoEnv(dir)
	if err != nil {
		fmt.Fprintf(stderr, "reconcilelint: warning: result cache not used: %v\n", err)
		return nil
	}
	cacheDir := s.dir
	if cacheDir == "" && env.GOCACHEPROG == "" {
		if cacheDir, err = cache.DefaultDir(); err != nil {
			fmt.Fprintf(stderr, "reconcilelint: warning: result cache not used: %v\n", err)
			return nil
		}
		if cacheDir == "off" {
			return nil
		}
	}
	prog := env.GOCACHEPROG
	if s.dir != "" {
		prog = "" // an explicit directory wins over GOCACHEPROG
	}
	c, err := cache.Open(cacheDir, prog, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "reconcilelint: warning: result cache not used: %v\n", err)
		return nil
	}
	rc := &resultCache{c: c, stderr: stderr, goroot: filepath.Clean(env.GOROOT)}
	h := sha256.New()
	io.WriteString(h, cacheVersion)
	fmt.Fprintf(h, "tool %s\n", toolID())
	fmt.Fprintf(h, "config %s\n", configFingerprint(cfg, as))
	fmt.Fprintf(h, "env %s %s cgo=%s exp=%q flags=%q %s tags=%q\n", env.GOOS, env.GOARCH, env.CGO_ENABLED, env.GOEXPERIMENT, env.GOFLAGS, env.GOVERSION, tags)
	copy(rc.salt[:], h.Sum(nil))
	return rc
}

// configFingerprint is the configuration of the analyzers that run: their names, in
// order, and the options of every rule (an option of a disabled rule changes nothing,
// but the options are small and this keeps the key simple).
func configFingerprint(cfg analyzers.Config, as []*analysis.Analyzer) string {
	var names []string
	for _, a := range as {
		names = append(names, a.Name)
	}
	rules, _ := json.Marshal(cfg.Rules)
	return strings.Join(names, ",") + " " + string(rules)
}

// warn prints the first problem with the cache; the run goes on as if it missed.
func (rc *resultCache) warn(err error) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if !rc.warned {
		rc.warned = true
		fmt.Fprintf(rc.stderr, "reconcilelint: warning: result cache %s: %v (results are computed again)\n", rc.c.Describe(), err)
	}
}

// close closes the cache (a disk cache trims itself when due).
func (rc *resultCache) close() {
	if rc == nil {
		return
	}
	if err := rc.c.Close(); err != nil {
		rc.warn(err)
	}
}

// keyer computes the keys of a go/packages graph loaded by keyLoad.
type keyer struct {
	rc   *resultCache
	memo map[*packages.Package]*pkgKey
	// contents are the files read for the keys (reused to replay positions).
	contents map[string][]byte
}

// pkgKey is the hash of a package and everything below it; ok is false when it cannot
// be computed (the package or one of its imports has load errors, a file cannot be
// read, a file has //line directives whose positions a replay cannot rebuild).
type pkgKey struct {
	sum [sha256.Size]byte
	ok  bool
	// root is the directory that positions of the package's results are relative to
	// (its module's root, or its own directory).
	root string
}

func newKeyer(rc *resultCache) *keyer {
	return &keyer{rc: rc, memo: map[*packages.Package]*pkgKey{}, contents: map[string][]byte{}}
}

// local reports whether p's files can change without a change of version: a package of a
// module without a version (main, replaced by a directory, workspace) or of no module,
// outside GOROOT.
func (k *keyer) local(p *packages.Package) bool {
	if m := p.Module; m != nil {
		if m.Replace != nil {
			return m.Replace.Version == ""
		}
		return m.Version == ""
	}
	for _, f := range p.GoFiles {
		if strings.HasPrefix(filepath.Clean(f), k.rc.goroot+string(filepath.Separator)) {
			return false
		}
	}
	return true
}

// key returns the key of p (memoised; the graph go list returns has no cycles, and a
// cycle here makes the key not ok rather than recursing forever).
func (k *keyer) key(p *packages.Package) *pkgKey {
	if pk, ok := k.memo[p]; ok {
		if pk == nil {
			return &pkgKey{} // on the stack: a cycle
		}
		return pk
	}
	k.memo[p] = nil
	pk := k.compute(p)
	k.memo[p] = pk
	return pk
}

func (k *keyer) compute(p *packages.Package) *pkgKey {
	pk := &pkgKey{}
	if len(p.Errors) > 0 || p.PkgPath == "" {
		return pk
	}
	h := sha256.New()
	h.Write(k.rc.salt[:])
	fmt.Fprintf(h, "package %s %s\n", p.PkgPath, p.Name)
	if m := p.Module; m != nil {
		fmt.Fprintf(h, "module %s %s go%s\n", m.Path, m.Version, m.GoVersion)
		if r := m.Replace; r != nil {
			fmt.Fprintf(h, "replace %s %s\n", r.Path, r.Version)
		}
		pk.root = m.Dir
		if m.Replace != nil && m.Replace.Dir != "" {
			pk.root = m.Replace.Dir
		}
	}
	if pk.root == "" && len(p.GoFiles) > 0 {
		pk.root = filepath.Dir(p.GoFiles[0])
	}
	local := k.local(p)
	for _, list := range [][]string{p.GoFiles, p.OtherFiles, p.IgnoredFiles} {
		fmt.Fprintf(h, "files %d\n", len(list))
		for _, f := range list {
			fmt.Fprintf(h, "%s\n", filepath.Base(f))
			if !local {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				return pk
			}
			if strings.HasSuffix(f, ".go") && hasLineDirective(data) {
				return pk
			}
			k.contents[f] = data
			s := sha256.Sum256(data)
			h.Write(s[:])
		}
	}
	paths := make([]string, 0, len(p.Imports))
	for path := range p.Imports {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		if path == "runtime/cgo" {
			// go list adds it to the imports of cgo packages when it compiles them
			// (-compiled, the full load) and not otherwise (the key load); it is part
			// of the Go release, which the key has.
			continue
		}
		imp := p.Imports[path]
		ik := k.key(imp)
		if !ik.ok {
			return pk
		}
		fmt.Fprintf(h, "import %s %s %x\n", path, imp.PkgPath, ik.sum)
	}
	copy(pk.sum[:], h.Sum(nil))
	pk.ok = true
	return pk
}

// hasLineDirective reports whether a Go file may hold a //line or /*line directive:
// positions there are not what the file's lines say, and a replay rebuilds positions
// from the lines.
func hasLineDirective(src []byte) bool {
	return bytes.Contains(src, []byte("//line ")) || bytes.Contains(src, []byte("/*line "))
}

// resultKey is the key of the stored result of a matched package.
func resultKey(pk *pkgKey) cache.Key {
	h := sha256.New()
	io.WriteString(h, "result\n")
	h.Write(pk.sum[:])
	var k cache.Key
	copy(k[:], h.Sum(nil))
	return k
}

// factsKey is the key of the stored facts file of a package of the main modules: what
// its importers need of its analysis when it is not analysed again (units.go).
func factsKey(pk *pkgKey) cache.Key {
	h := sha256.New()
	io.WriteString(h, "facts\n")
	h.Write(pk.sum[:])
	var k cache.Key
	copy(k[:], h.Sum(nil))
	return k
}

// localKeys returns the keys computed so far of the packages the facts passes analyse
// (those of the main modules, loaded from source), by import path.
func (k *keyer) localKeys() map[string]*pkgKey {
	m := map[string]*pkgKey{}
	for p, pk := range k.memo {
		if pk != nil && pk.ok && p.Module != nil && p.Module.Main {
			m[p.PkgPath] = pk
		}
	}
	return m
}

// dependencyFacts returns the stored facts files of the packages of the main modules
// that the packages of missed import (transitively) and that are not among them: with
// them, the missed packages can be loaded alone, their imports from export data. ok
// is false when one is missing (an earlier run analysed it with other inputs, or the
// cache lost it): the load then takes them from source, as a cold run does.
func (rc *resultCache) dependencyFacts(roots []*packages.Package, missed map[string]bool, keys map[string]*pkgKey) (map[string][]byte, bool) {
	out := map[string][]byte{}
	seen := map[*packages.Package]bool{}
	var stack []*packages.Package
	for _, p := range roots {
		if missed[p.PkgPath] {
			stack = append(stack, p)
		}
	}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, imp := range p.Imports {
			if seen[imp] || imp.Module == nil || !imp.Module.Main {
				continue
			}
			seen[imp] = true
			stack = append(stack, imp)
			if missed[imp.PkgPath] {
				continue
			}
			pk := keys[imp.PkgPath]
			if pk == nil {
				return nil, false
			}
			data, ok, err := rc.c.Get(factsKey(pk))
			if err != nil {
				rc.warn(err)
			}
			if !ok {
				return nil, false
			}
			out[imp.PkgPath] = data
		}
	}
	return out, true
}

// The stored form of a PackageResult: positions are a file (relative to the module
// root when inside it, else absolute) and a byte offset; "" is no position.
type storedPos struct {
	File string `json:"f,omitempty"`
	Off  int    `json:"o,omitempty"`
}

type storedEdit struct {
	Pos, End storedPos
	New      []byte `json:"new,omitempty"`
}

type storedFix struct {
	Message string       `json:"msg"`
	Edits   []storedEdit `json:"edits,omitempty"`
}

type storedRelated struct {
	Pos, End storedPos
	Message  string `json:"msg"`
}

type storedFinding struct {
	Rule     string          `json:"rule"`
	Category string          `json:"cat,omitempty"`
	Message  string          `json:"msg"`
	URL      string          `json:"url,omitempty"`
	Pos, End storedPos       //
	Related  []storedRelated `json:"related,omitempty"`
	Fixes    []storedFix     `json:"fixes,omitempty"`
}

type storedResult struct {
	Findings []storedFinding `json:"findings"`
}

// encodeResult turns a PackageResult into its stored form; ok is false when it should
// not be stored (an analyzer failed: the next run tries again).
func encodeResult(u *PackageResult, root string) ([]byte, bool) {
	if len(u.Errors) > 0 {
		return nil, false
	}
	sr := storedResult{Findings: []storedFinding{}}
	for _, f := range u.Findings {
		pos := func(p token.Pos) storedPos {
			if !p.IsValid() {
				return storedPos{}
			}
			posn := f.Fset.PositionFor(p, false)
			name := posn.Filename
			if rel, err := filepath.Rel(root, name); err == nil && !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel) {
				name = filepath.ToSlash(rel)
			} else {
				name = "/abs" + filepath.ToSlash(name) // marked: a replay resolves it as is
			}
			return storedPos{File: name, Off: posn.Offset}
		}
		d := f.Diag
		sf := storedFinding{Rule: f.Rule, Category: d.Category, Message: d.Message, URL: f.URL, Pos: pos(d.Pos), End: pos(d.End)}
		for _, r := range d.Related {
			sf.Related = append(sf.Related, storedRelated{Pos: pos(r.Pos), End: pos(r.End), Message: r.Message})
		}
		for _, fix := range d.SuggestedFixes {
			x := storedFix{Message: fix.Message}
			for _, e := range fix.TextEdits {
				x.Edits = append(x.Edits, storedEdit{Pos: pos(e.Pos), End: pos(e.End), New: e.NewText})
			}
			sf.Fixes = append(sf.Fixes, x)
		}
		sr.Findings = append(sr.Findings, sf)
	}
	data, err := json.Marshal(sr)
	if err != nil {
		return nil, false
	}
	return data, true
}

// replayer rebuilds findings from stored results: one file set for the run, with a
// file for every file a stored position names, its lines computed from its content
// (which the key covers).
type replayer struct {
	fset     *token.FileSet
	files    map[string]*token.File
	contents map[string][]byte // files already read for the keys
}

func newReplayer(contents map[string][]byte) *replayer {
	return &replayer{fset: token.NewFileSet(), files: map[string]*token.File{}, contents: contents}
}

var errReplay = errors.New("a stored position no longer fits its file")

func (rp *replayer) pos(root string, sp storedPos) (token.Pos, error) {
	if sp.File == "" {
		return token.NoPos, nil
	}
	name := filepath.Join(root, filepath.FromSlash(sp.File))
	if abs, ok := strings.CutPrefix(sp.File, "/abs"); ok {
		name = filepath.FromSlash(abs)
	}
	tf := rp.files[name]
	if tf == nil {
		data, ok := rp.contents[name]
		if !ok {
			var err error
			if data, err = os.ReadFile(name); err != nil {
				return token.NoPos, errReplay
			}
		}
		if hasLineDirective(data) {
			return token.NoPos, errReplay
		}
		tf = rp.fset.AddFile(name, -1, len(data))
		tf.SetLinesForContent(data)
		rp.files[name] = tf
	}
	if sp.Off < 0 || sp.Off > tf.Size() {
		return token.NoPos, errReplay
	}
	return tf.Pos(sp.Off), nil
}

// decode rebuilds the PackageResult of p from data.
func (rp *replayer) decode(p *packages.Package, root string, data []byte) (*PackageResult, error) {
	var sr storedResult
	if err := json.Unmarshal(data, &sr); err != nil {
		return nil, err
	}
	u := &PackageResult{Package: p, Cached: true}
	var err error
	pos := func(sp storedPos) token.Pos {
		q, e := rp.pos(root, sp)
		if e != nil {
			err = e
		}
		return q
	}
	for _, sf := range sr.Findings {
		d := analysis.Diagnostic{Pos: pos(sf.Pos), End: pos(sf.End), Category: sf.Category, Message: sf.Message, URL: sf.URL}
		for _, r := range sf.Related {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos(r.Pos), End: pos(r.End), Message: r.Message})
		}
		for _, x := range sf.Fixes {
			fix := analysis.SuggestedFix{Message: x.Message}
			for _, e := range x.Edits {
				fix.TextEdits = append(fix.TextEdits, analysis.TextEdit{Pos: pos(e.Pos), End: pos(e.End), NewText: e.New})
			}
			d.SuggestedFixes = append(d.SuggestedFixes, fix)
		}
		if err != nil {
			return nil, err
		}
		u.Findings = append(u.Findings, Finding{Rule: sf.Rule, Posn: rp.fset.Position(d.Pos), End: rp.fset.Position(d.End),
			Message: d.Message, URL: sf.URL, Diag: d, Fset: rp.fset})
	}
	return u, nil
}

// keyLoadMode is what the keys need of the graph: names, files, imports, modules. No
// types: go list runs without -export and -compiled, so nothing is compiled and the
// go command does not hash the dependencies' files.
const keyLoadMode = packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps | packages.NeedModule

// lookupResult is what lookup found.
type lookupResult struct {
	roots    []*packages.Package       // the matched packages, in load order
	keys     map[string]*pkgKey        // by ID; absent when it could not be computed
	local    map[string]*pkgKey        // the keys of the main modules' packages, by path
	hits     map[string]*PackageResult // replayed results, by ID
	contents map[string][]byte         // the files read for the keys
}

// lookup loads the graph of the queries without types, computes the keys of the
// matched packages and replays the stored results. An error of the go command is
// returned as is: the caller loads normally and reports it.
func (rc *resultCache) lookup(cfg *packages.Config, queries []string) (*lookupResult, error) {
	c := *cfg
	c.Mode = keyLoadMode
	roots, err := packages.Load(&c, queries...)
	if err != nil {
		return nil, err
	}
	k := newKeyer(rc)
	rp := newReplayer(k.contents)
	lr := &lookupResult{roots: roots, keys: map[string]*pkgKey{}, hits: map[string]*PackageResult{}, contents: k.contents}
	for _, p := range roots {
		pk := k.key(p)
		if !pk.ok {
			continue
		}
		lr.keys[p.ID] = pk
		data, ok, err := rc.c.Get(resultKey(pk))
		if err != nil {
			rc.warn(err)
		}
		if !ok {
			rc.count(false)
			continue
		}
		u, err := rp.decode(p, pk.root, data)
		if err != nil {
			if err != errReplay {
				rc.warn(fmt.Errorf("entry of %s: %v", p.PkgPath, err))
			}
			rc.count(false)
			continue
		}
		rc.count(true)
		lr.hits[p.ID] = u
	}
	lr.local = k.localKeys()
	return lr, nil
}

func (rc *resultCache) count(hit bool) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if hit {
		rc.hits++
	} else {
		rc.misses++
	}
}

// store records the results of packages analysed in this run whose keys are known.
// Nothing is stored when a file read for the keys changed since (an editor saved it
// during the run): the results may be of the new content, the keys are of the old.
func (rc *resultCache) store(units []*PackageResult, keys map[string]*pkgKey, contents map[string][]byte, local map[string]*pkgKey, facts map[string][]byte) {
	for f, data := range contents {
		if now, err := os.ReadFile(f); err != nil || !bytes.Equal(now, data) {
			return
		}
	}
	for _, path := range slices.Sorted(maps.Keys(facts)) {
		pk := local[path]
		if pk == nil {
			continue
		}
		if err := rc.c.Put(factsKey(pk), facts[path]); err != nil {
			rc.warn(err)
			break
		}
	}
	for _, u := range units {
		pk := keys[u.Package.ID]
		if pk == nil {
			continue
		}
		data, ok := encodeResult(u, pk.root)
		if !ok {
			continue
		}
		if err := rc.c.Put(resultKey(pk), data); err != nil {
			rc.warn(err)
			continue
		}
		rc.mu.Lock()
		rc.puts++
		rc.mu.Unlock()
	}
}

// runKey is the key of the record that a run of queries in dir (the working directory
// when dir is empty) stored its results: without one, the first run skips the key
// load (coldCache). The record holds nothing a result depends on: a stale one costs a
// go list without types, never a wrong result.
func (rc *resultCache) runKey(dir, wd string, queries []string) cache.Key {
	if dir == "" {
		dir = wd
	}
	// The module and the directory within it, not the absolute path: machines that
	// share the cache check out in different places.
	where := dir
	if root := moduleDir(dir); root != "" {
		if data, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil {
			if rel, err := filepath.Rel(root, dir); err == nil {
				where = modfile.ModulePath(data) + " " + filepath.ToSlash(rel)
			}
		}
	}
	h := sha256.New()
	h.Write(rc.salt[:])
	fmt.Fprintf(h, "run %s\n", where)
	for _, q := range queries {
		fmt.Fprintf(h, "%q\n", q)
	}
	var k cache.Key
	copy(k[:], h.Sum(nil))
	return k
}

// seen reports whether the cache holds the record of run key k.
func (rc *resultCache) seen(k cache.Key) bool {
	_, ok, err := rc.c.Get(k)
	if err != nil {
		rc.warn(err)
	}
	return ok
}

// markSeen records run key k.
func (rc *resultCache) markSeen(k cache.Key) {
	if err := rc.c.Put(k, []byte("ran\n")); err != nil {
		rc.warn(err)
	}
}

// cleanCache is `reconcilelint clean-cache [-cache-dir DIR]`: it removes the entries of
// the result cache directory (-cache-dir, else $RECONCILELINT_CACHE, else the user
// cache directory's). A GOCACHEPROG program's store is the program's to clean: the
// command says so and cleans the directory all the same.
func cleanCache(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clean-cache", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("cache-dir", "", "the result cache directory to clean (default: $"+cache.EnvDir+", else reconcilelint in the user cache directory)")
	if err := fs.Parse(args); err != nil || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: reconcilelint clean-cache [-cache-dir DIR]")
		return ExitUsage
	}
	if *dir == "" {
		d, err := cache.DefaultDir()
		if err != nil {
			fmt.Fprintln(stderr, "reconcilelint:", err)
			return ExitUsage
		}
		if d == "off" {
			fmt.Fprintf(stderr, "reconcilelint: %s=off: there is no result cache to clean\n", cache.EnvDir)
			return ExitClean
		}
		*dir = d
	}
	if err := cache.Clean(*dir); err != nil {
		fmt.Fprintln(stderr, "reconcilelint: cleaning the result cache:", err)
		return ExitIncomplete
	}
	fmt.Fprintf(stdout, "removed the result cache in %s\n", *dir)
	if env, err := readGoEnv("."); err == nil && env.GOCACHEPROG != "" {
		fmt.Fprintf(stderr, "reconcilelint: note: GOCACHEPROG is set (%s): the results it keeps are in its own store, which clean-cache does not touch\n", env.GOCACHEPROG)
	}
	return ExitClean
}
