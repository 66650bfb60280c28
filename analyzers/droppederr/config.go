package droppederr

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/recssa"
)

// Config is the configuration of the droppederr rule. It has no options.
type Config struct{}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New returns a droppederr analyzer configured with c.
func New(c Config) (*analysis.Analyzer, error) {
	return &analysis.Analyzer{
		Name:       "droppederr",
		Doc:        analyzerutil.MustExtractDoc(doc, "droppederr"),
		URL:        analyzerutil.DocURL("droppederr"),
		Requires:   []*analysis.Analyzer{reach.Analyzer, recssa.Analyzer, directives.Analyzer},
		Run:        run,
		ResultType: analyzerutil.OutcomeType,
	}, nil
}
