// Package bad does not type-check.
package bad

// N is a string assigned to an int.
var N int = "one"
