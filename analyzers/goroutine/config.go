package goroutine

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/reach"
)

// Config is the configuration of the goroutine rule. It has no options.
type Config struct{}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New returns a goroutine analyzer configured with c.
func New(c Config) (*analysis.Analyzer, error) {
	return &analysis.Analyzer{
		Name:       "goroutine",
		Doc:        analyzerutil.MustExtractDoc(doc, "goroutine"),
		URL:        analyzerutil.DocURL("goroutine"),
		Requires:   []*analysis.Analyzer{reach.Analyzer, directives.Analyzer},
		Run:        run,
		ResultType: analyzerutil.OutcomeType,
	}, nil
}
