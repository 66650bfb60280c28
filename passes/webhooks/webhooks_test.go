package webhooks_test

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/passes/webhooks"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestFacts checks the IsWebhook fact on every entry point and its absence on
// look-alikes and test doubles (want comments in testdata/src/webhooks).
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata(t), webhooks.Analyzer, "webhooks/basic", "webhooks/spoke", "webhooks/nohub")
}

// TestEntries checks the context parameters of the result.
func TestEntries(t *testing.T) {
	results := analysistest.Run(t, testdata(t), webhooks.Analyzer, "webhooks/basic", "webhooks/spoke")
	var got []string
	seen := map[string]bool{} // a package and its test variant list the same entries
	for _, r := range results {
		res := r.Result.(*webhooks.Result)
		for _, e := range res.Entries() {
			if pos := r.Pass.Fset.Position(e.Node.Pos()).String(); seen[pos] {
				continue
			} else {
				seen[pos] = true
			}
			ctx := "noctx"
			switch {
			case e.Ctx != nil:
				ctx = "ctx=" + e.Ctx.Name()
			case e.HasCtx:
				ctx = "ctx"
			}
			got = append(got, e.Func.Name()+":"+string(e.Role)+":"+ctx)
		}
	}
	sort.Strings(got)
	want := []string{
		"ConvertFrom:conversion:noctx", "ConvertTo:conversion:noctx",
		"Default:defaulter:ctx=ctx", "Default:defaulter:ctx=ctx", "Default:defaulter:ctx=ctx",
		"Handle:handler:ctx=ctx", "Handle:handler:ctx=ctx",
		"ServeHTTP:http:ctx",
		"ValidateCreate:validator:ctx=ctx", "ValidateCreate:validator:ctx=ctx", "ValidateCreate:validator:ctx=ctx",
		"ValidateDelete:validator:ctx", "ValidateDelete:validator:ctx=ctx", "ValidateDelete:validator:ctx=ctx",
		"ValidateUpdate:validator:ctx=ctx", "ValidateUpdate:validator:ctx=ctx", "ValidateUpdate:validator:ctx=ctx",
		"handleNodes:handler:ctx=ctx", "hubToSpoke:spoke:ctx=ctx", "serveRaw:http:ctx", "spokeToHub:spoke:ctx=ctx",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("entries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestPreGenericAdmission finds validators and defaulters written against the admission
// API of controller-runtime v0.20 and older, where CustomValidator and CustomDefaulter
// are interfaces of their own rather than aliases of the generic Validator[T] and
// Defaulter[T] (external-secrets v0.16 is such an operator).
func TestPreGenericAdmission(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/v020")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, webhooks.Analyzer, "v020webhook")
}
