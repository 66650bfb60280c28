package driver

import (
	"archive/zip"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/internal/shallow"
	"github.com/reconcilelint/reconcilelint/internal/vetfacts"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// This file is the vet-tool protocol: `go vet -vettool=reconcilelint` (and go fix
// -fixtool) runs the binary once per package with a JSON configuration file, after
// asking it for its flags (-flags) and its identity (-V=full, dispatch.go).
//
// It replaces x/tools' unitchecker for one reason: speed under the go command's cache.
// unitchecker (x/tools v0.52) writes the package's deep type information into every
// .vetx file and reads imports from there; the go command hashes every import's .vetx
// to key each vet action, so a warm `go vet` over cluster-api read and hashed about
// 150 MB more than plain go vet. This driver imports types from the compiler's export
// data (the unit's PackageFile map, as the toolchain's vet does) and writes facts only
// (internal/vetfacts), so a package without facts writes a few bytes. It also runs fewer
// analyzers for dependencies: only analyzers that produce facts (and what they require)
// run in VetxOnly mode, not every analyzer that merely requires one.
//
// The protocol as the go command speaks it (cmd/go/internal/work and vet, Go 1.26):
// flags before the file are the tool's; -json asks for a JSON tree of findings on the
// unit's Stdout file (go vet prints them as text itself); -fix writes fixed files into
// FixArchive (or, with -diff, prints diffs); VetxOnly units run for facts only.

// unitConfig is the JSON configuration the go command writes for one package.
type unitConfig struct {
	ID                        string // e.g. "fmt [fmt.test]"
	Dir                       string
	ImportPath                string
	GoVersion                 string
	GoFiles                   []string
	NonGoFiles                []string
	IgnoredFiles              []string
	ModulePath                string
	ModuleVersion             string
	ImportMap                 map[string]string // import path → package path
	PackageFile               map[string]string // package path → compiler export data
	PackageVetx               map[string]string // package path → facts file
	VetxOnly                  bool
	VetxOutput                string
	Stdout                    string
	FixArchive                string
	SucceedOnTypecheckFailure bool
}

// unitFlags are the driver's own flags.
type unitFlags struct {
	json, fix, diff, printFlags bool
	context                     int
}

// triState is an analyzer's enable flag: unset, true or false.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (t *triState) String() string {
	switch *t {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return "unset"
}

func (t *triState) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	if b {
		*t = setTrue
	} else {
		*t = setFalse
	}
	return nil
}

func (t *triState) IsBoolFlag() bool { return true }

