// Package gen generates the rule registry (analyzers/all.go) and the rule
// documentation (docs/analyzers.md, docs/rules/RULE.md) from the rule packages' sources.
//
// A rule package is a directory analyzers/NAME (other than internal) whose doc.go has
// the heading "# Analyzer NAME". Each exports Analyzer, Default, Since and Severity, and,
// when the rule has options, Config, DefaultConfig() and New(Config).
package gen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/doc/comment"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
)

// Rule is what the generator knows of one rule package.
type Rule struct {
	Name     string
	Title    string
	Body     string // the doc text after the title, in Go doc comment syntax
	Default  bool
	Since    string
	Severity string
	Options  []Option
	Special  bool // the directive analyzer: built by the registry, not configured
	// NoConfig: the package declares no Config (the rule has no options); its settings
	// entry is an analyzerutil.NoOptions and its default Analyzer serves every config.
	NoConfig bool
	Fix      bool // the rule offers suggested fixes (its non-test files set SuggestedFixes)
}

// Option is one field of a rule's Config.
type Option struct {
	Name, Type, Doc string
}

// testCodeNote ends docs/analyzers.md: where no rule reports (analyzerutil.Reporter).
const testCodeNote = `
No rule reports in test code or generated code: files whose name ends in _test.go,
generated files (a "Code generated ... DO NOT EDIT." comment), and test-support
packages, which are built only for tests but live in ordinary files (fixture builders,
fakes, envtest setups, e2e suites). A package is test support when its name, or a
directory of its import path below the module root, is test, tests, e2e, testing,
testutil, testutils, testhelper or testhelpers, or ends in testing, testutil or
testutils (pkg/util/testing, internal/test/builder, test/e2e, utiltesting); or when one
of its non-test files uses a type of package testing (testing.T, testing.TB) or imports
ginkgo, gomega, testify or controller-runtime's envtest.
`

// entryKindsNote ends docs/analyzers.md: the kinds of entry points the rules walk from.
const entryKindsNote = `
## Entry points

Most rules judge the code that runs on a hot path of the operator, found by type from
the entry points where controller-runtime calls into it. There are two kinds.

**reconcile**: a Reconcile method (any request type, the pre-v0.7 form without a ctx
included), a function converted to reconcile.Func, the Reconcile of a value given to the
controller builder's Complete or Build or set as controller.Options.Reconciler. It runs
on a controller worker: while it runs, the worker takes no other key, and what it
returns decides when the key comes back.

**webhook**: the methods the webhook server calls while the API server waits for the
answer: ValidateCreate, ValidateUpdate, ValidateDelete and Default of a value used as an
admission.Validator[T] or Defaulter[T] (CustomValidator, CustomDefaulter), Handle of a
value used as an admission.Handler, a function converted to admission.HandlerFunc, the
ServeHTTP of a value registered with the webhook server, the two functions given to
conversion.NewSpokeConverter, and ConvertTo and ConvertFrom of a conversion.Convertible
when a conversion.Hub is declared in its package or in one it imports directly. A value
is used as an admission interface when it is passed where one is expected (the webhook
builder's WithValidator, WithDefaulter, WithCustomValidator, WithCustomDefaulter;
admission.WithValidator and friends; MultiValidatingHandler), stored in a field of that
type (admission.Webhook{Handler: h}), assigned or returned as one, or asserted to be one
(var _ admission.CustomValidator = &V{}). A method that only has the name and shape
(ValidateCreate on a type never used as a validator), and anything declared or used
only in _test.go files, is not an entry point. The type and its use must be in the
same package.

The API server calls an admission webhook on every create, update or delete of the kinds
it covers, and waits for it: timeoutSeconds, 10s by default, at most 30s. With
failurePolicy Fail, a webhook that does not answer in time rejects the write; a stuck
webhook blocks every write of those kinds. When the API server gives up, the request's
ctx is cancelled. A conversion webhook is called whenever an object is read or written
in a version other than the stored one (lists and watches included), and a conversion
that does not answer fails that request: for code reached only from conversion entry
points (ConvertTo, ConvertFrom, spoke converter functions) the messages of sleep,
retryloop, goroutine, nocancel and watchinreconcile describe that, not admission.

Rules that report from both kinds, with a message about what happens in a webhook:
bgcontext, ctxfield, goroutine, nocancel, retryloop (not its conflict-closure check),
sleep, watchinreconcile. ConvertTo and ConvertFrom get no ctx from the webhook server,
so bgcontext does not report there: there is no request ctx to pass. Every other rule is
about reconcile results, the work queue, status writes or finalizers, and reports only
from reconcile entry points.
`

