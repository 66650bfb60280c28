package driver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigErrorsNameTheLine: every kind of mistake in .reconcilelint.yaml names the
// file, the line and the key.
func TestConfigErrorsNameTheLine(t *testing.T) {
	for _, tc := range []struct {
		name, yaml, want string
	}{
		{"unknown key", "disable: [retryloop]\nrules:\n  sleep:\n    alow: [x]\n", ":4: rules.sleep.alow: unknown key (known: allow)"},
		{"unknown rule", "enable:\n  - sleep\n  - reqeue\n", `:3: enable[1]: unknown rule "reqeue" (did you mean "requeue"?)`},
		{"bad value", "rules:\n  sleep:\n    allow: [\"has space\"]\n", ":3: rules.sleep.allow[0]"},
		{"wrong type", "exclude: []\nrules:\n  sleep:\n    allow: true\n", ":4: rules.sleep.allow: want a list of strings (e.g. [a, b]), got true or false"},
		{"string for a list", "disable: retryloop\n", ":1: disable: want a list of strings (e.g. [a, b]), got a string"},
		{"list for a mapping", "rules: [1]\n", ":1: rules: want a mapping (key: value), got a list"},
		{"tab indentation", "rules:\n\tsleep:\n\t\tallow: [x]\n", ":2: YAML syntax: found character that cannot start any token (a tab indents a line near here: YAML indents with spaces only)"},
		{"syntax", "enable: [sleep\ndisable: x\n", ".reconcilelint.yaml:"},
		{"bad glob", "\nexclude: [\"ok\", \"[x\"]\n", `:2: exclude[1]: bad glob "[x"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), ConfigFileName)
			os.WriteFile(path, []byte(tc.yaml), 0o644)
			_, err := LoadConfig(path)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), path+":") {
				t.Errorf("LoadConfig: %v\nwant %s%s", err, path, tc.want)
			}
		})
	}
	// A syntax error names its line too.
	path := filepath.Join(t.TempDir(), ConfigFileName)
	os.WriteFile(path, []byte("enable: [sleep]\nrules:\n  sleep:\n  allow: x\n    bad: [\n"), 0o644)
	if _, err := LoadConfig(path); err == nil || !strings.HasPrefix(err.Error(), path+":") || !strings.ContainsAny(strings.TrimPrefix(err.Error(), path+":")[:1], "0123456789") {
		t.Errorf("syntax error without a line: %v", err)
	}
	// A good file loads.
	os.WriteFile(path, []byte("disable: [retryloop]\nrules:\n  sleep:\n    allow: [a.B]\n"), 0o644)
	if _, err := LoadConfig(path); err != nil {
		t.Errorf("good configuration: %v", err)
	}
}
