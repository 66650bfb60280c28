package analyzers_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/analyzers/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/gen"
	"github.com/reconcilelint/reconcilelint/analyzers/requeueafter"
	"github.com/reconcilelint/reconcilelint/analyzers/sleep"
)

// root is the repository root, relative to this package's directory.
const root = ".."

func names(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func defaultAnalyzers(t *testing.T) []*analysis.Analyzer {
	t.Helper()
	c := analyzers.DefaultConfig()
	as, err := c.Analyzers()
	if err != nil {
		t.Fatal(err)
	}
	return as
}

func TestValidate(t *testing.T) {
	if len(analyzers.Rules) == 0 {
		t.Fatal("no rules")
	}
	for _, r := range analyzers.Rules {
		if r.Analyzer == nil {
			t.Errorf("rule %s has no default Analyzer", r.Name)
			continue
		}
		if err := analysis.Validate([]*analysis.Analyzer{r.Analyzer}); err != nil {
			t.Errorf("rule %s: %v", r.Name, err)
		}
		if r.Analyzer.Name != r.Name {
			t.Errorf("rule %s: Analyzer.Name is %q", r.Name, r.Analyzer.Name)
		}
	}
	if err := analysis.Validate(defaultAnalyzers(t)); err != nil {
		t.Errorf("default configuration: %v", err)
	}
}

// TestRuleDocs checks that every rule, the directive analyzer included, has a Doc that
// starts with its title line, a URL, and a doc page at that URL's path.
func TestRuleDocs(t *testing.T) {
	// The default configuration runs the rules with Default set (and the directive
	// analyzer); enable: [all] runs every rule.
	var defaults []string
	for _, r := range analyzers.Rules {
		if r.Default {
			defaults = append(defaults, r.Name)
		}
	}
	if got := slices.Sorted(slices.Values(names(defaultAnalyzers(t)))); !slices.Equal(slices.DeleteFunc(got, func(n string) bool { return n == "directive" }), slices.Sorted(slices.Values(defaults))) {
		t.Errorf("the default configuration runs %v; the rules on by default are %v", got, defaults)
	}
	c := analyzers.DefaultConfig()
	c.Enable = []string{"all"}
	all, err := c.Analyzers()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(all), analyzers.Names(); !slices.Equal(slices.Sorted(slices.Values(got)), want) {
		t.Fatalf("enable: [all] runs %v; want every rule: %v", got, want)
	}
	for _, a := range all {
		r, ok := analyzers.Lookup(a.Name)
		if !ok {
			t.Errorf("%s: not in the registry", a.Name)
			continue
		}
		title, body, _ := strings.Cut(a.Doc, "\n\n")
		if title == "" || title != r.Title {
			t.Errorf("%s: Doc title %q, registry title %q", a.Name, title, r.Title)
		}
		if strings.TrimSpace(body) == "" {
			t.Errorf("%s: Doc has no text after the title", a.Name)
		}
		if want := analyzerutil.DocURL(a.Name); a.URL != want {
			t.Errorf("%s: URL %q, want %q", a.Name, a.URL, want)
		}
		page := filepath.Join(root, "docs", "rules", a.Name+".md")
		if !strings.HasSuffix(a.URL, "/docs/rules/"+a.Name+".md") {
			t.Errorf("%s: URL %q does not point at docs/rules/%s.md", a.Name, a.URL, a.Name)
		}
		if _, err := os.Stat(page); err != nil {
			t.Errorf("%s: no doc page: %v", a.Name, err)
		}
	}
}

// TestGenerated fails when the committed generated files are stale.
func TestGenerated(t *testing.T) {
	files, err := gen.Files(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, must := range []string{"analyzers/all.go", "docs/analyzers.md"} {
		if _, ok := files[must]; !ok {
			t.Fatalf("the generator does not produce %s", must)
		}
	}
	for _, name := range analyzers.Names() {
		if _, ok := files["docs/rules/"+name+".md"]; !ok {
			t.Errorf("the generator does not produce docs/rules/%s.md", name)
		}
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Errorf("%s: %v; run `go generate ./analyzers`", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale; run `go generate ./analyzers`", name)
		}
	}
	pages, err := filepath.Glob(filepath.Join(root, "docs", "rules", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		rel := "docs/rules/" + filepath.Base(p)
		if _, ok := files[rel]; !ok {
			t.Errorf("%s belongs to no rule; remove it, or run `go generate ./analyzers` after adding the rule", rel)
		}
	}
}

func TestDefaults(t *testing.T) {
	c := analyzers.DefaultConfig()
	on, err := c.Enabled()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"directive", "requeue", "sleep"} {
		if !slices.Contains(on, want) {
			t.Errorf("%s is not enabled by default: %v", want, on)
		}
	}
	as := defaultAnalyzers(t)
	last := as[len(as)-1]
	if last.Name != directive.Name {
		t.Fatalf("the directive analyzer is not last: %v", names(as))
	}
	// The directive analyzer requires every other enabled rule, whose results tell
	// which ignore directives were used.
	for _, a := range as[:len(as)-1] {
		if !slices.Contains(last.Requires, a) {
			t.Errorf("the directive analyzer does not require %s", a.Name)
		}
	}
}

func TestSelection(t *testing.T) {
	// The rules on by default, computed from the registry's metadata, sorted, then the
	// directive analyzer last (Config.Analyzers puts it there).
	var defaults, all []string
	for _, r := range analyzers.Rules {
		all = append(all, r.Name)
		if r.Default {
			defaults = append(defaults, r.Name)
		}
	}
	without := func(l []string, name string) []string {
		return slices.DeleteFunc(slices.Clone(l), func(s string) bool { return s == name })
	}
	if !slices.Contains(defaults, "sleep") || !slices.Contains(defaults, "requeue") {
		t.Fatalf("sleep and requeue must be on by default: %v", defaults)
	}
	for _, c := range []struct {
		name string
		cfg  analyzers.Config
		want []string
	}{
		{"defaults", analyzers.Config{}, append(slices.Clone(defaults), "directive")},
		{"disable all, enable sleep", analyzers.Config{Disable: []string{"all"}, Enable: []string{"sleep"}}, []string{"sleep"}},
		{"disable all, enable directive", analyzers.Config{Disable: []string{"all"}, Enable: []string{"directive"}}, []string{"directive"}},
		{"disable one", analyzers.Config{Disable: []string{"requeue"}}, append(without(defaults, "requeue"), "directive")},
		{"disable directive", analyzers.Config{Disable: []string{"directive"}}, defaults},
		{"enable all", analyzers.Config{Enable: []string{"all"}}, append(slices.Clone(all), "directive")},
	} {
		t.Run(c.name, func(t *testing.T) {
			as, err := c.cfg.Analyzers()
			if err != nil {
				t.Fatal(err)
			}
			if got := names(as); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
			if err := analysis.Validate(as); err != nil {
				t.Error(err)
			}
			for _, a := range as {
				if a.Name == directive.Name && len(a.Requires) != len(as) { // directives pass + the others
					t.Errorf("directive requires %v", names(a.Requires))
				}
			}
		})
	}
}

func TestConfigErrors(t *testing.T) {
	for _, c := range []struct {
		name   string
		cfg    analyzers.Config
		prefix string
	}{
		{"unknown enable", analyzers.Config{Enable: []string{"sleep", "nope"}}, `enable[1]: unknown rule "nope"`},
		{"unknown disable", analyzers.Config{Disable: []string{"nope"}}, `disable[0]: unknown rule "nope"`},
		{"enabled and disabled", analyzers.Config{Enable: []string{"requeue", "sleep"}, Disable: []string{"sleep"}}, `enable[1]: rule "sleep" is also disabled`},
		{"bad option", analyzers.Config{Rules: analyzers.RuleSettings{Sleep: sleep.Config{Allow: []string{"has space"}}}}, "rules.sleep.allow[0]: "},
		// The options of a disabled rule are validated too: a typo must not wait for
		// the day the rule is enabled.
		{"bad option of a disabled rule", analyzers.Config{Disable: []string{"sleep"}, Rules: analyzers.RuleSettings{Sleep: sleep.Config{Allow: []string{"f()"}}}}, "rules.sleep.allow[0]: "},
		{"bad exclude", analyzers.Config{Exclude: []string{"[x"}}, "exclude[0]: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.cfg.Analyzers()
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.HasPrefix(err.Error(), c.prefix) {
				t.Errorf("error %q does not start with %q", err, c.prefix)
			}
			if err2 := c.cfg.Validate(); err2 == nil || err2.Error() != err.Error() {
				t.Errorf("Validate returned %v, Analyzers %v", err2, err)
			}
		})
	}
}

// decode decodes a Config strictly, as the golangci-lint plugin and the YAML loader do.
func decode(s string) (analyzers.Config, error) {
	c := analyzers.DefaultConfig()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	err := dec.Decode(&c)
	return c, err
}

func TestStrictDecoding(t *testing.T) {
	c, err := decode(`{"enable": ["sleep"], "disable": ["requeue"], "rules": {"sleep": {"allow": ["util.Pause"]}, "requeue": {}}, "exclude": ["zz_*.go"]}`)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Rules.Sleep.Allow, []string{"util.Pause"}) || !slices.Equal(c.Enable, []string{"sleep"}) {
		t.Errorf("decoded %+v", c)
	}
	if err := c.Validate(); err != nil {
		t.Error(err)
	}
	for _, bad := range []string{
		`{"enabel": ["sleep"]}`,
		`{"rules": {"sleep": {"alow": ["x.Y"]}}}`,
		`{"rules": {"nope": {}}}`,
		`{"rules": {"requeue": {"anything": 1}}}`,
	} {
		if _, err := decode(bad); err == nil || !strings.Contains(err.Error(), "unknown field") {
			t.Errorf("%s: got %v, want an unknown field error", bad, err)
		}
	}
}

