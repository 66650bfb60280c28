// Package driver is the standalone command line of reconcilelint: it loads packages,
// runs the configured analyzers with the go/analysis checker, prints findings and applies
// fixes. The vet-tool protocol (go vet -vettool, go fix -fixtool) is served by RunUnit
// (unit.go), dispatched in Dispatch.
//
// Main runs in phases, one function each: flags and configuration (options.go), load
// (load.go; what cannot be analysed is decided in coverage.go, shared with every
// driver), analyse (analyze.go: one PackageResult per matched package), then report
// (output.go) or fix and diff (fix.go).
package driver

import (
	"context"
	"fmt"
	"go/token"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// Exit codes, the same for every output format.
const (
	ExitClean      = 0 // no findings
	ExitFindings   = 1 // findings were reported
	ExitUsage      = 2 // bad flags, configuration or patterns
	ExitIncomplete = 3 // analysis could not complete (load or type errors, analyzer errors)
)

// Finding is one diagnostic with its position resolved.
type Finding struct {
	Rule    string
	Posn    token.Position
	End     token.Position
	Message string
	URL     string
	Diag    analysis.Diagnostic
	Fset    *token.FileSet
	pkgID   string // the package analysed (for -json)
}

// packageFailure is an analyzer's error on a package.
type packageFailure struct {
	pkgID string
	analyzerFailure
}

// Main runs the standalone driver with args (without the program name) and returns the
// exit code. It runs the phases in order, each in its own function: flags and
// configuration (parseOptions), load (run.load), analyse (run.analyse), then report
// (run.report) or fix and diff (run.fixes), and the summary line.
func Main(args []string, stdout, stderr io.Writer) int {
	start := time.Now()
	o, code := parseOptions(args, stderr)
	if o == nil {
		return code
	}
	stopProfiles, err := startProfiles(o.cpuProfile, o.memProfile, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "reconcilelint:", err)
		return ExitUsage
	}
	defer stopProfiles()
	if os.Getenv("GOGC") == "" {
		// The live heap of a run is mostly the export data of the module's imports,
		// decoded once and kept (loadDeferred), and it stops growing once they are in;
		// the syntax and types of a package live only while its unit runs. With the
		// default GOGC=100 the heap grows to twice that before a collection; 50 keeps
		// the peak near 1.5 times it, for a few more collections (docs/performance.md).
		defer debug.SetGCPercent(debug.SetGCPercent(50))
	}
	r := &run{o: o, stdout: stdout, stderr: stderr, start: start, progress: newProgress(stderr, o.quiet)}
	code = r.main()
	r.progress.stop()
	r.cache.close()
	if !o.quiet && code != ExitUsage {
		fmt.Fprintln(stderr, "reconcilelint:", r.summaryLine())
	}
	return code
}

// run is one standalone run: its options and what the phases found.
type run struct {
	o              *options
	stdout, stderr io.Writer
	start          time.Time
	progress       *progress

	cache      *resultCache     // nil without a result cache (-cache=off, or it cannot be opened)
	incomplete bool             // a matched package was not analysed, or an analyzer failed
	analysed   int              // matched packages analysed
	skipped    int              // matched packages not analysed
	findings   []Finding        // reported (after every filter)
	failures   []packageFailure // analyzer errors (for -json)
	extra      string           // a note for the summary line ("applied 3 fixes", ...)
	phases     struct {         // -timing
		lookup, load, analyse time.Duration
		fullLoad, edited      bool
	}
}

