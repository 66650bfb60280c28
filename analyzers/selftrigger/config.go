package selftrigger

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/subresource"
)

// Config is the configuration of the selftrigger rule. It has no options.
type Config struct{}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New returns a selftrigger analyzer configured with c.
func New(c Config) (*analysis.Analyzer, error) {
	return &analysis.Analyzer{
		Name:       "selftrigger",
		Doc:        analyzerutil.MustExtractDoc(doc, "selftrigger"),
		URL:        analyzerutil.DocURL("selftrigger"),
		Requires:   []*analysis.Analyzer{directives.Analyzer, reach.Analyzer, subresource.Analyzer},
		Run:        run,
		ResultType: analyzerutil.OutcomeType,
	}, nil
}
