package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/driver"
	"github.com/reconcilelint/reconcilelint/internal/testbin"
)

// Bazel's nogo builds a main that lists the rule packages' Analyzer values and sets
// their options only through Analyzer.Flags (analyzer_flags of its JSON
// configuration); it runs them once per package with the imports' export data and
// facts files, and keeps the diagnostics of the files that only_files and
// exclude_files select. Bazel itself cannot be had here in a version that runs
// current rules_go, so TestNogoShape checks what can be checked without it: a main
// of that shape (the analyzers, the flags, the file filters, a Pass without Module
// and ReadFile as nogo's) builds, and run package by package on the e2e modules it
// reports what the standalone driver reports. Each package is run with our vet-tool
// protocol (internal/driver.RunUnit, export data and facts files as nogo has them);
// x/tools' unitchecker would need type information from dependencies' facts files,
// which neither nogo nor this driver writes.

// nogoMain is the main of the nogo-shaped binary, built with an overlay into the
// reconcilelint module (so that it may use internal/driver for the per-package
// protocol). %s: the imports, %s: the analyzers.
const nogoMain = `package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/internal/driver"
%s)

// The rule packages' Analyzer values, as nogo's generated main lists its deps (here
// every rule: NOGO_RULES picks those a module's test runs, as a user's deps would).
var analyzers = []*analysis.Analyzer{
%s}

// config is one entry of nogo's JSON configuration.
type config struct {
	AnalyzerFlags map[string]string ` + "`json:\"analyzer_flags\"`" + `
	OnlyFiles     map[string]string ` + "`json:\"only_files\"`" + `
	ExcludeFiles  map[string]string ` + "`json:\"exclude_files\"`" + `
	Description   string            ` + "`json:\"description\"`" + `
}

func main() {
	// nogo compiles its configuration into the binary; this harness passes it in the
	// environment, read once before any analysis.
	var configs map[string]config
	if err := json.Unmarshal([]byte(os.Getenv("NOGO_CONFIG")), &configs); err != nil {
		fmt.Fprintln(os.Stderr, "nogo config:", err)
		os.Exit(4)
	}
	if sel := os.Getenv("NOGO_RULES"); sel != "" {
		keep := map[string]bool{}
		for _, name := range strings.Split(sel, ",") {
			keep[name] = true
		}
		var listed []*analysis.Analyzer
		for _, a := range analyzers {
			if keep[a.Name] {
				listed = append(listed, a)
			}
		}
		analyzers = listed
	}
	base := configs["_base"]
	for _, a := range analyzers {
		c := configs[a.Name]
		// As nogo: an analyzer's own entry replaces each part of _base it sets.
		if c.AnalyzerFlags == nil {
			c.AnalyzerFlags = base.AnalyzerFlags
		}
		if c.OnlyFiles == nil {
			c.OnlyFiles = base.OnlyFiles
		}
		if c.ExcludeFiles == nil {
			c.ExcludeFiles = base.ExcludeFiles
		}
		for k, v := range c.AnalyzerFlags {
			if a.Flags.Lookup(k) == nil {
				fmt.Fprintf(os.Stderr, "%%s: unrecognized flag: %%s\n", a.Name, k)
				os.Exit(4)
			}
			if err := a.Flags.Set(k, v); err != nil {
				fmt.Fprintf(os.Stderr, "%%s: invalid value for flag: %%s=%%s: %%v\n", a.Name, k, v, err)
				os.Exit(4)
			}
		}
		filterFiles(a, c)
	}
	seen := map[*analysis.Analyzer]bool{}
	var all []*analysis.Analyzer
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		all = append(all, a)
		run := a.Run
		// nogo's Pass has no Module and no ReadFile.
		a.Run = func(p *analysis.Pass) (any, error) {
			p.Module, p.ReadFile = nil, nil
			return run(p)
		}
	}
	for _, a := range analyzers {
		visit(a)
	}
	os.Exit(driver.RunUnit(os.Args[1:], analyzers, all, nil, os.Stdout, os.Stderr))
}

// filterFiles keeps the diagnostics of the files only_files and exclude_files select
// (regular expressions on the file's path), as nogo does.
func filterFiles(a *analysis.Analyzer, c config) {
	var only, exclude []*regexp.Regexp
	for re := range c.OnlyFiles {
		only = append(only, regexp.MustCompile(re))
	}
	for re := range c.ExcludeFiles {
		exclude = append(exclude, regexp.MustCompile(re))
	}
	run := a.Run
	a.Run = func(p *analysis.Pass) (any, error) {
		report := p.Report
		p.Report = func(d analysis.Diagnostic) {
			name := p.Fset.Position(d.Pos).Filename
			for _, re := range exclude {
				if re.MatchString(name) {
					return
				}
			}
			if len(only) > 0 {
				for _, re := range only {
					if re.MatchString(name) {
						report(d)
						return
					}
				}
				return
			}
			report(d)
		}
		return run(p)
	}
}
`