// main runs the phases after the options.
func (r *run) main() int {
	groups, code := r.load()
	if groups == nil {
		return code
	}
	for _, g := range groups {
		us, err := r.analyse(g)
		if err != nil {
			fmt.Fprintln(r.stderr, "reconcilelint:", err)
			return ExitIncomplete
		}
		r.collect(g, us)
	}
	sortFindings(r.findings)
	if r.o.timing {
		fmt.Fprintf(r.stderr, "reconcilelint: timing: %v in all\n", time.Since(r.start).Round(time.Millisecond))
		p := r.phases
		load := "load (go list -deps -export, no types)"
		switch {
		case p.fullLoad:
			load = "load (full: the graph has errors)"
		case p.edited:
			load = "load (the imports of the missed packages)"
		}
		fmt.Fprintf(r.stderr, "reconcilelint: timing: result cache lookup (go list without types) %v, %s %v, analysis %v\n",
			p.lookup.Round(time.Millisecond), load, p.load.Round(time.Millisecond), p.analyse.Round(time.Millisecond))
		if c := r.cache; c != nil {
			fmt.Fprintf(r.stderr, "reconcilelint: timing: result cache %s: %d hits, %d misses, %d stored\n", c.c.Describe(), c.hits, c.misses, c.puts)
		}
		writeTimings(r.stderr)
	}
	switch {
	case r.o.writeBase != "":
		return r.writeBaseline()
	case r.o.fix || r.o.diff:
		return r.fixes()
	}
	return r.report()
}

// exit is the exit code of a run that reported its findings: 3 when incomplete, else
// 1 with findings.
func (r *run) exit() int {
	switch {
	case r.incomplete:
		return ExitIncomplete
	case len(r.findings) > 0:
		return ExitFindings
	}
	return ExitClean
}

// load is the load phase: it loads the patterns (the packages of file arguments, module
// by module) and prints, before anything is analysed, the module-level hints and every
// matched package that cannot be analysed with its reason. It returns nil and the exit
// code when nothing can go on.
func (r *run) load() ([]*group, int) {
	groups, skipped, err := fileArgs(r.o.wd, r.o.patterns, r.o.tags)
	if err != nil {
		fmt.Fprintln(r.stderr, "reconcilelint:", err)
		return nil, ExitUsage
	}
	if len(skipped) > 0 && !r.o.quiet {
		fmt.Fprintln(r.stderr, "reconcilelint: skipped (go build skips them):", strings.Join(skipped, ", "))
	}
	for _, g := range groups {
		r.progress.set("loading packages")
		g.cfg = &packages.Config{Dir: g.dir, Tests: false}
		if r.o.tags != "" {
			g.cfg.BuildFlags = []string{"-tags=" + r.o.tags}
		}
		queries, notes, support := g.queries, true, true
		var keys func([]*packages.Package)
		t0 := time.Now()
		state := r.lookup(g)
		r.phases.lookup += time.Since(t0)
		t0 = time.Now()
		switch state {
		case lookedUp:
			if len(g.missed) == 0 {
				r.progress.set("")
				continue // every matched package replayed from the cache
			}
			queries, notes = g.missed, false
			// With the facts of every other same-module package in the cache, only
			// the missed packages are loaded from source (after an edit: the edited
			// package and its importers).
			support = g.depFacts == nil
		case coldCache:
			// Nothing of these queries in the cache: the keys come from the one load.
			keys = func(matched []*packages.Package) {
				k := newKeyer(r.cache)
				g.keys, g.contents = map[string]*pkgKey{}, k.contents
				for _, p := range matched {
					if pk := k.key(p); pk.ok {
						g.keys[p.ID] = pk
					}
				}
				g.localKeys = k.localKeys()
			}
		}
		var l *loaded
		var err error
		if g.depFacts != nil {
			missed := map[string]bool{}
			for _, path := range g.missed {
				missed[path] = true
			}
			l, g.edited = loadMissed(g.cfg, g.keyRoots, missed, g.contents)
			r.phases.edited = r.phases.edited || g.edited
		}
		if l == nil {
			l, err = loadDeferred(g.cfg, queries, keys, func() (*loaded, error) {
				r.phases.fullLoad = true
				return loadPackages(g.cfg, queries, keys, support)
			})
		}
		r.phases.load += time.Since(t0)
		r.progress.set("")
		if err != nil {
			// go list failed as a whole: a pattern that means nothing is a usage
			// error; a module that cannot be loaded here (go.sum, module cache,
			// vendor directory) is an incomplete analysis, with what to run.
			ex := Explain(err.Error(), "")
			fmt.Fprintln(r.stderr, "reconcilelint:", strings.TrimSpace(err.Error()))
			if ex.Hint != "" {
				fmt.Fprintln(r.stderr, "reconcilelint:", ex.Hint)
			}
			if ex.Environment {
				r.incomplete = true
				return nil, ExitIncomplete
			}
			return nil, ExitUsage
		}
		if notes {
			for _, n := range l.notes {
				fmt.Fprintln(r.stderr, "reconcilelint:", n)
			}
		}
		for _, p := range l.pkgs {
			if l.matched[p.ID] && len(p.GoFiles) == 0 && len(p.CompiledGoFiles) == 0 && len(p.Errors) > 0 {
				fmt.Fprintf(r.stderr, "reconcilelint: pattern %s matched no packages: %v\n", p.ID, p.Errors[0].Msg)
				return nil, ExitUsage
			}
		}
		if len(l.matched) == 0 {
			fmt.Fprintf(r.stderr, "reconcilelint: %s matched no packages\n", strings.Join(g.queries, " "))
			return nil, ExitUsage
		}
		printCoverage(r.stderr, l.cov)
		if len(l.cov.NotAnalysed) > 0 {
			r.incomplete = true
		}
		r.skipped += len(l.cov.NotAnalysed)
		g.loaded = l
	}
	if len(groups) == 0 {
		// Every file argument is one go build skips: nothing to analyse, nothing wrong.
		return nil, ExitClean
	}
	return groups, ExitClean
}

