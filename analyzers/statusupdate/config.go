package statusupdate

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/statusmut"
	"github.com/reconcilelint/reconcilelint/passes/subresource"
)

// Config is the configuration of the statusupdate rule. It has no options.
type Config struct{}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New returns a statusupdate analyzer configured with c.
func New(c Config) (*analysis.Analyzer, error) {
	return &analysis.Analyzer{
		Name:       "statusupdate",
		Doc:        analyzerutil.MustExtractDoc(doc, "statusupdate"),
		URL:        analyzerutil.DocURL("statusupdate"),
		Requires:   []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer, statusmut.Analyzer, subresource.Analyzer, directives.Analyzer},
		Run:        run,
		ResultType: analyzerutil.OutcomeType,
	}, nil
}
