// Package integration holds the integration tests of the custom golangci-lint (the
// main package in the parent directory): `make plugin-test` builds the binary and runs
// them. They are in their own package so that the test binary does not link
// golangci-lint again.
package integration
