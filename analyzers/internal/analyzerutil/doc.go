// Package analyzerutil holds what every reconcilelint rule shares: documentation
// extraction from doc.go, rule metadata, and the Reporter through which all diagnostics
// pass (it applies generated-file, test-file, test-support-package and
// //reconcilelint:ignore filtering).
package analyzerutil
