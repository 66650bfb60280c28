// Package driver is the standalone command line of reconcilelint: it loads packages,
// runs the configured analyzers with the go/analysis checker, prints findings and applies
// fixes. The vet-tool protocol (go vet -vettool, go fix -fixtool) is served by RunUnit
// (unit.go), dispatched in Dispatch.
package driver

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/pmezard/go-difflib/difflib"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/analyzers"
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
	act     *checker.Action
}

// Main runs the standalone driver with args (without the program name) and returns the
// exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("reconcilelint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		enable     = fs.String("enable", "", "comma-separated rules to enable in addition to the defaults (\"all\" for every rule)")
		disable    = fs.String("disable", "", "comma-separated rules to disable (\"all\", then -enable lists exactly the rules to run)")
		configPath = fs.String("config", "", "configuration file (default: "+ConfigFileName+" found upward from the working directory)")
		jsonOut    = fs.Bool("json", false, "same as -format=json")
		format     = fs.String("format", "text", "output format: text, json (the go/analysis JSON shape), sarif (SARIF 2.1.0), github (workflow commands)")
		output     = fs.String("output", "", "write findings to this file instead of standard output")
		sarifOut   = fs.String("sarif-output", "", "also write the findings as SARIF 2.1.0 to this file, from the same analysis (e.g. -format=github for annotations and SARIF for code scanning)")
		baseFile   = fs.String("baseline", "", "report only findings that are not in this baseline file")
		writeBase  = fs.String("write-baseline", "", "record the current findings in this baseline file and exit 0")
		fix        = fs.Bool("fix", false, "apply every suggested fix")
		diff       = fs.Bool("diff", false, "with -fix, print the fixes as a unified diff instead of applying them")
		tags       = fs.String("tags", "", "comma-separated build tags")
		timing     = fs.Bool("timing", false, "print the time spent loading, and in each analyzer, to standard error")
		cpuProfile = fs.String("cpuprofile", "", "write a CPU profile to this file")
		memProfile = fs.String("memprofile", "", "write a heap profile to this file at exit")
	)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: reconcilelint [flags] packages...\n       reconcilelint help|explain RULE\n       go vet -vettool=$(which reconcilelint) packages...\n\nflags:\n")
		fs.PrintDefaults()
		fmt.Fprintf(stderr, "\nrules: %s\nexit codes: 0 no findings, 1 findings, 2 usage or configuration error, 3 analysis could not complete\n", strings.Join(analyzers.Names(), ", "))
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitClean
		}
		return ExitUsage
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		fmt.Fprintln(stderr, "reconcilelint: no packages given (try ./...)")
		return ExitUsage
	}
	wd, _ := os.Getwd()
	if *configPath == "" {
		*configPath = FindConfig(wd)
	}
	cfg, err := LoadConfig(*configPath)
	if err != nil {
		fmt.Fprintln(stderr, "reconcilelint:", err)
		return ExitUsage
	}
	// Exclude globs are relative to the configuration file's directory, wherever the
	// command runs (the vet tool and the language server match them the same way).
	excludeBase := wd
	if *configPath != "" {
		if abs, err := filepath.Abs(*configPath); err == nil {
			excludeBase = filepath.Dir(abs)
		}
	}
	cfg.Enable = append(cfg.Enable, splitList(*enable)...)
	cfg.Disable = append(cfg.Disable, splitList(*disable)...)
	as, err := cfg.Analyzers()
	if err != nil {
		fmt.Fprintln(stderr, "reconcilelint:", strings.NewReplacer("enable[", "-enable[", "disable[", "-disable[").Replace(err.Error()))
		return ExitUsage
	}
	if *diff && !*fix {
		*fix = true
	}
	if *jsonOut {
		*format = "json"
	}
	if !slices.Contains(formats, *format) {
		fmt.Fprintf(stderr, "reconcilelint: unknown -format %q (known: %s)\n", *format, strings.Join(formats, ", "))
		return ExitUsage
	}
	var base *baseline
	if *baseFile != "" {
		if base, err = readBaseline(*baseFile); err != nil {
			fmt.Fprintln(stderr, "reconcilelint:", err)
			return ExitUsage
		}
	}

	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "reconcilelint:", err)
			return ExitUsage
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(stderr, "reconcilelint:", err)
			return ExitUsage
		}
		defer func() { pprof.StopCPUProfile(); f.Close() }()
	}
	if *memProfile != "" {
		defer func() {
			f, err := os.Create(*memProfile)
			if err != nil {
				fmt.Fprintln(stderr, "reconcilelint:", err)
				return
			}
			defer f.Close()
			runtime.GC()
			pprof.WriteHeapProfile(f)
		}()
	}
	start := time.Now()
	lcfg := &packages.Config{Tests: false}
	if *tags != "" {
		lcfg.BuildFlags = []string{"-tags=" + *tags}
	}
	patterns, files, err := fileArgs(wd, patterns)
	if err != nil {
		fmt.Fprintln(stderr, "reconcilelint:", err)
		return ExitUsage
	}
	pkgs, report, notes, err := load(lcfg, patterns)
	if err != nil {
		fmt.Fprintln(stderr, "reconcilelint:", err)
		return ExitUsage
	}
	for _, n := range notes {
		fmt.Fprintln(stderr, "reconcilelint:", n)
	}
	for _, p := range pkgs {
		if report[p.ID] && len(p.GoFiles) == 0 && len(p.CompiledGoFiles) == 0 && len(p.Errors) > 0 {
			fmt.Fprintf(stderr, "reconcilelint: pattern %s matched no packages: %v\n", p.ID, p.Errors[0].Msg)
			return ExitUsage
		}
	}
	if len(report) == 0 {
		fmt.Fprintf(stderr, "reconcilelint: %s matched no packages\n", strings.Join(patterns, " "))
		return ExitUsage
	}
	code := ExitClean
	// Only the reported packages are the checker's roots: it runs the passes with facts on
	// their imports (the support packages among them) by itself; every rule's findings on
	// support packages would be dropped anyway.
	var good []*packages.Package
	for _, p := range pkgs {
		if report[p.ID] && len(p.Errors) == 0 && !p.IllTyped {
			good = append(good, p)
		}
	}
	if errs := loadErrors(pkgs); len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintln(stderr, "reconcilelint:", e)
		}
		code = ExitIncomplete
	}
	loaded := time.Now()
	protect(as)
	graph, err := checker.Analyze(as, good, nil)
	if err != nil {
		fmt.Fprintln(stderr, "reconcilelint:", err)
		return ExitIncomplete
	}
	if *timing {
		fmt.Fprintf(stderr, "reconcilelint: timing: load %v (%d packages from source), analysis %v\n",
			loaded.Sub(start).Round(time.Millisecond), len(pkgs), time.Since(loaded).Round(time.Millisecond))
		writeTimings(stderr)
	}
	// Keep the roots of reported packages, and drop excluded findings.
	var roots []*checker.Action
	var findings []Finding
	wholePkgs, err := files.wholePackages(lcfg)
	if err != nil {
		fmt.Fprintln(stderr, "reconcilelint:", err)
		return ExitUsage
	}
	for _, act := range graph.Roots {
		if !report[act.Package.ID] {
			continue
		}
		if act.Err != nil {
			fmt.Fprintf(stderr, "reconcilelint: %s on %s: %v\n", act.Analyzer.Name, act.Package.PkgPath, act.Err)
			code = ExitIncomplete
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			if !files.keep(wholePkgs, act.Package.ID, posn.Filename) {
				continue
			}
			if cfg.Excluded(relPath(excludeBase, posn.Filename)) {
				continue
			}
			findings = append(findings, Finding{Rule: act.Analyzer.Name, Posn: posn, End: act.Package.Fset.Position(d.End),
				Message: d.Message, URL: d.URL, Diag: d, Fset: act.Package.Fset, act: act})
		}
		roots = append(roots, act)
	}
	sortFindings(findings)
	if *writeBase != "" {
		if err := writeBaseline(*writeBase, wd, findings); err != nil {
			fmt.Fprintln(stderr, "reconcilelint:", err)
			return ExitIncomplete
		}
		fmt.Fprintf(stderr, "reconcilelint: recorded %d findings in %s\n", len(findings), *writeBase)
		if code == ExitIncomplete {
			return code
		}
		return ExitClean
	}
	if base != nil {
		var covered int
		findings, covered = base.filter(wd, findings)
		if covered > 0 {
			fmt.Fprintf(stderr, "reconcilelint: %d findings are in the baseline %s\n", covered, *baseFile)
		}
	}
	// The JSON form prints the actions' diagnostics: keep only the reported findings.
	for _, act := range roots {
		act.Diagnostics = nil
	}
	for _, f := range findings {
		f.act.Diagnostics = append(f.act.Diagnostics, f.Diag)
	}
	if len(findings) > 0 && code == ExitClean {
		code = ExitFindings
	}
	switch {
	case *fix:
		n, err := applyFixes(findings, *diff, stdout)
		if err != nil {
			fmt.Fprintln(stderr, "reconcilelint:", err)
			return ExitIncomplete
		}
		switch {
		case n == 0 && len(findings) > 0:
			fmt.Fprintf(stderr, "reconcilelint: nothing to fix: no automatic fix for the %s\n", plural(len(findings), "finding"))
		case n == 0:
			fmt.Fprintln(stderr, "reconcilelint: nothing to fix: no findings")
		case *diff:
			fmt.Fprintf(stderr, "reconcilelint: %s printed as a diff (apply it with git apply from the module root)\n", plural(n, "fix"))
		default:
			fmt.Fprintf(stderr, "reconcilelint: applied %s\n", plural(n, "fix"))
		}
		// Findings without a fix remain.
		for _, f := range findings {
			if len(f.Diag.SuggestedFixes) == 0 {
				fmt.Fprintf(stderr, "%s: %s: %s\n", relPos(wd, f.Posn), f.Rule, f.Message)
			}
		}
	default:
		w, closeOut, err := openOutput(*output, stdout)
		if err != nil {
			fmt.Fprintln(stderr, "reconcilelint:", err)
			return ExitUsage
		}
		err = writeFindings(w, *format, wd, findings, roots)
		if cerr := closeOut(); err == nil {
			err = cerr
		}
		if err != nil {
			fmt.Fprintln(stderr, "reconcilelint:", err)
			return ExitIncomplete
		}
		if *sarifOut != "" {
			w, closeOut, err := openOutput(*sarifOut, stdout)
			if err != nil {
				fmt.Fprintln(stderr, "reconcilelint:", err)
				return ExitUsage
			}
			err = writeFindings(w, "sarif", wd, findings, roots)
			if cerr := closeOut(); err == nil {
				err = cerr
			}
			if err != nil {
				fmt.Fprintln(stderr, "reconcilelint:", err)
				return ExitIncomplete
			}
		}
		if *format == "text" && len(findings) > 0 {
			fmt.Fprintln(stderr, "reconcilelint:", summary(findings))
		}
	}
	return code
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
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