// printCoverage prints the hints, then each package not analysed with its reason.
func printCoverage(w io.Writer, cov Coverage) {
	for _, h := range cov.Hints {
		fmt.Fprintln(w, "reconcilelint:", h)
	}
	for _, n := range cov.NotAnalysed {
		fmt.Fprintln(w, "reconcilelint:", n.Line())
	}
}

// What lookup did.
const (
	noCache   = iota // the cache is off, or the key load failed (the normal load reports why)
	coldCache        // no run of these queries is in the cache: load once, keys from that load
	lookedUp         // g.hits and g.missed are set
)

// lookup computes the result-cache keys of the group's matched packages and replays
// the stored results (g.hits); g.missed holds the import paths of the matched packages
// still to load and analyse (none when every one was replayed). When the cache holds
// no run of the same queries, it does nothing and says coldCache: a go list without
// types first would only add to a cold run's time.
func (r *run) lookup(g *group) int {
	if r.cache == nil {
		if r.o.cache.off {
			return noCache
		}
		r.cache = openResultCache(r.o.cache, r.o.wd, r.o.cfg, r.o.analyzers, r.o.tags, r.stderr)
		if r.cache == nil {
			r.o.cache.off = true
			return noCache
		}
	}
	g.runKey = r.cache.runKey(g.dir, r.o.wd, g.queries)
	if !r.cache.seen(g.runKey) {
		return coldCache
	}
	lr, err := r.cache.lookup(g.cfg, g.queries)
	if err != nil || len(lr.roots) == 0 {
		return noCache
	}
	g.keys, g.hits, g.contents, g.localKeys, g.keyRoots = lr.keys, lr.hits, lr.contents, lr.local, lr.roots
	roots, hits := lr.roots, lr.hits
	var missed []string
	for _, p := range roots {
		if hits[p.ID] != nil {
			continue
		}
		if p.PkgPath == "" || p.PkgPath == "command-line-arguments" || p.ID != p.PkgPath {
			// Not loadable by its path: load the queries as given.
			missed = g.queries
			break
		}
		missed = append(missed, p.PkgPath)
	}
	if len(missed) == len(roots) {
		missed = g.queries // nothing replayed: the queries as given, as without a cache
	}
	g.missed = missed
	if len(missed) < len(roots) && !slices.Equal(missed, g.queries) {
		set := map[string]bool{}
		for _, path := range missed {
			set[path] = true
		}
		if facts, ok := r.cache.dependencyFacts(roots, set, g.localKeys); ok {
			g.depFacts = facts
		}
	}
	for _, n := range releaseNotes(roots) {
		fmt.Fprintln(r.stderr, "reconcilelint:", n)
	}
	return lookedUp
}