// RunUnit runs the vet-tool protocol for args (flags, then one .cfg file, or -flags) with
// the analyzers as. all is every analyzer the binary has, for the fact types. Findings in
// files for which exclude (if not nil) is true are dropped.
func RunUnit(args []string, as, all []*analysis.Analyzer, exclude func(file string) bool, stdout, stderr io.Writer) int {
	if err := analysis.Validate(as); err != nil {
		fmt.Fprintln(stderr, "reconcilelint:", err)
		return ExitUsage
	}
	fs := flag.NewFlagSet("reconcilelint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	enabled := map[*analysis.Analyzer]*triState{}
	for _, a := range as {
		t := new(triState)
		enabled[a] = t
		fs.Var(t, a.Name, fmt.Sprintf("enable %q analysis", a.Name))
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	var uf unitFlags
	fs.BoolVar(&uf.printFlags, "flags", false, "print analyzer flags in JSON")
	fs.BoolVar(&uf.json, "json", false, "emit JSON output")
	fs.IntVar(&uf.context, "c", -1, "display offending line with this many lines of context")
	fs.BoolVar(&uf.fix, "fix", false, "apply all suggested fixes")
	fs.BoolVar(&uf.diff, "diff", false, "with -fix, don't update the files, but print a unified diff")
	for _, old := range []string{"source", "v", "all"} {
		fs.Bool(old, false, "no effect (deprecated)")
	}
	fs.String("tags", "", "no effect (deprecated)")
	if err := fs.Parse(args); err != nil {
		return ExitUsage
	}
	if uf.printFlags {
		return printUnitFlags(fs, stdout)
	}
	as = selectAnalyzers(as, enabled)
	rest := fs.Args()
	if len(rest) != 1 || !strings.HasSuffix(rest[0], ".cfg") {
		fmt.Fprintln(stderr, `reconcilelint: the vet-tool protocol needs one .cfg file written by the go command; run "go vet -vettool=$(which reconcilelint) ./..." or "reconcilelint ./..."`)
		return ExitUsage
	}
	vetfacts.Register(all)
	cfg, err := readUnitConfig(rest[0])
	if err != nil {
		fmt.Fprintln(stderr, "reconcilelint:", err)
		return ExitIncomplete
	}
	if v := unitCtrlVersion(cfg); v != "" {
		if n := k8sapi.ReleaseNote(v); n != "" {
			fmt.Fprintln(stderr, "reconcilelint:", n)
		}
	}
	if cfg.VetxOnly && dependencyUnit(cfg) {
		// No fact pass computes facts for a versioned dependency or the standard library
		// (the standalone driver has no syntax for them): write the empty facts file
		// without parsing. This is most units of a cold go vet.
		if cfg.VetxOutput != "" {
			if err := os.WriteFile(cfg.VetxOutput, vetfacts.Empty(), 0o666); err != nil {
				fmt.Fprintln(stderr, "reconcilelint:", err)
				return ExitIncomplete
			}
		}
		return ExitClean
	}
	out := stdout
	if cfg.Stdout != "" {
		f, err := os.Create(cfg.Stdout)
		if err != nil {
			fmt.Fprintln(stderr, "reconcilelint:", err)
			return ExitIncomplete
		}
		defer f.Close()
		out = f
	}
	fset := token.NewFileSet()
	results, err := runUnit(fset, cfg, as)
	if err != nil {
		if cfg.VetxOnly {
			return ExitFindings // the go command ignores a dependency's failure
		}
		if _, isTypeErr := err.(typeCheckError); isTypeErr && cfg.SucceedOnTypecheckFailure {
			return ExitClean // the compiler reports it (go test's vet)
		}
		// The same words as the other drivers (coverage.go): the package is named, with
		// its reason and, for a module that cannot be built here, what to run.
		if _, isTypeErr := err.(typeCheckError); isTypeErr {
			fmt.Fprintln(stderr, "reconcilelint:", NotAnalysed{Path: cfg.ImportPath, Own: true, Reason: "does not type-check: " + err.Error()}.Line())
		} else {
			fmt.Fprintf(stderr, "reconcilelint: package %s is not analysed: %v\n", cfg.ImportPath, err)
		}
		if h := Explain(err.Error(), cfg.ModulePath).Hint; h != "" {
			fmt.Fprintln(stderr, "reconcilelint:", h)
		}
		return ExitIncomplete
	}
	if cfg.VetxOnly {
		return ExitClean
	}
	if exclude != nil {
		for i := range results {
			var kept []analysis.Diagnostic
			for _, d := range results[i].diags {
				if !exclude(fset.Position(d.Pos).Filename) {
					kept = append(kept, d)
				}
			}
			results[i].diags = kept
		}
	}
	return unitOutput(fset, cfg, uf, results, out, stderr)
}

// printUnitFlags answers -flags: the go command learns from it which of its command-line
// flags belong to the tool.
func printUnitFlags(fs *flag.FlagSet, stdout io.Writer) int {
	type jsonFlag struct {
		Name  string
		Bool  bool
		Usage string
	}
	var flags []jsonFlag
	fs.VisitAll(func(f *flag.Flag) {
		if f.Name == "fix" { // go vet -fix and go fix have their own
			return
		}
		b, ok := f.Value.(interface{ IsBoolFlag() bool })
		flags = append(flags, jsonFlag{f.Name, ok && b.IsBoolFlag(), f.Usage})
	})
	data, err := json.MarshalIndent(flags, "", "\t")
	if err != nil {
		return ExitIncomplete
	}
	stdout.Write(data)
	return ExitClean
}

// selectAnalyzers applies the enable flags: with any -NAME=true only those run, else
// every analyzer not turned off with -NAME=false.
func selectAnalyzers(as []*analysis.Analyzer, enabled map[*analysis.Analyzer]*triState) []*analysis.Analyzer {
	var hasTrue, hasFalse bool
	for _, t := range enabled {
		hasTrue = hasTrue || *t == setTrue
		hasFalse = hasFalse || *t == setFalse
	}
	if !hasTrue && !hasFalse {
		return as
	}
	var keep []*analysis.Analyzer
	for _, a := range as {
		if (hasTrue && *enabled[a] == setTrue) || (!hasTrue && *enabled[a] != setFalse) {
			keep = append(keep, a)
		}
	}
	return keep
}

// dependencyUnit reports whether the unit is a package of a versioned module (a
// dependency, or a module replaced by a directory, whose version the go command still
// reports) or of the standard library: packages for which the fact passes compute no
// facts (see k8sapi.OwnPackage), so that the standalone
// driver, which loads them from export data, and the vet tool see the same facts.
func dependencyUnit(cfg *unitConfig) bool {
	if cfg.ModuleVersion != "" {
		return true
	}
	if cfg.ModulePath != "" || cfg.Dir == "" {
		return false
	}
	goroot := filepath.Clean(build.Default.GOROOT)
	return strings.HasPrefix(filepath.Clean(cfg.Dir), goroot+string(filepath.Separator))
}

// unitCtrlVersion returns the controller-runtime release the module depends on when the
// unit is controller-runtime's pkg/reconcile from a versioned module, or "". The vet tool
// prints the release note (k8sapi.ReleaseNote) in that unit only: the go command runs the
// tool on every dependency of the vetted packages, so the note comes once per go vet run,
// not once per controller-runtime package, and every controller imports pkg/reconcile
// (directly, or through the root package, pkg/builder, pkg/controller or pkg/handler, in
// every release from v0.6). The go command shows the standard error of a dependency's
// unit under a "# sigs.k8s.io/controller-runtime/pkg/reconcile" line, and only when the
// unit runs: a cached unit prints nothing (see docs/compatibility.md).
//
// ModuleVersion is the required version even when a replace directive gives the code
// from elsewhere. The module cache directory the unit's files come from names the
// version actually built (a replacement's), and a directory replacement, whose version is
// not known, has none: the standalone driver prints no note for it either.
func unitCtrlVersion(cfg *unitConfig) string {
	if cfg.ImportPath != k8sapi.ReconcilePkg || cfg.ModulePath != k8sapi.CtrlRoot || cfg.ModuleVersion == "" {
		return ""
	}
	dir := filepath.ToSlash(filepath.Clean(cfg.Dir))
	root, ok := strings.CutSuffix(dir, strings.TrimPrefix(cfg.ImportPath, cfg.ModulePath))
	if !ok {
		return ""
	}
	if _, escaped, ok := strings.Cut(path.Base(root), "@"); ok {
		v, err := module.UnescapeVersion(escaped)
		if err != nil {
			return ""
		}
		return v // the module cache: GOMODCACHE/<module path>@<version>
	}
	if strings.HasSuffix(root, "/vendor/"+cfg.ModulePath) {
		return cfg.ModuleVersion // vendored: the version vendor/modules.txt records
	}
	return "" // a directory replacement
}

func readUnitConfig(path string) (*unitConfig, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	cfg := new(unitConfig)
	if err := json.Unmarshal(data, cfg); err != nil {
		return nil, fmt.Errorf("cannot decode vet configuration %s: %v", path, err)
	}
	if len(cfg.GoFiles) == 0 {
		return nil, fmt.Errorf("package has no files: %s", cfg.ImportPath)
	}
	return cfg, nil
}

// typeCheckError is a parse or type error of the unit's own files.
type typeCheckError struct{ err error }

func (e typeCheckError) Error() string { return e.err.Error() }

// unitResult is what one analyzer the user asked for produced.
type unitResult struct {
	a     *analysis.Analyzer
	diags []analysis.Diagnostic
	err   error
}

// runUnit parses and type-checks the unit, reads its imports' facts, runs the analyzers
// and writes the unit's facts file.
func runUnit(fset *token.FileSet, cfg *unitConfig, as []*analysis.Analyzer) ([]unitResult, error) {
	var files []*ast.File
	for _, name := range cfg.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			return nil, typeCheckError{err}
		}
		files = append(files, f)
	}

	// Types of imports come from the compiler's export data (the standard library's
	// reader, which follows the toolchain's format, over the data pruned to what it
	// reads: internal/shallow).
	gc := shallow.Importer(fset, func(path string) (string, bool) {
		file, ok := cfg.PackageFile[path]
		return file, ok
	})
	imp := importerFunc(func(importPath string) (*types.Package, error) {
		path, ok := cfg.ImportMap[importPath]
		if !ok {
			return nil, fmt.Errorf("can't resolve import %q", importPath)
		}
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		return gc(path)
	})
	tc := &types.Config{
		Importer:  imp,
		Sizes:     types.SizesFor("gc", build.Default.GOARCH),
		GoVersion: cfg.GoVersion,
	}
	info := newTypesInfo()
	pkg, err := tc.Check(cfg.ImportPath, fset, files, info)
	if err != nil {
		return nil, typeCheckError{err}
	}

	facts := vetfacts.New(pkg)
	var withFacts []string
	for path := range cfg.PackageVetx {
		withFacts = append(withFacts, path)
	}
	if err := facts.Decode(withFacts, importedPackages(pkg), func(path string) ([]byte, error) {
		return os.ReadFile(cfg.PackageVetx[path])
	}); err != nil {
		return nil, err
	}
	results := runPasses(passInput{
		fset:      fset,
		files:     files,
		other:     cfg.NonGoFiles,
		ignored:   cfg.IgnoredFiles,
		readable:  slices.Concat(cfg.GoFiles, cfg.NonGoFiles, cfg.IgnoredFiles),
		pkg:       pkg,
		info:      info,
		sizes:     tc.Sizes,
		module:    &analysis.Module{Path: cfg.ModulePath, Version: cfg.ModuleVersion, GoVersion: cfg.GoVersion},
		facts:     facts,
		factsOnly: cfg.VetxOnly,
	}, as)
	if cfg.VetxOnly {
		results = nil // a fact pass that failed leaves its facts out, as before
	}
	if cfg.VetxOutput != "" {
		data, err := facts.Encode()
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(cfg.VetxOutput, data, 0o666); err != nil {
			return nil, err
		}
	}
	return results, nil
}

