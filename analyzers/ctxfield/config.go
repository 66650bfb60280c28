package ctxfield

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
	"github.com/reconcilelint/reconcilelint/passes/webhooks"
)

// Config is the configuration of the ctxfield rule. It has no options.
type Config struct{}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New returns a ctxfield analyzer configured with c.
func New(c Config) (*analysis.Analyzer, error) {
	return &analysis.Analyzer{
		Name:       "ctxfield",
		Doc:        analyzerutil.MustExtractDoc(doc, "ctxfield"),
		URL:        analyzerutil.DocURL("ctxfield"),
		Requires:   []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer, reconcilers.Analyzer, webhooks.Analyzer, directives.Analyzer},
		Run:        run,
		ResultType: analyzerutil.OutcomeType,
	}, nil
}
