package driver

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers"
)

func TestHelpListsSubcommandsAndFixes(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Dispatch([]string{"help"}, &out, &errb); code != ExitClean {
		t.Fatalf("help: exit %d: %s", code, errb.String())
	}
	text := out.String()
	for _, sub := range []string{"config", "lsp", "explain", "version", "help"} {
		if !regexp.MustCompile(`(?m)^  ` + sub + `\b`).MatchString(text) {
			t.Errorf("help does not list the subcommand %s:\n%s", sub, text)
		}
	}
	fixes := 0
	for _, n := range analyzers.Names() {
		r, _ := analyzers.Lookup(n)
		m := regexp.MustCompile(`(?m)^  ` + n + ` .*$`).FindString(text)
		if m == "" {
			t.Errorf("help does not list rule %s", n)
			continue
		}
		if got := strings.Contains(m, "(fix"); got != r.Fix {
			t.Errorf("help line of %s marks a fix: %v, the registry says %v: %q", n, got, r.Fix, m)
		}
		if r.Fix {
			fixes++
		}
	}
	if fixes == 0 || fixes == len(analyzers.Names()) {
		t.Errorf("%d of %d rules have fixes: the marks mean nothing", fixes, len(analyzers.Names()))
	}
}

func TestHelpConfig(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Dispatch([]string{"help", "config"}, &out, &errb); code != ExitClean {
		t.Fatalf("help config: exit %d: %s", code, errb.String())
	}
	text := out.String()
	for _, want := range []string{"exclude:", "relative to the directory of the configuration file", "rules.sleep.allow: []", "rules.retryloop.conflict: true"} {
		if !strings.Contains(text, want) {
			t.Errorf("help config lacks %q:\n%s", want, text)
		}
	}
	// The example is a valid configuration.
	_, ex, ok := strings.Cut(text, "Example:\n\n")
	ex, _, _ = strings.Cut(ex, "\n\n")
	if !ok || !strings.Contains(ex, "exclude:") {
		t.Fatalf("no example in help config:\n%s", text)
	}
	var b strings.Builder
	for _, l := range strings.Split(ex, "\n") {
		b.WriteString(strings.TrimPrefix(l, "    ") + "\n")
	}
	path := filepath.Join(t.TempDir(), ConfigFileName)
	os.WriteFile(path, []byte(b.String()), 0o644)
	if _, err := LoadConfig(path); err != nil {
		t.Errorf("the example of help config does not load: %v\n%s", err, b.String())
	}
}

// TestHelpRuleRendersForTerminal: help RULE prints plain text, not Markdown.
func TestHelpRuleRendersForTerminal(t *testing.T) {
	for _, n := range analyzers.Names() {
		var out, errb bytes.Buffer
		if code := Dispatch([]string{"help", n}, &out, &errb); code != ExitClean {
			t.Fatalf("help %s: exit %d: %s", n, code, errb.String())
		}
		text := out.String()
		if !strings.HasPrefix(text, n+": ") || !strings.Contains(text, "\n===") {
			t.Errorf("help %s does not start with an underlined title:\n%.200s", n, text)
		}
		inCode := false
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, "\t") || strings.HasPrefix(l, "    ") && !strings.HasPrefix(strings.TrimSpace(l), "-") && !strings.HasPrefix(l, "     ") {
				inCode = true
				continue // code is verbatim
			}
			if inCode && strings.HasPrefix(l, "      ") {
				continue
			}
			inCode = false
			for _, bad := range []string{`\*`, `\_`, "\\`", "| ---", "<!--", "**"} {
				if strings.Contains(l, bad) {
					t.Errorf("help %s: Markdown %q left in %q", n, bad, l)
				}
			}
			if len([]rune(l)) > terminalWidth && !strings.Contains(l, "  ") {
				t.Errorf("help %s: line longer than %d: %q", n, terminalWidth, l)
			}
		}
	}
	// Backticks of inline code go; only those the text escapes (literal ones) remain.
	for _, n := range []string{"retryloop", "requeue", "nocancel"} {
		md, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules", n+".md"))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		Dispatch([]string{"help", n}, &out, &out)
		body, _, _ := strings.Cut(string(md), "\n## What happens at run time")
		if got, want := strings.Count(out.String(), "`"), strings.Count(body, "\\`"); got != want {
			t.Errorf("help %s: %d backticks, want the %d escaped ones of the Markdown", n, got, want)
		}
	}
	// The Bad example of requeue is kept verbatim, tab-indented.
	var out bytes.Buffer
	Dispatch([]string{"help", "requeue"}, &out, &out)
	if !strings.Contains(out.String(), "\n\t\treturn ctrl.Result{Requeue: true}, nil\n") {
		t.Errorf("help requeue lost its code example:\n%s", out.String())
	}
	if strings.Contains(out.String(), "What happens at run time") {
		t.Errorf("help prints the run-time section (explain's)")
	}
}

