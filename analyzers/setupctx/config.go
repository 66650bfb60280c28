package setupctx

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
)

// Config is the configuration of the setupctx rule. It has no options: a deliberate
// never-stopping manager carries an ignore directive.
type Config struct{}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New returns a setupctx analyzer configured with c.
func New(c Config) (*analysis.Analyzer, error) {
	return &analysis.Analyzer{
		Name:       "setupctx",
		Doc:        analyzerutil.MustExtractDoc(doc, "setupctx"),
		URL:        analyzerutil.DocURL("setupctx"),
		Requires:   []*analysis.Analyzer{inspect.Analyzer, directives.Analyzer},
		Run:        run,
		ResultType: analyzerutil.OutcomeType,
	}, nil
}
