package driver

import (
	"fmt"
	"go/build"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/internal/cache"
)

// A group is what one load covers: the package patterns, and the files named on the
// command line (`reconcilelint controllers/x_controller.go api/y.go`, as pre-commit and
// editors pass them) of one module.
//
// A file argument selects the package that contains it, in the module the file belongs
// to (the nearest go.mod above it: a repository may hold several modules, or its module
// in a subdirectory), and findings are reported only in the named files: the package is
// still analysed whole, so that a chain through its other files (and through other
// packages) is followed, but findings elsewhere in it are not printed. Package patterns
// given next to files report their packages whole. Files that go build skips (under
// testdata, excluded by build constraints such as kubebuilder's `//go:build tools`,
// tests) are skipped, and said so.
type group struct {
	dir      string          // where the go command runs ("" for the working directory)
	queries  []string        // go/packages queries: patterns, then "file=ABS"
	patterns []string        // the package patterns among them
	files    map[string]bool // the file arguments, absolute and cleaned
	cfg      *packages.Config
	loaded   *loaded
	whole    map[string]bool // IDs of the packages the patterns match (when files too)

	// The result cache (resultcache.go): the keys of the matched packages (by ID),
	// the results replayed, the files read for the keys, and the import paths (or
	// the queries) still to load and analyse.
	keys     map[string]*pkgKey
	hits     map[string]*PackageResult
	contents map[string][]byte
	missed   []string
	runKey   cache.Key // the cache's record that these queries ran before
	// The keys of every package of the main modules in the graph, by import path
	// (their facts are stored under them); the facts files of those the load takes
	// from export data (lookedUp without support packages); the facts files the
	// analysis produced, by import path (stored with the results).
	localKeys map[string]*pkgKey
	depFacts  map[string][]byte
	factsOut  map[string][]byte
	keyRoots  []*packages.Package // the matched packages of the key load
	edited    bool                // loaded by loadMissed: units import each other from source
}

// fileArgs groups the arguments by module and replaces each .go file by the go/packages
// query of its package ("file=ABS"). It returns the groups and the file arguments that
// go build skips, with why.
func fileArgs(wd string, args []string, tags string) ([]*group, []string, error) {
	home := &group{files: map[string]bool{}}
	byDir := map[string]*group{}
	wdModule := moduleDir(wd)
	if wdModule != "" {
		byDir[wdModule] = home
	}
	var order []*group
	var skipped []string
	for _, a := range args {
		if !strings.HasSuffix(a, ".go") || strings.Contains(a, "...") {
			home.queries = append(home.queries, a)
			home.patterns = append(home.patterns, a)
			continue
		}
		abs := a
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(wd, a)
		}
		abs = filepath.Clean(abs)
		st, err := os.Stat(abs)
		if err != nil {
			return nil, nil, fmt.Errorf("file argument %s: %v", a, err)
		}
		if st.IsDir() {
			home.queries = append(home.queries, a)
			home.patterns = append(home.patterns, a)
			continue
		}
		mod := moduleDir(filepath.Dir(abs))
		if why := buildSkips(mod, abs, tags); why != "" {
			skipped = append(skipped, a+" ("+why+")")
			continue
		}
		g := byDir[mod]
		if g == nil {
			g = &group{dir: mod, files: map[string]bool{}}
			byDir[mod] = g
			order = append(order, g)
		}
		g.files[abs] = true
		g.queries = append(g.queries, "file="+abs)
	}
	var out []*group
	if len(home.queries) > 0 {
		out = append(out, home)
	}
	for _, g := range order {
		if g != home {
			out = append(out, g)
		}
	}
	return out, skipped, nil
}

// moduleDir returns the nearest directory at or above dir that holds a go.mod, or "".
func moduleDir(dir string) string {
	for {
		if st, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && !st.IsDir() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// buildSkips returns why go build would not compile file (module is its module's
// directory, or ""), or "" when it would.
func buildSkips(module, file, tags string) string {
	if strings.HasSuffix(file, "_test.go") {
		return "a test file"
	}
	rel := file
	if module != "" {
		if r, err := filepath.Rel(module, file); err == nil {
			rel = r
		}
	}
	for _, elem := range strings.Split(filepath.ToSlash(filepath.Dir(rel)), "/") {
		if elem == "testdata" {
			return "under testdata"
		}
		if strings.HasPrefix(elem, "_") || strings.HasPrefix(elem, ".") && elem != "." && elem != ".." {
			return "in a directory the go command ignores"
		}
	}
	ctxt := build.Default
	ctxt.GOOS, ctxt.GOARCH = goEnv("GOOS", runtime.GOOS), goEnv("GOARCH", runtime.GOARCH)
	ctxt.BuildTags = splitList(tags)
	if ok, err := ctxt.MatchFile(filepath.Dir(file), filepath.Base(file)); err == nil && !ok {
		return "excluded by its build constraints"
	}
	return ""
}

func goEnv(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// keep reports whether a finding of package p in file is reported.
func (g *group) keep(p *packages.Package, file string) bool {
	if len(g.files) == 0 {
		return true
	}
	if g.files[filepath.Clean(file)] {
		return true
	}
	if len(g.patterns) == 0 {
		return false
	}
	if g.whole == nil {
		// Which packages the patterns match, next to the files: those are reported
		// whole.
		c := *g.cfg
		c.Mode = packages.NeedName
		g.whole = map[string]bool{}
		if pkgs, err := packages.Load(&c, g.patterns...); err == nil {
			for _, q := range pkgs {
				g.whole[q.ID] = true
			}
		}
	}
	return g.whole[p.ID] || slices.Contains(g.patterns, p.PkgPath)
}