func TestRenderTerminal(t *testing.T) {
	md := "<!-- gen -->\n\n# x: y\n\n| a | bb |\n| --- | --- |\n| ccc | d |\n\nSee [the docs](https://e/x.md) and `code` with a \\*Result and \\_test.go, **bold**.\n\n```yaml\nk: `v`\n```\n"
	want := "x: y\n====\n\n  a    bb\n  ccc  d\n\nSee the docs (https://e/x.md) and code with a *Result and _test.go, bold.\n\n    k: `v`\n"
	if got := renderTerminal(md); got != want {
		t.Errorf("renderTerminal:\n--- got\n%s--- want\n%s", got, want)
	}
}

func TestUnknownRuleSuggestion(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"reqeue", `did you mean "requeue"?`},
		{"Sleep", `did you mean "sleep"?`},
		{"finaliser", `did you mean "finalizer"?`},
		{"statusupdates", `did you mean "statusupdate"?`},
	} {
		var out, errb bytes.Buffer
		if code := Dispatch([]string{"help", tc.in}, &out, &errb); code != ExitUsage || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("help %s: exit %d, want 2 and %q: %s", tc.in, code, tc.want, errb.String())
		}
	}
	// Nothing near: no guess.
	var out, errb bytes.Buffer
	Dispatch([]string{"help", "xyzzy"}, &out, &errb)
	if strings.Contains(errb.String(), "did you mean") {
		t.Errorf("help xyzzy guesses: %s", errb.String())
	}
	// The configuration's rule lists say it too.
	cfg := analyzers.DefaultConfig()
	cfg.Disable = []string{"goroutin"}
	if _, err := cfg.Analyzers(); err == nil || !strings.Contains(err.Error(), `disable[0]: unknown rule "goroutin" (did you mean "goroutine"?)`) {
		t.Errorf("disable: [goroutin]: %v", err)
	}
}

// TestFirstHourMistakes: an unknown subcommand is not taken for a package pattern, an
// unknown flag gets one line and a hint instead of the whole usage, and -h describes
// -diff as it works.
func TestFirstHourMistakes(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lint", "./..."}, `reconcilelint: unknown command "lint"; subcommands: help, explain, config, clean-cache, lsp, version; packages are patterns such as ./... (reconcilelint help)` + "\n"},
		{[]string{"explian", "sleep"}, `reconcilelint: unknown command "explian" (did you mean "explain"?)`},
		{[]string{"verison"}, `(did you mean "version"?)`},
		{[]string{"-nope", "./..."}, "reconcilelint: flag provided but not defined: -nope (reconcilelint -h lists the flags)\n"},
		{[]string{"-format", "xml", "./..."}, `reconcilelint: unknown -format "xml" (known: text, json, sarif, github)` + "\n"},
	} {
		var out, errb bytes.Buffer
		code := Dispatch(tc.args, &out, &errb)
		if code != ExitUsage || !strings.Contains(errb.String(), tc.want) || out.Len() != 0 {
			t.Errorf("reconcilelint %s: exit %d\nstderr %q\nwant %q", strings.Join(tc.args, " "), code, errb.String(), tc.want)
		}
		if n := strings.Count(errb.String(), "\n"); n != 1 {
			t.Errorf("reconcilelint %s: %d lines on standard error, want one:\n%s", strings.Join(tc.args, " "), n, errb.String())
		}
	}
	// Package patterns and standard library packages are not commands.
	for _, arg := range []string{"./...", "fmt", "example.com/x", "all", "x.go"} {
		if msg := unknownCommand(arg); msg != "" {
			t.Errorf("%s taken for a command: %s", arg, msg)
		}
	}
	// -h: the whole usage, exit 0; -diff does not need -fix.
	var out, errb bytes.Buffer
	if code := Dispatch([]string{"-h"}, &out, &errb); code != ExitClean {
		t.Errorf("-h: exit %d", code)
	}
	h := errb.String()
	for _, want := range []string{"-diff", "-fix", "-q", "with -diff: 0", "with -fix: 0 every finding was fixed"} {
		if !strings.Contains(h, want) {
			t.Errorf("-h lacks %q:\n%s", want, h)
		}
	}
	if strings.Contains(h, "with -fix, print") || strings.Contains(h, "needs -fix") {
		t.Errorf("-h says -diff needs -fix:\n%s", h)
	}
}