// analyse is the analyse phase: every analysable package of the group is one unit of
// work (PackageResult), replayed from the result cache or analysed (and stored).
func (r *run) analyse(g *group) ([]*PackageResult, error) {
	var units []*PackageResult
	if g.loaded != nil {
		pkgs := g.loaded.cov.Analysable
		r.progress.set(fmt.Sprintf("analysing %s", plural(len(pkgs), "package")))
		var err error
		// Syntax and type information of a package are dropped once it is analysed:
		// what is reported needs positions and file contents only.
		opt := unitsOptions{release: true, importer: g.loaded.importer, sourceImports: g.edited}
		if g.depFacts != nil {
			opt.facts = func(p *packages.Package) ([]byte, bool) {
				data, ok := g.depFacts[p.PkgPath]
				return data, ok
			}
		}
		var mu sync.Mutex
		if r.cache != nil && g.localKeys != nil {
			g.factsOut = map[string][]byte{}
			opt.onFacts = func(p *packages.Package, data []byte) {
				mu.Lock()
				g.factsOut[p.PkgPath] = data
				mu.Unlock()
			}
		}
		t0 := time.Now()
		units, err = analyseUnits(context.Background(), r.o.analyzers, pkgs, opt)
		r.phases.analyse += time.Since(t0)
		r.progress.set("")
		if err != nil {
			return nil, err
		}
		if r.cache != nil && g.keys != nil {
			r.cache.store(units, g.keys, g.contents, g.localKeys, g.factsOut)
			r.cache.markSeen(g.runKey)
		}
	}
	for _, u := range units {
		delete(g.hits, u.Package.ID) // analysed again (the queries as given)
	}
	for _, id := range slices.Sorted(maps.Keys(g.hits)) {
		units = append(units, g.hits[id])
	}
	r.analysed += len(units)
	return units, nil
}

// collect adds the findings of the units that the file arguments, the exclude globs
// and the baseline keep to r.findings, and prints analyzer errors.
func (r *run) collect(g *group, units []*PackageResult) {
	var kept []Finding
	for _, u := range units {
		for _, e := range u.Errors {
			fmt.Fprintln(r.stderr, "reconcilelint:", e)
			r.incomplete = true
		}
		for _, f := range u.Findings {
			if !g.keep(u.Package, f.Posn.Filename) || r.o.cfg.Excluded(relPath(r.o.excludeBase, f.Posn.Filename)) {
				continue
			}
			f.pkgID = u.Package.ID
			kept = append(kept, f)
		}
	}
	if r.o.base != nil {
		var covered int
		kept, covered = r.o.base.filter(r.o.wd, kept)
		if covered > 0 {
			fmt.Fprintf(r.stderr, "reconcilelint: %d findings are in the baseline %s\n", covered, r.o.baseFile)
		}
	}
	r.findings = append(r.findings, kept...)
	for _, u := range units {
		for _, e := range u.failures {
			r.failures = append(r.failures, packageFailure{u.Package.ID, e})
		}
	}
}

// writeBaseline records the findings (-write-baseline) and exits 0, or 3 when the
// analysis was incomplete.
func (r *run) writeBaseline() int {
	if err := writeBaseline(r.o.writeBase, r.o.wd, r.findings); err != nil {
		fmt.Fprintln(r.stderr, "reconcilelint:", err)
		return ExitIncomplete
	}
	r.extra = "recorded in " + r.o.writeBase
	if r.incomplete {
		return ExitIncomplete
	}
	return ExitClean
}

// report is the report phase: the findings in the chosen format on standard output
// (or -output), and SARIF beside it (-sarif-output).
func (r *run) report() int {
	outputs := [][2]string{{r.o.output, r.o.format}}
	if r.o.sarifOut != "" {
		outputs = append(outputs, [2]string{r.o.sarifOut, "sarif"})
	}
	for _, out := range outputs {
		w, closeOut, err := openOutput(out[0], r.stdout)
		if err != nil {
			fmt.Fprintln(r.stderr, "reconcilelint:", err)
			return ExitUsage
		}
		err = writeFindings(w, out[1], r.o.wd, r.findings, r.failures)
		if cerr := closeOut(); err == nil {
			err = cerr
		}
		if err != nil {
			fmt.Fprintln(r.stderr, "reconcilelint:", err)
			return ExitIncomplete
		}
	}
	return r.exit()
}

