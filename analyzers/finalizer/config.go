package finalizer

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

// Config is the configuration of the finalizer rule. It has no options.
type Config struct{}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New returns a finalizer analyzer configured with c.
func New(c Config) (*analysis.Analyzer, error) {
	return &analysis.Analyzer{
		Name:       "finalizer",
		Doc:        analyzerutil.MustExtractDoc(doc, "finalizer"),
		URL:        analyzerutil.DocURL("finalizer"),
		Requires:   []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer, directives.Analyzer, valueflow.Analyzer},
		Run:        run,
		ResultType: analyzerutil.OutcomeType,
	}, nil
}
