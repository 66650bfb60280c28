// Package api is in module a.
package api

// V is a value.
const V = 1
