// Package analyzers is the registry of reconcilelint's rules and the one typed Config
// that selects and configures them, for every driver (the reconcilelint binary, the
// golangci-lint plugin, the language server).
package analyzers

//go:generate go run ./internal/gen/cmd ..

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
)

// Rule is one entry of the registry.
type Rule struct {
	Name     string
	Title    string
	Analyzer *analysis.Analyzer // the default instance
	Default  bool               // enabled unless disabled
	Since    string
	Severity analyzerutil.Severity
	Fix      bool // the rule offers suggested fixes (-fix applies them)
	build    func(*RuleSettings) (*analysis.Analyzer, error)
}

// Config selects and configures rules. Every driver fills it: the golangci-lint plugin
// from its settings, the binary from .reconcilelint.yaml and flags. Unknown keys are
// errors wherever it is decoded.
type Config struct {
	// Enable turns on rules in addition to the default ones; "all" turns on every rule.
	Enable []string `json:"enable,omitempty"`
	// Disable turns rules off; "all" starts from no rule, so that Enable lists exactly
	// the rules to run.
	Disable []string `json:"disable,omitempty"`
	// Rules holds per-rule options, keyed by rule name.
	Rules RuleSettings `json:"rules,omitempty"`
	// Exclude lists path globs (slash-separated, matched against the file path relative
	// to the directory of the configuration file, or its base name); findings in
	// matching files are dropped. "dir/**" matches everything under dir.
	Exclude []string `json:"exclude,omitempty"`
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{Rules: DefaultRuleSettings()} }

// Names returns every rule name, sorted, including the directive analyzer.
func Names() []string {
	var names []string
	for _, r := range Rules {
		names = append(names, r.Name)
	}
	names = append(names, directive.Name)
	sort.Strings(names)
	return names
}

// Lookup returns the rule called name.
func Lookup(name string) (Rule, bool) {
	for _, r := range Rules {
		if r.Name == name {
			return r, true
		}
	}
	if name == directive.Name {
		return directiveRule, true
	}
	return Rule{}, false
}

// Validate checks the configuration; errors name the field path.
func (c *Config) Validate() error {
	_, err := c.Analyzers()
	return err
}

func checkNames(field string, names []string) error {
	for i, n := range names {
		if n == "all" {
			continue
		}
		if _, ok := Lookup(n); !ok {
			hint := ""
			if s := Suggest(n); s != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", s)
			}
			return fmt.Errorf("%s[%d]: unknown rule %q%s (known: %s)", field, i, n, hint, strings.Join(Names(), ", "))
		}
	}
	return nil
}

// Enabled reports which rules the configuration enables, sorted by name.
func (c *Config) Enabled() ([]string, error) {
	if err := checkNames("enable", c.Enable); err != nil {
		return nil, err
	}
	if err := checkNames("disable", c.Disable); err != nil {
		return nil, err
	}
	for i, n := range c.Enable {
		if n != "all" && slices.Contains(c.Disable, n) {
			return nil, fmt.Errorf("enable[%d]: rule %q is also disabled", i, n)
		}
	}
	on := map[string]bool{}
	all := append(slices.Clone(Rules), directiveRule)
	for _, r := range all {
		on[r.Name] = r.Default && !slices.Contains(c.Disable, "all") || slices.Contains(c.Enable, "all")
	}
	for _, n := range c.Enable {
		on[n] = true
	}
	for _, n := range c.Disable {
		if n != "all" {
			on[n] = false
		}
	}
	var names []string
	for _, r := range all {
		if on[r.Name] {
			names = append(names, r.Name)
		}
	}
	sort.Strings(names)
	return names, nil
}

// Analyzers validates the configuration (the options of every rule, enabled or not)
// and returns the analyzers it enables, each configured with its options, sorted by
// name. The directive analyzer, when enabled,
// comes last; it requires the other enabled rules.
func (c *Config) Analyzers() ([]*analysis.Analyzer, error) {
	names, err := c.Enabled()
	if err != nil {
		return nil, err
	}
	for i, g := range c.Exclude {
		if _, err := path.Match(g, ""); err != nil {
			return nil, fmt.Errorf("exclude[%d]: bad glob %q: %v", i, g, err)
		}
	}
	// Every rule's options are validated, those of disabled rules too: a mistake must
	// not wait for the day the rule is enabled.
	built := map[string]*analysis.Analyzer{}
	for _, r := range Rules {
		a, err := r.build(&c.Rules)
		if err != nil {
			return nil, fmt.Errorf("rules.%s.%v", r.Name, err)
		}
		built[r.Name] = a
	}
	var out []*analysis.Analyzer
	withDirective := false
	for _, n := range names {
		if n == directive.Name {
			withDirective = true
			continue
		}
		out = append(out, built[n])
	}
	if withDirective {
		out = append(out, directive.New(slices.Clone(out), Names()))
	}
	return out, nil
}

// Excluded reports whether a finding in file (slash-separated, relative to the
// directory of the configuration file when possible) is dropped by Exclude.
func (c *Config) Excluded(file string) bool {
	for _, g := range c.Exclude {
		if ok, _ := path.Match(g, file); ok {
			return true
		}
		if ok, _ := path.Match(g, path.Base(file)); ok {
			return true
		}
		if strings.HasSuffix(g, "/**") && strings.HasPrefix(file, strings.TrimSuffix(g, "**")) {
			return true
		}
	}
	return false
}

// Suggest returns the rule name closest to name (by edit distance, at most a third of
// its length, or a name it is a prefix or part of), or "" when none is near.
func Suggest(name string) string {
	best, bestD := "", len(name)/3+1
	lower := strings.ToLower(name)
	for _, n := range Names() {
		if d := editDistance(lower, n); d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" && len(name) >= 4 {
		for _, n := range Names() {
			if strings.Contains(n, lower) {
				return n
			}
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
