// Package clean imports nothing broken: it is analysed.
package clean

// H does nothing.
func H() {}
