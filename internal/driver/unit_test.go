package driver

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"go/ast"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// The vet-tool protocol, driven the way the go command drives it: a unit configuration
// per package, imports' types from the compiler's export data (go list -export), facts
// files passed from each package to its importers.

// sleepyFact marks a function that is, or calls, a function whose name starts with
// "Sleepy".
type sleepyFact struct{}

func (*sleepyFact) AFact()         {}
func (*sleepyFact) String() string { return "sleepy" }

var sleepyAnalyzer = &analysis.Analyzer{
	Name:      "sleepy",
	Doc:       "test: marks sleepy functions",
	Requires:  []*analysis.Analyzer{inspect.Analyzer},
	FactTypes: []analysis.Fact{new(sleepyFact)},
	Run: func(pass *analysis.Pass) (any, error) {
		ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		ins.Preorder([]ast.Node{(*ast.FuncDecl)(nil)}, func(n ast.Node) {
			fd := n.(*ast.FuncDecl)
			fn := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			sleepy := strings.HasPrefix(fn.Name(), "Sleepy")
			ast.Inspect(fd, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if callee := typeutil.Callee(pass.TypesInfo, call); callee != nil && callee.Pkg() != pass.Pkg && pass.ImportObjectFact(callee, new(sleepyFact)) {
						sleepy = true
					}
				}
				return true
			})
			if sleepy {
				pass.ExportObjectFact(fn, new(sleepyFact))
			}
		})
		return nil, nil
	},
}

var reportRuns atomic.Int32

var reportAnalyzer = &analysis.Analyzer{
	Name:     "report",
	Doc:      "test: reports calls of sleepy functions of other packages",
	Requires: []*analysis.Analyzer{sleepyAnalyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		reportRuns.Add(1)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				callee := typeutil.Callee(pass.TypesInfo, call)
				if callee != nil && callee.Pkg() != pass.Pkg && pass.ImportObjectFact(callee, new(sleepyFact)) {
					pass.Report(analysis.Diagnostic{
						Pos: call.Pos(), End: call.End(),
						Message: "call of sleepy " + callee.Name(),
						SuggestedFixes: []analysis.SuggestedFix{{
							Message:   "mark it",
							TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.Pos(), NewText: []byte("/*sleepy*/ ")}},
						}},
					})
				}
				return true
			})
		}
		return nil, nil
	},
}

type listedPackage struct {
	ImportPath, Dir, Export string
	GoFiles, Imports        []string
	Standard                bool
}

type unitWorld struct {
	t    *testing.T
	dir  string
	pkgs map[string]*listedPackage
	vetx map[string]string // package path → facts file written by its unit
	// exclude is passed to RunUnit.
	exclude func(file string) bool
}

// newUnitWorld writes a module of the given files, builds it and lists every package of
// its graph with its export data.
func newUnitWorld(t *testing.T, files map[string]string) *unitWorld {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.22\n"
	for name, src := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Dir,Export,GoFiles,Imports,Standard", "./...")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	w := &unitWorld{t: t, dir: dir, pkgs: map[string]*listedPackage{}, vetx: map[string]string{}}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		p := new(listedPackage)
		if err := dec.Decode(p); err != nil {
			t.Fatal(err)
		}
		w.pkgs[p.ImportPath] = p
	}
	return w
}

// config is the unit configuration of a module package, as the go command writes it:
// direct imports only.
func (w *unitWorld) config(path string, vetxOnly bool) *unitConfig {
	p := w.pkgs[path]
	cfg := &unitConfig{
		ID: path, ImportPath: path, GoVersion: "go1.22", ModulePath: "example.com/m",
		ImportMap: map[string]string{}, PackageFile: map[string]string{}, PackageVetx: map[string]string{},
		VetxOnly:   vetxOnly,
		VetxOutput: filepath.Join(w.dir, strings.ReplaceAll(path, "/", "_")+".vetx"),
		Stdout:     filepath.Join(w.dir, strings.ReplaceAll(path, "/", "_")+".stdout"),
	}
	for _, f := range p.GoFiles {
		cfg.GoFiles = append(cfg.GoFiles, filepath.Join(p.Dir, f))
	}
	for _, imp := range p.Imports {
		cfg.ImportMap[imp] = imp
		cfg.PackageFile[imp] = w.pkgs[imp].Export
		if v, ok := w.vetx[imp]; ok {
			cfg.PackageVetx[imp] = v
		}
	}
	return cfg
}

