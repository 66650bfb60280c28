package terminalerror_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/droppederr"
	"github.com/reconcilelint/reconcilelint/analyzers/terminalerror"
)

// TestTransientFix checks the fix of a transient error made terminal: the error itself.
func TestTransientFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), terminalerror.Analyzer, "terminalerror/transient")
}

// collect records analysistest's complaints instead of failing: package onefinding has
// no want comments, since two rules run on it.
type collect struct{ errs []string }

func (c *collect) Errorf(format string, args ...any) {
	c.errs = append(c.errs, fmt.Sprintf(format, args...))
}

// TestOneFinding checks that a status write whose error is discarded right before a
// terminal error is reported once, by droppederr at the write, and not also by
// terminalerror at the terminal error: every line marked "// one" has exactly one
// finding of the two rules, and no other line has any.
func TestOneFinding(t *testing.T) {
	dir := testdata(t)
	lines := map[int][]string{}
	for _, a := range []*analysis.Analyzer{droppederr.Analyzer, terminalerror.Analyzer} {
		for _, r := range analysistest.Run(&collect{}, dir, a, "terminalerror/onefinding") {
			if r.Err != nil {
				t.Fatal(r.Err)
			}
			for _, d := range r.Diagnostics {
				line := r.Pass.Fset.Position(d.Pos).Line
				lines[line] = append(lines[line], a.Name+": "+d.Message)
			}
		}
	}
	src, err := os.ReadFile(filepath.Join(dir, "src", "terminalerror", "onefinding", "onefinding.go"))
	if err != nil {
		t.Fatal(err)
	}
	marked := 0
	for i, l := range strings.Split(string(src), "\n") {
		got := lines[i+1]
		if strings.HasSuffix(l, "// one") {
			marked++
			if len(got) != 1 || !strings.HasPrefix(got[0], "droppederr: ") {
				t.Errorf("line %d: want one droppederr finding, got %q", i+1, got)
			}
		} else if len(got) > 0 {
			t.Errorf("line %d: want no finding, got %q", i+1, got)
		}
	}
	if marked != 4 {
		t.Fatalf("%d marked lines, want 4", marked)
	}
}
