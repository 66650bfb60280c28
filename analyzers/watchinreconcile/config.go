package watchinreconcile

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/reach"
)

// Config is the configuration of the watchinreconcile rule.
type Config struct {
	// Allow lists functions of the module, by the qualified name a finding shows on its
	// chain ("external.ObjectTracker.Watch"), whose watches are known to be started once
	// (deduplicated in a way the rule does not recognise). Default: none.
	Allow []string `json:"allow,omitempty"`
}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New validates c and returns a watchinreconcile analyzer configured with it.
func New(c Config) (*analysis.Analyzer, error) {
	return analyzerutil.Allowing(rule, c.Allow, "external.ObjectTracker.Watch", run)
}

var rule = analyzerutil.Rule{Name: "watchinreconcile", Doc: doc, Requires: []*analysis.Analyzer{reach.Analyzer, directives.Analyzer}}
