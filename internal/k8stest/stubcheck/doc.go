// Package stubcheck holds the test that keeps the third-party stubs under
// the main module's testdata/src faithful to the real packages pinned by
// this test-only module's go.mod.
//
// analysistest loads testdata/src as a GOPATH tree, so the stubs there are
// hand-written, minimal declarations. The test in this package type-checks
// every stub whose import path starts with a domain name, loads the real
// package of the same path from this module's dependency graph, and reports every
// exported declaration whose kind, type, type parameters, methods, fields or
// alias target differ from the real one. A stub may declare less than the
// real package, never something different.
package stubcheck