// run writes cfg and runs the protocol on it with flags; it records the facts file.
func (w *unitWorld) run(cfg *unitConfig, flags ...string) (code int, stdout, stderr string) {
	w.t.Helper()
	data, _ := json.Marshal(cfg)
	file := filepath.Join(w.dir, strings.ReplaceAll(cfg.ImportPath, "/", "_")+".cfg")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		w.t.Fatal(err)
	}
	var out, errb bytes.Buffer
	as := []*analysis.Analyzer{reportAnalyzer}
	code = RunUnit(append(flags, file), as, as, w.exclude, &out, &errb)
	if _, err := os.Stat(cfg.VetxOutput); err == nil {
		w.vetx[cfg.ImportPath] = cfg.VetxOutput
	}
	if cfg.Stdout != "" {
		data, _ := os.ReadFile(cfg.Stdout)
		out.Write(data)
	}
	return code, out.String(), errb.String()
}

var unitFiles = map[string]string{
	"a/a.go": `package a

import "time"

func SleepyWait() { time.Sleep(1) }

type T struct{}

func (T) SleepyM() {}
`,
	"b/b.go": `package b

import "example.com/m/a"

func Wrap() { a.SleepyWait() }

func Get() a.T { return a.T{} }
`,
	"c/c.go": `package c

import "example.com/m/b"

func F() {
	b.Wrap()
	b.Get().SleepyM()
}
`,
	"d/d.go": "package d\n\nfunc Plain() {}\n",
	"e/e.go": "package e\n\nimport \"strings\"\n\nvar X = strings.ToUpper(\"e\")\n",
}

// prepare runs a and b for facts, as dependencies of c.
func prepare(t *testing.T) *unitWorld {
	t.Helper()
	files := map[string]string{}
	for k, v := range unitFiles {
		files[k] = v
	}
	w := newUnitWorld(t, files)
	before := reportRuns.Load()
	for _, p := range []string{"example.com/m/a", "example.com/m/b"} {
		if code, _, stderr := w.run(w.config(p, true)); code != 0 {
			t.Fatalf("%s (VetxOnly): exit %d: %s", p, code, stderr)
		}
	}
	if n := reportRuns.Load() - before; n != 0 {
		t.Errorf("the rule without facts ran %d times in VetxOnly units, want 0", n)
	}
	return w
}

func TestUnitJSON(t *testing.T) {
	w := prepare(t)
	code, out, stderr := w.run(w.config("example.com/m/c", false), "-json")
	if code != 0 {
		t.Fatalf("exit %d (JSON mode reports findings in the tree, exit 0): %s", code, stderr)
	}
	var tree map[string]map[string][]struct {
		Posn, Message  string
		SuggestedFixes []struct{ Message string } `json:"suggested_fixes"`
	}
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("stdout is not a JSON tree: %v\n%s", err, out)
	}
	var got []string
	for _, d := range tree["example.com/m/c"]["report"] {
		got = append(got, filepath.Base(d.Posn)+" "+d.Message)
		if len(d.SuggestedFixes) != 1 {
			t.Errorf("%s: %d fixes in JSON, want 1", d.Posn, len(d.SuggestedFixes))
		}
	}
	// b.Wrap's fact comes from b's facts file; a.T.SleepyM's through b's too (c does
	// not import a).
	want := "c.go:6:2 report: call of sleepy Wrap|c.go:7:2 report: call of sleepy SleepyM"
	if strings.Join(got, "|") != want {
		t.Errorf("findings %q, want %q", strings.Join(got, "|"), want)
	}
}

