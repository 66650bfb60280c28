//go:build tools

// Package tools pins the programs the Makefile runs, as kubebuilder lays it out: go
// build skips it (the tools tag is never set), and so must reconcilelint.
package tools

import (
	_ "sigs.k8s.io/controller-tools/cmd/controller-gen"
)
