package applyread

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

// Config is the configuration of the applyread rule. It has no options.
type Config struct{}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New returns an applyread analyzer configured with c.
func New(c Config) (*analysis.Analyzer, error) {
	return &analysis.Analyzer{
		Name:       "applyread",
		Doc:        analyzerutil.MustExtractDoc(doc, "applyread"),
		URL:        analyzerutil.DocURL("applyread"),
		Requires:   []*analysis.Analyzer{directives.Analyzer, valueflow.Analyzer},
		Run:        run,
		ResultType: analyzerutil.OutcomeType,
	}, nil
}
