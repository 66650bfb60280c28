package directive

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
)

//go:embed doc.go
var doc string

// Name is the analyzer's name.
const Name = "directive"

// Metadata of the rule.
const (
	Default  = true
	Since    = "v0.1.0"
	Severity = analyzerutil.Warning
)

// New returns the directive analyzer for a run in which rules are enabled and known
// lists every rule name. It requires the enabled rules, whose results tell which ignore
// directives were used.
func New(rules []*analysis.Analyzer, known []string) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     Name,
		Doc:      analyzerutil.MustExtractDoc(doc, Name),
		URL:      analyzerutil.DocURL(Name),
		Requires: append([]*analysis.Analyzer{directives.Analyzer}, rules...),
	}
	enabled := map[string]bool{}
	for _, r := range rules {
		enabled[r.Name] = true
	}
	a.Run = func(pass *analysis.Pass) (any, error) {
		dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
		if analyzerutil.IsTestSupport(pass) {
			return nil, nil // no rule reports in test-support packages
		}
		skip := func(name string) bool { return analyzerutil.IsTestFile(name) || dirs.Generated(name) }
		for _, m := range dirs.Malformed() {
			if !skip(pass.Fset.File(m.Pos).Name()) {
				pass.Report(analysis.Diagnostic{Pos: m.Pos, End: m.End, Message: m.Message, URL: a.URL})
			}
		}
		used := map[any]bool{}
		for _, r := range rules {
			if out, ok := pass.ResultOf[r].(*analyzerutil.Outcome); ok {
				for p := range out.Used {
					used[p] = true
				}
			}
		}
		for _, ig := range dirs.Ignores() {
			if skip(ig.File) {
				continue
			}
			var unknown []string
			allEnabled := true
			for _, r := range ig.Rules {
				if !slices.Contains(known, r) {
					unknown = append(unknown, r)
				}
				if !enabled[r] {
					allEnabled = false
				}
			}
			switch {
			case len(unknown) > 0:
				pass.Report(analysis.Diagnostic{Pos: ig.Pos, End: ig.End, URL: a.URL,
					Message: fmt.Sprintf("reconcilelint:ignore names unknown rule %s (known: %s)", strings.Join(unknown, ", "), strings.Join(known, ", "))})
			case allEnabled && !used[ig.Pos]:
				pass.Report(analysis.Diagnostic{Pos: ig.Pos, End: ig.End, URL: a.URL,
					Message: fmt.Sprintf("reconcilelint:ignore %s suppresses nothing: remove it", strings.Join(ig.Rules, ","))})
			}
		}
		return nil, nil
	}
	return a
}
