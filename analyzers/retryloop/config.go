package retryloop

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/reach"
)

// Config is the configuration of the retryloop rule.
type Config struct {
	// Conflict also reports retry.RetryOnConflict and retry.OnError closures that update
	// an object without re-reading it. Default: true.
	Conflict bool `json:"conflict"`
}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{Conflict: true} }

// New returns a retryloop analyzer configured with c. Every Config is valid.
func New(c Config) (*analysis.Analyzer, error) {
	return analyzerutil.Configured(rule, c, run), nil
}

var rule = analyzerutil.Rule{Name: "retryloop", Doc: doc, Requires: []*analysis.Analyzer{reach.Analyzer, directives.Analyzer}}
