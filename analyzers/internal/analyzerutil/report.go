package analyzerutil

import (
	"fmt"
	"go/token"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/passes/directives"
)

// Outcome is the result of every rule analyzer: the ignore directives that suppressed
// one of its diagnostics. The directive analyzer uses it to find directives that
// suppress nothing.
type Outcome struct {
	Used map[token.Pos]bool
}

// OutcomeType is the ResultType of every rule analyzer.
var OutcomeType = reflect.TypeFor[*Outcome]()

// Reporter filters and reports the diagnostics of one rule on one package.
type Reporter struct {
	pass        *analysis.Pass
	dirs        *directives.Result
	out         *Outcome
	testSupport bool // the package is test support (IsTestSupport): nothing is reported
}

// NewReporter returns the reporter for pass. The analyzer must require
// directives.Analyzer.
func NewReporter(pass *analysis.Pass) *Reporter {
	return &Reporter{
		pass:        pass,
		dirs:        pass.ResultOf[directives.Analyzer].(*directives.Result),
		out:         &Outcome{Used: map[token.Pos]bool{}},
		testSupport: IsTestSupport(pass),
	}
}

// Outcome returns what the analyzer returns from Run.
func (r *Reporter) Outcome() *Outcome { return r.out }

// Skip reports whether nothing may be reported at p: test files, test-support packages
// and generated files.
func (r *Reporter) Skip(p token.Pos) bool {
	f := r.pass.Fset.File(p)
	if f == nil || r.testSupport {
		return true
	}
	return IsTestFile(f.Name()) || r.dirs.Generated(f.Name())
}

// IsTestFile reports whether filename is a Go test file.
func IsTestFile(filename string) bool { return strings.HasSuffix(filename, "_test.go") }

// Report reports d unless it is in a test file, a test-support package or a generated
// file, or suppressed by an ignore directive for this rule.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if r.Skip(d.Pos) {
		return
	}
	if ig := r.dirs.Suppressing(r.pass.Fset, r.pass.Analyzer.Name, d.Pos); ig != nil {
		r.out.Used[ig.Pos] = true
		return
	}
	if d.URL == "" {
		d.URL = r.pass.Analyzer.URL
	}
	r.pass.Report(d)
}

// Reportf reports a diagnostic for the range rng.
func (r *Reporter) Reportf(rng analysis.Range, format string, args ...any) {
	r.Report(analysis.Diagnostic{Pos: rng.Pos(), End: rng.End(), Message: fmt.Sprintf(format, args...)})
}

// Chain formats a call chain for a message: " (Reconcile → ensure → wait)".
func Chain(steps []string) string {
	if len(steps) == 0 {
		return ""
	}
	return " (" + strings.Join(steps, " → ") + ")"
}
