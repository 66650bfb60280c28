package nocancel

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/reach"
)

// Config is the configuration of the nocancel rule.
type Config struct {
	// Allow lists calls that are not reported, by the name a finding shows for them:
	// a direct site ("exec.Command", "sql.DB.Ping") or a function of the module on the
	// chain ("util.RunGit"). Default: none.
	Allow []string `json:"allow,omitempty"`
}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New validates c and returns a nocancel analyzer configured with it.
func New(c Config) (*analysis.Analyzer, error) {
	return analyzerutil.Allowing(rule, c.Allow, "exec.Command or util.RunGit", run)
}

var rule = analyzerutil.Rule{Name: "nocancel", Doc: doc, Requires: []*analysis.Analyzer{reach.Analyzer, directives.Analyzer}}
