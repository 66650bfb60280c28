package plugin_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/plugin"
)

// settings builds what golangci-lint hands a module plugin: the YAML of
// linters.settings.custom.reconcilelint.settings as maps and slices of any.
func settings(kv ...any) map[string]any {
	m := map[string]any{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func list(s ...string) []any {
	var out []any
	for _, e := range s {
		out = append(out, e)
	}
	return out
}

func build(t *testing.T, s any) []*analysis.Analyzer {
	t.Helper()
	p, err := plugin.New(s)
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	return as
}

func names(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("reconcilelint")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
}

func TestDefaults(t *testing.T) {
	// No settings key at all (nil) and an empty map both mean the defaults.
	for _, s := range []any{nil, map[string]any{}} {
		cfg, err := plugin.Decode(s)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(cfg, analyzers.DefaultConfig()) {
			t.Errorf("Decode(%v) = %+v, want the defaults", s, cfg)
		}
		def := analyzers.DefaultConfig()
		want, err := def.Enabled()
		if err != nil {
			t.Fatal(err)
		}
		got := names(build(t, s))
		// The directive analyzer comes last; the others are sorted.
		if len(got) == 0 || got[len(got)-1] != "directive" {
			t.Fatalf("analyzers %v: the directive analyzer is not last", got)
		}
		if !slices.IsSorted(got[:len(got)-1]) {
			t.Errorf("analyzers %v are not sorted", got)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("analyzers %v, want the default rules %v", got, want)
		}
	}
}

func TestDisable(t *testing.T) {
	got := names(build(t, settings("disable", list("sleep"))))
	if slices.Contains(got, "sleep") || !slices.Contains(got, "requeue") {
		t.Errorf("disable: [sleep] gave analyzers %v", got)
	}
	got = names(build(t, settings("disable", list("all"), "enable", list("sleep"))))
	if !slices.Equal(got, []string{"sleep"}) {
		t.Errorf("disable: [all], enable: [sleep] gave analyzers %v, want [sleep]", got)
	}
}

func TestKeysIgnoreCase(t *testing.T) {
	// golangci-lint lowercases the keys of its configuration; encoding/json matches
	// json tags ignoring case, and so must the unknown-key check.
	cfg, err := plugin.Decode(settings("RULES", settings("Sleep", settings("ALLOW", list("util.Pause")))))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cfg.Rules.Sleep.Allow, []string{"util.Pause"}) {
		t.Errorf("decoded %+v", cfg)
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct {
		name     string
		settings any
		want     string // the whole error, or its prefix when it ends in "…"
	}{
		{"unknown top-level key", settings("enabel", list("sleep")),
			"reconcilelint settings: enabel: unknown key (known here: disable, enable, exclude, rules)"},
		{"unknown option", settings("rules", settings("sleep", settings("alow", list("x.Y")))),
			"reconcilelint settings: rules.sleep.alow: unknown key (known here: allow)"},
		{"unknown rule under rules", settings("rules", settings("nope", settings())),
			"reconcilelint settings: rules.nope: unknown key (known here: …"},
		{"option of a rule without options", settings("rules", settings("requeue", settings("anything", 1))),
			"reconcilelint settings: rules.requeue.anything: unknown key (rules.requeue takes no keys)"},
		{"unknown key after a known one", settings("enable", list("sleep"), "rules", settings("sleep", settings("allow", list("a.B"), "zzz", true))),
			"reconcilelint settings: rules.sleep.zzz: unknown key (known here: allow)"},
		{"wrong type", settings("enable", "sleep"),
			"reconcilelint settings: decoding settings: json: cannot unmarshal string into Go struct field Config.enable of type []string"},
		{"wrong option type", settings("rules", settings("sleep", settings("allow", 3))),
			"reconcilelint settings: decoding settings: json: cannot unmarshal number into Go struct field …"},
		{"unknown rule", settings("enable", list("sleep", "slep")),
			"reconcilelint settings: enable[1]: unknown rule \"slep\" (did you mean \"sleep\"?) (known: …"},
		{"enabled and disabled", settings("enable", list("sleep"), "disable", list("sleep")),
			"reconcilelint settings: enable[0]: rule \"sleep\" is also disabled"},
		{"bad option", settings("rules", settings("sleep", settings("allow", list("f()")))),
			"reconcilelint settings: rules.sleep.allow[0]: \"f()\" is not a name …"},
		{"bad option of a disabled rule", settings("disable", list("sleep"), "rules", settings("sleep", settings("allow", list("has space")))),
			"reconcilelint settings: rules.sleep.allow[0]: \"has space\" is not a name …"},
		{"bad exclude glob", settings("exclude", list("[x")),
			"reconcilelint settings: exclude[0]: bad glob \"[x\": …"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := plugin.New(c.settings)
			if err == nil {
				t.Fatalf("New accepted %v (plugin %v)", c.settings, p)
			}
			got := err.Error()
			if prefix, ok := strings.CutSuffix(c.want, "…"); ok {
				if !strings.HasPrefix(got, prefix) {
					t.Errorf("error\n%s\ndoes not start with\n%s", got, prefix)
				}
			} else if got != c.want {
				t.Errorf("error\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

// recorder collects what analysistest reports instead of failing the test.
type recorder struct{ errs []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func analyzer(t *testing.T, as []*analysis.Analyzer, name string) *analysis.Analyzer {
	t.Helper()
	for _, a := range as {
		if a.Name == name {
			return a
		}
	}
	t.Fatalf("no analyzer %s in %v", name, names(as))
	return nil
}

// TestRuleOption runs the sleep analyzer that the plugin builds from rules.sleep.allow
// on the sleep rule's own allow-list case: its `// want` comments hold only with the
// option applied.
func TestRuleOption(t *testing.T) {
	as := build(t, settings("rules", settings("sleep", settings("allow", list("wait.PollUntilContextTimeout", "util.Pause")))))
	analysistest.Run(t, testdata(t), analyzer(t, as, "sleep"), "sleep/allow")

	// Without the option the same case has unexpected findings.
	var r recorder
	analysistest.Run(&r, testdata(t), analyzer(t, build(t, nil), "sleep"), "sleep/allow")
	if len(r.errs) != 2 || !strings.Contains(strings.Join(r.errs, "\n"), "unexpected diagnostic: wait.PollUntilContextTimeout") {
		t.Errorf("without rules.sleep.allow, want two unexpected findings; got:\n%s", strings.Join(r.errs, "\n"))
	}
}

// TestExclude checks that exclude globs drop findings, as in the standalone binary.
func TestExclude(t *testing.T) {
	for _, c := range []struct {
		glob string
		want int
	}{
		{"allow.go", 0},
		{"*.go", 0},
		{"other.go", 3},
	} {
		var r recorder
		a := analyzer(t, build(t, settings("exclude", list(c.glob))), "sleep")
		res := analysistest.Run(&r, testdata(t), a, "sleep/allow")
		n := 0
		for _, x := range res {
			n += len(x.Diagnostics)
		}
		if n != c.want {
			t.Errorf("exclude [%s]: %d findings, want %d", c.glob, n, c.want)
		}
	}
}

// TestExcludeBase: the globs are relative to the directory of .golangci.yml, found
// upward from the working directory, whatever subdirectory golangci-lint runs in.
func TestExcludeBase(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "controllers", "x")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := plugin.ExcludeBase(sub); got != sub {
		t.Errorf("without a configuration file: base %s, want the working directory %s", got, sub)
	}
	if err := os.WriteFile(filepath.Join(root, ".golangci.yml"), []byte("version: \"2\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, wd := range []string{root, sub, filepath.Join(root, "controllers")} {
		if got := plugin.ExcludeBase(wd); got != root {
			t.Errorf("from %s: base %s, want %s (the directory of .golangci.yml)", wd, got, root)
		}
	}
	cfg := analyzers.Config{Exclude: []string{"controllers/x/*_controller.go"}}
	file := filepath.Join(sub, "a_controller.go")
	if !cfg.Excluded(rel(t, plugin.ExcludeBase(sub), file)) {
		t.Errorf("controllers/x/*_controller.go does not exclude %s when run from %s", file, sub)
	}
	if cfg.Excluded(rel(t, plugin.ExcludeBase(sub), filepath.Join(root, "controllers", "a_controller.go"))) {
		t.Errorf("controllers/x/*_controller.go excludes controllers/a_controller.go")
	}
}

func rel(t *testing.T, base, file string) string {
	r, err := filepath.Rel(base, file)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.ToSlash(r)
}
