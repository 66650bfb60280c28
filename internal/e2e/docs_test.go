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
