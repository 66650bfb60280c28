// Package api is the module's one package that builds.
package api

// Kind is a kind.
type Kind string
