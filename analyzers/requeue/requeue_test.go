package requeue_test

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/requeue"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestRequeue(t *testing.T) {
	analysistest.Run(t, testdata(t), requeue.Analyzer, "requeue/basic", "requeue/negative")
}

// TestTestSupport checks that a Requeue in test-support packages that are not _test.go
// files is not reported: a package under test/e2e, and one whose name ends in testing.
func TestTestSupport(t *testing.T) {
	analysistest.Run(t, testdata(t), requeue.Analyzer, "requeue/test/e2e", "requeue/clienttesting")
}

// TestRemoveWithRequeueAfter checks the removal of Requeue next to a positive constant
// RequeueAfter, and that no fix is offered when RequeueAfter may be zero.
func TestRemoveWithRequeueAfter(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(t), requeue.Analyzer, "requeue/removeafter")
	checkGofmtOutput(t, results)
}

// TestWithError checks the zero-Result fix for a certainly non-nil error, and that no
// fix is offered when the error may be nil.
func TestWithError(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(t), requeue.Analyzer, "requeue/witherr")
	checkGofmtOutput(t, results)
}

// checkGofmtOutput applies every suggested fix to its file byte for byte, without the
// formatting that RunWithSuggestedFixes does before comparing, and requires the result
// to equal the .golden file exactly and the .golden file to be gofmt-clean: a fix must
// not leave output that gofmt would rewrite.
func checkGofmtOutput(t *testing.T, results []*analysistest.Result) {
	t.Helper()
	edits := map[string][]analysis.TextEdit{}
	var fset = results[0].Pass.Fset
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, f := range d.SuggestedFixes {
				for _, e := range f.TextEdits {
					name := fset.File(e.Pos).Name()
					edits[name] = append(edits[name], e)
				}
			}
		}
	}
	if len(edits) == 0 {
		t.Fatal("no suggested fixes")
	}
	for name, es := range edits {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		tf := fset.File(es[0].Pos)
		slices.SortFunc(es, func(a, b analysis.TextEdit) int { return int(a.Pos - b.Pos) })
		var out bytes.Buffer
		last := 0
		for _, e := range es {
			start, end := tf.Offset(e.Pos), tf.Offset(e.End)
			if start < last {
				t.Fatalf("%s: overlapping edits at offset %d", name, start)
			}
			out.Write(src[last:start])
			out.Write(e.NewText)
			last = end
		}
		out.Write(src[last:])
		golden, err := os.ReadFile(name + ".golden")
		if err != nil {
			t.Fatal(err)
		}
		if formatted, err := format.Source(golden); err != nil || !bytes.Equal(formatted, golden) {
			t.Errorf("%s.golden is not gofmt-clean (err=%v)", name, err)
		}
		if !bytes.Equal(out.Bytes(), golden) {
			t.Errorf("%s: fixes applied without formatting differ from the golden file:\n%s", name, out.Bytes())
		}
	}
}
