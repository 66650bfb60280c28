// Package good type-checks: it is analysed.
package good

// M is fine.
var M = 1
