// Package pkg has a testdata directory with Go files that do not compile.
package pkg

// P is fine.
func P() {}
