package sleep_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/sleep"
	"github.com/reconcilelint/reconcilelint/passes/reach"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestSleep(t *testing.T) {
	analysistest.Run(t, testdata(t), sleep.Analyzer, "sleep/basic", "sleep/negative")
}

// TestCrossPackage checks the summary facts of package util and the findings at the
// call sites in the reconciler's package, with the chain through both packages.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testdata(t), reach.Analyzer, "sleep/util")
	analysistest.Run(t, testdata(t), sleep.Analyzer, "sleep/crosspkg")
}

func TestAllowOption(t *testing.T) {
	a, err := sleep.New(sleep.Config{Allow: []string{"wait.PollUntilContextTimeout", "util.Pause"}})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "sleep/allow")
}

func TestBadConfig(t *testing.T) {
	for _, bad := range []string{"", "has space", "f()"} {
		if _, err := sleep.New(sleep.Config{Allow: []string{"ok.Name", bad}}); err == nil {
			t.Errorf("New accepted allow entry %q", bad)
		} else if want := "allow[1]: "; err.Error()[:len(want)] != want {
			t.Errorf("error %q does not name the field allow[1]", err)
		}
	}
}

// TestWebhook checks the findings from webhook entry points, with their messages and
// chains, and none on look-alikes of admission types that are never used as such.
func TestWebhook(t *testing.T) {
	analysistest.Run(t, testdata(t), sleep.Analyzer, "sleep/webhook")
}
