package valueflow_test

import (
	"fmt"
	"go/ast"
	"go/token"
	gotypes "go/types"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

// TestFacts checks the summaries of package status (the want comments on its
// declarations) and the flows that its facts produce at the calls in package
// controllers.
func TestFacts(t *testing.T) {
	dir, _ := filepath.Abs("../../testdata")
	results := analysistest.Run(t, dir, valueflow.Analyzer, "valueflow/status", "valueflow/controllers")
	var res *valueflow.Result
	for _, r := range results {
		if r.Pass.Pkg.Path() == "valueflow/controllers" {
			res = r.Result.(*valueflow.Result)
		}
	}
	if res == nil {
		t.Fatal("no result for valueflow/controllers")
	}
	var got []string
	for _, f := range res.Flows() {
		var os []string
		for _, o := range f.Origins {
			s := o.Kind.String()
			if o.Kind == valueflow.Const {
				s += " " + o.Value.ExactString()
			}
			if o.Desc != "" {
				s += " " + o.Desc
			}
			if len(o.Via) > 0 {
				s += " from " + strings.Join(o.Via, "→")
			}
			os = append(os, s)
		}
		sort.Strings(os)
		got = append(got, fmt.Sprintf("%s | %s | %s | %s", f.Sink, types(f.Expr), strings.Join(f.Via, "→"), strings.Join(os, ", ")))
	}
	want := []string{
		`condition Status | metav1.ConditionTrue | status.SetReady | const "True"`,
		`condition Reason | "Ready" | status.SetReady | const "Ready"`,
		`condition Message | "fine" | status.SetReady | const "fine"`,
		`condition Reason | "Not Valid" | status.SetFailed→status.SetReady | const "Not Valid"`,
		`condition Status | metav1.ConditionStatus(strconv.FormatBool(ok)) | status.SetReady | const "false", const "true"`,
		`condition Reason | status.ReasonFor(ok) | status.SetReady | const "NotReady" from status.ReasonFor, const "Ready" from status.ReasonFor`,
		`condition Message | err.Error() | status.SetReady | error text`,
		`condition Reason | status.Describe(err) | status.SetFailed→status.SetReady | error text from status.Describe, opaque from status.Describe`,
		`condition Reason | status.Pass("Also Bad") | status.SetFailed→status.SetReady | const "Also Bad"`,
		`condition Reason | status.Computed("Ok") | status.SetFailed→status.SetReady | opaque from status.Computed`,
		`condition Reason | "Fine" | status.Prefixed→status.SetReady | `,
		`condition Reason | err.Error() | status.Prefixed→status.SetReady | error text`,
		`field owner | fieldManager | status.Applier.Owner→status.Applier.Apply | const "my-operator"`,
		`field owner | o.Name | status.Applier.Owner→status.Applier.Apply | identity the object's name`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("flows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func types(e any) string {
	return fmt.Sprint(exprString(e))
}

func exprString(e any) string {
	if x, ok := e.(interface{ Pos() token.Pos }); ok {
		_ = x
	}
	return gotypes.ExprString(e.(ast.Expr))
}
