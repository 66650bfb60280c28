package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCIDocExamples runs every reconcilelint command shown in docs/ci.md on a copy of the
// operator module: shell lines, `run:`/`script:` values, and pre-commit entry+args.
func TestCIDocExamples(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	var cmds [][]string
	blocks := regexp.MustCompile("(?s)```[a-z]*\n(.*?)```").FindAllStringSubmatch(string(doc), -1)
	entryRE := regexp.MustCompile(`^\s*entry:\s*(\S+)\s*$`)
	argsRE := regexp.MustCompile(`^\s*args:\s*\[(.*)\]\s*$`)
	for _, b := range blocks {
		entry := ""
		for _, l := range strings.Split(b[1], "\n") {
			s := strings.TrimSpace(l)
			s = strings.TrimPrefix(s, "- run: ")
			s = strings.TrimPrefix(s, "run: ")
			s = strings.TrimPrefix(s, "- ")
			if strings.HasPrefix(s, "reconcilelint ") {
				cmds = append(cmds, strings.Fields(s)[1:])
			}
			if m := entryRE.FindStringSubmatch(l); m != nil {
				entry = m[1]
			}
			if m := argsRE.FindStringSubmatch(l); m != nil && entry == "reconcilelint" {
				var args []string
				for _, a := range strings.Split(m[1], ",") {
					args = append(args, strings.TrimSpace(a))
				}
				cmds = append(cmds, args)
			}
		}
	}
	if len(cmds) < 8 {
		t.Fatalf("found only %d reconcilelint commands in docs/ci.md: %v", len(cmds), cmds)
	}
	dir := copyModule(t, "operator")
	for _, args := range cmds {
		_, stderr, code := run(t, dir, "", args...)
		if code != 0 && code != 1 {
			t.Errorf("reconcilelint %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
		}
	}
	// The files the examples write exist.
	for _, f := range []string{"reconcilelint.sarif", "reconcilelint.json", ".reconcilelint-baseline.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("example did not write %s", f)
		}
	}
}

// TestGolangciLintDoc: the .golangci.yml example of docs/golangci-lint.md is valid YAML,
// keeps every finding of a line (issues.uniq-by-line: false), and does not contradict
// "every rule is on by default" (no enable: [all], no linters.default).
func TestGolangciLintDoc(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "golangci-lint.md"))
	if err != nil {
		t.Fatal(err)
	}
	var example string
	for _, b := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(doc), -1) {
		if strings.HasPrefix(b[1], "version: \"2\"\nlinters:") {
			example = b[1]
		}
	}
	var cfg struct {
		Linters struct {
			Default  *string                   `json:"default"`
			Enable   []string                  `json:"enable"`
			Settings map[string]map[string]any `json:"settings"`
		} `json:"linters"`
		Issues map[string]any `json:"issues"`
	}
	if err := yamlJSON([]byte(example), &cfg, false); err != nil || example == "" {
		t.Fatalf("no valid .golangci.yml example: %v\n%s", err, example)
	}
	if cfg.Issues["uniq-by-line"] != false {
		t.Errorf("the example does not set issues.uniq-by-line: false: %v", cfg.Issues)
	}
	if cfg.Linters.Default != nil || len(cfg.Linters.Enable) != 1 || cfg.Linters.Enable[0] != "reconcilelint" {
		t.Errorf("linters: default %v, enable %v", cfg.Linters.Default, cfg.Linters.Enable)
	}
	settings, _ := cfg.Linters.Settings["custom"]["reconcilelint"].(map[string]any)["settings"].(map[string]any)
	if _, ok := settings["enable"]; ok {
		t.Errorf("the example enables rules, but every rule is on by default: %v", settings)
	}
	for _, want := range []string{"v2.15.0 and later", "uniq-by-line"} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("docs/golangci-lint.md does not say %q", want)
		}
	}
}

// TestDocsStandOnTheirOwn keeps README, docs/ and the rule docs free of references to
// documents that are not in the repository, and checks that every relative link in them
// names a file that exists.
func TestDocsStandOnTheirOwn(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	files := []string{filepath.Join(root, "README.md")}
	for _, glob := range []string{"docs/*.md", "docs/rules/*.md", "analyzers/*/doc.go"} {
		m, err := filepath.Glob(filepath.Join(root, glob))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	outside := regexp.MustCompile(`DESIGN\.md|RUNTIME\.md|STYLE\.md|\.\./shared`)
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, f)
		for i, l := range strings.Split(string(data), "\n") {
			if m := outside.FindString(l); m != "" {
				t.Errorf("%s:%d: names %s, which is not in the repository", rel, i+1, m)
			}
			if !strings.HasSuffix(f, ".md") {
				continue
			}
			for _, m := range link.FindAllStringSubmatch(l, -1) {
				target := m[1]
				if strings.ContainsAny(target, `\*`) || strings.Contains(target, "://") || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				target, _, _ = strings.Cut(target, "#")
				if _, err := os.Stat(filepath.Join(filepath.Dir(f), target)); err != nil {
					t.Errorf("%s:%d: link %s names no file", rel, i+1, m[1])
				}
			}
		}
	}
}
