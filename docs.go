// Package reconcilelint is the root of the reconcilelint module. It embeds the generated
// rule documentation so that the binary can print it (reconcilelint explain RULE).
//
// The analyzers live in package analyzers; the binary in cmd/reconcilelint.
package reconcilelint

import "embed"

// RuleDocs holds docs/rules/RULE.md for every rule.
//
//go:embed docs/rules/*.md
var RuleDocs embed.FS