// fixes is the fix phase: -fix writes the fixed files, -diff prints them as a patch on
// standard output and changes nothing. Findings without a fix go to standard error:
// with -diff standard output holds the patch and nothing else, so that
// `reconcilelint -diff ./... > fix.patch && git apply fix.patch` works. Exit codes:
// -diff 0 (3 when incomplete); -fix 0 when every finding was fixed, 1 when findings
// without a fix remain (3 when incomplete).
func (r *run) fixes() int {
	n, err := applyFixes(r.findings, r.o.diff, r.stdout)
	if err != nil {
		fmt.Fprintln(r.stderr, "reconcilelint:", err)
		return ExitIncomplete
	}
	unfixed := 0
	for _, f := range r.findings {
		if len(f.Diag.SuggestedFixes) == 0 {
			fmt.Fprintf(r.stderr, "%s: %s: %s\n", relPos(r.o.wd, f.Posn), f.Rule, f.Message)
			unfixed++
		}
	}
	switch {
	case n == 0 && len(r.findings) > 0:
		r.extra = fmt.Sprintf("nothing to fix: no automatic fix for the %s", plural(len(r.findings), "finding"))
	case n == 0:
		r.extra = "nothing to fix"
	case r.o.diff:
		r.extra = fmt.Sprintf("%s printed as a diff (apply it with git apply from the module root)", plural(n, "fix"))
	default:
		r.extra = "applied " + plural(n, "fix")
	}
	switch {
	case r.incomplete:
		return ExitIncomplete
	case r.o.diff || unfixed == 0:
		return ExitClean
	}
	return ExitFindings
}

// summaryLine is the last line of every run: "42 packages, 0 findings, 3.1s", with the
// packages not analysed and the findings by rule when there are any.
func (r *run) summaryLine() string {
	var b strings.Builder
	b.WriteString(plural(r.analysed, "package"))
	if r.skipped > 0 {
		fmt.Fprintf(&b, " analysed, %d not analysed", r.skipped)
	}
	b.WriteString(", " + plural(len(r.findings), "finding"))
	if len(r.findings) > 0 {
		b.WriteString(" (" + byRule(r.findings) + ")")
	}
	if r.extra != "" {
		b.WriteString(", " + r.extra)
	}
	fmt.Fprintf(&b, ", %.1fs", time.Since(r.start).Seconds())
	return b.String()
}

// byRule is "requeue 3, sleep 2, goroutine 1" (rules by count, then name).
func byRule(findings []Finding) string {
	count := map[string]int{}
	for _, f := range findings {
		count[f.Rule]++
	}
	rules := slices.Collect(maps.Keys(count))
	sort.Slice(rules, func(i, j int) bool {
		if count[rules[i]] != count[rules[j]] {
			return count[rules[i]] > count[rules[j]]
		}
		return rules[i] < rules[j]
	})
	parts := make([]string, len(rules))
	for i, r := range rules {
		parts[i] = fmt.Sprintf("%s %d", r, count[r])
	}
	return strings.Join(parts, ", ")
}

// startProfiles starts the CPU profile and arranges the heap profile; the function it
// returns ends both.
func startProfiles(cpu, mem string, stderr io.Writer) (func(), error) {
	stop := func() {}
	if cpu != "" {
		f, err := os.Create(cpu)
		if err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return nil, err
		}
		stop = func() { pprof.StopCPUProfile(); f.Close() }
	}
	if mem == "" {
		return stop, nil
	}
	return func() {
		stop()
		f, err := os.Create(mem)
		if err != nil {
			fmt.Fprintln(stderr, "reconcilelint:", err)
			return
		}
		defer f.Close()
		runtime.GC()
		pprof.WriteHeapProfile(f)
	}, nil
}

func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Posn.Filename != b.Posn.Filename {
			return a.Posn.Filename < b.Posn.Filename
		}
		if a.Posn.Offset != b.Posn.Offset {
			return a.Posn.Offset < b.Posn.Offset
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Message < b.Message
	})
}

func relPath(wd, file string) string {
	if r, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(file)
}

func relPos(wd string, p token.Position) string {
	return fmt.Sprintf("%s:%d:%d", relPath(wd, p.Filename), p.Line, p.Column)
}

// plural returns "1 fix", "2 fixes", "1 finding", "3 findings".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "x") || strings.HasSuffix(noun, "s") {
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