func TestUnitFactsFiles(t *testing.T) {
	w := prepare(t)
	for _, p := range []string{"example.com/m/d", "example.com/m/e"} {
		if code, _, stderr := w.run(w.config(p, true)); code != 0 {
			t.Fatalf("%s: exit %d: %s", p, code, stderr)
		}
	}
	read := func(p string) []byte {
		data, err := os.ReadFile(w.vetx[p])
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	// Packages without facts write identical bytes, whatever their types.
	d, e := read("example.com/m/d"), read("example.com/m/e")
	if !bytes.Equal(d, e) || len(d) > 64 {
		t.Errorf("facts files of packages without facts: %q and %q, want the same short header", d, e)
	}
	// a's file holds its two facts, not its types: it is far smaller than its export data.
	a := read("example.com/m/a")
	exp, _ := os.Stat(w.pkgs["example.com/m/a"].Export)
	if len(a) <= len(d) || int64(len(a)) > exp.Size()/4 {
		t.Errorf("a's facts file is %d bytes (export data %d, empty facts file %d)", len(a), exp.Size(), len(d))
	}
	// The same unit run again writes the same bytes (the go command keys importers on them).
	if code, _, stderr := w.run(w.config("example.com/m/a", true)); code != 0 {
		t.Fatal(stderr)
	}
	if again := read("example.com/m/a"); !bytes.Equal(a, again) {
		t.Errorf("a's facts file changed between two runs")
	}
}

func TestUnitPlainAndFlags(t *testing.T) {
	w := prepare(t)
	cfg := w.config("example.com/m/c", false)
	cfg.Stdout = ""
	code, _, stderr := w.run(cfg, "-c=0")
	if code != ExitFindings || !strings.Contains(stderr, "c.go:6:2: report: call of sleepy Wrap\n6\t\tb.Wrap()\n") {
		t.Errorf("plain mode: exit %d, stderr:\n%s", code, stderr)
	}
	if code, out, stderr := w.run(w.config("example.com/m/c", false), "-json", "-report=false"); code != 0 || strings.Contains(out, "sleepy") {
		t.Errorf("-report=false: exit %d, out %s %s", code, out, stderr)
	}
	w.exclude = func(file string) bool { return filepath.Base(file) == "c.go" }
	if code, out, stderr := w.run(w.config("example.com/m/c", false), "-json"); code != 0 || strings.Contains(out, "sleepy") {
		t.Errorf("excluded file: exit %d, out %s %s", code, out, stderr)
	}
	w.exclude = nil

	var out bytes.Buffer
	if code := RunUnit([]string{"-flags"}, []*analysis.Analyzer{reportAnalyzer}, nil, nil, &out, io.Discard); code != 0 {
		t.Fatalf("-flags exit %d", code)
	}
	var flags []struct {
		Name string
		Bool bool
	}
	if err := json.Unmarshal(out.Bytes(), &flags); err != nil {
		t.Fatalf("-flags: %v\n%s", err, out.String())
	}
	names := map[string]bool{}
	for _, f := range flags {
		names[f.Name] = f.Bool
	}
	if !names["report"] || !names["json"] || names["c"] {
		t.Errorf("-flags: %v; want report and json as bool flags, c as a value flag", names)
	}
	if _, ok := names["fix"]; ok {
		t.Errorf("-flags lists -fix, which belongs to go vet and go fix")
	}

	var errb bytes.Buffer
	if code := RunUnit([]string{"./..."}, []*analysis.Analyzer{reportAnalyzer}, nil, nil, io.Discard, &errb); code != ExitUsage || !strings.Contains(errb.String(), "vet-tool protocol") {
		t.Errorf("no .cfg: exit %d, %s", code, errb.String())
	}
}

func TestUnitFix(t *testing.T) {
	w := prepare(t)
	cfg := w.config("example.com/m/c", false)
	cfg.FixArchive = filepath.Join(w.dir, "fix.zip")
	if code, _, stderr := w.run(cfg, "-fix"); code != 0 {
		t.Fatalf("-fix: exit %d: %s", code, stderr)
	}
	zr, err := zip.OpenReader(cfg.FixArchive)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	if len(zr.File) != 1 || zr.File[0].Name != cfg.GoFiles[0] || zr.Comment != cfg.ID {
		t.Fatalf("archive: %d files, comment %q", len(zr.File), zr.Comment)
	}
	rc, _ := zr.File[0].Open()
	fixed, _ := io.ReadAll(rc)
	rc.Close()
	if !strings.Contains(string(fixed), "/*sleepy*/ b.Wrap()") || !strings.Contains(string(fixed), "/*sleepy*/ b.Get().SleepyM()") {
		t.Errorf("fixed file:\n%s", fixed)
	}
	if src, _ := os.ReadFile(cfg.GoFiles[0]); strings.Contains(string(src), "sleepy*/") {
		t.Errorf("-fix with an archive changed the file itself")
	}

	cfg.FixArchive = ""
	code, out, _ := w.run(cfg, "-fix", "-diff")
	if code != 0 || !strings.Contains(out, "+\t/*sleepy*/ b.Wrap()") {
		t.Errorf("-fix -diff: exit %d\n%s", code, out)
	}
}

func TestUnitTypeErrors(t *testing.T) {
	w := prepare(t)
	cfg := w.config("example.com/m/d", false)
	broken := filepath.Join(w.dir, "broken.go")
	os.WriteFile(broken, []byte("package d\n\nvar x int = \"s\"\n"), 0o644)
	cfg.GoFiles = append(cfg.GoFiles, broken)
	code, _, stderr := w.run(cfg, "-json")
	if code != ExitIncomplete || !strings.HasPrefix(stderr, "reconcilelint: package example.com/m/d does not type-check: ") || !strings.Contains(stderr, "broken.go:3:13") {
		t.Errorf("type error: exit %d, stderr %q", code, stderr)
	}
	cfg.SucceedOnTypecheckFailure = true
	if code, _, stderr := w.run(cfg, "-json"); code != 0 || stderr != "" {
		t.Errorf("type error with SucceedOnTypecheckFailure: exit %d, stderr %q", code, stderr)
	}
}

// TestUnitDependencySkipped: a VetxOnly unit of a versioned dependency writes the empty
// facts file without parsing (the standalone driver has no facts for dependencies
// either); the same package as part of the main module gets its facts.
func TestUnitDependencySkipped(t *testing.T) {
	w := prepare(t)
	cfg := w.config("example.com/m/a", true)
	cfg.ModulePath, cfg.ModuleVersion = "example.com/dep", "v1.2.3"
	broken := filepath.Join(w.dir, "broken.go")
	os.WriteFile(broken, []byte("package a\n\nvar x int = \"s\"\n"), 0o644)
	cfg.GoFiles = append(cfg.GoFiles, broken)
	if code, _, stderr := w.run(cfg); code != 0 || stderr != "" {
		t.Fatalf("dependency unit: exit %d, %s", code, stderr)
	}
	if data, _ := os.ReadFile(cfg.VetxOutput); !bytes.Equal(data, []byte("reconcilelint facts v1\n")) {
		t.Errorf("dependency unit wrote %q, want the empty facts file", data)
	}
	main := w.config("example.com/m/a", true)
	if code, _, stderr := w.run(main); code != 0 {
		t.Fatalf("main-module unit: exit %d, %s", code, stderr)
	}
	if data, _ := os.ReadFile(main.VetxOutput); len(data) <= len("reconcilelint facts v1\n") {
		t.Errorf("main-module unit wrote no facts: %q", data)
	}
}

// TestUnitCtrlVersion: the release note's version comes from the unit of pkg/reconcile
// only, and is the version of the code built (a replacement's), as in the standalone
// driver; a directory replacement has none.
func TestUnitCtrlVersion(t *testing.T) {
	cache := filepath.FromSlash("/home/u/go/pkg/mod")
	for _, c := range []struct {
		name, importPath, modulePath, version, dir, want string
	}{
		{"module cache", "sigs.k8s.io/controller-runtime/pkg/reconcile", "sigs.k8s.io/controller-runtime", "v0.99.0",
			filepath.Join(cache, "sigs.k8s.io", "controller-runtime@v0.99.0", "pkg", "reconcile"), "v0.99.0"},
		{"another package", "sigs.k8s.io/controller-runtime/pkg/client", "sigs.k8s.io/controller-runtime", "v0.99.0",
			filepath.Join(cache, "sigs.k8s.io", "controller-runtime@v0.99.0", "pkg", "client"), ""},
		{"replaced by a fork's version", "sigs.k8s.io/controller-runtime/pkg/reconcile", "sigs.k8s.io/controller-runtime", "v0.20.0",
			filepath.Join(cache, "github.com", "!fork", "controller-runtime@v0.5.0-!r!c1", "pkg", "reconcile"), "v0.5.0-RC1"},
		{"replaced by a directory", "sigs.k8s.io/controller-runtime/pkg/reconcile", "sigs.k8s.io/controller-runtime", "v0.99.0",
			filepath.FromSlash("/src/controller-runtime/pkg/reconcile"), ""},
		{"vendored", "sigs.k8s.io/controller-runtime/pkg/reconcile", "sigs.k8s.io/controller-runtime", "v0.5.2",
			filepath.FromSlash("/src/op/vendor/sigs.k8s.io/controller-runtime/pkg/reconcile"), "v0.5.2"},
		{"the main module", "sigs.k8s.io/controller-runtime/pkg/reconcile", "sigs.k8s.io/controller-runtime", "",
			filepath.FromSlash("/src/controller-runtime/pkg/reconcile"), ""},
		{"another module", "sigs.k8s.io/controller-runtime/pkg/reconcile", "example.com/fake", "v0.99.0",
			filepath.Join(cache, "example.com", "fake@v0.99.0", "pkg", "reconcile"), ""},
	} {
		cfg := &unitConfig{ImportPath: c.importPath, ModulePath: c.modulePath, ModuleVersion: c.version, Dir: c.dir}
		if got := unitCtrlVersion(cfg); got != c.want {
			t.Errorf("%s: unitCtrlVersion = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestUnitReleaseNote: the unit of pkg/reconcile of a controller-runtime newer than the
// newest known release prints the note on standard error, goes on (an empty facts file,
// exit 0), and no other unit prints it.
func TestUnitReleaseNote(t *testing.T) {
	w := prepare(t)
	dir := filepath.Join(t.TempDir(), "sigs.k8s.io", "controller-runtime@v0.99.0", "pkg", "reconcile")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := w.config("example.com/m/a", true)
	cfg.ImportPath, cfg.ID, cfg.Dir = "sigs.k8s.io/controller-runtime/pkg/reconcile", "sigs.k8s.io/controller-runtime/pkg/reconcile", dir
	cfg.ModulePath, cfg.ModuleVersion = "sigs.k8s.io/controller-runtime", "v0.99.0"
	code, _, stderr := w.run(cfg)
	if code != 0 || !strings.Contains(stderr, "reconcilelint: controller-runtime v0.99.0 is newer than v0.25") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("pkg/reconcile unit: exit %d, stderr %q, want exit 0 and the one-line note", code, stderr)
	}
	if data, _ := os.ReadFile(cfg.VetxOutput); !bytes.Equal(data, []byte("reconcilelint facts v1\n")) {
		t.Errorf("pkg/reconcile unit wrote %q, want the empty facts file", data)
	}
	other := w.config("example.com/m/a", true)
	other.ModulePath, other.ModuleVersion = "sigs.k8s.io/controller-runtime", "v0.99.0"
	if code, _, stderr := w.run(other); code != 0 || stderr != "" {
		t.Errorf("another controller-runtime unit: exit %d, stderr %q, want nothing", code, stderr)
	}
}
