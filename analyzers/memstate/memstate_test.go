package memstate_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/memstate"
)

// TestMemstate checks per-object maps of every key shape (NamespacedName, Request,
// UID, strings built from the request or the object, a local holding one, a nested
// field, a sync.Map), written inline and in a helper, the race clause left out under
// a lock, NumRequeues in a reconcile path; and none for maps keyed by kind or
// configuration, maps written at set-up, maps pruned in the NotFound branch or in a
// finalize helper, local maps, other types' maps and a client-go handleErr.
func TestMemstate(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, memstate.Analyzer, "memstate/basic", "memstate/negative")
}