// TestFixMarks: the registry's Fix (generated from the rule's source: it sets
// SuggestedFixes) agrees with the fix tests (.golden files under testdata/src/RULE),
// so that help and docs/analyzers.md mark exactly the rules whose fixes are tested.
func TestFixMarks(t *testing.T) {
	for _, n := range analyzers.Names() {
		r, _ := analyzers.Lookup(n)
		golden, _ := filepath.Glob(filepath.Join(root, "testdata", "src", n, "*", "*.golden"))
		if r.Fix != (len(golden) > 0) {
			t.Errorf("rule %s: Fix is %v, but it has %d .golden files", n, r.Fix, len(golden))
		}
	}
	table, err := os.ReadFile(filepath.Join(root, "docs", "analyzers.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range analyzers.Names() {
		r, _ := analyzers.Lookup(n)
		for _, l := range strings.Split(string(table), "\n") {
			if strings.HasPrefix(l, "| ["+n+"]") && strings.Contains(l, "yes (`-fix`)") != r.Fix {
				t.Errorf("docs/analyzers.md row of %s: fix mark disagrees with the registry (%v): %s", n, r.Fix, l)
			}
		}
	}
}

// TestOptionFlags: every option of every rule is a flag of the rule package's Analyzer
// (what Bazel's nogo sets through analyzer_flags) and of every analyzer the registry
// builds (what go vet -vettool sets as -RULE.OPTION), named by its key in the
// configuration file, and starting from the configured value. A rule written after
// this test gets its flags from the generator: the test fails when flags_gen.go was
// not generated for it.
func TestOptionFlags(t *testing.T) {
	settings := reflect.ValueOf(analyzers.DefaultRuleSettings())
	cfg := analyzers.DefaultConfig()
	cfg.Enable = []string{"all"}
	cfg.Rules.Requeueafter.Threshold = "250ms"
	built, err := cfg.Analyzers()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*analysis.Analyzer{}
	for _, a := range built {
		byName[a.Name] = a
	}
	withOptions := 0
	for _, r := range analyzers.Rules {
		field := settings.FieldByName(strings.ToUpper(r.Name[:1]) + r.Name[1:])
		want := analyzerutil.OptionNames(field.Type())
		for _, a := range []*analysis.Analyzer{r.Analyzer, byName[r.Name]} {
			var got []string
			a.Flags.VisitAll(func(f *flag.Flag) { got = append(got, f.Name) })
			sort.Strings(got)
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("%s: flags %v, want the options %v (run make generate)", r.Name, got, want)
			}
		}
		if len(want) > 0 {
			withOptions++
		}
	}
	if withOptions < 5 {
		t.Fatalf("only %d rules with options: the test looks at the wrong fields", withOptions)
	}
	if v := byName["requeueafter"].Flags.Lookup("threshold").Value.String(); v != "250ms" {
		t.Errorf("the registry's requeueafter threshold flag starts at %q, want the configuration's 250ms", v)
	}
	// The package's Analyzer rejects what the configuration file rejects, with the
	// same words.
	cfg = analyzers.DefaultConfig()
	cfg.Rules.Requeueafter.Threshold = "soon"
	_, cfgErr := cfg.Analyzers()
	a := analyzerutil.Must(requeueafter.New(requeueafter.DefaultConfig()))
	analyzerutil.BindFlags(a, requeueafter.DefaultConfig(), requeueafter.New, nil)
	flagErr := a.Flags.Set("threshold", "soon")
	if cfgErr == nil || flagErr == nil || !strings.HasSuffix(cfgErr.Error(), flagErr.Error()) {
		t.Errorf("configuration error %v, flag error %v: want the same message", cfgErr, flagErr)
	}
}
