package selftrigger_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/selftrigger"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestSelfTrigger(t *testing.T) {
	analysistest.Run(t, testdata(t), selftrigger.Analyzer, "selftrigger/basic", "selftrigger/negative", "selftrigger/predicate", "selftrigger/helpers", "selftrigger/custompredicate", "selftrigger/labelpredicate",
		"selftrigger/percontroller", "selftrigger/nosubresource", "selftrigger/fetchhelper", "selftrigger/opaquechain", "selftrigger/callerguard")
}
