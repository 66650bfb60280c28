package errpoll_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/droppederr"
	"github.com/reconcilelint/reconcilelint/analyzers/errpoll"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestErrPoll(t *testing.T) {
	analysistest.Run(t, testdata(t), errpoll.Analyzer, "errpoll/basic", "errpoll/negative")
}

// recorder collects what analysistest reports, for runs whose want comments belong to
// another rule.
type recorder struct{ errs []string }

func (r *recorder) Errorf(format string, args ...any) { r.errs = append(r.errs, format) }

// TestOneFinding checks that droppederr, which reports a logged error followed by a zero
// Result, is silent on every shape errpoll reports (a logged error followed by a
// RequeueAfter): one defect, one finding.
func TestOneFinding(t *testing.T) {
	for _, res := range analysistest.Run(&recorder{}, testdata(t), droppederr.Analyzer, "errpoll/basic") {
		for _, d := range res.Diagnostics {
			t.Errorf("droppederr reports %s at %v on errpoll's case", d.Message, res.Pass.Fset.Position(d.Pos))
		}
	}
	// And errpoll is silent on droppederr's findings; of its negative cases it takes the
	// one that requeues ("Logged, but the reconcile then requeues"), and only that one.
	found := 0
	for _, res := range analysistest.Run(&recorder{}, testdata(t), errpoll.Analyzer, "droppederr/basic", "droppederr/negative") {
		for _, d := range res.Diagnostics {
			pos := res.Pass.Fset.Position(d.Pos)
			src, err := os.ReadFile(pos.Filename)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(src), "\n")
			above := strings.Join(lines[max(0, pos.Line-5):pos.Line-1], "\n")
			if !strings.HasSuffix(pos.Filename, "negative.go") || !strings.Contains(above, "Logged, but the reconcile then requeues") {
				t.Errorf("errpoll reports %s at %v on droppederr's case", d.Message, pos)
			}
			found++
		}
	}
	if found != 1 {
		t.Errorf("errpoll reports %d findings on droppederr's cases, want 1 (the logged error followed by RequeueAfter)", found)
	}
}
