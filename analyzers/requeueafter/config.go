package requeueafter

import (
	"fmt"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
)

// Config is the configuration of the requeueafter rule.
type Config struct {
	// Threshold is the shortest constant RequeueAfter that is not reported, as a Go
	// duration ("1s", "500ms"); it must be positive. Default: "1s".
	Threshold string `json:"threshold,omitempty"`
	// ReportAfterWrite also reports a short RequeueAfter right after a write (a
	// requeue that stands in for a recursive call), which is not reported by default.
	// A requeue under an apierrors.IsConflict test is never reported. Default: false.
	ReportAfterWrite bool `json:"reportAfterWrite,omitempty"`
}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{Threshold: "1s"} }

// New validates c and returns a requeueafter analyzer configured with it.
func New(c Config) (*analysis.Analyzer, error) {
	threshold := time.Second
	if c.Threshold != "" {
		d, err := time.ParseDuration(c.Threshold)
		if err != nil {
			return nil, fmt.Errorf("threshold: %q is not a duration (write it like 1s or 500ms)", c.Threshold)
		}
		if d <= 0 {
			return nil, fmt.Errorf("threshold: %q must be positive", c.Threshold)
		}
		threshold = d
	}
	return analyzerutil.Configured(rule, options{threshold: threshold, afterWrite: c.ReportAfterWrite}, run), nil
}

var rule = analyzerutil.Rule{Name: "requeueafter", Doc: doc, Requires: []*analysis.Analyzer{inspect.Analyzer, directives.Analyzer}}