// nogoConfigFromDocs returns the nogo configuration that docs/bazel.md shows (its
// first json block): the test runs what the documentation tells users to write.
func nogoConfigFromDocs(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "bazel.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```json\n")
	if !ok {
		t.Fatal("docs/bazel.md has no json block")
	}
	block, _, _ := strings.Cut(rest, "```")
	var v map[string]any
	if err := json.Unmarshal([]byte(block), &v); err != nil {
		t.Fatalf("the json block of docs/bazel.md: %v", err)
	}
	return block
}

// buildNogoMain builds the nogo-shaped binary with every rule (runNogo selects those
// the module's configuration enables).
func buildNogoMain(t *testing.T) string {
	t.Helper()
	var imports, list strings.Builder
	n := 0
	for _, r := range analyzers.Rules {
		n++
		fmt.Fprintf(&imports, "\tanalyzer%d %q\n", n, "github.com/reconcilelint/reconcilelint/analyzers/"+r.Name)
		fmt.Fprintf(&list, "\tanalyzer%d.Analyzer,\n", n)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte(fmt.Sprintf(nogoMain, imports.String(), list.String())), 0o644); err != nil {
		t.Fatal(err)
	}
	root := repoRoot(t)
	overlay, _ := json.Marshal(map[string]any{"Replace": map[string]string{filepath.Join(root, "internal", "nogoshape", "main.go"): src}})
	if err := os.WriteFile(filepath.Join(dir, "overlay.json"), overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "nogo")
	cmd := exec.Command("go", "build", "-overlay="+filepath.Join(dir, "overlay.json"), "-o", bin, "./internal/nogoshape")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the nogo-shaped main: %v\n%s", err, out)
	}
	return bin
}

// listedPkg is what runNogo needs of go list.
type listedPkg struct {
	ImportPath, Dir, Export, Name string
	GoFiles, Imports              []string
	ImportMap                     map[string]string
	Module                        *struct {
		Path, Version, GoVersion string
		Main                     bool
	}
}

// runNogo runs the binary on every package of the module in dir, in dependency order,
// as Bazel runs nogo on each go_library: export data of every import, the facts files
// of the module's own imports. The analyzers are the rules the module's configuration
// file enables (the defaults when it has none), as a user lists in nogo's deps the
// rules they want; the configuration's options are not read (they reach nogo only as
// analyzer_flags in config). It returns the findings as the standalone driver prints
// them ("file:line:col: rule: message", paths relative to dir), sorted.
func runNogo(t *testing.T, bin, dir, config string) (findings []string, facts map[string][]byte) {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Dir,Export,Name,GoFiles,Imports,ImportMap,Module", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	cfg, err := driver.LoadConfig(driver.FindConfig(dir))
	if err != nil {
		t.Fatal(err)
	}
	rules, err := cfg.Enabled()
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	exports := map[string]string{}
	vetx := map[string]string{}
	facts = map[string][]byte{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listedPkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		exports[p.ImportPath] = p.Export
		if p.Module == nil || !p.Module.Main || len(p.GoFiles) == 0 {
			continue // a dependency: nogo's run on it computes no facts (k8sapi.OwnPackage)
		}
		name := strings.ReplaceAll(p.ImportPath, "/", "_")
		unit := map[string]any{
			"ID": p.ImportPath, "Compiler": "gc", "Dir": p.Dir, "ImportPath": p.ImportPath,
			"GoVersion": "go" + p.Module.GoVersion, "ModulePath": p.Module.Path,
			"ImportMap": map[string]string{}, "PackageFile": map[string]string{}, "PackageVetx": map[string]string{},
			"VetxOutput": filepath.Join(work, name+".vetx"),
		}
		var files []string
		for _, f := range p.GoFiles {
			files = append(files, filepath.Join(p.Dir, f))
		}
		unit["GoFiles"] = files
		for _, imp := range p.Imports {
			path := imp
			if m, ok := p.ImportMap[imp]; ok {
				path = m
			}
			unit["ImportMap"].(map[string]string)[imp] = path
			unit["PackageFile"].(map[string]string)[path] = exports[path]
			if v, ok := vetx[path]; ok {
				unit["PackageVetx"].(map[string]string)[path] = v
			}
		}
		for path, f := range exports {
			if f != "" {
				unit["PackageFile"].(map[string]string)[path] = f
			}
		}
		data, _ := json.Marshal(unit)
		cfgFile := filepath.Join(work, name+".cfg")
		if err := os.WriteFile(cfgFile, data, 0o644); err != nil {
			t.Fatal(err)
		}
		run := exec.Command(bin, cfgFile)
		run.Env = append(os.Environ(), "NOGO_CONFIG="+config, "NOGO_RULES="+strings.Join(rules, ","))
		var stderr bytes.Buffer
		run.Stderr = &stderr
		err := run.Run()
		if code := run.ProcessState.ExitCode(); code != 0 && code != 1 {
			t.Fatalf("nogo on %s: %v\n%s", p.ImportPath, err, stderr.String())
		}
		vetx[p.ImportPath] = unit["VetxOutput"].(string)
		if facts[p.ImportPath], err = os.ReadFile(vetx[p.ImportPath]); err != nil {
			t.Fatalf("nogo on %s wrote no facts file: %v", p.ImportPath, err)
		}
		for _, l := range strings.Split(stderr.String(), "\n") {
			if l == "" || strings.HasPrefix(l, "\t") || strings.HasPrefix(l, "reconcilelint: ") {
				continue
			}
			if rel, err := filepath.Rel(dir, l[:strings.Index(l, ":")]); err == nil {
				l = filepath.ToSlash(rel) + l[strings.Index(l, ":"):]
			}
			findings = append(findings, l)
		}
	}
	sort.Strings(findings)
	return findings, facts
}