// Load reads the rule packages under root/analyzers.
func Load(root string) ([]Rule, error) {
	dir := filepath.Join(root, "analyzers")
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var rules []Rule
	for _, e := range ents {
		if !e.IsDir() || e.Name() == "internal" {
			continue
		}
		r, err := loadRule(filepath.Join(dir, e.Name()), e.Name())
		if err != nil {
			return nil, fmt.Errorf("analyzers/%s: %v", e.Name(), err)
		}
		rules = append(rules, r)
	}
	sort.Slice(rules, func(i, j int) bool { return rules[i].Name < rules[j].Name })
	return rules, nil
}

func loadRule(dir, name string) (Rule, error) {
	r := Rule{Name: name, Special: name == "directive"}
	src, err := os.ReadFile(filepath.Join(dir, "doc.go"))
	if err != nil {
		return r, err
	}
	d, err := analyzerutil.ExtractDoc(string(src), name)
	if err != nil {
		return r, err
	}
	r.Title, r.Body, _ = strings.Cut(d, "\n\n")
	fset := token.NewFileSet()
	// The non-test files of package name in dir (analyzer packages use no build tags).
	entries, err := os.ReadDir(dir)
	if err != nil {
		return r, err
	}
	var files []*ast.File
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments)
		if err != nil {
			return r, err
		}
		if f.Name.Name == name {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return r, fmt.Errorf("no package %s", name)
	}
	found := map[string]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == "SuggestedFixes" {
				r.Fix = true
			}
			return !r.Fix
		})
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				switch s := spec.(type) {
				case *ast.ValueSpec:
					for i, id := range s.Names {
						if i >= len(s.Values) {
							continue
						}
						switch id.Name {
						case "Default":
							r.Default = types(s.Values[i]) == "true"
							found["Default"] = true
						case "Since":
							r.Since, _ = strconv.Unquote(types(s.Values[i]))
							found["Since"] = true
						case "Severity":
							r.Severity = strings.ToLower(strings.TrimPrefix(types(s.Values[i]), "analyzerutil."))
							found["Severity"] = true
						}
					}
				case *ast.TypeSpec:
					if s.Name.Name != "Config" {
						continue
					}
					found["Config"] = true
					st, ok := s.Type.(*ast.StructType)
					if !ok {
						return r, fmt.Errorf("type Config must be a struct")
					}
					for _, fld := range st.Fields.List {
						tag := ""
						if fld.Tag != nil {
							t, _ := strconv.Unquote(fld.Tag.Value)
							tag, _, _ = strings.Cut(reflect.StructTag(t).Get("json"), ",")
						}
						if tag == "" || len(fld.Names) != 1 {
							return r, fmt.Errorf("each field of Config must have one name and a json tag")
						}
						r.Options = append(r.Options, Option{Name: tag, Type: types(fld.Type), Doc: strings.TrimSpace(fld.Doc.Text())})
					}
				}
			}
		}
	}
	need := []string{"Default", "Since", "Severity"}
	r.NoConfig = !r.Special && !found["Config"]
	for _, k := range need {
		if !found[k] {
			return r, fmt.Errorf("missing %s", k)
		}
	}
	return r, nil
}

func types(e ast.Expr) string {
	var b bytes.Buffer
	format.Node(&b, token.NewFileSet(), e)
	return b.String()
}

func export(name string) string { return strings.ToUpper(name[:1]) + name[1:] }

