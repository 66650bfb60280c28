package sleep

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/reach"
)

// Config is the configuration of the sleep rule.
type Config struct {
	// Allow lists waits that are not reported, by the name a finding shows for them:
	// a direct site ("wait.PollUntilContextTimeout", "time.Sleep") or a function of the
	// module on the chain ("util.WaitForSocket"). Default: none.
	Allow []string `json:"allow,omitempty"`
}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New validates c and returns a sleep analyzer configured with it.
func New(c Config) (*analysis.Analyzer, error) {
	return analyzerutil.Allowing(rule, c.Allow, "wait.PollUntilContextTimeout or util.WaitForSocket", run)
}

var rule = analyzerutil.Rule{Name: "sleep", Doc: doc, Requires: []*analysis.Analyzer{reach.Analyzer, directives.Analyzer}}
