package metriclabels

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

// Config is the configuration of the metriclabels rule. It has no options.
type Config struct{}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New returns a metriclabels analyzer configured with c.
func New(c Config) (*analysis.Analyzer, error) {
	return &analysis.Analyzer{
		Name:       "metriclabels",
		Doc:        analyzerutil.MustExtractDoc(doc, "metriclabels"),
		URL:        analyzerutil.DocURL("metriclabels"),
		Requires:   []*analysis.Analyzer{inspect.Analyzer, directives.Analyzer, valueflow.Analyzer},
		Run:        run,
		ResultType: analyzerutil.OutcomeType,
	}, nil
}
