package driver

import (
	"bytes"
	"context"
	"io"
	"os"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/analyzers"
)

// ResultCache is the result cache as a long-running driver (the language server) uses
// it: the stored result of one package directory is replayed when the package and
// everything it imports are as they were when it was stored, by this command line or
// an earlier language server (the same keys, resultcache.go).
type ResultCache struct {
	rc *resultCache
	as string // analyzersKey of the analyzers the cache was opened for
}

// OpenResultCache opens the result cache for the analyzers as of configuration cfg,
// with the go command run in dir. It returns nil when the cache is off
// (RECONCILELINT_CACHE=off) or cannot be used; the reason is written to stderr.
func OpenResultCache(dir string, cfg analyzers.Config, as []*analysis.Analyzer, stderr io.Writer) *ResultCache {
	rc := openResultCache(cacheSettings{}, dir, cfg, as, "", stderr)
	if rc == nil {
		return nil
	}
	return &ResultCache{rc: rc, as: analyzersKey(as)}
}

// Close closes the cache.
func (c *ResultCache) Close() { c.rc.close() }

// CacheEntry is the key of one package directory's result, computed by Lookup from its
// files as they were then.
type CacheEntry struct {
	c   *ResultCache
	lr  *lookupResult
	p   *packages.Package
	hit bool
}

// Lookup computes the key of the package in dir from the files on disk (a go list of
// its import graph without types: nothing is compiled) and returns its stored result,
// or nil. The entry, when not nil, can store the result of an analysis of the same
// files (Store), and lets Load take the package's same-module imports from export data
// with their stored facts (Request.Cached). Cancelling ctx stops the go command.
func (c *ResultCache) Lookup(ctx context.Context, dir string) (*Result, *CacheEntry) {
	lr, err := c.rc.lookup(&packages.Config{Context: ctx, Dir: dir}, []string{"."})
	if err != nil || len(lr.roots) != 1 {
		return nil, nil
	}
	p := lr.roots[0]
	if lr.keys[p.ID] == nil {
		return nil, nil // errors, or files whose positions a replay cannot rebuild
	}
	e := &CacheEntry{c: c, lr: lr, p: p}
	if u := lr.hits[p.ID]; u != nil {
		e.hit = true
		res := &Result{Findings: u.Findings}
		sortFindings(res.Findings)
		return res, e
	}
	return nil, e
}

// Store records res, the analysis of the package of the entry, when it is complete
// and no file the key was computed from has changed since Lookup.
func (e *CacheEntry) Store(res *Result) {
	if e == nil || e.hit || res.Incomplete() {
		return
	}
	u := &PackageResult{Package: e.p, Findings: res.Findings}
	e.c.rc.store([]*PackageResult{u}, e.lr.keys, e.lr.contents, nil, nil)
}

// importFacts returns the stored facts files of every package of the main modules that
// the entry's package imports (transitively), by path, and their files (for
// Snapshot.Valid); ok is false when one is missing or a file changed since Lookup.
func (e *CacheEntry) importFacts() (facts map[string][]byte, files []string, ok bool) {
	if e == nil {
		return nil, nil, false
	}
	facts, ok = e.c.rc.dependencyFacts([]*packages.Package{e.p}, map[string]bool{e.p.PkgPath: true}, e.lr.local)
	if !ok {
		return nil, nil, false
	}
	seen := map[*packages.Package]bool{}
	stack := []*packages.Package{e.p}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, imp := range p.Imports {
			if seen[imp] || imp.Module == nil || !imp.Module.Main {
				continue
			}
			seen[imp] = true
			stack = append(stack, imp)
			for _, f := range slices.Concat(imp.GoFiles, imp.OtherFiles, imp.IgnoredFiles) {
				data, read := e.lr.contents[f]
				if now, err := os.ReadFile(f); !read || err != nil || !bytes.Equal(now, data) {
					return nil, nil, false
				}
				files = append(files, f)
			}
		}
	}
	return facts, files, true
}
