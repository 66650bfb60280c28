// Package tagged has files that the default build leaves out.
package tagged

// T is in every build.
func T() int { return t() }