// standaloneFindings runs the standalone driver cold: its findings, sorted, without
// the directive analyzer's (it is built per run from the enabled rules and has no
// Analyzer value for nogo to list).
func standaloneFindings(t *testing.T, dir string) []string {
	t.Helper()
	out, stderr, code := run(t, dir, "", "-cache=off", "./...")
	if code != 0 && code != 1 {
		t.Fatalf("reconcilelint exited %d:\n%s", code, stderr)
	}
	var fs []string
	for _, l := range lines(out) {
		if !strings.Contains(l, ": directive: ") {
			fs = append(fs, l)
		}
	}
	sort.Strings(fs)
	return fs
}

func TestNogoShape(t *testing.T) {
	t.Parallel()
	config := nogoConfigFromDocs(t)
	bin := buildNogoMain(t)
	for _, dir := range modules(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			want := standaloneFindings(t, dir)
			got, facts := runNogo(t, bin, dir, config)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("the nogo-shaped main reports otherwise\n--- nogo\n%s\n--- standalone\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if filepath.Base(dir) != "newrules" {
				return
			}
			// Facts are deterministic: a second run writes the same bytes (the facts
			// hold no maps, and are written sorted), and they were decoded by every
			// importer above (gob).
			_, again := runNogo(t, bin, dir, config)
			withFacts := 0
			for path, data := range facts {
				if !bytes.Equal(data, again[path]) {
					t.Errorf("the facts of %s differ between two runs", path)
				}
				if len(data) > len("reconcilelint facts v1\n") {
					withFacts++
				}
			}
			if withFacts == 0 {
				t.Error("no package of the module has facts: the comparison tests nothing")
			}
		})
	}

	// Options: the configuration file of the standalone driver and nogo's
	// analyzer_flags, by the same names, give the same findings, other than the
	// defaults'.
	t.Run("options", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "operator")
		if err := testbin.CopyTree(filepath.Join(repoRoot(t), "testdata", "e2e", "operator"), dir); err != nil {
			t.Fatal(err)
		}
		defaults := standaloneFindings(t, dir)
		yaml := "rules:\n  sleep:\n    allow: [time.Sleep]\n  requeueafter:\n    threshold: 1ms\n"
		if err := os.WriteFile(filepath.Join(dir, ".reconcilelint.yaml"), []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		want := standaloneFindings(t, dir)
		if strings.Join(want, "\n") == strings.Join(defaults, "\n") {
			t.Fatalf("the options change nothing on this module: the case tests nothing\n%s", strings.Join(want, "\n"))
		}
		flags := `{"sleep": {"analyzer_flags": {"allow": "time.Sleep"}}, "requeueafter": {"analyzer_flags": {"threshold": "1ms"}}}`
		got, _ := runNogo(t, bin, dir, flags)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("analyzer_flags and the configuration file disagree\n--- nogo\n%s\n--- standalone\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		// A value the configuration file rejects, nogo rejects, with the same words.
		cmd := exec.Command(bin, "-flags")
		cmd.Env = append(os.Environ(), `NOGO_CONFIG={"requeueafter": {"analyzer_flags": {"threshold": "soon"}}}`)
		out, _ := cmd.CombinedOutput()
		if !strings.Contains(string(out), `requeueafter: invalid value for flag: threshold=soon`) || !regexp.MustCompile(`not a duration`).Match(out) {
			t.Errorf("a bad flag value: %s", out)
		}
	})
}