// Registry returns the source of analyzers/all.go.
func Registry(rules []Rule) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by \"go run ./analyzers/internal/gen/cmd\"; DO NOT EDIT.\n\npackage analyzers\n\nimport (\n\t\"golang.org/x/tools/go/analysis\"\n\n")
	for _, r := range rules {
		fmt.Fprintf(&b, "\t%q\n", "github.com/reconcilelint/reconcilelint/analyzers/"+r.Name)
	}
	if slices.ContainsFunc(rules, func(r Rule) bool { return !r.Special }) {
		fmt.Fprintf(&b, "\t%q\n", "github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil")
	}
	b.WriteString(")\n\n// RuleSettings holds the options of every rule, keyed by rule name.\ntype RuleSettings struct {\n")
	for _, r := range rules {
		switch {
		case r.NoConfig:
			fmt.Fprintf(&b, "\t%s analyzerutil.NoOptions `json:%q`\n", export(r.Name), r.Name+",omitempty")
		case !r.Special:
			fmt.Fprintf(&b, "\t%s %s.Config `json:%q`\n", export(r.Name), r.Name, r.Name+",omitempty")
		}
	}
	b.WriteString("}\n\n// DefaultRuleSettings returns every rule's default options.\nfunc DefaultRuleSettings() RuleSettings {\n\treturn RuleSettings{\n")
	for _, r := range rules {
		if !r.Special && !r.NoConfig {
			fmt.Fprintf(&b, "\t\t%s: %s.DefaultConfig(),\n", export(r.Name), r.Name)
		}
	}
	b.WriteString("\t}\n}\n\n// Rules lists every rule, sorted by name. The directive analyzer is built per run by\n// Config.Analyzers.\nvar Rules = []Rule{\n")
	for _, r := range rules {
		if r.Special {
			continue
		}
		build := fmt.Sprintf("func(s *RuleSettings) (*analysis.Analyzer, error) {\n\t\t\treturn analyzerutil.Bound(s.%s, %s.New, %s)\n\t\t}", export(r.Name), r.Name, usageLiteral(r))
		if r.NoConfig {
			build = fmt.Sprintf("func(*RuleSettings) (*analysis.Analyzer, error) { return %s.Analyzer, nil }", r.Name)
		}
		fmt.Fprintf(&b, "\t{Name: %q, Title: %q, Analyzer: %s.Analyzer, Default: %s.Default, Since: %s.Since, Severity: %s.Severity, Fix: %v,\n\t\tbuild: %s},\n",
			r.Name, r.Title, r.Name, r.Name, r.Name, r.Name, r.Fix, build)
	}
	b.WriteString("}\n")
	for _, r := range rules {
		if r.Special {
			fmt.Fprintf(&b, "\n// directiveRule describes the directive analyzer.\nvar directiveRule = Rule{Name: %q, Title: %q, Default: %s.Default, Since: %s.Since, Severity: %s.Severity}\n",
				r.Name, r.Title, r.Name, r.Name, r.Name)
		}
	}
	return format.Source(b.Bytes())
}

// usageLiteral is the Go map literal of the flag usages of r's options: the first
// sentence of each option's doc.
func usageLiteral(r Rule) string {
	var b strings.Builder
	b.WriteString("map[string]string{")
	for i, o := range r.Options {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q: %q", o.Name, firstSentence(o.Doc))
	}
	b.WriteString("}")
	return b.String()
}

// firstSentence is the text up to the first period followed by a space or the end,
// on one line.
func firstSentence(doc string) string {
	doc = strings.Join(strings.Fields(doc), " ")
	for i := 0; i < len(doc); i++ {
		if doc[i] == '.' && (i+1 == len(doc) || doc[i+1] == ' ') {
			return doc[:i]
		}
	}
	return doc
}

// FlagsFile returns analyzers/NAME/flags_gen.go for a rule with options: it binds the
// options of the package's Analyzer to its flags (analyzerutil.BindFlags), so that a
// driver that configures analyzers only through their flags (Bazel's nogo, go vet
// -vettool) sets them by the names of the configuration file.
func FlagsFile(r Rule) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by \"go run ./analyzers/internal/gen/cmd\"; DO NOT EDIT.\n\npackage %s\n\n", r.Name)
	b.WriteString("import \"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil\"\n\n")
	b.WriteString("// The options of Config are the flags of Analyzer, by their names in the configuration\n// file (analyzerutil.BindFlags).\n")
	fmt.Fprintf(&b, "func init() {\n\tanalyzerutil.BindFlags(Analyzer, DefaultConfig(), New, %s)\n}\n", usageLiteral(r))
	return format.Source(b.Bytes())
}

