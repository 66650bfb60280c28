package sleep

import (
	"fmt"
	"strings"

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
	for i, a := range c.Allow {
		if strings.TrimSpace(a) == "" || strings.ContainsAny(a, " \t()") {
			return nil, fmt.Errorf("allow[%d]: %q is not a name like wait.PollUntilContextTimeout or util.WaitForSocket", i, a)
		}
	}
	allow := map[string]bool{}
	for _, a := range c.Allow {
		allow[a] = true
	}
	return &analysis.Analyzer{
		Name:       "sleep",
		Doc:        analyzerutil.MustExtractDoc(doc, "sleep"),
		URL:        analyzerutil.DocURL("sleep"),
		Requires:   []*analysis.Analyzer{reach.Analyzer, directives.Analyzer},
		Run:        func(pass *analysis.Pass) (any, error) { return run(pass, allow) },
		ResultType: analyzerutil.OutcomeType,
	}, nil
}