type edit struct {
	start, end int
	text       []byte
}

// applyFixes applies the first suggested fix of every finding, skipping fixes that
// overlap one already taken, formats the result, and writes it (or a diff to w).
func applyFixes(findings []Finding, diffOnly bool, w io.Writer) (int, error) {
	files, fixes, err := fixedFiles(findings)
	if err != nil {
		return 0, err
	}
	for _, f := range files {
		if diffOnly {
			name := moduleRelative(f.name)
			if err := writeDiff(w, f, "a/"+name, "b/"+name); err != nil {
				return 0, err
			}
			continue
		}
		if err := os.WriteFile(f.name, f.fixed, 0o644); err != nil {
			return 0, err
		}
	}
	return fixes, nil
}

// fixedFile is a file with fixes applied.
type fixedFile struct {
	name       string
	src, fixed []byte
}

// fixedFiles applies the first suggested fix of every finding in memory, skipping fixes
// that overlap one already taken or span files, and formats each changed file like
// gofmt. It returns the files sorted by name and the number of fixes taken.
func fixedFiles(findings []Finding) ([]fixedFile, int, error) {
	byFile := map[string][]edit{}
	fixes := 0
	taken := map[string][][2]int{}
	for _, f := range findings {
		if len(f.Diag.SuggestedFixes) == 0 {
			continue
		}
		sf := f.Diag.SuggestedFixes[0]
		var es []edit
		var file string
		ok := true
		for _, te := range sf.TextEdits {
			start, end := f.Fset.Position(te.Pos), f.Fset.Position(te.End)
			if te.End == token.NoPos {
				end = start
			}
			if file != "" && start.Filename != file {
				ok = false // fixes spanning files are not applied by this driver
			}
			file = start.Filename
			for _, r := range taken[file] {
				if start.Offset < r[1] && r[0] < end.Offset {
					ok = false
				}
			}
			es = append(es, edit{start.Offset, end.Offset, te.NewText})
		}
		if !ok || file == "" {
			continue
		}
		for _, e := range es {
			taken[file] = append(taken[file], [2]int{e.start, e.end})
		}
		byFile[file] = append(byFile[file], es...)
		fixes++
	}
	names := make([]string, 0, len(byFile))
	for f := range byFile {
		names = append(names, f)
	}
	sort.Strings(names)
	var files []fixedFile
	for _, file := range names {
		src, err := os.ReadFile(file)
		if err != nil {
			return nil, 0, err
		}
		es := byFile[file]
		sort.Slice(es, func(i, j int) bool { return es[i].start < es[j].start })
		var out bytes.Buffer
		last := 0
		for _, e := range es {
			if e.start < last || e.end > len(src) {
				return nil, 0, fmt.Errorf("%s: a fix does not match the file (changed since it was analysed?)", file)
			}
			out.Write(src[last:e.start])
			out.Write(e.text)
			last = e.end
		}
		out.Write(src[last:])
		fixed, err := format.Source(out.Bytes())
		if err != nil {
			fixed = out.Bytes()
		}
		files = append(files, fixedFile{name: file, src: src, fixed: fixed})
	}
	return files, fixes, nil
}