// RuleDoc returns docs/rules/NAME.md; runtime is the "What happens at run time"
// section generated by cmd/fixturegen, or nil.
func RuleDoc(r Rule, runtime []byte) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<!-- Code generated by \"go run ./analyzers/internal/gen/cmd\" from analyzers/%s/doc.go; DO NOT EDIT. -->\n\n", r.Name)
	fmt.Fprintf(&b, "# %s: %s\n\n", r.Name, r.Title)
	on := "on"
	if !r.Default {
		on = "off"
	}
	fmt.Fprintf(&b, "| default | severity | since |\n| --- | --- | --- |\n| %s | %s | %s |\n\n", on, r.Severity, r.Since)
	b.Write(Markdown(r.Body))
	if len(r.Options) > 0 {
		b.WriteString("\n## Options\n\n| option | type | meaning |\n| --- | --- | --- |\n")
		for _, o := range r.Options {
			fmt.Fprintf(&b, "| `%s` | `%s` | %s |\n", o.Name, o.Type, strings.ReplaceAll(o.Doc, "\n", " "))
		}
		fmt.Fprintf(&b, "\nSet them under `rules.%s` in `.reconcilelint.yaml` or the golangci-lint plugin settings, or as the analyzer's flags of the same names (`-%s.%s=...` under go vet -vettool, `analyzer_flags` under Bazel's nogo; a list is comma-separated).\n", r.Name, r.Name, r.Options[0].Name)
	}
	if len(runtime) > 0 {
		b.WriteString("\n")
		b.Write(bytes.TrimSpace(runtime))
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\n## Suppressing\n\n`//reconcilelint:ignore %s <reason>` on the line of the finding or the line above it.\n", r.Name)
	return b.Bytes()
}

// Markdown converts Go doc comment text to Markdown, with headings demoted to level 2.
func Markdown(text string) []byte {
	var p comment.Parser
	d := p.Parse(text)
	pr := comment.Printer{HeadingLevel: 2}
	return pr.Markdown(d)
}

// Index returns docs/analyzers.md.
func Index(rules []Rule) []byte {
	var b bytes.Buffer
	b.WriteString("<!-- Code generated by \"go run ./analyzers/internal/gen/cmd\"; DO NOT EDIT. -->\n\n# Rules\n\n")
	b.WriteString("| rule | what it reports | default | severity | automatic fix |\n| --- | --- | --- | --- | --- |\n")
	for _, r := range rules {
		on := "on"
		if !r.Default {
			on = "off"
		}
		fix := ""
		if r.Fix {
			fix = "yes (`-fix`)"
		}
		fmt.Fprintf(&b, "| [%s](rules/%s.md) | %s | %s | %s | %s |\n", r.Name, r.Name, r.Title, on, r.Severity, fix)
	}
	b.WriteString(testCodeNote)
	b.WriteString(entryKindsNote)
	return b.Bytes()
}

// Files returns every generated file, keyed by path relative to root.
func Files(root string) (map[string][]byte, error) {
	rules, err := Load(root)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	reg, err := Registry(rules)
	if err != nil {
		return nil, err
	}
	out["analyzers/all.go"] = reg
	out["docs/analyzers.md"] = Index(rules)
	for _, r := range rules {
		rt, err := os.ReadFile(filepath.Join(root, "testdata", "runtime", r.Name+".md"))
		if err != nil && !os.IsNotExist(err) {
			return nil, err
		}
		out["docs/rules/"+r.Name+".md"] = RuleDoc(r, rt)
		if !r.Special && !r.NoConfig {
			f, err := FlagsFile(r)
			if err != nil {
				return nil, err
			}
			out["analyzers/"+r.Name+"/flags_gen.go"] = f
		}
	}
	return out, nil
}
