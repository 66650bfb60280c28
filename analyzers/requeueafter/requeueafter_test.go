package requeueafter_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/requeueafter"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestRequeueAfter(t *testing.T) {
	analysistest.Run(t, testdata(t), requeueafter.Analyzer, "requeueafter/basic", "requeueafter/negative", "requeueafter/afterwrite")
}

func TestThreshold(t *testing.T) {
	a, err := requeueafter.New(requeueafter.Config{Threshold: "10s"})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "requeueafter/threshold")
}

func TestBadThreshold(t *testing.T) {
	for _, th := range []string{"soon", "0s", "-1s"} {
		_, err := requeueafter.New(requeueafter.Config{Threshold: th})
		if err == nil || !strings.HasPrefix(err.Error(), "threshold: ") {
			t.Errorf("threshold %q: got error %v, want one naming the threshold", th, err)
		}
	}
}

// TestReportAfterWrite turns on the report of short requeues right after a write.
func TestReportAfterWrite(t *testing.T) {
	a, err := requeueafter.New(requeueafter.Config{ReportAfterWrite: true})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "requeueafter/afterwriteon")
}