// writeDiff writes the unified diff of a fixed file, with the names from and to (the
// standalone driver: "a/PATH" and "b/PATH" from the module root, which git apply and
// patch -p1 take).
func writeDiff(w io.Writer, f fixedFile, from, to string) error {
	ud := difflib.UnifiedDiff{A: difflib.SplitLines(string(f.src)), B: difflib.SplitLines(string(f.fixed)),
		FromFile: from, ToFile: to, Context: 3}
	text, err := difflib.GetUnifiedDiffString(ud)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, text)
	return err
}

// moduleRelative returns file relative to the root of its module (the nearest
// directory above it with a go.mod), slash-separated; the file itself when none.
func moduleRelative(file string) string {
	for dir := filepath.Dir(file); ; {
		if st, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && !st.IsDir() {
			return relPath(dir, file)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return filepath.ToSlash(file)
		}
		dir = parent
	}
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

// summary is the last line of the text output: "6 findings in 2 packages: requeue 3,
// sleep 2, goroutine 1" (rules by count, then name).
func summary(findings []Finding) string {
	byRule := map[string]int{}
	pkgs := map[string]bool{}
	for _, f := range findings {
		byRule[f.Rule]++
		if f.act != nil {
			pkgs[f.act.Package.ID] = true
		}
	}
	rules := make([]string, 0, len(byRule))
	for r := range byRule {
		rules = append(rules, r)
	}
	sort.Slice(rules, func(i, j int) bool {
		if byRule[rules[i]] != byRule[rules[j]] {
			return byRule[rules[i]] > byRule[rules[j]]
		}
		return rules[i] < rules[j]
	})
	parts := make([]string, len(rules))
	for i, r := range rules {
		parts[i] = fmt.Sprintf("%s %d", r, byRule[r])
	}
	return fmt.Sprintf("%s in %s: %s", plural(len(findings), "finding"), plural(len(pkgs), "package"), strings.Join(parts, ", "))
}
