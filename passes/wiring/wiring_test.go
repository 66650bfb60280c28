package wiring_test

import (
	"bytes"
	"encoding/gob"
	"go/token"
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/passes/wiring"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// show reports every controller of the package at the line of its Complete, Build,
// controller.New or helper call, as Controller.String describes it.
var show = &analysis.Analyzer{
	Name:     "showwiring",
	Doc:      "report the controllers the wiring pass finds",
	Requires: []*analysis.Analyzer{wiring.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[wiring.Analyzer].(*wiring.Result)
		for _, c := range res.Controllers {
			pos := token.NoPos
			pass.Fset.Iterate(func(f *token.File) bool {
				if f.Base() <= int(pass.Files[0].Pos()) && int(pass.Files[0].Pos()) <= f.Base()+f.Size() {
					pos = f.LineStart(c.Line)
					return false
				}
				return true
			})
			pass.Reportf(pos, "%s", c.String())
		}
		return nil, nil
	},
}

// TestControllers checks the controllers found in builder chains, helpers of the
// package and of another package (through facts), controller.New with Watch, and
// chains the pass cannot see through.
func TestControllers(t *testing.T) {
	analysistest.Run(t, testdata(t), show, "wiring/basic", "wiring/helpers", "wiring/ctrlnew", "wiring/unknown")
}

// TestFacts checks the templates exported for helpers of another package.
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata(t), wiring.Analyzer, "wiring/common")
}

// TestFactsEncode checks that a Summary survives gob (facts cross packages that way).
func TestFactsEncode(t *testing.T) {
	in := &wiring.Summary{Controllers: []wiring.Controller{{Form: "builder", Reconciler: wiring.Ref{Slot: 2},
		For: &wiring.Watch{Via: "For", Kind: wiring.Ref{Type: "k8s.io/api/apps/v1.Deployment"}, Preds: []wiring.Pred{{Generation: true}}}}}}
	if !reflect.DeepEqual(roundTrip(t, in), in) {
		t.Fatalf("summary changed in a gob round trip")
	}
}

func roundTrip(t *testing.T, in *wiring.Summary) *wiring.Summary {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(in); err != nil {
		t.Fatal(err)
	}
	out := new(wiring.Summary)
	if err := gob.NewDecoder(&buf).Decode(out); err != nil {
		t.Fatal(err)
	}
	return out
}