// validFixes drops the fixes whose edits are out of order, overlap or leave a file
// (an analyzer bug; the standalone checker drops them too).
func validFixes(fset *token.FileSet, fixes []analysis.SuggestedFix) []analysis.SuggestedFix {
	var ok []analysis.SuggestedFix
	for _, fix := range fixes {
		good := true
		edits := append([]analysis.TextEdit(nil), fix.TextEdits...)
		sort.SliceStable(edits, func(i, j int) bool { return edits[i].Pos < edits[j].Pos })
		var file *token.File
		end := token.NoPos
		for _, e := range edits {
			f := fset.File(e.Pos)
			if f == nil || (e.End.IsValid() && (e.End < e.Pos || fset.File(e.End) != f)) || (file != nil && f != file) || e.Pos < end {
				good = false
				break
			}
			file = f
			end = e.Pos
			if e.End.IsValid() {
				end = e.End
			}
		}
		if good {
			ok = append(ok, fix)
		}
	}
	return ok
}

// unitOutput reports the results of a unit: a JSON tree (go vet's default since Go
// 1.26), fixes (-fix, -diff, go fix's archive) or plain text.
func unitOutput(fset *token.FileSet, cfg *unitConfig, uf unitFlags, results []unitResult, stdout, stderr io.Writer) int {
	if uf.fix {
		var findings []Finding
		for _, r := range results {
			if r.err != nil {
				fmt.Fprintf(stderr, "reconcilelint: %s: %s: %v\n", cfg.ID, r.a.Name, r.err)
			}
			for _, d := range r.diags {
				findings = append(findings, Finding{Rule: r.a.Name, Diag: d, Fset: fset})
			}
		}
		files, _, err := fixedFiles(findings)
		if err != nil {
			fmt.Fprintln(stderr, "reconcilelint:", err)
			return ExitFindings
		}
		switch {
		case uf.diff:
			for _, f := range files {
				if err := writeDiff(stdout, f, f.name, f.name); err != nil {
					fmt.Fprintln(stderr, "reconcilelint:", err)
					return ExitFindings
				}
			}
		case cfg.FixArchive != "":
			if err := writeFixArchive(cfg.FixArchive, cfg.ID, files); err != nil {
				fmt.Fprintln(stderr, "reconcilelint:", err)
				return ExitFindings
			}
		default:
			for _, f := range files {
				if err := os.WriteFile(f.name, f.fixed, 0o644); err != nil {
					fmt.Fprintln(stderr, "reconcilelint:", err)
					return ExitFindings
				}
			}
		}
		return ExitClean
	}
	// The messages carry the rule name, as the standalone driver prints them: go vet
	// prints only "posn: message".
	for i := range results {
		for j := range results[i].diags {
			d := &results[i].diags[j]
			d.Message = results[i].a.Name + ": " + d.Message
		}
	}
	if uf.json {
		tree := map[string]map[string]any{}
		for _, r := range results {
			var v any
			if r.err != nil {
				v = struct {
					Err string `json:"error"`
				}{r.err.Error()}
			} else if len(r.diags) > 0 {
				v = jsonDiagnostics(fset, r.diags)
			} else {
				continue
			}
			if tree[cfg.ID] == nil {
				tree[cfg.ID] = map[string]any{}
			}
			tree[cfg.ID][r.a.Name] = v
		}
		data, err := json.MarshalIndent(tree, "", "\t")
		if err != nil {
			fmt.Fprintln(stderr, "reconcilelint:", err)
			return ExitIncomplete
		}
		fmt.Fprintf(stdout, "%s\n", data)
		return ExitClean
	}
	code := ExitClean
	for _, r := range results {
		if r.err != nil {
			fmt.Fprintf(stderr, "reconcilelint: %s: %v\n", r.a.Name, r.err)
			code = ExitFindings
		}
	}
	for _, r := range results {
		for _, d := range r.diags {
			printPlain(stderr, fset, uf.context, d.Pos, d.End, d.Message)
			for _, rel := range d.Related {
				printPlain(stderr, fset, uf.context, rel.Pos, rel.End, "\t"+rel.Message)
			}
			code = ExitFindings
		}
	}
	return code
}

