package terminalerror

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
	"github.com/reconcilelint/reconcilelint/passes/recssa"
)

// Config is the configuration of the terminalerror rule. It has no options.
type Config struct{}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New returns a terminalerror analyzer configured with c.
func New(c Config) (*analysis.Analyzer, error) {
	return &analysis.Analyzer{
		Name:       "terminalerror",
		Doc:        analyzerutil.MustExtractDoc(doc, "terminalerror"),
		URL:        analyzerutil.DocURL("terminalerror"),
		Requires:   []*analysis.Analyzer{reconcilers.Analyzer, reach.Analyzer, recssa.Analyzer, directives.Analyzer},
		Run:        run,
		ResultType: analyzerutil.OutcomeType,
	}, nil
}
