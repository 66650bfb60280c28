package applyowner

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

// Config is the configuration of the applyowner rule.
type Config struct {
	// ReportForceOwnership turns on the report of client.ForceOwnership (why it is off
	// by default: "Forced ownership" in the rule's documentation). Default: false.
	ReportForceOwnership bool `json:"reportForceOwnership,omitempty"`
	// AllowForceOwnership (with reportForceOwnership) lists the import paths of packages
	// whose server-side apply calls may pass client.ForceOwnership, typically while they migrate field
	// ownership from another manager. A path ending in "/..." also matches every
	// package below it. Default: none.
	AllowForceOwnership []string `json:"allowForceOwnership,omitempty"`
	// ClientFieldOwner declares that the module's clients are built with a default
	// field owner (client.Options.FieldOwner or client.WithFieldOwner), so an apply
	// call without a client.FieldOwner option is not reported. Default: false.
	ClientFieldOwner bool `json:"clientFieldOwner,omitempty"`
}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New validates c and returns an applyowner analyzer configured with it.
func New(c Config) (*analysis.Analyzer, error) {
	for i, p := range c.AllowForceOwnership {
		if err := validPath(p); err != nil {
			return nil, fmt.Errorf("allowForceOwnership[%d]: %q %v", i, p, err)
		}
	}
	s := &settings{clientOwner: c.ClientFieldOwner, reportForce: c.ReportForceOwnership}
	for _, p := range c.AllowForceOwnership {
		if rest, ok := strings.CutSuffix(p, "/..."); ok {
			s.forcePrefixes = append(s.forcePrefixes, rest)
		} else {
			s.forcePaths = append(s.forcePaths, p)
		}
	}
	return analyzerutil.Configured(rule, s, run), nil
}

var rule = analyzerutil.Rule{Name: "applyowner", Doc: doc, Requires: []*analysis.Analyzer{inspect.Analyzer, directives.Analyzer, valueflow.Analyzer}}

// validPath checks that p looks like an import path, optionally ending in "/...".
func validPath(p string) error {
	base := strings.TrimSuffix(p, "/...")
	switch {
	case base == "" || base == "...":
		return fmt.Errorf("is not a package path")
	case strings.ContainsAny(base, " \t\n\\\"'`"):
		return fmt.Errorf("is not a package path: it contains a space, quote or backslash")
	case strings.HasPrefix(base, "/") || strings.HasSuffix(base, "/") || strings.Contains(base, "//"):
		return fmt.Errorf("is not a package path: empty path element")
	case strings.Contains(base, "..."):
		return fmt.Errorf("is not a package path: \"...\" is only allowed as the last element")
	case strings.HasPrefix(base, "."):
		return fmt.Errorf("is not a package path: relative paths are not allowed")
	}
	return nil
}

type settings struct {
	reportForce   bool
	clientOwner   bool
	forcePaths    []string
	forcePrefixes []string
}

func (s *settings) forceAllowed(path string) bool {
	for _, p := range s.forcePaths {
		if p == path {
			return true
		}
	}
	for _, p := range s.forcePrefixes {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}