// printPlain prints "file:line:col: message", with context lines when asked (-c=N).
func printPlain(w io.Writer, fset *token.FileSet, context int, pos, end token.Pos, msg string) {
	posn := fset.Position(pos)
	fmt.Fprintf(w, "%s: %s\n", posn, msg)
	if context < 0 {
		return
	}
	endPosn := fset.Position(end)
	if !endPosn.IsValid() {
		endPosn = posn
	}
	data, _ := os.ReadFile(posn.Filename)
	lines := strings.Split(string(data), "\n")
	for i := posn.Line - context; i <= endPosn.Line+context; i++ {
		if 1 <= i && i <= len(lines) {
			fmt.Fprintf(w, "%d\t%s\n", i, lines[i-1])
		}
	}
}

// The JSON form of findings the go command reads (the same shape x/tools' drivers
// print for -json).
type jsonEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonRelated struct {
	Posn    string `json:"posn"`
	End     string `json:"end"`
	Message string `json:"message"`
}

type jsonDiagnostic struct {
	Category       string        `json:"category,omitempty"`
	Posn           string        `json:"posn"`
	End            string        `json:"end"`
	Message        string        `json:"message"`
	SuggestedFixes []jsonFix     `json:"suggested_fixes,omitempty"`
	Related        []jsonRelated `json:"related,omitempty"`
}

