package queuedone

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/queuefacts"
)

// Config is the configuration of the queuedone rule.
type Config struct {
	// IgnoreForget turns off the check that a rate-limited consumer forgets or requeues
	// every item it takes (the Done check stays on). Default: false.
	IgnoreForget bool `json:"ignoreForget,omitempty"`
}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New returns a queuedone analyzer configured with c.
func New(c Config) (*analysis.Analyzer, error) {
	return analyzerutil.Configured(rule, c, run), nil
}

var rule = analyzerutil.Rule{Name: "queuedone", Doc: doc, Requires: []*analysis.Analyzer{inspect.Analyzer, queuefacts.Analyzer, directives.Analyzer}}
