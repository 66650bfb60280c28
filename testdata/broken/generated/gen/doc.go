// Package gen holds a generated file of 50,000 lines, written by the test
// (internal/brokencorpus): it is not committed.
package gen