func jsonDiagnostics(fset *token.FileSet, diags []analysis.Diagnostic) []jsonDiagnostic {
	or := func(end, pos token.Pos) token.Pos {
		if end.IsValid() {
			return end
		}
		return pos
	}
	var out []jsonDiagnostic
	for _, d := range diags {
		jd := jsonDiagnostic{
			Category: d.Category,
			Posn:     fset.Position(d.Pos).String(),
			End:      fset.Position(or(d.End, d.Pos)).String(),
			Message:  d.Message,
		}
		for _, fix := range d.SuggestedFixes {
			jf := jsonFix{Message: fix.Message}
			for _, e := range fix.TextEdits {
				start := fset.Position(e.Pos)
				jf.Edits = append(jf.Edits, jsonEdit{
					Filename: start.Filename,
					Start:    start.Offset,
					End:      fset.Position(or(e.End, e.Pos)).Offset,
					New:      string(e.NewText),
				})
			}
			jd.SuggestedFixes = append(jd.SuggestedFixes, jf)
		}
		for _, r := range d.Related {
			jd.Related = append(jd.Related, jsonRelated{
				Posn:    fset.Position(r.Pos).String(),
				End:     fset.Position(or(r.End, r.Pos)).String(),
				Message: r.Message,
			})
		}
		out = append(out, jd)
	}
	return out
}

// writeFixArchive writes the fixed files into the zip archive go fix (and go vet -fix)
// applies after the build, with the unit's ID as the archive's comment.
func writeFixArchive(path, id string, files []fixedFile) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(f)
	zw.SetComment(id)
	for _, ff := range files {
		w, err := zw.Create(ff.name)
		if err != nil {
			f.Close()
			return err
		}
		if _, err := w.Write(ff.fixed); err != nil {
			f.Close()
			return err
		}
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
