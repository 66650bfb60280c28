package notfound

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
	"github.com/reconcilelint/reconcilelint/passes/recssa"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

// Config is the configuration of the notfound rule. It has no options.
type Config struct{}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New returns a notfound analyzer configured with c.
func New(c Config) (*analysis.Analyzer, error) {
	return &analysis.Analyzer{
		Name:       "notfound",
		Doc:        analyzerutil.MustExtractDoc(doc, "notfound"),
		URL:        analyzerutil.DocURL("notfound"),
		Requires:   []*analysis.Analyzer{reconcilers.Analyzer, recssa.Analyzer, directives.Analyzer, valueflow.Analyzer},
		Run:        run,
		ResultType: analyzerutil.OutcomeType,
	}, nil
}
