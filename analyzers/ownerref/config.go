package ownerref

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/subresource"
)

// Config is the configuration of the ownerref rule. It has no options.
type Config struct{}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New returns a ownerref analyzer configured with c.
func New(c Config) (*analysis.Analyzer, error) {
	return &analysis.Analyzer{
		Name:       "ownerref",
		Doc:        analyzerutil.MustExtractDoc(doc, "ownerref"),
		URL:        analyzerutil.DocURL("ownerref"),
		Requires:   []*analysis.Analyzer{inspect.Analyzer, directives.Analyzer, subresource.Analyzer},
		Run:        run,
		ResultType: analyzerutil.OutcomeType,
	}, nil
}
