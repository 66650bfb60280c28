// Package directive defines the Analyzer that checks reconcilelint's own directives.
//
// # Analyzer directive
//
// directive: report malformed and unused reconcilelint directives
//
// A suppression that has outlived its finding hides the next real one on that line, and
// a suppression without a reason cannot be reviewed. The analyzer reports:
//   - //reconcilelint:ignore without a rule list or without a reason;
//   - an ignore directive that names an unknown rule;
//   - an ignore directive that suppresses nothing, when every rule it names is enabled;
//   - //reconcilelint:blocking outside the doc comment of a function declaration;
//   - an unknown //reconcilelint: verb.
//
// An ignore directive applies to findings on its own line and, when it stands alone on
// its line, to findings on the next line. Directives in test files, test-support
// packages (as defined in docs/analyzers.md) and generated files are not checked, since
// no rule reports there.
//
// Bad:
//
//	time.Sleep(time.Second) //reconcilelint:ignore sleep
//
// Good:
//
//	time.Sleep(time.Second) //reconcilelint:ignore sleep waits for the local socket, at most 1s
//
// A directive has no run-time consequence: it is a comment the Go compiler ignores, so
// the rule has no scenario in the reference runtime (docs/runtime.md).
package directive
